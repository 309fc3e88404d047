// Before/after of the generate step in one run: another checkout's codegen (the base, with its own
// node_modules) and this one's, interleaved, whole processes, cold (CODEGEN_NO_CACHE=1), on copies
// of the shipped schema/ folders and on the synthetic protocol of 1,000 definitions. Both write
// into temporary folders; the outputs must be byte-identical.
//   node bench/before-after.mjs BASE_CHECKOUT [ROUNDS]
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { synthSchema } from "./synth.mjs";

const root = join(import.meta.dirname, "..");
const base = process.argv[2];
const rounds = Number(process.argv[3] ?? 3);
if (!base || !existsSync(join(base, "bin", "codegen.cjs"))) {
  console.error("usage: node bench/before-after.mjs BASE_CHECKOUT [ROUNDS]");
  process.exit(2);
}
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

function workload(name, fill) {
  const dir = mkdtempSync(join(tmpdir(), `wire-ba-${name}-`));
  fill(dir);
  return dir;
}
const loads = {
  "shipped protocols (schema/*)": workload("shipped", (d) =>
    cpSync(join(root, "schema"), join(d, "schema"), { recursive: true }),
  ),
  "synthetic, 1,000 definitions": workload("synth", (d) => {
    mkdirSync(join(d, "schema", "synth"), { recursive: true });
    writeFileSync(join(d, "schema", "synth", "synth.json"), JSON.stringify(synthSchema(1000, 1), null, 2) + "\n");
  }),
};

function gen(checkout, dir) {
  rmSync(join(dir, "out"), { recursive: true, force: true });
  const r = spawnSync(
    "/usr/bin/time",
    ["-f", "WIRE_BENCH_TIME %e %M", process.execPath, join(checkout, "bin", "codegen.cjs"), "generate", "--root", dir],
    { env: { ...process.env, CODEGEN_NO_CACHE: "1" }, encoding: "utf8", maxBuffer: 1 << 28 },
  );
  if (r.status !== 0) throw new Error(r.stderr);
  const m = r.stderr.match(/WIRE_BENCH_TIME ([\d.]+) (\d+)/);
  return { s: Number(m[1]), mib: Number(m[2]) / 1024 };
}

function snapshot(dir) {
  const files = {};
  for (const e of readdirSync(join(dir, "out"), { recursive: true, withFileTypes: true }))
    if (e.isFile())
      files[join(e.parentPath ?? e.path, e.name)] = readFileSync(join(e.parentPath ?? e.path, e.name), "utf8");
  return files;
}

let md = `### Before/after, generate cold, whole processes (${rounds} interleaved rounds)\n\nbase: ${base}\n\n| workload | before | before peak RSS | after | after peak RSS | after ÷ before (median, spread) | same bytes |\n|---|---:|---:|---:|---:|---:|---|\n`;
for (const [name, dir] of Object.entries(loads)) {
  const b = [],
    a = [];
  let same = true;
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 ? ["a", "b"] : ["b", "a"];
    const snaps = {};
    for (const w of order) {
      (w === "a" ? a : b).push(gen(w === "a" ? root : base, dir));
      snaps[w] = snapshot(dir);
    }
    same &&= JSON.stringify(snaps.a) === JSON.stringify(snaps.b);
  }
  const rs = a.map((x, i) => x.s / b[i].s);
  md += `| ${name} | ${median(b.map((x) => x.s)).toFixed(2)} s | ${median(b.map((x) => x.mib)).toFixed(0)} MiB | ${median(a.map((x) => x.s)).toFixed(2)} s | ${median(a.map((x) => x.mib)).toFixed(0)} MiB | ${median(rs).toFixed(2)}× (${Math.min(...rs).toFixed(2)}–${Math.max(...rs).toFixed(2)}) | ${same ? "yes" : "**no**"} |\n`;
  rmSync(dir, { recursive: true, force: true });
}
process.stdout.write(md + "\n");
