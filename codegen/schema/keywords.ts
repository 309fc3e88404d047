// The keywords each draft defines, by vocabulary for 2019-09 and 2020-12 (where "$vocabulary" can
// switch a vocabulary off), as one list for the drafts before.
import type { Draft } from "./draft";

const DRAFT_04 = [
  ...["$schema", "id", "$ref"],
  ...["title", "description", "default", "format"],
  ...["multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum"],
  ...["maxLength", "minLength", "pattern"],
  ...["additionalItems", "items", "maxItems", "minItems", "uniqueItems"],
  ...["maxProperties", "minProperties", "required", "additionalProperties", "definitions", "properties"],
  ...["patternProperties", "dependencies", "enum", "type", "allOf", "anyOf", "oneOf", "not"],
];

const DRAFT_06 = [...DRAFT_04.map((k) => (k === "id" ? "$id" : k)), "examples", "const", "contains", "propertyNames"];

const DRAFT_07 = [
  ...DRAFT_06,
  ...["$comment", "if", "then", "else", "readOnly", "writeOnly", "contentMediaType", "contentEncoding"],
];

const VOCAB_2019 = "https://json-schema.org/draft/2019-09/vocab/";
const VOCAB_2020 = "https://json-schema.org/draft/2020-12/vocab/";

const VALIDATION = [
  ...["type", "enum", "const", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum"],
  ...["maxLength", "minLength", "pattern", "maxItems", "minItems", "uniqueItems", "maxContains", "minContains"],
  ...["maxProperties", "minProperties", "required", "dependentRequired"],
];
const META_DATA = ["title", "description", "default", "deprecated", "readOnly", "writeOnly", "examples"];
const CONTENT = ["contentEncoding", "contentMediaType", "contentSchema"];
const APPLICATOR_COMMON = [
  ...["contains", "additionalProperties", "properties", "patternProperties", "dependentSchemas", "propertyNames"],
  ...["if", "then", "else", "allOf", "anyOf", "oneOf", "not"],
];

/** Vocabulary URI -> the keywords it defines. */
export const VOCABULARIES: Readonly<
  Record<"draft2019-09" | "draft2020-12", Readonly<Record<string, readonly string[]>>>
> = {
  "draft2019-09": {
    [`${VOCAB_2019}core`]: [
      "$schema",
      "$id",
      "$anchor",
      "$ref",
      "$recursiveRef",
      "$recursiveAnchor",
      "$vocabulary",
      "$comment",
      "$defs",
    ],
    [`${VOCAB_2019}applicator`]: [
      ...APPLICATOR_COMMON,
      "additionalItems",
      "unevaluatedItems",
      "items",
      "unevaluatedProperties",
    ],
    [`${VOCAB_2019}validation`]: VALIDATION,
    [`${VOCAB_2019}meta-data`]: META_DATA,
    [`${VOCAB_2019}format`]: ["format"],
    [`${VOCAB_2019}content`]: CONTENT,
  },
  "draft2020-12": {
    [`${VOCAB_2020}core`]: [
      "$schema",
      "$id",
      "$anchor",
      "$dynamicAnchor",
      "$ref",
      "$dynamicRef",
      "$vocabulary",
      "$comment",
      "$defs",
    ],
    [`${VOCAB_2020}applicator`]: [...APPLICATOR_COMMON, "prefixItems", "items"],
    [`${VOCAB_2020}unevaluated`]: ["unevaluatedItems", "unevaluatedProperties"],
    [`${VOCAB_2020}validation`]: VALIDATION,
    [`${VOCAB_2020}meta-data`]: META_DATA,
    [`${VOCAB_2020}format-annotation`]: ["format"],
    [`${VOCAB_2020}format-assertion`]: ["format"],
    [`${VOCAB_2020}content`]: CONTENT,
  },
};

const KNOWN: Readonly<Record<Draft, ReadonlySet<string>>> = {
  "draft-04": new Set(DRAFT_04),
  "draft-06": new Set(DRAFT_06),
  "draft-07": new Set(DRAFT_07),
  "draft2019-09": new Set(Object.values(VOCABULARIES["draft2019-09"]).flat()),
  "draft2020-12": new Set(Object.values(VOCABULARIES["draft2020-12"]).flat()),
};

/** Every keyword the draft's vocabularies define: core, applicators, assertions and annotations. */
export function knownKeywords(draft: Draft): ReadonlySet<string> {
  return KNOWN[draft];
}

/** The core vocabulary of a 2019-09 or 2020-12 dialect: always in force, whatever "$vocabulary" says. */
export function coreVocabulary(draft: "draft2019-09" | "draft2020-12"): string {
  return `${draft === "draft2019-09" ? VOCAB_2019 : VOCAB_2020}core`;
}
