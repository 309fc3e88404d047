// Differential testing against independent validators: on generated valid and invalid inputs, the
// TypeScript decoder's verdict equals ajv's (draft 2020-12, strict) and the Go decoder's equals
// santhosh-tekuri/jsonschema/v6's (in the one long-lived Go process), on the same schema, except
// where a wire rule deliberately differs: tests/differential-exceptions.json, filtered exactly.
import fc from "fast-check";
import { resolve } from "path";
import { agrees, explain, loadExceptions, type DiffCase, type Verdict } from "../../codegen/conformance/exceptions";
import { GoProcess } from "../../codegen/conformance/go";
import { loadAll, runs, scale } from "../../codegen/conformance/harness";
import { AjvValidators } from "../../codegen/conformance/validators";
import type { Outcome } from "../../codegen/conformance/vectors";
import { serialize } from "../../codegen/conformance/arbitrary";

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
const protocols = loadAll(ROOT);
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
      expect(decls.length).toBeGreaterThan(0);
    });

    test.each(decls.map((d) => [d.name, d] as const))("%s: decoders agree with ajv and santhosh-tekuri", async (_name, d) => {
      const open = d.type.kind === "union" && d.type.open;
      const cases = fc.sample(p.gen.input(d.name), runs(CASES_PER_DEFINITION));
      const unexplained: string[] = [];
      const goResults = await Promise.all(
        cases.map(async (c) => [await go.decode(p.name, d.name, c.bytes), await go.validate(p.name, d.name, c.bytes)] as const),
      );
      cases.forEach((c, i) => {
        const [gOut, gVal] = goResults[i]!;
        const show = (): string => `${c.mutation} ${JSON.stringify(Buffer.from(c.bytes).toString("latin1").slice(0, 160))}`;
        // TypeScript against ajv
        const ts = p.ts.decode(d.name, c.bytes);
        const tCase: DiffCase = { input: c.bytes, decoder: verdictOf(ts), valid: ajv.validate(d.name, c.bytes), openUnion: open };
        tally(`${p.name}.ts.cases`);
        if (!agrees(tCase)) {
          const id = explain(exceptions, "ts", tCase);
          if (id === undefined) unexplained.push(`TS ${JSON.stringify(tCase.decoder)} vs ajv ${tCase.valid ? "valid" : "invalid"}: ${show()}`);
          else tally(`ts:${id}`);
        }
        // Go against santhosh-tekuri
        if ("fault" in gVal) throw new Error(gVal.fault);
        const gCase: DiffCase = { input: c.bytes, decoder: verdictOf(gOut), valid: gVal.valid, openUnion: open };
        tally(`${p.name}.go.cases`);
        if (!agrees(gCase)) {
          const id = explain(exceptions, "go", gCase);
          if (id === undefined)
            unexplained.push(`Go ${JSON.stringify(gCase.decoder)} vs santhosh-tekuri ${gCase.valid ? "valid" : `invalid (${gVal.detail.slice(0, 160)})`}: ${show()}`);
          else tally(`go:${id}`);
        }
      });
      expect(unexplained).toEqual([]);
    });

    const frames = decls.filter((d) => d.frame && p.ts.frameLimit !== undefined);
    if (frames.length > 0) test.each(frames.map((d) => [d.name, d] as const))("%s: a valid frame over the frame limit is the frame-limit exception", async (_name, d) => {
      const limit = p.ts.frameLimit!;
      // a valid document padded with whitespace to one byte over the limit
      const base = fc.sample(p.gen.valid(d.name), runs(20)).map((doc) => serialize(doc));
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
        const c: DiffCase = { input: line, decoder: verdictOf(out[0]!), valid: v, frameLimit: limit, openUnion: false };
        expect(agrees(c)).toBe(false);
        expect(explain(exceptions, side, c)).toBe("frame-limit");
        tally(`${side}:frame-limit`);
      }
    });
  });
}

function tally(k: string): void {
  counts[k] = (counts[k] ?? 0) + 1;
}
