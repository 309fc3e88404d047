// minimum / maximum / exclusiveMinimum / exclusiveMaximum. Draft-04 writes the exclusive ones as
// booleans that modify minimum and maximum; later drafts as numbers of their own.
import type { NumberCheck } from "../ir/types";
import type { SchemaReader } from "../ir/build/reader";
import type { Printer } from "../print/printer";
import { failIf, lit, type Val } from "../ts/value";
import { goNum } from "../go/literals";

export type BoundsCheck = Extract<NumberCheck, { family: "bounds" }>;

export function buildBounds(r: SchemaReader): BoundsCheck | undefined {
  const c: BoundsCheck = { family: "bounds" };
  const min = r.number("minimum");
  const max = r.number("maximum");
  if (r.draft === "draft-04") {
    const exMin = r.get("exclusiveMinimum");
    const exMax = r.get("exclusiveMaximum");
    for (const [k, v] of [
      ["exclusiveMinimum", exMin],
      ["exclusiveMaximum", exMax],
    ] as const) {
      if (v !== undefined && typeof v !== "boolean")
        r.error(
          k,
          `in draft-04, ${k} must be a boolean`,
          `write true or false (or move to a later draft, where ${k} is a number)`,
        );
    }
    if (min !== undefined) exMin === true ? (c.exclusiveMinimum = min) : (c.minimum = min);
    if (max !== undefined) exMax === true ? (c.exclusiveMaximum = max) : (c.maximum = max);
  } else {
    if (min !== undefined) c.minimum = min;
    if (max !== undefined) c.maximum = max;
    const exMin = r.number("exclusiveMinimum");
    const exMax = r.number("exclusiveMaximum");
    if (exMin !== undefined) c.exclusiveMinimum = exMin;
    if (exMax !== undefined) c.exclusiveMaximum = exMax;
  }
  return Object.keys(c).length === 1 ? undefined : c;
}

export function tsBounds(pr: Printer, c: BoundsCheck, v: Val): void {
  const bound = (cond: string, message: string) => pr.raw(failIf(cond, "range", v, lit(message)));
  if (c.minimum !== undefined) bound(`${v.x} < ${c.minimum}`, `below the minimum ${c.minimum}`);
  if (c.maximum !== undefined) bound(`${v.x} > ${c.maximum}`, `above the maximum ${c.maximum}`);
  if (c.exclusiveMinimum !== undefined)
    bound(`${v.x} <= ${c.exclusiveMinimum}`, `not above the exclusive minimum ${c.exclusiveMinimum}`);
  if (c.exclusiveMaximum !== undefined)
    bound(`${v.x} >= ${c.exclusiveMaximum}`, `not below the exclusive maximum ${c.exclusiveMaximum}`);
}

/** Go: the bounds of a number `v` (int64 or float64). */
export function goBounds(c: BoundsCheck, kind: "integer" | "number"): string[] {
  const out: string[] = [];
  const bound = (x: number | undefined, op: string, msg: string): void => {
    if (x === undefined) return;
    const val = kind === "integer" && !Number.isSafeInteger(x) ? "float64(v)" : "v";
    out.push(`if ${val} ${op} ${goNum(x, kind)} {`, `\treturn wireFail(wireCodeRange, "${msg} ${x}")`, "}");
  };
  bound(c.minimum, "<", "number must be at least");
  bound(c.exclusiveMinimum, "<=", "number must be greater than");
  bound(c.maximum, ">", "number must be at most");
  bound(c.exclusiveMaximum, ">=", "number must be less than");
  return out;
}

// ---- diff (codegen/next/diff): the effective lower and upper bounds compared ----
import type { NumberType } from "../ir/types";
import type { FamilyDiff } from "../diff/context";
import { compareBounds, tighter, type Bound, type Side } from "../diff/order";
import { beforeAfter } from "../diff/report";

/** The effective bound of one side over every bounds check; for integers, exclusive bounds become inclusive whole numbers. */
export function effectiveBound(checks: readonly BoundsCheck[], integer: boolean, side: Side): Bound | undefined {
  const candidates: Bound[] = [];
  for (const c of checks) {
    const inclusive = side === "lower" ? c.minimum : c.maximum;
    const exclusive = side === "lower" ? c.exclusiveMinimum : c.exclusiveMaximum;
    if (inclusive !== undefined)
      candidates.push({
        value: integer ? (side === "lower" ? Math.ceil(inclusive) : Math.floor(inclusive)) : inclusive,
        exclusive: false,
      });
    if (exclusive !== undefined)
      candidates.push(
        integer
          ? { value: side === "lower" ? Math.floor(exclusive) + 1 : Math.ceil(exclusive) - 1, exclusive: false }
          : { value: exclusive, exclusive: true },
      );
  }
  return candidates.length === 0 ? undefined : candidates.reduce((a, b) => tighter(a, b, side));
}

export function boundText(b: Bound | undefined, side: Side): string {
  if (b === undefined) return "none";
  return `${side === "lower" ? (b.exclusive ? ">" : "≥") : b.exclusive ? "<" : "≤"} ${b.value}`;
}

export const diffBounds: FamilyDiff<NumberType> = (b, h, cx) => {
  const bounds = (t: NumberType) => t.checks.filter((c): c is BoundsCheck => c.family === "bounds");
  const [bc, hc] = [bounds(b), bounds(h)];
  const integer = b.kind === "integer";
  for (const side of ["lower", "upper"] as const) {
    const bb = effectiveBound(bc, integer, side);
    const hb = effectiveBound(hc, integer, side);
    const cmp = compareBounds(bb, hb, side);
    if (cmp === 0) continue;
    const exclusive = hc.some((c) => (side === "lower" ? c.exclusiveMinimum : c.exclusiveMaximum) !== undefined);
    const key =
      side === "lower" ? (exclusive ? "exclusiveMinimum" : "minimum") : exclusive ? "exclusiveMaximum" : "maximum";
    cx.report({
      rule: cmp > 0 ? "constraint-tightened" : "constraint-loosened",
      message: `${side} bound ${boundText(bb, side)} → ${boundText(hb, side)}`,
      keyword: [key],
      ...beforeAfter(bb && boundText(bb, side), hb && boundText(hb, side)),
    });
  }
};

// ---- value generation (codegen/next/conformance/arbitrary.ts) ----

import type { NumberHint, NumberRange } from "../conformance/draw";

/** The bounds: the range they allow, and values just outside it. */
export function arbitraryBounds(c: BoundsCheck): NumberHint {
  const range: NumberRange = { lo: -Infinity, hi: Infinity, loOpen: false, hiOpen: false };
  if (c.minimum !== undefined) range.lo = c.minimum;
  if (c.exclusiveMinimum !== undefined && c.exclusiveMinimum >= range.lo)
    ((range.lo = c.exclusiveMinimum), (range.loOpen = true));
  if (c.maximum !== undefined) range.hi = c.maximum;
  if (c.exclusiveMaximum !== undefined && c.exclusiveMaximum <= range.hi)
    ((range.hi = c.exclusiveMaximum), (range.hiOpen = true));
  const holds = (v: number): boolean =>
    (range.loOpen ? v > range.lo : v >= range.lo) && (range.hiOpen ? v < range.hi : v <= range.hi);
  return {
    range,
    holds,
    invalid: (d) => {
      const out: number[] = [];
      if (Number.isFinite(range.lo))
        out.push(range.loOpen ? range.lo : range.lo - d.pick([1, 0.5, 1e-9]), range.lo - 1000);
      if (Number.isFinite(range.hi))
        out.push(range.hiOpen ? range.hi : range.hi + d.pick([1, 0.5, 1e-9]), range.hi + 1000);
      const bad = out.filter((x) => Number.isFinite(x) && !holds(x));
      return bad.length === 0 ? undefined : d.pick(bad);
    },
  };
}
