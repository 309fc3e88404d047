// JSON values as generated TypeScript compares them: canonical texts (codegen/next/ts/runtime.ts $canon).
import type { JsonValue } from "../ir/types";

/** The canonical text of a value, as the runtime's $canon writes it: members sorted by key. */
export function canonOf(v: JsonValue): string {
  if (typeof v !== "object" || v === null) return JSON.stringify(v);
  if (Array.isArray(v)) return "[" + v.map(canonOf).join(",") + "]";
  const keys = Object.keys(v).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return "{" + keys.map((k) => JSON.stringify(k) + ":" + canonOf(v[k]!)).join(",") + "}";
}
