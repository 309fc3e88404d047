#!/usr/bin/env node
// The codegen command. An installed package runs the compiled JavaScript in dist/ (built by
// `npm run build`, which `npm pack` runs first) with plain node. A checkout of the repository runs
// its TypeScript sources (bin/from-sources.cjs), so it needs no build step.
const { existsSync } = require("node:fs");
const { join } = require("node:path");

const args = process.argv.slice(2);
const fromSources = existsSync(join(__dirname, "..", "codegen", "cli.ts"));
if (fromSources && !existsSync(join(__dirname, "..", "node_modules", "tsx"))) {
  console.error("codegen: its dependencies are not installed; run `make generate` (or `npm ci`) first");
  process.exit(2);
}
const cli = fromSources
  ? require("./from-sources.cjs").loadCli(args)
  : Promise.resolve(require("../dist/codegen/cli.js"));
cli
  .then((c) => c.main(args))
  .then(
    (code) => process.exit(code),
    (err) => {
      console.error(err instanceof Error ? err.message : String(err));
      process.exit(2);
    },
  );
