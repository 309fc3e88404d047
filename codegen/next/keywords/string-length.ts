// minLength / maxLength: a string's length in Unicode code points (not UTF-16 units, not bytes).
import type { StringCheck } from "../ir/types";
import type { SchemaReader } from "../ir/build/reader";
import type { Printer } from "../print/printer";
import { args, type Val } from "../ts/value";

export type LengthCheck = Extract<StringCheck, { family: "length" }>;

export function buildLength(r: SchemaReader): LengthCheck | undefined {
  const min = r.count("minLength");
  const max = r.count("maxLength");
  if (min === undefined && max === undefined) return undefined;
  const c: LengthCheck = { family: "length" };
  if (min !== undefined && min > 0) c.min = min;
  if (max !== undefined) c.max = max;
  return c.min === undefined && c.max === undefined ? undefined : c;
}

/** minLength fails only below 2n UTF-16 units, maxLength only above n: the guards skip the calls. */
export function tsLength(pr: Printer, c: LengthCheck, v: Val): void {
  if (c.min !== undefined) pr.raw(`if (${v.x}.length < ${2 * c.min}) $minLen(${v.x}, ${c.min}, ${args(v)});`);
  if (c.max !== undefined) pr.raw(`if (${v.x}.length > ${c.max}) $maxLen(${v.x}, ${c.max}, ${args(v)});`);
}

/** Go: the length check of a string `v`, in code points. */
export function goLength(c: LengthCheck): string[] {
  const limits = [c.min !== undefined ? `at least ${c.min}` : "", c.max !== undefined ? `at most ${c.max}` : ""]
    .filter((s) => s !== "")
    .join(" and ");
  const fail = `\treturn wireFail(wireCodeLength, "string length must be ${limits} code points")`;
  if (c.min === 1 && c.max === undefined) return ["if len(v) == 0 {", fail, "}"];
  const conds = [c.min !== undefined ? `n < ${c.min}` : "", c.max !== undefined ? `n > ${c.max}` : ""].filter(
    (s) => s !== "",
  );
  return [`if n := wireRuneCount(v); ${conds.join(" || ")} {`, fail, "}"];
}

// ---- diff (codegen/next/diff): minLength and maxLength as count bounds ----
import type { StringType } from "../ir/types";
import type { FamilyDiff } from "../diff/context";
import { diffCounts } from "../diff/order";

export const diffLength: FamilyDiff<StringType> = (b, h, cx) => {
  const lengths = (t: StringType) => t.checks.filter((c): c is LengthCheck => c.family === "length");
  diffCounts(cx, ["minLength", "maxLength"], lengths(b), lengths(h));
};

// ---- value generation (codegen/next/conformance/arbitrary.ts) ----

import type { ScalarHint } from "../conformance/draw";

/** minLength / maxLength: strings of an allowed number of code points, and one code point too few or too many. */
export function arbitraryLength(c: LengthCheck): ScalarHint<string> {
  const min = c.min ?? 0;
  return {
    holds: (s) => {
      const n = [...s].length;
      return n >= min && (c.max === undefined || n <= c.max);
    },
    valid: (d) => d.text(min, Math.min(c.max ?? Infinity, min + 12)),
    invalid: (d) => {
      const short = min > 0 ? d.text(min - 1, min - 1) : undefined;
      const long = c.max !== undefined ? d.text(c.max + 1, c.max + 1 + d.int(0, 2)) : undefined;
      return short !== undefined && (long === undefined || d.chance(0.5)) ? short : long;
    },
  };
}
