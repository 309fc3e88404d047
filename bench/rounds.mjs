// Interleaved rounds for the Go benchmarks and for whole-process timings (generate vs json2ts and
// quicktype). Each round runs every contender once, in a rotated order; each figure is divided by
// its baseline's figure of the same round; the report gives the median ratio and its spread.
//   node bench/rounds.mjs go ROUNDS BENCHTIME      (bench/.data/wirebench.test must exist)
//   node bench/rounds.mjs generate ROUNDS
// With BENCH_JSON=path, the figures (every round's times, ns) are written there as JSON too.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
const fmt = (ns) => (ns >= 1e9 ? `${(ns / 1e9).toFixed(2)} s` : ns >= 1e6 ? `${(ns / 1e6).toFixed(2)} ms` : ns >= 1e3 ? `${(ns / 1e3).toFixed(1)} µs` : `${ns.toFixed(0)} ns`);

function roundsOf(names, n, measure) {
  const t = Object.fromEntries(names.map((x) => [x, []]));
  for (let r = 0; r < n; r++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[(i + r) % names.length];
      t[name].push(measure(name));
    }
  }
  return t;
}

/** An empty project with the packed package installed (npm pack, then npm install of the tarball) and the shipped schemas. */
function installedApp(tmp) {
  const run = (cmd, args, cwd) => {
    const r = spawnSync(cmd, args, { cwd, encoding: "utf8" });
    if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed: ${r.stderr}`);
  };
  run("npm", ["pack", "--silent", "--pack-destination", tmp], root);
  const tgz = readdirSync(tmp).find((f) => f.endsWith(".tgz"));
  const app = join(tmp, "app");
  mkdirSync(join(app, "out", "go"), { recursive: true });
  writeFileSync(join(app, "package.json"), '{"name":"bench-app","version":"1.0.0","private":true}\n');
  run("npm", ["install", "--silent", "--no-audit", "--no-fund", join(tmp, tgz)], app);
  cpSync(join(root, "schema"), join(app, "schema"), { recursive: true });
  cpSync(join(root, "out", "go", "go.mod"), join(app, "out", "go", "go.mod"));
  return app;
}

function ratioRow(label, xs, base) {
  const rs = xs.map((x, i) => x / base[i]);
  return { label, med: median(rs), lo: Math.min(...rs), hi: Math.max(...rs) };
}

const [mode, roundsArg, benchtime] = process.argv.slice(2);
const R = Number(roundsArg ?? 7);

if (mode === "go") {
  const bin = join(root, "bench", ".data", "wirebench.test");
  const missing = [bin, join(root, "bench", ".data", "small.jsonl")].filter((f) => !existsSync(f));
  if (missing.length > 0) {
    console.error(`rounds: missing ${missing.map((f) => f.slice(root.length + 1)).join(", ")}; make bench builds them, or by hand:
  npx tsx bench/ts/gen-data.ts && (cd bench/go && go test -c -o ../.data/wirebench.test .)`);
    process.exit(2);
  }
  const extra = {};
  const t = roundsOf(
    ["DecodeSmallGenerated", "DecodeSmallUnmarshal", "DecodeSmallUnmarshalStrict", "DecodeSmallEnvelope", "DecodeSmallEnvelopeStrict", "DecodeSmallValid", "DecodeLargeGenerated", "DecodeLargeUnmarshal", "DecodeLargeUnmarshalStrict", "DecodeLargeEnvelope", "DecodeLargeEnvelopeStrict", "DecodeLargeValid", "EncodeSmallGenerated", "EncodeSmallMarshal", "EncodeLargeGenerated", "EncodeLargeMarshal"].map((x) => x),
    R,
    (name) => {
      const r = spawnSync(bin, ["-test.run", "^$", "-test.bench", `^Benchmark${name}$`, "-test.benchtime", benchtime ?? "400ms", "-test.benchmem"], { cwd: join(root, "bench", "go"), encoding: "utf8" });
      const line = r.stdout.split("\n").find((l) => l.startsWith(`Benchmark${name}`));
      if (!line) throw new Error(`${name}: ${r.stdout}\n${r.stderr}`);
      const num = (unit) => { const m = line.match(new RegExp(`([\\d.]+) ${unit}`)); return m ? Number(m[1]) : undefined; };
      extra[name] = { allocsPerOp: num("allocs/op"), allocsPerFrame: num("allocs/frame"), bytesPerOp: num("B/op") };
      return num("ns/op");
    },
  );
  let md = "";
  for (const size of ["Small", "Large"]) {
    const g = t[`Decode${size}Generated`], u = t[`Decode${size}Unmarshal`], us = t[`Decode${size}UnmarshalStrict`], v = t[`Decode${size}Valid`];
    const e = t[`Decode${size}Envelope`], es = t[`Decode${size}EnvelopeStrict`];
    md += `### Go decode, ${size === "Small" ? "short" : "large"} frames\n\n| contender | time per workload (median) | ratio to json.Valid (median, spread) | encoding/json Unmarshal ÷ this (median, spread) | allocs/frame |\n|---|---:|---:|---:|---:|\n`;
    for (const [label, xs, key] of [["generated decoder", g, "Generated"], ["json.Unmarshal", u, "Unmarshal"], ["json.Decoder + DisallowUnknownFields", us, "UnmarshalStrict"], ["hand-written host: envelope, then payload (json.Unmarshal)", e, "Envelope"], ["hand-written host, DisallowUnknownFields", es, "EnvelopeStrict"], ["json.Valid (scan floor)", v, "Valid"]]) {
      const a = ratioRow(label, xs, v);
      const s = xs.map((x, i) => u[i] / x);
      md += `| ${label} | ${fmt(median(xs))} | ${a.med.toFixed(2)}× (${a.lo.toFixed(2)}–${a.hi.toFixed(2)}) | ${median(s).toFixed(2)}× (${Math.min(...s).toFixed(2)}–${Math.max(...s).toFixed(2)}) | ${extra[`Decode${size}${key}`]?.allocsPerFrame ?? "-"} |\n`;
    }
    md += "\n";
  }
  for (const size of ["Small", "Large"]) {
    const g = t[`Encode${size}Generated`], m = t[`Encode${size}Marshal`];
    const s = m.map((x, i) => x / g[i]);
    md += `### Go encode, ${size === "Small" ? "short" : "large"} frames\n\n| contender | time per workload (median) | json.Marshal ÷ this (median, spread) | allocs/op |\n|---|---:|---:|---:|\n`;
    md += `| generated encoder | ${fmt(median(g))} | ${median(s).toFixed(2)}× (${Math.min(...s).toFixed(2)}–${Math.max(...s).toFixed(2)}) | ${extra[`Encode${size}Generated`]?.allocsPerOp} |\n`;
    md += `| json.Marshal | ${fmt(median(m))} | 1.00× | ${extra[`Encode${size}Marshal`]?.allocsPerOp} |\n\n`;
  }
  process.stdout.write(md);
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify({ times: t, extra }, null, 1));
} else if (mode === "generate") {
  const FRESH = "codegen generate, cold, as on a fresh clone (sources not yet bundled, TSX_DISABLE_CACHE=1)";
  const tmp = mkdtempSync(join(tmpdir(), "wire-bench-gen-"));
  const node = process.execPath;
  const bin = (x) => join(root, "node_modules", ".bin", x);
  const cmds = {
    "codegen generate (TypeScript, Go, docs; warm cache)": [node, [join(root, "bin", "codegen.cjs"), "generate"], {}],
    "codegen generate, cold (CODEGEN_NO_CACHE=1)": [node, [join(root, "bin", "codegen.cjs"), "generate"], { CODEGEN_NO_CACHE: "1" }],
    // as on a fresh clone: the checkout's bundle of the sources (bin/from-sources.cjs) is built first,
    // removed before each round (the row above finds it built), and tsx's transpile cache is off
    [FRESH]: [
      node,
      [join(root, "bin", "codegen.cjs"), "generate"],
      { CODEGEN_NO_CACHE: "1", TSX_DISABLE_CACHE: "1" },
    ],
    "json2ts (TypeScript types only)": [node, [bin("json2ts"), "-i", "schema/*/*.json", "-o", join(tmp, "j2t") + "/", "--unreachableDefinitions"], {}],
    "quicktype (Go only)": [node, [bin("quicktype"), "-s", "schema", "-l", "go", "--package", "runner", "-o", join(tmp, "qt.go"), "schema/runner/frames.json#/$defs/RunnerFrame", "schema/runner/frames.json#/$defs/HostToRunnerFrame"], {}],
  };
  // As users run it: the packed package installed in an empty project (compiled JavaScript in dist/,
  // no TypeScript transpiled at start-up), on a copy of the same schemas, writing into that project.
  const app = installedApp(tmp);
  cmds["codegen generate, cold, installed package (dist/)"] = [
    node,
    [join(app, "node_modules", "wire-codegen", "bin", "codegen.cjs"), "generate"],
    { CODEGEN_NO_CACHE: "1" },
    app,
  ];
  const names = Object.keys(cmds);
  spawnSync(node, [join(root, "bin", "codegen.cjs"), "generate"], { cwd: root }); // fill the cache
  const t = roundsOf(names, R, (name) => {
    const [cmd, args, env, cwd] = cmds[name];
    if (name === FRESH) rmSync(join(root, "node_modules", ".cache", "wire-codegen-cli"), { recursive: true, force: true });
    const a = process.hrtime.bigint();
    const r = spawnSync(cmd, args, { cwd: cwd ?? root, env: { ...process.env, ...env }, encoding: "utf8" });
    const ns = Number(process.hrtime.bigint() - a);
    if (r.status !== 0) throw new Error(`${name} failed: ${r.stderr}`);
    return ns;
  });
  rmSync(tmp, { recursive: true, force: true });
  const base = t[names.find((n) => n.startsWith("json2ts"))];
  let md = `### Generate step, whole processes (${R} interleaved rounds)\n\n| command | wall time (median) | ratio to json2ts (median, spread) |\n|---|---:|---:|\n`;
  for (const n of names) {
    const a = ratioRow(n, t[n], base);
    md += `| ${n} | ${fmt(median(t[n]))} | ${a.med.toFixed(2)}× (${a.lo.toFixed(2)}–${a.hi.toFixed(2)}) |\n`;
  }
  process.stdout.write(md + "\n");
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify({ names, times: t }, null, 1));
} else {
  console.error("usage: node bench/rounds.mjs go|generate ROUNDS [BENCHTIME]");
  process.exit(2);
}
