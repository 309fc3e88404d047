// The precompiled meta-schema validators (codegen/schema/metavalidators/) are exactly what ajv
// makes from the vendored meta-schemas, and check as a validator compiled now does. `make bless`
// (UPDATE_GOLDEN=1) rewrites them.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ValidateFunction } from "ajv";
import { DRAFTS, META_SCHEMA_URI } from "../../codegen/schema/draft";
import { metaAjv, metaValidatorPath, metaValidatorSource } from "../../codegen/schema/metacompile";

const root = join(__dirname, "..", "..");
const bless = process.env.UPDATE_GOLDEN === "1";
if (bless && process.env.CI !== undefined && process.env.CI !== "") throw new Error("refusing to re-bless under CI");

describe("precompiled meta-schema validators", () => {
  for (const draft of DRAFTS) {
    test(`${draft}: ${metaValidatorPath(draft)} is what ajv compiles now`, () => {
      const file = join(root, metaValidatorPath(draft));
      const want = metaValidatorSource(draft);
      if (bless) writeFileSync(file, want);
      const have = readFileSync(file, "utf8");
      if (have !== want) throw new Error(`${metaValidatorPath(draft)} is stale: run \`make bless\``);
    });
  }

  const schemas: unknown[] = [
    JSON.parse(readFileSync(join(root, "schema/runner/frames.json"), "utf8")),
    { type: "strin", minLength: -1, properties: { a: 3 }, items: [{}], $defs: { x: { $dynamicRef: 4 } } },
    { definitions: { a: { allOf: [] } }, required: ["a", "a"], dependencies: { a: [1] }, exclusiveMinimum: true },
  ];
  for (const draft of DRAFTS) {
    test(`${draft}: the loaded validator gives the verdicts and errors of one compiled in process`, () => {
      const compiled = metaAjv(draft).getSchema(META_SCHEMA_URI[draft])!;
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const loaded = require(join(root, metaValidatorPath(draft))) as ValidateFunction;
      for (const s of schemas) expect([loaded(s), loaded.errors]).toEqual([compiled(s), compiled.errors]);
      expect(loaded(schemas[1])).toBe(false);
      expect(loaded(schemas[2])).toBe(false);
    });
  }
});
