// What the value generator (codegen/next/conformance/arbitrary.ts) and the keyword families'
// generator hints (the `arbitrary*` functions at the end of each codegen/next/keywords/ module)
// share: a source of random choices, and the shapes of the hints. Types only, and a seeded PRNG:
// nothing here imports a test library, so the keyword modules stay loadable by the packaged CLI.
import type { JsonValue, Type } from "../ir/types";

/** Random choices, all reproducible from one seed. */
export interface Draw {
  /** An integer in [min, max] (both included; min when max < min). */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(xs: readonly T[]): T;
  /** A well-formed string (no lone surrogate) of min..max code points, from alphabets that exercise escaping and counting. */
  text(min: number, max: number): string;
  /** A string that the ECMAScript pattern (u flag, unanchored search) matches, or undefined. */
  matching(source: string): string | undefined;
  /** A number in [lo, hi] (finite bounds), whole when `integer`; boundary values often. */
  number(lo: number, hi: number, integer: boolean): number;
}

/** What a keyword family tells the generator about one check of a scalar (string or number) value. */
export interface ScalarHint<T> {
  /** Whether v satisfies the check, exactly as both decoders decide; undefined: the family cannot tell (format). */
  holds?(v: T): boolean;
  /** A value that satisfies the check, when the family can construct one (else others generate and `holds` filters). */
  valid?(d: Draw): T | undefined;
  /** A value that violates the check (near its boundary), or undefined when none exists. */
  invalid(d: Draw): T | undefined;
}

/** The numeric range a bounds check allows: [lo, hi], each end open or closed. */
export interface NumberRange {
  lo: number;
  hi: number;
  loOpen: boolean;
  hiOpen: boolean;
}

export interface NumberHint extends ScalarHint<number> {
  /** The range the check allows (bounds). */
  range?: NumberRange;
  /** A value in [lo, hi] that satisfies the check (multipleOf), or undefined when there is none. */
  within?(d: Draw, lo: number, hi: number, integer: boolean): number | undefined;
}

/** What the generator lends a hint of a container keyword: sub-values and the reference evaluator. */
export interface HintContext {
  draw: Draw;
  /** A valid value of t (undefined: none found). */
  value(t: Type): JsonValue | undefined;
  /** Whether v is valid against t (the reference evaluator at t's origin); undefined when it cannot tell. */
  accepts(t: Type, v: JsonValue): boolean | undefined;
}

/** A count the container keyword allows (array length, number of members, number of matches). */
export interface CountHint<C> {
  min: number;
  max: number | undefined;
  holds(container: C, cx: HintContext): boolean | undefined;
  /** Changes the container (a copy) so that the check fails, or undefined when it cannot. */
  violate(container: C, cx: HintContext): C | undefined;
}

/** A 32-bit PRNG (mulberry32): fast, and the same sequence on every platform for a seed. */
export class Prng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0 || 0x9e3779b9;
  }
  next(): number {
    let t = (this.s = (this.s + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    if (max <= min) return min;
    return min + Math.floor(this.next() * (max - min + 1));
  }
}
