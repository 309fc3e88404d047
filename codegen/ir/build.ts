// Turns the resolved schema files of one protocol into the IR. Pure: no disk, no globals.
import { createHash } from "node:crypto";
import { childPointer, SchemaError } from "../errors";
import type { SchemaDocument, SchemaFile } from "../schema/files";
import { parseSchemaFiles } from "../schema/files";
import { Resolver } from "../schema/resolve";
import { buildDispatch, type Candidate } from "./dispatch";
import { ANNOTATIONS, EXTENSIONS, REFUSED, SCHEMA_DIALECT, STRUCTURAL } from "./keywords";
import { goName, pascalName, RESERVED_TYPE_NAMES } from "./naming";
import { checkPortablePattern } from "./pattern";
import type {
  Decl, EnumMember, IntegerType, JsonKind, JsonValue, NumberType, NumericConstraints, Origin, Property, Protocol, Type, UnionType,
} from "./types";
import { MAX_SAFE_INTEGER } from "./types";

type Node = Record<string, unknown>;

const DECL_ONLY = new Set(["x-constant", "x-sent-by", "x-result", "x-frame"]);
const KIND_KEYWORDS: Record<string, string[]> = {
  string: ["minLength", "maxLength", "pattern", "x-secret"],
  integer: ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"],
  number: ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"],
  boolean: [],
  null: [],
  array: ["items", "minItems", "maxItems", "uniqueItems"],
  object: ["properties", "required", "additionalProperties"],
};
const ALL_KIND_KEYWORDS = new Set(Object.values(KIND_KEYWORDS).flat());

function isObject(v: unknown): v is Node {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

function jsonKindOf(v: unknown): JsonKind | "integer" {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  if (typeof v === "number") return Number.isInteger(v) ? "integer" : "number";
  return typeof v as JsonKind;
}

export function schemaDigest(files: SchemaFile[]): string {
  const h = createHash("sha256");
  for (const f of [...files].sort((a, b) => (a.path < b.path ? -1 : 1))) h.update(`${f.path}\0${f.text}\0`);
  return h.digest("hex");
}

/** Builds the IR of the protocol named `name` from its schema files. */
export function buildProtocol(name: string, files: SchemaFile[]): Protocol {
  const docs = parseSchemaFiles(files);
  const b = new Builder(docs);
  const decls = b.build();
  const protocol: Protocol = { name, files: docs.map((d) => d.path), decls, digest: schemaDigest(files) };
  for (const d of decls) {
    if (d.constant?.role === "frame-limit") {
      if (typeof d.constant.value !== "number" || !Number.isInteger(d.constant.value) || d.constant.value <= 0) {
        throw new SchemaError(d.origin.file, d.origin.pointer, "the frame limit must be a positive integer", "set const to the limit in bytes");
      }
      protocol.frameLimit = d.constant.value;
    }
    if (d.constant?.role === "protocol-version") protocol.version = d.constant.value;
  }
  return protocol;
}

interface Ctx {
  file: string;
  pointer: string;
  /** Name for an inline object or union lifted out of its parent. */
  nameHint: string;
}

class Builder {
  private readonly resolver: Resolver;
  /** "file#pointer" of every named definition -> its name. */
  private readonly named = new Map<string, string>();
  private readonly origins = new Map<string, Origin>();
  private readonly decls: Decl[] = [];
  private pending: Decl[] = [];
  private readonly inlineStack: string[] = [];
  private readonly unions: { union: UnionType; disc: string[] | undefined; ctx: Ctx; kw: string }[] = [];

  constructor(private readonly docs: SchemaDocument[]) {
    this.resolver = new Resolver(docs);
  }

  build(): Decl[] {
    const roots: { node: unknown; origin: Origin; name: string }[] = [];
    for (const doc of this.docs) {
      const root = doc.root;
      if (typeof root === "boolean") {
        roots.push({ node: root, origin: { file: doc.path, pointer: "" }, name: this.fileDeclName(doc.path) });
        continue;
      }
      if (!isObject(root)) throw new SchemaError(doc.path, "", "a schema file must hold a JSON object", "wrap the definitions in {\"$defs\": {...}}");
      if (root.$schema !== undefined && root.$schema !== SCHEMA_DIALECT) {
        throw new SchemaError(doc.path, "/$schema", `only draft 2020-12 is supported (got ${JSON.stringify(root.$schema)})`, `set "$schema" to "${SCHEMA_DIALECT}"`);
      }
      const defs = root.$defs;
      if (defs !== undefined) {
        if (!isObject(defs)) throw new SchemaError(doc.path, "/$defs", "$defs must be an object", "make $defs an object of named schemas");
        for (const [key, node] of Object.entries(defs)) {
          const pointer = childPointer("/$defs", key);
          const override = isObject(node) && typeof node["x-name"] === "string" ? node["x-name"] : undefined;
          roots.push({ node, origin: { file: doc.path, pointer }, name: override ?? (/^[A-Z][A-Za-z0-9]*$/.test(key) ? key : pascalName(key)) });
        }
      }
      const rest = Object.keys(root).filter((k) => k !== "$defs" && k !== "$schema" && k !== "$id" && !ANNOTATIONS.has(k));
      if (rest.length > 0) roots.unshift({ node: root, origin: { file: doc.path, pointer: "" }, name: this.fileDeclName(doc.path) });
    }
    for (const r of roots) this.register(r.name, r.origin);
    for (const r of roots) {
      this.pending = [];
      const decl = this.buildDecl(r.node, r.origin, r.name);
      this.decls.push(decl, ...this.pending);
    }
    this.finishUnions();
    this.refuseRecursion();
    return this.decls;
  }

  private fileDeclName(path: string): string {
    const base = path.slice(path.lastIndexOf("/") + 1).replace(/\.json$/, "");
    return pascalName(base);
  }

  private register(name: string, origin: Origin): void {
    if (RESERVED_TYPE_NAMES.has(name)) {
      throw new SchemaError(origin.file, origin.pointer, `the name ${name} is reserved in generated code`, "rename the definition, or set \"x-name\" to another name");
    }
    const prior = this.origins.get(name);
    if (prior !== undefined) {
      throw new SchemaError(origin.file, origin.pointer, `the name ${name} is also used by ${prior.file}#${prior.pointer}`, "rename one of the two definitions, or set \"x-name\" on one of them");
    }
    this.origins.set(name, origin);
    this.named.set(`${origin.file}#${origin.pointer}`, name);
  }

  private buildDecl(node: unknown, origin: Origin, name: string): Decl {
    const decl: Decl = { name, origin, type: { kind: "any", origin } };
    const ctx: Ctx = { file: origin.file, pointer: origin.pointer, nameHint: name };
    if (isObject(node)) {
      if (typeof node.description === "string") decl.description = node.description;
      if (node.deprecated === true) decl.deprecated = true;
      this.declExtensions(node, decl, ctx);
    }
    decl.type = decl.constant !== undefined ? this.constantType(decl.constant.value, ctx) : this.buildType(node, ctx, true);
    if (decl.constant === undefined && decl.type.kind === "string" && decl.type.enum !== undefined && isObject(node)) {
      const constraintKeys = Object.keys(node).filter((k) => !ANNOTATIONS.has(k) && !k.startsWith("x-") && k !== "enum" && k !== "type");
      if (constraintKeys.length === 0) decl.enumMembers = this.enumMembers(decl.type.enum, ctx);
    }
    return decl;
  }

  private declExtensions(node: Node, decl: Decl, ctx: Ctx): void {
    const at = (k: string) => childPointer(ctx.pointer, k);
    const c = node["x-constant"];
    if (c !== undefined) {
      if (c !== true && c !== "frame-limit" && c !== "protocol-version") {
        throw new SchemaError(ctx.file, at("x-constant"), "x-constant must be true, \"frame-limit\" or \"protocol-version\"", "fix the value of x-constant");
      }
      if (!("const" in node)) throw new SchemaError(ctx.file, ctx.pointer, "x-constant needs a const value", "add \"const\" with the constant's value");
      decl.constant = { value: node.const as JsonValue };
      if (c !== true) decl.constant.role = c;
    }
    const sentBy = node["x-sent-by"];
    if (sentBy !== undefined) {
      if (!Array.isArray(sentBy) || sentBy.length === 0 || !sentBy.every((s) => typeof s === "string")) {
        throw new SchemaError(ctx.file, at("x-sent-by"), "x-sent-by must be a non-empty array of party names", "list the sides that write this frame, e.g. [\"host\"]");
      }
      decl.sentBy = sentBy as string[];
    }
    const result = node["x-result"];
    if (result !== undefined) {
      if (!isObject(result) || typeof result.$ref !== "string") {
        throw new SchemaError(ctx.file, at("x-result"), "x-result must be {\"$ref\": ...}", "refer to the definition of the method's result");
      }
      const target = this.resolver.resolve(result.$ref, ctx.file, at("x-result"));
      const named = this.named.get(`${target.file}#${target.pointer}`);
      if (named === undefined) throw new SchemaError(ctx.file, at("x-result"), "x-result must refer to a named definition in $defs", "move the result type into $defs");
      decl.result = named;
    }
    const frame = node["x-frame"];
    if (frame !== undefined) {
      if (frame !== true) throw new SchemaError(ctx.file, at("x-frame"), "x-frame must be true", "remove x-frame or set it to true");
      decl.frame = true;
    }
  }

  /** The type of a constant's value: a scalar, or an array of scalars of one kind. */
  private constantType(value: JsonValue, ctx: Ctx): Type {
    const origin = this.origin(ctx);
    const scalar = (v: JsonValue): Type => {
      const k = jsonKindOf(v);
      if (k === "object" || k === "array") this.fail(ctx, "const", "a constant must be a scalar or an array of scalars", "simplify the constant's value");
      return k === "null" ? { kind: "null", origin } : { kind: k, origin } as Type;
    };
    if (!Array.isArray(value)) return scalar(value);
    const kinds = new Set(value.map(jsonKindOf));
    if (kinds.size > 1) this.fail(ctx, "const", "a constant array must hold values of one kind", "split the constant");
    return { kind: "array", origin, items: value.length > 0 ? scalar(value[0]!) : { kind: "any", origin } };
  }

  private enumMembers(values: string[], ctx: Ctx): EnumMember[] {
    const seen = new Map<string, string>();
    return values.map((value) => {
      const memberName = pascalName(value);
      const prior = seen.get(memberName);
      if (prior !== undefined) {
        throw new SchemaError(ctx.file, childPointer(ctx.pointer, "enum"), `enum values "${prior}" and "${value}" both become the constant name ${memberName}`, "rename one of the values");
      }
      seen.set(memberName, value);
      return { value, memberName };
    });
  }

  private fail(ctx: Ctx, key: string | undefined, problem: string, hint: string): never {
    throw new SchemaError(ctx.file, key === undefined ? ctx.pointer : childPointer(ctx.pointer, key), problem, hint);
  }

  private checkKeywords(node: Node, ctx: Ctx, isDecl: boolean): void {
    for (const key of Object.keys(node)) {
      if (ANNOTATIONS.has(key) || STRUCTURAL.has(key)) continue;
      if (EXTENSIONS.has(key)) {
        if (DECL_ONLY.has(key) && !isDecl) this.fail(ctx, key, `${key} is allowed only on a definition in $defs`, `move ${key} to the definition`);
        continue;
      }
      if (key === "$id" && ctx.pointer === "" && typeof node.$id === "string" && /^[a-z][a-z0-9+.-]*:/i.test(node.$id)) continue;
      const why = REFUSED[key];
      if (why !== undefined) this.fail(ctx, key, `unsupported keyword "${key}": ${why}`, "remove it or express the rule with supported keywords (see README, Schema keywords)");
      if (key.startsWith("x-")) this.fail(ctx, key, `unknown extension keyword "${key}"`, `use one of ${[...EXTENSIONS].join(", ")}`);
      this.fail(ctx, key, `unknown keyword "${key}"`, "remove it; unknown keywords would be silently ignored by validators");
    }
    if (node.$schema !== undefined && ctx.pointer !== "") this.fail(ctx, "$schema", "$schema is allowed only at the root of a file", "remove it");
    if (node.$defs !== undefined && ctx.pointer !== "") this.fail(ctx, "$defs", "$defs is allowed only at the root of a file", "move the definitions to the file's root $defs");
  }

  private origin(ctx: Ctx): Origin {
    return { file: ctx.file, pointer: ctx.pointer };
  }

  buildType(node: unknown, ctx: Ctx, isDecl: boolean): Type {
    if (node === true) return { kind: "any", origin: this.origin(ctx) };
    if (node === false) this.fail(ctx, undefined, "the schema false accepts nothing", "remove the property or definition");
    if (!isObject(node)) this.fail(ctx, undefined, "a schema must be an object or a boolean", "write a JSON Schema object here");
    this.checkKeywords(node, ctx, isDecl);
    const keys = Object.keys(node).filter((k) => !ANNOTATIONS.has(k) && k !== "$schema" && k !== "$defs" && !(k === "$id" && ctx.pointer === "") && !(isDecl && DECL_ONLY.has(k)) && k !== "x-name");

    if (node.$ref !== undefined) {
      const others = keys.filter((k) => k !== "$ref");
      if (others.length > 0) this.fail(ctx, others[0], `"${others[0]}" beside "$ref" is not supported`, "put the constraint in the referenced definition, or define a new one");
      if (typeof node.$ref !== "string") this.fail(ctx, "$ref", "$ref must be a string", "write a relative reference such as #/$defs/Name");
      return this.buildRef(node.$ref, ctx);
    }
    if (node.allOf !== undefined) {
      const all = node.allOf;
      if (!Array.isArray(all) || all.length !== 1 || keys.length !== 1) {
        this.fail(ctx, "allOf", "allOf is supported only with exactly one schema and nothing beside it", "merge the schemas into one definition");
      }
      return this.buildType(all[0], { ...ctx, pointer: childPointer(ctx.pointer, "allOf") + "/0" }, isDecl);
    }
    if (node.oneOf !== undefined || node.anyOf !== undefined) return this.hoist(this.buildUnion(node, keys, ctx), ctx, isDecl, node);
    if (node["x-discriminator"] !== undefined || node["x-open"] !== undefined) {
      this.fail(ctx, node["x-open"] !== undefined ? "x-open" : "x-discriminator", "x-discriminator and x-open belong on a oneOf or anyOf", "move them next to the oneOf");
    }

    let types: string[];
    if (node.type === undefined) {
      const inferred = this.inferType(node, keys, ctx);
      if (inferred === undefined) return { kind: "any", origin: this.origin(ctx) };
      types = inferred;
    } else if (typeof node.type === "string") {
      types = [node.type];
    } else if (Array.isArray(node.type) && node.type.length > 0 && node.type.every((t) => typeof t === "string")) {
      types = [...new Set(node.type as string[])];
    } else {
      this.fail(ctx, "type", "type must be a type name or a non-empty array of them", "fix the value of type");
    }
    for (const t of types) if (!(t in KIND_KEYWORDS)) this.fail(ctx, "type", `unknown type "${t}"`, "use string, integer, number, boolean, null, array or object");
    if (types.includes("integer") && types.includes("number")) types = types.filter((t) => t !== "integer");
    for (const k of keys) {
      if (ALL_KIND_KEYWORDS.has(k) && !types.some((t) => KIND_KEYWORDS[t]!.includes(k))) {
        this.fail(ctx, k, `"${k}" has no effect on a value of type ${types.join(" or ")}`, "remove it, or fix the type");
      }
    }
    if (types.length === 1) return this.buildSingle(node, types[0]!, ctx, isDecl);
    const variants = types.map((t) => this.buildSingle(node, t, { ...ctx, nameHint: ctx.nameHint + pascalName(t) }, false));
    const union: UnionType = { kind: "union", origin: this.origin(ctx), variants, open: false, dispatch: { by: "none" } };
    this.unions.push({ union, disc: undefined, ctx, kw: "type" });
    return this.hoist(union, ctx, isDecl, node);
  }

  /**
   * A schema without "type". With const/enum, the type follows from the values. With other
   * constraints, each applies only to its own kind of value (JSON Schema semantics), so the schema
   * is a union over every JSON kind, constrained where a keyword applies.
   */
  private inferType(node: Node, keys: string[], ctx: Ctx): string[] | undefined {
    const values = "const" in node ? [node.const] : Array.isArray(node.enum) ? node.enum : undefined;
    const structural = keys.filter((k) => k !== "const" && k !== "enum" && !k.startsWith("x-"));
    if (values === undefined) return structural.length === 0 ? undefined : ["string", "number", "boolean", "null", "array", "object"];
    if (structural.length > 0) {
      this.fail(ctx, structural[0], `"${structural[0]}" beside const or enum without "type" is not supported`, "add \"type\" to this schema");
    }
    const kinds = new Set(values.map((v) => {
      const k = jsonKindOf(v);
      // A whole number beyond ±(2^53 − 1) can only be matched as a number (wire rule 9).
      return k === "integer" && Math.abs(v as number) > MAX_SAFE_INTEGER ? "number" : k;
    }));
    if (kinds.has("number")) kinds.delete("integer");
    if (kinds.size !== 1) this.fail(ctx, "const" in node ? "const" : "enum", "the allowed values are of several JSON kinds", "split them into a oneOf of typed schemas, or add \"type\"");
    const kind = [...kinds][0]!;
    if (kind === "object" || kind === "array") this.fail(ctx, "const" in node ? "const" : "enum", "const and enum values must be strings, numbers, booleans or null", "describe the object or array with properties or items");
    return [kind];
  }

  private buildRef(ref: string, ctx: Ctx): Type {
    const target = this.resolver.resolve(ref, ctx.file, childPointer(ctx.pointer, "$ref"));
    const name = this.named.get(`${target.file}#${target.pointer}`);
    if (name !== undefined) return { kind: "ref", origin: this.origin(ctx), name };
    const key = `${target.file}#${target.pointer}`;
    if (this.inlineStack.includes(key)) this.fail(ctx, "$ref", "a recursive reference to a schema that is not a named definition", "move the schema into $defs");
    this.inlineStack.push(key);
    try {
      return this.buildType(target.node, { file: target.file, pointer: target.pointer, nameHint: ctx.nameHint }, false);
    } finally {
      this.inlineStack.pop();
    }
  }

  /** Objects and unions get a name: a definition keeps its own; an inline one is lifted out. */
  private hoist(type: Type, ctx: Ctx, isDecl: boolean, node: Node): Type {
    if (isDecl) return type;
    const name = typeof node["x-name"] === "string" ? node["x-name"] : ctx.nameHint;
    this.register(name, this.origin(ctx));
    const decl: Decl = { name, origin: this.origin(ctx), type, hoisted: true };
    if (typeof node.description === "string") decl.description = node.description;
    this.pending.push(decl);
    return { kind: "ref", origin: this.origin(ctx), name };
  }

  private buildUnion(node: Node, keys: string[], ctx: Ctx): UnionType {
    if (node.oneOf !== undefined && node.anyOf !== undefined) this.fail(ctx, "anyOf", "oneOf and anyOf together are not supported", "keep one of them");
    const kw = node.oneOf !== undefined ? "oneOf" : "anyOf";
    const others = keys.filter((k) => k !== kw && k !== "x-discriminator" && k !== "x-open");
    if (others.length > 0) this.fail(ctx, others[0], `"${others[0]}" beside ${kw} is not supported`, "move it into every variant");
    const list = node[kw];
    if (!Array.isArray(list) || list.length === 0) this.fail(ctx, kw, `${kw} must be a non-empty array`, "list the variants");
    const disc = node["x-discriminator"];
    if (disc !== undefined && (!Array.isArray(disc) || disc.length === 0 || !disc.every((k) => typeof k === "string"))) {
      this.fail(ctx, "x-discriminator", "x-discriminator must be a non-empty array of property names", "list the keys that tell the variants apart");
    }
    const open = node["x-open"];
    if (open !== undefined && typeof open !== "boolean") this.fail(ctx, "x-open", "x-open must be a boolean", "set x-open to true or remove it");
    const variants = list.map((v, i) => {
      const vctx: Ctx = { file: ctx.file, pointer: `${childPointer(ctx.pointer, kw)}/${i}`, nameHint: ctx.nameHint + this.variantSuffix(v, i, ctx) };
      return this.buildType(v, vctx, false);
    });
    const union: UnionType = { kind: "union", origin: this.origin(ctx), variants, open: open === true, dispatch: { by: "none" } };
    this.unions.push({ union, disc: disc as string[] | undefined, ctx, kw });
    return union;
  }

  /** Names an inline variant by its const discriminator value, e.g. Event + "Text". */
  private variantSuffix(v: unknown, i: number, ctx: Ctx): string {
    if (!isObject(v) || v.$ref !== undefined) return "";
    if (typeof v["x-name"] === "string") return "";
    if (isObject(v.properties)) {
      for (const p of Object.values(v.properties)) {
        if (isObject(p) && (typeof p.const === "string" || typeof p.const === "number")) return pascalName(String(p.const));
      }
    }
    if (typeof v.type === "string") return pascalName(v.type);
    return this.fail(ctx, undefined, `inline variant ${i} has no name`, "move the variant into $defs, or give it \"x-name\"");
  }

  private declBehind(t: Type): Decl | undefined {
    let cur = t;
    for (let hops = 0; cur.kind === "ref" && hops < 100; hops++) {
      const d = this.decls.find((x) => x.name === (cur as { name: string }).name);
      if (d === undefined) return undefined;
      if (d.type.kind !== "ref") return d;
      cur = d.type;
    }
    return undefined;
  }

  /** Second pass, once every definition exists: decide how each union picks its variant. */
  private finishUnions(): void {
    for (const { union, disc, ctx, kw } of this.unions) {
      const cands: Candidate[] = union.variants.map((type, index) => {
        const c: Candidate = { index, type };
        const behind = type.kind === "ref" ? this.declBehind(type) : undefined;
        if (behind?.type.kind === "union") this.fail(ctx, `${kw}/${index}`, "a variant that is itself a union is not supported", "list that union's variants here instead");
        if (behind?.type.kind === "object") c.object = behind.type;
        if (type.kind === "ref" && behind?.type.kind !== "object" && behind !== undefined) c.type = behind.type;
        return c;
      });
      union.dispatch = buildDispatch(cands, disc, union.origin);
    }
  }

  private buildSingle(node: Node, type: string, ctx: Ctx, isDecl: boolean): Type {
    const origin = this.origin(ctx);
    const values: unknown[] | undefined = "const" in node ? [node.const] : Array.isArray(node.enum) ? node.enum : undefined;
    if (node.enum !== undefined && !Array.isArray(node.enum)) this.fail(ctx, "enum", "enum must be an array", "list the allowed values");
    const ofKind = (pred: (v: unknown) => boolean) => (values === undefined ? undefined : values.filter(pred));
    const num = (k: string): number | undefined => {
      const v = node[k];
      if (v === undefined) return undefined;
      if (typeof v !== "number" || !Number.isFinite(v)) this.fail(ctx, k, `${k} must be a number`, `fix the value of ${k}`);
      return v;
    };
    const count = (k: string): number | undefined => {
      const v = num(k);
      if (v !== undefined && (!Number.isInteger(v) || v < 0)) this.fail(ctx, k, `${k} must be a whole number >= 0`, `fix the value of ${k}`);
      return v;
    };
    switch (type) {
      case "string": {
        const t: Type = { kind: "string", origin };
        const min = count("minLength");
        const max = count("maxLength");
        if (min !== undefined) t.minLength = min;
        if (max !== undefined) t.maxLength = max;
        if (node.pattern !== undefined) {
          if (typeof node.pattern !== "string") this.fail(ctx, "pattern", "pattern must be a string", "write an ECMAScript regular expression");
          const bad = checkPortablePattern(node.pattern);
          if (bad !== undefined) this.fail(ctx, "pattern", `the pattern ${bad}`, "rewrite the pattern in the portable subset (see README, Schema keywords)");
          t.pattern = node.pattern;
        }
        const vals = ofKind((v) => typeof v === "string") as string[] | undefined;
        if (vals !== undefined) {
          if ("const" in node) {
            if (vals.length === 1) t.const = vals[0]!;
            else t.enum = [];
          } else t.enum = [...new Set(vals)];
        }
        if (node["x-secret"] !== undefined) {
          if (node["x-secret"] !== true) this.fail(ctx, "x-secret", "x-secret must be true", "set it to true or remove it");
          t.secret = true;
        }
        return t;
      }
      case "integer":
      case "number": {
        const t: IntegerType | NumberType = { kind: type, origin };
        const c: NumericConstraints = t;
        for (const k of ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"] as const) {
          const v = num(k);
          if (v !== undefined) c[k] = v;
        }
        const m = num("multipleOf");
        if (m !== undefined) {
          if (!(m > 0) || !Number.isInteger(m)) this.fail(ctx, "multipleOf", "multipleOf must be a whole number > 0 (a fractional one gives different answers in floating point)", "use a whole multipleOf, or scale the unit");
          c.multipleOf = m;
        }
        const vals = ofKind((v) => typeof v === "number") as number[] | undefined;
        if (vals !== undefined) {
          if ("const" in node && vals.length === 1) c.const = vals[0]!;
          else c.enum = [...new Set(vals)];
        }
        return t;
      }
      case "boolean": {
        const t: Type = { kind: "boolean", origin };
        const vals = ofKind((v) => typeof v === "boolean") as boolean[] | undefined;
        if (vals !== undefined) {
          const set = new Set(vals);
          if (set.size === 0) this.fail(ctx, "const" in node ? "const" : "enum", "no boolean value is allowed", "fix the enum");
          if (set.size === 1) t.const = vals[0]!;
        }
        return t;
      }
      case "null": {
        if (values !== undefined && !values.includes(null)) this.fail(ctx, "const" in node ? "const" : "enum", "null is not among the allowed values", "fix the enum");
        return { kind: "null", origin };
      }
      case "array": {
        if (values !== undefined) this.fail(ctx, "const" in node ? "const" : "enum", "const and enum of arrays are not supported", "describe the array with items");
        if (node.uniqueItems === true) this.fail(ctx, "uniqueItems", "uniqueItems is not supported", "remove it, or check uniqueness in application code");
        const items = node.items === undefined ? true : node.items;
        const t: Type = {
          kind: "array",
          origin,
          items: this.buildType(items, { file: ctx.file, pointer: childPointer(ctx.pointer, "items"), nameHint: `${ctx.nameHint}Item` }, false),
        };
        const min = count("minItems");
        const max = count("maxItems");
        if (min !== undefined) t.minItems = min;
        if (max !== undefined) t.maxItems = max;
        return t;
      }
      case "object":
        if (values !== undefined) this.fail(ctx, "const" in node ? "const" : "enum", "const and enum of objects are not supported", "describe the object with properties");
        return this.buildObject(node, ctx, isDecl);
    }
    return this.fail(ctx, "type", `unknown type ${type}`, "fix the type");
  }

  private buildObject(node: Node, ctx: Ctx, isDecl: boolean): Type {
    const origin = this.origin(ctx);
    const ap = node.additionalProperties;
    let extras: "reject" | "keep";
    if (ap === false) extras = "reject";
    else if (ap === undefined || ap === true || (isObject(ap) && Object.keys(ap).every((k) => ANNOTATIONS.has(k)))) extras = "keep";
    else this.fail(ctx, "additionalProperties", "additionalProperties with a schema (a map type) is not supported", "use additionalProperties: false with declared properties, or true for a free-form object");
    const props = node.properties === undefined ? {} : node.properties;
    if (!isObject(props)) this.fail(ctx, "properties", "properties must be an object", "fix the value of properties");
    const required = node.required === undefined ? [] : node.required;
    if (!Array.isArray(required) || !required.every((r) => typeof r === "string")) this.fail(ctx, "required", "required must be an array of property names", "fix the value of required");
    const declared = (k: string) => Object.prototype.hasOwnProperty.call(props, k);
    const undeclared = (required as string[]).filter((r) => !declared(r));
    if (undeclared.length > 0 && extras === "reject") {
      this.fail(ctx, "required", `required property "${undeclared[0]}" is not declared in properties, so no object can be valid`, `declare "${undeclared[0]}" in properties`);
    }
    if (Object.keys(props).length === 0 && required.length === 0 && extras === "keep") return { kind: "any", origin, kinds: ["object"] };
    const properties: Property[] = [];
    const goNames = new Map<string, string>();
    for (const [key, pnode] of Object.entries(props)) {
      const pctx: Ctx = { file: ctx.file, pointer: childPointer(childPointer(ctx.pointer, "properties"), key), nameHint: ctx.nameHint + pascalName(key) };
      const type = this.buildType(pnode, pctx, false);
      const gname = goName(key);
      const prior = goNames.get(gname);
      if (prior !== undefined) this.fail(pctx, undefined, `properties "${prior}" and "${key}" both become the Go field ${gname}`, "rename one of them");
      if (extras === "keep" && gname === "Extra") this.fail(pctx, undefined, "the Go field Extra holds an open object's extra members", "rename the property");
      goNames.set(gname, key);
      const prop: Property = { name: key, type, required: (required as string[]).includes(key), origin: this.origin(pctx), goName: gname };
      if (isObject(pnode) && typeof pnode.description === "string") prop.description = pnode.description;
      if (isObject(pnode) && pnode.deprecated === true) prop.deprecated = true;
      properties.push(prop);
    }
    // In an open object, a required key that is not declared may hold any value.
    for (const key of undeclared) {
      const pctx: Ctx = { ...ctx, pointer: childPointer(ctx.pointer, "required") };
      properties.push({ name: key, type: { kind: "any", origin: this.origin(pctx) }, required: true, origin: this.origin(pctx), goName: goName(key) });
    }
    return this.hoist({ kind: "object", origin, properties, extras }, ctx, isDecl, node);
  }

  private refuseRecursion(): void {
    const byName = new Map(this.decls.map((d) => [d.name, d]));
    const refs = (t: Type, out: string[]): void => {
      if (t.kind === "ref") out.push(t.name);
      else if (t.kind === "array") refs(t.items, out);
      else if (t.kind === "object") for (const p of t.properties) refs(p.type, out);
      else if (t.kind === "union") for (const v of t.variants) refs(v, out);
    };
    const state = new Map<string, "visiting" | "done">();
    const visit = (name: string, path: string[]): void => {
      if (state.get(name) === "done") return;
      if (state.get(name) === "visiting") {
        const d = byName.get(name)!;
        throw new SchemaError(d.origin.file, d.origin.pointer, `recursive definition ${[...path.slice(path.indexOf(name)), name].join(" -> ")} is not supported`, "break the cycle, or use a free-form value ({}) for the recursive part");
      }
      state.set(name, "visiting");
      const out: string[] = [];
      const d = byName.get(name);
      if (d !== undefined) refs(d.type, out);
      for (const n of out) visit(n, [...path, name]);
      state.set(name, "done");
    };
    for (const d of this.decls) visit(d.name, []);
  }
}
