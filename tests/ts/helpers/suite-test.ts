// The JSON-Schema-Test-Suite test of one draft (tests/ts/suite-<draft>.test.ts): every required case
// generates, in TypeScript and Go, and both give the suite's verdict on every test, the same
// outcome in both languages. What is refused is pinned in tests/suite-expected.json with its
// reason: a case that matched and starts refusing fails, and so does one that starts matching
// (write it down).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { runSuiteDraft } from "./suite-run";

interface Pinned {
  cases: number;
  refused: Record<string, string>;
}

export function suiteTest(folder: string): void {
  const pinned = (JSON.parse(readFileSync(join(__dirname, "../../suite-expected.json"), "utf8")) as Record<string, Pinned>)[folder]!;
  describe(`JSON-Schema-Test-Suite ${folder}, TypeScript and Go`, () => {
    const outcome = runSuiteDraft(folder);
    it("has no case where a language disagrees with the suite or with the other language", () => {
      expect(outcome.disagreed).toEqual([]);
    });
    it("refuses exactly the pinned cases, with their reasons, and matches every other", () => {
      console.log(`${folder}: ${outcome.cases} cases, ${outcome.matched.length} matched in both languages, ${Object.keys(outcome.refused).length} refused, ${outcome.disagreed.length} disagreed`);
      expect(outcome.refused).toEqual(pinned.refused);
      expect(outcome.cases).toBe(pinned.cases);
      expect(outcome.matched.length).toBe(pinned.cases - Object.keys(pinned.refused).length);
    });
  });
}
