// Questions every consumer of the IR asks, answered once here: what a reference stands for, the
// object behind a variant, the kinds a type accepts, a union's dispatch keys, and one traversal.
import type { Applicator, Decl, Dispatch, Kind, ObjectType, Type, UnionType } from "./types";

/**
 * Objects of more than LARGE_OBJECT declared properties (merged configuration schemas have hundreds)
 * are emitted in a shape that compilers take in linear time: TypeScript checks and writes them in
 * nested functions of LARGE_OBJECT_CHUNK properties, Go keeps their decode errors in one array.
 */
export const LARGE_OBJECT = 64;
export const LARGE_OBJECT_CHUNK = 48;
export const isLargeObject = (t: ObjectType): boolean => t.properties.length > LARGE_OBJECT;

/** The type behind references (aliases followed), or the type itself. Constants resolve to their type. */
export function resolve(t: Type): Type {
  let cur = t;
  for (let hops = 0; cur.kind === "ref" && hops < 64; hops++) cur = cur.decl.type;
  return cur;
}

/** The one scalar every valid value of a type is (a const, a boolean const, or null), if any; references followed. */
export function constOf(t: Type): { value: string | number | boolean | null } | undefined {
  const r = resolve(t);
  if (r.kind === "string" || r.kind === "integer" || r.kind === "number") {
    const c = r.checks.find((x) => x.family === "const");
    return c !== undefined ? { value: (c as { value: string | number }).value } : undefined;
  }
  if (r.kind === "boolean" && r.const !== undefined) return { value: r.const };
  if (r.kind === "null") return { value: null };
  return undefined;
}

/** The object type a type is or refers to. */
export function objectOf(t: Type): ObjectType | undefined {
  const r = resolve(t);
  return r.kind === "object" ? r : undefined;
}

const ALL: Kind[] = ["object", "array", "string", "number", "boolean", "null"];

/** The JSON kinds a value of this type may have (an over-approximation for applicators and enums). */
export function kindsAccepted(t: Type, seen: Set<Decl> = new Set()): Kind[] {
  switch (t.kind) {
    case "any":
      return t.kinds ?? ALL;
    case "never":
      return [];
    case "integer":
    case "number":
      return ["number"];
    case "enum":
      return [...new Set(t.values.map((v) => (v === null ? "null" : Array.isArray(v) ? "array" : (typeof v as Kind))))];
    case "union":
      return [...new Set(t.variants.flatMap((v) => kindsAccepted(v, seen)))];
    case "ref":
      if (seen.has(t.decl)) return ALL;
      seen.add(t.decl);
      return kindsAccepted(t.decl.type, seen);
    default:
      return [t.kind];
  }
}

/**
 * null and exactly one variant that never accepts null: a "nullable" value, not a named union. Its
 * inline form (`if v is not null, check it as the other variant`) must give what the union's
 * dispatch gives, so the null variant is plain `null` (one with applicators beside it, such as
 * `{"type": "null", "$ref": ...}`, can reject null: seed 20261201 schema 466), and the other variant
 * takes some kind (`never` would answer `forbidden` where no variant takes the value's kind, which
 * is `type`: seed 20261201 schema 416).
 */
export function isNullable(t: Type): boolean {
  if (t.kind !== "union" || t.variants.length !== 2 || t.also !== undefined || t.open) return false;
  const nulls = t.variants.filter((v) => v.kind === "null" && (v.also ?? []).length === 0);
  const other = t.variants.find((v) => v.kind !== "null");
  if (nulls.length !== 1 || other === undefined) return false;
  const kinds = kindsAccepted(other);
  return kinds.length > 0 && !kinds.includes("null");
}

/** The non-null variant of a nullable union. */
export function nullableOf(u: UnionType): Type {
  return u.variants.find((v) => v.kind !== "null")!;
}

/** The keys a dispatch tree tests, in first-use order. */
export function dispatchKeys(d: Dispatch | undefined, out: string[] = []): string[] {
  if (d === undefined) return out;
  switch (d.by) {
    case "presence":
      if (!out.includes(d.key)) out.push(d.key);
      dispatchKeys(d.present, out);
      dispatchKeys(d.absent, out);
      break;
    case "const":
      if (!out.includes(d.key)) out.push(d.key);
      for (const c of d.cases) dispatchKeys(c.next, out);
      break;
    case "kind":
      for (const c of d.cases) dispatchKeys(c.next, out);
      break;
  }
  return out;
}

/** The variants a dispatch tree can pick, in ascending order. */
export function dispatchLeaves(d: Dispatch): number[] {
  const out = new Set<number>();
  const walk = (x: Dispatch): void => {
    if (x.by === "leaf") out.add(x.variant);
    else if (x.by === "kind" || x.by === "const") x.cases.forEach((c) => walk(c.next));
    else if (x.by === "presence") (walk(x.present), walk(x.absent));
  };
  walk(d);
  return [...out].sort((a, b) => a - b);
}

/** Where a child type sits: typed positions carry values; applicators and checks only check. */
export type Position = "typed" | "check";

/** Calls `visit` for each direct child type of t. */
export function children(t: Type, visit: (child: Type, position: Position) => void): void {
  for (const a of t.also ?? []) applicatorChildren(a, (c) => visit(c, "check"));
  switch (t.kind) {
    case "object":
      for (const p of t.properties) visit(p.type, "typed");
      for (const pp of t.patterns) visit(pp.type, "typed");
      if (t.extras.kind === "map") visit(t.extras.type, "typed");
      for (const c of t.checks)
        if (c.family === "propertyNames" || c.family === "dependentSchemas") visit(c.type, "check");
      return;
    case "array":
      for (const x of t.prefix) visit(x, "typed");
      if (t.items !== undefined) visit(t.items, "typed");
      for (const c of t.checks) if (c.family === "contains") visit(c.type, "check");
      return;
    case "union":
      for (const v of t.variants) visit(v, "typed");
      return;
    default:
      return;
  }
}

export function applicatorChildren(a: Applicator, visit: (t: Type) => void): void {
  switch (a.family) {
    case "union":
      visit(a.union);
      return;
    case "if":
      visit(a.if);
      if (a.then !== undefined) visit(a.then);
      if (a.else !== undefined) visit(a.else);
      return;
    default:
      visit(a.type);
  }
}

/** Every type node reachable from the definitions, each once (references are not followed). */
export function everyType(decls: readonly Decl[], visit: (t: Type, owner: Decl) => void): void {
  const seen = new Set<Type>();
  const walk = (t: Type, owner: Decl): void => {
    if (seen.has(t)) return;
    seen.add(t);
    visit(t, owner);
    children(t, (c) => walk(c, owner));
  };
  for (const d of decls) walk(d.type, d);
}
