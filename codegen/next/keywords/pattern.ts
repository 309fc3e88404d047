// pattern and patternProperties: ECMAScript regular expressions (unanchored search, u flag), in the
// subset that means the same in Go's RE2 once translated (pattern-translate.ts).
import type { Pattern, StringCheck } from "../ir/types";
import type { Printer } from "../print/printer";
import { failIf, type Val } from "../ts/value";
import { translatePattern } from "./pattern-translate";

/** The pattern, or why it cannot be used. Its constant name is set by the naming pass. */
export function compilePattern(source: string): Pattern | string {
  const t = translatePattern(source);
  return "error" in t ? t.error : { source, re2: t.re2, name: "" };
}

export type PatternCheck = Extract<StringCheck, { family: "pattern" }>;

export function tsPattern(pr: Printer, c: PatternCheck, v: Val): void {
  pr.raw(
    failIf(`!${c.pattern.name}.test(${v.x})`, "pattern", v, `\`\${$describe(${v.x})} does not match the pattern\``),
  );
}

/** Go: the pattern check of a string `v` against the compiled package variable of the pattern. */
export function goPattern(c: PatternCheck): string[] {
  return [
    `if !${c.pattern.name}.MatchString(v) {`,
    '\treturn wireFail(wireCodePattern, "string does not match the pattern")',
    "}",
  ];
}

// ---- diff (codegen/next/diff): patterns added, removed or edited (never compared as languages) ----
import type { StringType } from "../ir/types";
import type { FamilyDiff } from "../diff/context";
import { beforeAfter, code } from "../diff/report";

export const diffPattern: FamilyDiff<StringType> = (b, h, cx) => {
  const sources = (t: StringType) =>
    t.checks.filter((c): c is PatternCheck => c.family === "pattern").map((c) => c.pattern.source);
  const [bp, hp] = [sources(b), sources(h)];
  const added = hp.filter((s) => !bp.includes(s));
  const removed = bp.filter((s) => !hp.includes(s));
  if (added.length === 0 && removed.length === 0) return;
  const list = (ss: string[]) => ss.map(code).join(", ");
  const value = (ss: string[]) => (ss.length === 0 ? undefined : ss.length === 1 ? ss[0] : ss);
  cx.report({
    rule:
      removed.length === 0 ? "constraint-tightened" : added.length === 0 ? "constraint-loosened" : "constraint-changed",
    message:
      removed.length === 0
        ? `pattern ${list(added)} added`
        : added.length === 0
          ? `pattern ${list(removed)} removed`
          : `pattern ${list(removed)} → ${list(added)}`,
    keyword: ["pattern"],
    ...beforeAfter(value(bp), value(hp)),
  });
};

// ---- value generation (codegen/next/conformance/arbitrary.ts) ----

import type { ScalarHint } from "../conformance/draw";

const patternRegexes = new Map<string, RegExp>();
function patternRegex(source: string): RegExp {
  let re = patternRegexes.get(source);
  if (re === undefined) patternRegexes.set(source, (re = new RegExp(source, "u")));
  return re;
}

/** pattern: strings the pattern matches (search, u flag), and strings it does not. */
export function arbitraryPattern(c: PatternCheck): ScalarHint<string> {
  const re = patternRegex(c.pattern.source);
  return {
    holds: (s) => re.test(s),
    valid: (d) => d.matching(c.pattern.source),
    invalid: (d) => {
      for (let i = 0; i < 8; i++) {
        const s = i === 0 ? "" : i === 1 ? "\n" : d.text(0, 6);
        if (!re.test(s)) return s;
      }
      return undefined;
    },
  };
}
