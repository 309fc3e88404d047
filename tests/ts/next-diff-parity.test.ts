// The diff on the new IR against the first diff, report for report (every field: rules, messages,
// parties, files, pointers, lines, before and after): on every fixture pair of the first diff, both
// ways round, and between every two commits of this repository that touch schema/. Deleted with the
// first diff (codegen/diff/) when the lead switches to the new IR.
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { diffSides as firstDiffSides, runDiff as firstRunDiff } from "../../codegen/diff/command";
import { readFolderSide as firstReadFolderSide } from "../../codegen/diff/source";
import { diffSides, runDiff } from "../../codegen/next/diff/command";
import { readFolderSide } from "../../codegen/next/diff/source";

const ROOT = join(__dirname, "../..");
const FIXTURES = join(__dirname, "fixtures/diff");

describe.each(readdirSync(FIXTURES).sort())("fixture %s", (name) => {
  it.each([
    ["base", "head"],
    ["head", "base"],
  ])("%s → %s: the same report as the first diff", (from, to) => {
    const [a, b] = [join(FIXTURES, name, from), join(FIXTURES, name, to)];
    const first = firstDiffSides(firstReadFolderSide(a, "base"), firstReadFolderSide(b, "head"));
    expect(diffSides(readFolderSide(a, "base"), readFolderSide(b, "head"))).toEqual(first);
  });
});

describe("this repository's history", () => {
  const git = (...args: string[]) => execFileSync("git", args, { cwd: ROOT, encoding: "utf8" }).trim();
  const commits = git("log", "--format=%H", "--", "schema").split("\n");
  const run = (diff: typeof runDiff, args: string[]) => {
    let out = "";
    let err = "";
    const code = diff(args, ROOT, "json", { out: (t) => (out += t), err: (t) => (err += t) });
    return { code, out, err };
  };
  const pairs = commits.flatMap((a) => [...commits.filter((b) => b !== a).map((b) => [a, b]), [a, "working tree"]]);

  it.each(pairs)("%s → %s: the same output and exit code as the first diff", (...refs: string[]) => {
    const args = ["--base", refs[0]!, ...(refs[1] === "working tree" ? [] : ["--head", refs[1]!])];
    expect(run(runDiff, args)).toEqual(run(firstRunDiff, args));
  });
});
