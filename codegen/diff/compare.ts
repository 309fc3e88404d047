// Compares two versions of one protocol's IR and lists every change with its breaking-change rule.
// Pure: IR in, changes out (lines in files are added later, by the command).
import type {
  AnyType, ArrayType, Decl, JsonKind, JsonValue, NumericConstraints, ObjectType, Origin, Property, Protocol, StringType, Type, UnionType,
} from "../ir/types";
import { computeDirections, mergeDirections, readersOf, type Direction, type Directions } from "./direction";
import { classificationOf, combineEffects, RULES, typeRule, type RuleId } from "./rules";
import type { Change, Effect, ProtocolDiff } from "./types";

/** A change before classification: the rule, where, and what. */
interface Raw {
  rule: RuleId;
  location: string;
  message: string;
  at?: Origin;
  before?: JsonValue;
  after?: JsonValue;
  /** Overrides the definition's direction (x-sent-by changes name their own parties). */
  parties?: { readers: string[]; writers: string[] };
}

type Sink = (r: Raw) => void;

const code = (v: unknown): string => "`" + (typeof v === "string" ? v : JSON.stringify(v)) + "`";
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** A type's shape for rename detection: everything that decides what is valid, nothing about where or why. */
function shapeOf(t: unknown): unknown {
  if (Array.isArray(t)) return t.map(shapeOf);
  if (t === null || typeof t !== "object") return t;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(t)) {
    if (k === "origin" || k === "description" || k === "deprecated" || k === "goName") continue;
    out[k] = shapeOf(v);
  }
  return out;
}

function declShape(d: Decl): string {
  return JSON.stringify({
    type: shapeOf(d.type),
    constant: d.constant,
    enum: d.enumMembers?.map((m) => m.value),
    sentBy: d.sentBy,
    result: d.result,
    frame: d.frame,
  });
}

/** The union's discriminator keys, in the order its dispatch tests them. */
function dispatchKeys(u: UnionType): string[] {
  const keys: string[] = [];
  const walk = (d: UnionType["dispatch"]): void => {
    if (d.by === "presence") {
      if (!keys.includes(d.key)) keys.push(d.key);
      walk(d.present);
      walk(d.absent);
    } else if (d.by === "const") {
      if (!keys.includes(d.key)) keys.push(d.key);
      for (const c of d.cases) walk(c.next);
    } else if (d.by === "kind") for (const c of d.cases) walk(c.next);
  };
  walk(u.dispatch);
  return keys;
}

function kindName(t: Type): string {
  if (t.kind === "ref") return t.name;
  if (t.kind === "any") return t.kinds === undefined ? "any JSON value" : `any ${t.kinds.join(" or ")}`;
  if (t.kind === "array") return `array of ${kindName(t.items)}`;
  return t.kind;
}

function jsonKindOf(t: Type): JsonKind | undefined {
  switch (t.kind) {
    case "integer":
    case "number":
      return "number";
    case "string":
    case "boolean":
    case "null":
    case "array":
    case "object":
      return t.kind;
    default:
      return undefined;
  }
}

interface Bound {
  value: number;
  exclusive: boolean;
}

/** The effective lower (or upper) bound; for integers, exclusive bounds become inclusive whole numbers. */
function bound(c: NumericConstraints, integer: boolean, side: "lower" | "upper"): Bound | undefined {
  const inc = side === "lower" ? c.minimum : c.maximum;
  const exc = side === "lower" ? c.exclusiveMinimum : c.exclusiveMaximum;
  const cands: Bound[] = [];
  if (inc !== undefined) cands.push(integer ? { value: side === "lower" ? Math.ceil(inc) : Math.floor(inc), exclusive: false } : { value: inc, exclusive: false });
  if (exc !== undefined) {
    if (integer) cands.push({ value: side === "lower" ? Math.floor(exc) + 1 : Math.ceil(exc) - 1, exclusive: false });
    else cands.push({ value: exc, exclusive: true });
  }
  if (cands.length === 0) return undefined;
  const tighter = (a: Bound, b: Bound): Bound => {
    if (a.value !== b.value) return (side === "lower" ? a.value > b.value : a.value < b.value) ? a : b;
    return a.exclusive ? a : b;
  };
  return cands.reduce(tighter);
}

function boundText(b: Bound | undefined, side: "lower" | "upper"): string {
  if (b === undefined) return "none";
  return `${side === "lower" ? (b.exclusive ? ">" : "≥") : b.exclusive ? "<" : "≤"} ${b.value}`;
}

/** -1: head is looser, 1: head is tighter, 0: same. */
function compareBounds(b: Bound | undefined, h: Bound | undefined, side: "lower" | "upper"): -1 | 0 | 1 {
  if (b === undefined && h === undefined) return 0;
  if (b === undefined) return 1;
  if (h === undefined) return -1;
  if (b.value === h.value) return b.exclusive === h.exclusive ? 0 : h.exclusive ? 1 : -1;
  const headHigher = h.value > b.value;
  return (side === "lower") === headHigher ? 1 : -1;
}

export class ProtocolDiffer {
  private readonly baseDecls: Map<string, Decl>;
  private readonly headDecls: Map<string, Decl>;
  /** base name -> head name, for definitions matched across the two sides (equal names, or a rename). */
  private readonly toHead = new Map<string, string>();
  private readonly toBase = new Map<string, string>();
  private readonly baseDir: Directions | undefined;
  private readonly headDir: Directions | undefined;
  private readonly changes: Change[] = [];
  /** The direction of the definition being compared. */
  private declDir: Direction = { writers: [], readers: [], known: false };

  constructor(
    private readonly name: string,
    private readonly base: Protocol | undefined,
    private readonly head: Protocol | undefined,
  ) {
    this.baseDecls = new Map((base?.decls ?? []).map((d) => [d.name, d]));
    this.headDecls = new Map((head?.decls ?? []).map((d) => [d.name, d]));
    this.baseDir = base && computeDirections(base);
    this.headDir = head && computeDirections(head);
  }

  run(): ProtocolDiff {
    const { base, head } = this;
    const diff: ProtocolDiff = { name: this.name, versionChanged: false, breaking: false, needsVersionChange: false, changes: this.changes };
    if (base?.version !== undefined) diff.baseVersion = base.version;
    if (head?.version !== undefined) diff.headVersion = head.version;
    diff.versionChanged = !same(base?.version, head?.version);
    const versionDecl = head?.decls.find((d) => d.constant?.role === "protocol-version");
    if (versionDecl !== undefined) diff.versionLocation = { file: versionDecl.origin.file, pointer: `${versionDecl.origin.pointer}/const` };
    if (base === undefined || head === undefined) {
      const p = (head ?? base)!;
      const at: Origin = { file: p.files[0] ?? `schema/${this.name}`, pointer: "" };
      this.add({ rule: head === undefined ? "protocol-removed" : "protocol-added", location: this.name, message: `protocol ${this.name} ${head === undefined ? "removed" : "added"}`, at }, this.allParties());
    } else {
      this.diffProtocol(base, head);
    }
    diff.breaking = this.changes.some((c) => c.classification !== "safe");
    diff.needsVersionChange = diff.breaking && !diff.versionChanged;
    return diff;
  }

  private allParties(): Direction {
    const parties = [...new Set([...(this.baseDir?.parties ?? []), ...(this.headDir?.parties ?? [])])].sort();
    return { writers: parties, readers: parties, known: false };
  }

  private diffProtocol(base: Protocol, head: Protocol): void {
    const protoAt: Origin = { file: head.files[0] ?? `schema/${this.name}`, pointer: "" };
    for (const key of ["title", "description"] as const) {
      if (base[key] !== head[key]) {
        this.add({ rule: "description-changed", location: this.name, message: `protocol ${key} changed`, at: protoAt, ...this.beforeAfter(base[key], head[key]) }, this.allParties());
      }
    }
    for (const d of base.decls) if (this.headDecls.has(d.name)) this.match(d.name, d.name);
    this.findRenames(base, head);
    for (const h of head.decls) {
      const bName = this.toBase.get(h.name);
      if (bName === undefined) this.declAddedOrRemoved(h, "added");
      else this.diffDecl(this.baseDecls.get(bName)!, h);
    }
    for (const b of base.decls) if (!this.toHead.has(b.name)) this.declAddedOrRemoved(b, "removed");
    // The version change first: it is what a reviewer looks for.
    this.changes.sort((a, b) => (a.rule === "version-changed" ? 0 : 1) - (b.rule === "version-changed" ? 0 : 1));
  }

  private match(b: string, h: string): void {
    this.toHead.set(b, h);
    this.toBase.set(h, b);
  }

  /** A definition only in the base and one only in the head with the same shape, each the only one of its shape. */
  private findRenames(base: Protocol, head: Protocol): void {
    const group = (decls: Decl[], matched: Map<string, string>): Map<string, Decl[]> => {
      const m = new Map<string, Decl[]>();
      for (const d of decls) {
        if (matched.has(d.name)) continue;
        const s = declShape(d);
        m.set(s, [...(m.get(s) ?? []), d]);
      }
      return m;
    };
    const gone = group(base.decls, this.toHead);
    const added = group(head.decls, this.toBase);
    for (const [shape, bs] of gone) {
      const hs = added.get(shape);
      if (bs.length !== 1 || hs === undefined || hs.length !== 1) continue;
      const [b, h] = [bs[0]!, hs[0]!];
      this.match(b.name, h.name);
      this.add({ rule: "definition-renamed", location: h.name, message: `definition ${b.name} renamed to ${h.name} (same shape)`, at: h.origin, before: b.name, after: h.name }, this.dirOf(b.name, h.name));
    }
  }

  private dirOf(baseName: string | undefined, headName: string | undefined): Direction {
    return mergeDirections(baseName === undefined ? undefined : this.baseDir?.of(baseName), headName === undefined ? undefined : this.headDir?.of(headName));
  }

  private add(r: Raw, dir: Direction): void {
    const rule = RULES[r.rule];
    const effect: Effect = rule.effect;
    const parties = r.parties ?? { readers: dir.readers, writers: dir.writers };
    const c: Change = {
      protocol: this.name,
      rule: r.rule,
      kind: rule.kind,
      location: r.location,
      message: r.message,
      classification: classificationOf(effect),
      oldReaders: effect === "widen" || effect === "both" ? parties.readers : [],
      oldWriters: effect === "narrow" || effect === "both" ? parties.writers : [],
      reason: rule.reason,
    };
    if (r.at !== undefined) {
      c.file = r.at.file;
      c.pointer = r.at.pointer;
    }
    if (r.before !== undefined) c.before = r.before;
    if (r.after !== undefined) c.after = r.after;
    this.changes.push(c);
  }

  private beforeAfter(before: JsonValue | undefined, after: JsonValue | undefined): Pick<Raw, "before" | "after"> {
    const out: Pick<Raw, "before" | "after"> = {};
    if (before !== undefined) out.before = before;
    if (after !== undefined) out.after = after;
    return out;
  }

  private declAddedOrRemoved(d: Decl, how: "added" | "removed"): void {
    const dir = how === "added" ? this.dirOf(undefined, d.name) : this.dirOf(d.name, undefined);
    let rule: RuleId;
    let what = "definition";
    if (d.constant?.role === "protocol-version") {
      rule = "version-changed";
      what = "protocol version constant";
    } else if (d.constant?.role === "frame-limit") {
      rule = how === "added" ? "frame-limit-lowered" : "frame-limit-raised";
      what = "frame limit";
    } else if (d.constant !== undefined) {
      rule = how === "added" ? "constant-added" : "constant-removed";
      what = "constant";
    } else if (d.sentBy !== undefined) {
      rule = how === "added" ? "frame-added" : "frame-removed";
      what = `frame definition (sent by ${d.sentBy.join(", ")})`;
    } else {
      rule = how === "added" ? "definition-added" : "definition-removed";
    }
    const value = d.constant !== undefined ? ` = ${JSON.stringify(d.constant.value)}` : "";
    const at = how === "added" ? d.origin : this.removedAt(d.origin);
    const r: Raw = { rule, location: d.name, message: `${what} ${d.name}${value} ${how}`, at };
    if (d.constant !== undefined) Object.assign(r, how === "added" ? { after: d.constant.value } : { before: d.constant.value });
    this.add(r, dir);
  }

  /** Where to point at something gone: the same pointer in the head file (the line finder falls back to its nearest ancestor). */
  private removedAt(o: Origin): Origin {
    return { file: o.file, pointer: o.pointer };
  }

  private diffDecl(b: Decl, h: Decl): void {
    const dir = this.dirOf(b.name, h.name);
    this.declDir = dir;
    const sink: Sink = (r) => this.add(r, dir);
    const loc = h.name;
    if ((b.description ?? "") !== (h.description ?? "")) {
      sink({ rule: "description-changed", location: loc, message: "description changed", at: h.origin, ...this.beforeAfter(b.description, h.description) });
    }
    if ((b.deprecated ?? false) !== (h.deprecated ?? false)) {
      sink({ rule: "deprecated-changed", location: loc, message: h.deprecated ? "marked deprecated" : "no longer deprecated", at: h.origin });
    }
    if (b.constant !== undefined || h.constant !== undefined) {
      this.diffConstant(b, h, sink);
      return;
    }
    this.diffSentBy(b, h, dir);
    if ((b.frame ?? false) !== (h.frame ?? false)) {
      sink({ rule: "frame-changed", location: loc, message: h.frame ? "now x-frame (a frame reader is generated)" : "no longer x-frame", at: h.origin });
    }
    if ((b.result === undefined ? undefined : (this.toHead.get(b.result) ?? b.result)) !== h.result) {
      const rdir = this.dirOf(b.result, h.result);
      const anyOf = (o: Origin): Type => ({ kind: "any", origin: o });
      const bt: Type = b.result === undefined ? anyOf(b.origin) : { kind: "ref", origin: b.origin, name: b.result };
      const ht: Type = h.result === undefined ? anyOf(h.origin) : { kind: "ref", origin: h.origin, name: h.result };
      this.diffType(`${loc} (result)`, bt, ht, { file: h.origin.file, pointer: `${h.origin.pointer}/x-result` }, (r) => this.add(r, rdir));
    }
    this.diffType(loc, b.type, h.type, h.origin, sink);
  }

  private diffConstant(b: Decl, h: Decl, sink: Sink): void {
    const loc = h.name;
    if (b.constant === undefined || h.constant === undefined) {
      sink({ rule: "type-changed", location: loc, message: b.constant === undefined ? "became a constant" : "is no longer a constant", at: h.origin });
      return;
    }
    const bv = b.constant.value;
    const hv = h.constant.value;
    const role = h.constant.role;
    if (b.constant.role !== role) {
      sink({ rule: "constant-changed", location: loc, message: `constant role ${b.constant.role ?? "none"} → ${role ?? "none"}`, at: h.origin });
    }
    if (same(bv, hv)) return;
    const at = { file: h.origin.file, pointer: `${h.origin.pointer}/const` };
    const message = `value ${JSON.stringify(bv)} → ${JSON.stringify(hv)}`;
    if (role === "protocol-version" && b.constant.role === role) sink({ rule: "version-changed", location: loc, message: `protocol version ${JSON.stringify(bv)} → ${JSON.stringify(hv)}`, at, before: bv, after: hv });
    else if (role === "frame-limit" && b.constant.role === role && typeof bv === "number" && typeof hv === "number") {
      sink({ rule: hv > bv ? "frame-limit-raised" : "frame-limit-lowered", location: loc, message: `frame limit ${bv} → ${hv} bytes`, at, before: bv, after: hv });
    } else sink({ rule: "constant-changed", location: loc, message, at, before: bv, after: hv });
  }

  /** Writers of a frame definition: compared as computed (x-sent-by, or inherited when it is dropped on one side). */
  private diffSentBy(b: Decl, h: Decl, dir: Direction): void {
    if (b.sentBy === undefined && h.sentBy === undefined) return;
    const bd = this.baseDir?.of(b.name);
    const hd = this.headDir?.of(h.name);
    if (bd === undefined || hd === undefined || !bd.known || !hd.known) return;
    const parties = this.allParties().writers;
    const at = { file: h.origin.file, pointer: `${h.origin.pointer}/x-sent-by` };
    const [bs, hs] = [bd.writers, hd.writers];
    for (const p of hs.filter((x) => !bs.includes(x))) {
      this.add({ rule: "sent-by-added", location: h.name, message: `now also written by ${p}`, at, before: bs, after: hs, parties: { readers: readersOf([p], parties), writers: [p] } }, dir);
    }
    for (const p of bs.filter((x) => !hs.includes(x))) {
      this.add({ rule: "sent-by-removed", location: h.name, message: `no longer written by ${p}`, at, before: bs, after: hs, parties: { readers: readersOf([p], parties), writers: [p] } }, dir);
    }
  }

  // ---- types ----

  private declOf(side: "base" | "head", name: string): Decl | undefined {
    return (side === "base" ? this.baseDecls : this.headDecls).get(name);
  }

  /** Follows references to scalar and array definitions; stops at objects and unions (named records). */
  private deref(side: "base" | "head", t: Type): Type {
    let cur = t;
    for (let hops = 0; cur.kind === "ref" && hops < 100; hops++) {
      const d = this.declOf(side, cur.name);
      if (d === undefined || d.constant !== undefined) return cur;
      cur = d.type;
    }
    return cur;
  }

  /** The combined effect of comparing two types, without reporting the details. */
  private effectOf(b: Type, h: Type, depth: number): Effect {
    let effect: Effect = "none";
    this.diffType("", b, h, undefined, (r) => (effect = combineEffects(effect, RULES[r.rule].effect)), depth + 1);
    return effect;
  }

  private diffType(loc: string, b: Type, h: Type, at: Origin | undefined, sink: Sink, depth = 0): void {
    if (depth > 50) return;
    if (b.kind === "ref" && h.kind === "ref") {
      if ((this.toHead.get(b.name) ?? b.name) === h.name) return;
      const bd = this.declOf("base", b.name);
      const hd = this.declOf("head", h.name);
      const effect = bd && hd ? this.effectOf(bd.type, hd.type, depth) : "both";
      sink({ rule: typeRule(effect), location: loc, message: `type ${b.name} → ${h.name}`, ...this.opt(at), before: b.name, after: h.name });
      return;
    }
    if (b.kind === "ref" || h.kind === "ref") {
      const bt = this.deref("base", b);
      const ht = this.deref("head", h);
      if (bt.kind === "ref" || ht.kind === "ref" || bt.kind === "object" || ht.kind === "object" || bt.kind === "union" || ht.kind === "union") {
        // A named record on one side only: compare it as a whole.
        const effect = this.recordVsType(bt, ht, depth);
        sink({ rule: typeRule(effect), location: loc, message: `type ${kindName(b)} → ${kindName(h)}`, ...this.opt(at), before: kindName(b), after: kindName(h) });
        return;
      }
      this.diffType(loc, bt, ht, at, sink, depth + 1);
      return;
    }
    if (b.kind !== h.kind) {
      this.diffKinds(loc, b, h, at, sink);
      return;
    }
    switch (b.kind) {
      case "string":
        return this.diffString(loc, b, h as StringType, at, sink);
      case "integer":
      case "number":
        return this.diffNumeric(loc, b, h as NumericConstraints & Type, b.kind === "integer", at, sink);
      case "boolean": {
        const hb = h as typeof b;
        this.diffValues(loc, b.const === undefined ? undefined : [b.const], hb.const === undefined ? undefined : [hb.const], at, sink);
        return;
      }
      case "null":
        return;
      case "any":
        return this.diffAny(loc, b, h as AnyType, at, sink);
      case "array":
        return this.diffArray(loc, b, h as ArrayType, at, sink, depth);
      case "object":
        return this.diffObject(loc, b, h as ObjectType, at, sink, depth);
      case "union":
        return this.diffUnion(loc, b, h as UnionType, at, sink, depth);
    }
  }

  private opt(at: Origin | undefined): { at?: Origin } {
    return at === undefined ? {} : { at };
  }

  private atKey(at: Origin | undefined, key: string): { at?: Origin } {
    return at === undefined ? {} : { at: { file: at.file, pointer: `${at.pointer}/${key}` } };
  }

  /** A record (object or union) against something else: only a free-form value can contain or be contained by it. */
  private recordVsType(b: Type, h: Type, depth: number): Effect {
    if (b.kind === "ref" || h.kind === "ref") return "both";
    if (h.kind === "any" && (h.kinds === undefined || (b.kind === "object" && h.kinds.includes("object")))) return "widen";
    if (b.kind === "any" && (b.kinds === undefined || (h.kind === "object" && b.kinds.includes("object")))) return "narrow";
    if (b.kind === h.kind) return this.effectOf(b, h, depth);
    return "both";
  }

  private diffKinds(loc: string, b: Type, h: Type, at: Origin | undefined, sink: Sink): void {
    let effect: Effect = "both";
    if (b.kind === "integer" && h.kind === "number") effect = "widen";
    else if (b.kind === "number" && h.kind === "integer") effect = "narrow";
    else if (h.kind === "any") {
      const k = jsonKindOf(b);
      if (h.kinds === undefined || (k !== undefined && h.kinds.includes(k))) effect = "widen";
    } else if (b.kind === "any") {
      const k = jsonKindOf(h);
      if (b.kinds === undefined || (k !== undefined && b.kinds.includes(k))) effect = "narrow";
    }
    sink({ rule: typeRule(effect), location: loc, message: `type ${kindName(b)} → ${kindName(h)}`, ...this.atKey(at, "type"), before: kindName(b), after: kindName(h) });
  }

  /** Allowed values (const or enum; undefined: any value of the kind). */
  private diffValues(loc: string, b: (string | number | boolean)[] | undefined, h: (string | number | boolean)[] | undefined, at: Origin | undefined, sink: Sink): void {
    if (b === undefined && h === undefined) return;
    if (b === undefined || h === undefined) {
      const list = (b ?? h)!.map(code).join(", ");
      sink({
        rule: b === undefined ? "constraint-tightened" : "constraint-loosened",
        location: loc,
        message: b === undefined ? `values restricted to ${list}` : `no longer restricted to ${list}`,
        ...(b === undefined ? this.atKey(at, "enum") : this.opt(at)),
        ...this.beforeAfter(b, h),
      });
      return;
    }
    if (b.length === 1 && h.length === 1) {
      if (b[0] !== h[0]) sink({ rule: "const-changed", location: loc, message: `const ${code(b[0])} → ${code(h[0])}`, ...this.atKey(at, "const"), before: b[0]!, after: h[0]! });
      return;
    }
    for (const v of h) if (!b.includes(v)) sink({ rule: "enum-value-added", location: loc, message: `value ${code(v)} added`, ...this.atKey(at, "enum"), after: v });
    for (const v of b) if (!h.includes(v)) sink({ rule: "enum-value-removed", location: loc, message: `value ${code(v)} removed`, ...this.atKey(at, "enum"), before: v });
  }

  private diffString(loc: string, b: StringType, h: StringType, at: Origin | undefined, sink: Sink): void {
    const vals = (t: StringType): string[] | undefined => (t.const !== undefined ? [t.const] : t.enum);
    this.diffValues(loc, vals(b), vals(h), at, sink);
    this.diffCount(loc, "minLength", b.minLength, h.minLength, "lower", at, sink);
    this.diffCount(loc, "maxLength", b.maxLength, h.maxLength, "upper", at, sink);
    if (b.pattern !== h.pattern) {
      const rule: RuleId = b.pattern === undefined ? "constraint-tightened" : h.pattern === undefined ? "constraint-loosened" : "constraint-changed";
      const message = b.pattern === undefined ? `pattern ${code(h.pattern)} added` : h.pattern === undefined ? `pattern ${code(b.pattern)} removed` : `pattern ${code(b.pattern)} → ${code(h.pattern)}`;
      sink({ rule, location: loc, message, ...this.atKey(at, "pattern"), ...this.beforeAfter(b.pattern, h.pattern) });
    }
    if ((b.secret ?? false) !== (h.secret ?? false)) {
      sink({ rule: "secret-changed", location: loc, message: h.secret ? "marked x-secret" : "no longer x-secret: generated code may print it", ...this.atKey(at, "x-secret") });
    }
  }

  /** minLength/maxLength/minItems/maxItems: a lower count bound (default 0) or an upper one (default none). */
  private diffCount(loc: string, key: string, b: number | undefined, h: number | undefined, side: "lower" | "upper", at: Origin | undefined, sink: Sink): void {
    const norm = (v: number | undefined) => (side === "lower" && v === 0 ? undefined : v);
    const [bn, hn] = [norm(b), norm(h)];
    if (bn === hn) return;
    const cmp = compareBounds(bn === undefined ? undefined : { value: bn, exclusive: false }, hn === undefined ? undefined : { value: hn, exclusive: false }, side);
    const text = (v: number | undefined) => (v === undefined ? "none" : String(v));
    sink({ rule: cmp > 0 ? "constraint-tightened" : "constraint-loosened", location: loc, message: `${key} ${text(b)} → ${text(h)}`, ...this.atKey(at, key), ...this.beforeAfter(b, h) });
  }

  private diffNumeric(loc: string, b: NumericConstraints, h: NumericConstraints, integer: boolean, at: Origin | undefined, sink: Sink): void {
    const vals = (t: NumericConstraints): number[] | undefined => (t.const !== undefined ? [t.const] : t.enum);
    this.diffValues(loc, vals(b), vals(h), at, sink);
    for (const side of ["lower", "upper"] as const) {
      const bb = bound(b, integer, side);
      const hb = bound(h, integer, side);
      const cmp = compareBounds(bb, hb, side);
      if (cmp === 0) continue;
      const key = side === "lower" ? (h.exclusiveMinimum !== undefined ? "exclusiveMinimum" : "minimum") : h.exclusiveMaximum !== undefined ? "exclusiveMaximum" : "maximum";
      sink({
        rule: cmp > 0 ? "constraint-tightened" : "constraint-loosened",
        location: loc,
        message: `${side === "lower" ? "lower" : "upper"} bound ${boundText(bb, side)} → ${boundText(hb, side)}`,
        ...this.atKey(at, key),
        ...this.beforeAfter(bb && boundText(bb, side), hb && boundText(hb, side)),
      });
    }
    if (b.multipleOf !== h.multipleOf) {
      const [bm, hm] = [b.multipleOf, h.multipleOf];
      const rule: RuleId =
        bm === undefined ? "constraint-tightened" : hm === undefined ? "constraint-loosened" : hm % bm === 0 ? "constraint-tightened" : bm % hm === 0 ? "constraint-loosened" : "constraint-changed";
      sink({ rule, location: loc, message: `multipleOf ${bm ?? "none"} → ${hm ?? "none"}`, ...this.atKey(at, "multipleOf"), ...this.beforeAfter(bm, hm) });
    }
  }

  private diffAny(loc: string, b: AnyType, h: AnyType, at: Origin | undefined, sink: Sink): void {
    const bk = b.kinds;
    const hk = h.kinds;
    if (same(bk === undefined ? undefined : [...bk].sort(), hk === undefined ? undefined : [...hk].sort())) return;
    const covers = (outer: JsonKind[] | undefined, inner: JsonKind[] | undefined) => outer === undefined || (inner !== undefined && inner.every((k) => outer.includes(k)));
    const effect: Effect = covers(hk, bk) ? "widen" : covers(bk, hk) ? "narrow" : "both";
    sink({ rule: typeRule(effect), location: loc, message: `type ${kindName(b)} → ${kindName(h)}`, ...this.atKey(at, "type"), before: kindName(b), after: kindName(h) });
  }

  private diffArray(loc: string, b: ArrayType, h: ArrayType, at: Origin | undefined, sink: Sink, depth: number): void {
    this.diffCount(loc, "minItems", b.minItems, h.minItems, "lower", at, sink);
    this.diffCount(loc, "maxItems", b.maxItems, h.maxItems, "upper", at, sink);
    this.diffType(`${loc}[]`, b.items, h.items, at === undefined ? undefined : { file: at.file, pointer: `${at.pointer}/items` }, sink, depth + 1);
  }

  private diffObject(loc: string, b: ObjectType, h: ObjectType, at: Origin | undefined, sink: Sink, depth: number): void {
    if (b.extras !== h.extras) {
      sink({
        rule: h.extras === "keep" ? "extras-opened" : "extras-closed",
        location: loc,
        message: h.extras === "keep" ? "extra members now allowed (additionalProperties)" : "extra members now rejected (additionalProperties: false)",
        ...this.atKey(at, "additionalProperties"),
        before: b.extras,
        after: h.extras,
      });
    }
    const bProps = new Map(b.properties.map((p) => [p.name, p]));
    const hProps = new Map(h.properties.map((p) => [p.name, p]));
    const propAt = (p: Property): { at?: Origin } => (at === undefined ? {} : { at: p.origin });
    for (const hp of h.properties) {
      const bp = bProps.get(hp.name);
      const ploc = `${loc}.${hp.name}`;
      if (bp === undefined) {
        // An old reader sees the new key as unknown (closed in the base) or keeps it (open in the base).
        const open = b.extras === "keep";
        const rule: RuleId = hp.required ? (open ? "property-added-open-required" : "property-added-required") : open ? "property-added-open-optional" : "property-added-optional";
        sink({ rule, location: ploc, message: `${hp.required ? "required" : "optional"} property ${hp.name} (${kindName(hp.type)}) added`, ...propAt(hp) });
        continue;
      }
      this.diffProperty(ploc, bp, hp, propAt(hp), sink, depth);
    }
    for (const bp of b.properties) {
      if (hProps.has(bp.name)) continue;
      // A new reader sees what an old writer still sends as unknown (closed in the head) or keeps it (open in the head).
      const open = h.extras === "keep";
      const rule: RuleId = bp.required ? (open ? "property-removed-open-required" : "property-removed-required") : open ? "property-removed-open-optional" : "property-removed-optional";
      const where = at === undefined ? {} : { at: { file: at.file, pointer: bp.origin.pointer } };
      sink({ rule, location: `${loc}.${bp.name}`, message: `${bp.required ? "required" : "optional"} property ${bp.name} removed`, ...where });
    }
  }

  private diffProperty(loc: string, b: Property, h: Property, at: { at?: Origin }, sink: Sink, depth: number): void {
    if (b.required !== h.required) {
      sink({ rule: h.required ? "property-now-required" : "property-now-optional", location: loc, message: h.required ? "now required" : "now optional", ...at, before: b.required, after: h.required });
    }
    if ((b.description ?? "") !== (h.description ?? "")) {
      sink({ rule: "description-changed", location: loc, message: "description changed", ...at, ...this.beforeAfter(b.description, h.description) });
    }
    if ((b.deprecated ?? false) !== (h.deprecated ?? false)) {
      sink({ rule: "deprecated-changed", location: loc, message: h.deprecated ? "marked deprecated" : "no longer deprecated", ...at });
    }
    this.diffType(loc, b.type, h.type, at.at, sink, depth + 1);
  }

  private variantKey(side: "base" | "head", t: Type): string {
    if (t.kind === "ref") return `ref:${side === "base" ? (this.toHead.get(t.name) ?? t.name) : t.name}`;
    return `kind:${t.kind}`;
  }

  private diffUnion(loc: string, b: UnionType, h: UnionType, at: Origin | undefined, sink: Sink, depth: number): void {
    if (b.open !== h.open) {
      sink({ rule: "union-openness-changed", location: loc, message: h.open ? "union opened (x-open): unknown variants are ignored" : "union closed: unknown variants are errors", ...this.atKey(at, "x-open"), before: b.open, after: h.open });
    }
    const bKeys = dispatchKeys(b);
    const hKeys = dispatchKeys(h);
    const bv = new Map(b.variants.map((v) => [this.variantKey("base", v), v]));
    const hv = new Map(h.variants.map((v) => [this.variantKey("head", v), v]));
    const sameVariants = bv.size === hv.size && [...bv.keys()].every((k) => hv.has(k));
    // Adding or removing a variant may add or drop a key that only it needed; the primary key must stay.
    if (!same(bKeys, hKeys) && (sameVariants || bKeys[0] !== hKeys[0])) {
      sink({ rule: "discriminator-changed", location: loc, message: `discriminator ${bKeys.join(", ") || "(by kind)"} → ${hKeys.join(", ") || "(by kind)"}`, ...this.atKey(at, "x-discriminator"), before: bKeys, after: hKeys });
    }
    const kw = at === undefined ? {} : this.atKey(at, "oneOf");
    // A variant that is a frame of its own (RunnerFrame's variants) is written only by its own writers.
    const narrowed = (baseName: string | undefined, headName: string | undefined): Pick<Raw, "parties"> => {
      const v = this.dirOf(baseName, headName);
      const writers = this.declDir.writers.filter((w) => v.writers.includes(w));
      if (!v.known || writers.length === 0 || writers.length === this.declDir.writers.length) return {};
      return { parties: { writers, readers: readersOf(writers, this.allParties().writers) } };
    };
    for (const [key, v] of hv) {
      const old = bv.get(key);
      if (old === undefined) {
        const parties = v.kind === "ref" ? narrowed(undefined, v.name) : {};
        sink({ rule: b.open ? "variant-added-open" : "variant-added", location: loc, message: `variant ${kindName(v)} added`, ...kw, after: kindName(v), ...parties });
      } else if (v.kind !== "ref") {
        this.diffType(`${loc}<${v.kind}>`, old, v, at, sink, depth + 1);
      }
    }
    for (const [key, v] of bv) {
      if (hv.has(key)) continue;
      const parties = v.kind === "ref" ? narrowed(v.name, this.toHead.get(v.name)) : {};
      sink({ rule: h.open ? "variant-removed-open" : "variant-removed", location: loc, message: `variant ${kindName(v)} removed`, ...kw, before: kindName(v), ...parties });
    }
  }
}

export function diffProtocol(name: string, base: Protocol | undefined, head: Protocol | undefined): ProtocolDiff {
  return new ProtocolDiffer(name, base, head).run();
}
