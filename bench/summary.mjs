// The targets of issue 15, each beside the figure of this run (every figure a ratio to a baseline
// measured in the same run, median over interleaved rounds, spread min–max), from the JSON files
// that bench/run.sh has the benchmarks write to bench/.data.
//   node bench/summary.mjs DATA_DIR
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

const dir = process.argv[2] ?? join(import.meta.dirname, ".data");
const read = (f) => (existsSync(join(dir, f)) ? JSON.parse(readFileSync(join(dir, f), "utf8")) : undefined);
const ts = read("ts.json"),
  go = read("go.json"),
  gen = read("generate.json"),
  scale = read("scale.json");
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
// A median within 0.005 of its target gets a third decimal, so that "1.30×, missed" is not read as ≤ 1.3×.
const spread = (rs, target) => {
  const m = median(rs);
  const digits = target !== undefined && Math.abs(m - target) < 0.005 ? 3 : 2;
  return `${m.toFixed(digits)}× (${Math.min(...rs).toFixed(2)}–${Math.max(...rs).toFixed(2)})`;
};
const yes = (b) => (b ? "**met**" : "missed");
/** A row's figure against its target, the target written once: the figure, met or not, the target's text. */
const judge = (rs, op, target, digits, unit = "×") => {
  const m = median(rs);
  return {
    figure: spread(rs, target),
    met: op === "≤" ? m <= target : m >= target,
    goal: `${op} ${target.toFixed(digits)}${unit}`,
  };
};
const rows = [];
const add = (what, baseline, figure, target, met) =>
  rows.push(`| ${what} | ${baseline} | ${figure} | ${target} | ${met} |`);

// The figures the issue was filed with (its "now" column), and today's main before this branch where
// the issue's own workload is not available (the synthetic protocol of bench/synth.mjs is this repository's).
const MAIN_SYNTH_1000_TS_BYTES = 4772645; // main at b2c08ed, bench/synth.mjs 1000 1: out/ts/synth/generated.ts

if (ts) {
  for (const [kind, label] of [
    ["small", "short frames"],
    ["large", "large frames (12 of 100 KiB–1 MiB)"],
  ]) {
    const rs = ts[kind];
    const g = rs.find((r) => r.name === "generated");
    const ajv = rs.find((r) => r.name.startsWith("ajv"));
    const typia = rs.find((r) => r.name.startsWith("typia"));
    const peersTxt = [ajv, typia]
      .filter(Boolean)
      .map((p) => `${p.name.split(" ")[0]} ${spread(p.ratios)}`)
      .join(", ");
    const ahead = kind === "small" ? [ajv, typia].filter(Boolean).every((p) => g.median < p.median) : true;
    const j = judge(g.ratios, "≤", kind === "small" ? 1.1 : 1.03, 2);
    add(
      `TS decode pipeline, ${label}, ÷ split + JSON.parse floor`,
      kind === "small" ? "1.24×" : "1.06×",
      `${j.figure}; side by side: ${peersTxt}`,
      kind === "small" ? `${j.goal}, ahead of ajv and typia` : j.goal,
      yes(j.met && ahead) +
        (kind === "small" ? ` (${j.goal}: ${j.met ? "yes" : "no"}; ahead of both peers: ${ahead ? "yes" : "no"})` : ""),
    );
  }
}
if (go) {
  const t = go.times;
  const ratio = (a, b) => t[a].map((x, i) => x / t[b][i]);
  const env = ratio("DecodeSmallEnvelope", "DecodeSmallGenerated");
  const plain = ratio("DecodeSmallUnmarshal", "DecodeSmallGenerated");
  const valid = ratio("DecodeSmallGenerated", "DecodeSmallValid");
  const allocs = go.extra.DecodeSmallGenerated?.allocsPerFrame;
  const je = judge(env, "≥", 5, 0, "× faster");
  add(
    "Go decode, short frames: encoding/json into typed structs (envelope, then the payload) ÷ generated",
    "3.7× faster (project bench: 2.8× vs plain Unmarshal into each frame's struct)",
    `${je.figure} faster; plain Unmarshal into each frame's own struct (no dispatch): ${spread(plain)}`,
    je.goal,
    yes(je.met),
  );
  const jv = judge(valid, "≤", 1.3, 1);
  add("Go decode, short frames ÷ json.Valid", "1.84×", jv.figure, jv.goal, yes(jv.met));
  add(
    "Go decode, allocations per short frame",
    "2.72",
    `${allocs} allocs/frame (encoding/json envelope host: ${go.extra.DecodeSmallEnvelope?.allocsPerFrame}, plain Unmarshal: ${go.extra.DecodeSmallUnmarshal?.allocsPerFrame})`,
    "≤ 1 beyond the value itself (the value: its struct, with room for its strings in the same allocation)",
    yes(allocs !== undefined && allocs <= 2),
  );
  for (const [size, label] of [
    ["Small", "short"],
    ["Large", "large"],
  ]) {
    const j = judge(ratio(`Encode${size}Marshal`, `Encode${size}Generated`), "≥", 2, 0, "× faster");
    add(
      `Go encode, ${label} frames: json.Marshal of equivalent typed structs ÷ generated`,
      "1.2× (project bench: 0.88×)",
      `${j.figure} faster`,
      j.goal,
      yes(j.met),
    );
  }
}
if (ts) {
  for (const [kind, label] of [
    ["encode-small", "short"],
    ["encode-large", "large"],
  ]) {
    const g = ts[kind]?.find((r) => r.name === "generated encoder");
    if (g) {
      const j = judge(g.ratios, "≤", 1.1, 2);
      add(`TS encode, ${label} frames ÷ JSON.stringify of the same value`, "1.21–1.46×", j.figure, j.goal, yes(j.met));
    }
    // the same, each result UTF-8 encoded: the writer's concatenated string is flattened there
    const u = ts[`encode-utf8-${kind.slice("encode-".length)}`]?.find((r) => r.name === "generated encoder");
    if (u) {
      const j = judge(u.ratios, "≤", 1.1, 2);
      add(
        `TS encode, ${label} frames, each result UTF-8 encoded ÷ the same of JSON.stringify`,
        "—",
        j.figure,
        j.goal,
        yes(j.met),
      );
    }
  }
}
if (gen) {
  const j = gen.names.find((n) => n.startsWith("json2ts"));
  for (const cold of gen.names.filter((n) => n.includes("cold"))) {
    const rs = gen.times[cold].map((x, i) => x / gen.times[j][i]);
    const installed = cold.includes("installed");
    const where = installed
      ? "the installed package (dist/, as users run it)"
      : cold.includes("fresh clone")
        ? "the repository checkout as on a fresh clone (its sources bundled first, bin/from-sources.cjs)"
        : "the repository checkout (its sources' bundle already built, bin/from-sources.cjs)";
    const r = judge(rs, "≤", 1, 1);
    add(
      `\`generate\` cold (CODEGEN_NO_CACHE=1, whole process) ÷ json2ts on the same files, shipped protocols (schema/*), ${where}`,
      "1.36×",
      `${r.figure} (${(median(gen.times[cold]) / 1e9).toFixed(2)} s vs ${(median(gen.times[j]) / 1e9).toFixed(2)} s)`,
      r.goal,
      yes(r.met),
    );
  }
}
if (scale) {
  const s = scale.synthetic.find((r) => r.n === 1000);
  if (s) {
    const perDef = s.tsBytes / 1000;
    const perDefTarget = MAIN_SYNTH_1000_TS_BYTES / 3 / 1000; // bytes: a third of main's
    add(
      "`generate` cold, synthetic protocol of 1,000 closed object definitions (bench/synth.mjs)",
      "21.5 s, ≈ 2 GB peak, 7.4 MB TS; json2ts 1.3 s (on this synthetic, main before this branch: see BENCHMARKS.md)",
      `${s.s.toFixed(2)} s, ${s.rssMiB.toFixed(0)} MiB peak, ${(s.tsBytes / 1e6).toFixed(2)} MB TS (${(perDef / 1024).toFixed(2)} KB per definition); json2ts ${s.json2tsS.toFixed(2)} s, ${s.json2tsRssMiB.toFixed(0)} MiB; codegen ÷ json2ts ${s.ratio.toFixed(2)}× (${s.lo.toFixed(2)}–${s.hi.toFixed(2)})`,
      `≤ json2ts; ≤ 300 MB peak; ≤ ${(perDefTarget / 1024).toFixed(2)} KB TS per definition (a third of main's ${(MAIN_SYNTH_1000_TS_BYTES / 1000 / 1024).toFixed(2)} KB on this synthetic)`,
      `time: ${yes(s.ratio <= 1)}; memory: ${yes(s.rssMiB * 1.048576 <= 300)}; size: ${yes(perDef <= perDefTarget)}`,
    );
  }
  if (scale.growth) {
    const g = scale.growth;
    add(
      `growth of generate time from ${g.from} to ${g.to} definitions`,
      "≈ 3.7× (for ×4)",
      `×${g.time.toFixed(2)} for ×${g.defs}`,
      `linear or better (≤ ×${g.defs})`,
      yes(g.time <= g.defs),
    );
  }
  if (scale.unionWorst) {
    const u = scale.unionWorst;
    add(
      "undiscriminated unions, cost per variant (worst case: oneOf, or anyOf matching its last variant)",
      "—",
      `TS ≤ ${u.tsPerVariant.toFixed(0)} ns, Go ≤ ${u.goPerVariant.toFixed(0)} ns per variant tried (linear in k)`,
      "bounded and stated",
      "stated",
    );
  }
}

process.stdout.write(
  "## Targets of issue 15 (this run)\n\n| what | issue's baseline | this run (median ratio, spread min–max) | target | met? |\n|---|---|---|---|---|\n" +
    rows.join("\n") +
    "\n\n",
);
