// Builds the IR of one subschema: its shape (type and the keywords of each kind), merged with its
// references and allOf branches, then the applicators that the shape cannot absorb.
import type { Applicator, Type, UnionType } from "../types";
import type { Draft, Location } from "../source";
import type { Builder } from "./builder";
import { checkKeywords } from "./keywords";
import { mergeParts, mergeTypes } from "./merge";
import { foldUnevaluated } from "./unevaluated";
import { isObj, SchemaReader } from "./reader";
import { buildShape } from "./shape";

const OLD_DRAFTS: ReadonlySet<Draft> = new Set(["draft-04", "draft-06", "draft-07"]);

export function buildNode(b: Builder, at: Location): Type {
  const node = b.src.node(at);
  const origin = { file: at.file, pointer: at.pointer };
  if (node === true) return { kind: "any", origin };
  if (node === false) return { kind: "never", origin };
  if (!isObj(node)) {
    b.problems.error(at, "a schema must be an object or a boolean", "write a JSON Schema object here");
    return { kind: "any", origin };
  }
  const r = new SchemaReader(at, node, b.src.draft(at), b.problems, b.src.keywords?.(at));
  checkKeywords(r, b.declAt(at) !== undefined);
  const entered = b.enter(at);
  let t: Type;
  try {
    t = OLD_DRAFTS.has(r.draft) && r.raw("$ref") !== undefined ? oldRef(b, r) : buildApplied(b, r);
  } finally {
    if (entered) b.leave();
  }
  const doc = r.doc();
  if (doc !== undefined) t.doc = { ...t.doc, ...doc };
  const xName = r.raw("x-name");
  if (typeof xName === "string") t.xName = xName;
  return t;
}

/** Draft-04 to 07: "$ref" stands for the target, and its siblings are ignored. */
function oldRef(b: Builder, r: SchemaReader): Type {
  const ignored = Object.keys(r.node).filter((k) => k !== "$ref" && r.has(k));
  if (ignored.length > 0)
    r.warn(
      "$ref",
      `${ignored.join(", ")} beside "$ref" ${ignored.length === 1 ? "is" : "are"} ignored in ${r.draft} (the reference replaces its siblings)`,
    );
  return fresh(b.reference(r, "$ref"));
}

/** A reference node of its own (references to the same definition are separate nodes, each with its own doc). */
function fresh(t: Type): Type {
  return t.kind === "ref" ? { ...t } : t;
}

function buildApplied(b: Builder, r: SchemaReader): Type {
  const parts: Type[] = [buildShape(b, r)];
  for (const keyword of ["$ref", "$dynamicRef", "$recursiveRef"] as const) {
    const applies =
      keyword === "$ref" || (keyword === "$dynamicRef" ? r.draft === "draft2020-12" : r.draft === "draft2019-09");
    if (applies && r.raw(keyword) !== undefined) parts.push(fresh(b.reference(r, keyword)));
  }
  const all = r.get("allOf");
  if (all !== undefined) {
    if (!Array.isArray(all) || all.length === 0)
      r.error("allOf", "allOf must be a non-empty array of schemas", "list the schemas");
    else all.forEach((_, i) => parts.push(b.child(r.loc("allOf", i))));
  }
  let t = mergeParts(b, parts, r.origin);
  const unions = (["anyOf", "oneOf"] as const).filter((k) => r.has(k)).map((k) => buildUnion(b, r, k));
  const also: Applicator[] = [];
  for (const u of unions) {
    const distributed = unions.length === 1 && !isTrivial(t) ? distribute(b, t, u) : undefined;
    if (unions.length === 1 && isTrivial(t)) t = u;
    else if (distributed !== undefined) t = distributed;
    else also.push({ family: "union", union: u });
  }
  if (unions.length === 0 && (r.raw("x-discriminator") !== undefined || r.raw("x-open") !== undefined)) {
    r.error(
      r.raw("x-open") !== undefined ? "x-open" : "x-discriminator",
      "x-discriminator and x-open belong on a oneOf or anyOf",
      "move them next to the oneOf",
    );
  }
  if (r.has("not")) also.push({ family: "not", type: b.child(r.loc("not")) });
  if (r.has("if")) {
    const c: Applicator = { family: "if", if: b.child(r.loc("if")) };
    if (r.has("then")) c.then = b.child(r.loc("then"));
    if (r.has("else")) c.else = b.child(r.loc("else"));
    also.push(c);
  }
  for (const keyword of ["unevaluatedProperties", "unevaluatedItems"] as const) {
    if (!r.has(keyword)) continue;
    const u = b.child(r.loc(keyword));
    let folded: Type | undefined;
    if (also.some((a) => a.family !== "not")) folded = undefined;
    else if (t.kind === "union" && t.mode === "oneOf") {
      // One variant succeeds: what it evaluates is all that is evaluated.
      const variants = t.variants.map((v) => foldUnevaluated(b, v, u, keyword));
      folded = variants.every((v) => v !== undefined) ? { ...t, variants: variants as Type[] } : undefined;
    } else folded = foldUnevaluated(b, t, u, keyword);
    if (folded !== undefined) t = folded;
    else also.push({ family: keyword, type: u });
  }
  if (also.length > 0) t = withAlso(t, also);
  return t;
}

/**
 * A oneOf beside other keywords: allOf(base, oneOf(A, B)) is oneOf(allOf(base, A), allOf(base, B)),
 * so each variant merged with the base is a typed variant (undefined when a merge is not exact).
 */
function distribute(b: Builder, base: Type, u: UnionType): UnionType | undefined {
  if (u.mode !== "oneOf") return undefined;
  const variants: Type[] = [];
  for (const v of u.variants) {
    const m = mergeTypes(b, [base, v], v.origin);
    if ((m.also ?? []).some((a) => a.family === "allOf") || m.kind === "any") return undefined;
    variants.push(v.doc !== undefined ? ({ ...m, doc: { ...m.doc, ...v.doc } } as Type) : m);
  }
  return { ...u, variants };
}

/** A schema that accepts every value by itself (no kind, no check, no applicator). */
export function isTrivial(t: Type): boolean {
  return t.kind === "any" && t.kinds === undefined && (t.also === undefined || t.also.length === 0);
}

function withAlso(t: Type, also: Applicator[]): Type {
  const copy = t.kind === "ref" ? { ...t } : t;
  copy.also = [...(copy.also ?? []), ...also];
  return copy;
}

function buildUnion(b: Builder, r: SchemaReader, keyword: "anyOf" | "oneOf"): UnionType {
  const list = r.get(keyword);
  const u: UnionType = { kind: "union", origin: r.origin, mode: keyword, variants: [], open: false };
  if (!Array.isArray(list) || list.length === 0) {
    r.error(keyword, `${keyword} must be a non-empty array of schemas`, "list the variants");
    return u;
  }
  u.variants = list.map((_, i) => b.child(r.loc(keyword, i)));
  const disc = r.raw("x-discriminator");
  if (disc !== undefined) {
    if (!Array.isArray(disc) || disc.length === 0 || !disc.every((k) => typeof k === "string")) {
      r.error(
        "x-discriminator",
        "x-discriminator must be a non-empty array of property names",
        "list the keys that tell the variants apart",
      );
    } else u.discriminator = disc as string[];
  }
  const open = r.raw("x-open");
  if (open !== undefined) {
    if (typeof open !== "boolean") r.error("x-open", "x-open must be a boolean", "set x-open to true or remove it");
    else u.open = open;
  }
  return u;
}
