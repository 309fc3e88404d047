// The naming pass: every name the emitters print, computed once, before any emitter runs.
// Type names come from the schema (definition keys, x-name, title, file name) or, for lifted inline
// objects and unions, from where they sit (parent and property, item, map value, a variant's const,
// title or kind); derived names (decoders, encoders, helpers, locals, pattern constants, Go fields)
// come from those. A collision is an error that names both places; nothing is ever numbered.
import type { Hint, HintStep } from "./build/hint";
import type { Problems } from "./build/problems";
import { children, kindsAccepted, resolve } from "./query";
import type { Decl, ObjectType, Origin, Property, Type, UnionType } from "./types";
import { exactPart, goName, localPart, pascalName } from "./words";

/** Names the generated TypeScript exports or the runtime uses as types: a definition may not take them. */
export const TS_RESERVED = new Set([
  "DecodeError",
  "EncodeError",
  "JsonValue",
  "JsonObject",
  "FrameResult",
  "WireErrorCode",
  "ByteStream",
  "Uint8Array",
  "AsyncIterable",
  "AsyncGenerator",
  "Promise",
  "Iterable",
  "TextDecoder",
  "TextEncoder",
  "PromiseLike",
]);

/** JavaScript globals the generated code uses as values: an enum definition (a value too) may not take them. */
export const JS_GLOBALS = new Set([
  "Object",
  "Array",
  "Number",
  "String",
  "Boolean",
  "JSON",
  "Math",
  "RegExp",
  "Set",
  "Map",
  "Symbol",
  "Error",
  "TypeError",
  "BigInt",
  "Infinity",
  "NaN",
  "Reflect",
  "Proxy",
  "Date",
  "Uint8Array",
  "TextDecoder",
  "Promise",
  "WeakMap",
  "WeakSet",
]);

/** Package-level names of every generated Go package (runtime API and generated constants). */
export const GO_RESERVED = new Set([
  "DecodeError",
  "EncodeError",
  "Member",
  "Null",
  "Nullable",
  "OrderedMap",
  "Secret",
  "FrameReader",
  "Codec",
  "Codecs",
  "SchemaDigest",
  "FrameLimit",
  "SetFastPath",
]);

const IDENT = /^[A-Z][A-Za-z0-9]*$/;

export interface Seeds {
  /** The schema-given base name of each definition that is not lifted (its key, title or file name). */
  base: Map<Decl, string>;
  hints: Map<Decl, Hint>;
}

export function nameProtocol(decls: Decl[], seeds: Seeds, problems: Problems, prefix = ""): void {
  const taken = new Map<string, Origin>();
  const claim = (name: string, origin: Origin, what: string): void => {
    const prior = taken.get(name);
    if (prior !== undefined) {
      problems.error(
        origin,
        `${what} ${name} is also the name of ${prior.file}#${prior.pointer}`,
        'rename one of the two definitions, or set "x-name" on one of them',
      );
      return;
    }
    taken.set(name, origin);
  };
  // 1. type names: the schema's own first, then the lifted ones (in definition order: a lifted
  // definition after its parent, which it is named from). A lifted name that the schema already
  // uses takes its long form (the kind spelled: NotificationParamsObject).
  const lifted = (d: Decl) => seeds.hints.has(d) && seeds.hints.get(d)!.override === undefined;
  const order = [...decls.filter((d) => !lifted(d)), ...decls.filter(lifted)];
  // Definitions of different files with one name (a protocol made of several authors' files) are
  // qualified by their file's name: JscpdColor, StylelintrcColor.
  const byName = new Map<string, Decl[]>();
  for (const d of order) if (!lifted(d)) byName.set(typeName(d, seeds), [...(byName.get(typeName(d, seeds)) ?? []), d]);
  const qualified = new Set<Decl>();
  for (const group of byName.values())
    if (new Set(group.map((d) => d.origin.file)).size > 1) group.forEach((d) => qualified.add(d));
  for (const d of order) {
    // a lifted definition's name starts with its owner's, which has the prefix already
    const own = lifted(d) ? "" : prefix;
    d.name = own + (qualified.has(d) ? fileName(d.origin.file) : "") + typeName(d, seeds);
    if (lifted(d) && taken.has(d.name)) d.name = typeName(d, seeds) + longSuffix(d);
    d.names.type = d.name;
    if (!IDENT.test(d.name)) {
      // a bad x-name is reported at the keyword itself
      if (d.type.xName !== undefined && !IDENT.test(d.type.xName)) continue;
      problems.error(
        d.origin,
        `the name "${d.name}" is not a PascalCase identifier`,
        'set "x-name" to a name such as "ToolCall"',
      );
      continue;
    }
    if (TS_RESERVED.has(d.name) || GO_RESERVED.has(d.name)) {
      problems.error(
        d.origin,
        `the name ${d.name} is taken by the generated code's own API`,
        'set "x-name" to another name',
      );
      continue;
    }
    if (d.enumMembers !== undefined && JS_GLOBALS.has(d.name)) {
      problems.error(
        d.origin,
        `the enum ${d.name} would hide the JavaScript global ${d.name}`,
        'set "x-name" to another name',
      );
      continue;
    }
    claim(d.name, d.origin, "the definition");
  }
  // 2. derived names of each definition
  for (const d of decls) {
    const n = d.name;
    d.names.ts = {
      decode: `decode${n}`,
      encode: `encode${n}`,
      check: `check${n}`,
      checkEv: `check${n}Evaluated`,
      write: `write${n}`,
    };
    // Error's decoder cannot be DecodeError (the runtime's error type): it becomes DecodeErrorValue
    const free = (name: string) => (GO_RESERVED.has(name) ? `${name}Value` : name);
    d.names.go = {
      decode: free(`Decode${n}`),
      encode: free(`Encode${n}`),
      dec: `dec${n}`,
      enc: `enc${n}`,
      fast: `fast${n}`,
    };
    if (d.type.kind === "object") d.names.ts.known = `known${n}`;
    if (d.type.kind === "union") {
      d.names.ts.pick = `pick${n}`;
      d.names.ts.variants = `variants${n}`;
      d.names.ts.filters = `filters${n}`;
      d.names.go.visitor = `${n}Visitor`;
      d.names.go.visit = `Visit${n}`;
      d.names.go.marker = `is${n}`;
    }
    if (d.result !== undefined) {
      d.names.ts.result = `decode${n}Result`;
      d.names.go.result = `Decode${n}Result`;
    }
    if (d.frame === true) {
      d.names.ts.reader = `read${n}s`;
      d.names.go.reader = `New${n}Reader`;
    }
    if (d.constant !== undefined) continue;
    for (const derived of [
      d.names.go.visitor,
      d.names.go.decode,
      d.names.go.encode,
      d.names.go.result,
      d.names.go.reader,
    ]) {
      if (derived !== undefined) claim(derived, d.origin, "the generated name");
    }
  }
  // 3. properties, variants, patterns
  const patterns = new Map<string, string>();
  for (const d of decls) {
    walkNamed(d.type, d.name, (t, path) => {
      if (t.kind === "object") nameProperties(t, problems);
      if (t.kind === "union") nameVariants(t, d, (n) => taken.has(n));
      for (const pat of patternsOf(t)) {
        const known = patterns.get(pat.source);
        if (known !== undefined) pat.name = known;
        else {
          pat.name = `re${path}`;
          let k = pat.name;
          // two patterns at one place (pattern and patternProperties): the second keeps its source in the name
          if ([...patterns.values()].includes(k)) k = `${pat.name}_${exactPart(pat.source).slice(0, 24)}`;
          pat.name = k;
          patterns.set(pat.source, k);
        }
      }
    });
  }
}

function fileName(path: string): string {
  return pascalName(path.slice(path.lastIndexOf("/") + 1).replace(/\.json$/, ""));
}

/** The long form of a lifted definition's name: what it is (Object, Union). */
function longSuffix(d: Decl): string {
  return d.type.kind === "object" ? "Object" : d.type.kind === "union" ? "Union" : "Type";
}

function typeName(d: Decl, seeds: Seeds): string {
  const hint = seeds.hints.get(d);
  if (hint !== undefined) return hint.override ?? hint.owner.name + hint.steps.map((s) => stepName(s)).join("");
  const base = seeds.base.get(d) ?? d.name;
  const override = d.type.xName;
  if (override !== undefined) return override;
  return IDENT.test(base) ? base : pascalName(base);
}

function stepName(s: HintStep): string {
  switch (s.step) {
    case "property":
      return pascalName(s.key);
    case "item":
      return "Item";
    case "prefix":
      return `Item${s.index + 1}`;
    case "value":
      return "Value";
    case "pattern":
      return "Match";
    case "kind":
      return pascalName(s.kind);
    case "variant":
      return variantName(s.union, s.index);
  }
}

/** A union variant's name part: its const, its title, its kind if no other variant has it, a required key only it has. */
export function variantName(u: UnionType, index: number): string {
  const v = u.variants[index]!;
  const t = resolve(v);
  if (t.kind === "object") {
    for (const p of t.properties) {
      const c = constValue(p.type);
      if (c !== undefined) return pascalName(String(c));
    }
  }
  const title = v.doc?.title ?? t.doc?.title;
  if (title !== undefined && pascalName(title) !== "") return pascalName(title);
  const kinds = kindsAccepted(v);
  const others = u.variants.filter((_, i) => i !== index).flatMap((o) => kindsAccepted(o));
  if (kinds.length === 1 && !others.includes(kinds[0]!))
    return pascalName(t.kind === "integer" ? "integer" : kinds[0]!);
  if (t.kind === "object") {
    const mine = t.properties.filter((p) => p.required).map((p) => p.name);
    const theirs = new Set(
      u.variants
        .filter((_, i) => i !== index)
        .flatMap((o) =>
          resolve(o).kind === "object"
            ? (resolve(o) as ObjectType).properties.filter((p) => p.required).map((p) => p.name)
            : [],
        ),
    );
    const only = mine.find((k) => !theirs.has(k));
    if (only !== undefined) return `With${pascalName(only)}`;
  }
  return `Variant${index + 1}`;
}

function constValue(t: Type): string | number | boolean | undefined {
  const r = resolve(t);
  if (r.kind === "string" || r.kind === "integer" || r.kind === "number") {
    const c = r.checks.find((x) => x.family === "const");
    return c === undefined ? undefined : (c as { value: string | number }).value;
  }
  return undefined;
}

/**
 * Go fields and locals of an object's properties. Names that would collide ("foo-bar" and
 * "foo_bar" both read FooBar) are spelled exactly instead (Foo_2d_bar, Foo__bar): still derived
 * from the property's own name, so other fields never change.
 */
function nameProperties(t: ObjectType, problems: Problems): void {
  const fields = new Map<string, Property[]>();
  const locals = new Map<string, Property[]>();
  for (const p of t.properties) {
    const f = goName(p.name);
    fields.set(f, [...(fields.get(f) ?? []), p]);
    const l = localPart(p.name);
    locals.set(l, [...(locals.get(l) ?? []), p]);
  }
  for (const [f, ps] of fields) for (const p of ps) p.names.goField = ps.length === 1 ? f : exactGoName(p.name);
  for (const [l, ps] of locals) for (const p of ps) p.names.local = ps.length === 1 ? l : exactPart(p.name);
  // An open object keeps its extra members in a field of its own: Extra, or ExtraMembers when a property is Extra.
  if (t.extras.kind !== "reject" || t.patterns.length > 0) {
    const taken = new Set(t.properties.map((p) => p.names.goField));
    const field = !taken.has("Extra") ? "Extra" : !taken.has("ExtraMembers") ? "ExtraMembers" : undefined;
    if (field !== undefined) t.goExtra = field;
    else
      problems.error(
        t.origin,
        "the properties take both Go field names for the extra members (Extra, ExtraMembers)",
        "rename one of the properties",
      );
  }
}

function exactGoName(name: string): string {
  const s = exactPart(name);
  return /^[a-z]/.test(s) ? s[0]!.toUpperCase() + s.slice(1) : `X${s}`;
}

function nameVariants(u: UnionType, owner: Decl, taken: (name: string) => boolean): void {
  u.variantNames = u.variants.map((v, i) => {
    if (v.kind === "ref" && resolve(v).kind === "object") return v.decl.name;
    // a wrapper type (Go): never the name of a definition (a lifted variant is named like its wrapper)
    let name = v.kind === "ref" ? owner.name + v.decl.name : owner.name + variantName(u, i);
    while (taken(name)) name += "Value";
    return name;
  });
}

function patternsOf(t: Type): { source: string; name: string }[] {
  if (t.kind === "string") return t.checks.flatMap((c) => (c.family === "pattern" ? [c.pattern] : []));
  if (t.kind === "object") return t.patterns.map((p) => p.pattern);
  return [];
}

/** Visits every type inside a definition with a path name from the definition (its properties and positions). */
function walkNamed(root: Type, name: string, visit: (t: Type, path: string) => void): void {
  const seen = new Set<Type>();
  const walk = (t: Type, path: string): void => {
    if (seen.has(t)) return;
    seen.add(t);
    visit(t, path);
    if (t.kind === "object") {
      for (const p of t.properties) walk(p.type, path + pascalName(p.name));
      for (const pp of t.patterns) walk(pp.type, path + "Match");
      if (t.extras.kind === "map") walk(t.extras.type, path + "Value");
    }
    if (t.kind === "array") {
      t.prefix.forEach((x, i) => walk(x, `${path}Item${i + 1}`));
      if (t.items !== undefined) walk(t.items, path + "Item");
    }
    if (t.kind === "union") t.variants.forEach((v, i) => walk(v, path + variantName(t, i)));
    const rest: Type[] = [];
    children(t, (c, pos) => pos === "check" && rest.push(c));
    for (const c of rest) walk(c, path + "Check");
  };
  walk(root, name);
}
