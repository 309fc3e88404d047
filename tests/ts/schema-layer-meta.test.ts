// checkMetaSchemas(): every file (and embedded resource with its own "$schema") against the
// meta-schema of its own draft, with every error at the file and pointer where it was written.
import { checkMetaSchemas } from "../../codegen/schema/metacheck";
import { SchemaSet } from "../../codegen/schema/set";
import { SUITE_DRAFTS, suiteCases, suiteRemotes } from "./helpers/suite";

const D04 = "http://json-schema.org/draft-04/schema#";
const D06 = "http://json-schema.org/draft-06/schema#";
const D07 = "http://json-schema.org/draft-07/schema#";
const D2019 = "https://json-schema.org/draft/2019-09/schema";
const D2020 = "https://json-schema.org/draft/2020-12/schema";

function check(files: Record<string, unknown>): string[] {
  const set = SchemaSet.load(Object.entries(files).map(([path, v]) => ({ path, text: JSON.stringify(v) })));
  return checkMetaSchemas(set).map((e) => `${e.file}#${e.pointer}: ${e.problem} | ${e.hint}`);
}

describe("checkMetaSchemas()", () => {
  it("accepts a valid file", () => {
    expect(
      check({ "s/a.json": { $schema: D2020, type: "object", properties: { a: { type: ["string", "null"] } } } }),
    ).toEqual([]);
  });

  it.each([D04, D06, D07, D2019])("accepts tuple items and additionalItems under %s", (draft) => {
    expect(
      check({
        "s/a.json": { $schema: draft, items: [{ type: "string" }, { type: "integer" }], additionalItems: false },
      }),
    ).toEqual([]);
  });

  it("refuses tuple items under 2020-12, pointing to prefixItems", () => {
    expect(check({ "s/a.json": { items: [{ type: "string" }] } })).toEqual([
      's/a.json#/items: not a valid draft 2020-12 schema: "items" must be an object or a boolean | write the tuple as "prefixItems" (draft 2020-12), or declare the draft the schema was written for in "$schema"',
    ]);
  });

  it("accepts draft-04's boolean exclusiveMinimum, refuses it from draft-06 on", () => {
    expect(check({ "s/a.json": { $schema: D04, minimum: 0, exclusiveMinimum: true } })).toEqual([]);
    expect(check({ "s/a.json": { $schema: D06, minimum: 0, exclusiveMinimum: true } })).toEqual([
      's/a.json#/exclusiveMinimum: not a valid draft-06 schema: "exclusiveMinimum" must be a number | write a number here',
    ]);
  });

  it("reports every error of every file, sorted by pointer", () => {
    expect(
      check({
        "s/a.json": { type: "strin", minLength: -1, properties: { p: 5 } },
        "s/b.json": { $schema: D07, required: "x", items: { $ref: 5 } },
      }),
    ).toEqual([
      's/a.json#/minLength: not a valid draft 2020-12 schema: "minLength" must be >= 0 | use a number >= 0',
      's/a.json#/properties/p: not a valid draft 2020-12 schema: the member "p" of "properties" must be an object or a boolean | write an object or a boolean here',
      's/a.json#/type: not a valid draft 2020-12 schema: "type" must be one of "array", "boolean", "integer", "null", "number", "object", "string"; or must be an array | write one of "array", "boolean", "integer", "null", "number", "object", "string"; or an array',
      's/b.json#/items/$ref: not a valid draft-07 schema: "$ref" must be a string | write a string here',
      's/b.json#/required: not a valid draft-07 schema: "required" must be an array | write an array here',
    ]);
  });

  it("points into the value when one branch of the meta-schema's anyOf fits it", () => {
    expect(check({ "s/a.json": { type: ["string", "text"] } })).toEqual([
      's/a.json#/type/1: not a valid draft 2020-12 schema: item 1 of "type" must be one of "array", "boolean", "integer", "null", "number", "object", "string" | use one of "array", "boolean", "integer", "null", "number", "object", "string"',
    ]);
  });

  it("reports a missing companion keyword where the keyword is written", () => {
    expect(check({ "s/a.json": { $schema: D04, properties: { n: { exclusiveMaximum: true } } } })).toEqual([
      's/a.json#/properties/n/exclusiveMaximum: not a valid draft-04 schema: "exclusiveMaximum" needs "maximum" beside it | add "maximum" next to it, or remove it',
    ]);
  });

  it("checks an embedded resource with its own $schema against its own draft", () => {
    const embedded = {
      $id: "https://e.com/old",
      $schema: D04,
      id: "https://e.com/old",
      minimum: 0,
      exclusiveMinimum: true,
    };
    expect(check({ "s/a.json": { $defs: { old: embedded } } })).toEqual([]);
    expect(check({ "s/a.json": { $defs: { old: { ...embedded, type: "int" } }, minLength: "1" } })).toEqual([
      's/a.json#/$defs/old/type: not a valid draft-04 schema: "type" must be one of "array", "boolean", "integer", "null", "number", "object", "string"; or must be an array | write one of "array", "boolean", "integer", "null", "number", "object", "string"; or an array',
      's/a.json#/minLength: not a valid draft 2020-12 schema: "minLength" must be an integer | write an integer here',
    ]);
  });

  it("checks a subschema whose $schema is ignored (no resource) as part of its file", () => {
    expect(check({ "s/a.json": { $defs: { x: { $schema: D04, exclusiveMinimum: true, minimum: 0 } } } })).toEqual([
      's/a.json#/$defs/x/exclusiveMinimum: not a valid draft 2020-12 schema: "exclusiveMinimum" must be a number | write a number here',
    ]);
  });
});

describe("every schema of the JSON-Schema-Test-Suite passes its own draft's meta-schema", () => {
  it.each(SUITE_DRAFTS)("$folder", ({ folder, draft }) => {
    const failures: string[] = [];
    for (const c of suiteCases(folder)) {
      const path = `suite/${folder}/${c.file.replace(/\.json$/, "")}/${c.index}.json`;
      const set = SchemaSet.load([{ path, text: JSON.stringify(c.schema) }], {
        external: suiteRemotes(),
        defaultDraft: draft,
      });
      failures.push(...checkMetaSchemas(set).map((e) => `${c.file} / ${c.description}: ${e.message}`));
    }
    expect(failures).toEqual([]);
  });
});
