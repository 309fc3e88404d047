// What every part of the Go emitter shares: the protocol, the Go type of each IR type, the
// symbols that record imports, and the helper functions generated for inline types.
import { constOf as scalarConstOf, isNullable, nullableOf, resolve } from "../ir/query";
import type { ArrayType, Decl, ObjectType, PatternProperty, Property, Protocol, Type } from "../ir/types";
import { variantName } from "../ir/naming";
import { pascalName } from "../ir/words";
import { sym, Uses, type Sym } from "../print/printer";

export const JSON_RAW: Sym = sym("json.RawMessage", "encoding/json");
export const IO_READER: Sym = sym("io.Reader", "io");
export const REGEXP_COMPILE: Sym = sym("regexp.MustCompile", "regexp");

/**
 * The schema every undeclared member of an object has, when there is exactly one: its
 * additionalProperties schema (no pattern), or the one pattern's of a closed object (one pattern,
 * additionalProperties: false; `pattern` is set: a key it does not match is unknown_field). Go then
 * keeps those members as a typed OrderedMap (codegen/SEMANTICS.md, "Go types of maps"). Other
 * objects with patterns keep them raw ([]Member): a member may match several patterns (each
 * schema applies) or none (additionalProperties' schema, or free-form), so no one Go type fits.
 */
export function typedExtras(t: ObjectType): { type: Type; pattern?: PatternProperty } | undefined {
  if (t.extras.kind === "map" && t.patterns.length === 0) return { type: t.extras.type };
  if (t.extras.kind === "reject" && t.patterns.length === 1)
    return { type: t.patterns[0]!.type, pattern: t.patterns[0]! };
  return undefined;
}

export class GoContext {
  /** Imports of the file being printed (types.go, decode.go, ...): one Uses per file. */
  uses = new Uses();
  /** Imports of values.go, where every helper goes. */
  readonly valuesUses = new Uses();
  /** Generated helpers (inline types' decoders, encoders, checks, tree validators), by name. */
  readonly helpers = new Map<string, string>();
  /** Definitions whose tree validator is needed, and those whose recording form is. */
  readonly treeDecls = new Set<Decl>();
  readonly trackedDecls = new Set<Decl>();
  /** Definitions that reach themselves by value (a struct field of their own type needs a pointer). */
  private readonly cyclic: Set<Decl>;
  /** Object definitions that are variants of a union (their struct has the union's marker method). */
  private readonly variants = new Set<Decl>();

  /** The Go struct of each tuple in a typed position (codegen/SEMANTICS.md, "Go types of tuples"), by IR node. */
  private readonly tupleNames = new Map<Type, string>();
  /** The tuple structs each definition's types.go text is followed by (its own, if it is a tuple, first). */
  readonly tuplesOf = new Map<Decl, { name: string; t: ArrayType }[]>();

  constructor(readonly p: Protocol) {
    this.cyclic = cyclicDecls(p.decls);
    nameTuples(p.decls, this.tupleNames, this.tuplesOf);
    for (const d of p.decls) {
      if (d.type.kind !== "union" || isNullable(d.type)) continue;
      for (const v of d.type.variants) {
        const s = structOf(v);
        if (s !== undefined) this.variants.add(s);
      }
    }
  }

  /**
   * An object definition that is only a map of typed values (no property, no pattern) is an alias
   * of OrderedMap, unless it is a union's variant: then a struct, which can carry the marker method.
   */
  mapAlias(d: Decl): boolean {
    const t = d.type;
    return (
      t.kind === "object" &&
      t.properties.length === 0 &&
      t.patterns.length === 0 &&
      t.extras.kind === "map" &&
      t.checks.length === 0 &&
      (t.also ?? []).length === 0 &&
      !this.variants.has(d)
    );
  }

  /** Records the symbol's import in the current file and gives its name. */
  s(x: Sym): string {
    return this.uses.record(x);
  }

  /** Runs fn without recording imports: for names computed to decide something, not printed. */
  peek<T>(fn: () => T): T {
    const saved = this.uses;
    this.uses = new Uses();
    try {
      return fn();
    } finally {
      this.uses = saved;
    }
  }

  /** The Go type of an IR type in a typed position (a field, element, variant or alias target). */
  goType(t: Type): string {
    switch (t.kind) {
      case "string":
        return t.secret ? "Secret" : "string";
      case "integer":
        return "int64";
      case "number":
        return "float64";
      case "boolean":
        return "bool";
      case "null":
        return "Null";
      case "any":
      case "never":
      case "enum":
        return this.s(JSON_RAW);
      case "array":
        if (t.prefix.length > 0) return this.tupleName(t) ?? this.s(JSON_RAW);
        return `[]${this.goType(t.items ?? { kind: "any", origin: t.origin })}`;
      case "ref": {
        const d = t.decl;
        if (d.constant !== undefined) return this.goType(d.type);
        return d.name;
      }
      case "union":
        if (isNullable(t)) return `Nullable[${this.elementType(nullableOf(t))}]`;
        return this.s(JSON_RAW);
      case "object":
        return this.s(JSON_RAW);
    }
  }

  /** The Go struct of a tuple type (array with prefixItems) in a typed position; undefined: kept raw. */
  tupleName(t: Type): string | undefined {
    return t.kind === "array" && t.prefix.length > 0 ? this.tupleNames.get(t) : undefined;
  }

  /** A copy of a tuple type (its applicators or whole-array checks set aside) is the same Go struct. */
  sameTuple(copy: Type, original: Type): void {
    const name = this.tupleNames.get(original);
    if (name !== undefined) this.tupleNames.set(copy, name);
  }

  /** Whether a definition is a tuple, written as its own struct. */
  isTupleDecl(d: Decl): boolean {
    return this.tupleNames.get(d.type) === d.name;
  }

  /** Whether a definition is written as an alias (type X = ...): not a struct, an interface or an enum. */
  isAlias(d: Decl): boolean {
    const t = d.type;
    if (t.kind === "object") return this.mapAlias(d);
    if (this.isTupleDecl(d)) return false;
    return !(t.kind === "union" && !isNullable(t)) && d.enumMembers === undefined;
  }

  /** The Go type an alias definition names: OrderedMap[...] for a map, else its type's. */
  aliasOf(d: Decl): string {
    const t = d.type;
    if (t.kind === "object") return `OrderedMap[${this.goType((t.extras as { type: Type }).type)}]`;
    return this.goType(t);
  }

  private recursiveAliases: Set<Decl> | undefined;

  /**
   * The Go type of an alias definition that would refer to itself (an array or a map of itself, or
   * aliases in a ring: Go refuses an alias cycle), which is then a defined type of it; else undefined.
   */
  definedAlias(d: Decl): string | undefined {
    if (this.recursiveAliases === undefined) {
      const aliases = new Map(this.p.decls.filter((x) => this.isAlias(x)).map((x) => [x.name, x]));
      const refs = new Map(
        [...aliases.values()].map((x) => [
          x,
          [...this.peek(() => this.aliasOf(x)).matchAll(/[A-Za-z_][A-Za-z0-9_]*/g)].flatMap(
            (m) => aliases.get(m[0]) ?? [],
          ),
        ]),
      );
      this.recursiveAliases = new Set(
        [...aliases.values()].filter((start) => {
          const seen = new Set<Decl>();
          const stack = [...refs.get(start)!];
          while (stack.length > 0) {
            const x = stack.pop()!;
            if (x === start) return true;
            if (!seen.has(x)) (seen.add(x), stack.push(...refs.get(x)!));
          }
          return false;
        }),
      );
    }
    return this.recursiveAliases.has(d) ? this.peek(() => this.aliasOf(d)) : undefined;
  }

  /** A type held by value inside another: a definition that contains itself is held by pointer. */
  elementType(t: Type): string {
    const base = this.goType(t);
    return t.kind === "ref" && this.cyclic.has(t.decl) && (resolve(t).kind === "object" || this.isTupleDecl(t.decl))
      ? `*${base}`
      : base;
  }

  /** True when the type's zero value is nil already (slices, raw values, interfaces, pointers). */
  nilable(t: Type): boolean {
    const g = this.peek(() => this.goType(t));
    return (
      g.startsWith("[]") ||
      g.startsWith("*") ||
      g === JSON_RAW.name ||
      (t.kind === "ref" && resolve(t).kind === "union" && !isNullable(resolve(t)))
    );
  }

  /** A required property with a const value is implied by its type and not stored in the struct. */
  implied(prop: Property): boolean {
    return prop.required && constOf(prop.type) !== undefined && (prop.type.also ?? []).length === 0;
  }

  /** The Go type of a struct field for a property. */
  fieldType(prop: Property): string {
    const t = this.elementType(prop.type);
    if (prop.required || this.nilable(prop.type) || t.startsWith("*")) return t;
    return `*${t}`;
  }

  /** Whether a property's struct field is a pointer the decoder allocates (optional, or a cycle held by pointer). */
  pointerField(prop: Property): boolean {
    return this.peek(() => this.fieldType(prop)).startsWith("*") && !this.nilable(prop.type);
  }

  holdsSecret(t: Type, seen = new Set<Decl>()): boolean {
    switch (t.kind) {
      case "string":
        return t.secret === true;
      case "array":
        return (
          t.prefix.some((x) => this.holdsSecret(x, seen)) || (t.items !== undefined && this.holdsSecret(t.items, seen))
        );
      case "object":
        return t.properties.some((p) => this.holdsSecret(p.type, seen));
      case "union":
        return t.variants.some((v) => this.holdsSecret(v, seen));
      case "ref":
        if (seen.has(t.decl)) return false;
        seen.add(t.decl);
        return this.holdsSecret(t.decl.type, seen);
      default:
        return false;
    }
  }

  /** Registers a helper function once (its text made by `make`, whose symbols are values.go's); returns its name. */
  helper(name: string, make: () => string): string {
    if (this.helpers.has(name)) {
      // one name, one text: two places deriving the same name must mean the same helper
      const known = this.helpers.get(name)!;
      if (known !== "") {
        const saved = this.uses;
        this.uses = new Uses();
        const again = make();
        this.uses = saved;
        if (again !== known)
          throw new Error(`generator bug: two different helpers named ${name}:\n${known}\n---\n${again}`);
      }
      return name;
    }
    this.helpers.set(name, ""); // reserved first: a recursive helper refers to itself
    const saved = this.uses;
    this.uses = this.valuesUses;
    try {
      this.helpers.set(name, make());
    } finally {
      this.uses = saved;
    }
    return name;
  }
}

/**
 * The object definition whose struct a union variant is: the end of the variant's references, past
 * definitions that only refer to another (B = {$ref A} is the Go alias B = A, which has no methods of its own).
 */
export function structOf(v: Type): Decl | undefined {
  if (v.kind !== "ref" || resolve(v).kind !== "object") return undefined;
  let d = v.decl;
  for (let hops = 0; d.type.kind === "ref" && hops < 64; hops++) d = d.type.decl;
  return d;
}

/** The scalar a const check pins a type to (strings, numbers, booleans; not null), if any. */
export function constOf(t: Type): string | number | boolean | undefined {
  const c = scalarConstOf(t);
  return c === undefined || c.value === null ? undefined : c.value;
}

/** Definitions that reach themselves through struct fields, elements or variants held by value. */
function cyclicDecls(decls: readonly Decl[]): Set<Decl> {
  const out = new Set<Decl>();
  const refsOf = (t: Type, acc: Decl[]): void => {
    switch (t.kind) {
      case "ref":
        acc.push(t.decl);
        return;
      case "object":
        t.properties.forEach((p) => refsOf(p.type, acc));
        if (t.extras.kind === "map") refsOf(t.extras.type, acc);
        else {
          const typed = typedExtras(t);
          if (typed !== undefined) refsOf(typed.type, acc);
        }
        return;
      case "union":
        t.variants.forEach((v) => refsOf(v, acc));
        return;
      case "array":
        // a tuple's struct holds its prefix elements by value; slices (its Rest, arrays) break cycles
        t.prefix.forEach((x) => refsOf(x, acc));
        return;
      default:
        return;
    }
  };
  for (const start of decls) {
    const seen = new Set<Decl>();
    const stack: Decl[] = [];
    refsOf(start.type, stack);
    while (stack.length > 0) {
      const d = stack.pop()!;
      if (d === start) {
        out.add(start);
        break;
      }
      if (seen.has(d)) continue;
      seen.add(d);
      refsOf(d.type, stack);
    }
  }
  return out;
}

/**
 * Names the tuples in typed positions (a definition, a property, an element, a typed map's
 * value, a union variant; not pattern members, which Go keeps raw), as the hoist pass names inline
 * objects (codegen/next/ir/hoist.ts, naming.ts): the definition's own name for a tuple definition,
 * else the parent's name and the place (property in PascalCase, Item<n> for the n-th prefix
 * element counting from 1, Item, Value, the variant's name part). A name another type has
 * already takes "Tuple", then a number.
 */
function nameTuples(
  decls: readonly Decl[],
  names: Map<Type, string>,
  byDecl: Map<Decl, { name: string; t: ArrayType }[]>,
): void {
  const taken = new Set<string>();
  for (const d of decls) {
    taken.add(d.name);
    if (d.type.kind === "union" && !isNullable(d.type)) for (const v of d.type.variantNames ?? []) taken.add(v);
  }
  for (const d of decls) {
    if (d.constant !== undefined) continue;
    const list: { name: string; t: ArrayType }[] = [];
    const at = (t: Type, name: string, own: boolean): void => {
      switch (t.kind) {
        case "array":
          if (t.prefix.length > 0 && !names.has(t)) {
            let n = name;
            if (!own) {
              if (taken.has(n)) n = `${name}Tuple`;
              for (let i = 2; taken.has(n); i++) n = `${name}Tuple${i}`;
            }
            taken.add(n);
            names.set(t, n);
            list.push({ name: n, t });
            t.prefix.forEach((x, i) => at(x, `${n}Item${i + 1}`, false));
          }
          if (t.items !== undefined) at(t.items, `${name}Item`, false);
          return;
        case "object":
          if (!own) return; // a definition of its own (hoisted)
          for (const p of t.properties) at(p.type, name + pascalName(p.name), false);
          // a typed map's values (typedExtras); other pattern members (and the others beside them)
          // are kept raw ([]Member): no typed position
          const typed = typedExtras(t);
          if (typed !== undefined) at(typed.type, `${name}Value`, false);
          return;
        case "union":
          if (isNullable(t)) t.variants.forEach((v) => at(v, name, false));
          else if (own) t.variants.forEach((v, i) => at(v, name + variantName(t, i), false));
          return;
        default:
          return;
      }
    };
    at(d.type, d.name, true);
    byDecl.set(d, list);
  }
}

/** A Go interpreted string literal. */
export function goString(s: string): string {
  let out = '"';
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (cp >= 0xd800 && cp <= 0xdfff)
      throw new Error(`generator bug: string ${JSON.stringify(s)} holds a lone surrogate`);
    if (ch === '"') out += '\\"';
    else if (ch === "\\") out += "\\\\";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (cp < 0x20 || cp === 0x7f) out += `\\x${cp.toString(16).padStart(2, "0")}`;
    else if (cp === 0x2028 || cp === 0x2029 || cp === 0xfeff) out += `\\u${cp.toString(16)}`;
    else out += ch;
  }
  return out + '"';
}

/** A Go raw string literal when possible, else an interpreted one. */
export function bytesLit(s: string): string {
  return s.includes("`") || /[\r\u0000-\u0008\u000b-\u001f\u2028\u2029\ufeff]/.test(s) ? goString(s) : "`" + s + "`";
}

/** A Go float64 literal that reads back as exactly x. */
export function goFloat(x: number): string {
  if (!Number.isFinite(x)) throw new Error(`generator bug: non-finite number ${x}`);
  if (Object.is(x, -0)) return "0";
  const s = String(x);
  return /[.e]/.test(s) ? s : `${s}.0`;
}

/** A Go int64 literal; only safe integers reach here. */
export function goInt(x: number): string {
  if (!Number.isSafeInteger(x)) throw new Error(`generator bug: ${x} is not a safe integer`);
  return String(x);
}

/** Doc comment lines for a text. */
export function comment(text: string | undefined, indent = ""): string[] {
  if (text === undefined || text.trim() === "") return [];
  return text
    .trim()
    .split("\n")
    .map((l) => `${indent}// ${l}`.trimEnd());
}
