// The skeleton of a type's text: the fewest bytes that any valid value of it spells out and that
// its decoder never copies (braces, required keys, colons, commas, quotes, numbers, literals, and
// constants it only compares). The rest of the text bounds the strings and free-form values a
// short text's decode copies, which sizes a union variant's one allocation (runtime
// wireNewVariant). Too small a skeleton wastes a few bytes; too large a one costs a second
// allocation, never a wrong value. Where unsure, it counts nothing.
import { resolve } from "../ir/query";
import type { Type } from "../ir/types";
import { constOf, GoContext } from "./context";

const utf8 = (s: string): number => Buffer.byteLength(s, "utf8");

export function skeletonBytes(g: GoContext, t: Type, depth = 0): number {
  if (depth > 16) return 0;
  const r = resolve(t);
  switch (r.kind) {
    case "object": {
      const required = r.properties.filter((p) => p.required && p.undeclared !== true);
      let n = 2 + Math.max(0, required.length - 1);
      for (const p of required) {
        const c = g.implied(p) && (p.patterns ?? []).length === 0 ? constOf(p.type) : undefined;
        // the key (its shortest spelling), the colon, and the value's own skeleton
        n += utf8(JSON.stringify(p.name)) + 1;
        n += typeof c === "string" ? utf8(JSON.stringify(c)) : skeletonBytes(g, p.type, depth + 1);
      }
      return n;
    }
    case "array":
      return 2;
    case "string":
      return 2;
    case "integer":
    case "number":
      return 1;
    case "boolean":
    case "null":
      return 4;
    default:
      return 0;
  }
}
