// Interleaved rounds over mitata's measure(): in each round every contender is measured once, in a
// rotated order, and its figure is divided by the baseline's figure of the same round. The report
// gives, per contender, the median of those ratios and their spread (min–max over the rounds).
import { measure } from "mitata";

export interface Contender {
  name: string;
  fn: () => unknown;
}

export interface Row {
  name: string;
  /** Median time of one call (ns), over the rounds (each round's figure is mitata's p50). */
  ns: number;
  /** Ratios to the baseline, one per round. */
  ratios: number[];
  median: number;
  lo: number;
  hi: number;
}

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

export async function rounds(baseline: Contender, others: Contender[], opts: { rounds: number; ms: number }): Promise<Row[]> {
  const all = [baseline, ...others];
  const times = all.map(() => [] as number[]);
  for (let r = 0; r < opts.rounds; r++) {
    const order = all.map((_, i) => (i + r) % all.length);
    const t: number[] = new Array(all.length);
    for (const i of order) {
      const st = await measure(all[i]!.fn, { min_cpu_time: opts.ms * 1e6, max_samples: 1e9, min_samples: 5 } as never);
      t[i] = (st as { p50: number }).p50;
    }
    for (let i = 0; i < all.length; i++) times[i]!.push(t[i]!);
  }
  return all.map((c, i) => rowOf(c.name, median(times[i]!), times[i]!.map((x, r) => x / times[0]![r]!)));
}

/** A table row: its ratios' median and spread. */
export function rowOf(name: string, ns: number, ratios: number[]): Row {
  return { name, ns, ratios, median: median(ratios), lo: Math.min(...ratios), hi: Math.max(...ratios) };
}

export function fmtNs(ns: number): string {
  return ns >= 1e6 ? `${(ns / 1e6).toFixed(2)} ms` : ns >= 1e3 ? `${(ns / 1e3).toFixed(1)} µs` : `${ns.toFixed(0)} ns`;
}

export function table(title: string, baseline: string, rows: Row[], extra?: (r: Row) => string): string {
  const lines = [`### ${title}`, "", `| contender | time per call (median) | ratio to ${baseline} (median) | spread (min–max) |${extra ? " note |" : ""}`, `|---|---:|---:|---:|${extra ? "---|" : ""}`];
  for (const r of rows) {
    lines.push(`| ${r.name} | ${fmtNs(r.ns)} | ${r.median.toFixed(3)}× | ${r.lo.toFixed(3)}–${r.hi.toFixed(3)} |${extra ? ` ${extra(r)} |` : ""}`);
  }
  return lines.join("\n") + "\n";
}
