#!/usr/bin/env node
// Runs the TypeScript CLI through tsx, so a fresh clone needs no build step.
try {
  require("tsx/cjs");
} catch {
  console.error("codegen: its dependencies are not installed; run `make generate` (or `npm ci`) first");
  process.exit(2);
}
require("../codegen/cli.ts").main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(2);
  },
);
