// codegen diff on small fixture pairs: one pair per change class, each change's rule and classification asserted.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { diffSides, runDiff } from "../../codegen/diff/command";
import { RULES, type RuleId } from "../../codegen/diff/rules";
import { readFolderSide } from "../../codegen/diff/source";
import { EXPECTED, INVERSE, REVERSED, type Expected } from "./helpers/diff-expectations";

const ROOT = join(__dirname, "../..");
const FIXTURES = join(__dirname, "fixtures/diff");

function diffFixture(name: string, reversed = false) {
  const [from, to] = reversed ? ["head", "base"] : ["base", "head"];
  return diffSides(readFolderSide(join(FIXTURES, name, from), "base"), readFolderSide(join(FIXTURES, name, to), "head"));
}

function changesOf(report: ReturnType<typeof diffFixture>): Expected[] {
  return report.protocols.flatMap((p) => p.changes.map((c): Expected => [c.rule, c.location, c.classification, c.oldReaders, c.oldWriters]));
}

function runQuiet(args: string[], format = "text") {
  let out = "";
  let err = "";
  const code = runDiff(args, ROOT, format, { out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

describe("codegen diff: one fixture pair per change class", () => {
  it("has an expectation for every fixture and a fixture for every expectation", () => {
    expect(readdirSync(FIXTURES).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it("covers every breaking-change rule with at least one fixture", () => {
    const covered = new Set(Object.values(EXPECTED).flatMap((list) => list.map((e) => e[0])));
    expect(Object.keys(RULES).filter((r) => !covered.has(r))).toEqual([]);
  });

  it("covers every rule in both directions: each fixture read backwards gives the inverse rule of each change", () => {
    expect(Object.keys(REVERSED).sort()).toEqual(Object.keys(EXPECTED).sort());
    expect(Object.keys(INVERSE).sort()).toEqual(Object.keys(RULES).sort());
    for (const [rule, inverse] of Object.entries(INVERSE)) expect([rule, INVERSE[inverse as RuleId]]).toEqual([rule, rule]);
    // A rename is located at the new name, so only its rule is compared.
    const key = (e: Expected): string => `${e[0]} ${e[0] === "definition-renamed" ? "" : e[1]}`;
    for (const name of Object.keys(EXPECTED)) {
      const forward = EXPECTED[name]!.map((e) => key([INVERSE[e[0] as RuleId], ...e.slice(1)] as Expected)).sort();
      expect([name, REVERSED[name]!.map(key).sort()]).toEqual([name, forward]);
    }
    // every rule that has a direction is met both ways round, in a fixture of its own or read backwards
    const met = new Set([...Object.values(EXPECTED), ...Object.values(REVERSED)].flatMap((list) => list.map((e) => e[0])));
    expect(Object.keys(RULES).filter((r) => !met.has(r) || !met.has(INVERSE[r as RuleId]))).toEqual([]);
  });

  it.each(Object.keys(EXPECTED))("%s", (name) => {
    const report = diffFixture(name);
    // Every fixture is the demo protocol; the protocol-* fixtures add or remove a second one, "other".
    expect(report.protocols.map((p) => p.name)).toEqual(name.startsWith("protocol-") ? ["demo", "other"] : ["demo"]);
    const changed = report.protocols.filter((p) => p.changes.length > 0);
    expect(changesOf(report)).toEqual(EXPECTED[name]);
    const breaking = EXPECTED[name]!.some((e) => e[2] !== "safe");
    expect(changed.some((p) => p.breaking)).toBe(breaking);
    expect(report.ok).toBe(!breaking || name === "version-bumped");
  });

  it.each(Object.keys(REVERSED))("%s, read backwards", (name) => {
    const report = diffFixture(name, true);
    expect(changesOf(report)).toEqual(REVERSED[name]);
    const breaking = REVERSED[name]!.some((e) => e[2] !== "safe");
    expect(report.protocols.some((p) => p.breaking)).toBe(breaking);
    expect(report.ok).toBe(!breaking || name === "version-bumped");
  });

  it("points each change at a line of the head schema file", () => {
    const c = diffFixture("property-added-optional").protocols[0]!.changes[0]!;
    expect(c).toMatchObject({ file: "schema/demo/demo.json", pointer: "/$defs/Item/properties/color", line: 10 });
    const removed = diffFixture("definition-removed").protocols[0]!.changes[0]!;
    expect(removed).toMatchObject({ file: "schema/demo/demo.json", pointer: "/$defs/Spare", line: 5 });
  });
});

describe("codegen diff: the protocol version rule and exit codes", () => {
  const fx = (name: string) => ["--base", join(FIXTURES, name, "base"), "--head", join(FIXTURES, name, "head")];

  it("exits 1 on a breaking change without a version change", () => {
    const r = runQuiet(fx("property-added-optional"));
    expect(r.code).toBe(1);
    expect(r.out).toContain("demo has 1 breaking change without a protocol version change: raise the protocol version (now 1)");
  });

  it("exits 0 when the breaking change comes with a version change", () => {
    const r = runQuiet(fx("version-bumped"));
    expect(r.code).toBe(0);
    expect(r.out).toContain("breaking changes come with a protocol version change (demo version 1 → 2)");
  });

  it("exits 0 when every change is safe", () => {
    expect(runQuiet(fx("description-only")).code).toBe(0);
    expect(runQuiet(fx("property-added-open-object")).code).toBe(0);
  });

  it("exits 0 with no changes", () => {
    const base = join(FIXTURES, "description-only", "base");
    const r = runQuiet(["--base", base, "--head", base]);
    expect(r.code).toBe(0);
    expect(r.out).toContain("no schema changes");
  });

  it("exits 2 on usage errors", () => {
    expect(runQuiet([]).code).toBe(2);
    expect(runQuiet(["--base"]).code).toBe(2);
    expect(runQuiet(["--base", "HEAD", "--bogus"]).code).toBe(2);
    expect(runQuiet(["--base", "no-such-ref-or-folder-xyz"]).code).toBe(2);
    const r = runQuiet([...fx("description-only"), "--format", "yaml"]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("unknown format");
  });

  it("accepts --format inside its own arguments and as the CLI's option", () => {
    expect(JSON.parse(runQuiet([...fx("description-only"), "--format=json"]).out).format).toBe("codegen-diff/1");
    expect(JSON.parse(runQuiet(fx("description-only"), "json").out).format).toBe("codegen-diff/1");
  });
});
