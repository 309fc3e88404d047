// propertyNames (draft-06+): every key of the object, as a string value, matches a schema.
import type { ObjectCheck } from "../ir/types";
import type { BuildContext } from "../ir/build/context";
import type { SchemaReader } from "../ir/build/reader";

export type PropertyNamesCheck = Extract<ObjectCheck, { family: "propertyNames" }>;

export function buildPropertyNames(r: SchemaReader, ctx: BuildContext): PropertyNamesCheck | undefined {
  if (!r.has("propertyNames")) return undefined;
  const type = ctx.child(r.loc("propertyNames"));
  return type.kind === "any" ? undefined : { family: "propertyNames", type };
}

// ---- diff (codegen/next/diff): the key schema added, removed, widened or narrowed ----
import type { ObjectType } from "../ir/types";
import type { FamilyDiff } from "../diff/context";
import { ruleByEffect } from "../diff/effect";

const NAME_RULES = {
  widen: "property-names-loosened",
  narrow: "property-names-tightened",
  both: "property-names-changed",
} as const;

export const diffPropertyNames: FamilyDiff<ObjectType> = (b, h, cx) => {
  const all = (t: ObjectType) => t.checks.filter((c): c is PropertyNamesCheck => c.family === "propertyNames");
  const [bs, hs] = [all(b), all(h)];
  for (let i = 0; i < Math.max(bs.length, hs.length); i++) {
    const [bc, hc] = [bs[i], hs[i]];
    if (bc === undefined || hc === undefined) {
      cx.report({
        rule: bc === undefined ? "property-names-tightened" : "property-names-loosened",
        message: bc === undefined ? "propertyNames added" : "propertyNames removed",
        keyword: ["propertyNames"],
      });
      continue;
    }
    const effect = cx.effectOf(bc.type, hc.type);
    if (effect === "none") continue;
    const how = effect === "widen" ? "widened" : effect === "narrow" ? "narrowed" : "changed";
    cx.report({ rule: ruleByEffect(effect, NAME_RULES), message: `propertyNames ${how}`, keyword: ["propertyNames"] });
  }
};

// ---- value generation (codegen/next/conformance/arbitrary.ts) ----

import type { HintContext } from "../conformance/draw";

/** propertyNames: keys valid against the schema (as string values) are allowed; the generator filters its keys. */
export function arbitraryPropertyNames(c: PropertyNamesCheck): {
  allows(key: string, cx: HintContext): boolean | undefined;
  key(cx: HintContext): string | undefined;
} {
  return {
    allows: (key, cx) => cx.accepts(c.type, key),
    key: (cx) => {
      const v = cx.value(c.type);
      return typeof v === "string" ? v : undefined;
    },
  };
}
