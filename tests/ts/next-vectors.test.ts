// Every shared vector (vectors/<protocol>/*.jsonl, vectors/README.md) through the NEW core: the
// TypeScript of codegen/next/ts/emit.ts loaded in memory and the Go of codegen/next/go/emit.ts in
// one program (codegen/next/conformance/gobatch.ts), each checked against the vector's own
// expectation (verdict, code, pointer, canonical bytes; streams at every chunk size; rule 16: no
// error message quotes a string of the input) and against each other. The wire rules' guard for
// the new core (tests/ts/vectors.test.ts checks out/, which the old emitters made, until the switch).
import { readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import type { GoProcess } from "../../codegen/next/conformance/go";
import { chunkSizes, quotedStrings, schemaWords } from "../../codegen/next/conformance/run";
import {
  describeOutcome,
  expected,
  inputBytes,
  readVectorFile,
  sameOutcome,
  type Outcome,
  type Vector,
} from "../../codegen/next/conformance/vectors";
import { buildBatch, type BatchResult } from "../../codegen/next/conformance/gobatch";
import { loadNext, schemaFolder, type NextProtocol } from "../../codegen/next/conformance/load";

const ROOT = resolve(__dirname, "../..");

jest.setTimeout(900_000);

const protocols = new Map<string, NextProtocol>(
  readdirSync(join(ROOT, "vectors"), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => [d.name, loadNext(d.name, schemaFolder(ROOT, d.name))]),
);
const files = [...protocols.keys()].sort().flatMap((p) =>
  readdirSync(join(ROOT, "vectors", p))
    .filter((f) => f.endsWith(".jsonl"))
    .sort()
    .map((f) => join("vectors", p, f)),
);

let batch: BatchResult;
let go: GoProcess | undefined;
beforeAll(async () => {
  batch = await buildBatch(
    ROOT,
    [...protocols.values()].map((p) => ({ key: p.key, protocol: p.ir })),
  );
  go = batch.go;
  expect([...batch.failed, ...batch.pending]).toEqual([]);
});
afterAll(async () => {
  await go?.close();
});

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

async function problemsOf(v: Vector): Promise<string[]> {
  const p = protocols.get(v.protocol)!;
  const type = p.key + v.type;
  const out: string[] = [];
  if (!p.ts.has(type)) return [`the new core has no definition ${v.type} in ${v.protocol}`];
  const bytes = inputBytes(v.input);
  const secrets = quotedStrings(bytes, schemaWords(ROOT, v.protocol));
  const check = (side: string, got: Outcome, want: Outcome, what = ""): void => {
    if ("fault" in got) out.push(`${side}${what}: ${got.fault}`);
    else if (!sameOutcome(got, want))
      out.push(`${side}${what}: got ${describeOutcome(got)}, want ${describeOutcome(want)}`);
    if ("message" in got && got.message !== undefined && secrets.some((s) => got.message!.includes(s)))
      out.push(`${side}${what}: the error message quotes a string of the input (rule 16)`);
  };
  if (v.via === "decode") {
    const want = expected(v.expect as never);
    check("TypeScript", p.ts.decode(type, bytes), want);
    check("Go", await go!.decode(p.key, type, bytes), want);
    let text: string | undefined;
    try {
      text = utf8.decode(bytes);
    } catch {
      text = undefined;
    }
    if (text !== undefined) check("TypeScript", p.ts.decode(type, text), want, " (given a string)");
  } else if (v.via === "stream") {
    const want = (v.expect as never[]).map(expected);
    const sizes = chunkSizes(bytes.length);
    const gAll = await go!.stream(p.key, type, bytes, sizes);
    for (let i = 0; i < sizes.length; i++) {
      const what = ` (chunks of ${sizes[i] === 0 ? "all" : sizes[i]} bytes)`;
      const t = await p.ts.stream(type, bytes, sizes[i]!);
      const g: Outcome[] = "fault" in gAll ? [{ fault: `Go: ${gAll.fault}` }] : gAll[i]!;
      const list = (os: Outcome[]): string => `[${os.map(describeOutcome).join(", ")}]`;
      for (const [side, got] of [
        ["TypeScript", t],
        ["Go", g],
      ] as const) {
        if (got.length !== want.length || got.some((o, j) => !sameOutcome(o, want[j]!)))
          out.push(`${side}${what}: got ${list(got)}, want ${list(want)}`);
        if (got.some((o) => "message" in o && o.message !== undefined && secrets.some((s) => o.message!.includes(s))))
          out.push(`${side}${what}: an error message quotes a string of the input (rule 16)`);
      }
    }
  } else {
    const want = expected(v.expect as never);
    const text = (v.input as { text: string }).text;
    check("TypeScript", p.ts.encode(type, JSON.parse(text)), want);
    check("Go", await go!.encode(p.key, type, text, ""), want);
  }
  return out;
}

for (const file of files) {
  describe(`${file} on the new core`, () => {
    const vectors = readVectorFile(join(ROOT, file));
    test.each(vectors.map((v) => [v.id, v] as const))("%s", async (_id, v) => {
      const problems = await problemsOf(v);
      if (problems.length > 0) throw new Error(`${v.id} (rule ${v.rule}: ${v.note})\n${problems.join("\n")}`);
    });
  });
}
