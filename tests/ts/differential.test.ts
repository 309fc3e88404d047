// Differential testing against independent validators: on generated valid and invalid inputs, the
// TypeScript decoder's verdict equals ajv's (draft 2020-12, strict) and the Go decoder's equals
// santhosh-tekuri/jsonschema/v6's (in the one long-lived Go process), on the same schema, except
// where a wire rule deliberately differs: tests/differential-exceptions.json, filtered exactly.
import fc from "fast-check";
import { readdirSync, readFileSync } from "fs";
import { join, resolve } from "path";
import {
  agrees,
  explain,
  loadExceptions,
  type DiffCase,
  type Scalar,
  type Verdict,
} from "../../codegen/next/conformance/exceptions";
import type { Dispatch } from "../../codegen/next/ir/types";
import { GoProcess } from "../../codegen/next/conformance/go";
import { loadShipped, runs, scale } from "../../codegen/next/conformance/harness";
import { AjvValidators } from "../../codegen/next/conformance/validators";
import type { Outcome } from "../../codegen/next/conformance/vectors";
import { serialize, type Doc } from "../../codegen/next/conformance/arbitrary";
import { Evaluator } from "./helpers/evaluate";

const ROOT = resolve(__dirname, "../..");
const CASES_PER_DEFINITION = Math.round(120 * scale());

jest.setTimeout(600_000);

let go: GoProcess;
beforeAll(() => {
  go = GoProcess.start(ROOT);
});
afterAll(async () => {
  await go?.close();
});

function verdictOf(o: Outcome): Verdict {
  if ("fault" in o) throw new Error(o.fault);
  if ("ignored" in o) return { kind: "ignored" };
  if (o.ok) return { kind: "ok" };
  return { kind: "error", code: o.code, pointer: o.pointer };
}

const exceptions = loadExceptions(ROOT);
/**
 * From the schema files themselves: per protocol, the $defs that are not x-constant (each has a
 * decoder to compare: runner 43, jsonl 8) and the x-frame ones of a protocol with a frame limit
 * (runner 3, jsonl none).
 */
function schemaCounts(protocol: string): { definitions: number; limitedFrames: number } {
  const dir = join(ROOT, "schema", protocol);
  const defs = readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .flatMap((f) =>
      Object.values(
        (JSON.parse(readFileSync(join(dir, f), "utf8")) as { $defs?: Record<string, Record<string, unknown>> }).$defs ??
          {},
      ),
    );
  const limited = defs.some((d) => d["x-constant"] === "frame-limit");
  return {
    definitions: defs.filter((d) => d["x-constant"] === undefined).length,
    limitedFrames: limited ? defs.filter((d) => d["x-frame"] === true).length : 0,
  };
}
// the new core's IR and value generator (valid values judged by the reference evaluator), the committed out/
const protocols = loadShipped(ROOT, (set) => {
  const ev = new Evaluator(set);
  return { accepts: (at, v) => ev.evaluate(at, v, [], 0) !== undefined };
});
const counts: Record<string, number> = {};

afterAll(() => {
  // the numbers of the report: cases per protocol and side, and how often each exception applied
  console.log(`differential: ${JSON.stringify(counts)}`);
});

for (const p of protocols) {
  describe(`differential ${p.name}`, () => {
    const ajv = new AjvValidators(ROOT, p.name);
    // definitions that are $defs of the schema (hoisted ones have no pointer of their own there)
    const decls = p.gen.testable().filter((d) => ajv.has(d.name) && d.origin.pointer === `/$defs/${d.name}`);

    test("every definition with a decoder is compared", () => {
      // the $defs of schema/<protocol> that are not x-constant (those have no decoder)
      expect({ runner: 43, jsonl: 8, config: 3 }[p.name]).toBe(decls.length);
      expect(decls.length).toBe(schemaCounts(p.name).definitions);
    });

    test.each(decls.map((d) => [d.name, d] as const))(
      "%s: decoders agree with ajv and santhosh-tekuri",
      async (_name, d) => {
        const open = d.type.kind === "union" && d.type.open;
        const discriminators =
          d.type.kind === "union" && d.type.dispatch !== undefined ? discriminatorsOf(d.type.dispatch) : {};
        const cases = fc.sample(p.gen.arbInput(d.name), runs(CASES_PER_DEFINITION));
        const unexplained: string[] = [];
        const goResults = await Promise.all(
          cases.map(
            async (c) =>
              [await go.decode(p.name, d.name, c.bytes), await go.validate(p.name, d.name, c.bytes)] as const,
          ),
        );
        const goValid = async (b: Uint8Array): Promise<boolean> => {
          const r = await go.validate(p.name, d.name, b);
          if ("fault" in r) throw new Error(r.fault);
          return r.valid;
        };
        for (let i = 0; i < cases.length; i++) {
          const c = cases[i]!;
          const [gOut, gVal] = goResults[i]!;
          const show = (): string =>
            `${c.mutation} ${JSON.stringify(Buffer.from(c.bytes).toString("latin1").slice(0, 160))}`;
          // TypeScript against ajv
          const ts = p.ts.decode(d.name, c.bytes);
          const aj = ajv.check(d.name, c.bytes);
          const tCase: DiffCase = {
            input: c.bytes,
            decoder: verdictOf(ts),
            valid: aj.valid,
            validatorPointers: aj.pointers,
            revalidate: (b) => ajv.validate(d.name, b),
            openUnion: open,
            discriminators,
          };
          tally(`${p.name}.ts.cases`);
          if (!agrees(tCase)) {
            const id = await explain(exceptions, "ts", tCase);
            if (id === undefined)
              unexplained.push(
                `TS ${JSON.stringify(tCase.decoder)} vs ajv ${tCase.valid ? "valid" : `invalid at ${JSON.stringify(aj.pointers)}`}: ${show()}`,
              );
            else tally(`ts:${id}`);
          }
          // Go against santhosh-tekuri
          if ("fault" in gVal) throw new Error(gVal.fault);
          const gCase: DiffCase = {
            input: c.bytes,
            decoder: verdictOf(gOut),
            valid: gVal.valid,
            validatorPointers: gVal.pointers,
            revalidate: goValid,
            openUnion: open,
            discriminators,
          };
          tally(`${p.name}.go.cases`);
          if (!agrees(gCase)) {
            const id = await explain(exceptions, "go", gCase);
            if (id === undefined)
              unexplained.push(
                `Go ${JSON.stringify(gCase.decoder)} vs santhosh-tekuri ${gCase.valid ? "valid" : `invalid at ${JSON.stringify(gVal.pointers)} (${gVal.detail.slice(0, 160)})`}: ${show()}`,
              );
            else tally(`go:${id}`);
          }
        }
        expect(unexplained).toEqual([]);
      },
    );

    const frames = decls.filter((d) => d.frame && p.ts.frameLimit !== undefined);
    test("the frame limit is checked on every frame definition of a protocol that has one", () => {
      expect(frames.length).toBe(schemaCounts(p.name).limitedFrames);
      expect({ runner: 3, jsonl: 0, config: 0 }[p.name]).toBe(frames.length);
    });
    if (frames.length > 0)
      test.each(frames.map((d) => [d.name, d] as const))(
        "%s: a valid frame over the frame limit is the frame-limit exception",
        async (_name, d) => {
          const limit = p.ts.frameLimit!;
          // a valid document padded with whitespace to one byte over the limit
          const valid = p.gen.arbValid(d.name).filter((x): x is Doc => x !== undefined);
          const base = fc.sample(valid, runs(20)).map((doc) => serialize(doc));
          const text = base.find((t) => p.ts.decode(d.name, new TextEncoder().encode(t)).hasOwnProperty("canonical"))!;
          const line = new TextEncoder().encode(text + " ".repeat(limit + 1 - Buffer.byteLength(text)));
          const stream = new Uint8Array(line.length + 1);
          stream.set(line);
          stream[line.length] = 0x0a;
          const ts = await p.ts.stream(d.name, stream, 65536);
          const g = await go.stream(p.name, d.name, stream, [65536]);
          if ("fault" in g) throw new Error(g.fault);
          for (const [side, out, valid] of [
            ["ts", ts, ajv.validate(d.name, line)],
            ["go", g[0]!, (await go.validate(p.name, d.name, line)) as { valid: boolean }],
          ] as const) {
            expect(out.length).toBe(1);
            const v = typeof valid === "boolean" ? valid : valid.valid;
            const c: DiffCase = {
              input: line,
              decoder: verdictOf(out[0]!),
              valid: v,
              frameLimit: limit,
              openUnion: false,
            };
            expect(agrees(c)).toBe(false);
            expect(await explain(exceptions, side, c)).toBe("frame-limit");
            tally(`${side}:frame-limit`);
          }
        },
      );
  });
}

// The exceptions themselves, on hand-made disagreements: each one explains only what happens at
// the pointer where the verdicts differ (validators: santhosh-tekuri for "go", ajv for "ts").
describe("exceptions are checked where the verdicts differ", () => {
  const enc = new TextEncoder();
  const goCase = async (
    protocol: string,
    type: string,
    text: string,
    decoder: Verdict,
    extra: Partial<DiffCase> = {},
  ): Promise<DiffCase> => {
    const input = enc.encode(text);
    const r = await go.validate(protocol, type, input);
    if ("fault" in r) throw new Error(r.fault);
    const revalidate = async (b: Uint8Array): Promise<boolean> => {
      const again = await go.validate(protocol, type, b);
      if ("fault" in again) throw new Error(again.fault);
      return again.valid;
    };
    return { input, decoder, valid: r.valid, validatorPointers: r.pointers, revalidate, openUnion: false, ...extra };
  };
  const ok: Verdict = { kind: "ok" };
  const err = (code: string, pointer: string): Verdict => ({ kind: "error", code, pointer });
  const explained = async (side: "ts" | "go", c: DiffCase): Promise<string | undefined> =>
    agrees(c) ? "agrees" : explain(exceptions, side, c);

  const open = { openUnion: true, discriminators: { type: ["text", "usage"] } };
  const ignored: Verdict = { kind: "ignored" };
  const deep = (n: number): string => "[".repeat(n) + "]".repeat(n);
  // [what it shows, side, protocol, type, input, the decoder's verdict, the explanation (undefined:
  // none applies), further case fields]
  type Row = [string, "ts" | "go", string, string, string, Verdict, string | undefined, Partial<DiffCase>?];
  const rows: Row[] = [
    // ieee-double-numbers: an inexact number elsewhere explains nothing
    [
      "Go accepts a ToolCall without its name, 0.1 in its arguments",
      "go",
      "runner",
      "ToolCall",
      '{"id":"c","arguments":{"x":0.1}}',
      ok,
      undefined,
    ],
    [
      "the inexact number is where the validator objects, and more",
      "go",
      "runner",
      "Usage",
      '{"input":1.0000000000000001}',
      ok,
      undefined,
    ],
    [
      "a rejection at a pointer with no inexact number",
      "go",
      "runner",
      "ToolCall",
      '{"id":"c","name":"n","arguments":{"x":0.1}}',
      err("range", "/id"),
      undefined,
    ],
    [
      "a range rejection of an exact number",
      "go",
      "runner",
      "Usage",
      '{"input":1,"output":10}',
      err("range", "/output"),
      undefined,
    ],
    // ieee-double-numbers: the inexact number at the pointer, read as its double, is the whole difference
    [
      "an inexact number read as its double",
      "go",
      "runner",
      "Usage",
      '{"input":1.0000000000000001,"output":0}',
      ok,
      "ieee-double-numbers",
    ],
    [
      "an underflow read as its double",
      "go",
      "runner",
      "Usage",
      '{"input":1,"output":-1e-400}',
      ok,
      "ieee-double-numbers",
    ],
    [
      "a go-only exception asked of ts",
      "ts",
      "runner",
      "Usage",
      '{"input":1.0000000000000001,"output":0}',
      ok,
      undefined,
    ],
    // ignored is a verdict of its own: never for a valid line, nor for a known discriminator
    ["a valid line ignored", "go", "jsonl", "HarnessEvent", '{"type":"text","text":"hi"}', ignored, undefined, open],
    ["a known discriminator ignored", "go", "jsonl", "HarnessEvent", '{"type":"text"}', ignored, undefined, open],
    [
      "an unknown discriminator value",
      "go",
      "jsonl",
      "HarnessEvent",
      '{"type":"nope"}',
      ignored,
      "open-union-ignored",
      open,
    ],
    [
      "a discriminator of another kind",
      "go",
      "jsonl",
      "HarnessEvent",
      '{"type":1}',
      ignored,
      "open-union-ignored",
      open,
    ],
    ["a line that is not JSON", "go", "jsonl", "HarnessEvent", "not json", ignored, "open-union-ignored", open],
    ["a valid line accepted", "go", "jsonl", "HarnessEvent", '{"type":"text","text":"hi"}', ok, "agrees", open],
    // ill-formed text, nesting and numbers out of range: at the decoder's pointer only
    [
      "a lone surrogate at the pointer",
      "go",
      "runner",
      "Text",
      '{"text":"\\ud800"}',
      err("utf8", "/text"),
      "unpaired-surrogate",
    ],
    [
      "a lone surrogate in a key of the object at the pointer",
      "go",
      "runner",
      "ToolCall",
      '{"id":"c","name":"n","arguments":{"\\ud800":1}}',
      err("utf8", "/arguments"),
      "unpaired-surrogate",
    ],
    [
      "a lone surrogate below the pointer",
      "go",
      "runner",
      "ToolCall",
      '{"id":"c","name":"n","arguments":{"a":"\\ud800"}}',
      err("utf8", "/arguments"),
      undefined,
    ],
    [
      "a lone surrogate elsewhere",
      "go",
      "runner",
      "ToolCall",
      '{"id":"\\ud800x","name":"n","arguments":{}}',
      err("utf8", "/name"),
      undefined,
    ],
    [
      "nesting beyond the limit at the pointer",
      "go",
      "runner",
      "ToolCall",
      `{"id":"c","name":"n","arguments":{"a":${deep(1000)}}}`,
      err("depth", "/arguments/a" + "/0".repeat(998)),
      "nesting-limit",
    ],
    [
      "a depth error at another pointer",
      "go",
      "runner",
      "ToolCall",
      `{"id":"c","name":"n","arguments":{"a":${deep(1000)}}}`,
      err("depth", "/arguments/a" + "/0".repeat(990)),
      undefined,
    ],
    [
      "an unsafe integer at the pointer",
      "go",
      "runner",
      "Usage",
      '{"input":9007199254740993,"output":0}',
      err("range", "/input"),
      "integer-range",
    ],
    [
      "an unsafe integer elsewhere",
      "go",
      "runner",
      "Usage",
      '{"input":9007199254740993,"output":0}',
      err("range", "/output"),
      undefined,
    ],
    // a union that rejects a number out of range may report another variant's error (any code but range)
    [
      "a rejected union over 1e400",
      "go",
      "runner",
      "ToolCall",
      '{"id":"c","name":"n","arguments":{"x":1e400}}',
      err("unknown_field", "/arguments/x"),
      "integer-range-in-a-rejected-union",
    ],
    [
      "a rejected union with no such number",
      "go",
      "runner",
      "ToolCall",
      '{"id":"c","name":"n","arguments":{"x":1}}',
      err("unknown_field", "/arguments/x"),
      undefined,
    ],
  ];
  for (const [what, side, protocol, type, text, decoder, explanation, extra] of rows)
    test(what, async () => {
      expect(await explained(side, await goCase(protocol, type, text, decoder, extra))).toBe(explanation);
    });
});

/** The values of each const discriminator key that pick a variant (for the open-union exception). */
function discriminatorsOf(d: Dispatch, out: Record<string, Scalar[]> = {}): Record<string, Scalar[]> {
  switch (d.by) {
    case "const":
      for (const c of d.cases) {
        (out[d.key] ??= []).push(c.value);
        discriminatorsOf(c.next, out);
      }
      break;
    case "kind":
      for (const c of d.cases) discriminatorsOf(c.next, out);
      break;
    case "presence":
      discriminatorsOf(d.present, out);
      discriminatorsOf(d.absent, out);
      break;
  }
  return out;
}

function tally(k: string): void {
  counts[k] = (counts[k] ?? 0) + 1;
}
