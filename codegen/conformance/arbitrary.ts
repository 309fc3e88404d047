// fast-check arbitraries of wire texts for ANY protocol, built from the IR (codegen/ir/types.ts):
// values valid for a definition, and mutations of them (drop a required key, add a key, change a
// key's case, change a type, boundary numbers, unpaired surrogates, very long strings, deep nesting,
// duplicate keys, bytes that are not UTF-8, ...). Sizes are bounded so that nothing can hang.
import fc from "fast-check";
import type { Decl, Dispatch, Protocol, Type } from "../ir/types";

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

const MAX_SAFE = 9007199254740991;

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

/** Keys that exercise property order, prototypes, pointers and escapes. */
const SPECIAL_KEYS = ["0", "1", "10", "01", "-1", "4294967294", "4294967295", "__proto__", "toString", "constructor", "a/b", "m~n", "", " ", "é", "😀"];

/** Number texts that are valid finite JSON numbers, in many forms. */
const NUMBER_TEXTS = ["0", "-0", "1", "-1", "0.1", "1.5", "1e21", "1e-7", "1E2", "1.0", "2.50", "5e-324", "1.7976931348623157e308", "9007199254740993", "123456789012345678901234567890", "0.30000000000000004"];

export interface GenOptions {
  /** Largest number of items of generated arrays and extra members. */
  maxItems?: number;
  /** Largest string length in code points (outside the long-string mutation). */
  maxString?: number;
  /** Levels of free-form values. */
  freeDepth?: number;
}

export class Generator {
  private readonly decls = new Map<string, Decl>();
  private readonly memo = new Map<string, fc.Arbitrary<Doc>>();
  /** Keys used by some union's dispatch: extra members never use them (they would change the variant). */
  private readonly dispatchKeys = new Set<string>();
  private readonly maxItems: number;
  private readonly maxString: number;
  private readonly freeDepth: number;

  constructor(
    readonly protocol: Protocol,
    opts: GenOptions = {},
  ) {
    for (const d of protocol.decls) this.decls.set(d.name, d);
    this.maxItems = opts.maxItems ?? 3;
    this.maxString = opts.maxString ?? 24;
    this.freeDepth = opts.freeDepth ?? 3;
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
    for (const d of protocol.decls) if (d.type.kind === "union") visit(d.type.dispatch);
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

  /** Documents valid for the definition. */
  valid(name: string): fc.Arbitrary<Doc> {
    return this.ofType(this.decl(name).type, 0);
  }

  private ofType(t: Type, level: number): fc.Arbitrary<Doc> {
    switch (t.kind) {
      case "ref": {
        const key = `${t.name}@${Math.min(level, 8)}`;
        let a = this.memo.get(key);
        if (a === undefined) {
          // lazily, so that recursive definitions terminate (deeper levels only take what is required)
          let inner: fc.Arbitrary<Doc> | undefined;
          a = fc.constant(null).chain(() => (inner ??= this.ofType(this.decl(t.name).type, level + 1)));
          this.memo.set(key, a);
        }
        return a;
      }
      case "string":
        return this.stringOf(t).map((s): Doc => ({ t: "str", s }));
      case "integer":
      case "number":
        return this.numberOf(t);
      case "boolean":
        return t.const !== undefined ? fc.constant<Doc>({ t: "bool", v: t.const }) : fc.boolean().map((v): Doc => ({ t: "bool", v }));
      case "null":
        return fc.constant<Doc>({ t: "null" });
      case "any": {
        const kinds = t.kinds;
        const free = this.free(this.freeDepth);
        return kinds === undefined ? free : free.filter((d) => (kinds as readonly string[]).includes(kindOfDoc(d)));
      }
      case "array": {
        const min = t.minItems ?? 0;
        const max = Math.max(min, Math.min(t.maxItems ?? Infinity, level > 6 ? min : min + this.maxItems));
        return fc.array(this.ofType(t.items, level + 1), { minLength: min, maxLength: max }).map((items): Doc => ({ t: "arr", items }));
      }
      case "object": {
        const props = t.properties.map((p) =>
          p.required || level > 6
            ? p.required
              ? this.ofType(p.type, level + 1).map((v) => [[p.name, v]] as [string, Doc][])
              : fc.constant([] as [string, Doc][])
            : fc.option(this.ofType(p.type, level + 1), { nil: undefined }).map((v) => (v === undefined ? [] : [[p.name, v]]) as [string, Doc][]),
        );
        const declared = new Set(t.properties.map((p) => p.name));
        const extras =
          t.extras === "keep"
            ? fc.array(fc.tuple(this.key().filter((k) => !declared.has(k) && !this.dispatchKeys.has(k)), this.free(2)), { maxLength: this.maxItems })
            : fc.constant([] as [string, Doc][]);
        return fc.tuple(fc.tuple(...props), extras, fc.nat()).map(([ps, ex, seed]): Doc => {
          const members = [...ps.flat(), ...ex];
          return { t: "obj", members: shuffle(members, seed) };
        });
      }
      case "union":
        return fc.oneof(...t.variants.map((v) => this.ofType(v, level)));
    }
  }

  private stringOf(t: Extract<Type, { kind: "string" }>): fc.Arbitrary<string> {
    if (t.const !== undefined) return fc.constant(t.const);
    if (t.enum !== undefined) return fc.constantFrom(...t.enum);
    const min = t.minLength ?? 0;
    const max = Math.max(min, Math.min(t.maxLength ?? Infinity, min + this.maxString));
    const fits = (s: string): boolean => {
      const n = [...s].length;
      return n >= min && n <= max;
    };
    if (t.pattern !== undefined) {
      const re = new RegExp(t.pattern, "u");
      return fc
        .oneof(fc.stringMatching(re, { size: "small" }), fc.constantFrom(...SPECIAL_STRINGS))
        .filter((s) => re.test(s) && fits(s));
    }
    return fc
      .oneof(
        { weight: 2, arbitrary: fc.string({ unit: "binary", minLength: min, maxLength: max }) },
        { weight: 2, arbitrary: fc.string({ minLength: min, maxLength: max }) },
        { weight: 1, arbitrary: fc.constantFrom(...SPECIAL_STRINGS) },
      )
      .filter(fits);
  }

  private numberOf(t: Extract<Type, { kind: "integer" | "number" }>): fc.Arbitrary<Doc> {
    const whole = t.kind === "integer";
    if (t.const !== undefined) return fc.constant(t.const).chain((n) => numberText(n, whole));
    if (t.enum !== undefined) return fc.constantFrom(...t.enum).chain((n) => numberText(n, whole));
    let lo = t.minimum ?? -Infinity;
    let hi = t.maximum ?? Infinity;
    if (t.exclusiveMinimum !== undefined) lo = Math.max(lo, whole ? Math.floor(t.exclusiveMinimum) + 1 : t.exclusiveMinimum);
    if (t.exclusiveMaximum !== undefined) hi = Math.min(hi, whole ? Math.ceil(t.exclusiveMaximum) - 1 : t.exclusiveMaximum);
    let arb: fc.Arbitrary<number>;
    if (whole) {
      const min = Math.max(lo, -MAX_SAFE);
      const max = Math.min(hi, MAX_SAFE);
      const edges = [min, max, 0, 1, -1, 1000, 2 ** 31, 2 ** 32, MAX_SAFE - 1].filter((n) => n >= min && n <= max);
      arb = fc.oneof(fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) }), fc.constantFrom(...edges), fc.maxSafeInteger().filter((n) => n >= min && n <= max));
      if (t.multipleOf !== undefined) {
        const m = t.multipleOf;
        arb = arb.map((n) => Math.trunc(n / m) * m).filter((n) => n >= min && n <= max);
      }
    } else {
      const edges = [0, -0, 0.1, 1e21, 1e-7, 5e-324, Number.MAX_VALUE, MAX_SAFE + 2].filter((n) => n >= lo && n <= hi);
      arb = fc.oneof(
        fc.double({ noNaN: true, noDefaultInfinity: true, ...(Number.isFinite(lo) ? { min: lo } : {}), ...(Number.isFinite(hi) ? { max: hi } : {}) }),
        ...(edges.length > 0 ? [fc.constantFrom(...edges)] : []),
      );
      if (t.multipleOf !== undefined) {
        const m = t.multipleOf;
        arb = arb.map((n) => Math.trunc(n / m) * m).filter((n) => n >= lo && n <= hi && Number.isFinite(n));
      }
    }
    return arb.chain((n) => numberText(n, whole));
  }

  /** Object keys: plain ones and troublesome ones. */
  key(): fc.Arbitrary<string> {
    return fc.oneof(fc.constantFrom(...SPECIAL_KEYS), fc.string({ maxLength: 8 }), fc.string({ unit: "binary", maxLength: 6 }));
  }

  /** Free-form JSON documents of at most `depth` levels, duplicate keys included. */
  free(depth: number): fc.Arbitrary<Doc> {
    const scalar: fc.Arbitrary<Doc> = fc.oneof(
      fc.constant<Doc>({ t: "null" }),
      fc.boolean().map((v): Doc => ({ t: "bool", v })),
      fc.constantFrom(...NUMBER_TEXTS).map((text): Doc => ({ t: "num", text })),
      fc.double({ noNaN: true, noDefaultInfinity: true }).map((n): Doc => ({ t: "num", text: String(n) })),
      fc.oneof(fc.string({ maxLength: 12 }), fc.string({ unit: "binary", maxLength: 8 }), fc.constantFrom(...SPECIAL_STRINGS)).map((s): Doc => ({ t: "str", s })),
    );
    if (depth <= 1) return scalar;
    const inner = this.free(depth - 1);
    return fc.oneof(
      { weight: 3, arbitrary: scalar },
      { weight: 1, arbitrary: fc.array(inner, { maxLength: this.maxItems }).map((items): Doc => ({ t: "arr", items })) },
      {
        weight: 1,
        arbitrary: fc.array(fc.tuple(this.key(), inner), { maxLength: this.maxItems + 1 }).map((members): Doc => ({ t: "obj", members })),
      },
    );
  }

  /** Texts for a definition: mostly mutations of valid documents, some valid ones. */
  input(name: string): fc.Arbitrary<Case> {
    const valid = this.valid(name);
    return fc.oneof(
      { weight: 1, arbitrary: fc.tuple(valid, fc.constantFrom("", "", " ", "\t\r\n")).map(([d, ws]): Case => ({ mutation: "none", bytes: enc(serialize(d, ws)) })) },
      { weight: 3, arbitrary: fc.tuple(valid, mutation()).map(([d, m]) => applyMutations(d, [m])) },
      { weight: 1, arbitrary: fc.tuple(valid, fc.array(mutation(), { minLength: 2, maxLength: 4 })).map(([d, ms]) => applyMutations(d, ms)) },
    );
  }
}

function kindOfDoc(d: Doc): string {
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

/** Texts of a number: the shortest form and others with the same value. */
function numberText(n: number, whole: boolean): fc.Arbitrary<Doc> {
  const forms = [String(n)];
  if (Object.is(n, 0)) forms.push("-0", "0.0", "0e5");
  if (whole) {
    forms.push(`${n}.0`, `${n}e0`, `${n}.000E+0`);
    if (n !== 0 && n % 1000 === 0 && Math.abs(n) < 1e15) forms.push(`${n / 1000}e3`, `${n / 1000}E+3`);
  } else if (Number.isFinite(n)) forms.push(n.toExponential());
  return fc.constantFrom(...forms).map((text): Doc => ({ t: "num", text }));
}

function shuffle<T>(xs: T[], seed: number): T[] {
  const out = xs.slice();
  let s = seed | 0 || 1;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const encoder = new TextEncoder();
function enc(s: string): Uint8Array {
  return encoder.encode(s);
}

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

export function mutation(): fc.Arbitrary<Mutation> {
  return fc.record({ kind: fc.constantFrom(...MUTATIONS), pick: fc.nat(), aux: fc.nat() });
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
const OTHER_KINDS: Doc[] = [{ t: "null" }, { t: "bool", v: false }, { t: "num", text: "0" }, { t: "str", s: "" }, { t: "arr", items: [] }, { t: "obj", members: [] }, { t: "str", s: "1" }, { t: "num", text: "1" }];

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
  for (let i = 0; i < levels; i++) d = (aux + i) % 3 === 0 ? { t: "obj", members: [["k", d]] } : { t: "arr", items: [d] };
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
      if (o !== undefined) o.members.splice(m.aux % (o.members.length + 1), 0, [names[m.aux % names.length]!, structuredClone(OTHER_KINDS[m.aux % OTHER_KINDS.length]!)]);
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
        if (o.members.length > 0 && m.aux % 2 === 0) o.members[m.aux % o.members.length]![0] += LONE[m.aux % LONE.length]!;
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
      const bad = [[0xff], [0xc0, 0x80], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0xf4, 0x90, 0x80, 0x80], [0x80]][m.aux % 6]!;
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
      const bad = ["01", "1.", ".5", "+1", "1e", "-", "0x10", "NaN", "Infinity", "-Infinity", "undefined", "'a'", '"\\x"', '"\\u12"', '"a\tb"', "tru", "nul", "[1,]", "{,}", '{"a" 1}', "[1 2]", '{"a":1,}'];
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
          o.members.splice((m.pick + i) % (o.members.length + 1), 0, [k, structuredClone(OTHER_KINDS[(m.aux + i) % OTHER_KINDS.length]!)]);
        }
      }
      return done();
    }
  }
}
