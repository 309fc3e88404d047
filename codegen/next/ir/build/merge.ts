// allOf (and $ref beside other keywords, from 2019-09): the parts a value must all satisfy, merged
// into one shape where the merge keeps the exact meaning, else checked as written.
//
// Exact merges: kinds intersect; per kind, string and number checks concatenate, booleans keep one
// const; objects take every part's properties (a property in several parts must satisfy each), the
// union of required, and every part's checks; a part with additionalProperties: false allows only the
// keys it declares, so a key declared by another part only is an unknown key of the merged object
// (this is what allOf means, and it surprises people: the builder warns when it makes a required
// property impossible). Parts that are unions, enums or applicators stay applicators (allOf branches
// of their own), and the typed shape comes from the rest.
import type { Applicator, ArrayType, BooleanType, Kind, ObjectType, Origin, Property, Type, UnionType } from "../types";
import type { Builder } from "./builder";
import { isTrivial } from "./node";
import { matchPatterns } from "./object";
import { kindsAccepted } from "../query";

export function mergeParts(b: Builder, parts: Type[], origin: Origin): Type {
  const live = parts.filter((p) => !isTrivial(p));
  if (live.length === 0) return parts[0] ?? { kind: "any", origin };
  if (live.length === 1) return live[0]!;
  return mergeTypes(b, live, origin);
}

/** The shape every one of `types` allows, with what the shape cannot express as applicators. */
export function mergeTypes(b: Builder, types: Type[], origin: Origin): Type {
  const kept = dropKindRestrictions(types);
  if (kept.length === 1) return kept[0]!;
  types = kept;
  const also: Applicator[] = [];
  const shapes: Type[] = [];
  for (const t of types) {
    const resolved = resolveForMerge(b, t);
    if (resolved === undefined || !mergeable(resolved)) {
      also.push({ family: "allOf", type: t });
      continue;
    }
    also.push(...(resolved.also ?? []));
    shapes.push(resolved);
  }
  let shape =
    shapes.length === 0
      ? ({ kind: "any", origin } as Type)
      : shapes.length === 1
        ? strip(shapes[0]!)
        : mergeShapes(b, shapes, origin);
  if (shape === undefined) {
    // Not expressible as one shape: a free-form value of the allowed kinds, every part checked as written.
    shape = { kind: "any", origin, kinds: intersectKinds(shapes) };
    return { ...shape, also: [...types.map((t): Applicator => ({ family: "allOf", type: t }))] };
  }
  if (also.length > 0) shape = { ...shape, also: [...(shape.also ?? []), ...also] } as Type;
  return shape;
}

/**
 * Parts that only restrict the JSON kind ("type": [...] with nothing else) add nothing when another
 * part accepts no other kind: dropping them keeps a reference a reference (no copy of its definition
 * to name). The other parts are returned in order.
 */
function dropKindRestrictions(types: Type[]): Type[] {
  const bare = types.filter(isKindOnly);
  const rest = types.filter((t) => !isKindOnly(t));
  if (bare.length === 0 || rest.length === 0) return types;
  const allowed = new Set(bare.map((t) => kindsAccepted(t)).reduce((a, k) => a.filter((x) => k.includes(x))));
  return rest.every((t) => kindsAccepted(t).every((k) => allowed.has(k))) ? rest : types;
}

/** A shape that says nothing but which kinds are allowed. */
function isKindOnly(t: Type): boolean {
  if ((t.also ?? []).length > 0) return false;
  switch (t.kind) {
    case "any":
    case "null":
      return true;
    case "string":
      return t.checks.length === 0 && t.secret !== true;
    case "integer":
      return false;
    case "number":
      return t.checks.length === 0;
    case "boolean":
      return t.const === undefined;
    case "array":
      return t.prefix.length === 0 && t.items === undefined && t.checks.length === 0;
    case "union":
      return isKindUnion(t) && t.variants.every(isKindOnly);
    default:
      return false;
  }
}

/**
 * A reference's definition type (followed through aliases), or undefined on a cycle. The applicators
 * of the references on the way (a $ref beside an anyOf, from 2019-09) are the type's too.
 */
function resolveForMerge(b: Builder, t: Type): Type | undefined {
  let cur = t;
  const also: Applicator[] = [];
  for (let hops = 0; cur.kind === "ref"; hops++) {
    if (hops > 100) return undefined;
    if (cur.decl.constant !== undefined) return undefined;
    also.push(...(cur.also ?? []));
    const next = b.typeOf(cur.decl);
    if (next === undefined) return undefined;
    cur = next;
  }
  return also.length === 0 ? cur : ({ ...cur, also: [...also, ...(cur.also ?? [])] } as Type);
}

/** A shape of one or several kinds that merging understands. */
function mergeable(t: Type): boolean {
  if (t.kind === "union") return isKindUnion(t);
  return t.kind !== "enum";
}

/** A union whose variants are of pairwise different kinds (the shape of "type": [...]). */
export function isKindUnion(u: UnionType): boolean {
  const seen = new Set<Kind>();
  for (const v of u.variants) {
    const ks = kindsOf(v);
    if (ks === undefined || v.also !== undefined) return false;
    for (const k of ks) {
      if (seen.has(k)) return false;
      seen.add(k);
    }
  }
  return true;
}

/** The JSON kinds a shape accepts, or undefined when that is not a property of the shape alone. */
export function kindsOf(t: Type): Kind[] | undefined {
  switch (t.kind) {
    case "any":
      return t.kinds ?? ["object", "array", "string", "number", "boolean", "null"];
    case "never":
      return [];
    case "integer":
    case "number":
      return ["number"];
    case "union":
      return isKindUnion(t) ? t.variants.flatMap((v) => kindsOf(v)!) : undefined;
    case "ref":
    case "enum":
      return undefined;
    default:
      return [t.kind];
  }
}

function strip(t: Type): Type {
  if (t.also === undefined) return t;
  const copy = { ...t } as Type;
  delete copy.also;
  return copy;
}

function intersectKinds(shapes: Type[]): Kind[] {
  let kinds: Kind[] = ["object", "array", "string", "number", "boolean", "null"];
  for (const s of shapes) {
    const ks = kindsOf(s) ?? kinds;
    kinds = kinds.filter((k) => ks.includes(k));
  }
  return kinds;
}

/** Per kind, the variant of a shape for that kind. */
function variantFor(t: Type, k: Kind): Type | undefined {
  if (t.kind === "union") return t.variants.map((v) => variantFor(v, k)).find((v) => v !== undefined);
  return kindsOf(t)?.includes(k) ? t : undefined;
}

function mergeShapes(b: Builder, shapes: Type[], origin: Origin): Type | undefined {
  const kinds = intersectKinds(shapes);
  const variants: Type[] = [];
  const plain: Kind[] = [];
  for (const k of kinds) {
    const per = shapes.map((s) => variantFor(s, k)!).map(strip);
    const specific = per.filter((v) => v.kind !== "any");
    if (specific.length === 0) {
      plain.push(k);
      continue;
    }
    const merged = specific.length === 1 ? specific[0]! : mergeKind(b, k, specific, origin);
    if (merged === undefined) return undefined;
    if (merged.kind !== "never") variants.push(merged);
  }
  if (plain.length > 0) variants.push({ kind: "any", origin, kinds: plain });
  if (variants.length === 0) return { kind: "never", origin };
  if (variants.length === 1) return variants[0]!;
  return { kind: "union", origin, mode: "anyOf", variants, open: false };
}

function mergeKind(b: Builder, k: Kind, list: Type[], origin: Origin): Type | undefined {
  switch (k) {
    case "string": {
      const checks = list.flatMap((t) => (t.kind === "string" ? t.checks : []));
      const out: Type = { kind: "string", origin, checks };
      if (list.some((t) => t.kind === "string" && t.secret === true)) out.secret = true;
      return out;
    }
    case "number": {
      const integer = list.some((t) => t.kind === "integer");
      return {
        kind: integer ? "integer" : "number",
        origin,
        checks: list.flatMap((t) => (t.kind === "integer" || t.kind === "number" ? t.checks : [])),
      };
    }
    case "boolean": {
      const consts = [
        ...new Set(list.flatMap((t) => (t.kind === "boolean" && t.const !== undefined ? [t.const] : []))),
      ];
      if (consts.length > 1) return { kind: "never", origin };
      if (consts.length === 0) return { kind: "boolean", origin };
      // the first part with a constant says which code failing it is
      const first = list.find((t) => t.kind === "boolean" && t.const !== undefined) as BooleanType;
      return { kind: "boolean", origin, const: consts[0]!, ...(first.enumOfOne ? { enumOfOne: true } : {}) };
    }
    case "null":
      return { kind: "null", origin };
    case "array":
      return mergeArrays(b, list as ArrayType[], origin);
    case "object":
      return mergeObjects(b, list as ObjectType[], origin);
  }
}

function mergeArrays(b: Builder, list: ArrayType[], origin: Origin): Type | undefined {
  const withElements = list.filter((a) => a.prefix.length > 0 || a.items !== undefined);
  const checks = list.flatMap((a) => a.checks);
  if (withElements.length <= 1) {
    const base = withElements[0] ?? list[0]!;
    const out: ArrayType = { kind: "array", origin, prefix: base.prefix, checks };
    if (base.items !== undefined) out.items = base.items;
    return out;
  }
  if (withElements.some((a) => a.prefix.length > 0)) return undefined;
  return {
    kind: "array",
    origin,
    prefix: [],
    items: mergeTypes(
      b,
      withElements.map((a) => a.items!),
      origin,
    ),
    checks,
  };
}

function mergeObjects(b: Builder, list: ObjectType[], origin: Origin): Type | undefined {
  const busy = list.filter(
    (o) => o.properties.length > 0 || o.patterns.length > 0 || o.extras.kind !== "keep" || o.checks.length > 0,
  );
  if (list.some((o) => o.patterns.length > 0 || o.extras.kind === "map")) {
    if (busy.length > 1) return undefined;
    const only = busy[0] ?? list[0]!;
    return { ...only, origin, checks: list.flatMap((o) => o.checks) };
  }
  const closed = list.filter((o) => o.extras.kind === "reject");
  const allowed =
    closed.length === 0
      ? undefined
      : closed
          .map((o) => new Set(o.properties.map((p) => p.name)))
          .reduce((a, s) => new Set([...a].filter((x) => s.has(x))));
  const names: string[] = [];
  for (const o of list) for (const p of o.properties) if (!names.includes(p.name)) names.push(p.name);
  const properties: Property[] = [];
  for (const name of names) {
    const declaring = list.flatMap((o) => o.properties.filter((p) => p.name === name));
    const required = declaring.some((p) => p.required);
    if (allowed !== undefined && !allowed.has(name)) {
      if (required) {
        b.problems.warn(
          declaring[0]!.origin,
          `allOf: "${name}" is required, but a part with additionalProperties: false does not declare it, so no object can be valid`,
        );
        // still required: an object without it is missing_field, one with it is rejected
        const origin = declaring[0]!.origin;
        properties.push({ name, type: { kind: "never", origin }, required, origin, names: { goField: "", local: "" } });
      }
      continue;
    }
    const first = declaring[0]!;
    const specific = declaring.filter((p) => !isTrivial(p.type));
    const type =
      specific.length === 0
        ? first.type
        : specific.length === 1
          ? specific[0]!.type
          : mergeTypes(
              b,
              specific.map((p) => p.type),
              specific[0]!.origin,
            );
    const prop: Property = {
      name,
      type,
      required,
      origin: (specific[0] ?? first).origin,
      names: { goField: "", local: "" },
    };
    const doc = declaring.find((p) => p.doc !== undefined)?.doc;
    if (doc !== undefined) prop.doc = doc;
    if (declaring.every((p) => p.undeclared === true)) prop.undeclared = true;
    properties.push(prop);
  }
  const out: ObjectType = {
    kind: "object",
    origin,
    properties,
    patterns: [],
    extras:
      closed.length > 0
        ? { kind: "reject" }
        : list.some((o) => o.extras.kind === "keep" && o.extras.evaluated === true)
          ? { kind: "keep", evaluated: true }
          : { kind: "keep" },
    checks: list.flatMap((o) => o.checks),
  };
  matchPatterns(out);
  return out;
}
