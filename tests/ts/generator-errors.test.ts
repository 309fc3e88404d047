// Bad schemas: the generator refuses them with the file, the JSON Pointer and what to do.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { main } from "../../codegen/cli";
import { SchemaError, SchemaErrors } from "../../codegen/errors";
import { protocolFromFiles } from "../../codegen/ir/load";

const D = "https://json-schema.org/draft/2020-12/schema";
const file = (defs: Record<string, unknown>, extra: Record<string, unknown> = {}) => JSON.stringify({ $schema: D, $defs: defs, ...extra });

function refusal(files: Record<string, string>): SchemaError {
  try {
    protocolFromFiles("p", Object.entries(files).map(([name, text]) => ({ path: `schema/p/${name}`, text })));
  } catch (e) {
    if (e instanceof SchemaError) return e;
    if (e instanceof SchemaErrors) return e.errors[0]!;
    throw e;
  }
  throw new Error("the generator accepted the schema");
}

const obj = (props: Record<string, unknown>, more: Record<string, unknown> = {}) => ({ type: "object", properties: props, additionalProperties: false, ...more });

const cases: [string, Record<string, string>, string, string, RegExp][] = [
  ["invalid JSON", { "a.json": "{\"$defs\": " }, "schema/p/a.json", "", /not valid JSON/],
  ["invalid against the meta-schema", { "a.json": file({ A: { type: "strin" } }) }, "schema/p/a.json", "/$defs/A/type", /draft 2020-12/],
  ["an unsupported keyword", { "a.json": file({ A: { type: "string", format: "email" } }) }, "schema/p/a.json", "/$defs/A/format", /format/],
  ["an unknown keyword", { "a.json": file({ A: { type: "string", minlength: 1 } }) }, "schema/p/a.json", "/$defs/A/minlength", /unknown keyword/],
  ["a remote $ref", { "a.json": file({ A: { $ref: "https://example.com/s.json" } }) }, "schema/p/a.json", "/$defs/A/$ref", /remote/],
  ["a $ref to a missing file", { "a.json": file({ A: { $ref: "b.json#/$defs/B" } }) }, "schema/p/a.json", "/$defs/A/$ref", /not part of this protocol/],
  ["a $ref to nothing", { "a.json": file({ A: { $ref: "#/$defs/Nope" } }) }, "schema/p/a.json", "/$defs/A/$ref", /points at nothing/],
  ["a name collision between files", { "a.json": file({ A: { type: "string" } }), "b.json": file({ A: { type: "integer" } }) }, "schema/p/b.json", "/$defs/A", /also used by schema\/p\/a.json#\/\$defs\/A/],
  ["a reserved name", { "a.json": file({ Error: { type: "string" } }) }, "schema/p/a.json", "/$defs/Error", /reserved/],
  ["a Go field collision", { "a.json": file({ A: obj({ a_b: { type: "string" }, aB: { type: "string" } }) }) }, "schema/p/a.json", "/$defs/A/properties/aB", /Go field AB/],
  [
    "an undecidable oneOf",
    { "a.json": file({ U: { oneOf: [{ $ref: "#/$defs/A" }, { $ref: "#/$defs/B" }] }, A: obj({ x: { type: "string" } }, { required: ["x"] }), B: obj({ x: { type: "integer" } }, { required: ["x"] }) }) },
    "schema/p/a.json", "/$defs/U", /trial decoding/,
  ],
  ["a non-portable pattern", { "a.json": file({ A: { type: "string", pattern: "^(?=a)" } }) }, "schema/p/a.json", "/$defs/A/pattern", /lookaround/],
  ["\\s in a pattern", { "a.json": file({ A: { type: "string", pattern: "\\s" } }) }, "schema/p/a.json", "/$defs/A/pattern", /Unicode spaces/],
  ["a recursive definition", { "a.json": file({ T: obj({ kids: { type: "array", items: { $ref: "#/$defs/T" } } }) }) }, "schema/p/a.json", "/$defs/T", /recursive/],
  ["a required property that is not declared", { "a.json": file({ A: obj({}, { required: ["x"] }) }) }, "schema/p/a.json", "/$defs/A/required", /not declared/],
  ["a constraint of another type", { "a.json": file({ A: { type: "string", minimum: 1 } }) }, "schema/p/a.json", "/$defs/A/minimum", /no effect/],
  ["a fractional multipleOf", { "a.json": file({ A: { type: "number", multipleOf: 0.1 } }) }, "schema/p/a.json", "/$defs/A/multipleOf", /whole number/],
];

describe("the generator refuses bad schemas", () => {
  it.each(cases)("%s", (_name, files, path, pointer, problem) => {
    const e = refusal(files);
    expect(e.file).toBe(path);
    expect(e.pointer).toBe(pointer);
    expect(e.message).toMatch(problem);
    expect(e.hint.length).toBeGreaterThan(10);
    expect(e.message).toContain("what to do:");
  });
});

describe("codegen generate on a bad schema", () => {
  it("exits 1, names the file and pointer, and writes nothing", async () => {
    const root = mkdtempSync(join(tmpdir(), "codegen-bad-"));
    mkdirSync(join(root, "schema/p"), { recursive: true });
    mkdirSync(join(root, "out"), { recursive: true });
    writeFileSync(join(root, "out/keep.txt"), "untouched");
    writeFileSync(join(root, "schema/p/a.json"), file({ A: { type: "string", format: "email" } }));
    const errors: string[] = [];
    const spy = jest.spyOn(console, "error").mockImplementation((m: string) => void errors.push(m));
    const code = await main(["generate", "--root", root]);
    spy.mockRestore();
    expect(code).toBe(1);
    expect(errors.join("\n")).toContain("schema/p/a.json#/$defs/A/format");
    expect(readFileSync(join(root, "out/keep.txt"), "utf8")).toBe("untouched");
  });
});
