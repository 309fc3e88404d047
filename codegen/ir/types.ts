// The intermediate representation: the only thing emitters read.
// Built by codegen/ir/build.ts from resolved schema files; pure data, no behaviour.

/** Where a schema node came from: a path relative to the repository root and an RFC 6901 pointer. */
export interface Origin {
  file: string;
  pointer: string;
}

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** JSON kinds as a decoder sees them; "integer" is not a kind (it is a number). */
export type JsonKind = "object" | "array" | "string" | "number" | "boolean" | "null";

export interface StringType {
  kind: "string";
  origin: Origin;
  minLength?: number; // in Unicode code points
  maxLength?: number;
  /** ECMAScript source of the pattern (unanchored search), already checked to be in the portable subset. */
  pattern?: string;
  enum?: string[];
  const?: string;
  /** A credential: never printed, never quoted. */
  secret?: boolean;
}

export interface NumericConstraints {
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  /** Only whole, positive values are accepted by the IR builder. */
  multipleOf?: number;
  enum?: number[];
  const?: number;
}

/** A whole number within ±(2^53 − 1) (wire rule 9). Go: int64. */
export interface IntegerType extends NumericConstraints {
  kind: "integer";
  origin: Origin;
}

/** Any finite JSON number (wire rule 10). Go: float64. */
export interface NumberType extends NumericConstraints {
  kind: "number";
  origin: Origin;
}

export interface BooleanType {
  kind: "boolean";
  origin: Origin;
  const?: boolean;
}

export interface NullType {
  kind: "null";
  origin: Origin;
}

/**
 * A free-form value (`{}`, `true`, or `{"type": "object"}` with no declared members):
 * passed through exactly. `kinds` restricts the top-level JSON kind (undefined: any kind).
 * TS: JsonValue (or JsonObject when kinds is ["object"]); Go: json.RawMessage.
 */
export interface AnyType {
  kind: "any";
  origin: Origin;
  kinds?: JsonKind[];
}

export interface ArrayType {
  kind: "array";
  origin: Origin;
  items: Type;
  minItems?: number;
  maxItems?: number;
}

export interface Property {
  /** The key on the wire (case-sensitive). */
  name: string;
  type: Type;
  required: boolean;
  description?: string;
  deprecated?: boolean;
  origin: Origin;
  /** Go struct field name, computed by naming. */
  goName: string;
}

/**
 * An object with declared properties, in schema order.
 * extras "reject": unknown keys are `unknown_field` (additionalProperties: false).
 * extras "keep": unknown keys are kept as free-form members and written back after the declared ones.
 * Objects appear only as the type of a Decl; elsewhere they are referenced with RefType.
 */
export interface ObjectType {
  kind: "object";
  origin: Origin;
  properties: Property[];
  extras: "reject" | "keep";
}

/**
 * How a union picks its variant without trial decoding (wire rule 19).
 * "kind": by the JSON kind of the value; no matching case is `type`.
 * "presence": by whether `key` is present in the object.
 * "const": by the scalar value of `key`; a missing key is `unknown_variant` at the object,
 *   a value matching no case is `unknown_variant` at the key.
 * "leaf": decode as variants[variant].
 * "none": no variant can match: `unknown_variant` at the object.
 */
export type Dispatch =
  | { by: "kind"; cases: { kind: JsonKind; next: Dispatch }[] }
  | { by: "presence"; key: string; present: Dispatch; absent: Dispatch }
  | { by: "const"; key: string; cases: { value: string | number | boolean | null; next: Dispatch }[] }
  | { by: "leaf"; variant: number }
  | { by: "none" };

/**
 * oneOf/anyOf whose variants are told apart by `dispatch`. Variants are RefTypes to object Decls
 * (or, for kind dispatch, any non-union type).
 * open: an unrecognised value (not the expected kind, discriminator missing, not a scalar, or
 * matching no case) decodes to an explicit "ignored" result (TS null, Go nil) instead of an error.
 * Unions appear only as the type of a Decl.
 */
export interface UnionType {
  kind: "union";
  origin: Origin;
  variants: Type[];
  dispatch: Dispatch;
  open: boolean;
}

export interface RefType {
  kind: "ref";
  origin: Origin;
  /** Name of the referenced Decl (its IR name, which is also its TS and Go type name). */
  name: string;
}

export type Type =
  | StringType
  | IntegerType
  | NumberType
  | BooleanType
  | NullType
  | AnyType
  | ArrayType
  | ObjectType
  | UnionType
  | RefType;

export interface EnumMember {
  value: string;
  /** PascalCase member name, e.g. "tool.call" -> "ToolCall"; Go constant is Decl.name + memberName. */
  memberName: string;
}

export interface Decl {
  /** Type name in both languages (PascalCase, unique within the protocol, not reserved). */
  name: string;
  origin: Origin;
  description?: string;
  deprecated?: boolean;
  type: Type;
  /** Set for definitions marked x-constant: emitted as an exported constant, not as a type with a decoder. */
  constant?: { value: JsonValue; role?: "frame-limit" | "protocol-version" };
  /** Set when type is a string enum: emitted as a named string type plus one constant per member. */
  enumMembers?: EnumMember[];
  /** x-sent-by: which parties write frames of this definition. */
  sentBy?: string[];
  /** x-result: name of the Decl that is the result of this request definition's method. */
  result?: string;
  /** x-frame: this definition is a whole frame; a frame reader is generated for it. */
  frame?: boolean;
  /** True when the IR builder lifted an inline object or union out of its parent to give it a name. */
  hoisted?: boolean;
}

export interface Protocol {
  /** The protocol's folder name under schema/, e.g. "runner"; also its Go package and output folder name. */
  name: string;
  /** Schema files relative to the repository root, in load order (sorted by path). */
  files: string[];
  /** All definitions, in file order then definition order (hoisted ones right after their parent). */
  decls: Decl[];
  /** sha256 hex of the schema files' bytes (sorted by path, each as "path\0bytes\0"). */
  digest: string;
  /** Maximum frame size in bytes (the x-constant "frame-limit" definition), if the protocol has one. */
  frameLimit?: number;
  /** The protocol version (the x-constant "protocol-version" definition), if declared. */
  version?: JsonValue;
  title?: string;
  description?: string;
}

/** The nesting limit of wire rule 13: a container at level 1001 (root is level 1) is `depth`. */
export const MAX_DEPTH = 1000;
/** ±(2^53 − 1): the integer range of wire rule 9. */
export const MAX_SAFE_INTEGER = 9007199254740991;
