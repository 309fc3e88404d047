// A/B of two generated runner protocols, paired by round: each round times the baseline (JSON.parse
// of the short workload's lines, or JSON.stringify of their values), the "before" file and this
// checkout's out/ts/runner/generated.ts, in a rotated order, by process CPU time; the figure that
// matters is the median over rounds of after ÷ before of the same round, which the machine's load
// moves least. Lines are strings here (no UTF-8 decode): the difference is the generated code.
// AB_KIND=large takes the large workload; AB_UTF8=1 has every encoder's result UTF-8 encoded
// (TextEncoder.encodeInto), as a write to a socket does: a writer's concatenated string is then flattened.
//   BENCH_BEFORE=/path/to/generated.ts [AB_MODE=decode|encode] [AB_KIND=small|large] [AB_UTF8=1] [AB_ROUNDS=25] \
//     npx tsx bench/ts/ab.bench.ts
import { makeFrames } from "./workload";
import { LARGE, SMALL } from "./config";
import * as after from "../../out/ts/runner/generated";

const cpuNow = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) * 1000;
};
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

async function main(): Promise<void> {
  const path = process.env.BENCH_BEFORE;
  if (!path) throw new Error("BENCH_BEFORE=path of the base commit's out/ts/runner/generated.ts");
  const before = (await import(path)) as typeof after;
  const large = process.env.AB_KIND === "large";
  const frames = large ? makeFrames("large", LARGE.count, LARGE.seed) : makeFrames("small", SMALL.count, SMALL.seed);
  const lines = frames.map((f) => (typeof f === "string" ? f : new TextDecoder().decode(f as Uint8Array)));
  const mode = process.env.AB_MODE ?? "decode";
  const values = lines.map((l) => after.decodeRunnerFrame(l));
  const bytes = new Uint8Array(4 * Math.max(...lines.map((l) => l.length)));
  const utf8 = new TextEncoder();
  const use: (s: string) => unknown = process.env.AB_UTF8 === "1" ? (s) => utf8.encodeInto(s, bytes) : (s) => s;
  const fns: Record<string, () => void> =
    mode === "decode"
      ? {
          baseline: () => lines.forEach((l) => JSON.parse(l)),
          before: () => lines.forEach((l) => before.decodeRunnerFrame(l)),
          after: () => lines.forEach((l) => after.decodeRunnerFrame(l)),
        }
      : {
          baseline: () => values.forEach((v) => use(JSON.stringify(v))),
          before: () => values.forEach((v) => use(before.encodeRunnerFrame(v as never))),
          after: () => values.forEach((v) => use(after.encodeRunnerFrame(v))),
        };
  const names = Object.keys(fns);
  const t: Record<string, number[]> = { baseline: [], before: [], after: [] };
  for (let r = 0; r < Number(process.env.AB_ROUNDS ?? 25); r++)
    for (let j = 0; j < names.length; j++) {
      const n = names[(j + r) % names.length]!;
      fns[n]!();
      const calls: number[] = [];
      const stop = cpuNow() + 60e6;
      while (calls.length < 3 || cpuNow() < stop) {
        const t0 = cpuNow();
        fns[n]!();
        calls.push(cpuNow() - t0);
      }
      t[n]!.push(median(calls));
    }
  const [b0, b, a] = [median(t.baseline!), median(t.before!), median(t.after!)];
  const paired = median(t.after!.map((x, i) => x / t.before![i]!));
  console.log(
    `${mode}${process.env.AB_UTF8 === "1" && mode === "encode" ? " (results UTF-8 encoded)" : ""}, ${lines.length} ${large ? "large" : "short"} frames, ${t.after!.length} rounds: baseline ${(b0 / 1e6).toFixed(2)} ms; ` +
      `before ${(b / b0).toFixed(3)}x, after ${(a / b0).toFixed(3)}x of it; after ÷ before, paired by round: ${paired.toFixed(3)}`,
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
