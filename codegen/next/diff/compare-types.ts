// Compares two types at one place and reports every change with its rule: references, kinds,
// nullable values, then per kind (families.ts, compare-arrays.ts, compare-objects.ts,
// compare-unions.ts) and the applicators beside the shape (compare-applicators.ts). Pure.
import { isNullable, kindsAccepted, nullableOf } from "../ir/query";
import type { AnyType, Decl, JsonValue, Kind, NumberType, Origin, StringType, Type, UnionType } from "../ir/types";
import { diffApplicators } from "./compare-applicators";
import { diffArray } from "./compare-arrays";
import { diffObject } from "./compare-objects";
import { diffUnion } from "./compare-unions";
import type { CheckDiff } from "./context";
import { combineEffects } from "./effect";
import { runFamilies, valueListOf } from "./families";
import { diffValues } from "../keywords/const-enum";
import { kindName } from "./names";
import { atKey, atKeyword, beforeAfter, opt, type Raw, type Sink } from "./report";
import { RULES, typeRule } from "./rules";
import type { Effect } from "./types";

/** What the type comparison needs from the protocol comparison around it. */
export interface DiffScope {
  /** The head name of a base definition (its own name, or its new name when renamed). */
  headName(base: Decl): string;
  /** The parties of a frame variant added or removed, when fewer than the union's (RunnerFrame's variants). */
  variantParties(base: Decl | undefined, head: Decl | undefined): Pick<Raw, "parties">;
}

const MAX_DEPTH = 50;

/** An object or a union of several kinds: a named record, compared as a whole against other kinds. */
export const isRecord = (t: Type): boolean => t.kind === "object" || (t.kind === "union" && !isNullable(t));

/** Free-form (`{}` or `type` only): no applicator beside it. */
const isPlainAny = (t: Type): t is AnyType => t.kind === "any" && t.also === undefined;

/** Whether the kinds `outer` allows (undefined: all) include every kind in `inner`. */
const covers = (outer: readonly Kind[] | undefined, inner: readonly Kind[]): boolean =>
  outer === undefined || inner.every((k) => outer.includes(k));

export class TypeDiffer {
  /** Effects of definition pairs, assumed equal while being compared (recursive definitions). */
  private readonly memo = new Map<string, Effect>();

  constructor(readonly scope: DiffScope) {}

  /** The combined effect of comparing two types, without reporting the details. */
  effectOf(b: Type, h: Type, depth: number): Effect {
    let effect: Effect = "none";
    this.diffType("", b, h, undefined, (r) => (effect = combineEffects(effect, RULES[r.rule].effect)), depth + 1);
    return effect;
  }

  private declEffect(b: Decl, h: Decl, depth: number): Effect {
    const key = `${b.name}\0${h.name}`;
    const known = this.memo.get(key);
    if (known !== undefined) return known;
    this.memo.set(key, "none");
    const effect = this.effectOf(b.type, h.type, depth);
    this.memo.set(key, effect);
    return effect;
  }

  /** Reporting for a keyword family at one node. */
  checkDiff(loc: string, at: Origin | undefined, sink: Sink, depth: number): CheckDiff {
    return {
      report: (c) =>
        sink({
          rule: c.rule,
          location: loc,
          message: c.message,
          ...(c.keyword === undefined ? opt(at) : opt(atKeyword(at, ...c.keyword))),
          ...beforeAfter(c.before, c.after),
        }),
      effectOf: (b, h) => this.effectOf(b, h, depth),
    };
  }

  diffType(loc: string, b: Type, h: Type, at: Origin | undefined, sink: Sink, depth = 0): void {
    if (depth > MAX_DEPTH) return;
    if (b.kind === "ref" && h.kind === "ref") {
      if (this.scope.headName(b.decl) === h.decl.name) return;
      typeChanged(sink, loc, this.declEffect(b.decl, h.decl, depth), b, h, opt(at));
      return;
    }
    if (b.kind === "ref" || h.kind === "ref") {
      const bt = deref(b);
      const ht = deref(h);
      if (bt.kind === "ref" || ht.kind === "ref" || isRecord(bt) || isRecord(ht)) {
        // A named record on one side only: compared as a whole.
        typeChanged(sink, loc, this.recordVsType(bt, ht, depth), b, h, opt(at));
        return;
      }
      this.diffType(loc, bt, ht, at, sink, depth + 1);
      return;
    }
    if (isNullable(b) || isNullable(h)) {
      this.diffNullable(loc, b, h, at, sink, depth);
      return;
    }
    if (b.kind !== h.kind) {
      this.diffKinds(loc, b, h, at, sink);
      return;
    }
    this.diffSameKind(loc, b, h, at, sink, depth);
    diffApplicators(this, loc, b, h, at, sink, depth);
  }

  private diffSameKind(loc: string, b: Type, h: Type, at: Origin | undefined, sink: Sink, depth: number): void {
    const cx = this.checkDiff(loc, at, sink, depth);
    switch (b.kind) {
      case "string": {
        const hs = h as StringType;
        runFamilies("string", b, hs, cx);
        if ((b.secret ?? false) !== (hs.secret ?? false)) {
          const message = hs.secret ? "marked x-secret" : "no longer x-secret: generated code may print it";
          sink({ rule: "secret-changed", location: loc, message, ...atKey(at, "x-secret") });
        }
        return;
      }
      case "integer":
      case "number":
        return runFamilies("number", b, h as NumberType, cx);
      case "boolean": {
        const hb = h as typeof b;
        return diffValues(
          b.const === undefined ? undefined : [b.const],
          hb.const === undefined ? undefined : [hb.const],
          cx,
        );
      }
      case "enum":
        return diffValues(b.values, (h as typeof b).values, cx);
      case "any":
        return this.diffAny(loc, b, h as AnyType, at, sink);
      case "array":
        return diffArray(this, loc, b, h as typeof b, at, sink, depth);
      case "object":
        return diffObject(this, loc, b, h as typeof b, at, sink, depth);
      case "union":
        return diffUnion(this, loc, b, h as UnionType, at, sink, depth);
      default:
        return; // null, never: nothing more to compare
    }
  }

  /** A record against something else: only a free-form value can contain or be contained by it. */
  private recordVsType(b: Type, h: Type, depth: number): Effect {
    if (b.kind === "ref" || h.kind === "ref") return "both";
    if (isPlainAny(h) && covers(h.kinds, kindsAccepted(b))) return "widen";
    if (isPlainAny(b) && covers(b.kinds, kindsAccepted(h))) return "narrow";
    if (b.kind === h.kind) return this.effectOf(b, h, depth);
    return "both";
  }

  private diffKinds(loc: string, b: Type, h: Type, at: Origin | undefined, sink: Sink): void {
    const bValues = b.kind === "enum" || h.kind === "enum" ? valueListOf(b) : undefined;
    const hValues = bValues === undefined ? undefined : valueListOf(h);
    if (bValues !== undefined && hValues !== undefined) {
      diffValues(bValues, hValues, this.checkDiff(loc, at, sink, 0));
      return;
    }
    let effect: Effect = "both";
    if (b.kind === "integer" && h.kind === "number") effect = "widen";
    else if (b.kind === "number" && h.kind === "integer") effect = "narrow";
    else if (b.kind === "never") effect = "widen";
    else if (h.kind === "never") effect = "narrow";
    else if (isPlainAny(h)) effect = covers(h.kinds, kindsAccepted(b)) ? "widen" : "both";
    else if (isPlainAny(b)) effect = covers(b.kinds, kindsAccepted(h)) ? "narrow" : "both";
    typeChanged(sink, loc, effect, b, h, atKey(at, "type"));
  }

  private diffAny(loc: string, b: AnyType, h: AnyType, at: Origin | undefined, sink: Sink): void {
    const [bk, hk] = [b.kinds, h.kinds];
    const sorted = (k: Kind[] | undefined) => (k === undefined ? undefined : [...k].sort());
    if (JSON.stringify(sorted(bk)) === JSON.stringify(sorted(hk))) return;
    const effect = this.anyKindsEffect(bk, hk);
    typeChanged(sink, loc, effect, b, h, atKey(at, "type"));
  }

  private anyKindsEffect(bk: Kind[] | undefined, hk: Kind[] | undefined): Effect {
    const includes = (outer: Kind[] | undefined, inner: Kind[] | undefined) =>
      outer === undefined || (inner !== undefined && inner.every((k) => outer.includes(k)));
    return includes(hk, bk) ? "widen" : includes(bk, hk) ? "narrow" : "both";
  }

  /** `T | null` on one side or both: whether null is allowed, then the rest compared. */
  private diffNullable(loc: string, b: Type, h: Type, at: Origin | undefined, sink: Sink, depth: number): void {
    const [bn, hn] = [isNullable(b), isNullable(h)];
    const bi = bn ? nullableOf(b as UnionType) : b;
    const hi = hn ? nullableOf(h as UnionType) : h;
    if (bn && hn) {
      this.diffType(loc, bi, hi, at, sink, depth + 1);
      return;
    }
    if (kindsAccepted(bn ? h : b).includes("null")) {
      // null on both sides already (a bare null, or a free-form value): a change of kinds.
      this.diffKinds(loc, b, h, at, sink);
      return;
    }
    const [before, after]: [JsonValue, JsonValue] = [kindName(b), kindName(h)];
    sink({
      rule: hn ? "nullable-added" : "nullable-removed",
      location: loc,
      message: hn ? `null now allowed (${before} → ${after})` : `null no longer allowed (${before} → ${after})`,
      ...atKey(at, "type"),
      before,
      after,
    });
    this.diffType(loc, bi, hi, at, sink, depth + 1);
  }
}

/** A change of type, by the effect of replacing one by the other. */
function typeChanged(sink: Sink, loc: string, effect: Effect, b: Type, h: Type, at: { at?: Origin }): void {
  const [before, after] = [kindName(b), kindName(h)];
  sink({ rule: typeRule(effect), location: loc, message: `type ${before} → ${after}`, ...at, before, after });
}

/** Follows references to the type they name, stopping at constants (query.resolve would give a constant's bare type, not its value). */
export function deref(t: Type): Type {
  let cur = t;
  for (let hops = 0; cur.kind === "ref" && hops < 100; hops++) {
    if (cur.decl.constant !== undefined) return cur;
    cur = cur.decl.type;
  }
  return cur;
}
