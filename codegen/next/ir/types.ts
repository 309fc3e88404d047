// The intermediate representation: the only thing emitters read.
// Built by the passes in codegen/ir/ from a loaded schema set. Linked: a reference holds the Decl
// it names, and every name an emitter prints is in Decl.names (computed by the naming pass).
// Checks are lists of keyword-family entries (codegen/keywords/), evaluated in list order.

/** Where a schema node came from: a repository-relative path and an RFC 6901 pointer into it. */
export interface Origin {
  file: string;
  pointer: string;
}

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** JSON kinds as a decoder sees them ("integer" is a number that is whole). */
export type Kind = "object" | "array" | "string" | "number" | "boolean" | "null";
export const KINDS: readonly Kind[] = ["object", "array", "string", "number", "boolean", "null"];

/** What never changes validity: carried into doc comments and the protocol reference. */
export interface Doc {
  title?: string;
  description?: string;
  deprecated?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  default?: JsonValue;
  examples?: JsonValue[];
  /** An annotation-only format (not asserted): named in doc comments. */
  format?: string;
  contentMediaType?: string;
  contentEncoding?: string;
}

/** A regular expression in the portable subset (codegen/keywords/pattern.ts): same meaning in JS (u flag) and Go RE2. */
export interface Pattern {
  /** ECMAScript source (unanchored search). */
  source: string;
  /** The same pattern in Go RE2 syntax. */
  re2: string;
  /** Name of the compiled constant in generated code, derived from where the pattern sits (naming pass). */
  name: string;
}

// ---- checks: keyword families (codegen/keywords/<family>.ts), in evaluation order ----

export type StringCheck =
  | { family: "const"; value: string }
  | { family: "enum"; values: string[] }
  | { family: "length"; min?: number; max?: number }
  | { family: "pattern"; pattern: Pattern }
  | { family: "format"; format: string };

export type NumberCheck =
  | { family: "const"; value: number }
  | { family: "enum"; values: number[] }
  | { family: "bounds"; minimum?: number; maximum?: number; exclusiveMinimum?: number; exclusiveMaximum?: number }
  | { family: "multipleOf"; value: number };

export type ArrayCheck =
  | { family: "items-length"; min?: number; max?: number }
  | { family: "unique" }
  | { family: "contains"; type: Type; min: number; max?: number; evaluates: boolean };

export type ObjectCheck =
  | { family: "size"; min?: number; max?: number }
  | { family: "dependentRequired"; key: string; required: string[] }
  | { family: "propertyNames"; type: Type }
  | { family: "dependentSchemas"; key: string; type: Type };

/**
 * Applicators evaluated on the whole value after the node's own checks, in this order:
 * allOf branches (the ones not merged into the shape), anyOf/oneOf used as assertions, not, if/then/else,
 * then unevaluatedProperties / unevaluatedItems.
 */
export type Applicator =
  | { family: "allOf"; type: Type }
  | { family: "union"; union: UnionType }
  | { family: "not"; type: Type }
  | { family: "if"; if: Type; then?: Type; else?: Type }
  | { family: "unevaluatedProperties"; type: Type }
  | { family: "unevaluatedItems"; type: Type };

interface NodeBase {
  origin: Origin;
  doc?: Doc;
  /** Applicators on the whole value, after the node's own checks. */
  also?: Applicator[];
  /** x-name on this schema: the name of the definition it becomes when it is lifted out of its parent. */
  xName?: string;
}

/**
 * A free-form value (`{}`, `true`, or a schema without assertions), passed through exactly.
 * `kinds` restricts the top-level JSON kind (undefined: any kind).
 * TS: JsonValue (or the narrowed kinds); Go: json.RawMessage holding the input bytes.
 */
export interface AnyType extends NodeBase {
  kind: "any";
  kinds?: Kind[];
}

/** The schema `false` (or `not: {}`): no value is valid (`forbidden`). */
export interface NeverType extends NodeBase {
  kind: "never";
}

export interface StringType extends NodeBase {
  kind: "string";
  checks: StringCheck[];
  /** A credential (x-secret): never printed, never quoted. */
  secret?: boolean;
}

/** integer: a whole number within ±(2^53 − 1) (wire rule 9; Go int64). number: any finite number (Go float64). */
export interface NumberType extends NodeBase {
  kind: "integer" | "number";
  checks: NumberCheck[];
}

export interface BooleanType extends NodeBase {
  kind: "boolean";
  const?: boolean;
  /** The const came from an enum of one value: a value that fails it is `enum`, not `const`. */
  enumOfOne?: true;
}

export interface NullType extends NodeBase {
  kind: "null";
}

/** Elements: prefix[i] for the first ones, then `items` (undefined: any value; never: no more elements). */
export interface ArrayType extends NodeBase {
  kind: "array";
  prefix: Type[];
  items?: Type;
  checks: ArrayCheck[];
}

export interface Property {
  /** The key on the wire (case-sensitive). */
  name: string;
  type: Type;
  required: boolean;
  origin: Origin;
  doc?: Doc;
  /** Indices of the object's pattern properties whose pattern matches this name: their schemas apply too. */
  patterns?: number[];
  /**
   * A key `required` names but `properties` does not declare: to patternProperties,
   * additionalProperties and unevaluatedProperties it is an undeclared key, so its type is what they
   * ask of it (any where a pattern matches it, else the additionalProperties schema: never for false),
   * and it counts as evaluated only where they evaluate it.
   */
  undeclared?: true;
  /** Names computed by the naming pass. */
  names: PropertyNames;
}

export interface PropertyNames {
  /** Go struct field. */
  goField: string;
  /** A readable identifier for locals about this property (`v_session_id`), unique within its object. */
  local: string;
}

export interface PatternProperty {
  pattern: Pattern;
  type: Type;
  origin: Origin;
}

/**
 * What happens to keys neither declared nor matched by a pattern:
 * "reject": `unknown_field` (additionalProperties: false);
 * "keep": kept as free-form members and written back after the declared ones (`evaluated`: an
 *   additionalProperties: true says so, which counts them as evaluated for unevaluatedProperties);
 * "map": each is checked against `type` and kept (a typed map; wire rule 23 gives the order).
 */
export type Extras = { kind: "reject" } | { kind: "keep"; evaluated?: boolean } | { kind: "map"; type: Type };

/** An object: declared properties in schema order, then pattern properties, then extras. */
export interface ObjectType extends NodeBase {
  kind: "object";
  properties: Property[];
  patterns: PatternProperty[];
  extras: Extras;
  checks: ObjectCheck[];
  /** The Go field holding the extra members (naming pass): Extra, unless a property is called that. */
  goExtra?: string;
}

/**
 * How a union picks its variant without trial decoding (wire rule 19), when the schema allows it.
 * "kind": by the JSON kind of the value; no matching case is `type`.
 * "presence": by whether `key` is present in the object.
 * "const": by the scalar value of `key`; a missing key is `unknown_variant` at the object,
 *   a value matching no case is `unknown_variant` at the key.
 * "leaf": decode as variants[variant]. "none": no variant can match: `unknown_variant` at the object.
 */
export type Dispatch =
  | { by: "kind"; cases: { kind: Kind; next: Dispatch }[] }
  | { by: "presence"; key: string; present: Dispatch; absent: Dispatch }
  | { by: "const"; key: string; cases: { value: string | number | boolean | null; next: Dispatch }[] }
  | { by: "leaf"; variant: number }
  | { by: "none" };

/**
 * oneOf / anyOf. With `dispatch`, at most one variant can match any value, so both keywords mean
 * "decode as the dispatched variant" (the fast path). Without it, the exact meaning (SEMANTICS.md,
 * "Unions"): anyOf takes the first variant in schema order that accepts the value; oneOf requires
 * exactly one (`ambiguous_variant` otherwise).
 * open: a value that no variant claims decodes to an explicit "ignored" result (TS null, Go nil).
 */
export interface UnionType extends NodeBase {
  kind: "union";
  mode: "anyOf" | "oneOf";
  variants: Type[];
  dispatch?: Dispatch;
  open: boolean;
  /** x-discriminator: the keys to dispatch on, in order (else inferred). */
  discriminator?: string[];
  /** Variant names (Go wrapper types, docs), computed by the naming pass; one per variant. */
  variantNames?: string[];
}

/** A reference to a named definition. */
export interface RefType extends NodeBase {
  kind: "ref";
  decl: Decl;
}

/** const or enum whose values are not all of one scalar kind (or are objects/arrays): deep JSON equality. */
export interface EnumType extends NodeBase {
  kind: "enum";
  values: JsonValue[];
  /** What a value that fails it is: the keyword the schema wrote (const when it wrote both). */
  code: "const" | "enum";
}

export type Type =
  | AnyType
  | NeverType
  | StringType
  | NumberType
  | BooleanType
  | NullType
  | ArrayType
  | ObjectType
  | UnionType
  | RefType
  | EnumType;

export interface EnumMember {
  value: string;
  /** Exported member name, e.g. "tool.call" -> "ToolCall" (TS: Decl.ts.type + "." + member; Go: type + member). */
  name: string;
}

/** Every name printed for a definition, computed once by the naming pass. */
export interface DeclNames {
  /** The type name, in both languages. */
  type: string;
  ts: {
    decode: string;
    encode: string;
    check: string;
    /** The check that also records which members and elements it evaluated (unevaluated*). */
    checkEv?: string;
    write: string;
    known?: string;
    pick?: string;
    variants?: string;
    /** The filters of an undiscriminated union's variants (codegen/next/ts/filters.ts). */
    filters?: string;
    result?: string;
    reader?: string;
  };
  go: {
    decode: string;
    encode: string;
    dec: string;
    enc: string;
    fast: string;
    reader?: string;
    result?: string;
    visitor?: string;
    visit?: string;
    marker?: string;
  };
}

export interface Decl {
  /** The definition's name (PascalCase, unique within the protocol, not reserved); also names.type. */
  name: string;
  origin: Origin;
  doc?: Doc;
  type: Type;
  names: DeclNames;
  /** x-constant: an exported constant, not a type with a decoder. */
  constant?: { value: JsonValue; role?: "frame-limit" | "protocol-version" };
  /** A string enum definition: a named string type plus one constant per member. */
  enumMembers?: EnumMember[];
  /** x-sent-by: which parties write frames of this definition. */
  sentBy?: string[];
  /** x-result: the definition that is the result of this request's method. */
  result?: Decl;
  /** x-frame: a whole frame; a frame reader is generated, and its decoder enforces the frame limit. */
  frame?: boolean;
  /** Lifted out of its parent by the builder to give an inline object or union a name. */
  hoisted?: boolean;
}

export interface Protocol {
  /** The protocol's name (its folder name by default); the Go package name is in `goPackage`. */
  name: string;
  goPackage: string;
  /** Schema files relative to the repository root, in load order (sorted by path). */
  files: string[];
  /** All definitions, in file order then definition order (hoisted ones right after their parent). */
  decls: Decl[];
  /** sha256 hex of the schema files' bytes (sorted by path, each as "path\0bytes\0"). */
  digest: string;
  /** Largest frame in bytes (the x-constant "frame-limit" definition), if the protocol has one. */
  frameLimit?: number;
  version?: JsonValue;
  title?: string;
  description?: string;
  /** Warnings: unknown keywords listed once, annotations beside $ref in old drafts, unsatisfiable allOf, ... */
  warnings: Warning[];
}

export interface Warning {
  origin: Origin;
  message: string;
}

/** The nesting limit of wire rule 13: a container at level 1001 (the root is level 1) is `depth`. */
export const MAX_DEPTH = 1000;
/** ±(2^53 − 1): the integer range of wire rule 9. */
export const MAX_SAFE_INTEGER = 9007199254740991;
