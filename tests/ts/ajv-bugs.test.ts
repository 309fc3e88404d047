// The generator fuzzer does not ask ajv about schema sets where a known ajv bug applies
// (codegen/next/conformance/fuzz/ajv.ts AJV_BUGS). Each bug here: its example is one it applies to,
// ajv still gets the example wrong, and JSON Schema's verdict (the reference evaluator's) is the
// other one. When an ajv upgrade fixes a bug, its test fails: remove the exception then.
import { AJV_BUGS, AjvFiles } from "../../codegen/next/conformance/fuzz/ajv";
import type { Draft } from "../../codegen/next/ir/source";
import { SchemaSet } from "../../codegen/schema/set";
import { isValid } from "./helpers/evaluate";

const examples: Record<string, { draft: Draft; schema: object; pointer: string; input: string; valid: boolean }> = {
  "recursive-ref-against-the-definition": {
    draft: "draft2019-09",
    schema: {
      $schema: "https://json-schema.org/draft/2019-09/schema",
      $defs: {
        T: {
          type: "object",
          properties: { kids: { type: "array", items: { $recursiveRef: "#" } } },
          additionalProperties: false,
        },
      },
    },
    pointer: "/$defs/T",
    // "#" is the document's root, which takes anything: {"x": 1} is a valid kid
    input: '{"kids":[{"x":1}]}',
    valid: true,
  },
  "contains-true-beside-prefix-items": {
    draft: "draft2020-12",
    schema: {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      contains: true,
      prefixItems: [{ type: "string" }],
    },
    pointer: "",
    input: "[]",
    valid: false,
  },
  "contains-annotations-through-applicators": {
    draft: "draft2020-12",
    schema: {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      $defs: { A: { contains: {} } },
      oneOf: [{ $ref: "#/$defs/A" }],
      unevaluatedItems: false,
    },
    pointer: "",
    // the contains in the valid variant evaluates every item
    input: '["AOI",""]',
    valid: true,
  },
  "dynamic-anchor-below-a-resource-root": {
    // the JSON-Schema-Test-Suite's draft2020-12/dynamicRef.json, "A $dynamicRef to a $dynamicAnchor
    // in the same schema resource behaves like a normal $ref to an $anchor"
    draft: "draft2020-12",
    schema: {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      $id: "https://test.json-schema.org/dynamicRef-dynamicAnchor-same-schema/root",
      type: "array",
      items: { $dynamicRef: "#items" },
      $defs: { foo: { $dynamicAnchor: "items", type: "string" } },
    },
    pointer: "",
    input: '["foo","bar"]',
    valid: true,
  },
};

describe("known ajv bugs (the fuzzer's oracle exceptions)", () => {
  test("every bug has an example", () => {
    expect(AJV_BUGS.map((b) => b.id).sort()).toEqual(Object.keys(examples).sort());
  });
  for (const bug of AJV_BUGS) {
    test(bug.id, () => {
      const ex = examples[bug.id]!;
      const files = [{ path: "s.json", text: JSON.stringify(ex.schema, null, 1) }];
      expect(bug.applies(ex.draft, files)).toBe(true);
      const input = new TextEncoder().encode(ex.input);
      const skipped = new AjvFiles(ex.draft, files).check("s.json", ex.pointer, input);
      expect(skipped).toBeInstanceOf(Error);
      const asked = new AjvFiles(ex.draft, files, "ask").check("s.json", ex.pointer, input);
      if (asked instanceof Error) throw asked;
      expect(asked.valid).toBe(!ex.valid);
      const set = SchemaSet.load(files);
      expect(isValid(set, { file: "s.json", pointer: ex.pointer }, JSON.parse(ex.input))).toBe(ex.valid);
    });
  }
});
