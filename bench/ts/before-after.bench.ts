// Before/after of the generated TypeScript decoder and encoder, interleaved in one process: every
// round measures the baseline (JSON.stringify for encoders, the split + JSON.parse floor for the
// decode pipeline), the "before" generated file and this checkout's, in a rotated order, and divides
// each by the baseline of the same round (bench/ts/harness.ts).
//   BENCH_BEFORE=/path/to/generated.ts   the runner protocol's generated.ts of the base commit, e.g.
//                                        git show 3f02e43:out/ts/runner/generated.ts > /tmp/before/generated.ts
//   BENCH_ROUNDS (9), BENCH_MS (150), BENCH_ONLY=encode|decode
//   BENCH_CPU=1   time each call by process CPU time (user + system) instead of mitata's wall time:
//                 on a loaded machine the time a process waits for a core is not its own; each
//                 contender's figure in a round is the median of its calls over BENCH_MS of CPU time.
import { median, rounds as wallRounds, table, type Contender, type Row } from "./harness";
import { pipeline, text } from "./pipeline";
import { makeFrames, toStream } from "./workload";
import { SMALL, LARGE } from "./config";
import * as after from "../../out/ts/runner/generated";

type Gen = typeof after;

const cpu = process.env.BENCH_CPU === "1";

function cpuNow(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) * 1000; // ns
}

/** Like harness.rounds, timed by process CPU time. */
async function cpuRounds(baseline: Contender, others: Contender[], opts: { rounds: number; ms: number }): Promise<Row[]> {
  const all = [baseline, ...others];
  const times = all.map(() => [] as number[]);
  for (let r = 0; r < opts.rounds; r++) {
    for (let j = 0; j < all.length; j++) {
      const i = (j + r) % all.length;
      const fn = all[i]!.fn;
      fn();
      const calls: number[] = [];
      const stop = cpuNow() + opts.ms * 1e6;
      while (calls.length < 5 || cpuNow() < stop) {
        const t0 = cpuNow();
        fn();
        calls.push(cpuNow() - t0);
      }
      times[i]!.push(median(calls));
    }
  }
  return all.map((c, i) => {
    const ratios = times[i]!.map((x, r) => x / times[0]![r]!);
    return { name: c.name, ns: median(times[i]!), ratios, median: median(ratios), lo: Math.min(...ratios), hi: Math.max(...ratios) };
  });
}

const rounds = cpu ? cpuRounds : wallRounds;

async function main(): Promise<void> {
  const path = process.env.BENCH_BEFORE;
  if (!path) throw new Error("BENCH_BEFORE=path of the base commit's out/ts/runner/generated.ts");
  const before = (await import(path)) as Gen;
  const n = Number(process.env.BENCH_ROUNDS ?? 9);
  const ms = Number(process.env.BENCH_MS ?? 150);
  const only = process.env.BENCH_ONLY;
  let md = `node ${process.version}, ${n} rounds of ${ms} ms (${cpu ? "process CPU time" : "wall time, mitata p50"})\n\n`;
  for (const kind of ["small", "large"] as const) {
    const frames = kind === "small" ? makeFrames("small", SMALL.count, SMALL.seed) : makeFrames("large", LARGE.count, LARGE.seed);
    const name = kind === "small" ? "short" : "large";
    if (only === undefined || only === "decode") {
      const buf = toStream(frames);
      const floor: Contender = { name: "JSON.parse floor", fn: () => pipeline(buf, (l) => JSON.parse(text(l))) };
      const list: Contender[] = [
        { name: "before", fn: () => pipeline(buf, before.decodeRunnerFrame) },
        { name: "after", fn: () => pipeline(buf, after.decodeRunnerFrame) },
      ];
      for (const c of [floor, ...list]) if ((c.fn() as number) !== frames.length) throw new Error(`${c.name} did not decode every frame`);
      md += table(`Decode pipeline, ${name} frames`, "the JSON.parse floor", await rounds(floor, list, { rounds: n, ms })) + "\n";
    }
    if (only === undefined || only === "encode") {
      const values = frames.map((f) => after.decodeRunnerFrame(f));
      for (const v of values) {
        const a = after.encodeRunnerFrame(v);
        if (a !== before.encodeRunnerFrame(v as never)) throw new Error("before and after wrote different bytes");
      }
      const stringify: Contender = { name: "JSON.stringify", fn: () => { let s = 0; for (const v of values) s += JSON.stringify(v).length; return s; } };
      const list: Contender[] = [
        { name: "before", fn: () => { let s = 0; for (const v of values) s += before.encodeRunnerFrame(v as never).length; return s; } },
        { name: "after", fn: () => { let s = 0; for (const v of values) s += after.encodeRunnerFrame(v).length; return s; } },
      ];
      md += table(`Encode, ${name} frames (${values.length} values)`, "JSON.stringify", await rounds(stringify, list, { rounds: n, ms })) + "\n";
    }
  }
  process.stdout.write(md);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
