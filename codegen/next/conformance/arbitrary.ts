// Wire texts for ANY protocol, from the new IR (codegen/next/ir/types.ts): documents valid for a
// definition, documents that violate one check of it, and mutations of valid documents (drop a
// required key, add a key, change a key's case, change a type, boundary numbers, unpaired
// surrogates, very long strings, deep nesting, duplicate keys, bytes that are not UTF-8, ...).
// Every type and check of the IR is covered: maps, pattern properties, nullable values, unions by
// their exact meaning, tuples, applicators, const/enum of any value, formats, unevaluated*.
//
// What a check allows, and how to violate it, each keyword family says itself (the `arbitrary*`
// functions at the end of its module in codegen/next/keywords/); this file combines them. Where
// checks interact (a pattern and a length, not, if/then/else, oneOf, contains, propertyNames, ...)
// it keeps the candidates that the reference evaluator (an Oracle, given by the caller) accepts.
// Everything is drawn from one seeded PRNG, so a seed names a case; sizes are bounded.
import fc from "fast-check";
import type { Applicator, Decl, Dispatch, JsonValue, ObjectType, Origin, Protocol, Type, UnionType } from "../ir/types";
import { MAX_SAFE_INTEGER } from "../ir/types";
import { dispatchLeaves, isNullable, kindsAccepted, nullableOf } from "../ir/query";
import { deepEqual } from "../ir/build/values";
import { canonOf } from "../ts/values";
import { arbitraryBounds } from "../keywords/bounds";
import { arbitraryConst, arbitraryEnum } from "../keywords/const-enum";
import { arbitraryContains } from "../keywords/contains";
import { arbitraryDependentRequired, arbitraryDependentSchema } from "../keywords/dependencies";
import { arbitraryFormat } from "../keywords/format";
import { arbitraryItemsLength } from "../keywords/items-length";
import { arbitraryMultipleOf } from "../keywords/multiple-of";
import { arbitrarySize } from "../keywords/object-size";
import { arbitraryPattern } from "../keywords/pattern";
import { arbitraryPropertyNames } from "../keywords/property-names";
import { arbitraryLength } from "../keywords/string-length";
import { arbitraryUnique } from "../keywords/unique-items";
import { Prng, type Draw, type HintContext, type NumberHint, type ScalarHint } from "./draw";

// ---------------------------------------------------------------------------------------------
// Documents

/**
 * A JSON document as text is made of it: objects keep their members in order, duplicates included;
 * numbers keep their text (`1.0`, `1e3`, `-0`); strings may hold unpaired surrogates (written as
 * `\uXXXX` escapes).
 */
export type Doc =
  | { t: "null" }
  | { t: "bool"; v: boolean }
  | { t: "num"; text: string }
  | { t: "str"; s: string }
  | { t: "arr"; items: Doc[] }
  | { t: "obj"; members: [string, Doc][] };

/** Writes a Doc as JSON text; `ws` puts that whitespace between all tokens; `quote` writes strings and keys. */
export function serialize(d: Doc, ws = "", quote: (s: string) => string = JSON.stringify): string {
  // iterative, for deep nesting
  const out: string[] = [];
  const stack: (Doc | string)[] = [d];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (typeof n === "string") {
      out.push(n);
      continue;
    }
    switch (n.t) {
      case "null":
        out.push("null");
        break;
      case "bool":
        out.push(n.v ? "true" : "false");
        break;
      case "num":
        out.push(n.text);
        break;
      case "str":
        out.push(quote(n.s)); // JSON.stringify writes lone surrogates as \uXXXX escapes
        break;
      case "arr": {
        const parts: (Doc | string)[] = ["[" + ws];
        n.items.forEach((it, i) => {
          if (i > 0) parts.push(ws + "," + ws);
          parts.push(it);
        });
        parts.push(ws + "]");
        for (let i = parts.length - 1; i >= 0; i--) stack.push(parts[i]!);
        break;
      }
      case "obj": {
        const parts: (Doc | string)[] = ["{" + ws];
        n.members.forEach(([k, v], i) => {
          if (i > 0) parts.push(ws + "," + ws);
          parts.push(quote(k) + ws + ":" + ws);
          parts.push(v);
        });
        parts.push(ws + "}");
        for (let i = parts.length - 1; i >= 0; i--) stack.push(parts[i]!);
        break;
      }
    }
  }
  return out.join("");
}

/** The Doc of a JSON value (members in the value's property order). */
export function docOf(v: JsonValue): Doc {
  if (v === null) return { t: "null" };
  if (typeof v === "boolean") return { t: "bool", v };
  if (typeof v === "number") return { t: "num", text: JSON.stringify(v) };
  if (typeof v === "string") return { t: "str", s: v };
  if (Array.isArray(v)) return { t: "arr", items: v.map(docOf) };
  return { t: "obj", members: Object.keys(v).map((k): [string, Doc] => [k, docOf(v[k]!)]) };
}

/** The value JSON.parse gives for the document's text (duplicates resolved, numbers as doubles). */
export function valueOf(d: Doc): JsonValue {
  return JSON.parse(serialize(d)) as JsonValue;
}

export function kindOfDoc(d: Doc): string {
  switch (d.t) {
    case "null":
      return "null";
    case "bool":
      return "boolean";
    case "num":
      return "number";
    case "str":
      return "string";
    case "arr":
      return "array";
    case "obj":
      return "object";
  }
}

// ---------------------------------------------------------------------------------------------
// Random choices

/** Strings that exercise escaping and code point counting. */
const SPECIAL_STRINGS = [
  "",
  "a",
  "<>&",
  "\u2028\u2029",
  "\u0000\u0001\u001f\u007f",
  "\b\f\n\r\t",
  '"\\/',
  "é",
  "e\u0301",
  "😀",
  "\ufeff",
  "\uffff",
  "PRIVATE-USER-TEXT-1234",
];

/** Code points for generated text: plain letters mostly, and the ones escaping and counting get wrong. */
const SPECIAL_CHARS = [...'<>&"\\/ \t\n\u0000\u001f\u007f\u2028\u2029é😀\ufeff\uffff\u00a0'];
const PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.";

/** Keys that exercise property order, prototypes, pointers and escapes. */
const SPECIAL_KEYS = [
  "0",
  "1",
  "10",
  "01",
  "-1",
  "4294967294",
  "4294967295",
  "__proto__",
  "toString",
  "constructor",
  "a/b",
  "m~n",
  "",
  " ",
  "é",
  "😀",
];

/** Number texts that are valid finite JSON numbers, in many forms. */
const NUMBER_TEXTS = [
  "0",
  "-0",
  "1",
  "-1",
  "0.1",
  "1.5",
  "1e21",
  "1e-7",
  "1E2",
  "1.0",
  "2.50",
  "5e-324",
  "1.7976931348623157e308",
  "9007199254740993",
  "123456789012345678901234567890",
  "0.30000000000000004",
];

const wellFormed = (s: string): boolean => (s as unknown as { isWellFormed(): boolean }).isWellFormed();

/** Draw over a seeded PRNG; patterns through fast-check's stringMatching, seeded from the same PRNG. */
export class Draws implements Draw {
  private static readonly matchers = new Map<string, fc.Arbitrary<string> | null>();
  readonly rng: Prng;

  constructor(seed: number) {
    this.rng = new Prng(seed);
  }

  int(min: number, max: number): number {
    return this.rng.int(Math.ceil(min), Math.floor(max));
  }

  chance(p: number): boolean {
    return this.rng.next() < p;
  }

  pick<T>(xs: readonly T[]): T {
    return xs[this.rng.int(0, xs.length - 1)]!;
  }

  text(min: number, max: number): string {
    const n = this.int(min, max);
    let s = "";
    const plain = this.chance(0.6);
    for (let i = 0; i < n; i++) {
      if (plain || this.chance(0.6)) s += PLAIN[this.int(0, PLAIN.length - 1)]!;
      else if (this.chance(0.3)) s += String.fromCodePoint(this.int(0x20, 0x2fff));
      else s += this.pick(SPECIAL_CHARS);
    }
    return s;
  }

  matching(source: string): string | undefined {
    let m = Draws.matchers.get(source);
    if (m === undefined) {
      try {
        m = fc.stringMatching(new RegExp(source, "u"), { size: "xsmall" });
      } catch {
        m = null;
      }
      Draws.matchers.set(source, m);
    }
    if (m === null) return undefined;
    const re = new RegExp(source, "u");
    for (let i = 0; i < 4; i++) {
      const s = fc.sample(m, { seed: this.int(0, 0x7fffffff), numRuns: 1 })[0];
      if (s !== undefined && wellFormed(s) && re.test(s)) return s;
    }
    return undefined;
  }

  number(lo: number, hi: number, integer: boolean): number {
    const edges = [lo, hi, 0, 1, -1, 1000, 2 ** 31, 2 ** 32, MAX_SAFE_INTEGER - 1, 0.1, 1e21, 1e-7, 5e-324, 0.5];
    const fits = (x: number): boolean => Number.isFinite(x) && x >= lo && x <= hi && (!integer || Number.isInteger(x));
    if (this.chance(0.3)) {
      const ok = edges.filter(fits);
      if (ok.length > 0) return this.pick(ok);
    }
    const a = Number.isFinite(lo) ? lo : Number.isFinite(hi) ? Math.min(hi, 0) - 1e6 : -1e6;
    const b = Number.isFinite(hi) ? hi : a + 2e6;
    let x = a + this.rng.next() * (b - a);
    if (integer) x = Math.min(Math.max(Math.round(x), Math.ceil(lo)), Math.floor(hi));
    else if (this.chance(0.5)) x = Math.round(x * 100) / 100;
    if (!fits(x)) x = integer ? Math.ceil(Math.max(lo, -MAX_SAFE_INTEGER)) : lo;
    return x;
  }

  /** A seed for another Draw (so that one case does not shift every later one). */
  seed(): number {
    return this.int(0, 0x7fffffff);
  }
}

// ---------------------------------------------------------------------------------------------
// The generator

/** The reference evaluator: whether a value is valid against the schema at a location (undefined: cannot tell). */
export interface Oracle {
  accepts(at: Origin, value: JsonValue): boolean | undefined;
}

export interface GenOptions {
  /** Largest number of items of generated arrays and of extra members (3). */
  maxItems?: number;
  /** Largest string length in code points, outside the long-string mutation (16). */
  maxString?: number;
  /** Levels of free-form values (3). */
  freeDepth?: number;
  /** The reference evaluator over the protocol's schema files; without it, generation is best effort. */
  oracle?: Oracle;
  /** Whole documents tried before giving up on a valid one (12). */
  tries?: number;
}

/** No more work for this document: sizes are bounded, and so is the time to find a valid one. */
class Exhausted extends Error {}

/** One generation: its random choices, its work budget, and (for invalid documents) where to break it. */
interface Run {
  draw: Draws;
  budget: number;
  /** Nodes to generate validly before the one to violate (-1: none). */
  poison: number;
  /** What was violated (for counterexamples and tallies). */
  violated?: string;
}

const OTHER_KINDS: Doc[] = [
  { t: "null" },
  { t: "bool", v: false },
  { t: "num", text: "0" },
  { t: "str", s: "" },
  { t: "arr", items: [] },
  { t: "obj", members: [] },
  { t: "str", s: "1" },
  { t: "num", text: "1" },
];

/** A schema that accepts every value by itself (no kind, no check, no applicator). */
const trivial = (t: Type): boolean =>
  t.kind === "any" && t.kinds === undefined && (t.also === undefined || t.also.length === 0);

export class Generator {
  private readonly decls = new Map<string, Decl>();
  /** Keys used by some union's dispatch: extra members never use them (they would change the variant). */
  private readonly dispatchKeys = new Set<string>();
  private readonly maxItems: number;
  private readonly maxString: number;
  private readonly freeDepth: number;
  private readonly tries: number;
  private readonly oracle: Oracle | undefined;
  private run: Run = { draw: new Draws(1), budget: 0, poison: -1 };
  /** Tallies: valid documents found, and given up on (per definition). */
  readonly stats = { valid: 0, noValid: 0, invalid: 0 };

  constructor(
    readonly protocol: Protocol,
    opts: GenOptions = {},
  ) {
    for (const d of protocol.decls) this.decls.set(d.name, d);
    this.maxItems = opts.maxItems ?? 3;
    this.maxString = opts.maxString ?? 16;
    this.freeDepth = opts.freeDepth ?? 3;
    this.tries = opts.tries ?? 12;
    this.oracle = opts.oracle;
    const visit = (d: Dispatch): void => {
      if (d.by === "presence") {
        this.dispatchKeys.add(d.key);
        visit(d.present);
        visit(d.absent);
      } else if (d.by === "const") {
        this.dispatchKeys.add(d.key);
        d.cases.forEach((c) => visit(c.next));
      } else if (d.by === "kind") d.cases.forEach((c) => visit(c.next));
    };
    for (const d of protocol.decls)
      if (d.type.kind === "union" && d.type.dispatch !== undefined) visit(d.type.dispatch);
  }

  /** Definitions that have a decoder (not x-constant). */
  testable(): Decl[] {
    return this.protocol.decls.filter((d) => d.constant === undefined);
  }

  decl(name: string): Decl {
    const d = this.decls.get(name);
    if (d === undefined) throw new Error(`${this.protocol.name} has no definition ${name}`);
    return d;
  }

  /**
   * Whether the oracle's verdict on a whole document of the definition is exact: the definition is
   * the schema at its origin (a $defs entry or a file root), not a lifted or specialized one.
   */
  exact(d: Decl): boolean {
    return this.oracle !== undefined && d.hoisted !== true && d.constant === undefined;
  }

  /** The oracle's verdict on a document of the definition (exact definitions only). */
  judge(d: Decl, doc: Doc): boolean | undefined {
    if (!this.exact(d)) return undefined;
    return this.askOracle(d.origin, valueOf(doc));
  }

  /** A document valid for the definition (the oracle accepts it, for exact definitions), or undefined. */
  valid(name: string, seed: number): Doc | undefined {
    const d = this.decl(name);
    const draw = new Draws(seed);
    for (let i = 0; i < this.tries; i++) {
      this.run = { draw: new Draws(draw.seed()), budget: 4000, poison: -1 };
      let doc: Doc | undefined;
      try {
        doc = this.gen(d.type, 0);
      } catch (e) {
        if (!(e instanceof Exhausted)) throw e;
        continue;
      }
      if (doc === undefined) continue;
      if (this.exact(d) && this.askOracle(d.origin, valueOf(doc)) !== true) continue;
      this.stats.valid++;
      return doc;
    }
    this.stats.noValid++;
    return undefined;
  }

  /** A document that violates one check somewhere in it (which one: `violated`), or a valid one when none could. */
  invalid(name: string, seed: number): { doc: Doc; violated: string } | undefined {
    const d = this.decl(name);
    const draw = new Draws(seed);
    for (let i = 0; i < this.tries; i++) {
      this.run = { draw: new Draws(draw.seed()), budget: 4000, poison: draw.int(0, i < 4 ? 6 : 1) };
      let doc: Doc | undefined;
      try {
        doc = this.gen(d.type, 0);
      } catch (e) {
        if (!(e instanceof Exhausted)) throw e;
        continue;
      }
      if (doc === undefined || this.run.violated === undefined) continue;
      this.stats.invalid++;
      return { doc, violated: this.run.violated };
    }
    return undefined;
  }

  /** Texts for a definition: valid ones, ones that break one check, and mutations of valid ones. */
  input(name: string, seed: number): Case {
    const draw = new Draws(seed);
    const kind = draw.int(0, 9);
    if (kind >= 2 && kind <= 4) {
      const bad = this.invalid(name, draw.seed());
      if (bad !== undefined) return { mutation: `violate-${bad.violated}`, bytes: enc(serialize(bad.doc)) };
    }
    const valid = this.valid(name, draw.seed()) ?? this.fallback(draw);
    if (kind <= 1) return { mutation: "none", bytes: enc(serialize(valid, draw.pick(["", "", " ", "\t\r\n"]))) };
    const ms: Mutation[] = [];
    const n = kind === 9 ? draw.int(2, 4) : 1;
    for (let i = 0; i < n; i++)
      ms.push({ kind: draw.pick(MUTATIONS), pick: draw.int(0, 1 << 20), aux: draw.int(0, 1 << 20) });
    return applyMutations(valid, ms);
  }

  /** When no valid document exists (or none was found): any small document, to mutate. */
  private fallback(draw: Draws): Doc {
    return structuredClone(draw.pick(OTHER_KINDS));
  }

  // ---- fast-check wrappers (the property tests) ----

  /** Valid documents (undefined when none was found), one per seed; seeds do not shrink. */
  arbValid(name: string): fc.Arbitrary<Doc | undefined> {
    return fc.noShrink(fc.integer({ min: 0, max: 0x7fffffff })).map((s) => this.valid(name, s));
  }

  /** Inputs as `input` makes them. */
  arbInput(name: string): fc.Arbitrary<Case> {
    return fc.noShrink(fc.integer({ min: 0, max: 0x7fffffff })).map((s) => this.input(name, s));
  }

  // ---- the reference evaluator ----

  private askOracle(at: Origin, v: JsonValue): boolean | undefined {
    if (this.oracle === undefined) return undefined;
    try {
      return this.oracle.accepts(at, v);
    } catch {
      return undefined;
    }
  }

  /** Whether a value is valid against a subschema (applicator and check children: their origin is their schema). */
  private accepts(t: Type, v: JsonValue): boolean | undefined {
    if (t.also === undefined || t.also.length === 0) {
      if (t.kind === "enum") return t.values.some((x) => deepEqual(x, v));
      if (t.kind === "never") return false;
      if (trivial(t)) return true;
      if (t.kind === "any") return (t.kinds as string[]).includes(kindOfValue(v));
    }
    return this.askOracle(t.origin, v);
  }

  private context(): HintContext {
    return {
      draw: this.run.draw,
      value: (t) => {
        const d = this.gen(t, 4);
        return d === undefined ? undefined : valueOf(d);
      },
      accepts: (t, v) => this.accepts(t, v),
    };
  }

  // ---- valid values, node by node ----

  private gen(t: Type, level: number): Doc | undefined {
    const run = this.run;
    if (--run.budget < 0) throw new Exhausted();
    if (run.poison >= 0 && run.poison-- === 0) {
      const bad = this.violate(t, level);
      if (bad !== undefined) return bad;
    }
    const also = t.also ?? [];
    const tries = also.length > 0 ? 6 : 1;
    for (let i = 0; i < tries; i++) {
      const doc = this.shape(t, level);
      if (doc === undefined) continue;
      if (also.length === 0 || this.applicatorsHold(also, doc)) return doc;
    }
    return undefined;
  }

  /** The applicators beside a shape, on a candidate value (unevaluated* are left to the whole-document check). */
  private applicatorsHold(also: Applicator[], doc: Doc): boolean {
    const v = valueOf(doc);
    for (const a of also) {
      switch (a.family) {
        case "allOf":
          if (this.accepts(a.type, v) === false) return false;
          break;
        case "union": {
          const n = a.union.variants.filter((x) => this.accepts(x, v) === true).length;
          const unknown = a.union.variants.some((x) => this.accepts(x, v) === undefined);
          if (!unknown && (n === 0 || (a.union.mode === "oneOf" && n > 1))) return false;
          break;
        }
        case "not":
          if (this.accepts(a.type, v) === true) return false;
          break;
        case "if": {
          const cond = this.accepts(a.if, v);
          const next = cond === true ? a.then : cond === false ? a.else : undefined;
          if (next !== undefined && this.accepts(next, v) === false) return false;
          break;
        }
        default:
          break;
      }
    }
    return true;
  }

  /** Candidate values from the applicators (an enum branch's values, a union's variants, then/else). */
  private fromApplicators(t: Type, level: number): Doc | undefined {
    const also = t.also ?? [];
    const values = also.flatMap((a) => (a.family === "allOf" && a.type.kind === "enum" ? [a.type.values] : []));
    if (values.length > 0) {
      const fitting = values[0]!.filter((x) => kindsAccepted(t).includes(kindOfValue(x) as never));
      return fitting.length === 0 ? undefined : docOf(this.run.draw.pick(fitting));
    }
    if (t.kind !== "any") return undefined;
    const sources: Type[] = [];
    for (const a of also) {
      if (a.family === "union") sources.push(...a.union.variants);
      if (a.family === "allOf") sources.push(a.type);
      if (a.family === "if") {
        if (a.then !== undefined) sources.push(a.then);
        if (a.else !== undefined) sources.push(a.else);
      }
    }
    if (sources.length === 0 || !this.run.draw.chance(0.75)) return undefined;
    const d = this.gen(this.run.draw.pick(sources), level + 1);
    if (d === undefined || (t.kinds !== undefined && !t.kinds.includes(kindOfDoc(d) as never))) return undefined;
    return d;
  }

  private shape(t: Type, level: number): Doc | undefined {
    const draw = this.run.draw;
    const seeded = this.fromApplicators(t, level);
    if (seeded !== undefined) return seeded;
    switch (t.kind) {
      case "ref": {
        const d = t.decl;
        if (d.constant !== undefined) return docOf(d.constant.value);
        if (level > 24) return undefined;
        return this.gen(d.type, level + 1);
      }
      case "any":
        return this.free(Math.min(this.freeDepth, level > 6 ? 1 : this.freeDepth), t.kinds);
      case "never":
        return undefined;
      case "string": {
        const s = this.stringOf(t);
        return s === undefined ? undefined : { t: "str", s };
      }
      case "integer":
      case "number":
        return this.numberOf(t);
      case "boolean":
        return { t: "bool", v: t.const ?? draw.chance(0.5) };
      case "null":
        return { t: "null" };
      case "enum":
        return t.values.length === 0 ? undefined : docOf(draw.pick(t.values));
      case "array":
        return this.arrayOf(t, level);
      case "object":
        return this.objectOf(t, level);
      case "union":
        return this.unionOf(t, level);
    }
  }

  private stringHints(t: Extract<Type, { kind: "string" }>): {
    primary: ScalarHint<string>[];
    all: ScalarHint<string>[];
  } {
    const all: ScalarHint<string>[] = [];
    const primary: ScalarHint<string>[] = [];
    for (const c of t.checks) {
      switch (c.family) {
        case "const":
        case "enum": {
          const h = (c.family === "const" ? arbitraryConst(c) : arbitraryEnum(c)) as ScalarHint<string>;
          all.push(h);
          primary.unshift(h);
          break;
        }
        case "length":
          all.push(arbitraryLength(c));
          break;
        case "pattern": {
          const h = arbitraryPattern(c);
          all.push(h);
          primary.push(h);
          break;
        }
        case "format": {
          const h = arbitraryFormat(c);
          all.push(h);
          primary.unshift(h);
          break;
        }
      }
    }
    return { primary, all };
  }

  private stringOf(t: Extract<Type, { kind: "string" }>): string | undefined {
    const draw = this.run.draw;
    const { primary, all } = this.stringHints(t);
    const length = all.find((h) => h !== undefined && primary.indexOf(h) < 0 && h.valid !== undefined);
    for (let i = 0; i < 16; i++) {
      let s: string | undefined;
      const head = primary[0];
      if (head !== undefined && (i < 12 || length === undefined))
        s = (i % 3 === 2 && primary[1] !== undefined ? primary[1] : head).valid?.(draw);
      else if (length !== undefined) s = length.valid!(draw);
      else s = draw.chance(0.2) ? draw.pick(SPECIAL_STRINGS) : draw.text(0, this.maxString);
      if (s === undefined || !wellFormed(s)) continue;
      if (all.every((h) => h.holds?.(s!) ?? true)) return s;
    }
    return undefined;
  }

  private numberHints(t: Extract<Type, { kind: "integer" | "number" }>): NumberHint[] {
    return t.checks.map((c): NumberHint => {
      switch (c.family) {
        case "const":
          return arbitraryConst(c) as NumberHint;
        case "enum":
          return arbitraryEnum(c) as NumberHint;
        case "bounds":
          return arbitraryBounds(c);
        case "multipleOf":
          return arbitraryMultipleOf(c);
      }
    });
  }

  private numberOf(t: Extract<Type, { kind: "integer" | "number" }>): Doc | undefined {
    const draw = this.run.draw;
    const integer = t.kind === "integer";
    const hints = this.numberHints(t);
    const exact = t.checks.find((c) => c.family === "const" || c.family === "enum");
    let lo = integer ? -MAX_SAFE_INTEGER : -Number.MAX_VALUE;
    let hi = integer ? MAX_SAFE_INTEGER : Number.MAX_VALUE;
    for (const h of hints) {
      if (h.range === undefined) continue;
      const r = h.range;
      if (r.lo > lo || (r.lo === lo && r.loOpen)) lo = r.loOpen && integer ? Math.floor(r.lo) + 1 : r.lo;
      if (r.hi < hi || (r.hi === hi && r.hiOpen)) hi = r.hiOpen && integer ? Math.ceil(r.hi) - 1 : r.hi;
    }
    if (integer) ((lo = Math.ceil(lo)), (hi = Math.floor(hi)));
    const within = hints.find((h) => h.within !== undefined);
    for (let i = 0; i < 12; i++) {
      let x: number | undefined;
      if (exact !== undefined) x = hints[t.checks.indexOf(exact)]!.valid!(draw);
      else if (within !== undefined) x = within.within!(draw, lo, hi, integer);
      else x = draw.number(lo, hi, integer);
      if (x === undefined || !Number.isFinite(x)) continue;
      if (integer && (!Number.isInteger(x) || Math.abs(x) > MAX_SAFE_INTEGER)) continue;
      if (hints.every((h) => h.holds?.(x!) ?? true)) return { t: "num", text: draw.pick(numberTexts(x, integer)) };
    }
    return undefined;
  }

  private arrayOf(t: Extract<Type, { kind: "array" }>, level: number): Doc | undefined {
    const draw = this.run.draw;
    const cx = this.context();
    let min = 0;
    let max = t.items?.kind === "never" ? t.prefix.length : Infinity;
    const counts = t.checks.flatMap((c) => (c.family === "items-length" ? [arbitraryItemsLength(c)] : []));
    for (const h of counts) ((min = Math.max(min, h.min)), (max = Math.min(max, h.max ?? Infinity)));
    const contains = t.checks.find((c) => c.family === "contains");
    const unique = t.checks.some((c) => c.family === "unique");
    if (contains?.family === "contains") min = Math.max(min, contains.min);
    if (min > max) return undefined;
    const n = draw.int(min, Math.min(max, level > 6 ? min : min + this.maxItems));
    let matches = -1;
    if (contains?.family === "contains") matches = draw.int(contains.min, Math.min(contains.max ?? n, n));
    const slots = new Set<number>();
    while (slots.size < Math.max(0, matches)) slots.add(draw.int(0, n - 1));
    const items: Doc[] = [];
    const seen = new Set<string>();
    for (let i = 0; i < n; i++) {
      const at = i < t.prefix.length ? t.prefix[i]! : t.items;
      let found: Doc | undefined;
      for (let k = 0; k < 8 && found === undefined; k++) {
        const fromContains =
          contains?.family === "contains" && slots.has(i) && (at === undefined || trivial(at)) && draw.chance(0.7);
        const e = fromContains
          ? this.gen((contains as { type: Type }).type, level + 1)
          : at === undefined
            ? this.free(2)
            : this.gen(at, level + 1);
        if (e === undefined) continue;
        const v = valueOf(e);
        if (contains?.family === "contains") {
          const ok = cx.accepts(contains.type, v);
          if (ok !== undefined && ok !== slots.has(i)) continue;
        }
        if (unique && seen.has(canonOf(v))) continue;
        seen.add(canonOf(v));
        found = e;
      }
      if (found === undefined) return undefined;
      items.push(found);
    }
    return { t: "arr", items };
  }

  /** The values a member with this key must satisfy besides its own: the pattern properties that match it. */
  private patternTypes(o: ObjectType, key: string): Type[] {
    return o.patterns.filter((pp) => new RegExp(pp.pattern.source, "u").test(key)).map((pp) => pp.type);
  }

  /** A value for a member: valid for its own type and for every matching pattern property. */
  private member(own: Type | undefined, also: Type[], level: number): Doc | undefined {
    const types = own === undefined ? also : [own, ...also];
    if (types.length === 0) return this.free(2);
    for (let k = 0; k < 6; k++) {
      const first = own ?? this.run.draw.pick(types);
      const d = this.gen(first, level + 1);
      if (d === undefined) continue;
      const v = valueOf(d);
      if (types.every((x) => x === first || this.accepts(x, v) !== false)) return d;
    }
    return undefined;
  }

  private objectOf(t: ObjectType, level: number): Doc | undefined {
    const draw = this.run.draw;
    const cx = this.context();
    const members: [string, Doc][] = [];
    const has = (k: string) => members.some(([x]) => x === k);
    const names = t.checks.flatMap((c) => (c.family === "propertyNames" ? [arbitraryPropertyNames(c)] : []));
    const keyOk = (k: string) => names.every((h) => h.allows(k, cx) !== false);
    const declared = new Set(t.properties.map((p) => p.name));
    const add = (key: string): boolean => {
      const p = t.properties.find((x) => x.name === key);
      if (!keyOk(key)) return false;
      const pats = this.patternTypes(t, key);
      if (p === undefined && pats.length === 0 && t.extras.kind === "reject") return false;
      const own = p?.type ?? (pats.length === 0 ? (t.extras.kind === "map" ? t.extras.type : undefined) : undefined);
      const v = this.member(own, p !== undefined ? pats : own === undefined ? pats : [], level);
      if (v === undefined) return false;
      members.push([key, v]);
      return true;
    };
    for (const p of t.properties) {
      if (!p.required && (level > 6 || !draw.chance(0.5))) continue;
      if (!add(p.name) && p.required) return undefined;
    }
    // extra members: pattern properties, map values, free-form members
    const open = t.extras.kind !== "reject";
    const sizes = t.checks.flatMap((c) => (c.family === "size" ? [arbitrarySize(c)] : []));
    const minSize = Math.max(0, ...sizes.map((h) => h.min));
    const maxSize = Math.min(Infinity, ...sizes.map((h) => h.max ?? Infinity));
    const want = level > 6 ? 0 : draw.int(0, this.maxItems);
    for (let i = 0, fails = 0; (i < want || members.length < minSize) && fails < 12; i++) {
      let key: string | undefined;
      if (t.patterns.length > 0 && (!open || draw.chance(0.6)))
        key = draw.matching(draw.pick(t.patterns).pattern.source);
      else if (open) key = names.length > 0 && draw.chance(0.7) ? names[0]!.key(cx) : this.key();
      else if (members.length < minSize) {
        const optional = t.properties.filter((p) => !has(p.name));
        key = optional.length > 0 ? draw.pick(optional).name : undefined;
      }
      if (key === undefined || has(key) || (this.dispatchKeys.has(key) && !declared.has(key))) {
        fails++;
        continue;
      }
      if (!add(key)) fails++;
    }
    // dependentRequired: the names a present key needs
    const deps = t.checks.flatMap((c) => (c.family === "dependentRequired" ? [arbitraryDependentRequired(c)] : []));
    for (let round = 0; round < 4; round++) {
      const flat = members.map(([k]): [string, JsonValue] => [k, null]);
      const needed = [...new Set(deps.flatMap((h) => h.needs(flat)))];
      if (needed.length === 0) break;
      for (const k of needed) if (!add(k)) return undefined;
    }
    while (new Set(members.map(([k]) => k)).size > maxSize) {
      const optional = members.findIndex(([k]) => !t.properties.some((p) => p.name === k && p.required));
      if (optional < 0) return undefined;
      members.splice(optional, 1);
    }
    if (members.length < minSize) return undefined;
    const doc: Doc = { t: "obj", members: shuffle(members, draw) };
    const schemas = t.checks.flatMap((c) =>
      c.family === "dependentSchemas" ? [[c.key, arbitraryDependentSchema(c)] as const] : [],
    );
    if (schemas.length > 0) {
      const v = valueOf(doc);
      for (const [key, h] of schemas) if (h.holds(v, has(key), cx) === false) return undefined;
    }
    return doc;
  }

  private unionOf(u: UnionType, level: number): Doc | undefined {
    const draw = this.run.draw;
    if (isNullable(u)) return draw.chance(0.3) ? { t: "null" } : this.gen(nullableOf(u), level);
    const choices = u.dispatch !== undefined ? dispatchLeaves(u.dispatch) : u.variants.map((_, i) => i);
    if (choices.length === 0) return undefined;
    for (let k = 0; k < 4; k++) {
      const i = draw.pick(choices);
      const d = this.gen(u.variants[i]!, level);
      if (d === undefined) continue;
      if (u.dispatch === undefined && u.mode === "oneOf") {
        const v = valueOf(d);
        if (u.variants.some((x, j) => j !== i && this.accepts(x, v) === true)) continue;
      }
      return d;
    }
    return undefined;
  }

  /** Object keys: plain ones and troublesome ones (all well-formed). */
  private key(): string {
    const draw = this.run.draw;
    return draw.chance(0.4) ? draw.pick(SPECIAL_KEYS) : draw.text(0, 8);
  }

  /** A free-form JSON document of at most `depth` levels, of the given kinds (valid: well-formed, finite). */
  free(depth: number, kinds?: readonly string[]): Doc | undefined {
    const draw = this.run.draw;
    const kind =
      kinds === undefined
        ? draw.pick(
            depth <= 1
              ? ["null", "boolean", "number", "string"]
              : ["null", "boolean", "number", "string", "number", "string", "array", "object"],
          )
        : draw.pick(kinds);
    switch (kind) {
      case "null":
        return { t: "null" };
      case "boolean":
        return { t: "bool", v: draw.chance(0.5) };
      case "number":
        return {
          t: "num",
          text: draw.chance(0.5) ? draw.pick(NUMBER_TEXTS) : String(draw.number(-1e9, 1e9, draw.chance(0.5))),
        };
      case "string":
        return { t: "str", s: draw.chance(0.3) ? draw.pick(SPECIAL_STRINGS) : draw.text(0, 12) };
      case "array": {
        const n = depth <= 1 ? 0 : draw.int(0, this.maxItems);
        const items: Doc[] = [];
        for (let i = 0; i < n; i++) items.push(this.free(depth - 1)!);
        return { t: "arr", items };
      }
      default: {
        const n = depth <= 1 ? 0 : draw.int(0, this.maxItems + 1);
        const members: [string, Doc][] = [];
        for (let i = 0; i < n; i++) members.push([this.key(), this.free(depth - 1)!]);
        return { t: "obj", members };
      }
    }
  }

  // ---- values that break one check ----

  private mark(what: string): void {
    this.run.violated = what;
  }

  /** A value of t that violates one of its checks (the family's hint), or undefined. */
  private violate(t: Type, level: number): Doc | undefined {
    const draw = this.run.draw;
    const cx = this.context();
    const otherKind = (): Doc | undefined => {
      const accepted = kindsAccepted(t);
      const others = OTHER_KINDS.filter((d) => !accepted.includes(kindOfDoc(d) as never));
      if (others.length === 0) return undefined;
      this.mark("type");
      return structuredClone(draw.pick(others));
    };
    const also = t.also ?? [];
    if (also.length > 0 && draw.chance(0.5)) {
      const a = draw.pick(also);
      if (a.family === "not") {
        const d = this.gen(a.type, level + 1);
        if (d !== undefined) return (this.mark("not"), d);
      }
      if (a.family === "if" && a.then !== undefined) {
        for (let k = 0; k < 4; k++) {
          const d = this.gen(a.if, level + 1);
          if (d !== undefined && this.accepts(a.then, valueOf(d)) === false) return (this.mark("if-then"), d);
        }
      }
      if (a.family === "allOf" && a.type.kind === "enum") {
        const d = this.shape({ ...t, also: [] } as Type, level);
        if (d !== undefined && !a.type.values.some((x) => deepEqual(x, valueOf(d)))) return (this.mark("enum"), d);
      }
      if (a.family === "unevaluatedProperties" && kindsAccepted(t).includes("object")) {
        const d = this.shape(t, level);
        if (d?.t === "obj")
          return (
            this.mark("unevaluatedProperties"),
            { t: "obj", members: [...d.members, ["zzUnevaluated", { t: "num", text: "1" }]] }
          );
      }
      if (a.family === "unevaluatedItems" && kindsAccepted(t).includes("array")) {
        const d = this.shape(t, level);
        if (d?.t === "arr")
          return (this.mark("unevaluatedItems"), { t: "arr", items: [...d.items, { t: "obj", members: [] }] });
      }
    }
    switch (t.kind) {
      case "ref":
        if (t.decl.constant !== undefined) return otherKind();
        return level > 24 ? undefined : this.violate(t.decl.type, level + 1);
      case "any":
        return t.kinds === undefined ? undefined : otherKind();
      case "never":
        return (this.mark("never"), this.free(2));
      case "string": {
        const hints = this.stringHints(t).all;
        if (hints.length > 0 && draw.chance(0.7)) {
          const i = draw.int(0, hints.length - 1);
          const s = hints[i]!.invalid(draw);
          if (s !== undefined) return (this.mark(t.checks[i]!.family), { t: "str", s });
        }
        if (draw.chance(0.3)) return (this.mark("utf8"), { t: "str", s: draw.pick(LONE) });
        return otherKind();
      }
      case "integer":
      case "number": {
        const hints = this.numberHints(t);
        if (hints.length > 0 && draw.chance(0.7)) {
          const i = draw.int(0, hints.length - 1);
          const x = hints[i]!.invalid(draw);
          if (x !== undefined && Number.isFinite(x))
            return (this.mark(t.checks[i]!.family), { t: "num", text: String(x) });
        }
        if (draw.chance(0.5)) {
          this.mark("number-form");
          return {
            t: "num",
            text: draw.pick(
              t.kind === "integer"
                ? ["1.5", "9007199254740992", "-9007199254740993", "1e400", "0.1"]
                : ["1e400", "-1e400"],
            ),
          };
        }
        return otherKind();
      }
      case "boolean":
        if (t.const !== undefined && draw.chance(0.6)) return (this.mark("const"), { t: "bool", v: !t.const });
        return otherKind();
      case "null":
        return otherKind();
      case "enum": {
        const base = t.values.length > 0 ? docOf(draw.pick(t.values)) : { t: "null" as const };
        const m = applyMutations(base, [
          {
            kind: draw.pick(["change-type", "add-member", "boundary-number", "drop-member"] as const),
            pick: draw.int(0, 99),
            aux: draw.int(0, 99),
          },
        ]);
        this.mark("enum");
        return parseDoc(m.bytes) ?? otherKind();
      }
      case "array": {
        const d = this.shape(t, level);
        if (d?.t !== "arr") return otherKind();
        const v = d.items.map(valueOf);
        const choices: (() => Doc | undefined)[] = [];
        for (const c of t.checks) {
          const h =
            c.family === "items-length"
              ? arbitraryItemsLength(c)
              : c.family === "unique"
                ? arbitraryUnique(c)
                : arbitraryContains(c);
          choices.push(() => {
            const bad = h.violate(v, cx);
            return bad === undefined ? undefined : (this.mark(c.family), docOf(bad));
          });
        }
        if (t.items?.kind === "never")
          choices.push(
            () => (
              this.mark("items"),
              {
                t: "arr",
                items: [
                  ...d.items,
                  ...t.prefix.slice(d.items.length).map(() => ({ t: "null" as const })),
                  { t: "null" },
                ],
              }
            ),
          );
        choices.push(otherKind);
        return draw.pick(choices)();
      }
      case "object": {
        const d = this.shape(t, level);
        if (d?.t !== "obj") return otherKind();
        const flat = d.members.map(([k, x]): [string, JsonValue] => [k, valueOf(x)]);
        const choices: (() => Doc | undefined)[] = [otherKind];
        const required = t.properties.filter((p) => p.required);
        if (required.length > 0)
          choices.push(() => {
            const k = draw.pick(required).name;
            return (this.mark("required"), { t: "obj", members: d.members.filter(([x]) => x !== k) });
          });
        if (t.extras.kind === "reject" && t.patterns.length === 0)
          choices.push(
            () => (
              this.mark("additionalProperties"),
              { t: "obj", members: [...d.members, [draw.pick(["unknown", "Extra", "0"]), { t: "null" }]] }
            ),
          );
        if (t.extras.kind === "map") {
          const ex = t.extras.type;
          choices.push(() => {
            const bad = this.violate(ex, level + 1);
            return bad === undefined ? undefined : { t: "obj", members: [...d.members, ["zzMapValue", bad]] };
          });
        }
        for (const p of t.properties)
          choices.push(() => {
            const bad = this.violate(p.type, level + 1);
            return bad === undefined
              ? undefined
              : { t: "obj", members: [...d.members.filter(([x]) => x !== p.name), [p.name, bad]] };
          });
        for (const c of t.checks) {
          if (c.family === "size")
            choices.push(() => {
              const bad = arbitrarySize(c).violate(flat, cx);
              return bad === undefined ? undefined : (this.mark("size"), docOf(Object.fromEntries(bad) as JsonValue));
            });
          if (c.family === "dependentRequired")
            choices.push(() => {
              const bad = arbitraryDependentRequired(c).violate(flat, cx);
              return bad === undefined
                ? undefined
                : (this.mark("dependentRequired"),
                  { t: "obj", members: bad.map(([k, x]): [string, Doc] => [k, docOf(x)]) });
            });
          if (c.family === "propertyNames")
            choices.push(() => {
              for (let k = 0; k < 6; k++) {
                const key = this.key();
                if (this.accepts(c.type, key) === false)
                  return (this.mark("propertyNames"), { t: "obj", members: [...d.members, [key, { t: "null" }]] });
              }
              return undefined;
            });
          if (c.family === "dependentSchemas")
            choices.push(
              () => (this.mark("dependentSchemas"), { t: "obj", members: [...d.members, [c.key, { t: "null" }]] }),
            );
        }
        for (let k = 0; k < 3; k++) {
          const r = draw.pick(choices)();
          if (r !== undefined) return r;
        }
        return undefined;
      }
      case "union": {
        if (isNullable(t)) return this.violate(nullableOf(t), level);
        if (t.dispatch?.by === "const" && draw.chance(0.5)) {
          const d = this.gen(t.variants[draw.pick(dispatchLeaves(t.dispatch))]!, level);
          if (d?.t === "obj")
            return (
              this.mark("discriminator"),
              {
                t: "obj",
                members: [
                  ...d.members.filter(([k]) => k !== (t.dispatch as { key: string }).key),
                  [t.dispatch.key, { t: "str", s: "no-such-variant" }],
                ],
              }
            );
        }
        if (draw.chance(0.5)) {
          const i = draw.int(0, t.variants.length - 1);
          const bad = this.violate(t.variants[i]!, level);
          if (bad !== undefined) return bad;
        }
        return otherKind();
      }
    }
  }
}

function kindOfValue(v: JsonValue): string {
  return v === null ? "null" : Array.isArray(v) ? "array" : typeof v;
}

function parseDoc(b: Uint8Array): Doc | undefined {
  try {
    return docOf(JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(b)) as JsonValue);
  } catch {
    return undefined;
  }
}

/** Texts of a number: the shortest form and others with the same value. */
export function numberTexts(n: number, whole: boolean): string[] {
  const s = String(n);
  const forms = [s];
  if (Object.is(n, 0) || n === 0) forms.push("-0", "0.0", "0e5");
  if ((whole || Number.isInteger(n)) && /^-?\d+$/.test(s)) {
    forms.push(`${s}.0`, `${s}e0`, `${s}.000E+0`);
    if (n !== 0 && n % 1000 === 0 && Math.abs(n) < 1e15) forms.push(`${n / 1000}e3`, `${n / 1000}E+3`);
  } else if (Number.isFinite(n)) forms.push(n.toExponential());
  return forms;
}

function shuffle<T>(xs: T[], draw: Draw): T[] {
  const out = xs.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = draw.int(0, i);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const encoder = new TextEncoder();
function enc(s: string): Uint8Array {
  return encoder.encode(s);
}

// ---------------------------------------------------------------------------------------------
// Mutations of documents (as the first core's generator made them: they need no types)

/** One generated input: its bytes and the mutation that made it. */
export interface Case {
  mutation: string;
  bytes: Uint8Array;
}

export const MUTATIONS = [
  "drop-member",
  "add-member",
  "key-case",
  "change-type",
  "boundary-number",
  "unpaired-surrogate",
  "surrogate-key",
  "long-string",
  "deep-nesting",
  "duplicate-key",
  "bad-utf8",
  "truncate",
  "bom",
  "trailing",
  "empty",
  "null-member",
  "escaped-text",
  "bad-token",
  "unknown-keys",
] as const;
export type MutationKind = (typeof MUTATIONS)[number];

export interface Mutation {
  kind: MutationKind;
  /** Picks the node (modulo the number of candidates). */
  pick: number;
  /** A second choice (which value, which position, how deep, ...). */
  aux: number;
}

const BOUNDARY_NUMBERS = [
  "9007199254740991",
  "-9007199254740991",
  "9007199254740992",
  "-9007199254740992",
  "9007199254740993",
  "1e400",
  "-1e400",
  "1e300",
  "-0",
  "0.5",
  "1.0",
  "1e3",
  "-1",
  "1.0000000000000001",
  "-1e-400",
  "4294967295",
  "2147483648",
  "1E+2",
  "0e0",
];
const LONE = ["\ud800", "\udfff", "a\udbffb", "\udc00\ud800", "x\ud83d"];

interface Slot {
  get(): Doc;
  set(d: Doc): void;
  level: number;
}

/** Every node of a document, with a way to replace it (the root has level 1). */
function slots(root: { d: Doc }): Slot[] {
  const out: Slot[] = [];
  const stack: [() => Doc, (d: Doc) => void, number][] = [[() => root.d, (d) => (root.d = d), 1]];
  while (stack.length > 0) {
    const [get, set, level] = stack.pop()!;
    out.push({ get, set, level });
    const d = get();
    if (d.t === "arr") d.items.forEach((_, i) => stack.push([() => d.items[i]!, (x) => (d.items[i] = x), level + 1]));
    else if (d.t === "obj") d.members.forEach((m) => stack.push([() => m[1], (x) => (m[1] = x), level + 1]));
  }
  return out.reverse();
}

function objects(root: { d: Doc }): Extract<Doc, { t: "obj" }>[] {
  return slots(root)
    .map((s) => s.get())
    .filter((d): d is Extract<Doc, { t: "obj" }> => d.t === "obj");
}

function nested(levels: number, leaf: Doc, aux: number): Doc {
  let d = leaf;
  for (let i = 0; i < levels; i++)
    d = (aux + i) % 3 === 0 ? { t: "obj", members: [["k", d]] } : { t: "arr", items: [d] };
  return d;
}

/** Applies mutations in turn to (a copy of) a document; a mutation of the text ends the list. */
export function applyMutations(doc: Doc, ms: Mutation[]): Case {
  const root = { d: structuredClone(doc) };
  const names: string[] = [];
  for (const m of ms) {
    names.push(m.kind);
    const bytes = mutate(root, m);
    if (bytes !== undefined) return { mutation: names.join("+"), bytes };
  }
  return { mutation: names.join("+"), bytes: enc(serialize(root.d)) };
}

/** One mutation: of the document in place (undefined), or of its text (the bytes). */
function mutate(root: { d: Doc }, m: Mutation): Uint8Array | undefined {
  const pickOf = <T>(xs: T[]): T | undefined => (xs.length === 0 ? undefined : xs[m.pick % xs.length]);
  const text = (): Uint8Array => enc(serialize(root.d));
  const done = (): undefined => undefined;
  switch (m.kind) {
    case "drop-member": {
      const o = pickOf(objects(root).filter((x) => x.members.length > 0));
      if (o !== undefined) o.members.splice(m.aux % o.members.length, 1);
      return done();
    }
    case "add-member": {
      const o = pickOf(objects(root));
      const names = ["x", "unknown", "0", "__proto__", "a/b", "~", "", "Type", "PRIVATE-KEY-TEXT-99"];
      if (o !== undefined)
        o.members.splice(m.aux % (o.members.length + 1), 0, [
          names[m.aux % names.length]!,
          structuredClone(OTHER_KINDS[m.aux % OTHER_KINDS.length]!),
        ]);
      return done();
    }
    case "key-case": {
      const o = pickOf(objects(root).filter((x) => x.members.length > 0));
      if (o !== undefined) {
        const member = o.members[m.aux % o.members.length]!;
        const k = member[0];
        member[0] = m.aux % 2 === 0 ? k.toUpperCase() : k.charAt(0).toUpperCase() + k.slice(1);
      }
      return done();
    }
    case "change-type": {
      const s = pickOf(slots(root));
      if (s !== undefined) {
        const cur = s.get();
        const others = OTHER_KINDS.filter((o) => o.t !== cur.t);
        s.set(structuredClone(others[m.aux % others.length]!));
      }
      return done();
    }
    case "boundary-number": {
      const all = slots(root);
      const nums = all.filter((s) => s.get().t === "num");
      const s = pickOf(nums.length > 0 ? nums : all);
      if (s !== undefined) s.set({ t: "num", text: BOUNDARY_NUMBERS[m.aux % BOUNDARY_NUMBERS.length]! });
      return done();
    }
    case "unpaired-surrogate": {
      const all = slots(root);
      const strs = all.filter((s) => s.get().t === "str");
      const s = pickOf(strs.length > 0 ? strs : all);
      if (s !== undefined) s.set({ t: "str", s: LONE[m.aux % LONE.length]! });
      return done();
    }
    case "surrogate-key": {
      const o = pickOf(objects(root));
      if (o !== undefined) {
        if (o.members.length > 0 && m.aux % 2 === 0)
          o.members[m.aux % o.members.length]![0] += LONE[m.aux % LONE.length]!;
        else o.members.push([LONE[m.aux % LONE.length]!, { t: "null" }]);
      }
      return done();
    }
    case "long-string": {
      const all = slots(root);
      const strs = all.filter((s) => s.get().t === "str");
      const s = pickOf(strs.length > 0 ? strs : all);
      const units = ["a", "é", "😀", "\\", "\u0001", "<"];
      if (s !== undefined) s.set({ t: "str", s: units[m.aux % units.length]!.repeat(50_000 + (m.aux % 3)) });
      return done();
    }
    case "deep-nesting": {
      const s = pickOf(slots(root));
      if (s !== undefined) {
        // around the limit of 1000 levels, counted from the document root
        const target = [999, 1000, 1001, 1002, 1500][m.aux % 5]!;
        s.set(nested(Math.max(1, target - s.level + 1), { t: "num", text: "1" }, m.aux));
      }
      return done();
    }
    case "duplicate-key": {
      const o = pickOf(objects(root).filter((x) => x.members.length > 0));
      if (o !== undefined) {
        const i = m.aux % o.members.length;
        const [k, v] = o.members[i]!;
        const other = m.aux % 3 === 0 ? v : structuredClone(OTHER_KINDS[m.aux % OTHER_KINDS.length]!);
        // the duplicate goes before (the later, original value wins) or after (the new value wins)
        if (m.aux % 2 === 0) o.members.splice(0, 0, [k, other]);
        else o.members.push([k, other]);
      }
      return done();
    }
    case "bad-utf8": {
      const b = text();
      const bad = [[0xff], [0xc0, 0x80], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0xf4, 0x90, 0x80, 0x80], [0x80]][
        m.aux % 6
      ]!;
      const at = b.length === 0 ? 0 : m.pick % (b.length + 1);
      const out = new Uint8Array(b.length + bad.length);
      out.set(b.subarray(0, at));
      out.set(bad, at);
      out.set(b.subarray(at), at + bad.length);
      return out;
    }
    case "truncate": {
      const b = text();
      return b.subarray(0, b.length === 0 ? 0 : m.pick % b.length);
    }
    case "bom":
      return enc("\ufeff" + serialize(root.d));
    case "trailing":
      return enc(serialize(root.d) + [" x", "}", ",", " 1", "\u00a0", "\n{}"][m.aux % 6]!);
    case "empty":
      return enc(["", " ", "\r", "null", "[]", "{}", '""', "0"][m.aux % 8]!);
    case "null-member": {
      const o = pickOf(objects(root).filter((x) => x.members.length > 0));
      if (o !== undefined) o.members[m.aux % o.members.length]![1] = { t: "null" };
      return done();
    }
    case "escaped-text": {
      // the same document with strings and keys written with escapes (all, or every other character)
      const every = m.aux % 3 === 0 ? 1 : 2;
      const quote = (str: string): string => {
        let q = '"';
        for (let i = 0; i < str.length; i++) {
          const c = str.charCodeAt(i);
          const esc = i % every === 0 || c < 0x20 || c === 0x22 || c === 0x5c;
          if (!esc) q += str[i];
          else if (m.aux % 5 === 1 && c === 0x2f) q += "\\/";
          else q += "\\u" + c.toString(16).padStart(4, "0")[m.aux % 2 === 0 ? "toUpperCase" : "toLowerCase"]();
        }
        return q + '"';
      };
      return enc(serialize(root.d, ["", " ", "\t", "\r\n"][m.aux % 4]!, quote));
    }
    case "bad-token": {
      // a token that JSON does not allow, in place of a value
      const bad = [
        "01",
        "1.",
        ".5",
        "+1",
        "1e",
        "-",
        "0x10",
        "NaN",
        "Infinity",
        "-Infinity",
        "undefined",
        "'a'",
        '"\\x"',
        '"\\u12"',
        '"a\tb"',
        "tru",
        "nul",
        "[1,]",
        "{,}",
        '{"a" 1}',
        "[1 2]",
        '{"a":1,}',
      ];
      const marker = "\u0000MARK\u0000";
      const s = pickOf(slots(root));
      if (s !== undefined) s.set({ t: "str", s: marker });
      return enc(serialize(root.d).replace(JSON.stringify(marker), bad[m.aux % bad.length]!));
    }
    case "unknown-keys": {
      // several undeclared keys, array-index keys among them, in some order (document order of unknown keys)
      const o = pickOf(objects(root));
      const pool = ["zz", "7", "a", "0", "10", "01", "b", "4294967294", "4294967295", "-1"];
      if (o !== undefined) {
        const n = 2 + (m.aux % 3);
        for (let i = 0; i < n; i++) {
          const k = pool[(m.aux + i * 7) % pool.length]!;
          o.members.splice((m.pick + i) % (o.members.length + 1), 0, [
            k,
            structuredClone(OTHER_KINDS[(m.aux + i) % OTHER_KINDS.length]!),
          ]);
        }
      }
      return done();
    }
  }
}
