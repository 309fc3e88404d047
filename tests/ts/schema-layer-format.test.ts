// The schema layer's sources are formatted with the project's prettier options (codegen/format.ts).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import * as prettier from "prettier";
import { PRETTIER_OPTIONS } from "../../codegen/format";

const ROOT = join(__dirname, "../..");
// files.ts, meta.ts and resolve.ts belong to the current loader, which this layer replaces.
const LEGACY = new Set(["files.ts", "meta.ts", "resolve.ts"]);

const sources = [
  ...readdirSync(join(ROOT, "codegen/schema"))
    .filter((f) => f.endsWith(".ts") && !LEGACY.has(f))
    .map((f) => `codegen/schema/${f}`),
  ...readdirSync(__dirname)
    .filter((f) => f.startsWith("schema-layer"))
    .map((f) => `tests/ts/${f}`),
  ...["decimal.ts", "evaluate.ts", "suite.ts"].map((f) => `tests/ts/helpers/${f}`),
];

it.each(sources)("%s is prettier-formatted", async (path) => {
  expect(await prettier.check(readFileSync(join(ROOT, path), "utf8"), PRETTIER_OPTIONS)).toBe(true);
});
