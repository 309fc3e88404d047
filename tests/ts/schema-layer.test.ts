// The schema layer (codegen/schema/set.ts): drafts, base URIs, resources and $ref resolution, one
// small case per rule.
import { SchemaError, SchemaErrors } from "../../codegen/errors";
import { SchemaSet, type Location, type LoadOptions } from "../../codegen/schema/set";

/** Loads files given as path -> JSON value. */
function load(files: Record<string, unknown>, options?: LoadOptions): SchemaSet {
  return SchemaSet.load(
    Object.entries(files).map(([path, value]) => ({ path, text: JSON.stringify(value) })),
    options,
  );
}

/** The errors a load reports, as "file#pointer: problem". */
function errorsOf(run: () => unknown): string[] {
  try {
    run();
  } catch (e) {
    if (e instanceof SchemaErrors) return e.errors.map((x) => `${x.file}#${x.pointer}: ${x.problem}`);
    throw e;
  }
  return [];
}

const loadErrors = (files: Record<string, unknown>, options?: LoadOptions) => errorsOf(() => load(files, options));

function firstError(files: Record<string, unknown>): SchemaError {
  try {
    load(files);
  } catch (e) {
    if (e instanceof SchemaErrors) return e.errors[0]!;
    throw e;
  }
  throw new Error("no error");
}

const at = (file: string, pointer = ""): Location => ({ file, pointer });
const A = "s/a.json";
const B = "s/b.json";

describe("drafts chosen by $schema", () => {
  it.each([
    ["http://json-schema.org/draft-04/schema#", "draft-04"],
    ["http://json-schema.org/draft-04/schema", "draft-04"],
    ["https://json-schema.org/draft-04/schema#", "draft-04"],
    ["http://json-schema.org/draft-06/schema#", "draft-06"],
    ["https://json-schema.org/draft-06/schema", "draft-06"],
    ["http://json-schema.org/draft-07/schema#", "draft-07"],
    ["https://json-schema.org/draft-07/schema#", "draft-07"],
    ["https://json-schema.org/draft/2019-09/schema", "draft2019-09"],
    ["https://json-schema.org/draft/2019-09/schema#", "draft2019-09"],
    ["https://json-schema.org/draft/2020-12/schema", "draft2020-12"],
    ["https://json-schema.org/draft/2020-12/schema#", "draft2020-12"],
  ])("%s is %s", (uri, draft) => {
    const set = load({ [A]: { $schema: uri } });
    expect(set.draft(at(A))).toBe(draft);
    expect(set.files[0]!.draft).toBe(draft);
  });

  it("is draft 2020-12 without $schema", () => {
    expect(load({ [A]: { type: "string" } }).draft(at(A, "/type"))).toBe("draft2020-12");
    expect(load({ [A]: true }).draft(at(A))).toBe("draft2020-12");
  });

  it("takes the default draft from the options", () => {
    expect(load({ [A]: {} }, { defaultDraft: "draft-07" }).draft(at(A))).toBe("draft-07");
  });

  it("refuses an unknown $schema with the file, /$schema and the supported URIs", () => {
    const e = firstError({ [A]: { $schema: "http://json-schema.org/draft-03/schema#" } });
    expect([e.file, e.pointer]).toEqual([A, "/$schema"]);
    expect(e.problem).toContain('unknown "$schema" "http://json-schema.org/draft-03/schema#"');
    expect(e.hint).toContain("http://json-schema.org/draft-07/schema#");
    expect(e.hint).toContain("https://json-schema.org/draft/2020-12/schema");
  });

  it("switches draft at an embedded resource with its own $schema", () => {
    const set = load({
      [A]: {
        $defs: {
          old: { $id: "old.json", $schema: "http://json-schema.org/draft-07/schema#", items: [{ type: "string" }] },
          four: { id: "four.json", $schema: "http://json-schema.org/draft-04/schema#" },
        },
      },
    });
    expect(set.draft(at(A, "/$defs/old"))).toBe("draft-07");
    expect(set.draft(at(A, "/$defs/old/items/0"))).toBe("draft-07");
    expect(set.draft(at(A, "/$defs/four"))).toBe("draft-04");
    expect(set.draft(at(A, "/$defs"))).toBe("draft2020-12");
  });

  it("ignores $schema in a subschema that is no resource", () => {
    const set = load({ [A]: { $defs: { x: { $schema: "http://json-schema.org/draft-07/schema#" } } } });
    expect(set.draft(at(A, "/$defs/x"))).toBe("draft2020-12");
  });

  it("reads a custom meta-schema of the protocol: its draft, and the vocabularies it keeps", () => {
    const set = load({
      "s/meta.json": {
        $schema: "https://json-schema.org/draft/2020-12/schema",
        $id: "https://example.com/meta",
        $vocabulary: {
          "https://json-schema.org/draft/2020-12/vocab/core": true,
          "https://json-schema.org/draft/2020-12/vocab/applicator": true,
        },
      },
      [A]: { $schema: "https://example.com/meta", minimum: 1 },
    });
    expect(set.draft(at(A))).toBe("draft2020-12");
    expect(set.keywords(at(A)).has("properties")).toBe(true);
    expect(set.keywords(at(A)).has("minimum")).toBe(false);
  });

  it("refuses a meta-schema that requires an unknown vocabulary", () => {
    const errors = loadErrors({
      "s/meta.json": {
        $schema: "https://json-schema.org/draft/2020-12/schema",
        $id: "https://example.com/meta",
        $vocabulary: { "https://json-schema.org/draft/2020-12/vocab/core": true, "https://example.com/vocab/x": true },
      },
      [A]: { $schema: "https://example.com/meta" },
    });
    expect(errors).toEqual([
      expect.stringContaining(`${A}#/$schema: the meta-schema "https://example.com/meta" requires`),
    ]);
  });
});

describe("base URIs and resources", () => {
  it("gives a file without $id a stable URI from its path", () => {
    expect(load({ [A]: {} }).baseUri(at(A))).toBe("file:///s/a.json");
  });

  it("takes the base from a root $id, and resolves a relative $id against the enclosing base", () => {
    const set = load({
      [A]: { $id: "https://example.com/root/a.json", $defs: { x: { $id: "x/", $defs: { y: { $id: "y.json" } } } } },
    });
    expect(set.baseUri(at(A))).toBe("https://example.com/root/a.json");
    expect(set.baseUri(at(A, "/$defs/x"))).toBe("https://example.com/root/x/");
    expect(set.baseUri(at(A, "/$defs/x/$defs/y"))).toBe("https://example.com/root/x/y.json");
    expect(set.resource(at(A, "/$defs/x/$defs/y/properties"))).toEqual(at(A, "/$defs/x/$defs/y"));
    expect(set.resource(at(A, "/$defs"))).toEqual(at(A));
  });

  it('uses "id" in draft-04 and "$id" from draft-06 on', () => {
    const four = load({
      [A]: { $schema: "http://json-schema.org/draft-04/schema#", id: "https://e.com/4", $id: "https://e.com/x" },
    });
    expect(four.baseUri(at(A))).toBe("https://e.com/4");
    const six = load({
      [A]: { $schema: "http://json-schema.org/draft-06/schema#", id: "https://e.com/4", $id: "https://e.com/6" },
    });
    expect(six.baseUri(at(A))).toBe("https://e.com/6");
    expect(load({ [A]: { id: "https://e.com/4" } }).baseUri(at(A))).toBe("file:///s/a.json");
  });

  it("draft-07: a $ref makes a sibling $id no identifier", () => {
    const set = load({
      [A]: {
        $schema: "http://json-schema.org/draft-07/schema#",
        $id: "https://e.com/root/",
        allOf: [{ $id: "https://e.com/other/", $ref: "#/definitions/x" }],
        definitions: { x: {} },
      },
    });
    expect(set.baseUri(at(A, "/allOf/0"))).toBe("https://e.com/root/");
    expect(set.resource(at(A, "/allOf/0"))).toEqual(at(A));
  });

  it("draft-07: a $ref makes sibling definitions no subschemas, so an $id there identifies nothing", () => {
    const errors = loadErrors({
      [A]: {
        $schema: "http://json-schema.org/draft-07/schema#",
        properties: {
          p: { $ref: "https://e.com/hidden" },
          q: { $ref: "#/definitions/x", definitions: { h: { $id: "https://e.com/hidden" } } },
        },
        definitions: { x: {} },
      },
    });
    expect(errors).toEqual([
      expect.stringContaining(`${A}#/properties/p/$ref: $ref "https://e.com/hidden" names a schema outside`),
    ]);
  });

  it("2019-09: $id next to $ref counts, and the $ref resolves against it", () => {
    const set = load({
      [A]: {
        $schema: "https://json-schema.org/draft/2019-09/schema",
        $id: "https://e.com/root/",
        allOf: [{ $id: "https://e.com/other/", $ref: "int.json" }],
        $defs: { int: { $id: "https://e.com/other/int.json" } },
      },
    });
    expect(set.baseUri(at(A, "/allOf/0"))).toBe("https://e.com/other/");
    expect(set.resolve("int.json", at(A, "/allOf/0"))).toEqual(at(A, "/$defs/int"));
  });

  it("an $id inside enum, const or an unknown keyword is plain data", () => {
    const set = load({
      [A]: {
        enum: [{ $id: "https://e.com/enum" }],
        const: { $id: "https://e.com/const" },
        "x-extra": { $id: "https://e.com/unknown" },
      },
    });
    expect(set.resourceRoots(A)).toEqual([at(A)]);
    expect(() => set.resolve("https://e.com/unknown", at(A))).toThrow(SchemaError);
  });

  it("a location the walk did not index takes the state of its nearest indexed ancestor", () => {
    const set = load({ [A]: { $id: "https://e.com/a", "x-extra": { $id: "https://e.com/b", nested: {} } } });
    expect(set.baseUri(at(A, "/x-extra/nested"))).toBe("https://e.com/a");
  });
});

describe("$ref resolution", () => {
  it("follows JSON Pointer fragments with ~0, ~1, percent-encoding and empty tokens", () => {
    const set = load({ [A]: { $defs: { "a/b": {}, "t~e": {}, 'q"r': {}, "%25": {}, "": { $defs: { "": {} } } } } });
    expect(set.resolve("#/$defs/a~1b", at(A))).toEqual(at(A, "/$defs/a~1b"));
    expect(set.resolve("#/$defs/t~0e", at(A))).toEqual(at(A, "/$defs/t~0e"));
    expect(set.resolve("#/$defs/q%22r", at(A))).toEqual(at(A, '/$defs/q"r'));
    expect(set.resolve("#/$defs/%2525", at(A))).toEqual(at(A, "/$defs/%25"));
    expect(set.resolve("#/$defs//$defs/", at(A))).toEqual(at(A, "/$defs//$defs/"));
    expect(set.resolve("#", at(A, "/$defs/a~1b"))).toEqual(at(A));
  });

  it("finds $anchor (2019-09 on) within the resource", () => {
    const set = load({
      [A]: {
        $id: "https://e.com/a",
        $defs: { x: { $anchor: "foo" }, r: { $id: "r", $defs: { y: { $anchor: "foo" } } } },
      },
    });
    expect(set.resolve("#foo", at(A))).toEqual(at(A, "/$defs/x"));
    expect(set.resolve("r#foo", at(A))).toEqual(at(A, "/$defs/r/$defs/y"));
    expect(set.resolve("#foo", at(A, "/$defs/r"))).toEqual(at(A, "/$defs/r/$defs/y"));
  });

  it('finds plain-name fragments of "$id" (draft-06/07) and "id" (draft-04)', () => {
    const seven = load({
      [A]: { $schema: "http://json-schema.org/draft-07/schema#", definitions: { x: { $id: "#foo" } } },
    });
    expect(seven.resolve("#foo", at(A))).toEqual(at(A, "/definitions/x"));
    expect(seven.resource(at(A, "/definitions/x"))).toEqual(at(A));
    const four = load({
      [A]: { $schema: "http://json-schema.org/draft-04/schema#", definitions: { x: { id: "#foo" } } },
    });
    expect(four.resolve("#foo", at(A))).toEqual(at(A, "/definitions/x"));
  });

  it("draft-07 has no $anchor", () => {
    const errors = loadErrors({
      [A]: {
        $schema: "http://json-schema.org/draft-07/schema#",
        definitions: { x: { $anchor: "foo" } },
        items: { $ref: "#foo" },
      },
    });
    expect(errors).toEqual([
      expect.stringContaining(`${A}#/items/$ref: $ref "#foo": the schema file:///s/a.json has no anchor "foo"`),
    ]);
  });

  it("refers between the files of one protocol by relative file name", () => {
    const set = load({
      [A]: { $ref: "b.json#/$defs/x" },
      [B]: { $defs: { x: {} } },
      "s/sub/c.json": { $ref: "../a.json" },
    });
    expect(set.resolve("b.json#/$defs/x", at(A))).toEqual(at(B, "/$defs/x"));
    expect(set.resolve("../a.json", at("s/sub/c.json"))).toEqual(at(A));
  });

  it("refers between files by their $id, absolute or relative to the referring file's $id", () => {
    const set = load({
      [A]: {
        $id: "https://e.com/schemas/a.json",
        $defs: { x: { $ref: "b.json" }, y: { $ref: "https://e.com/schemas/b.json#/$defs/z" } },
      },
      [B]: { $id: "https://e.com/schemas/b.json", $defs: { z: {} } },
    });
    expect(set.resolve("b.json", at(A, "/$defs/x"))).toEqual(at(B));
    expect(set.resolve("https://e.com/schemas/b.json#/$defs/z", at(A, "/$defs/y"))).toEqual(at(B, "/$defs/z"));
  });

  it("finds a sibling file by name even when the referring file's $id names another place", () => {
    const set = load({ [A]: { $id: "https://e.com/a.json", $ref: "b.json" }, [B]: { type: "string" } });
    expect(set.resolve("b.json", at(A))).toEqual(at(B));
  });

  it("resolves URNs, with pointer and anchor fragments", () => {
    const urn = "urn:uuid:deadbeef-1234-ffff-ffff-4321feebdaed";
    const set = load({ [A]: { $id: urn, $defs: { bar: { $anchor: "something" } } } });
    expect(set.baseUri(at(A))).toBe(urn);
    expect(set.resolve(`${urn}#/$defs/bar`, at(A))).toEqual(at(A, "/$defs/bar"));
    expect(set.resolve(`${urn}#something`, at(A))).toEqual(at(A, "/$defs/bar"));
    expect(set.resolve("#/$defs/bar", at(A))).toEqual(at(A, "/$defs/bar"));
  });

  it("resolves a pointer fragment relative to the resource it names", () => {
    const set = load({ [A]: { $id: "https://e.com/a", $defs: { r: { $id: "https://e.com/r", $defs: { x: {} } } } } });
    expect(set.resolve("https://e.com/r#/$defs/x", at(A))).toEqual(at(A, "/$defs/r/$defs/x"));
  });

  it("reports every bad reference at once, each at the pointer of its $ref", () => {
    const errors = loadErrors({
      [A]: { properties: { p: { $ref: "#/$defs/missing" }, q: { $ref: "missing.json" } } },
      [B]: { items: { $ref: "#nowhere" } },
    });
    expect(errors).toEqual([
      `${A}#/properties/p/$ref: $ref "#/$defs/missing" points at nothing: ${A} has no /$defs/missing`,
      `${A}#/properties/q/$ref: $ref "missing.json" names s/missing.json, which is not a file of this protocol`,
      `${B}#/items/$ref: $ref "#nowhere": the schema file:///s/b.json has no anchor "nowhere"`,
    ]);
  });

  it("refuses a $ref to a value that is not a schema", () => {
    expect(
      loadErrors({ [A]: { $defs: { n: 5, l: [] }, items: { $ref: "#/$defs/n" }, not: { $ref: "#/$defs/l" } } }),
    ).toEqual([
      `${A}#/items/$ref: $ref "#/$defs/n" points at the number 5, which is not a schema`,
      `${A}#/not/$ref: $ref "#/$defs/l" points at an array, which is not a schema`,
    ]);
  });

  it('suggests the missing "/" of a JSON Pointer fragment', () => {
    expect(firstError({ [A]: { $defs: { x: {} }, items: { $ref: "#$defs/x" } } }).hint).toBe(
      'a JSON Pointer fragment starts with "/": write "#/$defs/x"',
    );
  });

  it("refuses a remote $ref, never fetching it", () => {
    const e = firstError({ [A]: { properties: { p: { $ref: "https://example.com/thing.json#/x" } } } });
    expect([e.file, e.pointer]).toEqual([A, "/properties/p/$ref"]);
    expect(e.problem).toContain("names a schema outside this protocol (https://example.com/thing.json)");
    expect(e.hint).toMatch(/^copy the definition into a file of this protocol, or /);
  });

  it("refuses two schemas with one $id, and two anchors with one name", () => {
    expect(loadErrors({ [A]: { $id: "https://e.com/x" }, [B]: { $id: "https://e.com/x" } })).toEqual([
      `${B}#/$id: "https://e.com/x" identifies two schemas: this one and ${A}#`,
    ]);
    expect(loadErrors({ [A]: { $defs: { x: { $anchor: "n" }, y: { $anchor: "n" } } } })).toEqual([
      `${A}#/$defs/y/$anchor: the anchor "n" names two schemas of one resource: this one and ${A}#/$defs/x`,
    ]);
  });

  it("refuses an $id with a fragment from 2019-09 on", () => {
    expect(loadErrors({ [A]: { $defs: { x: { $id: "https://e.com/x#frag" } } } })).toEqual([
      `${A}#/$defs/x/$id: "$id" "https://e.com/x#frag" has a fragment, which draft 2020-12 does not allow`,
    ]);
  });

  it("refuses a file that is not JSON", () => {
    expect(errorsOf(() => SchemaSet.load([{ path: A, text: "{" }]))).toEqual([
      expect.stringMatching(/^s\/a\.json#: not valid JSON/),
    ]);
  });
});

describe("external schemas", () => {
  it.each([
    ["https://json-schema.org/draft/2020-12/schema", "codegen/schema/meta/draft2020-12/schema.json"],
    ["https://json-schema.org/draft/2020-12/meta/applicator", "codegen/schema/meta/draft2020-12/meta/applicator.json"],
    ["https://json-schema.org/draft/2019-09/schema", "codegen/schema/meta/draft2019-09/schema.json"],
    ["http://json-schema.org/draft-07/schema#", "codegen/schema/meta/draft-07/schema.json"],
    ["https://json-schema.org/draft-07/schema#", "codegen/schema/meta/draft-07/schema.json"],
    ["http://json-schema.org/draft-06/schema#", "codegen/schema/meta/draft-06/schema.json"],
    ["http://json-schema.org/draft-04/schema#", "codegen/schema/meta/draft-04/schema.json"],
  ])("has the meta-schema %s vendored", (uri, path) => {
    const set = load({ [A]: { $ref: uri } });
    expect(set.resolve(uri, at(A))).toEqual(at(path));
    expect(set.externals.map((e) => e.path)).toContain(path);
  });

  it("loads the vocabulary meta-schemas a meta-schema refers to", () => {
    const set = load({ [A]: { $ref: "https://json-schema.org/draft/2020-12/schema" } });
    expect(set.externals.map((e) => e.uri)).toContain("https://json-schema.org/draft/2020-12/meta/validation");
    expect(set.resolve("meta/core", at("codegen/schema/meta/draft2020-12/schema.json", "/allOf/0"))).toEqual(
      at("codegen/schema/meta/draft2020-12/meta/core.json"),
    );
  });

  it("lets a file of the protocol that carries a meta-schema's $id stand for it", () => {
    const own = { $id: "http://json-schema.org/draft-07/schema#", $schema: "http://json-schema.org/draft-07/schema#" };
    const set = load({
      "s/meta.json": own,
      [A]: {
        allOf: [
          { $ref: "http://json-schema.org/draft-07/schema#" },
          { $ref: "https://json-schema.org/draft-07/schema#" },
        ],
      },
    });
    expect(set.resolve("http://json-schema.org/draft-07/schema#", at(A, "/allOf/0"))).toEqual(at("s/meta.json"));
    expect(set.resolve("https://json-schema.org/draft-07/schema#", at(A, "/allOf/1"))).toEqual(at("s/meta.json"));
    expect(set.externals).toEqual([]);
  });

  it("serves mapped folders under their URI prefix, and nothing else", () => {
    const external = [
      {
        uri: "http://localhost:1234/",
        folder: "vendor/remotes",
        files: [{ path: "vendor/remotes/sub/int.json", text: '{"type":"integer"}' }],
      },
    ];
    const set = load({ [A]: { $ref: "http://localhost:1234/sub/int.json" } }, { external });
    expect(set.resolve("http://localhost:1234/sub/int.json", at(A))).toEqual(at("vendor/remotes/sub/int.json"));
    expect(set.externals.map((e) => [e.path, e.uri])).toEqual([
      ["vendor/remotes/sub/int.json", "http://localhost:1234/sub/int.json"],
    ]);
    expect(loadErrors({ [A]: { $ref: "http://localhost:1234/other.json" } }, { external })).toEqual([
      expect.stringContaining("names a schema outside this protocol (http://localhost:1234/other.json)"),
    ]);
  });
});

describe("dynamic references", () => {
  const tree = {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: "https://e.com/tree",
    $dynamicAnchor: "node",
    properties: { children: { items: { $dynamicRef: "#node" } } },
  };
  const strict = {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: "https://e.com/strict-tree",
    $dynamicAnchor: "node",
    $ref: "tree",
  };

  it("$dynamicRef goes to the outermost resource in scope with a matching $dynamicAnchor", () => {
    const set = load({ [A]: tree, [B]: strict });
    const ref = at(A, "/properties/children/items");
    expect(set.resolveDynamic("#node", ref, [at(B), at(A)])).toEqual(at(B));
    expect(set.resolveDynamic("#node", ref, [at(A)])).toEqual(at(A));
  });

  it("$dynamicRef is a plain $ref when its initial target has no matching $dynamicAnchor (no bookend)", () => {
    const set = load({
      [A]: { $id: "https://e.com/a", $defs: { n: { $anchor: "node" } }, items: { $dynamicRef: "#node" } },
      [B]: { $id: "https://e.com/b", $dynamicAnchor: "node", $ref: "a" },
    });
    expect(set.resolveDynamic("#node", at(A, "/items"), [at(B), at(A)])).toEqual(at(A, "/$defs/n"));
  });

  it("$dynamicRef with a JSON Pointer fragment is a plain $ref", () => {
    const set = load({ [A]: tree, [B]: strict });
    expect(set.resolveDynamic("#", at(A, "/properties/children/items"), [at(B), at(A)])).toEqual(at(A));
  });

  it("$recursiveRef (2019-09) goes to the outermost resource in scope with $recursiveAnchor: true", () => {
    const d = "https://json-schema.org/draft/2019-09/schema";
    const set = load({
      [A]: { $schema: d, $id: "https://e.com/tree", $recursiveAnchor: true, items: { $recursiveRef: "#" } },
      [B]: { $schema: d, $id: "https://e.com/strict", $recursiveAnchor: true, $ref: "tree" },
      "s/c.json": { $schema: d, $id: "https://e.com/plain", $ref: "tree" },
    });
    expect(set.resolveDynamic("#", at(A, "/items"), [at(B), at(A)])).toEqual(at(B));
    expect(set.resolveDynamic("#", at(A, "/items"), [at("s/c.json"), at(A)])).toEqual(at(A));
  });

  it("$recursiveRef is a plain $ref when its initial target lacks $recursiveAnchor", () => {
    const d = "https://json-schema.org/draft/2019-09/schema";
    const set = load({
      [A]: { $schema: d, $id: "https://e.com/tree", items: { $recursiveRef: "#" } },
      [B]: { $schema: d, $id: "https://e.com/strict", $recursiveAnchor: true, $ref: "tree" },
    });
    expect(set.resolveDynamic("#", at(A, "/items"), [at(B), at(A)])).toEqual(at(A));
  });
});
