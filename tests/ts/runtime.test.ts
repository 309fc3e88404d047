// Unit tests of the hand-written TypeScript runtime (codegen/next/ts/runtime.ts), run exactly as it
// is inlined into generated.ts (the whole text after the marker; generated files keep the part they use).
import * as fs from "fs";
import * as path from "path";
import { protocolFromFiles } from "../../codegen/next/ir/load";
import { emitTypeScript } from "../../codegen/next/ts/emit";
import { loadModule, typeCheck } from "./fixtures/compile";

const RUNTIME_FILE = path.join(__dirname, "../../codegen/next/ts/runtime.ts");
const MARKER = "// ---- runtime start ----\n";
const fileText = fs.readFileSync(RUNTIME_FILE, "utf8");
const runtimeText = fileText.slice(fileText.indexOf(MARKER) + MARKER.length);
const INTERNALS =
  "$str, $int, $num, $bool, $nul, $arr, $obj, $has, $missing, $minLen, $maxLen, $closed, $extras, $writeExtras, " +
  "$free, $esc, $isIndex, $keysAt, $runDoc, $runFrame, $runOpen, $runOpenFrame, $runValue, $encode, $cpLen, " +
  "$levelOf, $readFrames, $union, $filter, $fail";
const m = loadModule(runtimeText + `\nexport { ${INTERNALS} };\n`);
type Walk = (v: any, p: string) => void;
const set = (known: Set<string>) => (k: string) => known.has(k);
/** The runtime's functions under short names; limits, known-key sets and encoders as the emitters call them. */
const rt = {
  DecodeError: m.DecodeError,
  EncodeError: m.EncodeError,
  str: m.$str,
  int: m.$int,
  num: m.$num,
  bool: m.$bool,
  nul: m.$nul,
  arr: m.$arr,
  obj: m.$obj,
  minLen: m.$minLen,
  maxLen: m.$maxLen,
  free: m.$free,
  esc: m.$esc,
  isIndex: m.$isIndex,
  keysAt: m.$keysAt,
  runValue: m.$runValue,
  cpLen: m.$cpLen,
  levelOf: m.$levelOf,
  need: (o: object, key: string, p: string) => {
    if (!m.$has(o, key)) m.$missing(key, p);
  },
  closed: (o: object, known: Set<string>, p: string) => m.$closed(o, set(known), p),
  extras: (o: object, known: Set<string>, p: string) => m.$extras(o, set(known), p),
  putExtras: (o: object, known: Set<string>) => m.$writeExtras(o, set(known)),
  runDoc: (input: string | Uint8Array, walk: Walk, limit?: number) =>
    limit === undefined || limit === Infinity ? m.$runDoc(input, walk) : m.$runFrame(input, limit, walk),
  runOpen: (
    input: string | Uint8Array,
    pick: (v: unknown, p: string, ignore: boolean) => number,
    walk: Walk,
    limit?: number,
  ) => (limit === undefined ? m.$runOpen(input, pick, walk) : m.$runOpenFrame(input, limit, pick, walk)),
  /** A free-form value's encoder: the decoder's check, then JSON.stringify. */
  encodeFree: (v: unknown) =>
    m.$encode(v, (x: unknown, p: string) => m.$free(x, p, undefined, undefined), JSON.stringify),
  readFrames: (source: any, decode: (b: Uint8Array) => unknown, limit?: number) => m.$readFrames(source, decode, limit),
};

const enc = new TextEncoder();

/** The error of running f, as "code @pointer", or "ok". */
function verdict(f: () => unknown): string {
  try {
    f();
    return "ok";
  } catch (e: any) {
    if (e instanceof rt.DecodeError || e instanceof rt.EncodeError) return `${e.code} @${e.pointer}`;
    throw e;
  }
}

/** Decodes `text` as a document checked by `walk`. */
function decode(text: string | Uint8Array, walk: (v: any, p: string) => void): string {
  return verdict(() => rt.runDoc(text, walk));
}

const anything = (v: unknown, p: string) => rt.free(v, p, undefined, undefined);

describe("runtime text", () => {
  test("has the marker, imports nothing and uses no Node API", () => {
    expect(fileText).toContain(MARKER);
    expect(runtimeText).not.toMatch(/\bimport\b|\brequire\(|\bBuffer\b|\bprocess\b/);
  });
  test("type-checks alone under the strict flags", () => {
    expect(typeCheck({ "runtime.ts": runtimeText })).toEqual([]);
  });
});

describe("input acquisition", () => {
  test("invalid UTF-8 is utf8 at the root", () => {
    expect(decode(new Uint8Array([0x22, 0xff, 0x22]), anything)).toBe("utf8 @");
    expect(decode(new Uint8Array([0x22, 0xed, 0xa0, 0x80, 0x22]), anything)).toBe("utf8 @"); // encoded surrogate
    expect(decode(new Uint8Array([0x22, 0xc3]), anything)).toBe("utf8 @"); // truncated sequence
  });
  test("a BOM is kept, so it is a syntax error", () => {
    expect(decode(new Uint8Array([0xef, 0xbb, 0xbf, 0x7b, 0x7d]), anything)).toBe("syntax @");
    expect(decode("\ufeff{}", anything)).toBe("syntax @");
  });
  test("a string input with a lone surrogate is utf8 at the root", () => {
    expect(decode('"\ud800"', anything)).toBe("utf8 @");
    expect(decode('"\udc00x"', anything)).toBe("utf8 @");
    expect(decode('"\ud83d\ude00"', anything)).toBe("ok");
  });
  test("syntax errors, empty and whitespace-only input", () => {
    for (const t of ["", " ", "\n", "{", "{} {}", "[1,]", "{'a':1}", "NaN", "01", "1.", "\u00a0{}"]) {
      expect([t, decode(t, anything)]).toEqual([t, "syntax @"]);
    }
    for (const t of [" {} ", "\t\r\n[]\r", "0", "-0", "null"]) expect([t, decode(t, anything)]).toEqual([t, "ok"]);
  });
  test("syntax is checked over the whole text before any schema check", () => {
    expect(decode('{"a":"\\ud800",}', anything)).toBe("syntax @");
  });
});

describe("strings", () => {
  const s = (min?: number, max?: number) => (v: unknown, p: string) => {
    rt.str(v, p, "k");
    if (min !== undefined) rt.minLen(v, min, p, "k");
    if (max !== undefined) rt.maxLen(v, max, p, "k");
  };
  test("type, then utf8 (escaped lone surrogate)", () => {
    expect(decode("1", s())).toBe("type @/k");
    expect(decode("null", s())).toBe("type @/k");
    expect(decode('"\\ud800"', s())).toBe("utf8 @/k");
    expect(decode('"\\udfff\\ud800"', s(5))).toBe("utf8 @/k");
    expect(decode('"\\ud83d\\ude00"', s())).toBe("ok");
  });
  test("lengths count code points", () => {
    const smile = '"\\ud83d\\ude00"'; // one code point, two UTF-16 units
    expect(decode(smile, s(1, 1))).toBe("ok");
    expect(decode(smile, s(2))).toBe("length @/k");
    expect(decode('"' + "\\ud83d\\ude00".repeat(3) + '"', s(3, 3))).toBe("ok");
    expect(decode('"' + "\\ud83d\\ude00".repeat(3) + '"', s(undefined, 2))).toBe("length @/k");
    expect(decode('""', s(1))).toBe("length @/k");
    expect(decode('"abc"', s(undefined, 2))).toBe("length @/k");
    expect(rt.cpLen("a\u{1F600}b")).toBe(3);
  });
  test("messages never quote the string", () => {
    try {
      rt.runDoc('"secret-token"', s(100));
      throw new Error("not rejected");
    } catch (e: any) {
      expect(e.message).not.toContain("secret");
      expect(e.message).toContain("12");
    }
  });
});

describe("numbers", () => {
  const i = (v: unknown, p: string) => rt.int(v, p);
  const n = (v: unknown, p: string) => rt.num(v, p);
  test("integers: type, non-finite range, fraction type, beyond 2^53-1 range", () => {
    const cases: [string, string][] = [
      ["1", "ok"],
      ["1.0", "ok"],
      ["1e3", "ok"],
      ["-0", "ok"],
      ["9007199254740991", "ok"],
      ["-9007199254740991", "ok"],
      ["9007199254740992", "range @"],
      ["9007199254740993", "range @"],
      ["-9007199254740992", "range @"],
      ["1.5", "type @"],
      ["1e-400", "ok"], // rounds to 0
      ["1e400", "range @"],
      ["-1e400", "range @"],
      ['"1"', "type @"],
      ["true", "type @"],
      ["null", "type @"],
    ];
    for (const [t, want] of cases) expect([t, decode(t, i)]).toEqual([t, want]);
  });
  test("numbers: type, then non-finite range", () => {
    expect(decode("1.5", n)).toBe("ok");
    expect(decode("1e400", n)).toBe("range @");
    expect(decode("[]", n)).toBe("type @");
  });
  test("other leaves", () => {
    expect(decode("true", (v, p) => rt.bool(v, p))).toBe("ok");
    expect(decode("0", (v, p) => rt.bool(v, p))).toBe("type @");
    expect(decode("null", (v, p) => rt.nul(v, p))).toBe("ok");
    expect(decode("false", (v, p) => rt.nul(v, p, 3))).toBe("type @/3");
    expect(decode("{}", (v, p) => rt.arr(v, p))).toBe("type @");
    expect(decode("[]", (v, p) => rt.obj(v, p))).toBe("type @");
  });
});

describe("pointers", () => {
  test("escaping", () => {
    expect(rt.esc("a/b~c")).toBe("a~1b~0c");
    expect(rt.esc("~1")).toBe("~01");
    expect(rt.esc("plain")).toBe("plain");
  });
  test("levels count tokens", () => {
    expect(rt.levelOf("")).toBe(1);
    expect(rt.levelOf("/a")).toBe(2);
    expect(rt.levelOf("/a~1b/0")).toBe(3);
  });
  test("array-index keys", () => {
    for (const k of ["0", "17", "4294967294"]) expect(rt.isIndex(k)).toBe(true);
    for (const k of ["", "01", "-1", "1.0", "4294967295", "99999999999", "1e3", " 1"])
      expect(rt.isIndex(k)).toBe(false);
  });
});

describe("closed objects: unknown keys in document order", () => {
  const known = new Set(["a", "b"]);
  const walk = (v: unknown, p: string) => {
    const o = rt.obj(v, p);
    rt.closed(o, known, p);
    rt.need(o, "a", p);
    rt.need(o, "b", p);
  };
  test("first unknown key, then missing, in order", () => {
    expect(decode('{"a":1,"b":2}', walk)).toBe("ok");
    expect(decode('{"a":1,"z":2,"y":3}', walk)).toBe("unknown_field @/z");
    expect(decode('{"b":1}', walk)).toBe("missing_field @/a");
    expect(decode('{"a":1}', walk)).toBe("missing_field @/b");
    expect(decode('{"A":1,"a":1,"b":1}', walk)).toBe("unknown_field @/A"); // case-sensitive
    expect(decode('{"a/~":1}', walk)).toBe("unknown_field @/a~1~0");
  });
  test("index keys, which JSON.parse moves first, are reported in document order", () => {
    expect(decode('{"z":1,"5":2}', walk)).toBe("unknown_field @/z");
    expect(decode('{"5":1,"z":2}', walk)).toBe("unknown_field @/5");
    expect(decode('{"9":1,"10":2}', walk)).toBe("unknown_field @/9");
    expect(decode('{"a":1,"7":1}', walk)).toBe("unknown_field @/7"); // one unknown key: fast path
    // a duplicate keeps its first position
    expect(decode('{"z":1,"3":2,"z":3}', walk)).toBe("unknown_field @/z");
    expect(decode('{"3":0,"z":1,"3":2}', walk)).toBe("unknown_field @/3");
  });
  test("the scanner navigates nested objects, arrays, escapes and duplicates", () => {
    const inner = (v: unknown, p: string) => rt.closed(rt.obj(v, p), known, p);
    const nested = (v: any, p: string) => {
      inner(v["x/y"][1]["q"], p + "/x~1y/1/q");
    };
    const text = '{"x/y":[{"q":{"z":1,"1":2}}, {"q":{"1":0}}, 3], "x\\/y" : [ "]", {"q" : {"n\\"":1, "0":2, "a":3}} ]}';
    expect(decode(text, nested)).toBe('unknown_field @/x~1y/1/q/n"');
    expect(rt.keysAt(text, "/x~1y/1/q")).toEqual(['n"', "0", "a"]);
    expect(rt.keysAt('{"a":{"k":1,"j":2,"k":3}}', "/a")).toEqual(["k", "j"]);
    expect(rt.keysAt('[1, [true, {}], {"s": "}{", "t": -1.5e3}]', "/2")).toEqual(["s", "t"]);
  });
  test("an unknown key with a lone surrogate is utf8 at the object", () => {
    expect(decode('{"o":{"\\ud800":1}}', (v: any, p) => rt.closed(rt.obj(v.o, p + "/o"), known, p + "/o"))).toBe(
      "utf8 @/o",
    );
  });
});

describe("open objects: extras are free-form", () => {
  const known = new Set(["a"]);
  const walk = (v: unknown, p: string) => rt.extras(rt.obj(v, p), known, p);
  test("checked in property order", () => {
    expect(decode('{"a":"\\ud800","x":{"y":[1e400]}}', walk)).toBe("range @/x/y/0");
    expect(decode('{"x":1,"\\udc00":1}', walk)).toBe("utf8 @");
    expect(decode('{"x":1,"2":"\\ud800"}', walk)).toBe("utf8 @/2");
  });
  test("written after the declared members", () => {
    expect(rt.putExtras({ a: 1, z: [1, { b: null }], "1": true }, known)).toBe(',"1":true,"z":[1,{"b":null}]');
  });
});

describe("free-form values", () => {
  const nest = (n: number) => "[".repeat(n) + "]".repeat(n);
  test("depth: the root is level 1, a container at level 1001 is rejected", () => {
    expect(decode(nest(1000), anything)).toBe("ok");
    expect(decode(nest(1001), anything)).toBe("depth @" + "/0".repeat(1000));
    expect(decode(nest(200000), anything)).toBe("depth @" + "/0".repeat(1000));
    expect(decode('{"a":' + nest(999) + "}", anything)).toBe("ok");
    expect(decode('{"a":' + nest(1000) + "}", anything)).toBe("depth @/a" + "/0".repeat(999));
    // a free-form value below the root counts its ancestors
    expect(verdict(() => rt.runValue(JSON.parse(nest(999)), "/result", anything))).toBe("ok");
    expect(verdict(() => rt.runValue(JSON.parse(nest(1000)), "/result", anything))).toBe(
      "depth @/result" + "/0".repeat(999),
    );
    expect(decode('{"x":' + nest(999) + "}", (v: any, p) => rt.free(v.x, p, "x", undefined))).toBe("ok");
  });
  test("lone surrogates, non-finite numbers, in property order", () => {
    expect(decode('{"b":[1,"\\ud800"],"a":1e999}', anything)).toBe("utf8 @/b/1");
    expect(decode('{"z":0,"1":1e999,"a":"\\ud800"}', anything)).toBe("range @/1");
    expect(decode('{"a/b":{"\\udbff":0}}', anything)).toBe("utf8 @/a~1b");
    expect(decode('{"k":-1e400}', anything)).toBe("range @/k");
  });
  test("top-level kinds", () => {
    const objOnly = (v: unknown, p: string) => rt.free(v, p, undefined, ["object"]);
    expect(decode("{}", objOnly)).toBe("ok");
    expect(decode("[]", objOnly)).toBe("type @");
    expect(decode("null", objOnly)).toBe("type @");
  });
  test("encoding writes JSON.stringify's form", () => {
    const w = (v: unknown) => rt.encodeFree(v);
    expect(w(JSON.parse('{"b":1,"a":[1.0,-0,1e21,1e-7,"<&>\\u2028\\u007f\\u0001"],"1":{}}'))).toBe(
      '{"1":{},"b":1,"a":[1,0,1e+21,1e-7,"<&>\u2028\u007f\\u0001"]}',
    );
    expect(w(Object.assign(Object.create(null), { x: 1 }))).toBe('{"x":1}');
  });
  test("encoding refuses what is not plain JSON", () => {
    const w = (v: unknown) => verdict(() => rt.encodeFree(v));
    class Point {
      x = 1;
    }
    expect(w(undefined)).toBe("type @");
    expect(w({ a: undefined })).toBe("type @/a");
    expect(w({ f: () => 1 })).toBe("type @/f");
    expect(w([1, , 3])).toBe("type @/1");
    expect(w(new Date(0))).toBe("type @");
    expect(w(new Point())).toBe("type @");
    expect(w({ n: 10n })).toBe("type @/n");
    expect(w({ n: NaN })).toBe("range @/n");
    expect(w({ s: "\ud800" })).toBe("utf8 @/s");
    expect(w({ ["\udc00"]: 1 })).toBe("utf8 @");
    expect(w({ t: { toJSON: () => 1 } })).toBe("type @/t/toJSON");
    let deep: unknown = [];
    for (let i = 0; i < 1000; i++) deep = [deep];
    expect(w(deep)).toBe("depth @" + "/0".repeat(1000));
  });
  test("EncodeError is not a DecodeError", () => {
    expect.assertions(2);
    try {
      rt.encodeFree(NaN);
    } catch (e) {
      expect(e).toBeInstanceOf(rt.EncodeError);
      expect(e).not.toBeInstanceOf(rt.DecodeError);
    }
  });
});

describe("open unions", () => {
  const pick = (v: unknown, p: string, ignore: boolean) =>
    typeof v === "object" && v !== null ? 0 : ignore ? -1 : rt.runDoc("x", anything);
  test("not JSON, not UTF-8 or not claimed is null; a claimed line is checked", () => {
    expect(rt.runOpen("nope", pick, anything)).toBeNull();
    expect(rt.runOpen("", pick, anything)).toBeNull();
    expect(rt.runOpen(new Uint8Array([0xff]), pick, anything)).toBeNull();
    expect(rt.runOpen("3", pick, anything)).toBeNull();
    expect(rt.runOpen('{"a":1}', pick, anything)).toEqual({ a: 1 });
    expect(verdict(() => rt.runOpen('{"a":1e400}', pick, anything))).toBe("range @/a");
  });
});

describe("unions without a discriminator: failed trials make no Error, the reported one is a DecodeError", () => {
  // k closed objects told apart only by a range, one of them holding such a union itself
  const variant = (lo: number, inner = false) => ({
    type: "object",
    properties: {
      v: { type: "integer", minimum: lo, maximum: lo + 9 },
      ...(inner ? { n: { $ref: "#/$defs/U" } } : {}),
    },
    required: ["v"],
    additionalProperties: false,
  });
  const schema = { $defs: { U: { oneOf: [variant(0), variant(10, true)] }, A: { anyOf: [variant(0), variant(10)] } } };
  const g = loadModule(
    emitTypeScript(protocolFromFiles("u", [{ path: "schema/u/u.json", text: JSON.stringify(schema) }]), {
      header: "// test",
    }),
  );
  const limit = Error.stackTraceLimit;
  afterEach(() => (Error.stackTraceLimit = limit));
  test("the error a union reports has its stack; later errors are DecodeErrors again; Error.stackTraceLimit is untouched", () => {
    Error.stackTraceLimit = 7;
    for (const [decode, line, want] of [
      [g.decodeU, '{"v":15,"n":{"v":99}}', "range @/n/v"],
      [g.decodeU, '{"v":99}', "range @/v"],
      [g.decodeA, '{"v":99}', "range @/v"],
    ] as const) {
      let err: unknown;
      try {
        decode(line);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(g.DecodeError);
      const e = err as { code: string; pointer: string; stack: string };
      expect(`${e.code} @${e.pointer}`).toBe(want);
      expect(e.stack).toMatch(/\n\s+at /);
      expect(Error.stackTraceLimit).toBe(7);
    }
    expect(g.decodeU('{"v":15,"n":{"v":5}}')).toEqual({ v: 15, n: { v: 5 } });
    expect(g.encodeA({ v: 12 })).toBe('{"v":12}');
    expect(Error.stackTraceLimit).toBe(7);
    expect(() => g.encodeA({ v: 99 })).toThrow(g.EncodeError);
    expect(Error.stackTraceLimit).toBe(7);
  });
});

describe("unions without a discriminator: variant filters skip only trials that fail", () => {
  // variants told apart by a range, a kind or a required key; the filtered module against the same
  // module with every filter argument removed (every variant tried), on seeded random values
  const obj = (props: object, required: string[]) => ({ type: "object", properties: props, required, additionalProperties: false });
  const variants = [
    obj({ v: { type: "integer", minimum: 0, maximum: 9 }, s: { type: "string" } }, ["v"]),
    obj({ v: { type: "integer", exclusiveMinimum: 9, exclusiveMaximum: 20 }, s: { type: "string", minLength: 2 } }, ["v", "s"]),
    obj({ v: { const: 30 }, s: { type: ["string", "null"] } }, ["v"]),
    obj({ v: { type: "number", minimum: 40 }, n: { $ref: "#/$defs/Int" } }, ["n"]),
    // overlaps the const 30 one: a filter that wrongly skips either hides oneOf's ambiguity
    obj({ v: { type: "integer", minimum: 25, maximum: 35 }, s: { type: "string" } }, []),
  ];
  // S: a union of open partial variants as an assertion beside the object's own members, tried inline
  // (module-level variants: an anyOf there stays an assertion, where a oneOf becomes the union itself)
  const part = (props: object, required: string[] = []) => ({ type: "object", properties: props, required });
  const S = {
    type: "object",
    properties: { v: {}, s: {}, n: {}, x: {} },
    additionalProperties: false,
    anyOf: [
      part({ v: { type: "integer", maximum: 9 } }, ["v"]),
      part({ v: { type: "number", exclusiveMinimum: 9, maximum: 20 }, s: { type: "string" } }, ["s"]),
      part({ v: { const: 30 } }, ["v"]),
      part({ v: { type: "integer", minimum: 25, maximum: 35 }, n: { $ref: "#/$defs/Int" } }, ["v"]),
    ],
  };
  const schema = { $defs: { Int: { type: "integer", maximum: 5 }, A: { anyOf: variants }, O: { oneOf: variants }, S } };
  const text = emitTypeScript(protocolFromFiles("f", [{ path: "schema/f/f.json", text: JSON.stringify(schema) }]), {
    header: "// test",
  });
  test("each variant is tried at most once, also when every one fails (nested unions stay linear)", () => {
    const calls = [0, 0, 0];
    const failing = (i: number, depth: number) => (_v: unknown, p: string) => {
      calls[i]!++;
      m.$fail("range", p + "/x".repeat(depth), `variant ${i}`);
    };
    const variants = [failing(0, 1), failing(1, 0), failing(2, 2)];
    const filters = [m.$filter(["a"]), 0, m.$filter(["b"])];
    let err: any;
    try {
      m.$union({}, "", undefined, false, variants, [1, 1, 1], "object", filters);
    } catch (e) {
      err = e;
    }
    expect(calls).toEqual([1, 1, 1]);
    // the deepest error of all three, as without filters
    expect([err instanceof m.DecodeError, err.message, err.pointer]).toEqual([true, "variant 2", "/x/x"]);
  });
  test("the filters are emitted, and removing them changes no verdict, error or written text", () => {
    expect(text).toContain("const filtersA: readonly $Filter[]");
    expect(text).toMatch(/const \$filters\d+: readonly \$Filter\[\]/);
    const unfiltered = text.replace(/, (filters[AO]|\$filters\d+)\)/g, ")");
    expect(unfiltered).not.toMatch(/, (filters[AO]|\$filters\d+)\)/);
    const [g, u] = [loadModule(text), loadModule(unfiltered)];
    const verdictOf = (mod: any, f: () => unknown): string => {
      try {
        f();
        return "ok";
      } catch (e: any) {
        if (e instanceof mod.DecodeError) return `${e.code} @${e.pointer}: ${e.message}`;
        throw e;
      }
    };
    let seed = 7;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
    const pickOne = <T>(xs: T[]): T => xs[rnd(xs.length)]!;
    const cases: string[] = [];
    for (let i = 0; i < 600; i++) {
      const o: Record<string, unknown> = {};
      if (rnd(5) > 0) o.v = pickOne([-1, 0, 5, 9, 9.5, 10, 15, 20, 25, 30, 35, 40, 41.5, "5", null]);
      if (rnd(2) > 0) o.s = pickOne(["", "a", "ab", null, 3]);
      if (rnd(3) === 0) o.n = pickOne([1, 5, 6, 2.5, "x"]);
      if (rnd(10) === 0) o.x = 1;
      cases.push(JSON.stringify(rnd(20) === 0 ? [o] : o));
    }
    let accepted = 0;
    for (const line of cases)
      for (const name of ["A", "O", "S"]) {
        const want = verdictOf(u, () => u[`decode${name}`](line));
        expect([name, line, verdictOf(g, () => g[`decode${name}`](line))]).toEqual([name, line, want]);
        if (want !== "ok") continue;
        accepted++;
        expect(g[`encode${name}`](JSON.parse(line))).toBe(u[`encode${name}`](JSON.parse(line)));
      }
    expect(accepted).toBeGreaterThan(100);
  });
});

describe("frame decoders: the byte limit on one line (rule 2)", () => {
  const limited = (input: string | Uint8Array, limit: number) => verdict(() => rt.runDoc(input, anything, limit));
  test("counts UTF-8 bytes, before any other check; exactly the limit is decoded", () => {
    expect(limited('"ab"', 4)).toBe("ok");
    expect(limited('"abc"', 4)).toBe("frame_too_large @");
    expect(limited(enc.encode('"abc"'), 4)).toBe("frame_too_large @");
    expect(limited("xyzzy", 4)).toBe("frame_too_large @"); // not JSON, but too long first
    expect(limited(new Uint8Array([0x22, 0xff, 0xff, 0x22, 0x20]), 4)).toBe("frame_too_large @"); // not UTF-8 either
  });
  test("a string is measured in UTF-8: 2, 3 and 4 bytes per character, 3 per unpaired surrogate", () => {
    expect(limited('"é"', 4)).toBe("ok"); // 4 bytes, 3 UTF-16 units
    expect(limited('"éa"', 4)).toBe("frame_too_large @");
    expect(limited('"€"', 5)).toBe("ok");
    expect(limited('"€"', 4)).toBe("frame_too_large @");
    expect(limited('"\ud83d\ude00"', 6)).toBe("ok"); // 😀: a pair is 4 bytes
    expect(limited('"😀"', 5)).toBe("frame_too_large @");
    expect(limited('"\ud800"', 5)).toBe("utf8 @"); // within the limit: utf8
    expect(limited('"\ud800"', 4)).toBe("frame_too_large @"); // 3 bytes for the lone surrogate: too long first
  });
  test("no limit: runDoc measures nothing", () => {
    expect(limited("x".repeat(10), Infinity)).toBe("syntax @");
    expect(verdict(() => rt.runDoc('"' + "a".repeat(100) + '"', anything))).toBe("ok");
  });
  test("an open union's frame decoder is limited too: too long is an error, not ignored", () => {
    const pick = (v: unknown) => (typeof v === "object" && v !== null ? 0 : -1);
    expect(verdict(() => rt.runOpen("{}   ", pick, anything, 4))).toBe("frame_too_large @");
    expect(rt.runOpen("nope", pick, anything, 4)).toBeNull();
  });
});

// ---- frames ----

async function* chunks(...parts: (string | Uint8Array)[]): AsyncGenerator<Uint8Array> {
  for (const p of parts) yield typeof p === "string" ? enc.encode(p) : p;
}

/** Frames as strings: "v:<json>" or "<code>". */
async function frames(source: any, limit?: number, decode?: (b: Uint8Array) => unknown): Promise<string[]> {
  const out: string[] = [];
  const dec = decode ?? ((b: Uint8Array) => rt.runDoc(b, anything));
  for await (const f of rt.readFrames(source, dec, limit)) {
    out.push(f.ok ? "v:" + JSON.stringify(f.value) : f.error.code + (f.error.pointer ? "@" + f.error.pointer : ""));
  }
  return out;
}

describe("readFrames", () => {
  test("splits lines across chunks, accepts CRLF", async () => {
    expect(await frames(chunks('{"a":1}\n[2', ",3]\r\n", "4\n\n5\n"))).toEqual([
      'v:{"a":1}',
      "v:[2,3]",
      "v:4",
      "syntax",
      "v:5",
    ]);
    expect(await frames(chunks("1", "2", "3", "\n", "\n".repeat(0), "4\n"))).toEqual(["v:123", "v:4"]);
  });
  test("a final line without newline is a truncated frame; an empty stream is nothing", async () => {
    expect(await frames(chunks("1\n2"))).toEqual(["v:1", "syntax"]);
    expect(await frames(chunks())).toEqual([]);
    expect(await frames(chunks("1\n", ""))).toEqual(["v:1"]);
  });
  test("the limit counts bytes; exactly the limit is accepted", async () => {
    const line = '"' + "é".repeat(4) + '"'; // 10 bytes, 6 UTF-16 units
    expect(await frames(chunks(line + "\n"), 10)).toEqual(['v:"éééé"']);
    expect(await frames(chunks(line + "\n"), 9)).toEqual(["frame_too_large"]);
    expect(await frames(chunks(line.slice(0, 3), line.slice(3) + "\n1\n"), 9)).toEqual(["frame_too_large", "v:1"]);
    expect(await frames(chunks("[1,", "2]\r\n"), 6)).toEqual(["v:[1,2]"]);
    expect(await frames(chunks("[1,", "2]\r\n"), 5)).toEqual(["frame_too_large"]);
    expect(await frames(chunks("12345678901", "\n"), 10)).toEqual(["frame_too_large"]);
    expect(await frames(chunks("123456", "78901"), 10)).toEqual(["frame_too_large"]);
  });
  test("an oversized line is discarded without being buffered", async () => {
    const seen: number[] = [];
    async function* big(): AsyncGenerator<Uint8Array> {
      yield enc.encode("1\n[");
      for (let i = 0; i < 1000; i++) yield new Uint8Array(1 << 16).fill(0x20);
      yield enc.encode("]\n2\n");
    }
    const dec = (b: Uint8Array) => {
      seen.push(b.length);
      return rt.runDoc(b, anything);
    };
    expect(await frames(big(), 1 << 20, dec)).toEqual(["v:1", "frame_too_large", "v:2"]);
    expect(seen).toEqual([1, 1]);
  });
  test("a big line over many chunks is assembled once", async () => {
    const parts = ['"'];
    for (let i = 0; i < 2000; i++) parts.push("x".repeat(1000));
    parts.push('"\n');
    const out = await frames(chunks(...parts), 4194304);
    expect(out).toEqual(["v:" + JSON.stringify("x".repeat(2000000))]);
  });
  test("decode errors are frames, ignored (null) lines are skipped, other errors propagate", async () => {
    const dec = (b: Uint8Array) => (b.length === 0 ? null : rt.runDoc(b, (v: unknown, p: string) => rt.int(v, p)));
    expect(await frames(chunks("1\n\n1.5\n2\n"), undefined, dec)).toEqual(["v:1", "type", "v:2"]);
    const boom = () => {
      throw new TypeError("boom");
    };
    await expect(frames(chunks("1\n"), undefined, boom)).rejects.toThrow("boom");
  });
  test("reads a ReadableStream with getReader()", async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(enc.encode("[1]\n{"));
        c.enqueue(enc.encode("}\n"));
        c.close();
      },
    });
    expect(await frames(stream)).toEqual(["v:[1]", "v:{}"]);
  });
  test("copies partial lines, so a source may reuse its buffer", async () => {
    const buf = new Uint8Array(4);
    async function* reuse(): AsyncGenerator<Uint8Array> {
      for (const s of ["[1,", "2]\n"]) {
        buf.fill(0x20);
        buf.set(enc.encode(s));
        yield buf.subarray(0, s.length);
      }
    }
    expect(await frames(reuse())).toEqual(["v:[1,2]"]);
  });
});
