// Scale benchmarks of the generate step, whole processes, cold (CODEGEN_NO_CACHE=1, as on every CI
// run): time, peak memory (max RSS of the process and its children, from /usr/bin/time) and output
// size, on the seeded synthetic protocols of bench/synth.mjs and on the largest real schemas of
// tests/real-schemas (package-json, all 11 files; vector); json2ts on the same synthetic files.
// Then undiscriminated unions: decode time per variant, TypeScript and Go.
//   node bench/scale.mjs [--quick] [--json FILE]
import { spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { synthSchema } from "./synth.mjs";

const root = join(import.meta.dirname, "..");
const args = process.argv.slice(2);
const quick = args.includes("--quick");
const jsonOut = args.includes("--json") ? args[args.indexOf("--json") + 1] : undefined;
const node = process.execPath;
const codegen = join(root, "bin", "codegen.cjs");
const json2ts = join(root, "node_modules", ".bin", "json2ts");
const timeBin = existsSync("/usr/bin/time") ? "/usr/bin/time" : undefined;
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** Runs one command; wall time (s) and peak RSS (MiB, undefined without /usr/bin/time). */
function run(cmd, argv, cwd, env = {}) {
  const full = timeBin ? [timeBin, ["-f", "WIRE_BENCH_TIME %e %M", cmd, ...argv]] : [cmd, argv];
  const a = process.hrtime.bigint();
  const r = spawnSync(full[0], full[1], { cwd, env: { ...process.env, ...env }, encoding: "utf8", maxBuffer: 1 << 28 });
  const s = Number(process.hrtime.bigint() - a) / 1e9;
  if (r.status !== 0) throw new Error(`${cmd} ${argv.join(" ")} failed (${r.status}):\n${r.stderr.slice(-4000)}`);
  const m = r.stderr.match(/WIRE_BENCH_TIME ([\d.]+) (\d+)/);
  return { s, rssMiB: m ? Number(m[2]) / 1024 : undefined };
}

function dirBytes(dir, ext) {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile() && e.name.endsWith(ext)) n += statSync(join(e.parentPath ?? e.path, e.name)).size;
  }
  return n;
}

/** A repository root with schema/<name>/ holding the files, for `codegen generate --root`. */
function project(name, files) {
  const dir = mkdtempSync(join(tmpdir(), `wire-scale-${name}-`));
  mkdirSync(join(dir, "schema", name), { recursive: true });
  for (const [f, text] of files) writeFileSync(join(dir, "schema", name, f), text);
  return dir;
}

function generateCold(dir) {
  rmSync(join(dir, "out"), { recursive: true, force: true });
  return run(node, [codegen, "generate", "--root", dir], dir, { CODEGEN_NO_CACHE: "1" });
}

const fmtS = (s) => `${s.toFixed(2)} s`;
const fmtMiB = (m) => (m === undefined ? "-" : `${m.toFixed(0)} MiB`);
const fmtKB = (b) => `${(b / 1024).toFixed(1)} KB`;
const result = { synthetic: [], real: [], unions: [] };
let md = "";

// --- synthetic protocols: codegen cold and json2ts, interleaved rounds
const sizes = quick ? [100, 1000] : [100, 250, 1000, 5000];
md += "### Generate at scale: synthetic protocols (bench/synth.mjs, seed 1), whole processes, cold\n\n";
md +=
  "| definitions | codegen generate (TS, Go, docs) | peak RSS | json2ts (TS types only) | json2ts peak RSS | codegen ÷ json2ts (median, spread) | TS output | TS per definition | Go output |\n|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n";
for (const n of sizes) {
  const dir = project("synth", [["synth.json", JSON.stringify(synthSchema(n, 1), null, 2) + "\n"]]);
  const rounds = n >= 5000 ? 1 : quick ? 1 : 3;
  const g = [],
    j = [];
  for (let r = 0; r < rounds; r++) {
    const pair = [
      () => g.push(generateCold(dir)),
      () =>
        j.push(
          run(
            node,
            [
              json2ts,
              "-i",
              join(dir, "schema/synth/synth.json"),
              "-o",
              join(dir, "j2t.ts"),
              "--unreachableDefinitions",
            ],
            dir,
          ),
        ),
    ];
    if (r % 2) pair.reverse();
    for (const f of pair) f();
  }
  const ts = dirBytes(join(dir, "out", "ts"), ".ts"),
    go = dirBytes(join(dir, "out", "go"), ".go");
  const ratios = g.map((x, i) => x.s / j[i].s);
  const row = {
    n,
    rounds,
    s: median(g.map((x) => x.s)),
    rssMiB: median(g.map((x) => x.rssMiB ?? 0)),
    json2tsS: median(j.map((x) => x.s)),
    json2tsRssMiB: median(j.map((x) => x.rssMiB ?? 0)),
    ratio: median(ratios),
    lo: Math.min(...ratios),
    hi: Math.max(...ratios),
    tsBytes: ts,
    goBytes: go,
    tsPerDef: ts / n,
  };
  result.synthetic.push(row);
  md += `| ${n} | ${fmtS(row.s)} | ${fmtMiB(row.rssMiB)} | ${fmtS(row.json2tsS)} | ${fmtMiB(row.json2tsRssMiB)} | ${row.ratio.toFixed(2)}× (${row.lo.toFixed(2)}–${row.hi.toFixed(2)}) | ${fmtKB(ts)} | ${(ts / n / 1024).toFixed(2)} KB | ${fmtKB(go)} |\n`;
  rmSync(dir, { recursive: true, force: true });
  process.stderr.write(`scale: ${n} definitions done\n`);
}
const at = (n) => result.synthetic.find((r) => r.n === n);
const lo = at(250) ?? at(100),
  hi = at(1000);
if (lo && hi) {
  result.growth = { from: lo.n, to: hi.n, time: hi.s / lo.s, defs: hi.n / lo.n };
  md += `\nGrowth ${lo.n} → ${hi.n} definitions (×${hi.n / lo.n}): time ×${(hi.s / lo.s).toFixed(2)}, peak RSS ×${(hi.rssMiB / lo.rssMiB).toFixed(2)}, TS output ×${(hi.tsBytes / lo.tsBytes).toFixed(2)}. Whole processes include a fixed start-up (node, tsx, loading the generator).\n`;
}
if (at(5000) && hi)
  md += `Growth 1000 → 5000 (×5): time ×${(at(5000).s / hi.s).toFixed(2)}, peak RSS ×${(at(5000).rssMiB / hi.rssMiB).toFixed(2)}.\n`;
md += "\n";

// --- the largest real schemas
md +=
  "### Generate at scale: the largest real schemas (tests/real-schemas), whole processes, cold, one round\n\n| schema | files | definitions generated | codegen generate | peak RSS | TS output | Go output |\n|---|---:|---:|---:|---:|---:|---:|\n";
for (const name of ["package-json", "vector"]) {
  const src = join(root, "tests", "real-schemas", name, "schema");
  const files = readdirSync(src)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => [f, readFileSync(join(src, f), "utf8")]);
  const dir = project(name, files);
  const g = generateCold(dir);
  const tsFile = readdirSync(join(dir, "out", "ts"), { recursive: true }).find((f) => String(f).endsWith(".ts"));
  const tsText = readFileSync(join(dir, "out", "ts", String(tsFile)), "utf8");
  const decls = (tsText.match(/^export function decode\w+\(/gm) ?? []).length;
  const ts = dirBytes(join(dir, "out", "ts"), ".ts"),
    go = dirBytes(join(dir, "out", "go"), ".go");
  result.real.push({ name, files: files.length, decls, s: g.s, rssMiB: g.rssMiB, tsBytes: ts, goBytes: go });
  md += `| ${name} | ${files.length} | ${decls} | ${fmtS(g.s)} | ${fmtMiB(g.rssMiB)} | ${fmtKB(ts)} | ${fmtKB(go)} |\n`;
  rmSync(dir, { recursive: true, force: true });
  process.stderr.write(`scale: ${name} done\n`);
}
md +=
  "\n(definitions generated: the decoders exported, which counts every definition the IR keeps, variants included)\n\n";

// --- undiscriminated unions: cost per variant
{
  const ks = [2, 4, 8, 16];
  const defs = {};
  for (const k of ks) {
    // k closed objects with the same keys and kinds: no dispatch by key, kind or const is possible
    const vs = Array.from({ length: k }, (_, i) => ({
      type: "object",
      properties: { v: { type: "integer", minimum: i * 10, maximum: i * 10 + 9 }, s: { type: "string" } },
      required: ["v"],
      additionalProperties: false,
    }));
    defs[`AnyOf${k}`] = { anyOf: vs };
    defs[`OneOf${k}`] = { oneOf: vs };
    // the same, one level down: the TS variant filters (top-level keys, kinds, bounds) cannot tell them apart
    defs[`NestedOneOf${k}`] = {
      oneOf: vs.map((o) => ({ type: "object", properties: { o, s: { type: "string" } }, required: ["o"], additionalProperties: false })),
    };
  }
  const dir = project("unions", [
    ["unions.json", JSON.stringify({ $schema: "https://json-schema.org/draft/2020-12/schema", $defs: defs }, null, 1)],
  ]);
  generateCold(dir);
  const cases = ks.flatMap((k) => [
    ["AnyOf", k, "first", 0],
    ["AnyOf", k, "last", k - 1],
    ["OneOf", k, "last", k - 1],
    ["NestedOneOf", k, "last", k - 1],
  ]);
  const inputs = cases.map(([u, k, where, i]) => ({
    name: `${u}${k}`,
    k,
    where,
    line: JSON.stringify(u === "NestedOneOf" ? { o: { v: i * 10 + 5 }, s: "some text" } : { v: i * 10 + 5, s: "some text" }),
  }));
  writeFileSync(join(dir, "inputs.json"), JSON.stringify(inputs));
  const ms = quick ? 150 : 400;
  // TypeScript: time per decode, best of 5 batches
  writeFileSync(
    join(dir, "unions.bench.ts"),
    `import * as g from "./out/ts/unions/generated";
import { readFileSync } from "node:fs";
const inputs = JSON.parse(readFileSync(${JSON.stringify(join(dir, "inputs.json"))}, "utf8"));
const out = [];
for (const c of inputs) {
  const dec = (g as any)["decode" + c.name];
  const enc = new TextEncoder().encode(c.line);
  let best = Infinity;
  for (let b = 0; b < 5; b++) {
    let n = 0; const t0 = performance.now();
    while (performance.now() - t0 < ${ms / 5}) { for (let i = 0; i < 200; i++) dec(enc); n += 200; }
    best = Math.min(best, ((performance.now() - t0) * 1e6) / n);
  }
  out.push(best);
}
console.log(JSON.stringify(out));
`,
  );
  const tsr = spawnSync(node, [join(root, "node_modules", "tsx", "dist", "cli.mjs"), join(dir, "unions.bench.ts")], {
    cwd: root,
    encoding: "utf8",
  });
  if (tsr.status !== 0) throw new Error(`unions TS bench failed:\n${tsr.stderr}`);
  const tsNs = JSON.parse(tsr.stdout.trim().split("\n").pop());
  // Go: testing.B per case
  const goDir = join(dir, "out", "go", "unions");
  writeFileSync(
    join(goDir, "unions_bench_test.go"),
    `package unions

import (
	"encoding/json"
	"os"
	"testing"
)

func BenchmarkUnions(b *testing.B) {
	raw, _ := os.ReadFile(${JSON.stringify(join(dir, "inputs.json"))})
	var inputs []struct{ Name, Where, Line string }
	if err := json.Unmarshal(raw, &inputs); err != nil {
		b.Fatal(err)
	}
	for _, c := range inputs {
		line := []byte(c.Line)
		codec := Codecs[c.Name]
		b.Run(c.Name+"_"+c.Where, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := codec.Decode(line); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
`,
  );
  const gr = spawnSync(
    "go",
    ["test", "-run", "^$", "-bench", "^BenchmarkUnions$", "-benchtime", `${ms}ms`, "-count", "1", "."],
    { cwd: goDir, encoding: "utf8" },
  );
  if (gr.status !== 0) throw new Error(`unions Go bench failed:\n${gr.stdout}\n${gr.stderr}`);
  const goNs = inputs.map((c) => {
    const m = gr.stdout.match(
      new RegExp(
        `BenchmarkUnions/${c.name}_${c.where}-\\d+\\s+\\d+\\s+([\\d.]+) ns/op(?:\\s+(\\d+) B/op\\s+(\\d+) allocs/op)?`,
      ),
    );
    return m ? { ns: Number(m[1]), allocs: m[3] === undefined ? undefined : Number(m[3]) } : { ns: NaN };
  });
  md +=
    '### Undiscriminated unions: decode time per variant\n\nk closed objects with the same keys and kinds (only an integer range tells them apart), so no dispatch by key, kind or const applies and the decoder tries the variants in order: `anyOf` stops at the first that accepts, `oneOf` checks all k (the worst case, also for `anyOf` when the value matches the last). The line is `{"v":…,"s":"some text"}`. The TypeScript decoder skips the trial of a variant whose filter the value fails (its required keys, member kinds and numeric bounds, seen without a trial), which decides these; NestedOneOf has the same variants one level down (`{"o":{"v":…},"s":"some text"}`), where no filter sees the range: every variant is a full trial there.\n\n| union | value matches | TS ns/decode | TS ns per variant tried | Go ns/decode | Go ns per variant tried | Go allocs |\n|---|---|---:|---:|---:|---:|---:|\n';
  inputs.forEach((c, i) => {
    const tried = c.where === "first" && c.name.startsWith("AnyOf") ? 1 : c.k;
    const row = {
      union: c.name,
      k: c.k,
      where: c.where,
      tried,
      tsNs: tsNs[i],
      goNs: goNs[i].ns,
      goAllocs: goNs[i].allocs,
    };
    result.unions.push(row);
    md += `| ${c.name} | ${c.where} variant | ${tsNs[i].toFixed(0)} | ${(tsNs[i] / tried).toFixed(0)} | ${goNs[i].ns.toFixed(0)} | ${(goNs[i].ns / tried).toFixed(0)} | ${goNs[i].allocs ?? "-"} |\n`;
  });
  const worst = result.unions.filter((r) => r.union.includes("OneOf"));
  const per = (f) => Math.max(...worst.map((r) => f(r) / r.k));
  result.unionWorst = { tsPerVariant: per((r) => r.tsNs), goPerVariant: per((r) => r.goNs) };
  md += `\nWorst case: a union of k undiscriminated variants costs k trial decodes of the value; measured at most ${result.unionWorst.tsPerVariant.toFixed(0)} ns (TS) and ${result.unionWorst.goPerVariant.toFixed(0)} ns (Go) per variant on these values (oneOf, every variant checked), so linear in k (no backtracking beyond one trial per variant; nested undiscriminated unions multiply).\n\n`;
  rmSync(dir, { recursive: true, force: true });
}

process.stdout.write(md);
if (jsonOut) writeFileSync(jsonOut, JSON.stringify(result, null, 1));
