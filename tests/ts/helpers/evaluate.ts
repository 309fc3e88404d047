// A reference JSON Schema evaluator over a SchemaSet, for drafts 04, 06, 07, 2019-09 and 2020-12:
// the oracle that generated decoders are compared with. Plain recursive evaluation, one function
// per keyword. Annotations are collected only as far as "unevaluatedProperties"/"unevaluatedItems"
// need them (which properties and items were evaluated). "format" and the content keywords are
// annotations: never asserted.
import { atLeast, refOverridesSiblings, type Draft } from "../../../codegen/schema/draft";
import { escapePointerToken } from "../../../codegen/errors";
import type { Location, SchemaSet } from "../../../codegen/schema/set";
import { sameLocation } from "../../../codegen/schema/types";
import { isMultipleOf } from "./decimal";

/** What a successful evaluation reports to the schema that applied it. */
interface Evaluated {
  properties: Set<string>;
  items: Set<number>;
}

interface Context {
  at: Location;
  schema: Record<string, unknown>;
  instance: unknown;
  draft: Draft;
  keywords: ReadonlySet<string>;
  /** The dynamic scope: the resource roots entered so far, outermost first (for $dynamicRef/$recursiveRef). */
  scope: readonly Location[];
  depth: number;
  /** Filled by the keywords of this schema; handed to the parent only if the schema is valid. */
  evaluated: Evaluated;
}

type Keyword = (e: Evaluator, c: Context) => boolean;

const MAX_DEPTH = 500;
const MAX_SAFE = 9007199254740991;

export function isValid(set: SchemaSet, at: Location, instance: unknown): boolean {
  return new Evaluator(set).evaluate(at, instance, [], 0) !== undefined;
}

export interface EvaluatorOptions {
  /**
   * Rule 9 of the wire (codegen/SEMANTICS.md, Numbers): an integer beyond ±(2^53 − 1) is not of type
   * integer. The generator fuzzer judges with it, so that a union or `not` over such a number is
   * compared with what the decoders mean, not explained away.
   */
  wireIntegers?: boolean;
}

export class Evaluator {
  constructor(
    readonly set: SchemaSet,
    readonly options: EvaluatorOptions = {},
  ) {}

  /** The evaluated properties and items when `instance` is valid against the schema at `at`, else undefined. */
  evaluate(at: Location, instance: unknown, scope: readonly Location[], depth: number): Evaluated | undefined {
    if (depth > MAX_DEPTH) throw new Error(`evaluation deeper than ${MAX_DEPTH} at ${at.file}#${at.pointer}`);
    const schema = this.set.node(at);
    if (schema === true) return nothingEvaluated();
    if (schema === false) return undefined;
    if (!isObject(schema)) throw new Error(`not a schema at ${at.file}#${at.pointer}`);
    // Entering another resource (by descent or by reference) extends the dynamic scope.
    const resource = this.set.resource(at);
    const last = scope[scope.length - 1];
    const inner = last !== undefined && sameLocation(last, resource) ? scope : [...scope, resource];
    const c: Context = {
      at,
      schema,
      instance,
      draft: this.set.draft(at),
      keywords: this.set.keywords(at),
      scope: inner,
      depth,
      evaluated: nothingEvaluated(),
    };
    // Up to draft-07 "$ref" stands for the whole schema: its siblings are not evaluated.
    if (refOverridesSiblings(c.draft) && typeof schema.$ref === "string") {
      return $ref(this, c) ? c.evaluated : undefined;
    }
    let valid = true;
    for (const [name, check] of KEYWORDS) {
      if (name in schema && c.keywords.has(name)) valid = check(this, c) && valid; // no short cut: annotations
    }
    return valid ? c.evaluated : undefined;
  }

  /** Applies the subschema at `suffix` to the same instance; its annotations join this schema's. */
  inPlace(c: Context, suffix: string): boolean {
    return this.target(c, at(c, suffix));
  }

  /** Applies the subschema at `suffix` to a child of the instance (its annotations stay with the child). */
  child(c: Context, suffix: string, value: unknown): boolean {
    return this.evaluate(at(c, suffix), value, c.scope, c.depth + 1) !== undefined;
  }

  /** Applies the schema at `target` (a subschema or a reference target) to the same instance. */
  target(c: Context, target: Location): boolean {
    const r = this.evaluate(target, c.instance, c.scope, c.depth + 1);
    if (r !== undefined) merge(c.evaluated, r);
    return r !== undefined;
  }
}

// ---- references

function $ref(e: Evaluator, c: Context): boolean {
  return e.target(c, e.set.resolve(c.schema.$ref as string, c.at));
}

function $dynamicRef(e: Evaluator, c: Context): boolean {
  return e.target(c, e.set.resolveDynamic(c.schema.$dynamicRef as string, c.at, c.scope));
}

function $recursiveRef(e: Evaluator, c: Context): boolean {
  return e.target(c, e.set.resolveDynamic(c.schema.$recursiveRef as string, c.at, c.scope));
}

// ---- any instance

function type(e: Evaluator, c: Context): boolean {
  const types = Array.isArray(c.schema.type) ? c.schema.type : [c.schema.type];
  const unsafe = e.options.wireIntegers === true && typeof c.instance === "number" && Math.abs(c.instance) > MAX_SAFE;
  return types.some((t) => hasType(c.instance, t) && !(unsafe && t === "integer"));
}

function hasType(value: unknown, type: unknown): boolean {
  switch (type) {
    case "null":
      return value === null;
    case "boolean":
      return typeof value === "boolean";
    case "object":
      return isObject(value);
    case "array":
      return Array.isArray(value);
    case "string":
      return typeof value === "string";
    case "number":
      return typeof value === "number";
    case "integer":
      // 1.0 is an integer in every draft here: JSON.parse cannot tell it from 1 (draft-04's stricter
      // reading is an optional test).
      return typeof value === "number" && Number.isInteger(value);
    default:
      return false;
  }
}

function $enum(_e: Evaluator, c: Context): boolean {
  return (c.schema.enum as unknown[]).some((v) => equal(v, c.instance));
}

function $const(_e: Evaluator, c: Context): boolean {
  return equal(c.schema.const, c.instance);
}

// ---- numbers

function multipleOf(_e: Evaluator, c: Context): boolean {
  return typeof c.instance !== "number" || isMultipleOf(c.instance, c.schema.multipleOf as number);
}

function maximum(_e: Evaluator, c: Context): boolean {
  if (typeof c.instance !== "number") return true;
  const limit = c.schema.maximum as number;
  // draft-04: "exclusiveMaximum" is a boolean that makes "maximum" exclusive.
  return c.draft === "draft-04" && c.schema.exclusiveMaximum === true ? c.instance < limit : c.instance <= limit;
}

function minimum(_e: Evaluator, c: Context): boolean {
  if (typeof c.instance !== "number") return true;
  const limit = c.schema.minimum as number;
  return c.draft === "draft-04" && c.schema.exclusiveMinimum === true ? c.instance > limit : c.instance >= limit;
}

function exclusiveMaximum(_e: Evaluator, c: Context): boolean {
  if (typeof c.instance !== "number" || c.draft === "draft-04") return true; // draft-04: read by maximum
  return c.instance < (c.schema.exclusiveMaximum as number);
}

function exclusiveMinimum(_e: Evaluator, c: Context): boolean {
  if (typeof c.instance !== "number" || c.draft === "draft-04") return true;
  return c.instance > (c.schema.exclusiveMinimum as number);
}

// ---- strings (lengths count code points, not UTF-16 units)

function maxLength(_e: Evaluator, c: Context): boolean {
  return typeof c.instance !== "string" || [...c.instance].length <= (c.schema.maxLength as number);
}

function minLength(_e: Evaluator, c: Context): boolean {
  return typeof c.instance !== "string" || [...c.instance].length >= (c.schema.minLength as number);
}

function pattern(_e: Evaluator, c: Context): boolean {
  return typeof c.instance !== "string" || regex(c.schema.pattern as string).test(c.instance);
}

// ---- arrays

function items(e: Evaluator, c: Context): boolean {
  if (!Array.isArray(c.instance)) return true;
  const schema = c.schema.items;
  if (Array.isArray(schema) && !atLeast(c.draft, "draft2020-12")) {
    // Tuple form (draft-04 to 2019-09): item i against items[i].
    return tuple(e, c, "items", schema.length);
  }
  // One schema for every item; from 2020-12 only for the items after "prefixItems".
  const prefix = c.schema.prefixItems;
  const start = atLeast(c.draft, "draft2020-12") && Array.isArray(prefix) ? prefix.length : 0;
  return rest(e, c, "items", start);
}

function prefixItems(e: Evaluator, c: Context): boolean {
  return !Array.isArray(c.instance) || tuple(e, c, "prefixItems", (c.schema.prefixItems as unknown[]).length);
}

function additionalItems(e: Evaluator, c: Context): boolean {
  // Only meaningful after a tuple "items"; ignored otherwise.
  if (!Array.isArray(c.instance) || !Array.isArray(c.schema.items)) return true;
  return rest(e, c, "additionalItems", c.schema.items.length);
}

function tuple(e: Evaluator, c: Context, keyword: string, length: number): boolean {
  const list = c.instance as unknown[];
  let valid = true;
  for (let i = 0; i < Math.min(length, list.length); i++) {
    valid = e.child(c, `/${keyword}/${i}`, list[i]) && valid;
    c.evaluated.items.add(i);
  }
  return valid;
}

function rest(e: Evaluator, c: Context, keyword: string, start: number): boolean {
  const list = c.instance as unknown[];
  let valid = true;
  for (let i = start; i < list.length; i++) {
    valid = e.child(c, `/${keyword}`, list[i]) && valid;
    c.evaluated.items.add(i);
  }
  return valid;
}

function contains(e: Evaluator, c: Context): boolean {
  if (!Array.isArray(c.instance)) return true;
  let matches = 0;
  c.instance.forEach((item, i) => {
    if (!e.child(c, "/contains", item)) return;
    matches++;
    // 2020-12: the items "contains" matched count as evaluated (not so in 2019-09).
    if (atLeast(c.draft, "draft2020-12")) c.evaluated.items.add(i);
  });
  // From 2019-09, "minContains"/"maxContains" say how many matches "contains" needs (default 1 to any).
  const bound = (k: string, fallback: number) =>
    atLeast(c.draft, "draft2019-09") && c.keywords.has(k) && typeof c.schema[k] === "number"
      ? (c.schema[k] as number)
      : fallback;
  return matches >= bound("minContains", 1) && matches <= bound("maxContains", Infinity);
}

function maxItems(_e: Evaluator, c: Context): boolean {
  return !Array.isArray(c.instance) || c.instance.length <= (c.schema.maxItems as number);
}

function minItems(_e: Evaluator, c: Context): boolean {
  return !Array.isArray(c.instance) || c.instance.length >= (c.schema.minItems as number);
}

function uniqueItems(_e: Evaluator, c: Context): boolean {
  if (!Array.isArray(c.instance) || c.schema.uniqueItems !== true) return true;
  const list = c.instance;
  return list.every((a, i) => list.slice(i + 1).every((b) => !equal(a, b)));
}

function unevaluatedItems(e: Evaluator, c: Context): boolean {
  if (!Array.isArray(c.instance)) return true;
  let valid = true;
  c.instance.forEach((item, i) => {
    if (!c.evaluated.items.has(i)) valid = e.child(c, "/unevaluatedItems", item) && valid;
  });
  c.instance.forEach((_, i) => c.evaluated.items.add(i));
  return valid;
}

// ---- objects

function properties(e: Evaluator, c: Context): boolean {
  if (!isObject(c.instance)) return true;
  let valid = true;
  for (const name of Object.keys(c.schema.properties as object)) {
    if (!own(c.instance, name)) continue;
    valid = e.child(c, `/properties/${escapePointerToken(name)}`, c.instance[name]) && valid;
    c.evaluated.properties.add(name);
  }
  return valid;
}

function patternProperties(e: Evaluator, c: Context): boolean {
  if (!isObject(c.instance)) return true;
  let valid = true;
  for (const p of Object.keys(c.schema.patternProperties as object)) {
    for (const [name, value] of Object.entries(c.instance)) {
      if (!regex(p).test(name)) continue;
      valid = e.child(c, `/patternProperties/${escapePointerToken(p)}`, value) && valid;
      c.evaluated.properties.add(name);
    }
  }
  return valid;
}

function additionalProperties(e: Evaluator, c: Context): boolean {
  if (!isObject(c.instance)) return true;
  // "Additional" means not named by the sibling "properties" nor matched by "patternProperties",
  // whatever other subschemas (allOf branches, $ref targets) declare.
  const named = isObject(c.schema.properties) ? c.schema.properties : {};
  const patterns = isObject(c.schema.patternProperties) ? Object.keys(c.schema.patternProperties).map(regex) : [];
  let valid = true;
  for (const [name, value] of Object.entries(c.instance)) {
    if (own(named, name) || patterns.some((r) => r.test(name))) continue;
    valid = e.child(c, "/additionalProperties", value) && valid;
    c.evaluated.properties.add(name);
  }
  return valid;
}

function unevaluatedProperties(e: Evaluator, c: Context): boolean {
  if (!isObject(c.instance)) return true;
  let valid = true;
  for (const [name, value] of Object.entries(c.instance)) {
    if (!c.evaluated.properties.has(name)) valid = e.child(c, "/unevaluatedProperties", value) && valid;
  }
  Object.keys(c.instance).forEach((name) => c.evaluated.properties.add(name));
  return valid;
}

function propertyNames(e: Evaluator, c: Context): boolean {
  if (!isObject(c.instance)) return true;
  return Object.keys(c.instance).every((name) => e.child(c, "/propertyNames", name));
}

function maxProperties(_e: Evaluator, c: Context): boolean {
  return !isObject(c.instance) || Object.keys(c.instance).length <= (c.schema.maxProperties as number);
}

function minProperties(_e: Evaluator, c: Context): boolean {
  return !isObject(c.instance) || Object.keys(c.instance).length >= (c.schema.minProperties as number);
}

function required(_e: Evaluator, c: Context): boolean {
  return !isObject(c.instance) || (c.schema.required as string[]).every((name) => own(c.instance as object, name));
}

/** Drafts 04 to 07: a member is either a list of required names or a schema for the whole object. */
function dependencies(e: Evaluator, c: Context): boolean {
  if (!isObject(c.instance)) return true;
  let valid = true;
  for (const [name, dep] of Object.entries(c.schema.dependencies as object)) {
    if (!own(c.instance, name)) continue;
    if (Array.isArray(dep)) valid = dep.every((d: string) => own(c.instance as object, d)) && valid;
    else valid = e.inPlace(c, `/dependencies/${escapePointerToken(name)}`) && valid;
  }
  return valid;
}

function dependentRequired(_e: Evaluator, c: Context): boolean {
  if (!isObject(c.instance)) return true;
  const instance = c.instance;
  return Object.entries(c.schema.dependentRequired as Record<string, string[]>).every(
    ([name, deps]) => !own(instance, name) || deps.every((d) => own(instance, d)),
  );
}

function dependentSchemas(e: Evaluator, c: Context): boolean {
  if (!isObject(c.instance)) return true;
  let valid = true;
  for (const name of Object.keys(c.schema.dependentSchemas as object)) {
    if (own(c.instance, name)) valid = e.inPlace(c, `/dependentSchemas/${escapePointerToken(name)}`) && valid;
  }
  return valid;
}

// ---- combinators (in place: annotations of the valid branches count)

function allOf(e: Evaluator, c: Context): boolean {
  return (c.schema.allOf as unknown[]).reduce<boolean>((valid, _, i) => e.inPlace(c, `/allOf/${i}`) && valid, true);
}

function anyOf(e: Evaluator, c: Context): boolean {
  // Every branch is tried, so that each valid one contributes its annotations.
  return (c.schema.anyOf as unknown[]).reduce<boolean>((valid, _, i) => e.inPlace(c, `/anyOf/${i}`) || valid, false);
}

function oneOf(e: Evaluator, c: Context): boolean {
  // When it fails the whole schema fails, so the annotations of its valid branches never leave it.
  return (c.schema.oneOf as unknown[]).filter((_, i) => e.inPlace(c, `/oneOf/${i}`)).length === 1;
}

function not(e: Evaluator, c: Context): boolean {
  return e.evaluate(at(c, "/not"), c.instance, c.scope, c.depth + 1) === undefined; // never any annotation
}

function $if(e: Evaluator, c: Context): boolean {
  // "if" itself never fails the schema; its annotations count when it holds.
  if (e.inPlace(c, "/if")) return !("then" in c.schema) || !c.keywords.has("then") || e.inPlace(c, "/then");
  return !("else" in c.schema) || !c.keywords.has("else") || e.inPlace(c, "/else");
}

const annotation: Keyword = () => true;

/** Evaluation order: any, except that "unevaluated*" must see every other keyword's annotations. */
const KEYWORDS: readonly [string, Keyword][] = [
  ["$ref", $ref],
  ["$dynamicRef", $dynamicRef],
  ["$recursiveRef", $recursiveRef],
  ["type", type],
  ["enum", $enum],
  ["const", $const],
  ["multipleOf", multipleOf],
  ["maximum", maximum],
  ["minimum", minimum],
  ["exclusiveMaximum", exclusiveMaximum],
  ["exclusiveMinimum", exclusiveMinimum],
  ["maxLength", maxLength],
  ["minLength", minLength],
  ["pattern", pattern],
  ["format", annotation],
  ["prefixItems", prefixItems],
  ["items", items],
  ["additionalItems", additionalItems],
  ["contains", contains],
  ["maxItems", maxItems],
  ["minItems", minItems],
  ["uniqueItems", uniqueItems],
  ["properties", properties],
  ["patternProperties", patternProperties],
  ["additionalProperties", additionalProperties],
  ["propertyNames", propertyNames],
  ["maxProperties", maxProperties],
  ["minProperties", minProperties],
  ["required", required],
  ["dependencies", dependencies],
  ["dependentRequired", dependentRequired],
  ["dependentSchemas", dependentSchemas],
  ["allOf", allOf],
  ["anyOf", anyOf],
  ["oneOf", oneOf],
  ["not", not],
  ["if", $if],
  ["unevaluatedItems", unevaluatedItems],
  ["unevaluatedProperties", unevaluatedProperties],
];

// ---- JSON values

/** JSON equality: numbers by value (1 equals 1.0), objects regardless of key order, false is not 0. */
export function equal(a: unknown, b: unknown): boolean {
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => equal(x, b[i]));
  if (isObject(a)) {
    if (!isObject(b)) return false;
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => own(b, k) && equal(a[k], b[k]));
  }
  return a === b;
}

const REGEXES = new Map<string, RegExp>();

/** ECMA-262 regular expressions, with Unicode semantics where the pattern allows them. */
function regex(source: string): RegExp {
  let r = REGEXES.get(source);
  if (r === undefined) {
    try {
      r = new RegExp(source, "u");
    } catch {
      r = new RegExp(source);
    }
    REGEXES.set(source, r);
  }
  return r;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function own(object: object, name: string): boolean {
  return Object.prototype.hasOwnProperty.call(object, name);
}

function at(c: Context, suffix: string): Location {
  return { file: c.at.file, pointer: c.at.pointer + suffix };
}

function nothingEvaluated(): Evaluated {
  return { properties: new Set(), items: new Set() };
}

function merge(into: Evaluated, from: Evaluated): void {
  from.properties.forEach((p) => into.properties.add(p));
  from.items.forEach((i) => into.items.add(i));
}
