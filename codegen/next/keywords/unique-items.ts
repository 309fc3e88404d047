// uniqueItems: no two elements are equal as JSON values (objects regardless of member order,
// numbers by value, so 1 and 1.0 are equal: both languages compare the IEEE doubles JSON.parse gives).
import type { ArrayCheck } from "../ir/types";
import type { SchemaReader } from "../ir/build/reader";

export type UniqueCheck = Extract<ArrayCheck, { family: "unique" }>;

export function buildUnique(r: SchemaReader): UniqueCheck | undefined {
  const v = r.get("uniqueItems");
  if (v === undefined || v === false) return undefined;
  if (v !== true) {
    r.error("uniqueItems", "uniqueItems must be a boolean", "write true or false");
    return undefined;
  }
  return { family: "unique" };
}
