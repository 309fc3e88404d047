#!/usr/bin/env node
// The codegen command. An installed package runs the compiled JavaScript in dist/ (built by
// `npm run build`, which `npm pack` runs first) with plain node. A checkout of the repository runs
// the TypeScript sources through tsx instead, so it needs no build step.
const { existsSync } = require("node:fs");
const { join } = require("node:path");

const sources = join(__dirname, "..", "codegen", "cli.ts");
let cli;
if (existsSync(sources)) {
  try {
    require("tsx/cjs");
  } catch {
    console.error("codegen: its dependencies are not installed; run `make generate` (or `npm ci`) first");
    process.exit(2);
  }
  cli = require(sources);
} else {
  cli = require("../dist/codegen/cli.js");
}
cli.main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(2);
  },
);
