// minProperties / maxProperties: the number of distinct keys of an object.
import type { ObjectCheck } from "../ir/types";
import type { SchemaReader } from "../ir/build/reader";

export type SizeCheck = Extract<ObjectCheck, { family: "size" }>;

export function buildSize(r: SchemaReader): SizeCheck | undefined {
  const min = r.count("minProperties");
  const max = r.count("maxProperties");
  const c: SizeCheck = { family: "size" };
  if (min !== undefined && min > 0) c.min = min;
  if (max !== undefined) c.max = max;
  return c.min === undefined && c.max === undefined ? undefined : c;
}
