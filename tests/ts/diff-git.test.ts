// codegen diff against real commits of this repository (read with git ls-tree / git show, no checkout).
import { execFileSync } from "node:child_process";
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runDiff } from "../../codegen/diff/command";
import { readGitSide } from "../../codegen/diff/source";
import type { DiffReport } from "../../codegen/diff/types";

const ROOT = join(__dirname, "../..");
const git = (...args: string[]) => execFileSync("git", args, { cwd: ROOT, encoding: "utf8" }).trim();

/** The first commit of the history that holds the runner schema. */
const FIRST = git("log", "--reverse", "--format=%H", "--", "schema/runner/records.json").split("\n")[0]!;

function run(args: string[], format = "json") {
  let out = "";
  let err = "";
  const code = runDiff(args, ROOT, format, { out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err, report: format === "json" && out !== "" ? (JSON.parse(out) as DiffReport) : undefined };
}

/** A repository root holding the schema of `ref`, to edit. */
function checkoutTo(ref: string): string {
  const dir = mkdtempSync(join(tmpdir(), "codegen-diff-"));
  for (const path of git("ls-tree", "-r", "--name-only", ref, "--", "schema/").split("\n")) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), execFileSync("git", ["show", `${ref}:${path}`], { cwd: ROOT, encoding: "utf8" }));
  }
  return dir;
}

function edit(dir: string, path: string, change: (schema: { $defs: Record<string, Record<string, unknown>> }) => void): void {
  const file = join(dir, path);
  const schema = JSON.parse(readFileSync(file, "utf8"));
  change(schema);
  writeFileSync(file, JSON.stringify(schema, null, 2) + "\n");
}

describe("codegen diff against this repository's history", () => {
  it("finds the commit that introduced the runner schema", () => {
    expect(FIRST).toMatch(/^[0-9a-f]{40}$/);
    expect(readGitSide(ROOT, FIRST).protocols.get("runner")!.map((f) => f.path)).toContain("schema/runner/records.json");
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
    for (const p of r.report!.protocols) for (const c of p.changes) if (c.file !== undefined) expect(c.line).toBeGreaterThan(0);
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
      edit(dir, "schema/runner/records.json", (s) => {
        (s.$defs.NativeFile!.properties as Record<string, unknown>).mtime = { type: "integer", minimum: 0, description: "Modification time, in Unix seconds." };
      });
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it("breaks old hosts, which read checkpoint results, and needs a version change", () => {
      const r = run(["--base", FIRST, "--head", dir]);
      expect(r.code).toBe(1);
      const runner = r.report!.protocols.find((p) => p.name === "runner")!;
      expect(runner.changes).toEqual([
        expect.objectContaining({ rule: "property-added-optional", location: "NativeFile.mtime", classification: "breaks-old-readers", oldReaders: ["host"], file: "schema/runner/records.json" }),
      ]);
      expect(runner.needsVersionChange).toBe(true);
    });

    it("passes once ProtocolVersion is raised (runs after the test above)", () => {
      edit(dir, "schema/runner/constants.json", (s) => {
        s.$defs.ProtocolVersion!.const = 2;
      });
      const r = run(["--base", FIRST, "--head", dir], "markdown");
      expect(r.code).toBe(0);
      expect(r.out).toContain("| optional property mtime (integer) added | `NativeFile.mtime` (schema/runner/records.json:");
      expect(r.out).toContain("**breaks old readers (host)**");
    });
  });
});
