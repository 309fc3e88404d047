// Per-draft tables of the schema layer: where subschemas sit (subschemas()), which keywords a draft
// defines (knownKeywords()), and RFC 3986 resolution of URI references (uri.ts).
import { knownKeywords, subschemas } from "../../codegen/schema/set";
import { resolveUri } from "../../codegen/schema/uri";

const positions = (node: unknown, draft: Parameters<typeof subschemas>[1]) =>
  subschemas(node, draft).map((s) => s.pointer);

describe("subschemas()", () => {
  it("lists one-schema, array and map keywords in the node's key order", () => {
    const node = { not: {}, allOf: [{}, {}], properties: { a: {}, "b/c": {} }, type: "object" };
    expect(positions(node, "draft2020-12")).toEqual([
      "/not",
      "/allOf/0",
      "/allOf/1",
      "/properties/a",
      "/properties/b~1c",
    ]);
    expect(subschemas(node, "draft2020-12")[0]).toEqual({ keyword: "not", pointer: "/not", node: {} });
  });

  it("draft-04: true and false are keyword values, not schemas", () => {
    expect(positions({ additionalProperties: false, items: {} }, "draft-04")).toEqual(["/items"]);
    expect(positions({ additionalProperties: false, items: {} }, "draft-06")).toEqual([
      "/additionalProperties",
      "/items",
    ]);
  });

  it("tuple items up to 2019-09; prefixItems and one-schema items in 2020-12", () => {
    const node = { items: [{}, true], additionalItems: {}, prefixItems: [{}] };
    expect(positions(node, "draft-07")).toEqual(["/items/0", "/items/1", "/additionalItems"]);
    expect(positions(node, "draft2019-09")).toEqual(["/items/0", "/items/1", "/additionalItems"]);
    expect(positions(node, "draft2020-12")).toEqual(["/prefixItems/0"]);
    expect(positions({ items: {} }, "draft2020-12")).toEqual(["/items"]);
  });

  it("dependencies: a schema member is a subschema, a list of names is not", () => {
    expect(positions({ dependencies: { a: ["b"], c: {} } }, "draft-07")).toEqual(["/dependencies/c"]);
  });

  it("keywords appear with their draft", () => {
    const node = { contains: {}, if: {}, $defs: { a: {} }, dependentSchemas: { b: {} }, unevaluatedProperties: false };
    expect(positions(node, "draft-04")).toEqual([]);
    expect(positions(node, "draft-06")).toEqual(["/contains"]);
    expect(positions(node, "draft-07")).toEqual(["/contains", "/if"]);
    expect(positions(node, "draft2019-09")).toEqual([
      "/contains",
      "/if",
      "/$defs/a",
      "/dependentSchemas/b",
      "/unevaluatedProperties",
    ]);
  });

  it("keeps definitions a schema map in 2019-09 and 2020-12 (their meta-schemas still read it)", () => {
    expect(positions({ definitions: { a: {} } }, "draft2020-12")).toEqual(["/definitions/a"]);
  });

  it("up to draft-07 a $ref hides every sibling; from 2019-09 the siblings are subschemas", () => {
    const node = { $ref: "#/x", properties: { a: {} }, definitions: { d: {} } };
    expect(positions(node, "draft-07")).toEqual([]);
    expect(positions(node, "draft-04")).toEqual([]);
    expect(positions(node, "draft2019-09")).toEqual(["/properties/a", "/definitions/d"]);
  });

  it("ignores unknown keywords, enum and const", () => {
    expect(positions({ "x-ext": { type: "string" }, enum: [{}], const: {}, default: {} }, "draft2020-12")).toEqual([]);
  });

  it("has no subschemas in a boolean schema or a non-schema", () => {
    expect(positions(true, "draft2020-12")).toEqual([]);
    expect(positions("str", "draft2020-12")).toEqual([]);
  });
});

describe("knownKeywords()", () => {
  it.each([
    ["draft-04", ["id", "exclusiveMaximum", "dependencies", "format"], ["$id", "const", "contains", "if"]],
    ["draft-06", ["$id", "const", "contains", "propertyNames", "examples"], ["id", "if", "$comment"]],
    ["draft-07", ["if", "then", "else", "$comment", "readOnly", "contentMediaType"], ["$defs", "$anchor"]],
    [
      "draft2019-09",
      ["$defs", "$anchor", "$recursiveRef", "unevaluatedItems", "dependentRequired", "items"],
      ["$dynamicRef", "prefixItems"],
    ],
    [
      "draft2020-12",
      ["prefixItems", "$dynamicRef", "$dynamicAnchor", "unevaluatedProperties", "contentSchema"],
      ["additionalItems", "$recursiveRef", "dependencies", "definitions"],
    ],
  ] as const)("%s", (draft, has, hasNot) => {
    const known = knownKeywords(draft);
    for (const k of has) expect([k, known.has(k)]).toEqual([k, true]);
    for (const k of hasNot) expect([k, known.has(k)]).toEqual([k, false]);
    for (const k of ["$schema", "$ref", "title", "description", "default", "type", "enum", "allOf", "not"]) {
      expect([k, known.has(k)]).toEqual([k, true]);
    }
  });
});

describe("URI references (RFC 3986 section 5.4)", () => {
  const base = "http://a/b/c/d;p?q";
  it.each([
    ["g", "http://a/b/c/g"],
    ["./g", "http://a/b/c/g"],
    ["g/", "http://a/b/c/g/"],
    ["/g", "http://a/g"],
    ["//g", "http://g/"],
    ["?y", "http://a/b/c/d;p?y"],
    ["#s", "http://a/b/c/d;p?q#s"],
    ["", "http://a/b/c/d;p?q"],
    ["../g", "http://a/b/g"],
    ["../../../g", "http://a/g"],
    ["g;x=1/../y", "http://a/b/c/y"],
  ])("%s", (ref, expected) => {
    expect(resolveUri(ref, base)).toBe(expected);
  });

  it("keeps URNs and file URIs as written", () => {
    expect(resolveUri("#/$defs/a", "urn:uuid:deadbeef-1234")).toBe("urn:uuid:deadbeef-1234#/$defs/a");
    expect(resolveUri("b.json", "file:///c:/folder/a.json")).toBe("file:///c:/folder/b.json");
  });

  it("normalizes case of scheme and host, and encodes what a URI cannot hold", () => {
    expect(resolveUri("HTTP://Example.COM", "file:///x")).toBe("http://example.com/");
    expect(resolveUri("a b.json", "https://e.com/x/")).toBe("https://e.com/x/a%20b.json");
  });
});
