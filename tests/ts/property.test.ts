// Property-based tests over generated values of EVERY definition of every protocol, from the IR
// (codegen/conformance/arbitrary.ts): valid values and mutations of them. Checked: decode(encode(x))
// equals x; TypeScript and Go (one long-lived Go process) agree on verdict, code, pointer and
// canonical bytes; nothing but DecodeError/EncodeError is ever thrown; the encoder refuses exactly
// what the decoder rejects; nothing takes long (sizes are bounded).
import fc from "fast-check";
import { resolve } from "path";
import { serialize, type Case } from "../../codegen/conformance/arbitrary";
import { GoProcess } from "../../codegen/conformance/go";
import { loadAll, runs, scale } from "../../codegen/conformance/harness";
import { describeOutcome, sameOutcome, type Outcome } from "../../codegen/conformance/vectors";

const ROOT = resolve(__dirname, "../..");
const RUNS_VALID = Math.round(400 * scale());
const RUNS_MUTATED = Math.round(1500 * scale());
const RUNS_ENCODE = Math.round(800 * scale());
const RUNS_STREAM = Math.round(100 * scale());
/** No single case may take longer than this (a 50,000-character string or 1,500 levels included; generous, for loaded CI machines). */
const MAX_MS = 15_000;

jest.setTimeout(900_000);

let go: GoProcess;
beforeAll(() => {
  go = GoProcess.start(ROOT);
});
afterAll(async () => {
  await go?.close();
});

const enc = new TextEncoder();
const counts: Record<string, number> = {};
function tally(k: string): void {
  counts[k] = (counts[k] ?? 0) + 1;
}
afterAll(() => console.log(`property cases: ${JSON.stringify(counts)}`));

/** Equality of decoded values: -0 is the integer 0 (it is written as 0), member order does not matter. */
function same(a: unknown, b: unknown): boolean {
  if (typeof a === "number" && typeof b === "number") return a === b;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return a === b;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((x, i) => same(x, (b as unknown[])[i]));
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && same((a as never)[k], (b as never)[k]));
}

for (const p of loadAll(ROOT)) {
  describe(`properties of ${p.name}`, () => {
    const decls = p.gen.testable();
    /** A definition, shown by its name in counterexamples. */
    const anyDecl = fc.constantFrom(...decls.map((d) => ({ name: d.name, toString: () => d.name })));

    test("valid values: accepted, decode(encode(x)) equals x, and Go agrees byte for byte", async () => {
      await fc.assert(
        fc.asyncProperty(
          anyDecl.chain((d) => p.gen.valid(d.name).map((doc) => [d, doc] as const)),
          async ([d, doc]) => {
            tally(`${p.name}.valid`);
            const bytes = enc.encode(serialize(doc));
            const { outcome, value } = p.ts.decodeValue(d.name, bytes);
            if (!("ok" in outcome && outcome.ok)) throw new Error(`TS rejects a valid ${d.name}: ${describeOutcome(outcome)}`);
            const codec = p.ts.codec(d.name);
            const again = codec.decode(enc.encode(codec.encode(value)));
            if (!same(again, value)) throw new Error(`decode(encode(x)) differs from x for ${d.name}`);
            const g = await go.decode(p.name, d.name, bytes);
            if (!sameOutcome(outcome, g)) throw new Error(`TS ${describeOutcome(outcome)}; Go ${describeOutcome(g)}`);
          },
        ),
        runs(RUNS_VALID),
      );
    });

    test("mutated values: TypeScript and Go agree, only DecodeError is thrown, nothing hangs", async () => {
      await fc.assert(
        fc.asyncProperty(
          anyDecl.chain((d) => p.gen.input(d.name).map((c) => [d, c] as const)),
          async ([d, c]: readonly [{ name: string }, Case]) => {
            tally(`${p.name}.mutated.${c.mutation.includes("+") ? "stacked" : c.mutation}`);
            const t0 = Date.now();
            const t = p.ts.decode(d.name, c.bytes);
            const g = await go.decode(p.name, d.name, c.bytes);
            const ms = Date.now() - t0;
            const what = `${d.name} ${c.mutation} ${JSON.stringify(Buffer.from(c.bytes).toString("latin1").slice(0, 200))}`;
            if ("fault" in t) throw new Error(`${what}: ${t.fault}`);
            if ("fault" in g) throw new Error(`${what}: ${g.fault}`);
            if (!sameOutcome(t, g)) throw new Error(`${what}: TS ${describeOutcome(t)}; Go ${describeOutcome(g)}`);
            if (ms > MAX_MS) throw new Error(`${what}: took ${ms} ms`);
          },
        ),
        runs(RUNS_MUTATED),
      );
    });

    test("the encoder refuses exactly what the decoder rejects, with the same code and pointer (rule 18)", () => {
      fc.assert(
        fc.property(
          anyDecl.chain((d) => p.gen.input(d.name).map((c) => [d, c] as const)),
          ([d, c]: readonly [{ name: string }, Case]) => {
            let value: unknown;
            try {
              value = JSON.parse(new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(c.bytes));
            } catch {
              return; // only values JSON.parse gives can be handed to an encoder
            }
            tally(`${p.name}.encode`);
            let decoded = p.ts.decode(d.name, c.bytes);
            if ("ignored" in decoded) return; // an open union ignored it: there is nothing an encoder could write
            const encoded: Outcome = p.ts.encode(d.name, value);
            const what = `${d.name} ${c.mutation} ${JSON.stringify(Buffer.from(c.bytes).toString("latin1").slice(0, 200))}`;
            // An encoder sees no document order: its first unknown key is the first in property order,
            // which is the document order of the text JSON.stringify writes for the value
            // (codegen/SEMANTICS.md, "Encoding"); that text is the oracle when the two orders differ.
            if (!sameOutcome(encoded, decoded) && "code" in encoded && encoded.code === "unknown_field")
              decoded = p.ts.decode(d.name, enc.encode(JSON.stringify(value)));
            if ("fault" in encoded) throw new Error(`${what}: ${encoded.fault}`);
            if ("fault" in decoded) throw new Error(`${what}: ${decoded.fault}`);
            if (!sameOutcome(encoded, decoded)) throw new Error(`${what}: decode ${describeOutcome(decoded)}; encode ${describeOutcome(encoded)}`);
          },
        ),
        runs(RUNS_ENCODE),
      );
    });

    const frames = decls.filter((d) => d.frame);
    if (frames.length > 0)
      test("streams of generated lines: both frame readers yield the same frames at every chunk size", async () => {
        const line = fc.constantFrom(...frames.map((d) => d.name)).chain((name) => fc.tuple(fc.constant(name), fc.array(p.gen.input(name), { minLength: 0, maxLength: 6 })));
        await fc.assert(
          fc.asyncProperty(line, fc.constantFrom("\n", "\r\n"), fc.boolean(), fc.integer({ min: 1, max: 9 }), async ([name, cases], nl, last, chunk) => {
            const parts = cases.map((c) => Buffer.from(c.bytes).toString("latin1"));
            const text = parts.join(nl) + (last ? nl : "");
            const bytes = new Uint8Array(Buffer.from(text, "latin1"));
            tally(`${p.name}.stream`);
            // tiny chunks split every character and token; long streams (50,000-character strings) get bigger ones
            const sizes = [bytes.length <= 16384 ? chunk : 4096 + chunk, 0];
            const g = await go.stream(p.name, name, bytes, sizes);
            if ("fault" in g) throw new Error(g.fault);
            for (let i = 0; i < sizes.length; i++) {
              const t = await p.ts.stream(name, bytes, sizes[i]!);
              const show = (os: Outcome[]): string => os.map(describeOutcome).join(", ");
              const gi = g[i]!;
              if (t.some((o) => "fault" in o) || t.length !== gi.length || t.some((o, j) => !sameOutcome(o, gi[j]!)))
                throw new Error(`${name} chunks of ${sizes[i]}: ${JSON.stringify(text.slice(0, 300))}\nTS [${show(t)}]\nGo [${show(gi)}]`);
            }
          }),
          runs(RUNS_STREAM),
        );
      });
  });
}
