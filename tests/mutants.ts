// The mutation check (issue 14, item 6; `make mutants`, tests/mutants.sh): each deliberate breakage
// of tests/mutants.jsonl (the new core: codegen/next/**, the Go runtime codegen/go/runtime/*.go, the
// TypeScript runtime codegen/next/ts/runtime.ts) is applied, one at a time, to a temporary copy of
// the repository, and the tests it names run there; a breakage is caught when one of them fails.
// Every wire rule (1-23) and every keyword family has breakages on the list; every breakage must be
// caught (one that is not is a missing test). A breakage marked "pending" (with the reason no test can
// catch it yet) is listed, not run.
//
//   npx tsx tests/mutants.ts [--check] [--baseline] [ID...]
//     --check     only verify that each breakage applies (its text occurs exactly once)
//     --baseline  first run every test command on the unbroken copy (each must pass)
//     ID...       only these breakages
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const ROOT = resolve(__dirname, "..");

interface Mutant {
  id: string;
  rule: number;
  family?: string;
  file: string;
  find: string;
  replace: string | null;
  /** Test commands: vectors:<protocol/file>, suite:<draft>, jest:<name>, go:<TestName>, property, cases, fuzz, runtime. */
  tests: string[];
  note: string;
  /** Why it cannot be caught yet (not run). */
  pending?: string;
  /** Further edits of the same breakage (one behaviour checked in two places). */
  edits?: { file: string; find: string; replace: string }[];
}

const editsOf = (m: Mutant) => [{ file: m.file, find: m.find, replace: m.replace! }, ...(m.edits ?? [])];

const mutants: Mutant[] = readFileSync(join(ROOT, "tests", "mutants.jsonl"), "utf8")
  .split("\n")
  .filter((l) => l.trim() !== "")
  .map((l) => JSON.parse(l) as Mutant);

const args = process.argv.slice(2);
const only = args.filter((a) => !a.startsWith("--"));
const selected = only.length === 0 ? mutants : mutants.filter((m) => only.includes(m.id));

function occurrences(text: string, find: string): number {
  let n = 0;
  for (let i = text.indexOf(find); i >= 0; i = text.indexOf(find, i + 1)) n++;
  return n;
}

/** Problems of the list itself: a breakage that does not apply exactly once, a rule or family without one. */
function checkList(): string[] {
  const problems: string[] = [];
  for (const m of mutants) {
    if (m.pending !== undefined) continue;
    for (const e of editsOf(m)) {
      if (!existsSync(join(ROOT, e.file))) {
        problems.push(`${m.id}: ${e.file} does not exist`);
        continue;
      }
      const n = occurrences(readFileSync(join(ROOT, e.file), "utf8"), e.find);
      if (n !== 1) problems.push(`${m.id}: its text occurs ${n} times in ${e.file}`);
    }
    if (m.tests.length === 0) problems.push(`${m.id}: no test to run`);
    for (const t of m.tests) {
      try {
        const c = command(t);
        const file = c.args.find((a) => a.endsWith(".test.ts"));
        if (file !== undefined && !existsSync(join(ROOT, file)))
          problems.push(`${m.id}: test ${t}: ${file} does not exist`);
      } catch (e) {
        problems.push(`${m.id}: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
  }
  for (let rule = 1; rule <= 23; rule++)
    if (!mutants.some((m) => m.rule === rule && m.pending === undefined))
      problems.push(`wire rule ${rule} has no breakage`);
  const families = [
    "length",
    "pattern",
    "format",
    "bounds",
    "multipleOf",
    "const",
    "enum",
    "items-length",
    "unique",
    "contains",
    "size",
    "dependentRequired",
    "propertyNames",
    "dependentSchemas",
    "not",
    "if",
    "unevaluated",
    "allOf",
    "never",
    "$ref",
  ];
  for (const f of families)
    if (!mutants.some((m) => m.family === f)) problems.push(`keyword family ${f} has no breakage`);
  return problems;
}

/** The working tree's tracked files (uncommitted changes included) as they were when the run started. */
let snapshot: string | undefined;

/** A copy of the snapshot, with node_modules linked. */
function copyTree(): string {
  if (snapshot === undefined) {
    snapshot = mkdtempSync(join(tmpdir(), "wire-mutants-snapshot-"));
    const files = execFileSync("git", ["ls-files", "-z"], { cwd: ROOT }).toString("utf8");
    const tar = spawnSync("sh", ["-c", `tar --null -T - -cf - | tar -xf - -C ${JSON.stringify(snapshot)}`], {
      cwd: ROOT,
      input: files,
    });
    if (tar.status !== 0) throw new Error(`copying the tree: ${tar.stderr.toString()}`);
    process.on("exit", () => rmSync(snapshot!, { recursive: true, force: true }));
  }
  const dir = mkdtempSync(join(tmpdir(), "wire-mutant-"));
  execFileSync("cp", ["-a", `${snapshot}/.`, dir]);
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
  return dir;
}

function command(test: string): { cmd: string; args: string[]; cwd: string; env: Record<string, string> } {
  const jest = (file: string, name?: string) => ({
    cmd: "npx",
    args: ["jest", "--ci", "--silent", file, ...(name !== undefined ? ["-t", name] : [])],
    cwd: "",
    env: { NODE_OPTIONS: "--experimental-vm-modules", WIRE_FUZZ_MINIMIZE: "0" },
  });
  if (test.startsWith("vectors:"))
    return jest("tests/ts/next-vectors.test.ts", test.slice("vectors:".length).replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  // the JSON-Schema-Test-Suite of one draft in both languages (tests/ts/suite-<draft>.test.ts)
  if (test.startsWith("suite:")) return jest(`tests/ts/suite-${test.slice("suite:".length)}.test.ts`);
  // any other jest file of tests/ts
  if (test.startsWith("jest:")) return jest(`tests/ts/${test.slice("jest:".length)}.test.ts`);
  // one Go test of tests/go, on the copy's out/go generated again first
  if (test.startsWith("go:"))
    return {
      cmd: "sh",
      args: [
        "-c",
        `node bin/codegen.cjs generate >/dev/null && cd tests/go && go test -count=1 -run '^${test.slice(3)}$' .`,
      ],
      cwd: "",
      env: {},
    };
  switch (test) {
    case "property":
      return jest("tests/ts/next-property.test.ts");
    case "cases":
      return jest("tests/ts/next-fuzz.test.ts", "named cases");
    case "fuzz":
      return jest("tests/ts/next-fuzz.test.ts", "generator fuzzing");
    case "runtime":
      return { cmd: "go", args: ["test", "-count=1", "./..."], cwd: "codegen/go/runtime", env: {} };
  }
  throw new Error(`unknown test ${test}`);
}

/** Runs one test command in a copy; true when it passes. */
function passes(dir: string, test: string): { ok: boolean; seconds: number; tail: string } {
  const c = command(test);
  const t0 = Date.now();
  const r = spawnSync(c.cmd, c.args, {
    cwd: join(dir, c.cwd),
    env: { ...process.env, ...c.env },
    encoding: "utf8",
    maxBuffer: 256 << 20,
    timeout: 1_800_000,
  });
  const tail = `${r.stdout ?? ""}${r.stderr ?? ""}`
    .split("\n")
    .filter((l) => l.trim() !== "")
    .slice(-6)
    .join("\n");
  // a jest name filter that selects nothing passes vacuously: count as not run
  if (
    r.status === 0 &&
    /Tests:\s+(\d+ skipped, )?0 passed|Tests:\s+\d+ skipped, \d+ total$/m.test(`${r.stdout}${r.stderr}`) &&
    !/passed/.test(`${r.stdout}${r.stderr}`)
  )
    return { ok: true, seconds: (Date.now() - t0) / 1000, tail: `no test selected: ${tail}` };
  return { ok: r.status === 0, seconds: (Date.now() - t0) / 1000, tail };
}

function main(): number {
  const problems = checkList();
  if (problems.length > 0) {
    console.log(`mutants: the list has problems:\n  ${problems.join("\n  ")}`);
    return 2;
  }
  if (args.includes("--check")) {
    console.log(
      `mutants: ${mutants.length} breakages, each applies exactly once; every wire rule and keyword family has some`,
    );
    return 0;
  }
  if (args.includes("--baseline")) {
    const dir = copyTree();
    try {
      for (const t of [...new Set(selected.flatMap((m) => m.tests))]) {
        const r = passes(dir, t);
        console.log(`baseline ${t}: ${r.ok ? "passes" : "FAILS"} (${r.seconds.toFixed(0)} s)`);
        if (!r.ok) {
          console.log(r.tail);
          return 2;
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const rows: string[] = [];
  let missed = 0;
  let pending = 0;
  for (const m of selected) {
    if (m.pending !== undefined) {
      pending++;
      rows.push(`PENDING  ${m.id} (rule ${m.rule}${m.family ? `, ${m.family}` : ""}): ${m.pending}`);
      console.log(rows[rows.length - 1]);
      continue;
    }
    const dir = copyTree();
    try {
      for (const e of editsOf(m)) {
        const path = join(dir, e.file);
        writeFileSync(
          path,
          readFileSync(path, "utf8").replace(e.find, () => e.replace),
        );
      }
      let by: string | undefined;
      const spent: string[] = [];
      for (const t of m.tests) {
        const r = passes(dir, t);
        spent.push(`${t} ${r.seconds.toFixed(0)} s`);
        if (!r.ok) {
          by = t;
          break;
        }
      }
      if (by === undefined) missed++;
      rows.push(
        `${by !== undefined ? "caught  " : "MISSED  "} ${m.id} (rule ${m.rule}${m.family ? `, ${m.family}` : ""}): ${m.note}${by !== undefined ? ` [by ${by}]` : ` [ran ${spent.join(", ")}]`}`,
      );
      console.log(rows[rows.length - 1]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const ran = selected.length - pending;
  console.log(
    `mutants: ${ran - missed} of ${ran} breakages caught, ${missed} missed, ${pending} pending (not run: each says why)`,
  );
  return missed > 0 ? 1 : 0;
}

process.exit(main());
