// Tests of the TypeScript emitter: the output type-checks under the strict flags, behaves as
// codegen/SEMANTICS.md says, and reads the runner protocol's sample frames.
import * as fs from "fs";
import * as path from "path";
import { emitTypeScript } from "../../codegen/ts/emit";
import type { Decl, Dispatch, Origin, Property, Protocol, Type } from "../../codegen/ir/types";
import { loadModule, typeCheck } from "./fixtures/compile";

// ---- a small hand-built protocol ----

const at = (pointer: string): Origin => ({ file: "schema/fixture/a.json", pointer });
const o = at("");
const ref = (name: string): Type => ({ kind: "ref", origin: o, name });
const prop = (name: string, type: Type, required = true, extra: Partial<Property> = {}): Property => ({
  name,
  type,
  required,
  origin: o,
  goName: name,
  ...extra,
});
const decl = (name: string, type: Type, extra: Partial<Decl> = {}): Decl => ({ name, origin: at(`/$defs/${name}`), type, ...extra });
const leaf = (variant: number): Dispatch => ({ by: "leaf", variant });

const fixture: Protocol = {
  name: "fixture",
  files: ["schema/fixture/a.json"],
  digest: "abc123",
  frameLimit: 64,
  version: 2,
  decls: [
    decl("Limit", { kind: "integer", origin: o, const: 64 }, { constant: { value: 64, role: "frame-limit" }, description: "Frame limit." }),
    decl("Names", { kind: "array", origin: o, items: { kind: "string", origin: o } }, { constant: { value: ["A", "B"] } }),
    decl("Color", { kind: "string", origin: o, enum: ["red", "dark-green"] }, {
      enumMembers: [
        { value: "red", memberName: "Red" },
        { value: "dark-green", memberName: "DarkGreen" },
      ],
      description: "A colour.",
    }),
    decl("Name", { kind: "string", origin: o, minLength: 1, maxLength: 3 }),
    decl("Point", {
      kind: "object",
      origin: o,
      extras: "reject",
      properties: [
        prop("kind", { kind: "string", origin: o, const: "point" }),
        prop("x", { kind: "integer", origin: o, minimum: 0, maximum: 100 }),
        prop("y", { kind: "number", origin: o, exclusiveMinimum: 0 }, false),
        prop("color", ref("Color"), false, { description: "Its colour.", deprecated: true }),
        prop("tags", { kind: "array", origin: o, items: ref("Name"), maxItems: 2 }),
        prop("label", { kind: "string", origin: o, pattern: "^[a-z]+$", secret: true }, false),
        prop("meta", { kind: "any", origin: o }, false),
        prop("a/b~", { kind: "boolean", origin: o }, false),
      ],
    }, { description: "A point.\n\nSecond paragraph with */ inside." }),
    decl("Circle", {
      kind: "object",
      origin: o,
      extras: "reject",
      properties: [prop("kind", { kind: "string", origin: o, const: "circle" }), prop("r", { kind: "number", origin: o })],
    }),
    decl("Shape", {
      kind: "union",
      origin: o,
      open: false,
      variants: [ref("Point"), ref("Circle")],
      dispatch: { by: "const", key: "kind", cases: [{ value: "point", next: leaf(0) }, { value: "circle", next: leaf(1) }] },
    }, { frame: true }),
    decl("Bag", {
      kind: "object",
      origin: o,
      extras: "keep",
      properties: [prop("type", { kind: "string", origin: o, const: "bag" }), prop("n", { kind: "integer", origin: o }, false)],
    }),
    decl("Pong", {
      kind: "object",
      origin: o,
      extras: "keep",
      properties: [prop("type", { kind: "string", origin: o, const: "pong" }), prop("args", { kind: "any", origin: o, kinds: ["object"] })],
    }),
    decl("Event", {
      kind: "union",
      origin: o,
      open: true,
      variants: [ref("Bag"), ref("Pong")],
      dispatch: {
        by: "kind",
        cases: [{ kind: "object", next: { by: "const", key: "type", cases: [{ value: "bag", next: leaf(0) }, { value: "pong", next: leaf(1) }] } }],
      },
    }, { frame: true }),
    decl("Scalar", {
      kind: "union",
      origin: o,
      open: false,
      variants: [ref("Name"), { kind: "null", origin: o }, { kind: "array", origin: o, items: { kind: "integer", origin: o, multipleOf: 2 } }],
      dispatch: { by: "kind", cases: [{ kind: "string", next: leaf(0) }, { kind: "null", next: leaf(1) }, { kind: "array", next: leaf(2) }] },
    }),
    decl("Reply", {
      kind: "union",
      origin: o,
      open: false,
      variants: [ref("Circle"), ref("Bag")],
      dispatch: { by: "presence", key: "r", present: leaf(0), absent: { by: "presence", key: "n", present: leaf(1), absent: { by: "none" } } },
    }),
    decl("GetRequest", {
      kind: "object",
      origin: o,
      extras: "reject",
      properties: [prop("method", { kind: "string", origin: o, const: "get.point" }), prop("id", { kind: "integer", origin: o })],
    }, { result: "Point" }),
    decl("Points", { kind: "array", origin: o, items: ref("Point") }),
    decl("ListRequest", {
      kind: "object",
      origin: o,
      extras: "reject",
      properties: [prop("method", { kind: "string", origin: o, const: "list" })],
    }, { result: "Points" }),
  ],
};

const text = emitTypeScript(fixture);
const g = loadModule(text);

function verdict(f: () => unknown): string {
  try {
    f();
    return "ok";
  } catch (e: any) {
    if (e instanceof g.DecodeError) return `${e.code} @${e.pointer}`;
    if (e instanceof g.EncodeError) return `enc ${e.code} @${e.pointer}`;
    throw e;
  }
}
const dec = (type: string, input: string | Uint8Array) => verdict(() => g["decode" + type](input));
const encErr = (type: string, value: unknown) => verdict(() => g["encode" + type](value));
/** Decodes then re-encodes. */
const canon = (type: string, input: string) => g["encode" + type](g["decode" + type](input));

describe("emitted text", () => {
  test("is deterministic and starts with the header, then the runtime", () => {
    expect(emitTypeScript(fixture)).toBe(text);
    expect(text.startsWith("// Code generated by codegen from schema/fixture. DO NOT EDIT.\n")).toBe(true);
    expect(text).toContain("export class DecodeError extends Error");
    expect(text).toContain('export const SCHEMA_DIGEST = "abc123";');
    expect(text).toContain("export const FRAME_LIMIT = 64;");
    expect(text).toContain("export const PROTOCOL_VERSION = 2 as const;");
    expect(text).not.toMatch(/^import /m);
    expect(text.endsWith("\n")).toBe(true);
  });

  test("golden: constants and enums", () => {
    expect(text).toContain('/** Frame limit. */\nexport const Limit = 64 as const;\n');
    expect(text).toContain('export const Names = ["A", "B"] as const;\n');
    expect(text).toContain(
      [
        "/** A colour. */",
        "export const Color = {",
        '  Red: "red",',
        '  DarkGreen: "dark-green",',
        "} as const;",
        "/** A colour. */",
        "export type Color = (typeof Color)[keyof typeof Color];",
      ].join("\n"),
    );
  });

  test("golden: object types", () => {
    expect(text).toContain(
      [
        "/**",
        " * A point.",
        " *",
        " * Second paragraph with *\\/ inside.",
        " */",
        "export type Point = {",
        '  kind: "point";',
        "  x: number;",
        "  y?: number;",
        "  /**",
        "   * Its colour.",
        "   *",
        "   * @deprecated",
        "   */",
        "  color?: Color;",
        "  tags: Name[];",
        "  /** A credential: never print or log it. */",
        "  label?: string;",
        "  meta?: JsonValue;",
        '  "a/b~"?: boolean;',
        "};",
      ].join("\n"),
    );
    expect(text).toContain('export type Pong = {\n  type: "pong";\n  args: JsonObject;\n');
    expect(text).toContain("  [extra: string]: JsonValue | undefined;\n};");
    expect(text).toContain("export type Shape = Point | Circle;");
    expect(text).toContain("export type Scalar = Name | null | number[];");
  });

  test("type-checks under the strict flags, with a consumer", () => {
    const consumer = `
      import { decodeShape, encodeShape, decodeEvent, readShapes, resultDecoders, decodeGetRequestResult, Color, type Point, type Shape, type JsonValue } from "./generated";
      const p: Point = { kind: "point", x: 1, tags: [], color: Color.DarkGreen };
      const s: Shape = decodeShape("{}");
      if (s.kind === "circle") { const r: number = s.r; void r; }
      const e = decodeEvent("x"); if (e !== null && e.type === "pong") { const a: JsonValue = e.args; void a; }
      encodeShape(p);
      // @ts-expect-error: optional properties may not be undefined under exactOptionalPropertyTypes
      const q: Point = { kind: "point", x: 1, tags: [], y: undefined };
      void q;
      const fromMap: Point = resultDecoders["get.point"](null); void fromMap;
      void decodeGetRequestResult;
      async function f(src: ReadableStream<Uint8Array>) { for await (const fr of readShapes(src)) { if (fr.ok) void fr.value.kind; else void fr.error.code; } }
      void f;
    `;
    expect(typeCheck({ "generated.ts": text, "consumer.ts": consumer })).toEqual([]);
  });
});

describe("decoding", () => {
  const good = '{"kind":"point","x":3,"tags":["a","bcd"]}';

  test("accepts valid input and returns the parsed value itself", () => {
    expect(dec("Point", good)).toBe("ok");
    expect(g.decodePoint(good)).toEqual({ kind: "point", x: 3, tags: ["a", "bcd"] });
    expect(dec("Point", new TextEncoder().encode(good))).toBe("ok");
  });

  test("check order: unknown keys, then missing, then values in schema order", () => {
    expect(dec("Point", '{"x":-1,"zz":1,"kind":"point","yy":2}')).toBe("unknown_field @/zz");
    expect(dec("Point", '{"x":-1}')).toBe("missing_field @/kind");
    expect(dec("Point", '{"kind":"point","x":-1}')).toBe("missing_field @/tags");
    expect(dec("Point", '{"tags":[""],"x":-1,"kind":"point"}')).toBe("range @/x");
    expect(dec("Point", '{"tags":[""],"x":1,"kind":"point"}')).toBe("length @/tags/0");
    expect(dec("Point", '{"kind":"Point","x":1,"tags":[]}')).toBe("const @/kind");
    expect(dec("Point", '{"Kind":"point","kind":"point","x":1,"tags":[]}')).toBe("unknown_field @/Kind");
    expect(dec("Point", '{"kind":"point","x":1,"tags":[],"9":0,"b":1,"1":2}')).toBe("unknown_field @/9");
    expect(dec("Point", '{"kind":"point","x":1,"tags":[],"b":0,"9":1}')).toBe("unknown_field @/b");
  });

  test("values", () => {
    const p = (extra: string) => dec("Point", `{"kind":"point","x":1,"tags":[]${extra}}`);
    expect(p(',"x":1.0')).toBe("ok");
    expect(p(',"x":1e2')).toBe("ok");
    expect(p(',"x":101')).toBe("range @/x");
    expect(p(',"x":1.5')).toBe("type @/x");
    expect(p(',"x":1e400')).toBe("range @/x");
    expect(p(',"x":null')).toBe("type @/x");
    expect(p(',"y":0')).toBe("range @/y");
    expect(p(',"y":0.5')).toBe("ok");
    expect(p(',"color":"red"')).toBe("ok");
    expect(p(',"color":"Red"')).toBe("enum @/color");
    expect(p(',"tags":["a","b","c"]')).toBe("length @/tags");
    expect(p(',"tags":["\\ud800"]')).toBe("utf8 @/tags/0");
    expect(p(',"tags":["abcd"]')).toBe("length @/tags/0");
    expect(p(',"tags":["\\ud83d\\ude00\\ud83d\\ude00\\ud83d\\ude00"]')).toBe("ok");
    expect(p(',"label":"abc"')).toBe("ok");
    expect(p(',"label":"aBc"')).toBe("pattern @/label");
    expect(p(',"label":null')).toBe("type @/label");
    expect(p(',"a/b~":1')).toBe("type @/a~1b~0");
    expect(p(',"meta":{"deep":[1e999]}')).toBe("range @/meta/deep/0");
    expect(p(',"meta":' + "[".repeat(999) + "]".repeat(999))).toBe("ok");
    expect(p(',"meta":' + "[".repeat(1000) + "]".repeat(1000))).toBe("depth @/meta" + "/0".repeat(999));
    expect(p(',"tags":[],"x":2,"x":"dup"')).toBe("type @/x");
    expect(p(',"x":"dup","x":2')).toBe("ok");
  });

  test("messages never quote string values", () => {
    try {
      g.decodePoint('{"kind":"point","x":1,"tags":[],"label":"Secret-Token"}');
    } catch (e: any) {
      expect(e.code).toBe("pattern");
      expect(e.message).not.toContain("Secret");
    }
  });

  test("root-level input errors", () => {
    expect(dec("Point", "")).toBe("syntax @");
    expect(dec("Point", "{} x")).toBe("syntax @");
    expect(dec("Point", new Uint8Array([0x7b, 0xc0, 0x7d]))).toBe("utf8 @");
    expect(dec("Point", "[]")).toBe("type @");
    expect(dec("Name", '"ab"')).toBe("ok");
    expect(dec("Name", '""')).toBe("length @");
    expect(dec("Color", '"dark-green"')).toBe("ok");
    expect(dec("Points", '[{"kind":"point","x":1,"tags":[]},{}]')).toBe("missing_field @/1/kind");
  });

  test("closed unions dispatch on the const discriminator", () => {
    expect(dec("Shape", '{"kind":"circle","r":1}')).toBe("ok");
    expect(dec("Shape", '{"r":1}')).toBe("unknown_variant @");
    expect(dec("Shape", '{"kind":"square"}')).toBe("unknown_variant @/kind");
    expect(dec("Shape", '{"kind":["point"]}')).toBe("unknown_variant @/kind");
    expect(dec("Shape", '{"kind":"circle","r":"1"}')).toBe("type @/r");
    expect(dec("Shape", '{"kind":"circle","r":1,"x":1}')).toBe("unknown_field @/x");
    expect(dec("Shape", "[]")).toBe("type @");
    expect(dec("Shape", "null")).toBe("type @");
  });

  test("kind and presence dispatch", () => {
    expect(dec("Scalar", '"ab"')).toBe("ok");
    expect(dec("Scalar", "null")).toBe("ok");
    expect(dec("Scalar", "[2,4]")).toBe("ok");
    expect(dec("Scalar", "[2,3]")).toBe("range @/1");
    expect(dec("Scalar", '""')).toBe("length @");
    expect(dec("Scalar", "1")).toBe("type @");
    expect(dec("Scalar", "{}")).toBe("type @");
    expect(dec("Reply", '{"kind":"circle","r":2}')).toBe("ok");
    expect(dec("Reply", '{"type":"bag","n":2,"z":[]}')).toBe("ok");
    expect(dec("Reply", '{"type":"bag"}')).toBe("unknown_variant @");
    expect(dec("Reply", '{"r":2}')).toBe("missing_field @/kind");
    expect(dec("Reply", "7")).toBe("type @");
  });

  test("open unions: ignored lines are null, chosen variants are strict", () => {
    expect(g.decodeEvent("not json")).toBeNull();
    expect(g.decodeEvent("")).toBeNull();
    expect(g.decodeEvent(new Uint8Array([0xff]))).toBeNull();
    expect(g.decodeEvent("[1]")).toBeNull();
    expect(g.decodeEvent("null")).toBeNull();
    expect(g.decodeEvent('{"no":"type"}')).toBeNull();
    expect(g.decodeEvent('{"type":"other"}')).toBeNull();
    expect(g.decodeEvent('{"type":7}')).toBeNull();
    expect(g.decodeEvent('{"type":"bag","x":{"y":1}}')).toEqual({ type: "bag", x: { y: 1 } });
    expect(dec("Event", '{"type":"bag","n":"1"}')).toBe("type @/n");
    expect(dec("Event", '{"type":"bag","x":"\\udc00"}')).toBe("utf8 @/x");
    expect(dec("Event", '{"type":"pong"}')).toBe("missing_field @/args");
    expect(dec("Event", '{"type":"pong","args":[]}')).toBe("type @/args");
  });

  test("result decoders prefix pointers with /result", () => {
    expect(g.decodeGetRequestResult({ kind: "point", x: 1, tags: [] })).toEqual({ kind: "point", x: 1, tags: [] });
    expect(verdict(() => g.decodeGetRequestResult({ kind: "point", x: 1, tags: [7] }))).toBe("type @/result/tags/0");
    expect(verdict(() => g.decodeListRequestResult([{}]))).toBe("missing_field @/result/0/kind");
    expect(Object.keys(g.resultDecoders)).toEqual(["get.point", "list"]);
    expect(g.resultDecoders["get.point"]).toBe(g.decodeGetRequestResult);
  });
});

describe("encoding", () => {
  test("canonical form: schema order, no whitespace, numbers and strings normalised", () => {
    expect(canon("Point", ' { "tags" : [ "a" ] , "x" : 1.0 , "kind" : "point" , "y" : 1e-7 } ')).toBe(
      '{"kind":"point","x":1,"y":1e-7,"tags":["a"]}',
    );
    expect(canon("Point", '{"a/b~":false,"kind":"point","x":-0,"tags":[],"y":1e21,"meta":{"b":-0,"2":[1.50],"a":"\\u003c\\u2028\\u0001"}}')).toBe(
      '{"kind":"point","x":0,"y":1e+21,"tags":[],"meta":{"2":[1.5],"b":0,"a":"<\u2028\\u0001"},"a/b~":false}',
    );
    expect(canon("Shape", '{"r":0.1,"kind":"circle"}')).toBe('{"kind":"circle","r":0.1}');
    expect(canon("Event", '{"z":1,"type":"bag","n":5,"1":null}')).toBe('{"type":"bag","n":5,"1":null,"z":1}');
    expect(canon("Scalar", "[ 2, 4 ]")).toBe("[2,4]");
    expect(canon("Reply", '{"n":1,"type":"bag"}')).toBe('{"type":"bag","n":1}');
    expect(g.encodeEvent({ type: "pong", args: {}, extra: [1] })).toBe('{"type":"pong","args":{},"extra":[1]}');
  });

  test("an open object whose declared members are all absent writes extras without a leading comma", () => {
    const single: Protocol = {
      ...fixture,
      decls: [decl("Loose", { kind: "object", origin: o, extras: "keep", properties: [prop("a", { kind: "integer", origin: o }, false)] })],
    };
    const m = loadModule(emitTypeScript(single));
    expect(m.encodeLoose({ z: 1 })).toBe('{"z":1}');
    expect(m.encodeLoose({ a: 2, z: 1 })).toBe('{"a":2,"z":1}');
    expect(m.encodeLoose({})).toBe("{}");
  });

  test("refuses what the decoder would reject, with the same code and pointer", () => {
    const base = { kind: "point", x: 1, tags: [] as unknown[] };
    expect(encErr("Point", { ...base, x: 2 ** 53 })).toBe("enc range @/x");
    expect(encErr("Point", { ...base, x: 0.5 })).toBe("enc type @/x");
    expect(encErr("Point", { ...base, x: NaN })).toBe("enc range @/x");
    expect(encErr("Point", { kind: "point", x: 1 })).toBe("enc missing_field @/tags");
    expect(encErr("Point", { ...base, tags: ["\ud800"] })).toBe("enc utf8 @/tags/0");
    expect(encErr("Point", { ...base, extra: 1 })).toBe("enc unknown_field @/extra");
    expect(encErr("Point", { ...base, meta: { f: () => 1 } })).toBe("enc type @/meta/f");
    expect(encErr("Point", { ...base, meta: new Date() })).toBe("enc type @/meta");
    expect(encErr("Point", { ...base, meta: undefined })).toBe("ok"); // undefined is absent
    expect(encErr("Shape", { kind: "oval" })).toBe("enc unknown_variant @/kind");
    expect(encErr("Event", { type: "zzz" })).toBe("enc unknown_variant @/type");
    expect(encErr("Event", null)).toBe("enc type @");
    expect(encErr("Name", "")).toBe("enc length @");
  });
});

describe("frame readers", () => {
  async function collect(gen: AsyncIterable<any>): Promise<string[]> {
    const out: string[] = [];
    for await (const f of gen) out.push(f.ok ? JSON.stringify(f.value) : `${f.error.code}@${f.error.pointer}`);
    return out;
  }
  async function* bytes(...parts: string[]): AsyncGenerator<Uint8Array> {
    for (const p of parts) yield new TextEncoder().encode(p);
  }

  test("closed union frames: errors per line, FRAME_LIMIT applies", async () => {
    const long = '{"kind":"circle","r":1' + " ".repeat(64) + "}";
    expect(await collect(g.readShapes(bytes('{"kind":"circle","r":1}\n\n{"kind":"x"}\n', long + "\n", '{"kind":"circle"', ',"r":2}\n{')))).toEqual([
      '{"kind":"circle","r":1}',
      "syntax@",
      "unknown_variant@/kind",
      "frame_too_large@",
      '{"kind":"circle","r":2}',
      "syntax@",
    ]);
  });

  test("open union frames skip ignored lines", async () => {
    expect(await collect(g.readEvents(bytes('hello\n\n{"type":"bag"}\n{"type":"?"}\n{"type":"bag","n":true}\n')))).toEqual([
      '{"type":"bag"}',
      "type@/n",
    ]);
  });
});

describe("emitter refusals", () => {
  test("a name that collides with the runtime or a global is refused", () => {
    const bad = (name: string): Protocol => ({ ...fixture, decls: [decl(name, { kind: "string", origin: o })] });
    expect(() => emitTypeScript(bad("DecodeError"))).toThrow(/DecodeError.*collides/);
    expect(() => emitTypeScript(bad("Set"))).toThrow(/collides/);
  });
  test("an open union used inside another type is refused", () => {
    const p: Protocol = {
      ...fixture,
      decls: [...fixture.decls, decl("Holder", { kind: "array", origin: o, items: ref("Event") })],
    };
    expect(() => emitTypeScript(p)).toThrow(/open union Event/);
  });
});

// ---- the runner protocol ----

const loadPath = path.join(__dirname, "../../codegen/ir/load.ts");
const describeRunner = fs.existsSync(loadPath) ? describe : describe.skip;

describeRunner("runner protocol", () => {
  const root = path.join(__dirname, "../..");
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { loadProtocol } = require(loadPath) as { loadProtocol: (dir: string, root?: string) => Protocol };
  const protocol = loadProtocol(path.join(root, "schema/runner"), root);
  const runnerText = emitTypeScript(protocol);
  const r = loadModule(runnerText);
  const seeds = fs
    .readFileSync(path.join(__dirname, "../fixtures/seed-frames.jsonl"), "utf8")
    .split("\n")
    .filter((l) => l.startsWith('{"attachment"'));

  test("type-checks alone under the strict flags", () => {
    expect(typeCheck({ "generated.ts": runnerText })).toEqual([]);
  });

  test("exports the constants and API", () => {
    expect(r.FRAME_LIMIT).toBe(4194304);
    expect(r.PROTOCOL_VERSION).toBe(1);
    expect(r.SCHEMA_DIGEST).toBe(protocol.digest);
    expect(r.Method.ToolCall).toBe("tool.call");
    expect(Object.keys(r.resultDecoders).sort()).toEqual(["checkpoint", "detach", "interrupt", "open", "prompt", "steer", "tool.call"]);
    expect(typeof r.readRunnerFrames).toBe("function");
  });

  test("decodes every sample frame and re-encodes it byte for byte", () => {
    // the nine sample frames of the documentation (tests/fixtures/seed-frames.jsonl; tests/go/runner_test.go holds the same)
    expect(seeds.length).toBe(9);
    for (const line of seeds) {
      const f = r.decodeRunnerFrame(line);
      expect(r.encodeRunnerFrame(f)).toBe(line);
    }
  });

  test("samples decode as their direction's frame", () => {
    const host = seeds.filter((l) => /"method":"(open|prompt|checkpoint)"/.test(l) || /"result":\{"content"/.test(l));
    for (const line of host) expect(verdictOf(() => r.decodeHostToRunnerFrame(line))).toBe("ok");
    const runner = seeds.filter((l) => /"event"|"tool\.call"/.test(l));
    for (const line of runner) expect(verdictOf(() => r.decodeRunnerToHostFrame(line))).toBe("ok");
    expect(verdictOf(() => r.decodeHostToRunnerFrame(runner[0]!))).not.toBe("ok");
  });

  test("typed results", () => {
    expect(r.resultDecoders.checkpoint([{ path: "session/file.jsonl", size: 1024, append_only: true }])).toHaveLength(1);
    expect(verdictOf(() => r.resultDecoders.checkpoint([{ path: "../x", size: 1, append_only: true }]))).toBe("pattern @/result/0/path");
    expect(verdictOf(() => r.resultDecoders.prompt({ interrupted: false }))).toBe("const @/result/interrupted");
    expect(verdictOf(() => r.resultDecoders["tool.call"]({ content: [{ type: "image" }], is_error: false }))).toBe(
      "unknown_variant @/result/content/0/type",
    );
  });

  test("strict decoding errors", () => {
    const d = (s: string) => verdictOf(() => r.decodeRunnerFrame(s));
    expect(d('{"attachment":"A","id":"1","method":"checkpoint"}')).toBe("ok");
    expect(d('{"attachment":"A","id":"1","method":"checkpoint","params":{}}')).toBe("type @/params");
    expect(d('{"attachment":"A","id":"1","Method":"checkpoint"}')).toBe("unknown_variant @");
    expect(d('{"attachment":"A","id":"1","method":"nope"}')).toBe("unknown_variant @/method");
    expect(d('{"attachment":"","id":"1","result":{}}')).toBe("length @/attachment");
    expect(d('{"attachment":"A","id":"1","result":{},"error":{}}')).toBe("unknown_field @/error");
    expect(d('{"attachment":"A","turn":"t","event":"assistant.message","data":{"text":"","usage":{"input":-1,"output":0},"stop_reason":"stop"}}')).toBe(
      "range @/data/usage/input",
    );
    expect(d('{"attachment":"A","turn":"t","event":"assistant.message","data":{"text":"","usage":{"input":1,"output":0},"stop_reason":"halt"}}')).toBe(
      "enum @/data/stop_reason",
    );
  });

  test("the frame reader reads a stream of samples", async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode(seeds.join("\n") + "\n"));
        c.close();
      },
    });
    let n = 0;
    for await (const f of r.readRunnerFrames(stream)) {
      expect(f.ok).toBe(true);
      n++;
    }
    expect(n).toBe(seeds.length);
  });

  function verdictOf(f: () => unknown): string {
    try {
      f();
      return "ok";
    } catch (e: any) {
      if (e instanceof r.DecodeError || e instanceof r.EncodeError) return `${e.code} @${e.pointer}`;
      throw e;
    }
  }
});
