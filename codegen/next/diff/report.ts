// A change as the comparers find it (before it is classified), where it points, and how values
// are quoted in messages.
import { childPointer } from "../../errors";
import type { JsonValue, Origin } from "../ir/types";
import type { RuleId } from "./rules";

/** A change before classification: the rule, where, and what. */
export interface Raw {
  rule: RuleId;
  location: string;
  message: string;
  at?: Origin;
  before?: JsonValue;
  after?: JsonValue;
  /** Overrides the definition's direction (x-sent-by changes, frame variants, name their own parties). */
  parties?: { readers: string[]; writers: string[] };
}

export type Sink = (r: Raw) => void;

/** A value in a message: strings as they are, anything else as JSON, in backticks. */
export const code = (v: unknown): string => "`" + (typeof v === "string" ? v : JSON.stringify(v)) + "`";

/** Canonical JSON (object keys sorted): equal texts, equal JSON values. */
export function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(",")}]`;
  if (v !== null && typeof v === "object") {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(v);
}

export const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

export const opt = (at: Origin | undefined): { at?: Origin } => (at === undefined ? {} : { at });

/** The origin of a keyword (or a path of keywords: "dependentSchemas", "size") under `at`. */
export function atKeyword(at: Origin | undefined, ...tokens: (string | number)[]): Origin | undefined {
  if (at === undefined) return undefined;
  let pointer = at.pointer;
  for (const t of tokens) pointer = childPointer(pointer, t);
  return { file: at.file, pointer };
}

export const atKey = (at: Origin | undefined, ...tokens: (string | number)[]): { at?: Origin } =>
  opt(atKeyword(at, ...tokens));

export function beforeAfter(
  before: JsonValue | undefined,
  after: JsonValue | undefined,
): Pick<Raw, "before" | "after"> {
  const out: Pick<Raw, "before" | "after"> = {};
  if (before !== undefined) out.before = before;
  if (after !== undefined) out.after = after;
  return out;
}
