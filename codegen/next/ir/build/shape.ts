// The shape of a subschema from its own keywords: the kinds it allows (from "type", or from
// const/enum values, or every kind when only kind-specific keywords are given: they apply to
// their kind and other kinds pass, as JSON Schema says) and, per kind, that kind's keywords.
import type { Applicator, ArrayType, JsonValue, Kind, NumberCheck, StringCheck, Type } from "../types";
import type { Builder } from "./builder";
import type { SchemaReader } from "./reader";
import { buildLength } from "../../keywords/string-length";
import { buildFormat } from "../../keywords/format";
import { buildBounds } from "../../keywords/bounds";
import { buildMultipleOf } from "../../keywords/multiple-of";
import { buildItemsLength } from "../../keywords/items-length";
import { buildUnique } from "../../keywords/unique-items";
import { buildContains } from "../../keywords/contains";
import { buildObject } from "./object";
import { deepEqual, kindOfValue } from "./values";

/** JSON Schema type names; "integer" is a number kind of its own here. */
type SchemaKind = "object" | "array" | "string" | "integer" | "number" | "boolean" | "null";
const SCHEMA_KINDS: readonly SchemaKind[] = ["object", "array", "string", "integer", "number", "boolean", "null"];

const KIND_KEYWORDS: Record<Kind, string[]> = {
  object: [
    "properties",
    "patternProperties",
    "additionalProperties",
    "required",
    "minProperties",
    "maxProperties",
    "dependencies",
    "dependentRequired",
    "dependentSchemas",
    "propertyNames",
  ],
  array: [
    "items",
    "prefixItems",
    "additionalItems",
    "minItems",
    "maxItems",
    "uniqueItems",
    "contains",
    "minContains",
    "maxContains",
  ],
  string: ["minLength", "maxLength", "pattern"],
  number: ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"],
  boolean: [],
  null: [],
};

const jsonKind = (k: SchemaKind): Kind => (k === "integer" ? "number" : k);

export function buildShape(b: Builder, r: SchemaReader): Type {
  const declared = declaredKinds(r);
  const values = allowedValues(r);
  const withKeywords = (Object.keys(KIND_KEYWORDS) as Kind[]).filter(
    (k) =>
      KIND_KEYWORDS[k].some((kw) => r.has(kw)) ||
      (k === "string" && typeof r.raw("format") === "string" && b.assertsFormat(r)),
  );
  let kinds: SchemaKind[];
  if (declared !== undefined) kinds = declared;
  else if (values !== undefined) kinds = valueKinds(values);
  else if (withKeywords.length > 0) kinds = ["object", "array", "string", "number", "boolean", "null"];
  else return { kind: "any", origin: r.origin };
  if (declared !== undefined) {
    for (const k of Object.keys(KIND_KEYWORDS) as Kind[]) {
      if (kinds.some((d) => jsonKind(d) === k)) continue;
      for (const kw of KIND_KEYWORDS[k])
        if (r.has(kw)) r.warn(kw, `"${kw}" has no effect on a value of type ${kinds.join(" or ")}`);
    }
  }
  const variants: Type[] = [];
  const plain: Kind[] = [];
  for (const k of kinds) {
    const vals = values?.filter((v) => fits(v, k));
    if (vals !== undefined && vals.length === 0) continue;
    const kind = jsonKind(k);
    if (declared === undefined && values === undefined && !withKeywords.includes(kind)) {
      plain.push(kind);
      continue;
    }
    variants.push(buildKind(b, r, k, vals));
  }
  if (plain.length > 0) variants.push({ kind: "any", origin: r.origin, kinds: plain });
  if (variants.length === 0) return { kind: "never", origin: r.origin };
  if (variants.length === 1) return variants[0]!;
  return { kind: "union", origin: r.origin, mode: "anyOf", variants, open: false };
}

function declaredKinds(r: SchemaReader): SchemaKind[] | undefined {
  const t = r.get("type");
  if (t === undefined) return undefined;
  const list = typeof t === "string" ? [t] : Array.isArray(t) ? t : undefined;
  if (list === undefined || list.length === 0 || !list.every((x) => typeof x === "string")) {
    r.error("type", "type must be a type name or a non-empty array of them", "fix the value of type");
    return undefined;
  }
  const out: SchemaKind[] = [];
  for (const x of list as string[]) {
    if (!(SCHEMA_KINDS as readonly string[]).includes(x)) {
      r.error("type", `unknown type "${x}"`, "use string, integer, number, boolean, null, array or object");
      continue;
    }
    if (!out.includes(x as SchemaKind)) out.push(x as SchemaKind);
  }
  // integer is part of number: a schema allowing both allows every number.
  return out.includes("number") ? out.filter((k) => k !== "integer") : out;
}

/** const and enum together: the values in both. */
function allowedValues(r: SchemaReader): JsonValue[] | undefined {
  const hasConst = r.has("const");
  const e = r.get("enum");
  if (e !== undefined && !Array.isArray(e)) {
    r.error("enum", "enum must be an array", "list the allowed values");
    return undefined;
  }
  const c = hasConst ? [r.node.const as JsonValue] : undefined;
  if (c !== undefined && e !== undefined) return c.filter((v) => (e as JsonValue[]).some((x) => deepEqual(x, v)));
  return c ?? (e as JsonValue[] | undefined);
}

function valueKinds(values: JsonValue[]): SchemaKind[] {
  const out: SchemaKind[] = [];
  const add = (k: SchemaKind) => out.includes(k) || out.push(k);
  const numbers = values.filter((v) => typeof v === "number") as number[];
  for (const v of values) {
    const k = kindOfValue(v);
    if (k === "number") add(numbers.every((n) => Number.isSafeInteger(n)) ? "integer" : "number");
    else add(k);
  }
  return out;
}

function fits(v: JsonValue, k: SchemaKind): boolean {
  const vk = kindOfValue(v);
  if (k === "integer") return typeof v === "number" && Number.isSafeInteger(v);
  return vk === jsonKind(k);
}

function buildKind(b: Builder, r: SchemaReader, k: SchemaKind, values: JsonValue[] | undefined): Type {
  const origin = r.origin;
  switch (k) {
    case "string": {
      const checks: StringCheck[] = [];
      if (values !== undefined) {
        const vs = [...new Set(values as string[])];
        checks.push(
          vs.length === 1 && r.has("const") ? { family: "const", value: vs[0]! } : { family: "enum", values: vs },
        );
      }
      const length = buildLength(r);
      if (length !== undefined) checks.push(length);
      if (r.has("pattern")) {
        const p = b.pattern(r, "pattern", r.get("pattern"));
        if (p !== undefined) checks.push({ family: "pattern", pattern: p });
      }
      const format = buildFormat(r, b);
      if (format !== undefined) checks.push(format);
      const t: Type = { kind: "string", origin, checks };
      const secret = r.raw("x-secret");
      if (secret !== undefined) {
        if (secret !== true) r.error("x-secret", "x-secret must be true", "set it to true or remove it");
        else t.secret = true;
      }
      return t;
    }
    case "integer":
    case "number": {
      const checks: NumberCheck[] = [];
      if (values !== undefined) {
        const vs = [...new Set(values as number[])];
        checks.push(
          vs.length === 1 && r.has("const") ? { family: "const", value: vs[0]! } : { family: "enum", values: vs },
        );
      }
      const bounds = buildBounds(r);
      if (bounds !== undefined) checks.push(bounds);
      const m = buildMultipleOf(r);
      if (m !== undefined) checks.push(m);
      return { kind: k, origin, checks };
    }
    case "boolean": {
      const t: Type = { kind: "boolean", origin };
      const vs = values === undefined ? undefined : [...new Set(values as boolean[])];
      if (vs !== undefined && vs.length === 1) {
        t.const = vs[0]!;
        if (!r.has("const")) t.enumOfOne = true;
      }
      return t;
    }
    case "null":
      return { kind: "null", origin };
    case "array":
      return withValues(buildArray(b, r), values, r.has("const"));
    case "object": {
      const o = buildObject(b, r);
      // No member declared, none restricted: a free-form object.
      const free =
        o.properties.length === 0 &&
        o.patterns.length === 0 &&
        o.extras.kind === "keep" &&
        o.extras.evaluated !== true &&
        o.checks.length === 0;
      return withValues(free ? { kind: "any", origin, kinds: ["object"] } : o, values, r.has("const"));
    }
  }
}

/** const/enum values of an object or array kind: deep equality, checked after the shape. */
function withValues(t: Type, values: JsonValue[] | undefined, byConst: boolean): Type {
  if (values === undefined) return t;
  const code = byConst ? "const" : "enum";
  const check: Applicator = { family: "allOf", type: { kind: "enum", origin: t.origin, values, code } };
  t.also = [...(t.also ?? []), check];
  return t;
}

function buildArray(b: Builder, r: SchemaReader): ArrayType {
  const t: ArrayType = { kind: "array", origin: r.origin, prefix: [], checks: [] };
  const items = r.get("items");
  if (r.draft === "draft2020-12") {
    const prefix = r.get("prefixItems");
    if (prefix !== undefined) {
      if (!Array.isArray(prefix))
        r.error("prefixItems", "prefixItems must be an array of schemas", "list a schema per position");
      else t.prefix = prefix.map((_, i) => b.child(r.loc("prefixItems", i)));
    }
    if (items !== undefined) t.items = b.child(r.loc("items"));
  } else if (Array.isArray(items)) {
    // Before 2020-12, an array "items" is the tuple form, and "additionalItems" the rest.
    t.prefix = items.map((_, i) => b.child(r.loc("items", i)));
    if (r.has("additionalItems")) t.items = b.child(r.loc("additionalItems"));
  } else if (items !== undefined) {
    t.items = b.child(r.loc("items"));
  }
  const length = buildItemsLength(r);
  if (length !== undefined) t.checks.push(length);
  const unique = buildUnique(r);
  if (unique !== undefined) t.checks.push(unique);
  const contains = buildContains(r, b);
  if (contains !== undefined) t.checks.push(contains);
  return t;
}
