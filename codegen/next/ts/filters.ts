// The filters of an undiscriminated union's variants (runtime $Filter): what each variant surely asks
// of an object, seen without a trial, so that the union skips the trials (each failed one costs a
// throw) of the variants a value cannot match. Sound by construction: every entry is a check the
// variant's own check makes (required keys, member kinds, numeric bounds), never more.
import type { Decl, Type, UnionType } from "../ir/types";
import { kindMask } from "./kinds";
import { lit } from "./value";

const ALL_KINDS = 63;

/** The type a reference stands for, through references (a definition's check checks its type). */
function resolved(t: Type): Type {
  const seen = new Set<Decl>();
  while (t.kind === "ref" && !seen.has(t.decl)) {
    seen.add(t.decl);
    t = t.decl.type;
  }
  return t;
}

/** [lo, hi] of a number type (exclusive bounds as inclusive: looser, so still sound). */
function boundsOf(type: Type): [number, number] {
  const t = resolved(type);
  let lo = -Infinity;
  let hi = Infinity;
  if (t.kind !== "integer" && t.kind !== "number") return [lo, hi];
  for (const c of t.checks) {
    if (c.family === "const") [lo, hi] = [Math.max(lo, c.value), Math.min(hi, c.value)];
    if (c.family !== "bounds") continue;
    for (const x of [c.minimum, c.exclusiveMinimum]) if (x !== undefined) lo = Math.max(lo, x);
    for (const x of [c.maximum, c.exclusiveMaximum]) if (x !== undefined) hi = Math.min(hi, x);
  }
  return [lo, hi];
}

const num = (x: number): string => (x === Infinity ? "Infinity" : x === -Infinity ? "-Infinity" : String(x));

/** A variant's filter literal: "0" when nothing is known cheaply. */
export function variantFilter(t: Type): string {
  const o = resolved(t);
  if (o.kind !== "object") return "0";
  const declared = o.properties.filter((p) => p.undeclared !== true);
  const req = declared.filter((p) => p.required).map((p) => lit(p.name));
  const members: string[] = [];
  for (const p of declared) {
    const kinds = kindMask(p.type);
    const [lo, hi] = boundsOf(p.type);
    if (kinds === ALL_KINDS && lo === -Infinity && hi === Infinity) continue;
    members.push(`[${lit(p.name)}, ${kinds}, ${num(lo)}, ${num(hi)}]`);
  }
  if (req.length === 0 && members.length === 0) return "0";
  return `$filter([${req.join(", ")}]${members.map((m) => `, ${m}`).join("")})`;
}

/** The filters of a union's variants, or undefined when none is known. */
export function unionFilters(u: UnionType): string[] | undefined {
  const fs = u.variants.map(variantFilter);
  return fs.every((f) => f === "0") ? undefined : fs;
}

/** The last argument of $union / $which for a union definition: ", filtersX", or "" without filters. */
export function filtersArg(d: Decl, u: UnionType): string {
  return unionFilters(u) === undefined ? "" : `, ${d.names.ts.filters}`;
}
