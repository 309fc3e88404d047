// `codegen check` on a stale out/: exit 1, a unified diff per changed, missing or extra file, and
// GitHub annotations with --format github.
import { appendFileSync, cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { main } from "../../codegen/cli";

const ROOT = join(__dirname, "../..");

async function runCheck(root: string, ...extra: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const w = jest.spyOn(process.stdout, "write").mockImplementation((s: string | Uint8Array) => (out.push(String(s)), true));
  const l = jest.spyOn(console, "log").mockImplementation((s: string) => void out.push(`${s}\n`));
  const e = jest.spyOn(console, "error").mockImplementation((s: string) => void err.push(s));
  try {
    const code = await main(["check", "--root", root, ...extra]);
    return { code, out: out.join(""), err: err.join("\n") };
  } finally {
    w.mockRestore();
    l.mockRestore();
    e.mockRestore();
  }
}

describe("codegen check", () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), "codegen-check-"));
    cpSync(join(ROOT, "schema"), join(root, "schema"), { recursive: true });
    cpSync(join(ROOT, "out"), join(root, "out"), { recursive: true });
  });

  it("passes on the committed out/", async () => {
    expect((await runCheck(root)).code).toBe(0);
  });

  it("fails with a diff and annotations when out/ is stale", async () => {
    appendFileSync(join(root, "out/ts/runner/generated.ts"), "// edited by hand\n");
    rmSync(join(root, "out/docs/jsonl.md"));
    writeFileSync(join(root, "out/stray.txt"), "not generated\n");
    const text = await runCheck(root);
    expect(text.code).toBe(1);
    expect(text.out).toContain("--- a/out/ts/runner/generated.ts");
    expect(text.out).toContain("-// edited by hand");
    expect(text.out).toContain("+++ b/out/docs/jsonl.md");
    expect(text.out).toContain("-not generated");
    for (const s of ["changed out/ts/runner/generated.ts", "missing out/docs/jsonl.md", "extra out/stray.txt", "make generate"]) expect(text.err).toContain(s);
    const gh = await runCheck(root, "--format", "github");
    expect(gh.out).toContain("::error file=out/ts/runner/generated.ts::");
    expect(gh.out).toContain("::error file=out/stray.txt::");
  });
});
