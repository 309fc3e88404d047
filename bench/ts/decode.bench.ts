// TypeScript decode pipeline: the generated decoder against the JSON.parse floor and the peers.
// Run by bench/run.sh; `BENCH_QUICK=1` for fewer, shorter rounds. Writes a markdown table to stdout
// and, with BENCH_JSON=path, the figures as JSON.
import { writeFileSync } from "node:fs";
import { decodeRunnerFrame, encodeRunnerFrame, type RunnerFrame } from "../../out/ts/runner/generated";
import { rounds, table, type Contender, type Row } from "./harness";
import { pipeline, text } from "./pipeline";
import { makeFrames, toStream } from "./workload";
import { peers } from "./peers";
import { SMALL, LARGE } from "./config";

const quick = process.env.BENCH_QUICK === "1";
const only = process.env.BENCH_ONLY; // comma-separated contender names (the floor always runs)

async function main(): Promise<void> {
  const out: Record<string, Row[]> = {};
  // each table's title and baseline, so that bench/ts/pool.ts can print the tables of several runs pooled
  const tables: { key: string; title: string; baseline: string }[] = [];
  let md = "";
  const emit = (key: string, title: string, baseline: string, rows: Row[]): void => {
    out[key] = rows;
    tables.push({ key, title, baseline });
    md += table(title, baseline, rows) + "\n";
  };
  for (const kind of ["small", "large"] as const) {
    const frames = kind === "small" ? makeFrames("small", SMALL.count, SMALL.seed) : makeFrames("large", LARGE.count, LARGE.seed);
    const buf = toStream(frames);
    const ps = await peers();
    const floor: Contender = { name: "JSON.parse floor", fn: () => pipeline(buf, (l) => JSON.parse(text(l))) };
    const list: Contender[] = [{ name: "generated", fn: () => pipeline(buf, decodeRunnerFrame) }];
    for (const p of ps) list.push({ name: p.name, fn: () => pipeline(buf, p.decode) });
    // every contender must accept the whole workload before it is timed
    for (const c of [floor, ...list]) if ((c.fn() as number) !== frames.length) throw new Error(`${c.name} did not decode every frame`);
    const chosen = only === undefined ? list : list.filter((c) => only.split(",").includes(c.name));
    const rows = await rounds(floor, chosen, { rounds: quick ? 5 : 11, ms: quick ? 60 : 200 });
    const title =
      kind === "small"
        ? `Decode, short frames (${frames.length} frames, ${(buf.length / 1024).toFixed(0)} KiB, ~70% assistant.delta)`
        : `Decode, large frames (${frames.length} frames of 100 KiB–1 MiB, ${(buf.length / 1048576).toFixed(1)} MiB)`;
    emit(kind, title, "the JSON.parse floor", rows);
  }
  // Encoders: the generated encoder (checks every rule, writes canonical bytes) against JSON.stringify.
  if (only === undefined || only.split(",").includes("encode")) {
    for (const kind of ["small", "large"] as const) {
      const frames = kind === "small" ? makeFrames("small", SMALL.count, SMALL.seed) : makeFrames("large", LARGE.count, LARGE.seed);
      const values = frames.map((f) => decodeRunnerFrame(f));
      const stringify: Contender = { name: "JSON.stringify", fn: () => { let n = 0; for (const v of values) n += JSON.stringify(v).length; return n; } };
      const gen: Contender = { name: "generated encoder", fn: () => { let n = 0; for (const v of values) n += encodeRunnerFrame(v as RunnerFrame).length; return n; } };
      const rows = await rounds(stringify, [gen], { rounds: quick ? 5 : 11, ms: quick ? 60 : 200 });
      emit(`encode-${kind}`, `Encode, ${kind === "small" ? "short" : "large"} frames (${frames.length} values)`, "JSON.stringify", rows);
      // The result as bytes, as a write to a socket or file makes it: JSON.stringify's string is flat,
      // a writer's is concatenated, so UTF-8 encoding it first flattens it (a cost the length hides).
      const bytes = new Uint8Array(4 * Math.max(...values.map((v) => JSON.stringify(v).length)));
      const utf8 = new TextEncoder();
      const stringifyU: Contender = { name: "JSON.stringify", fn: () => { let n = 0; for (const v of values) n += utf8.encodeInto(JSON.stringify(v), bytes).written; return n; } };
      const genU: Contender = { name: "generated encoder", fn: () => { let n = 0; for (const v of values) n += utf8.encodeInto(encodeRunnerFrame(v as RunnerFrame), bytes).written; return n; } };
      const rowsU = await rounds(stringifyU, [genU], { rounds: quick ? 5 : 11, ms: quick ? 60 : 200 });
      emit(`encode-utf8-${kind}`, `Encode, ${kind === "small" ? "short" : "large"} frames, each result UTF-8 encoded (TextEncoder.encodeInto)`, "JSON.stringify, UTF-8 encoded", rowsU);
      // Values built by hand rarely list members in schema order: the same values with every
      // object's members reversed (not a target; against JSON.stringify of the same values).
      const reversed = values.map(reverseMembers) as RunnerFrame[];
      const stringifyR: Contender = { name: "JSON.stringify", fn: () => { let n = 0; for (const v of reversed) n += JSON.stringify(v).length; return n; } };
      const genR: Contender = { name: "generated encoder", fn: () => { let n = 0; for (const v of reversed) n += encodeRunnerFrame(v).length; return n; } };
      const rowsR = await rounds(stringifyR, [genR], { rounds: quick ? 5 : 11, ms: quick ? 60 : 200 });
      emit(`encode-reversed-${kind}`, `Encode, ${kind === "small" ? "short" : "large"} frames, every object's members in reverse order`, "JSON.stringify", rowsR);
    }
  }
  process.stdout.write(md);
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify({ ...out, $tables: tables }, null, 1));
}

/** The value with every object's own members in reverse order. */
function reverseMembers(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(reverseMembers);
  if (v === null || typeof v !== "object") return v;
  const o: Record<string, unknown> = {};
  for (const k of Object.keys(v).reverse()) o[k] = reverseMembers((v as Record<string, unknown>)[k]);
  return o;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
