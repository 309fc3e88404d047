// Unions: open or closed (x-open), the discriminator keys, anyOf or oneOf when the union has no
// dispatch (exact meaning), then the variants, matched by the definition they name (renames
// followed) or by kind. A variant added or removed is classified by what the union means: with a
// dispatch at most one variant can match; without one, anyOf takes the first that accepts the value
// and oneOf requires exactly one.
import { dispatchKeys } from "../ir/query";
import type { Origin, Type, UnionType } from "../ir/types";
import type { TypeDiffer } from "./compare-types";
import { kindName } from "./names";
import { atKey, same, type Sink } from "./report";
import type { RuleId } from "./rules";

interface Variant {
  type: Type;
  /** Where it is reported: the union's location for a definition, `<kind>` for an inline variant. */
  suffix: string;
}

/** Variants by key: "ref:<head name>", or "kind:<kind>:<n>" for the n-th inline variant of a kind. */
function variantsByKey(td: TypeDiffer, u: UnionType, side: "base" | "head"): Map<string, Variant> {
  const count = new Map<string, number>();
  const out = new Map<string, Variant>();
  for (const v of u.variants) {
    if (v.kind === "ref") {
      out.set(`ref:${side === "base" ? td.scope.headName(v.decl) : v.decl.name}`, { type: v, suffix: "" });
      continue;
    }
    const n = count.get(v.kind) ?? 0;
    count.set(v.kind, n + 1);
    // A free-form variant of some kinds only (a kind of an enum's values) is named by those kinds.
    const name = v.kind === "any" && v.kinds !== undefined ? v.kinds.join("|") : v.kind;
    out.set(`kind:${v.kind}:${n}`, { type: v, suffix: n === 0 ? `<${name}>` : `<${name}#${n + 1}>` });
  }
  return out;
}

function addedRule(b: UnionType, h: UnionType): RuleId {
  if (b.open) return "variant-added-open";
  if (h.dispatch !== undefined) return "variant-added";
  return h.mode === "anyOf" ? "any-of-variant-added" : "one-of-variant-added";
}

function removedRule(b: UnionType, h: UnionType): RuleId {
  if (h.open) return "variant-removed-open";
  if (b.dispatch !== undefined) return "variant-removed";
  return b.mode === "anyOf" ? "any-of-variant-removed" : "one-of-variant-removed";
}

export function diffUnion(
  td: TypeDiffer,
  loc: string,
  b: UnionType,
  h: UnionType,
  at: Origin | undefined,
  sink: Sink,
  depth: number,
): void {
  if (b.open !== h.open) {
    const message = h.open
      ? "union opened (x-open): unknown variants are ignored"
      : "union closed: unknown variants are errors";
    sink({
      rule: "union-openness-changed",
      location: loc,
      message,
      ...atKey(at, "x-open"),
      before: b.open,
      after: h.open,
    });
  }
  const bKeys = dispatchKeys(b.dispatch);
  const hKeys = dispatchKeys(h.dispatch);
  const bv = variantsByKey(td, b, "base");
  const hv = variantsByKey(td, h, "head");
  const sameVariants = bv.size === hv.size && [...bv.keys()].every((k) => hv.has(k));
  // Adding or removing a variant may add or drop a key that only it needed; the primary key must stay.
  if (!same(bKeys, hKeys) && (sameVariants || bKeys[0] !== hKeys[0])) {
    const text = (keys: string[]) => keys.join(", ") || "(by kind)";
    const message = `discriminator ${text(bKeys)} → ${text(hKeys)}`;
    sink({
      rule: "discriminator-changed",
      location: loc,
      message,
      ...atKey(at, "x-discriminator"),
      before: bKeys,
      after: hKeys,
    });
  }
  if (b.mode !== h.mode && (b.dispatch === undefined || h.dispatch === undefined)) {
    const rule: RuleId = h.mode === "oneOf" ? "union-now-one-of" : "union-now-any-of";
    sink({
      rule,
      location: loc,
      message: `${b.mode} → ${h.mode}`,
      ...atKey(at, h.mode),
      before: b.mode,
      after: h.mode,
    });
  }
  const kw = atKey(at, h.mode);
  for (const [key, v] of hv) {
    const old = bv.get(key);
    if (old === undefined) {
      const parties = v.type.kind === "ref" ? td.scope.variantParties(undefined, v.type.decl) : {};
      const name = kindName(v.type);
      sink({ rule: addedRule(b, h), location: loc, message: `variant ${name} added`, ...kw, after: name, ...parties });
    } else if (v.type.kind !== "ref") {
      td.diffType(`${loc}${v.suffix}`, old.type, v.type, at, sink, depth + 1);
    }
  }
  for (const [key, v] of bv) {
    if (hv.has(key)) continue;
    const parties = v.type.kind === "ref" ? td.scope.variantParties(v.type.decl, undefined) : {};
    const name = kindName(v.type);
    sink({
      rule: removedRule(b, h),
      location: loc,
      message: `variant ${name} removed`,
      ...kw,
      before: name,
      ...parties,
    });
  }
}
