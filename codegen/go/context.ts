// Shared lookups for the Go emitter: declarations by name, Go types of IR types, literals.
import type { Decl, Property, Protocol, Type } from "../ir/types";

export class GoContext {
  readonly decls = new Map<string, Decl>();
  /** Helper functions (decoders, encoders, checks) generated for inline types, by name. */
  readonly helpers = new Map<string, string>();

  constructor(readonly p: Protocol) {
    for (const d of p.decls) this.decls.set(d.name, d);
  }

  decl(name: string): Decl {
    const d = this.decls.get(name);
    if (!d) throw new Error(`Go emitter: reference to unknown definition ${name}`);
    return d;
  }

  /** Follows references to the underlying type (a decl's own type). */
  resolve(t: Type): Type {
    const seen = new Set<string>();
    while (t.kind === "ref") {
      if (seen.has(t.name)) throw new Error(`Go emitter: reference cycle through ${t.name}`);
      seen.add(t.name);
      t = this.decl(t.name).type;
    }
    return t;
  }

  /** The Go type of an IR type used as a field, element or alias target. */
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
        return "json.RawMessage";
      case "array":
        return `[]${this.goType(t.items)}`;
      case "ref":
        return t.name;
      case "object":
      case "union":
        throw new Error(`Go emitter: inline ${t.kind} at ${t.origin.file}#${t.origin.pointer} (the IR builder should have hoisted it)`);
    }
  }

  /** True when the absent value of the type is nil already (slices, raw values, interfaces). */
  nilable(t: Type): boolean {
    const r = this.resolve(t);
    return r.kind === "array" || r.kind === "any" || r.kind === "union";
  }

  /** A required property with a const value is implied by its type and not stored in the struct. */
  implied(prop: Property): boolean {
    return prop.required && constOf(this.resolve(prop.type)) !== undefined;
  }

  /** The Go type of a struct field for a property. */
  fieldType(prop: Property): string {
    const t = this.goType(prop.type);
    if (prop.required || this.nilable(prop.type)) return t;
    return `*${t}`;
  }

  /** True when any value of the type may hold a Secret (through fields, elements or variants). */
  holdsSecret(t: Type, seen = new Set<string>()): boolean {
    switch (t.kind) {
      case "string":
        return t.secret === true;
      case "array":
        return this.holdsSecret(t.items, seen);
      case "object":
        return t.properties.some((p) => this.holdsSecret(p.type, seen));
      case "union":
        return t.variants.some((v) => this.holdsSecret(v, seen));
      case "ref":
        if (seen.has(t.name)) return false;
        seen.add(t.name);
        return this.holdsSecret(this.decl(t.name).type, seen);
      default:
        return false;
    }
  }

  addHelper(name: string, code: string): string {
    if (!this.helpers.has(name)) this.helpers.set(name, code);
    return name;
  }
}

export function constOf(t: Type): string | number | boolean | undefined {
  if (t.kind === "string" || t.kind === "integer" || t.kind === "number" || t.kind === "boolean") return t.const;
  return undefined;
}

/** A Go interpreted string literal for s. */
export function goString(s: string): string {
  let out = '"';
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (cp >= 0xd800 && cp <= 0xdfff) throw new Error(`Go emitter: string ${JSON.stringify(s)} holds a lone surrogate`);
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

/** A Go float64 literal that reads back as exactly x. */
export function goFloat(x: number): string {
  if (!Number.isFinite(x)) throw new Error(`Go emitter: non-finite number ${x}`);
  if (Object.is(x, -0)) return "0";
  const s = String(x);
  return /[.e]/.test(s) ? s : `${s}.0`;
}

/** A Go int64 literal; only safe integers reach the IR. */
export function goInt(x: number): string {
  if (!Number.isSafeInteger(x)) throw new Error(`Go emitter: ${x} is not a safe integer`);
  return String(x);
}

/** The canonical JSON text of a key or string, as JSON.stringify writes it. */
export function jsonString(s: string): string {
  return JSON.stringify(s);
}

/** Doc comment lines for a description. */
export function comment(text: string | undefined, prefix: string): string[] {
  if (!text || text.trim() === "") return [];
  return text
    .trim()
    .split("\n")
    .map((l) => `// ${prefix}${l}`.trimEnd());
}
