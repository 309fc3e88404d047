// minLength / maxLength: a string's length in Unicode code points (not UTF-16 units, not bytes).
import type { StringCheck } from "../ir/types";
import type { SchemaReader } from "../ir/build/reader";
import type { Printer } from "../print/printer";
import { args, type Val } from "../ts/value";

export type LengthCheck = Extract<StringCheck, { family: "length" }>;

export function buildLength(r: SchemaReader): LengthCheck | undefined {
  const min = r.count("minLength");
  const max = r.count("maxLength");
  if (min === undefined && max === undefined) return undefined;
  const c: LengthCheck = { family: "length" };
  if (min !== undefined && min > 0) c.min = min;
  if (max !== undefined) c.max = max;
  return c.min === undefined && c.max === undefined ? undefined : c;
}

/** minLength fails only below 2n UTF-16 units, maxLength only above n: the guards skip the calls. */
export function tsLength(pr: Printer, c: LengthCheck, v: Val): void {
  if (c.min !== undefined) pr.raw(`if (${v.x}.length < ${2 * c.min}) $minLen(${v.x}, ${c.min}, ${args(v)});`);
  if (c.max !== undefined) pr.raw(`if (${v.x}.length > ${c.max}) $maxLen(${v.x}, ${c.max}, ${args(v)});`);
}
