// Writers of raw-kept values in schema order (codegen/SEMANTICS.md, "Encoding"): Go keeps some
// values with a schema as their bytes (json.RawMessage: tuples, the members pattern properties
// match), which the free-form writer puts in ECMAScript property order. Where such a schema declares
// object properties somewhere inside, the encoder writes the value again with a generated writer of
// that schema over the value's tree (the Go twin of codegen/next/ts/write.ts): each object's
// declared members first, in schema order, then the others in property order, each by its schema's
// writer, choosing a union's variant as TypeScript does. Values of no such schema keep the plain
// raw path (no writer is generated for them).
import { isNullable, nullableOf } from "../ir/query";
import type { Decl, ObjectType, Type } from "../ir/types";
import { kindMask } from "../ts/kinds";
import { GoContext, goString } from "./context";
import { pickFn, treeCheckFn } from "./tree";

/**
 * Whether the canonical text of a value of t can differ from the free-form canonical text of the
 * same value: some object on the way declares properties (or has extra members of such a schema).
 */
export function orders(t: Type): boolean {
  return walk(t, undefined);
}

/** orders() of each definition (its exact answer, computed once). */
const ordersOf = new WeakMap<Decl, boolean>();

/**
 * A definition seen already on the way adds nothing (its other paths are looked at where it was
 * met): only the answer of a walk that starts at a definition is exact, and kept.
 */
function walk(t: Type, seen: Set<Decl> | undefined): boolean {
  switch (t.kind) {
    case "ref": {
      const d = t.decl;
      if (d.constant !== undefined) return false;
      const known = ordersOf.get(d);
      if (known !== undefined) return known;
      if (seen === undefined) {
        const r = walk(d.type, new Set([d]));
        ordersOf.set(d, r);
        return r;
      }
      if (seen.has(d)) return false;
      seen.add(d);
      return walk(d.type, seen);
    }
    case "object":
      return (
        t.properties.length > 0 ||
        t.patterns.some((pp) => walk(pp.type, seen)) ||
        (t.extras.kind === "map" && walk(t.extras.type, seen))
      );
    case "array":
      return t.prefix.some((x) => walk(x, seen)) || (t.items !== undefined && walk(t.items, seen));
    case "union":
      return t.variants.some((v) => walk(v, seen));
    default:
      return false;
  }
}

/** The definitions whose writer each Go package has already. */
const declWriters = new WeakMap<GoContext, Set<Decl>>();

const fnText = (name: string, body: string[]): string =>
  [`func ${name}(b []byte, v *wireValue) []byte {`, ...body.map((l) => "\t" + l), "}"].join("\n");

/**
 * The name of the Go function `func(b []byte, v *wireValue) []byte` writing a value of t in schema
 * order, or undefined when the free-form writer's order is already t's (`ctx` names the helpers).
 */
export function treeWriterFn(g: GoContext, t: Type, ctx: string): string | undefined {
  if (!orders(t)) return undefined;
  if (t.kind === "ref") {
    // a definition's writer is made once (helper() would make a finished one again to compare, and
    // a recursive definition's writer calls itself)
    const d = t.decl;
    const name = `wrt${d.name}`;
    const done = declWriters.get(g) ?? new Set<Decl>();
    declWriters.set(g, done);
    if (!done.has(d)) {
      done.add(d);
      g.helper(name, () => fnText(name, writerBody(g, d.type, d.name)));
    }
    return name;
  }
  const name = `wrt_${ctx}`;
  return g.helper(name, () => fnText(name, writerBody(g, t, ctx)));
}

/** The writer of a value kept raw (nil: written as it is), as a Go expression. */
const orNil = (w: string | undefined): string => w ?? "nil";

function writerBody(g: GoContext, t: Type, ctx: string): string[] {
  switch (t.kind) {
    case "ref":
      return [`return ${orNil(treeWriterFn(g, t, ctx))}(b, v)`];
    case "object": {
      const names = t.properties.map((p) => goString(p.name)).join(", ");
      const writers = t.properties.map((p) => orNil(treeWriterFn(g, p.type, `${ctx}_P_${p.names.local}`)));
      const rest = extrasWriterPick(g, t, ctx) ?? "nil";
      return [`return wireWriteObject(b, v, []string{${names}}, []wireWrite{${writers.join(", ")}}, ${rest})`];
    }
    case "array": {
      const prefix = t.prefix.map((x, i) => orNil(treeWriterFn(g, x, `${ctx}_Item${i + 1}`)));
      const rest = t.items === undefined ? "nil" : orNil(treeWriterFn(g, t.items, `${ctx}_Item`));
      return [`return wireWriteArray(b, v, []wireWrite{${prefix.join(", ")}}, ${rest})`];
    }
    case "union": {
      if (isNullable(t)) {
        const inner = treeWriterFn(g, nullableOf(t), `${ctx}_Value`)!;
        return ["if v.Kind == wireKindNull {", '\treturn append(b, "null"...)', "}", `return ${inner}(b, v)`];
      }
      // the variant TypeScript's writer takes: its dispatch's, else the first that accepts the value
      const pick =
        t.dispatch !== undefined
          ? `${pickFn(g, t.dispatch, `${ctx}_VariantPick`)}(v)`
          : `wireUnion(v, false, []wireCheck{${t.variants.map((x, i) => treeCheckFn(g, x, `${ctx}_Variant${i}`)).join(", ")}}, []wireKinds{${t.variants.map(kindMask).join(", ")}})`;
      const out = [`switch k, _ := ${pick}; k {`];
      t.variants.forEach((x, i) => {
        const w = treeWriterFn(g, x, `${ctx}_Variant${i}`);
        if (w !== undefined) out.push(`case ${i}:`, `\treturn ${w}(b, v)`);
      });
      out.push("}", "return append(b, v.Raw...)");
      return out;
    }
    default:
      throw new Error(`generator bug: no schema-order writer for ${t.kind}`);
  }
}

/**
 * The name of the Go function `func(key string) wireWrite` giving the writer of an object's extra
 * member by its key (the first pattern property matching it, else additionalProperties; nil: as it
 * is), or undefined when no extra member's schema orders members.
 */
export function extrasWriterPick(g: GoContext, t: ObjectType, ctx: string): string | undefined {
  const pats = t.patterns.map((pp, i) => treeWriterFn(g, pp.type, `${ctx}_Match${i}`));
  const fallback = t.extras.kind === "map" ? treeWriterFn(g, t.extras.type, `${ctx}_Value`) : undefined;
  if (pats.every((w) => w === undefined) && fallback === undefined) return undefined;
  const name = `wrtKey_${ctx}`;
  return g.helper(name, () => {
    const L = [`func ${name}(k string) wireWrite {`];
    t.patterns.forEach((pp, i) =>
      L.push(`\tif ${pp.pattern.name}.MatchString(k) {`, `\t\treturn ${orNil(pats[i])}`, "\t}"),
    );
    L.push(`\treturn ${orNil(fallback)}`, "}");
    return L.join("\n");
  });
}
