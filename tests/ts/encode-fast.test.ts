// The encoders' fast path ($encode with a canon function, codegen/next/ts/write.ts): a checked value
// whose typed objects already have their own members in canonical order is written by one
// JSON.stringify call. Each shipped protocol's TypeScript, emitted from its schema here (as `make
// generate` writes out/), is loaded twice, as emitted (the fast
// path counted) and with the fast path cut out (the exact writer always); every value, canonical or
// not, must give the same bytes or the same EncodeError (code and pointer) from both, and the fast
// path must be taken for some values and refused for others, each kind of refusal on purpose.
import fc from "fast-check";
import { resolve } from "path";
import * as ts from "typescript";
import { loadProtocols } from "../../codegen/cli";
import { emitTypeScript } from "../../codegen/next/ts/emit";

const ROOT = resolve(__dirname, "../..");
const protocols = loadProtocols(ROOT);
const FAST = "      return JSON.stringify(value);\n    return write(value);";

type Mod = Record<string, (v: unknown) => string> & { hits(): number };

function load(name: string, fast: boolean): Mod {
  const src = emitTypeScript(protocols.find((p) => p.name === name)!);
  if (!src.includes(FAST)) throw new Error("the fast path of $encode is not where this test expects it");
  const cut = fast
    ? src.replace(FAST, "      return ($hits++, JSON.stringify(value));\n    return write(value);")
    : src.replace(FAST, "      return write(value);\n    return write(value);");
  const js = ts.transpileModule(cut + "\nlet $hits = 0;\nexport function hits(): number { return $hits; }\n", {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const module = { exports: {} as Record<string, unknown> };
  // evaluated in the test's own realm: the values below have its Object.prototype and Array.prototype
  new Function("exports", "module", js)(module.exports, module);
  return module.exports as unknown as Mod;
}

const fast = { runner: load("runner", true), jsonl: load("jsonl", true) };
const exact = { runner: load("runner", false), jsonl: load("jsonl", false) };

type Outcome = { ok: true; text: string } | { ok: false; code: string; pointer: string };
function outcome(f: (v: unknown) => string, v: unknown): Outcome {
  try {
    return { ok: true, text: f(v) };
  } catch (e) {
    const x = e as { name: string; code: string; pointer: string };
    if (x.name !== "EncodeError") throw e;
    return { ok: false, code: x.code, pointer: x.pointer };
  }
}

/** Encodes v both ways; returns whether the fast path wrote it. */
function same(proto: "runner" | "jsonl", encoder: string, v: unknown): boolean {
  const before = fast[proto].hits();
  const a = outcome(fast[proto][encoder]!, v);
  // (a value refused after the first write, by the full check, counts as not taken)
  const took = fast[proto].hits() > before && a.ok;
  expect(a).toEqual(outcome(exact[proto][encoder]!, v));
  if (took) expect(a).toEqual({ ok: true, text: JSON.stringify(v) });
  return took;
}

const delta = () => ({
  attachment: "att-1",
  turn: "turn-1",
  event: "assistant.delta",
  data: { text: 'hé \u2028 "x"' },
});
const message = () => ({
  attachment: "att-1",
  turn: "turn-2",
  event: "assistant.message",
  data: { text: "done", usage: { input: 3, output: -0 }, stop_reason: "stop" },
});
const open = () => ({
  attachment: "att-1",
  id: "req-1",
  method: "open",
  params: {
    session_id: "s",
    dir: "/home/u",
    config: { model: "m", tools: ["echo"] },
    tools: [{ name: "echo", description: "d", input_schema: { type: "object", b: 1, a: [1, { z: null }] } }],
    provider: { api_key: "k" },
  },
});

describe("the encoders' fast path", () => {
  test("canonical values take it and write what the exact writer writes", () => {
    for (const v of [delta(), message(), open()]) expect(same("runner", "encodeRunnerFrame", v)).toBe(true);
    expect(same("jsonl", "encodeTextEvent", { type: "text", text: "t", extra: { b: [1, 2], a: "x" } })).toBe(true);
  });

  test("declared properties out of schema order: exact writer", () => {
    const v = delta();
    expect(
      same("runner", "encodeRunnerFrame", { turn: v.turn, attachment: v.attachment, event: v.event, data: v.data }),
    ).toBe(false);
    // nested: the order of a typed object inside a free-form-free value
    const m = message();
    m.data = { usage: m.data.usage, text: m.data.text, stop_reason: m.data.stop_reason } as never;
    expect(same("runner", "encodeRunnerFrame", m)).toBe(false);
    const u = message();
    u.data.usage = { output: 1, input: 2 } as never;
    expect(same("runner", "encodeRunnerFrame", u)).toBe(false);
    // a typed object inside a typed array
    const o = open();
    o.params.tools = [{ description: "d", name: "echo", input_schema: { type: "object" } }] as never;
    expect(same("runner", "encodeRunnerFrame", o)).toBe(false);
  });

  test("an object whose first member is optional: written with and without it, both ways", () => {
    // Provider's members are all optional; the exact writer opens such an object without a member
    for (const provider of [{}, { base_url: "u" }, { api: "a", base_url: "u" }, { api_key: "k", api: "a" }]) {
      const o = open();
      o.params.provider = provider as never;
      same("runner", "encodeRunnerFrame", o);
    }
  });

  test("an extra member before a declared one: exact writer; after them: fast", () => {
    expect(same("jsonl", "encodeTextEvent", { extra: 1, type: "text", text: "t" })).toBe(false);
    expect(same("jsonl", "encodeTextEvent", { type: "text", extra: 1, text: "t" })).toBe(false);
    expect(same("jsonl", "encodeTextEvent", { type: "text", text: "t", extra: 1, more: "m" })).toBe(true);
    // undefined members are written by neither
    expect(same("jsonl", "encodeTextEvent", { gone: undefined, type: "text", text: "t" })).toBe(true);
    expect(same("runner", "encodeRunnerFrame", { ...delta(), extra: undefined })).toBe(true);
  });

  test("what JSON.stringify would write differently: toJSON, non-enumerable members, prototypes", () => {
    class Frame {
      attachment = "att-1";
      turn = "t";
      event = "assistant.delta";
      data = { text: "x" };
      toJSON(): unknown {
        return { no: 1 };
      }
    }
    expect(same("runner", "encodeRunnerFrame", new Frame())).toBe(false);
    const hidden = delta();
    Object.defineProperty(hidden, "turn", { value: "t", enumerable: false });
    expect(same("runner", "encodeRunnerFrame", hidden)).toBe(false);
    const hiddenData = delta();
    Object.defineProperty(hiddenData.data, "text", { value: "x", enumerable: false });
    expect(same("runner", "encodeRunnerFrame", hiddenData)).toBe(false);
    // an optional property (ResultResponse.turn): not enumerable, inherited, undefined, present
    const result = () => ({ attachment: "a", turn: "t", id: "i", result: { x: [1] } }) as Record<string, unknown>;
    const hiddenTurn = result();
    Object.defineProperty(hiddenTurn, "turn", { value: "t", enumerable: false });
    expect(same("runner", "encodeRunnerFrame", hiddenTurn)).toBe(false);
    const noTurn = result();
    delete noTurn.turn;
    expect(same("runner", "encodeRunnerFrame", Object.assign(Object.create({ turn: "x" }), noTurn))).toBe(true);
    expect(same("runner", "encodeRunnerFrame", { ...noTurn, turn: undefined })).toBe(true);
    expect(same("runner", "encodeRunnerFrame", result())).toBe(true);
    expect(same("runner", "encodeRunnerFrame", { ...noTurn, turn: "t" })).toBe(false);
    // inherited enumerable members are written by neither
    const child = Object.assign(Object.create({ inherited: 1 }), delta());
    expect(same("runner", "encodeRunnerFrame", child)).toBe(true);
    // a typed array that is not a plain array
    class Tools extends Array<unknown> {}
    const o = open();
    o.params.tools = Tools.from(o.params.tools) as never;
    expect(same("runner", "encodeRunnerFrame", o)).toBe(false);
    for (const proto of [Object.prototype, Array.prototype] as { toJSON?: unknown }[]) {
      proto.toJSON = function (this: unknown, key: string) {
        return key === "" ? this : "replaced";
      };
      try {
        expect(same("runner", "encodeRunnerFrame", open())).toBe(false);
      } finally {
        delete proto.toJSON;
      }
    }
    expect(same("runner", "encodeRunnerFrame", open())).toBe(true);
  });

  test("refused values are refused the same way (the check runs first)", () => {
    const bad = delta();
    (bad.data as { text: unknown }).text = "\ud800";
    expect(same("runner", "encodeRunnerFrame", bad)).toBe(false);
    expect(same("runner", "encodeRunnerFrame", { ...delta(), extra: 1 })).toBe(false);
    expect(same("runner", "encodeRunnerFrame", { ...message(), data: { text: "x" } })).toBe(false);
    // free-form values that are not plain JSON (the encoder's walk of free-form values)
    class Weird {
      x = 1;
    }
    class List extends Array<unknown> {}
    let deep: unknown = 1;
    for (let i = 0; i < 1001; i++) deep = [deep];
    const sparse: unknown[] = [1];
    sparse[2] = 3;
    const nul = Object.assign(Object.create(null) as object, { a: 1 });
    for (const x of [
      new Weird(),
      List.from([1]),
      new Date(0),
      new Map(),
      () => 1,
      NaN,
      -Infinity,
      [undefined],
      sparse,
      deep,
      1n,
      nul,
    ]) {
      const o = open();
      o.params.tools[0]!.input_schema = { type: "object", a: [x] } as never;
      const v = same("runner", "encodeRunnerFrame", o);
      expect(v).toBe(x === nul);
    }
  });

  test("unpaired surrogates: refused with the check's code and pointer", () => {
    const cases: unknown[] = [];
    const d = delta();
    cases.push({ ...d, data: { text: "a\ud800b" } }, { ...d, turn: "\udfff" }, { ...d, data: { text: "\ud83d" } });
    // an unpaired surrogate before another error: utf8 at the first, as the decoder says
    cases.push({ ...d, turn: "\ud800", data: { text: 5 } }, { ...d, turn: "\ud800", extra: 1 });
    // in free-form values and their keys
    const o = open();
    o.params.tools[0]!.input_schema = { type: "object", ["k\udc00"]: 1 } as never;
    cases.push(o);
    const o2 = open();
    o2.params.tools[0]!.input_schema = { type: "object", a: ["x", "\ud800"] } as never;
    cases.push(o2);
    // a literal backslash-u-d is no surrogate: accepted, same bytes
    cases.push({ ...d, data: { text: "C:\\udir\\ud800" } });
    for (const v of cases) same("runner", "encodeRunnerFrame", v);
    // in an open object's extra member and its key
    for (const extra of [{ ["\ud800"]: 1 }, { x: "\udbff" }, { x: { y: ["\udc00"] } }])
      same("jsonl", "encodeTextEvent", { type: "text", text: "t", ...extra });
    expect(outcome(fast.runner.encodeRunnerFrame!, cases[3])).toEqual({ ok: false, code: "utf8", pointer: "/turn" });
  });

  test("property: shuffled member orders, extras and undefined members give the exact writer's bytes", () => {
    let took = 0;
    let refused = 0;
    const shuffle = (o: Record<string, unknown>, keys: number[]): Record<string, unknown> => {
      const names = Object.keys(o);
      const order = names.map((n, i) => [keys[i % keys.length]! + i / 100, n] as const).sort((a, b) => a[0] - b[0]);
      const out: Record<string, unknown> = {};
      for (const [, n] of order) out[n] = o[n];
      return out;
    };
    fc.assert(
      fc.property(
        fc.constantFrom(delta, message, open),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        fc.constantFrom(undefined, "extra", "undefined"),
        fc.constantFrom(undefined, "\ud800", "\udfff", "\\ud800", "\ud83d\ude00", 7),
        (make, keys, deep, add, bad) => {
          const v = make() as Record<string, unknown>;
          let w = shuffle(v, keys);
          if (deep) {
            const d = (w.data ?? w.params) as Record<string, unknown>;
            const s = shuffle(d, [...keys].reverse());
            if ("usage" in s) s.usage = shuffle(s.usage as Record<string, unknown>, keys);
            if ("data" in w) w.data = s;
            else w.params = s;
          }
          if (add === "extra") w = { ...w, extra: 1 };
          if (add === "undefined") w = { stray: undefined, ...w };
          if (bad !== undefined) {
            // into a typed string, a free-form string or key, as the kind of frame has them
            const at = keys[0]! % 3;
            if (at === 0) w.turn = bad;
            else if ("data" in w) (w.data as Record<string, unknown>).text = bad;
            else {
              const p = w.params as { tools: { input_schema: Record<string, unknown> }[] };
              if (at === 1) p.tools[0]!.input_schema.note = bad;
              else p.tools[0]!.input_schema = { ...p.tools[0]!.input_schema, [String(bad)]: 1 };
            }
          }
          if (same("runner", "encodeRunnerFrame", w)) took++;
          else refused++;
        },
      ),
      { numRuns: 400 },
    );
    expect(took).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  });
});
