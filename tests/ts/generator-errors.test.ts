// Bad schemas: the generator refuses them with the file, the JSON Pointer and what to do.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { main } from "../../codegen/cli";
import { SchemaError, SchemaErrors } from "../../codegen/errors";
import { protocolFromFiles } from "../../codegen/next/ir/load";

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

// One case per refusal site of the IR passes (codegen/next/ir): everything else generates (below).
const cases: [string, Record<string, string>, string, string, RegExp][] = [
  ["invalid JSON", { "a.json": "{\"$defs\": " }, "schema/p/a.json", "", /not valid JSON/],
  ["invalid against the meta-schema", { "a.json": file({ A: { type: "strin" } }) }, "schema/p/a.json", "/$defs/A/type", /draft 2020-12/],
  ["a likely misspelling", { "a.json": file({ A: { type: "string", minlength: 1 } }) }, "schema/p/a.json", "/$defs/A/minlength", /misspelling of "minLength"/],
  ["a remote $ref", { "a.json": file({ A: { $ref: "https://example.com/s.json" } }) }, "schema/p/a.json", "/$defs/A/$ref", /remote|network/],
  ["a $ref to a missing file", { "a.json": file({ A: { $ref: "b.json#/$defs/B" } }) }, "schema/p/a.json", "/$defs/A/$ref", /b\.json/],
  ["a $ref to nothing", { "a.json": file({ A: { $ref: "#/$defs/Nope" } }) }, "schema/p/a.json", "/$defs/A/$ref", /Nope/],
  ["a name the generated API takes", { "a.json": file({ DecodeError: { type: "string" } }) }, "schema/p/a.json", "/$defs/DecodeError", /generated code's own API/],
  ["an enum that would hide a JavaScript global", { "a.json": file({ Object: { enum: ["a", "b"] } }) }, "schema/p/a.json", "/$defs/Object", /JavaScript global/],
  ["an x-name that is no identifier", { "a.json": file({ A: { type: "string", "x-name": "a-b" } }) }, "schema/p/a.json", "/$defs/A/x-name", /PascalCase/],
  ["a non-portable pattern", { "a.json": file({ A: { type: "string", pattern: "^(?=a)" } }) }, "schema/p/a.json", "/$defs/A/pattern", /lookaround/],
  ["a binary Unicode property", { "a.json": file({ A: { type: "string", pattern: "\\p{Alphabetic}" } }) }, "schema/p/a.json", "/$defs/A/pattern", /Unicode property/],
  [
    "an x-discriminator that cannot decide",
    { "a.json": file({ U: { "x-discriminator": ["x"], oneOf: [{ $ref: "#/$defs/A" }, { $ref: "#/$defs/B" }] }, A: obj({ x: { type: "string" } }, { required: ["x"] }), B: obj({ x: { type: "integer" } }, { required: ["x"] }) }) },
    "schema/p/a.json", "/$defs/U", /trial decoding/,
  ],
  ["x-discriminator without a union", { "a.json": file({ A: { type: "object", "x-discriminator": ["x"] } }) }, "schema/p/a.json", "/$defs/A/x-discriminator", /belong on a oneOf/],
  [
    "an open union used inside another type",
    { "a.json": file({ E: { "x-open": true, "x-discriminator": ["t"], oneOf: [{ $ref: "#/$defs/A" }] }, A: obj({ t: { const: "a" } }, { required: ["t"] }), B: obj({ e: { $ref: "#/$defs/E" } }) }) },
    "schema/p/a.json", "/$defs/E", /only a whole document/,
  ],
  ["x-constant without const", { "a.json": file({ A: { "x-constant": true, type: "integer" } }) }, "schema/p/a.json", "/$defs/A", /needs a const/],
  ["a frame limit that is not a positive integer", { "a.json": file({ L: { "x-constant": "frame-limit", const: -1 } }) }, "schema/p/a.json", "/$defs/L", /positive integer/],
  ["x-result that is not a reference", { "a.json": file({ A: { type: "object", "x-result": true } }) }, "schema/p/a.json", "/$defs/A/x-result", /x-result must be/],
  ["x-frame on a non-definition", { "a.json": file({ A: obj({ b: { type: "object", "x-frame": true } }) }) }, "schema/p/a.json", "/$defs/A/properties/b/x-frame", /only on a definition/],
  ["x-secret that is not true", { "a.json": file({ A: { type: "string", "x-secret": 1 } }) }, "schema/p/a.json", "/$defs/A/x-secret", /x-secret must be true/],
  ["x-assert-format away from the root", { "a.json": file({ A: { type: "string", "x-assert-format": true } }) }, "schema/p/a.json", "/$defs/A/x-assert-format", /root of a schema file/],
  ["a multipleOf that is not positive", { "a.json": file({ A: { type: "number", multipleOf: 0 } }) }, "schema/p/a.json", "/$defs/A/multipleOf", /must be > 0/],
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
    writeFileSync(join(root, "schema/p/a.json"), file({ A: { type: "string", maxLenght: 3 } }));
    const errors: string[] = [];
    const spy = jest.spyOn(console, "error").mockImplementation((m: string) => void errors.push(m));
    const code = await main(["generate", "--root", root]);
    spy.mockRestore();
    expect(code).toBe(1);
    expect(errors.join("\n")).toContain("schema/p/a.json#/$defs/A/maxLenght");
    expect(readFileSync(join(root, "out/keep.txt"), "utf8")).toBe("untouched");
  });
});

// What real schemas do and the generator takes as published (each once refused).
const accepted: [string, Record<string, unknown>][] = [
  ["format as an annotation", { A: { type: "string", format: "email" } }],
  ["names the runtime uses internally", { Error: { type: "string" }, Obj: obj({}), Result: { type: "integer" }, Frame: obj({ a: { type: "string" } }) }],
  ["a recursive definition", { T: obj({ kids: { type: "array", items: { $ref: "#/$defs/T" } } }) }],
  ["a oneOf decided by its exact meaning", { U: { oneOf: [{ $ref: "#/$defs/A" }, { $ref: "#/$defs/B" }] }, A: obj({ x: { type: "string" } }, { required: ["x"] }), B: obj({ x: { type: "integer" } }, { required: ["x"] }) }],
  ["\\s in a pattern", { A: { type: "string", pattern: "^\\S+\\s*$" } }],
  ["two properties with one Go field name", { A: obj({ a_b: { type: "string" }, aB: { type: "string" } }) }],
  ["a fractional multipleOf", { A: { type: "number", multipleOf: 0.1 } }],
  ["a constraint of another type (a warning)", { A: { type: "string", minimum: 1 } }],
  ["unknown annotation keywords (a warning)", { A: { type: "string", markdownDescription: "x", "x-intellij-html-description": "y", _enum: [] } }],
];

describe("the generator takes real schemas' constructs", () => {
  it.each(accepted)("%s", (_name, defs) => {
    const p = protocolFromFiles("p", [{ path: "schema/p/a.json", text: file(defs) }]);
    for (const name of Object.keys(defs)) expect(p.decls.map((d) => d.name)).toContain(name);
  });
});
