// What a keyword family's diff function gets: the two nodes' places, a way to report a change there,
// and the comparison of child schemas (contains, propertyNames, dependentSchemas). Each family
// (codegen/next/keywords/<family>.ts) exports its diff; families.ts lists them per kind.
import type { JsonValue, Type } from "../ir/types";
import type { RuleId } from "./rules";
import type { Effect } from "./types";

export interface FamilyChange {
  rule: RuleId;
  message: string;
  /** The keyword (and deeper tokens) the change is about, for its JSON Pointer; the node itself when absent. */
  keyword?: (string | number)[];
  before?: JsonValue;
  after?: JsonValue;
}

export interface CheckDiff {
  /** Reports one change at the node being compared. */
  report(change: FamilyChange): void;
  /** The effect of replacing `base` by `head` (a child schema of the node), without reporting its details. */
  effectOf(base: Type, head: Type): Effect;
}

/** Compares one keyword family of two nodes of the same kind. */
export type FamilyDiff<T extends Type> = (base: T, head: T, cx: CheckDiff) => void;
