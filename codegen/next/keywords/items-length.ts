// minItems / maxItems: the number of elements of an array.
import type { ArrayCheck } from "../ir/types";
import type { SchemaReader } from "../ir/build/reader";

export type ItemsLengthCheck = Extract<ArrayCheck, { family: "items-length" }>;

export function buildItemsLength(r: SchemaReader): ItemsLengthCheck | undefined {
  const min = r.count("minItems");
  const max = r.count("maxItems");
  const c: ItemsLengthCheck = { family: "items-length" };
  if (min !== undefined && min > 0) c.min = min;
  if (max !== undefined) c.max = max;
  return c.min === undefined && c.max === undefined ? undefined : c;
}
