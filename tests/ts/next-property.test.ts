// Property-based tests of the NEW core (codegen/next: IR, TypeScript and Go emitters) over generated
// values of every definition of every shipped protocol (codegen/next/conformance/arbitrary.ts):
// valid values (the reference evaluator, tests/ts/helpers/evaluate.ts, accepts each whole document
// of a $defs definition), values that break one check, and mutations. Checked: decode(encode(x))
// equals x; TypeScript and Go (one long-lived Go program holding every protocol's package,
// codegen/next/conformance/gobatch.ts) agree on verdict, code, pointer and canonical bytes; the Go
// encoder, given the Go value built from the canonical text (xcheck's builders: Nullable,
// OrderedMap, unions, wrappers), writes the same bytes; nothing but DecodeError/EncodeError is
// ever thrown; the TypeScript encoder refuses exactly what its decoder rejects; nothing takes long.
import fc from "fast-check";
import { resolve } from "path";
import { runs, scale } from "../../codegen/next/conformance/harness";
import type { GoProcess } from "../../codegen/next/conformance/go";
import { describeOutcome, sameOutcome, type Outcome } from "../../codegen/next/conformance/vectors";
import { serialize, type Case } from "../../codegen/next/conformance/arbitrary";
import { buildBatch, type BatchResult } from "../../codegen/next/conformance/gobatch";
import { loadNext, schemaFolder, type NextProtocol } from "../../codegen/next/conformance/load";
import { Evaluator } from "./helpers/evaluate";

const ROOT = resolve(__dirname, "../..");
const RUNS_VALID = Math.round(300 * scale());
const RUNS_MUTATED = Math.round(1200 * scale());
const RUNS_ENCODE = Math.round(600 * scale());
const RUNS_STREAM = Math.round(80 * scale());
/** No single case may take longer than this (a 50,000-character string or 1,500 levels included). */
const MAX_MS = 15_000;

jest.setTimeout(900_000);

const PROTOCOLS = ["config", "jsonl", "runner"];
const loaded: NextProtocol[] = PROTOCOLS.map((name) =>
  loadNext(name, schemaFolder(ROOT, name), {
    oracle: (set) => {
      const ev = new Evaluator(set);
      return { accepts: (at, v) => ev.evaluate(at, v, [], 0) !== undefined };
    },
  }),
);

let batch: BatchResult;
let go: GoProcess | undefined;
beforeAll(async () => {
  batch = await buildBatch(
    ROOT,
    loaded.map((p) => ({ key: p.key, protocol: p.ir })),
  );
  go = batch.go;
  // The shipped protocols need nothing the runtime lacks, and their code compiles and vets.
  expect([...batch.failed]).toEqual([]);
  expect([...batch.pending]).toEqual([]);
  expect(batch.built.sort()).toEqual(loaded.map((p) => p.key).sort());
});
afterAll(async () => {
  await go?.close();
});

const enc = new TextEncoder();
const counts: Record<string, number> = {};
function tally(k: string): void {
  counts[k] = (counts[k] ?? 0) + 1;
}
afterAll(() => console.log(`next property cases: ${JSON.stringify(counts)}`));

/** Equality of decoded values: -0 is the integer 0 (it is written as 0), member order does not matter. */
function same(a: unknown, b: unknown): boolean {
  if (typeof a === "number" && typeof b === "number") return a === b;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return a === b;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((x, i) => same(x, (b as unknown[])[i]));
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && same((a as never)[k], (b as never)[k]))
  );
}

const latin1 = (b: Uint8Array): string => JSON.stringify(Buffer.from(b).toString("latin1").slice(0, 200));

for (const p of loaded) {
  describe(`properties of ${p.name} (new core)`, () => {
    const decls = p.gen.testable();
    const anyDecl = fc.constantFrom(
      ...decls.map((d) => ({ name: d.name, exact: p.gen.exact(d), toString: () => d.name })),
    );

    test("the reference evaluator has a valid value for every $defs definition", () => {
      for (const d of decls.filter((x) => p.gen.exact(x)))
        expect([d.name, p.gen.valid(d.name, 1) !== undefined]).toEqual([d.name, true]);
    });

    test("valid values: accepted, decode(encode(x)) equals x, Go agrees byte for byte and encodes its built value alike", async () => {
      await fc.assert(
        fc.asyncProperty(
          anyDecl.chain((d) => p.gen.arbValid(d.name).map((doc) => [d, doc] as const)),
          async ([d, doc]) => {
            if (doc === undefined) return;
            tally(`${p.name}.valid${d.exact ? "" : ".lifted"}`);
            const bytes = enc.encode(serialize(doc));
            const { outcome, value } = p.ts.decodeValue(d.name, bytes);
            const g = await go!.decode(p.key, d.name, bytes);
            if (!sameOutcome(outcome, g))
              throw new Error(`${d.name} ${latin1(bytes)}: TS ${describeOutcome(outcome)}; Go ${describeOutcome(g)}`);
            if (!("ok" in outcome && outcome.ok)) {
              // a lifted definition's origin is not its whole schema: the evaluator's verdict is not exact there
              if (d.exact)
                throw new Error(`TS rejects a valid ${d.name} ${latin1(bytes)}: ${describeOutcome(outcome)}`);
              return;
            }
            const codec = p.ts.codec(d.name);
            const again = codec.decode(enc.encode(codec.encode(value)));
            if (!same(again, value)) throw new Error(`decode(encode(x)) differs from x for ${d.name}`);
            const built = await go!.encode(p.key, d.name, outcome.canonical, outcome.canonical);
            if (!sameOutcome(outcome, built))
              throw new Error(
                `${d.name} ${outcome.canonical}: Go's value built from the canonical text encodes as ${describeOutcome(built)}`,
              );
          },
        ),
        runs(RUNS_VALID),
      );
    });

    test("broken and mutated values: TypeScript and Go agree, only DecodeError is thrown, nothing hangs", async () => {
      await fc.assert(
        fc.asyncProperty(
          anyDecl.chain((d) => p.gen.arbInput(d.name).map((c) => [d, c] as const)),
          async ([d, c]: readonly [{ name: string }, Case]) => {
            tally(`${p.name}.input.${c.mutation.includes("+") ? "stacked" : c.mutation}`);
            const t0 = Date.now();
            const t = p.ts.decode(d.name, c.bytes);
            const g = await go!.decode(p.key, d.name, c.bytes);
            const ms = Date.now() - t0;
            const what = `${d.name} ${c.mutation} ${latin1(c.bytes)}`;
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
          anyDecl.chain((d) => p.gen.arbInput(d.name).map((c) => [d, c] as const)),
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
            const what = `${d.name} ${c.mutation} ${latin1(c.bytes)}`;
            // An encoder sees no document order: its first unknown key is the first in property order,
            // which is the document order of the text JSON.stringify writes for the value.
            if (!sameOutcome(encoded, decoded) && "code" in encoded && encoded.code === "unknown_field")
              decoded = p.ts.decode(d.name, enc.encode(JSON.stringify(value)));
            if ("fault" in encoded) throw new Error(`${what}: ${encoded.fault}`);
            if ("fault" in decoded) throw new Error(`${what}: ${decoded.fault}`);
            if (!sameOutcome(encoded, decoded))
              throw new Error(`${what}: decode ${describeOutcome(decoded)}; encode ${describeOutcome(encoded)}`);
          },
        ),
        runs(RUNS_ENCODE),
      );
    });

    const frames = decls.filter((d) => d.frame);
    if (frames.length > 0)
      test("streams of generated lines: both frame readers yield the same frames at every chunk size", async () => {
        const line = fc
          .constantFrom(...frames.map((d) => d.name))
          .chain((name) => fc.tuple(fc.constant(name), fc.array(p.gen.arbInput(name), { minLength: 0, maxLength: 6 })));
        await fc.assert(
          fc.asyncProperty(
            line,
            fc.constantFrom("\n", "\r\n"),
            fc.boolean(),
            fc.integer({ min: 1, max: 9 }),
            async ([name, cases], nl, last, chunk) => {
              const parts = cases.map((c) => Buffer.from(c.bytes).toString("latin1"));
              const text = parts.join(nl) + (last ? nl : "");
              const bytes = new Uint8Array(Buffer.from(text, "latin1"));
              tally(`${p.name}.stream`);
              const sizes = [bytes.length <= 16384 ? chunk : 4096 + chunk, 0];
              const g = await go!.stream(p.key, name, bytes, sizes);
              if ("fault" in g) throw new Error(g.fault);
              for (let i = 0; i < sizes.length; i++) {
                const t = await p.ts.stream(name, bytes, sizes[i]!);
                const show = (os: Outcome[]): string => os.map(describeOutcome).join(", ");
                const gi = g[i]!;
                if (t.some((o) => "fault" in o) || t.length !== gi.length || t.some((o, j) => !sameOutcome(o, gi[j]!)))
                  throw new Error(
                    `${name} chunks of ${sizes[i]}: ${JSON.stringify(text.slice(0, 300))}\nTS [${show(t)}]\nGo [${show(gi)}]`,
                  );
              }
            },
          ),
          runs(RUNS_STREAM),
        );
      });
  });
}
