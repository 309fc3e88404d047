// codegen diff on the new IR against real commits of this repository (read with git ls-tree / git show,
// no checkout), and against a repository whose protocols a config places (wire-codegen.json).
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadLayout } from "../../codegen/config";
import { runDiff } from "../../codegen/next/diff/command";
import { readGitSide } from "../../codegen/next/diff/source";
import type { DiffReport } from "../../codegen/next/diff/types";

const ROOT = join(__dirname, "../..");
const git = (cwd: string, ...args: string[]) => execFileSync("git", args, { cwd, encoding: "utf8" }).trim();

/** The first commit of the history that holds the runner schema. */
const FIRST = git(ROOT, "log", "--reverse", "--format=%H", "--", "schema/runner/records.json").split("\n")[0]!;

function run(args: string[], format = "json", root = ROOT, layout?: ReturnType<typeof loadLayout>) {
  let out = "";
  let err = "";
  const code = runDiff(args, root, format, { out: (t) => (out += t), err: (t) => (err += t) }, layout);
  return { code, out, err, report: format === "json" && out !== "" ? (JSON.parse(out) as DiffReport) : undefined };
}

/** A repository root holding the schema of `ref`, to edit. */
function checkoutTo(ref: string): string {
  const dir = mkdtempSync(join(tmpdir(), "codegen-next-diff-"));
  for (const path of git(ROOT, "ls-tree", "-r", "--name-only", ref, "--", "schema/").split("\n")) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), execFileSync("git", ["show", `${ref}:${path}`], { cwd: ROOT, encoding: "utf8" }));
  }
  return dir;
}

function edit(file: string, change: (schema: { $defs: Record<string, Record<string, unknown>> }) => void): void {
  const schema = JSON.parse(readFileSync(file, "utf8"));
  change(schema);
  writeFileSync(file, JSON.stringify(schema, null, 2) + "\n");
}

describe("codegen diff on the new IR, against this repository's history", () => {
  it("finds the commit that introduced the runner schema", () => {
    expect(FIRST).toMatch(/^[0-9a-f]{40}$/);
    expect(
      readGitSide(ROOT, FIRST)
        .protocols.get("runner")!
        .map((f) => f.path),
    ).toContain("schema/runner/records.json");
  });

  it("reports no change between a commit and itself", () => {
    const r = run(["--base", FIRST, "--head", FIRST]);
    expect(r.code).toBe(0);
    expect(r.report!.protocols.every((p) => p.changes.length === 0)).toBe(true);
  });

  it("diffs that commit against the working tree, and exits by the version rule", () => {
    const r = run(["--base", FIRST]);
    expect(r.report!.head).toBe("working tree");
    expect(r.code).toBe(r.report!.ok ? 0 : 1);
    const before = new Set(readGitSide(ROOT, FIRST).protocols.keys());
    for (const name of readdirSync(join(ROOT, "schema"))) {
      const p = r.report!.protocols.find((x) => x.name === name)!;
      if (!before.has(name)) expect(p.changes.map((c) => c.rule)).toEqual(["protocol-added"]);
    }
    for (const p of r.report!.protocols)
      for (const c of p.changes) if (c.file !== undefined) expect(c.line).toBeGreaterThan(0);
  });

  it("diffs two git refs", () => {
    const r = run(["--base", FIRST, "--head", "HEAD"]);
    expect(r.code).toBe(r.report!.ok ? 0 : 1);
    expect(r.report!.base).toBe(FIRST);
  });

  describe("an optional field added to NativeFile", () => {
    let dir: string;
    beforeAll(() => {
      dir = checkoutTo(FIRST);
      edit(join(dir, "schema/runner/records.json"), (s) => {
        (s.$defs.NativeFile!.properties as Record<string, unknown>).mtime = {
          type: "integer",
          minimum: 0,
          description: "Modification time, in Unix seconds.",
        };
      });
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it("breaks old hosts, which read checkpoint results, and needs a version change", () => {
      const r = run(["--base", FIRST, "--head", dir]);
      expect(r.code).toBe(1);
      const runner = r.report!.protocols.find((p) => p.name === "runner")!;
      expect(runner.changes).toEqual([
        expect.objectContaining({
          rule: "property-added-optional",
          location: "NativeFile.mtime",
          classification: "breaks-old-readers",
          oldReaders: ["host"],
          file: "schema/runner/records.json",
        }),
      ]);
      expect(runner.needsVersionChange).toBe(true);
    });

    it("passes once ProtocolVersion is raised (runs after the test above)", () => {
      edit(join(dir, "schema/runner/constants.json"), (s) => {
        s.$defs.ProtocolVersion!.const = 2;
      });
      const r = run(["--base", FIRST, "--head", dir], "markdown");
      expect(r.code).toBe(0);
      expect(r.out).toContain(
        "| optional property mtime (integer) added | `NativeFile.mtime` (schema/runner/records.json:",
      );
      expect(r.out).toContain("**breaks old readers (host)**");
    });
  });
});

describe("codegen diff on the new IR, with a config placing the protocols", () => {
  let repo: string;
  const FIXTURE = join(__dirname, "fixtures/diff/property-added-optional");
  const schemaFile = "contracts/demo.json";
  beforeAll(() => {
    repo = mkdtempSync(join(tmpdir(), "codegen-next-diff-config-"));
    const config = { protocols: [{ name: "wire", schema: [schemaFile] }] };
    writeFileSync(join(repo, "wire-codegen.json"), JSON.stringify(config, null, 2) + "\n");
    mkdirSync(join(repo, "contracts"));
    cpSync(join(FIXTURE, "base/schema/demo/demo.json"), join(repo, schemaFile));
    git(repo, "init", "-q");
    git(repo, "add", "-A");
    git(repo, "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "base");
    cpSync(join(FIXTURE, "head/schema/demo/demo.json"), join(repo, schemaFile));
  });
  afterAll(() => rmSync(repo, { recursive: true, force: true }));

  it("reads the config's protocols at a git ref and in the working tree", () => {
    const r = run(["--base", "HEAD"], "json", repo, loadLayout(repo));
    expect(r.code).toBe(1);
    expect(
      r.report!.protocols.map((p) => [p.name, p.changes.map((c) => [c.rule, c.location, c.file, c.line])]),
    ).toEqual([["wire", [["property-added-optional", "Item.color", schemaFile, 10]]]]);
  });

  it("reads the config's protocols in a folder (another checkout)", () => {
    const base = mkdtempSync(join(tmpdir(), "codegen-next-diff-base-"));
    try {
      mkdirSync(join(base, "contracts"));
      cpSync(join(FIXTURE, "base/schema/demo/demo.json"), join(base, schemaFile));
      const r = run(["--base", base, "--head", repo], "text", repo, loadLayout(repo));
      expect(r.code).toBe(1);
      expect(r.out).toContain("  [breaks old readers (runner)] Item.color: optional property color (string) added\n");
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });
});

describe("codegen diff on the new IR, with a side that cannot be built", () => {
  it("exits 1 and names the side, the protocol and the problem", () => {
    const dir = mkdtempSync(join(tmpdir(), "codegen-next-diff-bad-"));
    try {
      mkdirSync(join(dir, "schema/demo"), { recursive: true });
      const bad = { $defs: { A: { type: 5 } } };
      writeFileSync(join(dir, "schema/demo/demo.json"), JSON.stringify(bad));
      const base = join(__dirname, "fixtures/diff/description-only/base");
      const r = run(["--base", base, "--head", dir], "text");
      expect(r.code).toBe(1);
      expect(r.out).toBe("");
      expect(r.err).toContain(`codegen diff: ${dir}: protocol demo#: the schema cannot be built:`);
      expect(r.err).toContain("schema/demo/demo.json#/$defs/A/type");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
