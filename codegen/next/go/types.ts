// types.go: the Go declarations of a protocol: structs, sealed unions with their variant types and
// visitors, enums, aliases and constants.
import { isNullable, resolve } from "../ir/query";
import type { ArrayType, Decl, JsonValue, ObjectType, Type, UnionType } from "../ir/types";
import { tupleFields, tupleFieldType } from "./codec";
import type { Printer } from "../print/printer";
import { comment, GoContext, goFloat, goInt, goString, structOf, typedExtras } from "./context";

/** The doc comment of a declaration: "Name: description", and a deprecation paragraph. */
function declDoc(pr: Printer, d: Decl): void {
  const lines = comment(d.doc?.description ?? d.doc?.title);
  if (lines.length > 0) lines[0] = `// ${d.name}: ${lines[0]!.slice(3)}`;
  for (const l of lines) pr.raw(l);
  if (d.doc?.deprecated) {
    if (lines.length > 0) pr.raw("//");
    pr.raw("// Deprecated: kept for compatibility.");
  }
}

function constLiteral(v: JsonValue, integer: boolean): string {
  if (typeof v === "string") return goString(v);
  if (typeof v === "boolean") return String(v);
  if (typeof v === "number") return integer && Number.isInteger(v) ? goInt(v) : goFloat(v);
  throw new Error("generator bug: a constant that is neither a scalar nor an array of scalars");
}

/** A variant of a union as Go sees it: a struct of a definition (pointer receiver), or a named wrapper type. */
export interface GoVariant {
  name: string;
  /** The wrapped Go type, for wrappers ("" for a struct definition). */
  wraps: string;
  /** For a wrapper of an interface (a nested union), the field holding it. */
  boxed: boolean;
  type: Type;
  /** The Go type with the union's marker method: the struct's definition (past aliases of it), or the wrapper. */
  carrier: string;
}

export function goVariants(g: GoContext, u: UnionType): GoVariant[] {
  return u.variants.map((v, i) => {
    const name = u.variantNames![i]!;
    const struct = structOf(v);
    if (struct !== undefined) return { name, wraps: "", boxed: false, type: v, carrier: struct.name };
    // the name only: printing it (decodeVariant, encodeVariant) records its imports
    const wraps = g.peek(() => g.elementType(v));
    const inner = resolve(v);
    return { name, wraps, boxed: inner.kind === "union" && !isNullable(inner), type: v, carrier: name };
  });
}

export function emitTypes(g: GoContext, pr: Printer, prefix = ""): void {
  const p = g.p;
  pr.raw("// SchemaDigest is the sha256 of the schema files this package was generated from.");
  pr.raw(`const ${prefix}SchemaDigest = ${goString(p.digest)}`);
  if (p.frameLimit !== undefined) {
    const limit = p.decls.find((d) => d.constant?.role === "frame-limit");
    pr.blank();
    pr.raw("// FrameLimit is the largest frame in bytes, without its newline.");
    pr.raw(`const ${prefix}FrameLimit = ${limit !== undefined ? limit.name : goInt(p.frameLimit)}`);
  }
  // marker methods: which unions each variant type belongs to
  const unionsOf = new Map<string, Decl[]>();
  for (const d of p.decls) {
    if (d.constant !== undefined || d.type.kind !== "union" || isNullable(d.type)) continue;
    for (const v of new Set(goVariants(g, d.type).map((x) => x.carrier)))
      unionsOf.set(v, [...(unionsOf.get(v) ?? []), d]);
  }
  const wrappers = new Map<string, GoVariant>();
  for (const d of p.decls) {
    declaration(d);
    // the structs of the tuples inside it (and its own, if it is one), right after it
    for (const x of g.tuplesOf.get(d) ?? []) {
      pr.blank();
      tupleStruct(g, pr, x.name, x.t, x.name === d.name ? d : undefined);
    }
  }
  function declaration(d: Decl): void {
    pr.blank();
    if (d.constant !== undefined) {
      constant(g, pr, d);
      return;
    }
    if (g.isTupleDecl(d)) return;
    const t = d.type;
    if (t.kind === "object" && !g.mapAlias(d)) {
      struct(g, pr, d, t);
      for (const u of unionsOf.get(d.name) ?? []) {
        pr.blank();
        pr.raw(`func (*${d.name}) ${u.names.go.marker}() {}`);
      }
      return;
    }
    const defined = g.definedAlias(d);
    if (defined !== undefined) {
      declDoc(pr, d);
      pr.raw(
        `// A defined type, not an alias (an alias cannot refer to itself): convert it to ${defined} for that type's methods.`,
      );
      pr.raw(`type ${d.name} ${g.aliasOf(d)}`);
      return;
    }
    if (t.kind === "object") {
      declDoc(pr, d);
      pr.raw(`type ${d.name} = ${g.aliasOf(d)}`);
      return;
    }
    if (t.kind === "union" && !isNullable(t)) {
      union(g, pr, d, t);
      for (const v of goVariants(g, t)) if (v.wraps !== "" && !wrappers.has(v.name)) wrappers.set(v.name, v);
      return;
    }
    if (d.enumMembers !== undefined) {
      declDoc(pr, d);
      pr.raw(`type ${d.name} string`);
      pr.blank();
      pr.raw(`// Values of ${d.name}.`);
      pr.block(
        "const (",
        () => {
          d.enumMembers!.forEach((m, i) => {
            if (i > 0) pr.raw("");
            pr.raw(`${d.name}${m.name} ${d.name} = ${goString(m.value)}`);
          });
        },
        ")",
      );
      return;
    }
    declDoc(pr, d);
    pr.raw(`type ${d.name} = ${g.goType(t)}`);
  }
  for (const [name, v] of wrappers) {
    pr.blank();
    pr.raw(`// ${name} is a variant of ${(unionsOf.get(name) ?? []).map((u) => u.name).join(", ")}.`);
    const wraps = g.elementType(v.type);
    pr.raw(v.boxed ? `type ${name} struct{ Value ${wraps} }` : `type ${name} ${wraps}`);
    for (const u of unionsOf.get(name) ?? []) {
      pr.blank();
      pr.raw(`func (${name}) ${u.names.go.marker}() {}`);
    }
  }
}

/**
 * The struct of a tuple (codegen/SEMANTICS.md, "Go types of tuples"): one field per prefix element,
 * Item1 for the element at index 0 (optional ones, past minItems, are pointers unless nil is their
 * zero value, as optional properties), then Rest for the elements after the prefix unless the
 * schema forbids them (items: false, or maxItems within the prefix).
 */
function tupleStruct(g: GoContext, pr: Printer, name: string, t: ArrayType, d: Decl | undefined): void {
  if (d !== undefined && (d.doc?.description ?? d.doc?.title ?? "").trim() !== "") {
    declDoc(pr, d);
    pr.raw("//");
    pr.raw("// A tuple: Item<n> is its element at index n-1.");
  } else {
    pr.raw(`// ${name} is a tuple: Item<n> is its element at index n-1.`);
    if (d?.doc?.deprecated) pr.raw("//").raw("// Deprecated: kept for compatibility.");
  }
  const { items, rest } = tupleFields(t);
  pr.block(`type ${name} struct {`, () => {
    items.forEach((f, i) => {
      if (i > 0) pr.raw("");
      for (const l of comment(f.type.doc?.description ?? f.type.doc?.title)) pr.raw(l);
      pr.raw(`${f.name} ${tupleFieldType(g, f)}`);
    });
    if (rest !== undefined) {
      pr.raw("");
      pr.raw(`// Rest holds the elements after the first ${items.length}.`);
      pr.raw(`Rest []${g.goType(rest)}`);
    }
  });
}

function constant(g: GoContext, pr: Printer, d: Decl): void {
  const v = d.constant!.value;
  declDoc(pr, d);
  if (Array.isArray(v)) {
    const items = d.type.kind === "array" ? d.type.items : undefined;
    const elem = items !== undefined ? g.goType(items) : "string";
    const integer = items !== undefined && resolve(items).kind === "integer";
    pr.raw(`var ${d.name} = [${v.length}]${elem}{${v.map((x) => constLiteral(x, integer)).join(", ")}}`);
    return;
  }
  pr.raw(`const ${d.name} = ${constLiteral(v, resolve(d.type).kind === "integer")}`);
}

function struct(g: GoContext, pr: Printer, d: Decl, t: ObjectType): void {
  declDoc(pr, d);
  pr.block(`type ${d.name} struct {`, () => {
    let first = true;
    for (const prop of t.properties) {
      if (g.implied(prop)) continue;
      // a comment or a blank line between fields: gofmt then aligns no field with another, so a
      // change to one field changes its own lines only
      if (!first) pr.raw("");
      first = false;
      for (const l of comment(prop.doc?.description ?? prop.doc?.title)) pr.raw(l);
      if (prop.doc?.deprecated) pr.raw("// Deprecated: kept for compatibility.");
      pr.raw(`${prop.names.goField} ${g.fieldType(prop)}`);
    }
    const extra = extraField(g, t);
    if (extra !== undefined) {
      if (!first) pr.raw("");
      pr.raw(
        `// ${t.goExtra} holds the members the schema does not declare${typedExtras(t) !== undefined ? ", by key" : ", in document order"}.`,
      );
      pr.raw(`${t.goExtra} ${extra}`);
    }
  });
}

/** The Go type of an object's extra members, if it keeps any. */
export function extraField(g: GoContext, t: ObjectType): string | undefined {
  if (t.extras.kind === "reject" && t.patterns.length === 0) return undefined;
  const typed = typedExtras(t);
  if (typed !== undefined) return `OrderedMap[${g.goType(typed.type)}]`;
  // several patterns, an open object, or patterns beside an additionalProperties schema: a member
  // may match several patterns or none, so no one Go type fits: raw members, checked on their trees
  return "[]Member";
}

function union(g: GoContext, pr: Printer, d: Decl, u: UnionType): void {
  const variants = goVariants(g, u);
  const names = uniqueVariants(variants).map((v) => (v.wraps === "" ? `*${v.name}` : v.name));
  declDoc(pr, d);
  pr.raw(
    `// Its variants: ${names.join(", ")}.${u.open ? " Decoding an unrecognised value gives nil (ignored)." : ""}`,
  );
  pr.block(`type ${d.name} interface {`, () => pr.raw(`${d.names.go.marker}()`));
  pr.blank();
  pr.raw(`// ${d.names.go.visitor} has one method per variant of ${d.name}.`);
  pr.block(`type ${d.names.go.visitor} interface {`, () => {
    for (const v of uniqueVariants(variants)) pr.raw(`${v.name}(${v.wraps === "" ? `*${v.name}` : v.name}) error`);
  });
  pr.blank();
  pr.raw(`// ${d.names.go.visit} calls the method of vis for v's variant.`);
  pr.block(`func ${d.names.go.visit}(v ${d.name}, vis ${d.names.go.visitor}) error {`, () => {
    pr.raw("switch x := v.(type) {");
    for (const v of uniqueVariants(variants)) {
      pr.raw(`case ${v.wraps === "" ? `*${v.name}` : v.name}:`);
      pr.raw(`\treturn vis.${v.name}(x)`);
    }
    pr.raw("}");
    pr.raw("return wireErrNoVariant");
  });
}

/** One variant per Go type (the first): a type switch may not name one type twice (B = A makes *B and *A one). */
export function uniqueVariants(vs: GoVariant[]): GoVariant[] {
  const seen = new Set<string>();
  return vs.filter((v) => (seen.has(v.carrier) ? false : (seen.add(v.carrier), true)));
}
