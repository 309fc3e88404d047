// Lower and upper bounds compared: which of two bounds lets more values through. Shared by the
// count keywords (minLength, maxItems, minProperties, ...) and the numeric bounds.
import type { CheckDiff } from "./context";
import { beforeAfter } from "./report";

export interface Bound {
  value: number;
  exclusive: boolean;
}

export type Side = "lower" | "upper";

/** -1: the head is looser, 1: the head is tighter, 0: the same. */
export function compareBounds(b: Bound | undefined, h: Bound | undefined, side: Side): -1 | 0 | 1 {
  if (b === undefined && h === undefined) return 0;
  if (b === undefined) return 1;
  if (h === undefined) return -1;
  if (b.value === h.value) return b.exclusive === h.exclusive ? 0 : h.exclusive ? 1 : -1;
  const headHigher = h.value > b.value;
  return (side === "lower") === headHigher ? 1 : -1;
}

/** The tighter of two bounds on one side. */
export function tighter(a: Bound, b: Bound, side: Side): Bound {
  if (a.value !== b.value) return (side === "lower" ? a.value > b.value : a.value < b.value) ? a : b;
  return a.exclusive ? a : b;
}

/** A count keyword (minLength, maxItems, ...): a lower bound (default 0) or an upper one (default none). */
export function diffCount(cx: CheckDiff, key: string, b: number | undefined, h: number | undefined, side: Side): void {
  const norm = (v: number | undefined) => (side === "lower" && v === 0 ? undefined : v);
  const [bn, hn] = [norm(b), norm(h)];
  if (bn === hn) return;
  const asBound = (v: number | undefined): Bound | undefined =>
    v === undefined ? undefined : { value: v, exclusive: false };
  const cmp = compareBounds(asBound(bn), asBound(hn), side);
  const text = (v: number | undefined) => (v === undefined ? "none" : String(v));
  cx.report({
    rule: cmp > 0 ? "constraint-tightened" : "constraint-loosened",
    message: `${key} ${text(b)} → ${text(h)}`,
    keyword: [key],
    ...beforeAfter(b, h),
  });
}

/** A count family's check: minLength/maxLength, minItems/maxItems, minProperties/maxProperties. */
export interface CountCheck {
  min?: number;
  max?: number;
}

/** The tightest of several lower counts (the largest) or upper counts (the smallest). */
function tightest(values: (number | undefined)[], side: Side): number | undefined {
  const present = values.filter((v): v is number => v !== undefined);
  if (present.length === 0) return undefined;
  return side === "lower" ? Math.max(...present) : Math.min(...present);
}

/** The lower and upper counts of two nodes compared, over every check of the family on each side. */
export function diffCounts(cx: CheckDiff, keys: [min: string, max: string], b: CountCheck[], h: CountCheck[]): void {
  const limit = (cs: CountCheck[], side: Side) =>
    tightest(
      cs.map((c) => (side === "lower" ? c.min : c.max)),
      side,
    );
  diffCount(cx, keys[0], limit(b, "lower"), limit(h, "lower"), "lower");
  diffCount(cx, keys[1], limit(b, "upper"), limit(h, "upper"), "upper");
}
