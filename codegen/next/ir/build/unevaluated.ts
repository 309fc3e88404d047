// unevaluatedProperties / unevaluatedItems where the IR can know what was evaluated: when every
// applicator beside them has been merged into the shape, the keys (or elements) they apply to are
// exactly those no property, pattern or additionalProperties (items) took, so they become the
// shape's additionalProperties (items). Otherwise they stay applicators, checked with the keys the
// other applicators evaluated on the value at hand (codegen/SEMANTICS.md, "Unevaluated").
import { KINDS, type Applicator, type Extras, type ObjectType, type Type } from "../types";
import type { Builder } from "./builder";
import { isTrivial } from "./node";
import { undeclaredTypes } from "./object";

/** Applicators that may evaluate properties or items of the value they apply to. */
function evaluates(a: Applicator): boolean {
  return (
    a.family === "allOf" ||
    a.family === "union" ||
    a.family === "if" ||
    a.family === "unevaluatedProperties" ||
    a.family === "unevaluatedItems"
  );
}

/** The shape with unevaluatedProperties (or Items) folded in, or undefined when the other applicators decide what is evaluated. */
export function foldUnevaluated(
  b: Builder,
  t: Type,
  u: Type,
  keyword: "unevaluatedProperties" | "unevaluatedItems",
): Type | undefined {
  if ((t.also ?? []).some(evaluates)) return undefined;
  const shape = t.kind === "ref" ? concrete(b, t) : t;
  if (shape === undefined) return undefined;
  const fold = (x: Type): Type | undefined => {
    if (keyword === "unevaluatedProperties" && x.kind === "object") {
      if (x.checks.some((c) => c.family === "dependentSchemas")) return undefined;
      if (x.extras.kind !== "keep" || x.extras.evaluated === true) return x;
      const folded: ObjectType = { ...x, extras: extrasOf(u), properties: x.properties.map((p) => ({ ...p })) };
      undeclaredTypes(folded);
      return folded;
    }
    if (keyword === "unevaluatedItems" && x.kind === "array") {
      if (x.checks.some((c) => c.family === "contains")) return undefined;
      if (x.items !== undefined) return x;
      return { ...x, items: u };
    }
    const kind = keyword === "unevaluatedProperties" ? "object" : "array";
    if (x.kind === "any" && (x.kinds ?? KINDS).includes(kind)) {
      // Free-form values of this kind: every member (element) is unevaluated.
      const own: Type =
        kind === "object"
          ? { kind: "object", origin: x.origin, properties: [], patterns: [], extras: extrasOf(u), checks: [] }
          : { kind: "array", origin: x.origin, prefix: [], items: u, checks: [] };
      const rest = (x.kinds ?? KINDS).filter((k) => k !== kind);
      if (rest.length === 0) return own;
      return {
        kind: "union",
        origin: x.origin,
        mode: "anyOf",
        variants: [own, { kind: "any", origin: x.origin, kinds: rest }],
        open: false,
      };
    }
    return x;
  };
  if (shape.kind === "union" && shape.dispatch === undefined && shape.variants.length > 0 && kindUnion(shape)) {
    const variants = shape.variants.map(fold);
    if (variants.some((v) => v === undefined)) return undefined;
    return { ...shape, variants: variants as Type[] };
  }
  if (shape.kind === "union") return undefined;
  return fold(shape);
}

function extrasOf(u: Type): Extras {
  if (u.kind === "never") return { kind: "reject" };
  if (isTrivial(u)) return { kind: "keep", evaluated: true };
  return { kind: "map", type: u };
}

/** The definition's own shape (a copy is made by the caller's spread), or undefined for cycles and constants. */
function concrete(b: Builder, t: Type): Type | undefined {
  let cur = t;
  for (let hops = 0; cur.kind === "ref"; hops++) {
    if (hops > 64 || cur.decl.constant !== undefined) return undefined;
    const next = b.typeOf(cur.decl);
    if (next === undefined) return undefined;
    cur = next;
  }
  return cur.also !== undefined && cur.also.some(evaluates) ? undefined : cur;
}

/** A union built from "type": [...]: variants of pairwise different kinds, no applicators. */
function kindUnion(t: Type & { kind: "union" }): boolean {
  const kinds = new Set<string>();
  for (const v of t.variants) {
    const k = v.kind === "integer" ? "number" : v.kind;
    if (kinds.has(k) || v.kind === "ref" || v.kind === "union" || v.kind === "enum") return false;
    kinds.add(k);
  }
  return true;
}
