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
    const val = kind === "integer" && !Number.isInteger(x) ? "float64(v)" : "v";
    out.push(`if ${val} ${op} ${goNum(x, kind)} {`, `\treturn wireFail(wireCodeRange, "${msg} ${x}")`, "}");
  };
  bound(c.minimum, "<", "number must be at least");
  bound(c.exclusiveMinimum, "<=", "number must be greater than");
  bound(c.maximum, ">", "number must be at most");
  bound(c.exclusiveMaximum, ">=", "number must be less than");
  return out;
}

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
