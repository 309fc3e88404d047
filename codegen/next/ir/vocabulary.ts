// Which keywords each draft defines, and what the generator does with them (wire rules 21, 22).
// Keywords a draft does not define are annotations for that draft (e.g. prefixItems in draft-07).
import type { Draft } from "./source";

/** Never change validity: carried into doc comments or ignored by design. */
export const ANNOTATIONS = new Set([
  "title",
  "description",
  "$comment",
  "examples",
  "default",
  "deprecated",
  "readOnly",
  "writeOnly",
  "contentMediaType",
  "contentEncoding",
  "contentSchema",
  "format",
]);

/** Core keywords: identify, locate and hold schemas; handled by the schema layer or the builder. */
export const CORE = new Set([
  "$schema",
  "$id",
  "id",
  "$anchor",
  "$dynamicAnchor",
  "$recursiveAnchor",
  "$vocabulary",
  "$defs",
  "definitions",
  "$ref",
  "$dynamicRef",
  "$recursiveRef",
]);

const BASE_04 = [
  "type",
  "enum",
  "properties",
  "patternProperties",
  "additionalProperties",
  "required",
  "minProperties",
  "maxProperties",
  "dependencies",
  "items",
  "additionalItems",
  "minItems",
  "maxItems",
  "uniqueItems",
  "minLength",
  "maxLength",
  "pattern",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "allOf",
  "anyOf",
  "oneOf",
  "not",
];
const ADDED_06 = ["const", "contains", "propertyNames"];
const ADDED_07 = ["if", "then", "else"];
const ADDED_2019 = [
  "dependentRequired",
  "dependentSchemas",
  "minContains",
  "maxContains",
  "unevaluatedProperties",
  "unevaluatedItems",
];

const ASSERTING: Record<Draft, Set<string>> = {
  "draft-04": new Set(BASE_04),
  "draft-06": new Set([...BASE_04, ...ADDED_06]),
  "draft-07": new Set([...BASE_04, ...ADDED_06, ...ADDED_07]),
  // 2019-09 keeps "dependencies" only as a deprecated alias in no vocabulary; it is an annotation there.
  "draft2019-09": new Set([...BASE_04.filter((k) => k !== "dependencies"), ...ADDED_06, ...ADDED_07, ...ADDED_2019]),
  "draft2020-12": new Set([
    ...BASE_04.filter((k) => k !== "dependencies" && k !== "additionalItems"),
    ...ADDED_06,
    ...ADDED_07,
    ...ADDED_2019,
    "prefixItems",
  ]),
};

/** Keywords of `draft` that take part in validation (structure or assertion). */
export function assertingKeywords(draft: Draft): ReadonlySet<string> {
  return ASSERTING[draft];
}

/** Every keyword the draft defines: asserting, core and annotation ones. */
export function knownKeywords(draft: Draft): ReadonlySet<string> {
  return new Set([...ASSERTING[draft], ...CORE, ...ANNOTATIONS]);
}

/** This generator's own vocabulary (README, "Extension keywords"). */
export const EXTENSIONS = new Set([
  "x-constant",
  "x-secret",
  "x-sent-by",
  "x-result",
  "x-frame",
  "x-discriminator",
  "x-open",
  "x-name",
  "x-assert-format",
]);

/** Extensions that only a definition (a $defs entry or a file root) may carry. */
export const DECL_ONLY = new Set(["x-constant", "x-sent-by", "x-result", "x-frame"]);

/**
 * A keyword the draft does not know that is probably a misspelling of one that asserts (a misspelled
 * annotation changes nothing): case-insensitively equal, or one edit away (a transposition,
 * substitution, insertion or deletion) for keywords of five letters or more. A difference in a
 * leading or trailing non-letter (`_enum`) or a plural or singular `s` is taken as deliberate: such
 * keywords are annotations.
 */
export function likelyMisspelling(keyword: string, draft: Draft): string | undefined {
  if (keyword.startsWith("x-")) return undefined;
  const candidates = [...ASSERTING[draft], "$ref", "$defs", "definitions", "$dynamicRef", "$recursiveRef"];
  for (const k of candidates) {
    if (k.toLowerCase() === keyword.toLowerCase()) return k;
  }
  if (/^[^A-Za-z]|[^A-Za-z]$/.test(keyword)) return undefined;
  for (const k of candidates) {
    if (k.length < 5 || k.startsWith("$")) continue;
    if (keyword === `${k}s` || k === `${keyword}s`) continue;
    if (oneEditApart(keyword, k)) return k;
  }
  return undefined;
}

function oneEditApart(a: string, b: string): boolean {
  if (a === b) return false;
  if (a.length === b.length) {
    const diff: number[] = [];
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) diff.push(i);
    if (diff.length === 1) return true;
    return diff.length === 2 && diff[1] === diff[0]! + 1 && a[diff[0]!] === b[diff[1]!] && a[diff[1]!] === b[diff[0]!];
  }
  const [s, l] = a.length < b.length ? [a, b] : [b, a];
  if (l.length - s.length !== 1) return false;
  for (let i = 0; i < l.length; i++) if (l.slice(0, i) + l.slice(i + 1) === s) return true;
  return false;
}
