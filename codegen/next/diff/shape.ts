// A type's shape: everything that decides what is valid, nothing about where, why or how it is
// named in code. Two shapes are equal when their texts are; references are named by definition.
import type { Decl } from "../ir/types";

/** Keys that never change validity: places, documentation, and the names of the naming pass. */
const IGNORED = new Set(["origin", "doc", "names", "goExtra", "variantNames", "xName", "hoisted"]);

/** The shape of any IR value; `refName` names a referenced definition (the head name of a base one). */
export function shapeOf(t: unknown, refName: (d: Decl) => string): unknown {
  if (Array.isArray(t)) return t.map((x) => shapeOf(x, refName));
  if (t === null || typeof t !== "object") return t;
  const o = t as Record<string, unknown>;
  if (o.kind === "ref" && typeof o.decl === "object") return { kind: "ref", decl: refName(o.decl as Decl) };
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) {
    if (IGNORED.has(k)) continue;
    // A pattern's constant name comes from where it sits; the rest of it is the pattern.
    const pattern = k === "pattern" && v !== null && typeof v === "object";
    out[k] = shapeOf(pattern ? { ...v, name: undefined } : v, refName);
  }
  return out;
}

export const shapeText = (t: unknown, refName: (d: Decl) => string): string => JSON.stringify(shapeOf(t, refName));

/** The shape of a definition for rename detection (its name and its place excluded). */
export function declShape(d: Decl, refName: (d: Decl) => string): string {
  return JSON.stringify({
    type: shapeOf(d.type, refName),
    constant: d.constant,
    enum: d.enumMembers?.map((m) => m.value),
    sentBy: d.sentBy,
    result: d.result === undefined ? undefined : refName(d.result),
    frame: d.frame,
  });
}
