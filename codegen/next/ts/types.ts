// TypeScript type expressions of IR types, and the doc comments that go with declarations.
import { isNullable, nullableOf, resolve } from "../ir/query";
import type { AnyType, ArrayType, Doc, JsonValue, Type } from "../ir/types";
import type { Printer } from "../print/printer";
import { valuesOfChecks } from "../keywords/const-enum";

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A property key as written in a type or object literal. */
export function propKey(name: string): string {
  return IDENT.test(name) && name !== "__proto__" ? name : JSON.stringify(name);
}

/** The TypeScript type of values of t. */
export function tsType(t: Type): string {
  switch (t.kind) {
    case "string": {
      // the values every const and enum check allows (allOf parts merged: each narrows the ones before)
      const values = valuesOfChecks(t.checks);
      if (values !== undefined) return values.length === 0 ? "never" : values.map((v) => JSON.stringify(v)).join(" | ");
      return "string";
    }
    case "integer":
    case "number": {
      const values = valuesOfChecks(t.checks);
      if (values !== undefined) return values.length === 0 ? "never" : values.map((v) => String(v)).join(" | ");
      return "number";
    }
    case "boolean":
      return t.const !== undefined ? String(t.const) : "boolean";
    case "null":
      return "null";
    case "never":
      return "never";
    case "any":
      return anyType(t);
    case "enum":
      return [...new Set(t.values.map(literalType))].join(" | ") || "never";
    case "array":
      return arrayType(t);
    case "ref": {
      const d = t.decl;
      return d.constant !== undefined ? tsType(d.type) : d.names.type;
    }
    case "union":
      if (isNullable(t)) return `${group(tsType(nullableOf(t)))} | null`;
      return [...new Set(t.variants.map((v) => group(tsType(v))))].join(" | ");
    case "object":
      // Objects in typed positions are definitions of their own (hoisted); an inline one only checks.
      return "JsonObject";
  }
}

function group(s: string): string {
  return /=>/.test(s) ? `(${s})` : s;
}

/** A type that can take a postfix `?` (an optional tuple element): a union, a function or a negative literal in parentheses. */
function optional(s: string): string {
  return /=>|[|&]|^-/.test(s) ? `(${s})?` : `${s}?`;
}

function anyType(t: AnyType): string {
  if (t.kinds === undefined || t.kinds.length === 6) return "JsonValue";
  const map: Record<string, string> = {
    object: "JsonObject",
    array: "JsonValue[]",
    string: "string",
    number: "number",
    boolean: "boolean",
    null: "null",
  };
  return t.kinds.map((k) => map[k]!).join(" | ");
}

function literalType(v: JsonValue): string {
  if (v === null || typeof v !== "object") return JSON.stringify(v);
  return Array.isArray(v) ? "JsonValue[]" : "JsonObject";
}

function elementType(t: Type): string {
  const s = tsType(t);
  return /^[\w$.]+$/.test(s) || /^"[^"]*"$/.test(s) ? s : `(${s})`;
}

function arrayType(t: ArrayType): string {
  const rest = t.items === undefined ? "JsonValue" : t.items.kind === "never" ? undefined : tsType(t.items);
  if (t.prefix.length === 0)
    return rest === undefined ? "[]" : `${elementType(t.items ?? { kind: "any", origin: t.origin })}[]`;
  const min = minItems(t);
  const head = t.prefix.map((x, i) => (i < min ? tsType(x) : optional(tsType(x))));
  return `[${[...head, ...(rest === undefined ? [] : [`...${elementType(t.items ?? { kind: "any", origin: t.origin })}[]`])].join(", ")}]`;
}

/** The least number of elements an array must have: its tuple elements below it are not optional. */
function minItems(t: ArrayType): number {
  return t.checks.reduce((m, c) => (c.family === "items-length" && c.min !== undefined ? Math.max(m, c.min) : m), 0);
}

/** Whether values of t are JSON values as TypeScript sees them (assignable to JsonValue). */
export function fitsJsonValue(t: Type, seen = new Set<Type>()): boolean {
  if (seen.has(t)) return true;
  seen.add(t);
  const r = t.kind === "ref" ? resolve(t) : t;
  // an index signature (kept, mapped or pattern members) admits undefined, which JsonValue does not
  if (r.kind === "object")
    return (
      r.extras.kind === "reject" &&
      r.patterns.length === 0 &&
      r.properties.every((p) => p.required && fitsJsonValue(p.type, seen))
    );
  if (r.kind === "array") {
    // an optional tuple element ([string?, ...]) reads as undefined too
    if (r.prefix.length > minItems(r)) return false;
    return r.prefix.every((x) => fitsJsonValue(x, seen)) && (r.items === undefined || fitsJsonValue(r.items, seen));
  }
  if (r.kind === "union") return r.variants.every((v) => fitsJsonValue(v, seen));
  return true;
}

/** A JSDoc block from the paragraphs given (empty ones dropped). */
export function jsdoc(pr: Printer, paragraphs: (string | undefined)[]): void {
  const text = paragraphs
    .filter((l): l is string => l !== undefined && l.trim() !== "")
    .join("\n\n")
    .replace(/\*\//g, "*\\/");
  if (text === "") return;
  const all = text.trim().split("\n");
  if (all.length === 1) {
    pr.raw(`/** ${all[0]!.trim()} */`);
    return;
  }
  pr.raw("/**");
  for (const l of all) pr.raw(` * ${l}`.trimEnd());
  pr.raw(" */");
}

/** The doc paragraphs of a schema's annotations. */
export function docLines(doc: Doc | undefined, extra: (string | undefined)[] = []): (string | undefined)[] {
  if (doc === undefined) return extra;
  const notes: string[] = [];
  if (doc.format !== undefined) notes.push(`Format: ${doc.format} (not checked).`);
  if (doc.default !== undefined) notes.push(`Default: ${JSON.stringify(doc.default)}.`);
  if (doc.readOnly) notes.push("Read-only.");
  if (doc.writeOnly) notes.push("Write-only.");
  return [
    doc.title !== undefined && doc.description === undefined ? doc.title : undefined,
    doc.description,
    ...extra,
    notes.join(" ") || undefined,
    doc.deprecated ? "@deprecated" : undefined,
  ];
}

/** A JSON value as a TypeScript expression (object literals never get a `__proto__` key). */
export function jsonExpr(v: JsonValue): string {
  if (Array.isArray(v)) return `[${v.map(jsonExpr).join(", ")}]`;
  if (v !== null && typeof v === "object") {
    const members = Object.keys(v).map((k) => {
      if (k === "__proto__")
        throw new Error('generator bug: a constant object with a "__proto__" key reached the emitter');
      return `${propKey(k)}: ${jsonExpr(v[k]!)}`;
    });
    return members.length === 0 ? "{}" : `{ ${members.join(", ")} }`;
  }
  return JSON.stringify(v);
}
