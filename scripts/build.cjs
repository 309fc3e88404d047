#!/usr/bin/env node
// `npm run build` (and so `npm pack`, through prepack): compiles the CLI to dist/ with the pinned
// typescript and copies the files the emitters read at run time (the TypeScript runtime's source and
// the Go runtime's non-test files), the vendored meta-schemas (read on first use) and their
// precompiled validators (already JavaScript).
// The installed package runs dist/ with plain node: no tsx, no devDependencies. In a checkout, bin/codegen.cjs runs the sources instead and dist/ is not used.
const { cpSync, mkdirSync, readdirSync, rmSync } = require("node:fs");
const { execFileSync } = require("node:child_process");
const { join } = require("node:path");

const root = join(__dirname, "..");
const dist = join(root, "dist");
rmSync(dist, { recursive: true, force: true });
execFileSync(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", join(root, "tsconfig.build.json")], { stdio: "inherit", cwd: root });
cpSync(join(root, "codegen/next/ts/runtime.ts"), join(dist, "codegen/next/ts/runtime.ts"));
for (const dir of ["codegen/schema/meta", "codegen/schema/metavalidators"]) cpSync(join(root, dir), join(dist, dir), { recursive: true });
mkdirSync(join(dist, "codegen/go/runtime"), { recursive: true });
for (const name of readdirSync(join(root, "codegen/go/runtime"))) {
  if (name.endsWith(".go") && !name.endsWith("_test.go")) cpSync(join(root, "codegen/go/runtime", name), join(dist, "codegen/go/runtime", name));
}
console.log("build: dist/ ready");
