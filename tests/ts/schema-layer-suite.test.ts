// Proof of the schema layer on the official JSON-Schema-Test-Suite: the reference evaluator
// (helpers/evaluate.ts), which asks SchemaSet for every draft, base URI and reference, must give
// the suite's verdict on every test of every required case of drafts 4, 6, 7, 2019-09 and 2020-12
// (optional/ excluded; "format" is an annotation), with remotes/ served at http://localhost:1234/.
import { SchemaSet } from "../../codegen/schema/set";
import { isMultipleOf } from "./helpers/decimal";
import { isValid } from "./helpers/evaluate";
import { SUITE_DRAFTS, suiteCases, suiteRemotes, type SuiteCase } from "./helpers/suite";
import type { Draft } from "../../codegen/schema/draft";

/** The tests of a case whose verdict differs, each with what the evaluator said (empty: all match). */
function mismatches(folder: string, draft: Draft, c: SuiteCase): string[] {
  const path = `suite/${folder}/${c.file.replace(/\.json$/, "")}/${c.index}.json`;
  let set: SchemaSet;
  try {
    set = SchemaSet.load([{ path, text: JSON.stringify(c.schema) }], { external: suiteRemotes(), defaultDraft: draft });
  } catch (e) {
    return [`refused by SchemaSet.load: ${e instanceof Error ? e.message : String(e)}`];
  }
  return c.tests.flatMap((t) => {
    let verdict: string;
    try {
      verdict = isValid(set, { file: path, pointer: "" }, t.data) ? "valid" : "invalid";
    } catch (e) {
      verdict = `an exception (${e instanceof Error ? e.message : String(e)})`;
    }
    return verdict === (t.valid ? "valid" : "invalid") ? [] : [`${t.description}: evaluator says ${verdict}`];
  });
}

const report: string[] = [];

afterAll(() => console.log(`JSON-Schema-Test-Suite, reference evaluator over SchemaSet:\n${report.join("\n")}`));

describe.each(SUITE_DRAFTS)("JSON-Schema-Test-Suite $folder", ({ folder, draft }) => {
  it("the reference evaluator matches every test of every case", () => {
    const cases = suiteCases(folder);
    const failed = cases.flatMap((c) => {
      const m = mismatches(folder, draft, c);
      return m.length === 0 ? [] : [`${c.file} / ${c.description}: ${m.join("; ")}`];
    });
    const tests = cases.reduce((n, c) => n + c.tests.length, 0);
    report.push(
      `  ${folder}: ${cases.length - failed.length} of ${cases.length} cases match on every test (${tests} tests)`,
    );
    expect(failed).toEqual([]);
  });
});

describe("multipleOf is exact on decimals", () => {
  it.each([
    [0.0075, 0.0001, true],
    [0.00751, 0.0001, false],
    [19.99, 0.01, true],
    [0.3, 0.1, true],
    [4.35, 0.01, true],
    [12391239123, 1e-8, true],
    [1e308, 0.123456789, false],
    [10, 3, false],
    [-7.5, 2.5, true],
    [1.5e-7, 5e-8, true],
  ])("%p is a multiple of %p: %p", (value, divisor, expected) => {
    expect(isMultipleOf(value, divisor)).toBe(expected);
  });

  it("names the suite tests a double-based multipleOf gets wrong", () => {
    // Two common double-based checks; the evaluator's exact one must agree with the suite on all.
    const doubles = {
      "value % divisor === 0": (v: number, d: number) => v % d === 0,
      "Number.isInteger(value / divisor)": (v: number, d: number) => Number.isInteger(v / d),
    };
    const wrong: string[] = [];
    for (const { folder } of SUITE_DRAFTS) {
      for (const c of suiteCases(folder).filter((x) => x.file === "multipleOf.json")) {
        const divisor = (c.schema as { multipleOf?: unknown }).multipleOf;
        if (typeof divisor !== "number") continue;
        for (const t of c.tests.filter((x) => typeof x.data === "number")) {
          const exact = isMultipleOf(t.data as number, divisor);
          for (const [name, check] of Object.entries(doubles)) {
            if (check(t.data as number, divisor) !== exact)
              wrong.push(`${folder} "${c.description}" / "${t.description}": ${name} says ${!exact}`);
          }
        }
      }
    }
    console.log(`multipleOf on doubles:\n  ${wrong.join("\n  ")}`);
    expect(wrong.length).toBeGreaterThan(0); // the reason multipleOf is exact
  });
});
