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

// ---- diff (codegen/next/diff): minProperties and maxProperties as count bounds ----
import type { ObjectType } from "../ir/types";
import type { FamilyDiff } from "../diff/context";
import { diffCounts } from "../diff/order";

export const diffSize: FamilyDiff<ObjectType> = (b, h, cx) => {
  const sizes = (t: ObjectType) => t.checks.filter((c): c is SizeCheck => c.family === "size");
  diffCounts(cx, ["minProperties", "maxProperties"], sizes(b), sizes(h));
};
