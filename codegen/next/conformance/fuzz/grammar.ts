// A seeded random-schema grammar for fuzzing the generator itself (issue 14, item 5): schema files
// of drafts 04 to 2020-12 built from a table of keyword rules, one per supported keyword (and this
// generator's extensions, annotations, unknown keywords and likely misspellings). Adding a keyword to
// the generator means adding a row to KEYWORDS: the grammar then draws it in every draft that
// defines it. Values are mostly well-formed (so that the schema gets through and its code is
// tested), sometimes not (so that refusals are tested: each must be a SchemaError naming a file
// and a JSON Pointer).
import { Prng } from "../draw";
import type { Draft } from "../../ir/source";
import type { JsonValue } from "../../ir/types";

export const DRAFT_URI: Record<Draft, string> = {
  "draft-04": "http://json-schema.org/draft-04/schema#",
  "draft-06": "http://json-schema.org/draft-06/schema#",
  "draft-07": "http://json-schema.org/draft-07/schema#",
  "draft2019-09": "https://json-schema.org/draft/2019-09/schema",
  "draft2020-12": "https://json-schema.org/draft/2020-12/schema",
};
export const DRAFTS: Draft[] = ["draft-04", "draft-06", "draft-07", "draft2019-09", "draft2020-12"];
const ORDER = new Map(DRAFTS.map((d, i) => [d, i]));
const since = (d: Draft) => DRAFTS.filter((x) => ORDER.get(x)! >= ORDER.get(d)!);
const until = (d: Draft) => DRAFTS.filter((x) => ORDER.get(x)! <= ORDER.get(d)!);

type Kind = "any" | "string" | "number" | "integer" | "object" | "array" | "boolean" | "null";
type Obj = { [key: string]: JsonValue };

/** One keyword the grammar draws: in which drafts, on which kinds of schema, how often, and its value. */
export interface KeywordRule {
  keyword: string;
  drafts: Draft[];
  /** The kinds of schema it belongs on ("any": every kind). */
  on: Kind[];
  weight: number;
  /** Its value, given the schema being built (undefined: not here). */
  value(g: SchemaGrammar, node: Obj, depth: number): JsonValue | undefined;
}

/** Patterns in the portable subset (and a few outside it, which the generator must refuse). */
const PATTERNS = [
  "^[a-z]+$",
  "^x-",
  "[0-9]",
  "^.{0,3}$",
  "a|b",
  "^(?:ab)+$",
  "é",
  "^[^/]*$",
  "\\d{2}",
  "^[A-Z][a-z]*$",
  "^$",
  ".",
  "^\\w+$",
  "😀",
];
const BAD_PATTERNS = ["\\bword", "(?=x)", "\\p{L}", "\\s+", "(a)\\1", "[[:alpha:]]"];
const NAMES = ["a", "b", "id", "type", "kind", "x", "value", "0", "é", "a b", "Extra", "__proto__", "aa", "x-y"];
const FORMATS = [
  "date-time",
  "date",
  "time",
  "duration",
  "email",
  "hostname",
  "ipv4",
  "ipv6",
  "uri",
  "uri-reference",
  "uuid",
  "regex",
  "json-pointer",
  "color",
];

export const KEYWORDS: KeywordRule[] = [
  // ---- any instance
  { keyword: "enum", drafts: DRAFTS, on: ["any"], weight: 2, value: (g, node) => g.values(node, g.int(1, 4)) },
  { keyword: "const", drafts: since("draft-06"), on: ["any"], weight: 2, value: (g, node) => g.values(node, 1)[0] },
  // ---- strings
  { keyword: "minLength", drafts: DRAFTS, on: ["string"], weight: 2, value: (g) => g.count(0, 4) },
  {
    keyword: "maxLength",
    drafts: DRAFTS,
    on: ["string"],
    weight: 2,
    value: (g, node) => g.atLeast(node.minLength, 0, 8),
  },
  { keyword: "pattern", drafts: DRAFTS, on: ["string"], weight: 2, value: (g) => g.pattern() },
  { keyword: "format", drafts: DRAFTS, on: ["string"], weight: 1, value: (g) => g.pick(FORMATS) },
  { keyword: "x-secret", drafts: DRAFTS, on: ["string"], weight: 0.3, value: (g) => (g.chance(0.9) ? true : "yes") },
  // ---- numbers
  { keyword: "minimum", drafts: DRAFTS, on: ["number", "integer"], weight: 2, value: (g) => g.bound() },
  {
    keyword: "maximum",
    drafts: DRAFTS,
    on: ["number", "integer"],
    weight: 2,
    value: (g, node) => g.above(node.minimum),
  },
  {
    keyword: "exclusiveMinimum",
    drafts: DRAFTS,
    on: ["number", "integer"],
    weight: 1,
    value: (g, node) => (g.draft === "draft-04" ? ("minimum" in node ? g.chance(0.7) : undefined) : g.bound()),
  },
  {
    keyword: "exclusiveMaximum",
    drafts: DRAFTS,
    on: ["number", "integer"],
    weight: 1,
    value: (g, node) =>
      g.draft === "draft-04"
        ? "maximum" in node
          ? g.chance(0.7)
          : undefined
        : g.above(node.exclusiveMinimum ?? node.minimum),
  },
  {
    keyword: "multipleOf",
    drafts: DRAFTS,
    on: ["number", "integer"],
    weight: 1.5,
    value: (g) => g.pick([2, 3, 0.5, 0.1, 0.25, 1.5, 10, 0.01, g.chance(0.05) ? 0 : 5]),
  },
  // ---- arrays
  {
    keyword: "items",
    drafts: DRAFTS,
    on: ["array"],
    weight: 3,
    value: (g, _n, depth) => (g.draft !== "draft2020-12" && g.chance(0.25) ? g.list(1, 3, depth) : g.schema(depth + 1)),
  },
  {
    keyword: "prefixItems",
    drafts: ["draft2020-12"],
    on: ["array"],
    weight: 1.5,
    value: (g, _n, depth) => g.list(1, 3, depth),
  },
  {
    keyword: "additionalItems",
    drafts: until("draft2019-09"),
    on: ["array"],
    weight: 1,
    value: (g, node, depth) => {
      if (!Array.isArray(node.items)) node.items = g.list(1, 2, depth); // the tuple form it belongs to
      return g.schemaOrBool(depth + 1);
    },
  },
  { keyword: "minItems", drafts: DRAFTS, on: ["array"], weight: 1.5, value: (g) => g.count(0, 3) },
  {
    keyword: "maxItems",
    drafts: DRAFTS,
    on: ["array"],
    weight: 1.5,
    value: (g, node) => g.atLeast(node.minItems, 0, 4),
  },
  { keyword: "uniqueItems", drafts: DRAFTS, on: ["array"], weight: 1, value: (g) => g.chance(0.85) },
  {
    keyword: "contains",
    drafts: since("draft-06"),
    on: ["array"],
    weight: 1.5,
    value: (g, _n, depth) => g.schema(depth + 1),
  },
  {
    keyword: "minContains",
    drafts: since("draft2019-09"),
    on: ["array"],
    weight: 0.7,
    value: (g, node, depth) => {
      if (!("contains" in node)) node.contains = g.schema(depth + 1); // the keyword it counts for
      return g.count(0, 2);
    },
  },
  {
    keyword: "maxContains",
    drafts: since("draft2019-09"),
    on: ["array"],
    weight: 0.7,
    value: (g, node, depth) => {
      if (!("contains" in node)) node.contains = g.schema(depth + 1);
      return g.atLeast(node.minContains, 0, 3);
    },
  },
  {
    keyword: "unevaluatedItems",
    drafts: since("draft2019-09"),
    on: ["array", "any"],
    weight: 0.8,
    value: (g, _n, depth) => g.schemaOrBool(depth + 1),
  },
  // ---- objects
  {
    keyword: "properties",
    drafts: DRAFTS,
    on: ["object"],
    weight: 4,
    value: (g, _n, depth) => g.members(g.int(1, 4), depth),
  },
  { keyword: "required", drafts: DRAFTS, on: ["object"], weight: 3, value: (g, node) => g.requiredOf(node) },
  {
    keyword: "patternProperties",
    drafts: DRAFTS,
    on: ["object"],
    weight: 1.2,
    value: (g, _n, depth) =>
      Object.fromEntries(Array.from({ length: g.int(1, 2) }, () => [g.pattern(), g.schema(depth + 1)])),
  },
  {
    keyword: "additionalProperties",
    drafts: DRAFTS,
    on: ["object"],
    weight: 3,
    value: (g, _n, depth) => (g.chance(0.5) ? false : g.chance(0.3) ? true : g.schema(depth + 1)),
  },
  { keyword: "minProperties", drafts: DRAFTS, on: ["object"], weight: 0.8, value: (g) => g.count(0, 3) },
  {
    keyword: "maxProperties",
    drafts: DRAFTS,
    on: ["object"],
    weight: 0.8,
    value: (g, node) => g.atLeast(node.minProperties, 0, 4),
  },
  {
    keyword: "dependencies",
    drafts: until("draft-07"),
    on: ["object"],
    weight: 0.8,
    value: (g, _n, depth) => ({ [g.pick(NAMES)]: g.chance(0.5) ? g.names(1, 2) : g.schema(depth + 1) }),
  },
  {
    keyword: "dependentRequired",
    drafts: since("draft2019-09"),
    on: ["object"],
    weight: 0.8,
    value: (g) => ({ [g.pick(NAMES)]: g.names(1, 2) }),
  },
  {
    keyword: "dependentSchemas",
    drafts: since("draft2019-09"),
    on: ["object"],
    weight: 0.6,
    value: (g, _n, depth) => ({ [g.pick(NAMES)]: g.schema(depth + 1) }),
  },
  {
    keyword: "propertyNames",
    drafts: since("draft-06"),
    on: ["object"],
    weight: 0.8,
    value: (g) =>
      g.pick<JsonValue>([
        { pattern: g.pattern() },
        { maxLength: g.int(1, 3) },
        { enum: g.names(1, 3) },
        { minLength: 1 },
      ]),
  },
  {
    keyword: "unevaluatedProperties",
    drafts: since("draft2019-09"),
    on: ["object", "any"],
    weight: 1,
    value: (g, _n, depth) => g.schemaOrBool(depth + 1),
  },
  {
    keyword: "x-name",
    drafts: DRAFTS,
    on: ["object"],
    weight: 0.3,
    value: (g) => g.pick(["Named", "Thing", "lower", "Other2"]),
  },
  // ---- applicators
  { keyword: "allOf", drafts: DRAFTS, on: ["any"], weight: 1.5, value: (g, _n, depth) => g.list(1, 3, depth) },
  { keyword: "anyOf", drafts: DRAFTS, on: ["any"], weight: 1.5, value: (g, _n, depth) => g.list(1, 3, depth) },
  { keyword: "oneOf", drafts: DRAFTS, on: ["any"], weight: 2, value: (g, _n, depth) => g.list(1, 3, depth) },
  { keyword: "not", drafts: DRAFTS, on: ["any"], weight: 1, value: (g, _n, depth) => g.schema(depth + 1) },
  { keyword: "if", drafts: since("draft-07"), on: ["any"], weight: 1, value: (g, _n, depth) => g.schema(depth + 1) },
  {
    keyword: "then",
    drafts: since("draft-07"),
    on: ["any"],
    weight: 0.6,
    value: (g, node, depth) => ("if" in node || g.chance(0.1) ? g.schema(depth + 1) : undefined),
  },
  {
    keyword: "else",
    drafts: since("draft-07"),
    on: ["any"],
    weight: 0.6,
    value: (g, node, depth) => ("if" in node || g.chance(0.1) ? g.schema(depth + 1) : undefined),
  },
  {
    keyword: "x-discriminator",
    drafts: DRAFTS,
    on: ["any"],
    weight: 0.4,
    value: (g, node) => ("oneOf" in node || "anyOf" in node || g.chance(0.1) ? g.names(1, 1) : undefined),
  },
  // ---- references
  { keyword: "$ref", drafts: DRAFTS, on: ["any"], weight: 2, value: (g) => g.ref() },
  {
    keyword: "$dynamicRef",
    drafts: ["draft2020-12"],
    on: ["any"],
    weight: 0.3,
    value: (g) => (g.chance(0.8) ? "#node" : "#nowhere"),
  },
  { keyword: "$recursiveRef", drafts: ["draft2019-09"], on: ["any"], weight: 0.3, value: () => "#" },
  // ---- annotations, unknown keywords, misspellings
  {
    keyword: "title",
    drafts: DRAFTS,
    on: ["any"],
    weight: 0.5,
    value: (g) => g.pick(["T", "A title", "*/ not a comment end"]),
  },
  {
    keyword: "description",
    drafts: DRAFTS,
    on: ["any"],
    weight: 0.5,
    value: (g) => g.pick(["d", "line one\nline two", "`back` */"]),
  },
  { keyword: "default", drafts: DRAFTS, on: ["any"], weight: 0.3, value: (g, node) => g.values(node, 1)[0] },
  { keyword: "examples", drafts: since("draft-06"), on: ["any"], weight: 0.2, value: (g, node) => g.values(node, 2) },
  { keyword: "deprecated", drafts: since("draft2019-09"), on: ["any"], weight: 0.2, value: () => true },
  { keyword: "readOnly", drafts: since("draft-07"), on: ["any"], weight: 0.1, value: () => true },
  { keyword: "$comment", drafts: since("draft-07"), on: ["any"], weight: 0.2, value: () => "c" },
  { keyword: "x-extension", drafts: DRAFTS, on: ["any"], weight: 0.2, value: () => ({ anything: [1] }) },
  { keyword: "markdownDescription", drafts: DRAFTS, on: ["any"], weight: 0.1, value: () => "**md**" },
  {
    keyword: "maxLenght",
    drafts: DRAFTS,
    on: ["string"],
    weight: 0.5,
    value: (_g, _n, depth) => (depth === 0 ? 3 : undefined),
  },
  {
    keyword: "Required",
    drafts: DRAFTS,
    on: ["object"],
    weight: 0.3,
    value: (_g, _n, depth) => (depth === 0 ? ["a"] : undefined),
  },
];

/** Likely misspellings the grammar puts at definitions' roots: a schema holding one must be refused (wire rule 22). */
export const MISSPELLINGS = ["maxLenght", "Required"];

/** The kinds "type" may name, and what a schema without "type" is drawn as. */
const TYPE_KINDS: Kind[] = ["string", "number", "integer", "object", "array", "boolean", "null"];

export interface GeneratedSchema {
  draft: Draft;
  /** The file's text. */
  text: string;
  /** The definition names of the file. */
  defs: string[];
}

/** Draws schema files from a seed. */
export class SchemaGrammar {
  private readonly rng: Prng;
  draft: Draft = "draft2020-12";
  private defNames: string[] = [];
  /** The definition being drawn. */
  private current = "";
  private dynamic = false;

  constructor(seed: number) {
    this.rng = new Prng(seed);
  }

  int(min: number, max: number): number {
    return this.rng.int(min, max);
  }
  chance(p: number): boolean {
    return this.rng.next() < p;
  }
  pick<T>(xs: readonly T[]): T {
    return xs[this.rng.int(0, xs.length - 1)]!;
  }

  /** A whole schema file of `draft` (random when not given): definitions A, B, ... */
  file(draft?: Draft): GeneratedSchema {
    this.draft = draft ?? this.pick(DRAFTS);
    const n = this.int(1, 4);
    this.defNames = ["A", "B", "C", "D"].slice(0, n);
    this.dynamic = false;
    const container = ORDER.get(this.draft)! >= ORDER.get("draft2019-09")! ? "$defs" : "definitions";
    const defs: Obj = {};
    for (const name of this.defNames) {
      this.current = name;
      defs[name] = this.schema(0, true);
    }
    const root: Obj = { $schema: DRAFT_URI[this.draft] };
    if (this.chance(0.15)) root["x-assert-format"] = true;
    if (this.dynamic && this.draft === "draft2020-12") {
      // a $dynamicAnchor for "#node": a recursive tree whose node type a specialization may extend
      defs.Node = {
        $dynamicAnchor: "node",
        type: "object",
        properties: { kids: { type: "array", items: { $dynamicRef: "#node" }, maxItems: 2 } },
      };
    }
    if (this.dynamic && this.draft === "draft2019-09") root.$recursiveAnchor = true;
    root[container] = defs;
    return { draft: this.draft, text: JSON.stringify(root, null, 1) + "\n", defs: Object.keys(defs) };
  }

  /** A subschema (boolean sometimes); `top`: a definition, which may carry definition-only extensions. */
  schema(depth: number, top = false): JsonValue {
    // boolean schemas exist from draft-06 on; in draft-04 one now and then (a refusal to exercise)
    if (!top && this.chance(0.06) && (this.draft !== "draft-04" || this.chance(0.1))) return this.chance(0.7);
    const node: Obj = {};
    const kinds = this.kindsOf(depth);
    if (kinds.length > 0 && this.chance(0.8)) node.type = kinds.length === 1 && this.chance(0.8) ? kinds[0]! : kinds;
    const kind: Kind = kinds.length === 0 ? "any" : this.pick(kinds);
    const rules = KEYWORDS.filter(
      (r) =>
        r.drafts.includes(this.draft) &&
        (r.on.includes("any") || r.on.includes(kind) || (kind === "integer" && r.on.includes("number"))),
    );
    const budget = depth >= 3 ? this.int(0, 1) : this.int(1, depth === 0 ? 4 : 2);
    for (let i = 0; i < budget; i++) {
      const r = this.weighted(rules);
      if (r === undefined || r.keyword in node) continue;
      if (
        depth >= 2 &&
        [
          "allOf",
          "anyOf",
          "oneOf",
          "not",
          "if",
          "properties",
          "items",
          "prefixItems",
          "patternProperties",
          "contains",
          "dependentSchemas",
          "dependencies",
        ].includes(r.keyword)
      )
        continue;
      const v = r.value(this, node, depth);
      if (v !== undefined) node[r.keyword] = v;
    }
    if (kind === "object" && !("properties" in node) && this.chance(0.5))
      node.properties = this.members(this.int(1, 3), depth);
    if (node.type === "object" && "properties" in node && !("required" in node) && this.chance(0.5))
      node.required = this.requiredOf(node) ?? [];
    if (typeof node.$dynamicRef === "string") this.dynamic = true;
    if (typeof node.$recursiveRef === "string") this.dynamic = true;
    // a discriminated union now and then: variants with a const "kind" (x-discriminator)
    if (top && this.chance(0.12)) return this.tagged(depth);
    return node;
  }

  schemaOrBool(depth: number): JsonValue {
    const bool = this.chance(0.35) && (this.draft !== "draft-04" || this.chance(0.1));
    return bool ? this.chance(0.5) : this.schema(depth);
  }

  private kindsOf(depth: number): Kind[] {
    const r = this.rng.next();
    if (r < 0.15) return [];
    const weights: Kind[] =
      depth >= 2
        ? ["string", "number", "integer", "boolean", "null", "string", "integer"]
        : ["string", "number", "integer", "object", "object", "array", "array", "boolean", "null", "string"];
    const first = this.pick(weights);
    if (r < 0.85) return [first];
    const second = this.pick(TYPE_KINDS);
    return second === first ? [first] : [first, second];
  }

  private weighted(rules: KeywordRule[]): KeywordRule | undefined {
    const total = rules.reduce((s, r) => s + r.weight, 0);
    let x = this.rng.next() * total;
    for (const r of rules) if ((x -= r.weight) < 0) return r;
    return rules[rules.length - 1];
  }

  list(min: number, max: number, depth: number): JsonValue[] {
    return Array.from({ length: this.int(min, max) }, () => this.schema(depth + 1));
  }

  members(n: number, depth: number): Obj {
    const out: Obj = {};
    for (let i = 0; i < n; i++) out[this.pick(NAMES)] = this.schema(depth + 1);
    return out;
  }

  names(min: number, max: number): string[] {
    return [...new Set(Array.from({ length: this.int(min, max) }, () => this.pick(NAMES)))];
  }

  requiredOf(node: Obj): string[] | undefined {
    const props =
      node.properties !== null && typeof node.properties === "object" && !Array.isArray(node.properties)
        ? Object.keys(node.properties)
        : [];
    const out = props.filter(() => this.chance(0.6));
    if (this.chance(0.1)) out.push(this.pick(NAMES));
    return out.length === 0 && props.length === 0 ? undefined : [...new Set(out)];
  }

  count(min: number, max: number): JsonValue {
    if (this.chance(0.03)) return this.pick([-1, 1.5, "2"]);
    return this.int(min, max);
  }

  atLeast(min: JsonValue | undefined, lo: number, hi: number): JsonValue {
    const base = typeof min === "number" ? min : lo;
    return this.chance(0.05) ? Math.max(0, base - 1) : this.int(base, Math.max(base, hi));
  }

  bound(): number {
    return this.pick([0, 1, -1, 10, 2.5, -100, 9007199254740991, 0.1, 1e21]);
  }

  above(min: JsonValue | undefined): number {
    const base = typeof min === "number" ? min : 0;
    return this.chance(0.05) ? base - 1 : base + this.pick([0, 1, 2.5, 10, 1000]);
  }

  pattern(): string {
    return this.chance(0.05) ? this.pick(BAD_PATTERNS) : this.pick(PATTERNS);
  }

  /** A reference to a definition (a cycle sometimes), or somewhere that is not one. */
  ref(): string {
    const container = ORDER.get(this.draft)! >= ORDER.get("draft2019-09")! ? "$defs" : "definitions";
    if (this.chance(0.04)) return this.pick(["#/nowhere", "other.json", "#/$defs/Missing"]);
    if (this.chance(0.05)) return "#";
    // mostly a definition drawn before this one, so that references seldom close a cycle: one that
    // never descends into the value is refused (as it must be), and it had come to be most refusals
    const earlier = this.defNames.slice(0, this.defNames.indexOf(this.current));
    if (earlier.length > 0 && this.chance(0.75)) return `#/${container}/${this.pick(earlier)}`;
    // a definition that is its own $ref (a cycle that never descends into the value) only now and then
    const others = this.defNames.filter((n) => n !== this.current);
    const target = others.length > 0 && this.chance(0.95) ? this.pick(others) : this.pick(this.defNames);
    return `#/${container}/${target}`;
  }

  /** `count` values that fit a schema's type when it has one (distinct, some of another kind). */
  values(node: Obj, count: number): JsonValue[] {
    const types = typeof node.type === "string" ? [node.type] : Array.isArray(node.type) ? (node.type as string[]) : [];
    const out: JsonValue[] = [];
    for (let i = 0; i < count * 2 && out.length < count; i++) {
      const kind =
        types.length > 0 && this.chance(0.85)
          ? this.pick(types)
          : this.pick(["string", "integer", "number", "boolean", "null", "object", "array"]);
      const v = this.valueOfKind(kind);
      if (!out.some((x) => JSON.stringify(x) === JSON.stringify(v))) out.push(v);
    }
    return out;
  }

  private valueOfKind(kind: string): JsonValue {
    switch (kind) {
      case "string":
        return this.pick(["a", "b", "", "x-y", "é", "tool.call", "12", "A"]);
      case "integer":
        return this.pick([0, 1, -1, 42, 9007199254740991]);
      case "number":
        return this.pick([0.5, 1.5, -2.25, 1e21, 0.1, 3]);
      case "boolean":
        return this.chance(0.5);
      case "null":
        return null;
      case "array":
        return this.pick<JsonValue>([[], [1], ["a", 2], [[null]]]);
      default:
        return this.pick<JsonValue>([{}, { a: 1 }, { b: "x", a: [true] }, { "": null }]);
    }
  }

  /** A union of objects told apart by a const property, as protocols write them. */
  private tagged(depth: number): Obj {
    const key = this.pick(["kind", "type", "t"]);
    const variants = this.defNames.length > 0 ? this.int(2, 3) : 2;
    const list: JsonValue[] = [];
    for (let i = 0; i < variants; i++) {
      const props = this.members(this.int(0, 2), depth + 1);
      props[key] = this.chance(0.9) ? { const: `v${i}` } : { type: "string" };
      list.push({
        type: "object",
        properties: props,
        required: [key, ...Object.keys(props).filter((k) => k !== key && this.chance(0.3))],
        additionalProperties: this.chance(0.6) ? false : this.schemaOrBool(depth + 2),
      });
    }
    const out: Obj = { [this.chance(0.8) ? "oneOf" : "anyOf"]: list };
    if (this.chance(0.6)) out["x-discriminator"] = [key];
    if (this.chance(0.15)) out["x-open"] = true;
    return out;
  }
}
