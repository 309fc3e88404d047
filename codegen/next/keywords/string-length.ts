// minLength / maxLength: a string's length in Unicode code points (not UTF-16 units, not bytes).
import type { StringCheck } from "../ir/types";
import type { SchemaReader } from "../ir/build/reader";

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
