// dependentRequired and dependentSchemas (2019-09+), and their draft-04..07 form `dependencies`
// (an array value: required names; a schema value: a schema for the whole object), in key order.
import type { ObjectCheck } from "../ir/types";
import type { BuildContext } from "../ir/build/context";
import { isObj, type SchemaReader } from "../ir/build/reader";

export type DependentRequiredCheck = Extract<ObjectCheck, { family: "dependentRequired" }>;
export type DependentSchemasCheck = Extract<ObjectCheck, { family: "dependentSchemas" }>;

export function buildDependencies(
  r: SchemaReader,
  ctx: BuildContext,
): { required: DependentRequiredCheck[]; schemas: DependentSchemasCheck[] } {
  const required: DependentRequiredCheck[] = [];
  const schemas: DependentSchemasCheck[] = [];
  const names = (keyword: string, key: string, v: unknown): string[] | undefined => {
    if (Array.isArray(v) && v.every((x) => typeof x === "string")) return v as string[];
    r.error(
      keyword,
      `${keyword}["${key}"] must be an array of property names`,
      "list the properties that must be present with it",
    );
    return undefined;
  };
  for (const keyword of ["dependencies", "dependentRequired", "dependentSchemas"]) {
    const map = r.get(keyword);
    if (map === undefined) continue;
    if (!isObj(map)) {
      r.error(keyword, `${keyword} must be an object`, "map property names to what they require");
      continue;
    }
    for (const [key, v] of Object.entries(map)) {
      const isSchema = keyword === "dependentSchemas" || (keyword === "dependencies" && !Array.isArray(v));
      if (isSchema) {
        const type = ctx.child(r.loc(keyword, key));
        if (type.kind !== "any") schemas.push({ family: "dependentSchemas", key, type });
      } else {
        const list = names(keyword, key, v);
        if (list !== undefined && list.length > 0) required.push({ family: "dependentRequired", key, required: list });
      }
    }
  }
  return { required, schemas };
}

// ---- diff (codegen/next/diff): per key, the members it requires and the schema it applies ----
import type { ObjectType, Type } from "../ir/types";
import type { FamilyDiff } from "../diff/context";
import { ruleByEffect } from "../diff/effect";
import { code } from "../diff/report";

/** Key -> the members its presence requires, over every dependentRequired check. */
function requiredByKey(t: ObjectType): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const c of t.checks) {
    if (c.family !== "dependentRequired") continue;
    out.set(c.key, [...new Set([...(out.get(c.key) ?? []), ...c.required])]);
  }
  return out;
}

export const diffDependentRequired: FamilyDiff<ObjectType> = (b, h, cx) => {
  const [bm, hm] = [requiredByKey(b), requiredByKey(h)];
  for (const key of [...new Set([...bm.keys(), ...hm.keys()])]) {
    const [bs, hs] = [bm.get(key) ?? [], hm.get(key) ?? []];
    for (const name of hs.filter((n) => !bs.includes(n)))
      cx.report({
        rule: "dependent-required-added",
        message: `with ${code(key)} present, ${code(name)} is now required`,
        keyword: ["dependentRequired", key],
        after: name,
      });
    for (const name of bs.filter((n) => !hs.includes(n)))
      cx.report({
        rule: "dependent-required-removed",
        message: `with ${code(key)} present, ${code(name)} is no longer required`,
        keyword: ["dependentRequired", key],
        before: name,
      });
  }
};

const SCHEMA_RULES = {
  widen: "dependent-schema-loosened",
  narrow: "dependent-schema-tightened",
  both: "dependent-schema-changed",
} as const;

/** Key -> the schemas its presence applies, over every dependentSchemas check. */
function schemasByKey(t: ObjectType): Map<string, Type[]> {
  const out = new Map<string, Type[]>();
  for (const c of t.checks) if (c.family === "dependentSchemas") out.set(c.key, [...(out.get(c.key) ?? []), c.type]);
  return out;
}

export const diffDependentSchemas: FamilyDiff<ObjectType> = (b, h, cx) => {
  const [bm, hm] = [schemasByKey(b), schemasByKey(h)];
  for (const key of [...new Set([...bm.keys(), ...hm.keys()])]) {
    const [bs, hs] = [bm.get(key) ?? [], hm.get(key) ?? []];
    for (let i = 0; i < Math.max(bs.length, hs.length); i++) {
      const [bt, ht] = [bs[i], hs[i]];
      const keyword = ["dependentSchemas", key];
      if (bt === undefined || ht === undefined) {
        cx.report({
          rule: bt === undefined ? "dependent-schema-tightened" : "dependent-schema-loosened",
          message: `with ${code(key)} present, a schema ${bt === undefined ? "now applies" : "no longer applies"}`,
          keyword,
        });
        continue;
      }
      const effect = cx.effectOf(bt, ht);
      if (effect === "none") continue;
      const how = effect === "widen" ? "widened" : effect === "narrow" ? "narrowed" : "changed";
      cx.report({
        rule: ruleByEffect(effect, SCHEMA_RULES),
        message: `with ${code(key)} present, the schema ${how}`,
        keyword,
      });
    }
  }
};

// ---- value generation (codegen/next/conformance/arbitrary.ts) ----

import type { HintContext } from "../conformance/draw";
import type { JsonValue } from "../ir/types";

type Members = [string, JsonValue][];

/** dependentRequired: the names a present key needs (the generator adds them), and an object missing one. */
export function arbitraryDependentRequired(c: DependentRequiredCheck): {
  needs(o: Members): string[];
  holds(o: Members): boolean;
  violate(o: Members, cx: HintContext): Members | undefined;
} {
  const has = (o: Members, k: string) => o.some(([x]) => x === k);
  return {
    needs: (o) => (has(o, c.key) ? c.required.filter((k) => !has(o, k)) : []),
    holds: (o) => !has(o, c.key) || c.required.every((k) => has(o, k)),
    violate: (o, cx) => {
      const drop = cx.draw.pick(c.required);
      const out = o.filter(([k]) => k !== drop);
      return has(out, c.key) ? out : [...out, [c.key, null]];
    },
  };
}

/** dependentSchemas: holds when the key is absent or the whole object is valid against the schema. */
export function arbitraryDependentSchema(c: DependentSchemasCheck): {
  holds(o: JsonValue, present: boolean, cx: HintContext): boolean | undefined;
} {
  return { holds: (o, present, cx) => (!present ? true : cx.accepts(c.type, o)) };
}
