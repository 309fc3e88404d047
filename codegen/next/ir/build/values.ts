// JSON values as the builder compares them: deep equality (objects regardless of member order,
// numbers by value), and their kind.
import type { JsonValue, Kind } from "../types";

export function kindOfValue(v: JsonValue): Kind {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  return typeof v as Kind;
}

export function deepEqual(a: JsonValue, b: JsonValue): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as JsonValue[];
    return a.length === bb.length && a.every((x, i) => deepEqual(x, bb[i]!));
  }
  const ao = a as Record<string, JsonValue>;
  const bo = b as Record<string, JsonValue>;
  const ak = Object.keys(ao);
  return (
    ak.length === Object.keys(bo).length &&
    ak.every((k) => Object.prototype.hasOwnProperty.call(bo, k) && deepEqual(ao[k]!, bo[k]!))
  );
}
