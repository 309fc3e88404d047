// Arrays: the array keyword families (minItems/maxItems, uniqueItems, contains), then the elements:
// the fixed ones (prefixItems) by position, then every further one (items).
import type { ArrayType, Origin, Type } from "../ir/types";
import type { TypeDiffer } from "./compare-types";
import { runFamilies } from "./families";
import { atKeyword, type Sink } from "./report";

/** The type of the element at `index`, or of every further one (index undefined). */
function elementAt(a: ArrayType, index: number | undefined): Type {
  const t = index === undefined ? undefined : a.prefix[index];
  return t ?? a.items ?? { kind: "any", origin: a.origin };
}

export function diffArray(
  td: TypeDiffer,
  loc: string,
  b: ArrayType,
  h: ArrayType,
  at: Origin | undefined,
  sink: Sink,
  depth: number,
): void {
  runFamilies("array", b, h, td.checkDiff(loc, at, sink, depth));
  const fixed = Math.max(b.prefix.length, h.prefix.length);
  for (let i = 0; i < fixed; i++) {
    const where = i < h.prefix.length ? atKeyword(at, "prefixItems", i) : atKeyword(at, "items");
    td.diffType(`${loc}[${i}]`, elementAt(b, i), elementAt(h, i), where, sink, depth + 1);
  }
  td.diffType(`${loc}[]`, elementAt(b, undefined), elementAt(h, undefined), atKeyword(at, "items"), sink, depth + 1);
}
