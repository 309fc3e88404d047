// multipleOf: the value divided by the divisor is a whole number, computed exactly on decimals:
// both numbers are taken in their shortest round-trip decimal form (what JSON.parse and Go's
// strconv both give for the IEEE double), and divided as integers scaled by a power of ten. So
// 0.3 is a multiple of 0.1 in both languages, where floating point division would say no.
import type { NumberCheck } from "../ir/types";
import type { SchemaReader } from "../ir/build/reader";
import type { Printer } from "../print/printer";
import { failIf, lit, type Val } from "../ts/value";
import { goNum } from "../go/literals";

export type MultipleOfCheck = Extract<NumberCheck, { family: "multipleOf" }>;

export function buildMultipleOf(r: SchemaReader): MultipleOfCheck | undefined {
  const m = r.number("multipleOf");
  if (m === undefined) return undefined;
  if (!(m > 0)) {
    r.error("multipleOf", "multipleOf must be greater than 0", "fix the value of multipleOf");
    return undefined;
  }
  return { family: "multipleOf", value: m };
}

/** [digits, exponent] with value = digits × 10^exponent, from the shortest round-trip form of x. */
export function decimal(x: number): [bigint, number] {
  const s = Math.abs(x).toExponential().replace("+", ""); // e.g. "7.5e-3"
  const [mant, exp] = s.split("e") as [string, string];
  const [int, frac = ""] = mant.split(".") as [string, string?];
  return [BigInt(int + frac) * (x < 0 ? -1n : 1n), Number(exp) - frac.length];
}

/** Whether x is a whole multiple of m (m > 0), exactly on their decimal forms. */
export function isMultipleOf(x: number, m: number): boolean {
  if (x === 0) return true;
  const [xd, xe] = decimal(x);
  const [md, me] = decimal(m);
  // x/m = (xd/md) × 10^(xe−me): whole iff xd × 10^(xe−me) is divisible by md (scaling the smaller side).
  const e = xe - me;
  return e >= 0 ? (xd * 10n ** BigInt(e)) % md === 0n : xd % (md * 10n ** BigInt(-e)) === 0n;
}

/** Safe integers divided by a whole divisor: the remainder is exact; anything else goes through the decimal forms. */
export function tsMultipleOf(pr: Printer, c: MultipleOfCheck, v: Val): void {
  const m = c.value;
  const cond = Number.isSafeInteger(m)
    ? `!(Number.isSafeInteger(${v.x}) ? ${v.x} % ${m} === 0 : $multipleOf(${v.x}, ${m}))`
    : `!$multipleOf(${v.x}, ${m})`;
  pr.raw(failIf(cond, "range", v, lit(`not a multiple of ${m}`)));
}

/** Go: multipleOf of `v`; whole divisors of int64 values by remainder, anything else on the decimal forms. */
export function goMultipleOf(c: MultipleOfCheck, kind: "integer" | "number"): string[] {
  const m = c.value;
  const cond =
    kind === "integer" && Number.isSafeInteger(m)
      ? `v%${m} != 0`
      : `!wireMultipleOf(float64(v), ${goNum(m, "number")})`;
  return [`if ${cond} {`, `\treturn wireFail(wireCodeRange, "number must be a multiple of ${m}")`, "}"];
}

// ---- diff (codegen/next/diff): multipleOf compared exactly, on the decimal forms ----
import type { NumberType } from "../ir/types";
import type { FamilyDiff } from "../diff/context";
import { beforeAfter } from "../diff/report";

/**
 * Every value that is a multiple of each of `tighter` is a multiple of each of `looser` when each
 * looser divisor divides some tighter one (0.3 is a multiple of 0.1: multipleOf 0.1 → 0.3 tightens).
 */
function implies(tighter: readonly number[], looser: readonly number[]): boolean {
  return looser.every((l) => tighter.some((t) => isMultipleOf(t, l)));
}

export const diffMultipleOf: FamilyDiff<NumberType> = (b, h, cx) => {
  const divisors = (t: NumberType) =>
    t.checks.filter((c): c is MultipleOfCheck => c.family === "multipleOf").map((c) => c.value);
  const [bm, hm] = [divisors(b), divisors(h)];
  const headTighter = implies(hm, bm);
  const baseTighter = implies(bm, hm);
  if (headTighter && baseTighter) return; // the same multiples
  const text = (ms: number[]) => (ms.length === 0 ? "none" : ms.join(", "));
  const value = (ms: number[]) => (ms.length === 0 ? undefined : ms.length === 1 ? ms[0] : ms);
  cx.report({
    rule: headTighter ? "constraint-tightened" : baseTighter ? "constraint-loosened" : "constraint-changed",
    message: `multipleOf ${text(bm)} → ${text(hm)}`,
    keyword: ["multipleOf"],
    ...beforeAfter(value(bm), value(hm)),
  });
};

// ---- value generation (codegen/next/conformance/arbitrary.ts) ----

import type { NumberHint } from "../conformance/draw";

/** multipleOf: whole multiples written as exact decimals, and numbers between two multiples. */
export function arbitraryMultipleOf(c: MultipleOfCheck): NumberHint {
  const m = c.value;
  const [md, me] = decimal(m);
  /** k × m as the double of the exact decimal k·md·10^me. */
  const times = (k: number): number => Number(`${BigInt(k) * md}e${me}`);
  return {
    holds: (v) => isMultipleOf(v, m),
    within: (d, lo, hi, integer) => {
      const kLo = Math.ceil(Math.max(lo, -1e15) / m);
      const kHi = Math.floor(Math.min(hi, 1e15) / m);
      if (!(kLo <= kHi)) return undefined;
      for (let i = 0; i < 8; i++) {
        const k = d.chance(0.3)
          ? d.pick([kLo, kHi, Math.min(Math.max(0, kLo), kHi)])
          : d.int(kLo, Math.min(kHi, kLo + 1000));
        const x = times(k);
        if (x >= lo && x <= hi && (!integer || Number.isInteger(x)) && isMultipleOf(x, m)) return x;
      }
      return undefined;
    },
    invalid: (d) => {
      for (let i = 0; i < 6; i++) {
        const x = times(d.int(-20, 20)) + d.pick([m / 2, m / 3, 1, 0.1]);
        if (Number.isFinite(x) && !isMultipleOf(x, m)) return x;
      }
      return undefined;
    },
  };
}
