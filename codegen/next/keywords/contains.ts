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

// ---- diff (codegen/next/diff): the matching schema and the counts, one change per contains ----
import type { ArrayType } from "../ir/types";
import type { FamilyDiff } from "../diff/context";
import { combineEffects, ruleByEffect } from "../diff/effect";
import type { Effect } from "../diff/types";

const CONTAINS_RULES = { widen: "contains-loosened", narrow: "contains-tightened", both: "contains-changed" } as const;

/** A contains that every array satisfies (minContains: 0 and no maxContains) checks nothing. */
const vacuous = (c: ContainsCheck | undefined): boolean => c === undefined || (c.min === 0 && c.max === undefined);

export const diffContains: FamilyDiff<ArrayType> = (b, h, cx) => {
  const all = (t: ArrayType) => t.checks.filter((c): c is ContainsCheck => c.family === "contains");
  const [bs, hs] = [all(b), all(h)];
  for (let i = 0; i < Math.max(bs.length, hs.length); i++) {
    const [bc, hc] = [vacuous(bs[i]) ? undefined : bs[i], vacuous(hs[i]) ? undefined : hs[i]];
    if (bc === undefined && hc === undefined) continue;
    if (bc === undefined || hc === undefined) {
      cx.report({
        rule: bc === undefined ? "contains-tightened" : "contains-loosened",
        message: bc === undefined ? "contains added" : "contains removed",
        keyword: ["contains"],
      });
      continue;
    }
    const parts: string[] = [];
    let effect: Effect = "none";
    const schema = cx.effectOf(bc.type, hc.type);
    if (schema !== "none") {
      // More matching elements make minContains easier and maxContains harder to meet.
      effect = bc.max === undefined && hc.max === undefined ? schema : "both";
      parts.push(schema === "widen" ? "schema widened" : schema === "narrow" ? "schema narrowed" : "schema changed");
    }
    if (bc.min !== hc.min) {
      effect = combineEffects(effect, hc.min > bc.min ? "narrow" : "widen");
      parts.push(`minContains ${bc.min} → ${hc.min}`);
    }
    if (bc.max !== hc.max) {
      const looser = hc.max === undefined || (bc.max !== undefined && hc.max > bc.max);
      effect = combineEffects(effect, looser ? "widen" : "narrow");
      parts.push(`maxContains ${bc.max ?? "none"} → ${hc.max ?? "none"}`);
    }
    if (effect === "none") continue;
    cx.report({
      rule: ruleByEffect(effect, CONTAINS_RULES),
      message: `contains: ${parts.join(", ")}`,
      keyword: ["contains"],
    });
  }
};

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
