// ajv, draft by draft (ajv/dist/2020, ajv/dist/2019, ajv for draft-07 and draft-06, ajv-draft-04),
// on in-memory schema files: an implementation independent of the generator and of the reference
// evaluator. Formats are not validated (an annotation, as for the evaluator); unknown keywords
// (this generator's x-* extensions) are ignored (strict: false).
import Ajv from "ajv";
import Ajv2019 from "ajv/dist/2019";
import Ajv2020 from "ajv/dist/2020";
import type { ValidateFunction } from "ajv";
import AjvDraft04 from "ajv-draft-04";
import type { Draft } from "../../ir/source";
import { isMultipleOf } from "../../keywords/multiple-of";

const BASE = "https://wire.invalid/";
const lenient = new TextDecoder("utf-8", { ignoreBOM: true });

type AnyAjv = {
  addSchema(s: unknown, key: string): unknown;
  getSchema(ref: string): ValidateFunction | undefined;
  addMetaSchema(s: unknown): unknown;
  removeKeyword(k: string): unknown;
};

function make(draft: Draft): AnyAjv {
  const opts = { strict: false, validateFormats: false, allErrors: false, logger: false as const };
  switch (draft) {
    case "draft2020-12":
      return new Ajv2020(opts) as unknown as AnyAjv;
    case "draft2019-09":
      return new Ajv2019(opts) as unknown as AnyAjv;
    case "draft-04": {
      // ajv-draft-04 knows const, which draft-04 does not (an unknown keyword, an annotation):
      // seed 478374914 schema 601
      const a = new AjvDraft04(opts) as unknown as AnyAjv;
      a.removeKeyword("const");
      return a;
    }
    case "draft-06": {
      const a = new Ajv(opts) as unknown as AnyAjv;
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      a.addMetaSchema(require("ajv/dist/refs/json-schema-draft-06.json"));
      return a;
    }
    default:
      return new Ajv(opts) as unknown as AnyAjv;
  }
}

type SchemaFile = { path: string; text: string };

/**
 * Known ajv bugs, each found by the generator fuzzer and checked against JSON Schema: ajv is not
 * asked about a schema set that one applies to (its reason is the answer instead of a verdict).
 */
export const AJV_BUGS: { id: string; applies: (draft: Draft, files: SchemaFile[]) => boolean; reason: string }[] = [
  {
    // ajv resolves a $recursiveRef in a definition compiled by its pointer against that definition,
    // not against the document's root ("#" without $recursiveAnchor is the root, as $ref "#" is):
    // seed 478374914 schema 323
    id: "recursive-ref-against-the-definition",
    applies: (draft, files) => draft === "draft2019-09" && files.some((f) => f.text.includes('"$recursiveRef"')),
    reason: "ajv resolves $recursiveRef against the definition compiled, not the root",
  },
  {
    // ajv takes `contains: true` beside a `prefixItems` (or tuple `items`) element that is not
    // trivial as satisfied by an empty array, which has no element to contain (seed 478374914
    // schema 374: {"contains": true, "prefixItems": [{"type": "string"}]} accepts [])
    id: "contains-true-beside-prefix-items",
    applies: (_draft, files) => files.some((f) => /"contains": ?true/.test(f.text)),
    reason: "ajv accepts an empty array for contains: true beside prefixItems",
  },
  {
    // ajv does not resolve a $dynamicRef to a $dynamicAnchor in a subschema that is not a
    // resource's root ($defs/Node without $id) unless a $ref compiles that subschema; it takes the
    // resource's root instead (seed 20261201 schema 212: {unevaluatedItems: {$dynamicRef: "#node"}}
    // beside $defs/Node {$dynamicAnchor: node, ...} accepted what Node rejects). It fails the
    // JSON-Schema-Test-Suite's draft2020-12/dynamicRef.json "A $dynamicRef to a $dynamicAnchor in the
    // same schema resource behaves like a normal $ref to an $anchor" (["foo", "bar"]: invalid) too
    // (ajv-validator/ajv pull request 2573, open).
    id: "dynamic-anchor-below-a-resource-root",
    applies: (_draft, files) =>
      files.some((f) => f.text.includes('"$dynamicRef"') && nestedDynamicAnchor(JSON.parse(f.text))),
    reason: "ajv resolves a $dynamicRef to a $dynamicAnchor below a resource's root as that root",
  },
  {
    // ajv counts the items a `contains` matched as evaluated (for unevaluatedItems) only where the
    // contains sits in the same schema or an allOf beside it, not through a oneOf/anyOf variant or a
    // $ref, where JSON Schema 2020-12 collects the annotations of every valid subschema (seed
    // 20261202 schema 898: {oneOf: [{$ref: A}], unevaluatedItems: false}, A = {contains: {}}
    // rejects ["AOI", ""])
    id: "contains-annotations-through-applicators",
    applies: (draft, files) =>
      draft === "draft2020-12" &&
      files.some((f) => f.text.includes('"unevaluatedItems"') && f.text.includes('"contains"')),
    reason: "ajv does not collect contains annotations through oneOf, anyOf or $ref for unevaluatedItems",
  },
];

export class AjvFiles {
  private readonly ajv: AnyAjv;
  private readonly compiled = new Map<string, ValidateFunction | Error>();
  /** The known ajv bug that applies to these files, if any (AJV_BUGS). */
  private readonly bug: string | undefined;

  constructor(
    readonly draft: Draft,
    files: SchemaFile[],
    /** "ask": ajv is asked even where a known bug applies (the test that the bugs are still there). */
    knownBugs: "skip" | "ask" = "skip",
  ) {
    this.ajv = make(draft);
    for (const f of files) this.ajv.addSchema(JSON.parse(f.text), BASE + f.path);
    this.bug = knownBugs === "ask" ? undefined : AJV_BUGS.find((b) => b.applies(draft, files))?.reason;
  }

  /** The validator of the schema at file#pointer, or the Error ajv gave compiling it. */
  fn(file: string, pointer: string): ValidateFunction | Error {
    const key = `${file}#${pointer}`;
    let v = this.compiled.get(key);
    if (v === undefined) {
      try {
        v = this.ajv.getSchema(`${BASE}${file}#${encodeURI(pointer)}`) ?? new Error(`ajv has no schema at ${key}`);
      } catch (e) {
        v = e instanceof Error ? e : new Error(String(e));
      }
      this.compiled.set(key, v);
    }
    return v;
  }

  /** The verdict on one JSON text (as JSON.parse sees its bytes; not JSON: invalid), or the Error ajv gave. */
  check(
    file: string,
    pointer: string,
    input: Uint8Array,
  ): { valid: boolean; pointers: string[]; inexactMultipleOf?: true } | Error {
    if (this.bug !== undefined) return new Error(this.bug);
    const fn = this.fn(file, pointer);
    if (fn instanceof Error) return fn;
    let doc: unknown;
    try {
      doc = JSON.parse(lenient.decode(input));
    } catch {
      return { valid: false, pointers: [""] };
    }
    try {
      if (fn(doc) === true) return { valid: true, pointers: [] };
    } catch (e) {
      return e instanceof Error ? e : new Error(String(e));
    }
    const errors = fn.errors ?? [];
    // ajv's multipleOf divides doubles (0.6 / 0.1 is 5.999999999999999): its error at a number that
    // is an exact decimal multiple (codegen/SEMANTICS.md: multipleOf is exact on decimals) says
    // nothing about the value, and ajv is not asked about it
    const inexact = errors.some((e) => {
      if (e.keyword !== "multipleOf") return false;
      const x = valueAt(doc, e.instancePath);
      const m = (e.params as { multipleOf?: unknown }).multipleOf;
      return typeof x === "number" && typeof m === "number" && isMultipleOf(x, m);
    });
    return {
      valid: false,
      pointers: [...new Set(errors.map((e) => e.instancePath))],
      ...(inexact ? { inexactMultipleOf: true } : {}),
    };
  }
}

/** Whether a schema (a file's text, parsed) has a $dynamicAnchor in a subschema that has no $id of its own. */
function nestedDynamicAnchor(v: unknown, root = true): boolean {
  if (Array.isArray(v)) return v.some((x) => nestedDynamicAnchor(x, false));
  if (v === null || typeof v !== "object") return false;
  const o = v as Record<string, unknown>;
  if (!root && typeof o.$dynamicAnchor === "string" && o.$id === undefined) return true;
  return Object.values(o).some((x) => nestedDynamicAnchor(x, false));
}

/** The value at an RFC 6901 pointer, or undefined. */
function valueAt(doc: unknown, pointer: string): unknown {
  let cur = doc;
  for (const raw of pointer === "" ? [] : pointer.slice(1).split("/")) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (cur === null || typeof cur !== "object" || !Object.prototype.hasOwnProperty.call(cur, key)) return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}
