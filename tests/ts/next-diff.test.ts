// codegen diff on the new IR, on small fixture pairs: the pairs of the first diff (tests/ts/fixtures/diff/,
// which must give the same result) and one pair per rule of the new keyword families
// (tests/ts/fixtures/next-diff/); each change's rule and classification asserted, forwards and backwards.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { diffSides, runDiff } from "../../codegen/next/diff/command";
import { FIRST_RULES, RULES, type RuleId } from "../../codegen/next/diff/rules";
import { readFolderSide } from "../../codegen/next/diff/source";
import { EXPECTED, INVERSE, REVERSED, type Expected } from "./helpers/diff-expectations";
import { NEXT_EXPECTED, NEXT_INVERSE, NEXT_REVERSED } from "./helpers/next-diff-expectations";

const ROOT = join(__dirname, "../..");
const FIRST = join(__dirname, "fixtures/diff");
const NEXT = join(__dirname, "fixtures/next-diff");

const ALL_EXPECTED = { ...EXPECTED, ...NEXT_EXPECTED };
const ALL_REVERSED = { ...REVERSED, ...NEXT_REVERSED };
const ALL_INVERSE: Record<string, string> = { ...INVERSE, ...NEXT_INVERSE };

function fixtureDir(name: string): string {
  return name in EXPECTED ? join(FIRST, name) : join(NEXT, name);
}

function diffFixture(name: string, reversed = false) {
  const [from, to] = reversed ? ["head", "base"] : ["base", "head"];
  const dir = fixtureDir(name);
  return diffSides(readFolderSide(join(dir, from), "base"), readFolderSide(join(dir, to), "head"));
}

function changesOf(report: ReturnType<typeof diffFixture>): Expected[] {
  return report.protocols.flatMap((p) =>
    p.changes.map((c): Expected => [c.rule, c.location, c.classification, c.oldReaders, c.oldWriters]),
  );
}

function runQuiet(args: string[], format = "text") {
  let out = "";
  let err = "";
  const code = runDiff(args, ROOT, format, { out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

describe("codegen diff on the new IR: one fixture pair per change class", () => {
  it("has an expectation for every fixture and a fixture for every expectation", () => {
    expect(readdirSync(FIRST).sort()).toEqual(Object.keys(EXPECTED).sort());
    expect(readdirSync(NEXT).sort()).toEqual(Object.keys(NEXT_EXPECTED).sort());
    expect(Object.keys(EXPECTED).filter((n) => n in NEXT_EXPECTED)).toEqual([]);
  });

  it("covers every rule of the first diff with a fixture of its own, and every rule with a fixture read one way or the other", () => {
    const forwards = new Set(Object.values(ALL_EXPECTED).flatMap((list) => list.map((e) => e[0])));
    expect(FIRST_RULES.filter((r) => !forwards.has(r))).toEqual([]);
    const either = new Set([...forwards, ...Object.values(ALL_REVERSED).flatMap((list) => list.map((e) => e[0]))]);
    expect(Object.keys(RULES).filter((r) => !either.has(r))).toEqual([]);
  });

  it("covers every rule in both directions: each fixture read backwards gives the inverse rule of each change", () => {
    expect(Object.keys(ALL_REVERSED).sort()).toEqual(Object.keys(ALL_EXPECTED).sort());
    expect(Object.keys(ALL_INVERSE).sort()).toEqual(Object.keys(RULES).sort());
    for (const [rule, inverse] of Object.entries(ALL_INVERSE))
      expect([rule, ALL_INVERSE[inverse]]).toEqual([rule, rule]);
    // A rename is located at the new name, so only its rule is compared.
    const key = (e: Expected): string => `${e[0]} ${e[0] === "definition-renamed" ? "" : e[1]}`;
    for (const name of Object.keys(ALL_EXPECTED)) {
      const forward = ALL_EXPECTED[name]!.map((e) => key([ALL_INVERSE[e[0]], ...e.slice(1)] as Expected)).sort();
      expect([name, ALL_REVERSED[name]!.map(key).sort()]).toEqual([name, forward]);
    }
    // every rule that has a direction is met both ways round, in a fixture of its own or read backwards
    const met = new Set(
      [...Object.values(ALL_EXPECTED), ...Object.values(ALL_REVERSED)].flatMap((l) => l.map((e) => e[0])),
    );
    expect(Object.keys(RULES).filter((r) => !met.has(r) || !met.has(ALL_INVERSE[r as RuleId]!))).toEqual([]);
  });

  it.each(Object.keys(ALL_EXPECTED))("%s", (name) => {
    const report = diffFixture(name);
    // Every fixture is the demo protocol; the protocol-* fixtures add or remove a second one, "other".
    expect(report.protocols.map((p) => p.name)).toEqual(name.startsWith("protocol-") ? ["demo", "other"] : ["demo"]);
    const changed = report.protocols.filter((p) => p.changes.length > 0);
    expect(changesOf(report)).toEqual(ALL_EXPECTED[name]);
    const breaking = ALL_EXPECTED[name]!.some((e) => e[2] !== "safe");
    expect(changed.some((p) => p.breaking)).toBe(breaking);
    expect(report.ok).toBe(!breaking || name === "version-bumped");
  });

  it.each(Object.keys(ALL_REVERSED))("%s, read backwards", (name) => {
    const report = diffFixture(name, true);
    expect(changesOf(report)).toEqual(ALL_REVERSED[name]);
    const breaking = ALL_REVERSED[name]!.some((e) => e[2] !== "safe");
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

describe("codegen diff on the new IR: the protocol version rule and exit codes", () => {
  const fx = (name: string) => ["--base", join(FIRST, name, "base"), "--head", join(FIRST, name, "head")];

  it("exits 1 on a breaking change without a version change", () => {
    const r = runQuiet(fx("property-added-optional"));
    expect(r.code).toBe(1);
    expect(r.out).toContain(
      "demo has 1 breaking change without a protocol version change: raise the protocol version (now 1)",
    );
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
    const base = join(FIRST, "description-only", "base");
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
