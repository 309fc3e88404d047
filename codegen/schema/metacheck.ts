// Checks each file of a set against the meta-schema of its own draft (and each embedded resource
// with its own "$schema" against that one's), with ajv, and reports every error: file, JSON
// Pointer, what is wrong and what to do. A custom "$schema" is checked against its draft's
// official meta-schema.
import type { ErrorObject, ValidateFunction } from "ajv";
import { escapePointerToken, SchemaError } from "../errors";
import { draftLabel, type Draft } from "./draft";
import { isObject, parsePointer } from "./pointer";
import type { SchemaSet } from "./set";
import type { Location } from "./types";

/** The precompiled validator of a draft, relative to this folder (metacompile.ts makes it). */
export function metaValidatorFile(draft: Draft): string {
  return `metavalidators/${draft}.js`;
}

// Loaded when a draft is first met: ajv's standalone code, compiled ahead (metacompile.ts).
const validators = new Map<Draft, ValidateFunction>();

function validator(draft: Draft): ValidateFunction {
  let v = validators.get(draft);
  if (v === undefined) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    v = require(`./${metaValidatorFile(draft)}`) as ValidateFunction;
    validators.set(draft, v);
  }
  return v;
}

export function checkMetaSchemas(set: SchemaSet): SchemaError[] {
  return set.files.flatMap((file) => {
    const regions = set.resourceRoots(file.path).filter((r) => r.pointer === "" || declaresSchema(set.node(r)));
    const inside = (region: Location) => regions.filter((r) => r.pointer.startsWith(`${region.pointer}/`));
    const errors = regions.flatMap((region) => checkRegion(set, region, inside(region)));
    return errors.sort((a, b) => (a.pointer < b.pointer ? -1 : a.pointer > b.pointer ? 1 : 0));
  });
}

function declaresSchema(node: unknown): boolean {
  return isObject(node) && typeof node.$schema === "string";
}

/** One dialect region: the resource at `region`, with the nested regions (checked on their own) blanked out. */
function checkRegion(set: SchemaSet, region: Location, nested: Location[]): SchemaError[] {
  let value = set.node(region);
  for (const n of nested) value = replaced(value, parsePointer(n.pointer.slice(region.pointer.length)), {});
  const draft = set.draft(region);
  const validate = validator(draft);
  if (validate(value)) return [];
  return collapse(validate.errors ?? [])
    .map((e) => toSchemaError(region.file, region.pointer + e.instancePath, e, draft))
    .filter((e, i, all) => all.findIndex((x) => x.message === e.message) === i);
}

function replaced(value: unknown, tokens: string[], by: unknown): unknown {
  if (tokens.length === 0) return by;
  const [head, ...rest] = tokens as [string, ...string[]];
  if (Array.isArray(value)) return value.map((v, i) => (String(i) === head ? replaced(v, rest, by) : v));
  if (isObject(value)) return { ...value, [head]: replaced(value[head], rest, by) };
  return value;
}

interface Problem {
  instancePath: string;
  keyword: string;
  message: string;
  params: Record<string, unknown>;
  alternatives?: string[];
}

/**
 * With allErrors, ajv reports a failed anyOf/oneOf together with the errors of all its branches,
 * right before it. When one branch got deeper into the value than the others, its errors are the
 * useful ones (the value had that branch's shape); otherwise one error says which shapes would do.
 */
function collapse(errors: ErrorObject[]): Problem[] {
  const out: Problem[] = [];
  for (const e of errors) {
    const p: Problem = { instancePath: e.instancePath, keyword: e.keyword, message: e.message ?? "", params: e.params };
    if (e.keyword !== "anyOf" && e.keyword !== "oneOf") {
      out.push(p);
      continue;
    }
    const branch: Problem[] = [];
    while (out.length > 0 && within(out[out.length - 1]!.instancePath, e.instancePath)) branch.unshift(out.pop()!);
    const deeper = branch.filter((b) => b.instancePath !== e.instancePath);
    if (deeper.length > 0) out.push(...deeper);
    else out.push({ ...p, alternatives: [...new Set(branch.map(describe))] });
  }
  return out;
}

function within(path: string, parent: string): boolean {
  return path === parent || path.startsWith(`${parent}/`);
}

const ARTICLE: Readonly<Record<string, string>> = {
  object: "an object",
  array: "an array",
  boolean: "a boolean",
  integer: "an integer",
  number: "a number",
  string: "a string",
  null: "null",
};

function types(p: Problem): string {
  return String(p.params.type)
    .split(",")
    .map((t) => ARTICLE[t] ?? t)
    .join(" or ");
}

function oneOfValues(p: Problem): string {
  return `one of ${(p.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`;
}

/** The requirement an error states, e.g. "must be an object or a boolean". */
function describe(p: Problem): string {
  if (p.keyword === "type") return `must be ${types(p)}`;
  if (p.keyword === "enum") return `must be ${oneOfValues(p)}`;
  if (p.keyword === "dependencies" || p.keyword === "dependentRequired")
    return `needs "${String(p.params.missingProperty)}" beside it`;
  return p.message;
}

function toSchemaError(file: string, pointer: string, p: Problem, draft: Draft): SchemaError {
  // A member that must (not) come with another is reported where it is written, not at its schema.
  if (p.keyword === "dependencies" || p.keyword === "dependentRequired")
    pointer += `/${escapePointerToken(String(p.params.property))}`;
  if (p.keyword === "additionalProperties") pointer += `/${escapePointerToken(String(p.params.additionalProperty))}`;
  const what = p.alternatives ? p.alternatives.join("; or ") : describe(p);
  const problem = `not a valid ${draftLabel(draft)} schema: ${subject(pointer)} ${what}`;
  return new SchemaError(file, pointer, problem, hint(p, draft, pointer));
}

const MAPS = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies"]);

/** What the pointer names, as a reader of the file would say it. */
function subject(pointer: string): string {
  const tokens = parsePointer(pointer);
  const last = tokens[tokens.length - 1];
  const parent = tokens[tokens.length - 2];
  if (last === undefined) return "the schema";
  if (parent !== undefined && MAPS.has(parent)) return `the member "${last}" of "${parent}"`;
  if (parent !== undefined && /^\d+$/.test(last)) return `item ${last} of "${parent}"`;
  return `"${last}"`;
}

function hint(p: Problem, draft: Draft, pointer: string): string {
  const params = p.params;
  switch (p.alternatives ? "alternatives" : p.keyword) {
    case "alternatives":
      return `write ${p.alternatives!.map((a) => a.replace(/^must (be )?/, "")).join("; or ")}`;
    case "type":
      if (draft === "draft2020-12" && pointer.endsWith("/items") && types(p).includes("object")) {
        return `write the tuple as "prefixItems" (draft 2020-12), or declare the draft the schema was written for in "$schema"`;
      }
      return `write ${types(p)} here`;
    case "enum":
      return `use ${oneOfValues(p)}`;
    case "minimum":
    case "maximum":
    case "exclusiveMinimum":
    case "exclusiveMaximum":
      return `use a number ${String(params.comparison)} ${String(params.limit)}`;
    case "minItems":
      return `list at least ${String(params.limit)} item(s)`;
    case "uniqueItems":
      return `remove the repeated item (items ${String(params.j)} and ${String(params.i)} are equal)`;
    case "pattern":
      return `write a value that matches ${String(params.pattern)}`;
    case "dependencies":
    case "dependentRequired":
      return `add "${String(params.missingProperty)}" next to it, or remove it`;
    case "required":
      return `add "${String(params.missingProperty)}"`;
    default:
      return `write the value as the ${draftLabel(draft)} specification describes ${subject(pointer)}`;
  }
}
