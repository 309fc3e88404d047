// Where a schema holds schemas, per draft: which keywords, and in which shape. Only these positions
// are schemas; an "$id" anywhere else (inside "enum", "const" or an unknown keyword) is plain data.
import { atLeast, refOverridesSiblings, type Draft } from "./draft";
import { formatPointer, isObject } from "./pointer";

/** How a keyword holds schemas. */
type Shape =
  | "schema" // one schema
  | "array" // an array of schemas
  | "map" // an object whose every member is a schema
  | "schema-or-array" // tuple-capable "items" (draft-04 to 2019-09)
  | "map-of-schema-or-strings"; // "dependencies": a member is a schema or a list of property names

function shapes(draft: Draft): Readonly<Record<string, Shape>> {
  const s: Record<string, Shape> = {
    additionalItems: "schema",
    items: "schema-or-array",
    additionalProperties: "schema",
    definitions: "map",
    properties: "map",
    patternProperties: "map",
    dependencies: "map-of-schema-or-strings",
    allOf: "array",
    anyOf: "array",
    oneOf: "array",
    not: "schema",
  };
  if (atLeast(draft, "draft-06")) Object.assign(s, { contains: "schema", propertyNames: "schema" });
  if (atLeast(draft, "draft-07")) Object.assign(s, { if: "schema", then: "schema", else: "schema" });
  if (atLeast(draft, "draft2019-09")) {
    // "definitions" and "dependencies" stay: the 2019-09 and 2020-12 meta-schemas still read their members as schemas.
    Object.assign(s, {
      $defs: "map",
      dependentSchemas: "map",
      unevaluatedItems: "schema",
      unevaluatedProperties: "schema",
      contentSchema: "schema",
    });
  }
  if (atLeast(draft, "draft2020-12")) {
    delete s.additionalItems;
    Object.assign(s, { items: "schema", prefixItems: "array" });
  }
  return s;
}

const SHAPES = new Map<Draft, Readonly<Record<string, Shape>>>();

function shapesOf(draft: Draft): Readonly<Record<string, Shape>> {
  let s = SHAPES.get(draft);
  if (s === undefined) SHAPES.set(draft, (s = shapes(draft)));
  return s;
}

/** A schema is an object; from draft-06 on, true and false are schemas too. */
export function isSchema(value: unknown, draft: Draft): boolean {
  return isObject(value) || (typeof value === "boolean" && atLeast(draft, "draft-06"));
}

export interface Subschema {
  keyword: string;
  /** Relative to the node, e.g. "/properties/a" or "/allOf/0". */
  pointer: string;
  node: unknown;
}

/** The subschemas of `node` under `draft`, in the node's own key order. */
export function subschemas(node: unknown, draft: Draft): Subschema[] {
  if (!isObject(node)) return [];
  if (refOverridesSiblings(draft) && typeof node.$ref === "string") return [];
  const table = shapesOf(draft);
  const out: Subschema[] = [];
  const add = (keyword: string, tokens: (string | number)[], child: unknown) => {
    if (isSchema(child, draft)) out.push({ keyword, pointer: formatPointer([keyword, ...tokens]), node: child });
  };
  for (const [keyword, value] of Object.entries(node)) {
    const shape = table[keyword];
    if (shape === undefined) continue;
    if (shape === "schema" || (shape === "schema-or-array" && !Array.isArray(value))) add(keyword, [], value);
    else if (shape === "array" || shape === "schema-or-array") {
      if (Array.isArray(value)) value.forEach((child, i) => add(keyword, [i], child));
    } else if (isObject(value)) {
      // "map" and "map-of-schema-or-strings": a list of names is not a schema, and isSchema skips it.
      for (const [name, child] of Object.entries(value)) add(keyword, [name], child);
    }
  }
  return out;
}
