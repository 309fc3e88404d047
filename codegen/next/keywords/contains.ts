// contains (draft-06+) with minContains / maxContains (2019-09+): how many elements match a schema.
// minContains: 0 makes contains always hold (apart from maxContains).
import type { ArrayCheck } from "../ir/types";
import type { BuildContext } from "../ir/build/context";
import type { SchemaReader } from "../ir/build/reader";

export type ContainsCheck = Extract<ArrayCheck, { family: "contains" }>;

export function buildContains(r: SchemaReader, ctx: BuildContext): ContainsCheck | undefined {
  if (!r.has("contains")) return undefined;
  const min = r.count("minContains");
  const max = r.count("maxContains");
  // From 2020-12, the elements contains matches count as evaluated for unevaluatedItems.
  const evaluates = r.draft === "draft2020-12";
  const c: ContainsCheck = { family: "contains", type: ctx.child(r.loc("contains")), min: min ?? 1, evaluates };
  if (max !== undefined) c.max = max;
  return c;
}

// ---- value generation (codegen/next/conformance/arbitrary.ts) ----

import type { CountHint, HintContext } from "../conformance/draw";
import type { JsonValue } from "../ir/types";

/** contains: how many elements must match (min..max); violated by removing matches or adding too many. */
export function arbitraryContains(c: ContainsCheck): CountHint<JsonValue[]> {
  const count = (a: JsonValue[], cx: HintContext): number | undefined => {
    let n = 0;
    for (const x of a) {
      const ok = cx.accepts(c.type, x);
      if (ok === undefined) return undefined;
      if (ok) n++;
    }
    return n;
  };
  return {
    min: c.min,
    max: c.max,
    holds: (a, cx) => {
      const n = count(a, cx);
      return n === undefined ? undefined : n >= c.min && (c.max === undefined || n <= c.max);
    },
    violate: (a, cx) => {
      if (c.max !== undefined && (c.min === 0 || cx.draw.chance(0.5))) {
        const x = cx.value(c.type);
        if (x === undefined) return undefined;
        const out = a.slice();
        for (let i = 0; i <= c.max; i++) out.push(x);
        return out;
      }
      if (c.min === 0) return undefined;
      return a.filter((x) => cx.accepts(c.type, x) === false);
    },
  };
}
