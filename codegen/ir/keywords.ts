// Which schema keywords the IR builder understands (wire rule 21). Anything else is refused.

/** Carried into doc comments or ignored by design: they never change what is valid. */
export const ANNOTATIONS = new Set(["title", "description", "$comment", "examples", "default", "deprecated", "readOnly", "writeOnly"]);

/** Keywords the builder turns into IR (enforced by both decoders). */
export const STRUCTURAL = new Set([
  "$schema", "$defs", "$ref", "type", "enum", "const",
  "properties", "required", "additionalProperties",
  "items", "minItems", "maxItems", "uniqueItems",
  "minLength", "maxLength", "pattern",
  "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
  "oneOf", "anyOf", "allOf",
]);

/** This generator's own vocabulary (see README). */
export const EXTENSIONS = new Set(["x-constant", "x-secret", "x-sent-by", "x-result", "x-frame", "x-discriminator", "x-open", "x-name"]);

/** Why a known-but-unsupported keyword is refused, and what to do instead. */
export const REFUSED: Record<string, string> = {
  format: "format is only an annotation in draft 2020-12 and would not be enforced; use \"pattern\" for what must be checked",
  not: "\"not\" cannot be enforced with a generated type; describe what is allowed instead",
  if: "conditional schemas are not supported; use a oneOf discriminated by a const property",
  then: "conditional schemas are not supported; use a oneOf discriminated by a const property",
  else: "conditional schemas are not supported; use a oneOf discriminated by a const property",
  prefixItems: "tuples are not supported; use an object with named properties",
  contains: "\"contains\" is not supported; use items",
  minContains: "\"minContains\" is not supported",
  maxContains: "\"maxContains\" is not supported",
  patternProperties: "patternProperties is not supported; declare the properties, or use a free-form object",
  propertyNames: "propertyNames is not supported",
  minProperties: "minProperties is not supported",
  maxProperties: "maxProperties is not supported",
  dependentRequired: "dependentRequired is not supported; use a oneOf of variants",
  dependentSchemas: "dependentSchemas is not supported; use a oneOf of variants",
  unevaluatedProperties: "unevaluatedProperties is not supported; use additionalProperties: false",
  unevaluatedItems: "unevaluatedItems is not supported",
  $id: "$id is supported only at the root of a file, as an absolute URI",
  $anchor: "$anchor is not supported: refer to definitions by JSON Pointer",
  $dynamicRef: "$dynamicRef is not supported",
  $dynamicAnchor: "$dynamicAnchor is not supported",
  $vocabulary: "$vocabulary is only meaningful in meta-schemas",
  contentEncoding: "contentEncoding is only an annotation and would not be enforced; use pattern",
  contentMediaType: "contentMediaType is only an annotation and would not be enforced",
  contentSchema: "contentSchema is only an annotation and would not be enforced",
  definitions: "use $defs (draft 2020-12) instead of definitions",
};

export const SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema";
