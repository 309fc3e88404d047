// The encoders (codegen/next/ts/write.ts): a checked value is written by its definition's writer, in
// schema order whatever order its members were set in. Each shipped protocol's TypeScript is emitted
// from its schema here (as `make generate` writes out/). The oracle is JSON.stringify of the same
// value built in schema order, and the decoder: what an encoder accepts, it writes as that text,
// which decodes and re-encodes to itself; what it refuses, it refuses with the code and pointer the
// decoder gives the value's JSON text (in the value's own member order, the encoder's document order).
import fc from "fast-check";
import { resolve } from "path";
import { loadProtocols } from "../../codegen/cli";
import { emitTypeScript } from "../../codegen/next/ts/emit";
import { loadGenerated } from "./helpers/compile";

const ROOT = resolve(__dirname, "../..");
const protocols = loadProtocols(ROOT);

type Mod = Record<string, (v: unknown) => unknown>;

// evaluated in the test's own realm: the values below have its Object.prototype and Array.prototype
const load = (name: string): Mod => loadGenerated(emitTypeScript(protocols.find((p) => p.name === name)!)) as Mod;

const mods = { runner: load("runner"), jsonl: load("jsonl") };
type Proto = keyof typeof mods;

type Outcome = { ok: true; text: string } | { ok: false; code: string; pointer: string };
function outcome(f: () => string): Outcome {
  try {
    return { ok: true, text: f() };
  } catch (e) {
    const x = e as { name: string; code: string; pointer: string };
    if (x.name !== "EncodeError" && x.name !== "DecodeError") throw e;
    return { ok: false, code: x.code, pointer: x.pointer };
  }
}

const encode = (proto: Proto, type: string, v: unknown) => outcome(() => mods[proto][`encode${type}`]!(v) as string);

/** v is written as JSON.stringify writes `canonical` (the same value in schema order), a text that decodes and re-encodes to itself. */
function writes(proto: Proto, type: string, v: unknown, canonical: unknown = v): void {
  const want = JSON.stringify(canonical);
  expect(encode(proto, type, v)).toEqual({ ok: true, text: want });
  const back = mods[proto][`decode${type}`]!(want);
  expect(JSON.stringify(back)).toBe(want);
  expect(encode(proto, type, back)).toEqual({ ok: true, text: want });
}

/** v is refused with the decoder's code and pointer for its JSON text. */
function refuses(proto: Proto, type: string, v: unknown): void {
  const got = encode(proto, type, v);
  expect(got.ok).toBe(false);
  expect(got).toEqual(outcome(() => (mods[proto][`decode${type}`]!(JSON.stringify(v)), "accepted")));
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
  data: { text: "done", usage: { input: 3, output: 0 }, stop_reason: "stop" },
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
const result = () => ({ attachment: "a", turn: "t", id: "i", result: { x: [1] } }) as Record<string, unknown>;

/** The object with its own members in the order of `keys` (a permutation by sort keys, repeated). */
function shuffle(o: Record<string, unknown>, keys: number[]): Record<string, unknown> {
  const names = Object.keys(o);
  const order = names.map((n, i) => [keys[i % keys.length]! + i / 100, n] as const).sort((a, b) => a[0] - b[0]);
  const out: Record<string, unknown> = {};
  for (const [, n] of order) out[n] = o[n];
  return out;
}

describe("the encoders' writers", () => {
  test("values in schema order: the text JSON.stringify writes", () => {
    for (const v of [delta(), message(), open(), result()]) writes("runner", "RunnerFrame", v);
    writes("jsonl", "TextEvent", { type: "text", text: "t", extra: { b: [1, 2], a: "x" } });
    // -0 is written as 0, as JSON.stringify writes it
    const m = message();
    m.data.usage.output = -0;
    writes("runner", "RunnerFrame", m, message());
  });

  test("declared members out of schema order, at every level: written in schema order", () => {
    const d = delta();
    writes("runner", "RunnerFrame", { turn: d.turn, data: d.data, event: d.event, attachment: d.attachment }, d);
    const m = message();
    const u = { ...m, data: { usage: { output: 0, input: 3 }, stop_reason: "stop", text: "done" } };
    writes("runner", "RunnerFrame", shuffle(u, [3, 1, 2, 0]), m);
    // a typed object inside a typed array
    const o = open();
    o.params.tools = [{ input_schema: o.params.tools[0]!.input_schema, description: "d", name: "echo" }] as never;
    writes("runner", "RunnerFrame", o, open());
  });

  test("an object whose first member is optional: written with and without it", () => {
    // Provider's members are all optional; the writer opens such an object without a member
    for (const [provider, canonical] of [
      [{}, {}],
      [{ base_url: "u" }, { base_url: "u" }],
      [
        { api: "a", base_url: "u" },
        { base_url: "u", api: "a" },
      ],
      [
        { api: "a", api_key: "k" },
        { api_key: "k", api: "a" },
      ],
    ]) {
      const [o, c] = [open(), open()];
      o.params.provider = provider as never;
      c.params.provider = canonical as never;
      writes("runner", "RunnerFrame", o, c);
    }
  });

  test("extra members of an open object: after the declared ones, in property order; undefined ones left out", () => {
    const want = { type: "text", text: "t", extra: 1, more: "m" };
    writes("jsonl", "TextEvent", { extra: 1, type: "text", more: "m", text: "t" }, want);
    writes("jsonl", "TextEvent", { type: "text", extra: 1, text: "t", more: "m" }, want);
    writes("jsonl", "TextEvent", { gone: undefined, type: "text", text: "t" }, { type: "text", text: "t" });
    writes("runner", "RunnerFrame", { ...delta(), extra: undefined }, delta());
  });

  test("what JSON.stringify alone would write differently: toJSON, non-enumerable and inherited members", () => {
    class Frame {
      attachment = "att-1";
      turn = "t";
      event = "assistant.delta";
      data = { text: "x" };
      toJSON(): unknown {
        return { no: 1 };
      }
    }
    writes("runner", "RunnerFrame", new Frame(), { ...new Frame() });
    const hidden = delta();
    Object.defineProperty(hidden, "turn", { value: "turn-1", enumerable: false });
    writes("runner", "RunnerFrame", hidden, delta());
    const hiddenData = delta();
    Object.defineProperty(hiddenData.data, "text", { value: delta().data.text, enumerable: false });
    writes("runner", "RunnerFrame", hiddenData, delta());
    // an optional property (ResultResponse.turn): not enumerable, inherited, undefined, present
    const hiddenTurn = result();
    Object.defineProperty(hiddenTurn, "turn", { value: "t", enumerable: false });
    writes("runner", "RunnerFrame", hiddenTurn, result());
    const noTurn = result();
    delete noTurn.turn;
    writes("runner", "RunnerFrame", Object.assign(Object.create({ turn: "x" }), noTurn), noTurn);
    writes("runner", "RunnerFrame", { ...noTurn, turn: undefined }, noTurn);
    writes("runner", "RunnerFrame", { ...noTurn, turn: "t" }, result());
    // a required member only inherited is missing, as JSON.stringify's text of the value lacks it
    const { attachment, ...rest } = delta();
    refuses("runner", "RunnerFrame", Object.assign(Object.create({ attachment }), rest));
    class Lent {
      get attachment(): string {
        return attachment;
      }
    }
    refuses("runner", "RunnerFrame", Object.assign(new Lent(), rest));
    expect(encode("runner", "RunnerFrame", Object.assign(new Lent(), rest))).toMatchObject({ code: "missing_field" });
    // a union's discriminator only inherited is no discriminator: the decoder's error for the text without it
    const { result: held, ...answer } = result();
    refuses("runner", "RunnerFrame", Object.assign(Object.create({ result: held }), answer));
    const { method, ...request } = open();
    refuses("runner", "RunnerFrame", Object.assign(Object.create({ method }), request));
    // inherited enumerable members are not written
    writes("runner", "RunnerFrame", Object.assign(Object.create({ inherited: 1 }), delta()), delta());
    // a typed array that is not a plain array
    class Tools extends Array<unknown> {}
    const o = open();
    o.params.tools = Tools.from(o.params.tools) as never;
    writes("runner", "RunnerFrame", o, open());
  });

  test("refused values: the decoder's code and pointer (the check runs first)", () => {
    const bad = delta();
    (bad.data as { text: unknown }).text = 5;
    refuses("runner", "RunnerFrame", bad);
    refuses("runner", "RunnerFrame", { ...delta(), extra: 1 });
    refuses("runner", "RunnerFrame", { ...message(), data: { text: "x" } });
    // free-form values that are not plain JSON (the encoder's walk of free-form values)
    class Weird {
      x = 1;
    }
    class List extends Array<unknown> {}
    let deep: unknown = 1;
    for (let i = 0; i < 1001; i++) deep = [deep];
    const sparse: unknown[] = [1];
    sparse[2] = 3;
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
      1n,
    ]) {
      const o = open();
      o.params.tools[0]!.input_schema = { type: "object", a: [x] } as never;
      expect(encode("runner", "RunnerFrame", o).ok).toBe(false);
    }
    // depth: the decoder says the same of the text
    const o = open();
    o.params.tools[0]!.input_schema = { type: "object", a: [deep] } as never;
    refuses("runner", "RunnerFrame", o);
    // an object without a prototype is plain JSON
    const nul = Object.assign(Object.create(null) as object, { a: 1 });
    const withNul = open();
    withNul.params.tools[0]!.input_schema = { type: "object", a: [nul] } as never;
    const plainA = open();
    plainA.params.tools[0]!.input_schema = { type: "object", a: [{ a: 1 }] } as never;
    writes("runner", "RunnerFrame", withNul, plainA);
  });

  test("unpaired surrogates: refused with the decoder's code and pointer", () => {
    const d = delta();
    const cases: unknown[] = [
      { ...d, data: { text: "a\ud800b" } },
      { ...d, turn: "\udfff" },
      { ...d, data: { text: "\ud83d" } },
    ];
    // an unpaired surrogate before another error: utf8 at the first, as the decoder says
    cases.push({ ...d, turn: "\ud800", data: { text: 5 } }, { ...d, turn: "\ud800", extra: 1 });
    // in free-form values and their keys
    const o = open();
    o.params.tools[0]!.input_schema = { type: "object", ["k\udc00"]: 1 } as never;
    const o2 = open();
    o2.params.tools[0]!.input_schema = { type: "object", a: ["x", "\ud800"] } as never;
    cases.push(o, o2);
    for (const v of cases) refuses("runner", "RunnerFrame", v);
    expect(encode("runner", "RunnerFrame", cases[3])).toEqual({ ok: false, code: "utf8", pointer: "/turn" });
    // in an open object's extra member and its key
    for (const extra of [{ ["\ud800"]: 1 }, { x: "\udbff" }, { x: { y: ["\udc00"] } }])
      refuses("jsonl", "TextEvent", { type: "text", text: "t", ...extra });
    // a literal backslash-u-d is no surrogate
    writes("runner", "RunnerFrame", { ...d, data: { text: "C:\\udir\\ud800" } });
  });

  test("strings JSON.stringify escapes, short and long (the writer quotes short plain ones itself)", () => {
    const texts = [
      'say "hi"',
      "back\\slash",
      "line\nbreak",
      "\u0000",
      "\u001f",
      "\u007f",
      "\u2028\u2029",
      "é",
      "\ud83d\ude00",
    ];
    for (const n of [511, 512, 513, 4096]) texts.push("x".repeat(n), '"'.repeat(n), "x".repeat(n - 1) + "\n");
    for (const text of texts) {
      const d = delta();
      writes("runner", "RunnerFrame", { ...d, turn: text, data: { text } });
    }
    fc.assert(
      fc.property(
        fc.string({ unit: "binary", maxLength: 40 }),
        fc.string({ unit: "binary-ascii", maxLength: 600 }),
        (a, b) => {
          writes("runner", "RunnerFrame", { ...delta(), attachment: "a" + a, data: { text: b } });
        },
      ),
      { numRuns: 300 },
    );
  });

  test("a toJSON on Object.prototype or Array.prototype: free-form values are written as they are, not as toJSON returns", () => {
    const frames = [open(), result(), { ...delta(), extra: 1 }];
    const want = frames.map((v) => encode("runner", "RunnerFrame", v));
    const wantText = encode("jsonl", "TextEvent", { type: "text", text: "t", extra: { a: [1, { b: 2 }] } });
    for (const proto of [Object.prototype, Array.prototype]) {
      Object.defineProperty(proto, "toJSON", { value: () => "replaced", configurable: true, writable: true });
      try {
        frames.forEach((v, i) => expect(encode("runner", "RunnerFrame", v)).toEqual(want[i]));
        expect(encode("jsonl", "TextEvent", { type: "text", text: "t", extra: { a: [1, { b: 2 }] } })).toEqual(
          wantText,
        );
      } finally {
        delete (proto as { toJSON?: unknown }).toJSON;
      }
    }
  });

  test("property: shuffled member orders, extras, undefined members and bad strings", () => {
    let accepted = 0;
    let refused = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(delta, message, open),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        fc.constantFrom(undefined, "extra", "undefined"),
        fc.constantFrom(undefined, "\ud800", "\udfff", "\\ud800", "\ud83d\ude00", 7),
        (make, keys, deep, add, bad) => {
          // the same changes made to a value in schema order and to a shuffled one
          const build = (shuffled: boolean): Record<string, unknown> => {
            const v = make() as Record<string, unknown>;
            let w = shuffled ? shuffle(v, keys) : v;
            if (shuffled && deep) {
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
            return w;
          };
          const w = build(true);
          if (encode("runner", "RunnerFrame", w).ok) {
            writes("runner", "RunnerFrame", w, build(false));
            accepted++;
          } else {
            refuses("runner", "RunnerFrame", w);
            refused++;
          }
        },
      ),
      { numRuns: 400 },
    );
    expect(accepted).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  });
});
