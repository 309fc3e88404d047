// Pools the rounds of several decode.bench.ts processes into one set of figures: each table's
// per-round ratios of every process together, their median and spread. One process's figures move
// by more than a target's margin from one process to the next (JIT decisions, the machine's other
// tenants); the rounds of three processes pooled move less.
//   npx tsx bench/ts/pool.ts OUT.json IN.json...   writes OUT.json (decode.bench.ts's shape), prints the tables
import { readFileSync, writeFileSync } from "node:fs";
import { median, rowOf, table, type Row } from "./harness";

interface Run {
  $tables: { key: string; title: string; baseline: string }[];
  [key: string]: unknown;
}

const [outPath, ...inPaths] = process.argv.slice(2);
if (outPath === undefined || inPaths.length === 0) throw new Error("usage: pool.ts OUT.json IN.json...");
const runs = inPaths.map((f) => JSON.parse(readFileSync(f, "utf8")) as Run);
const first = runs[0]!;
const out: Record<string, unknown> = { $tables: first.$tables };
let md = "";
for (const t of first.$tables) {
  const rows: Row[] = (first[t.key] as Row[]).map((r0) => {
    const same = runs.map((run) => {
      const r = (run[t.key] as Row[] | undefined)?.find((x) => x.name === r0.name);
      if (r === undefined) throw new Error(`${t.key}: row ${r0.name} missing from a run`);
      return r;
    });
    return rowOf(
      r0.name,
      median(same.map((r) => r.ns)),
      same.flatMap((r) => r.ratios),
    );
  });
  out[t.key] = rows;
  const pooled = runs.length === 1 ? "" : `: ${runs.length} processes pooled`;
  md += table(t.title + pooled, t.baseline, rows) + "\n";
}
writeFileSync(outPath, JSON.stringify(out, null, 1));
process.stdout.write(md);
