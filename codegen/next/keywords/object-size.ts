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

// ---- value generation (codegen/next/conformance/arbitrary.ts) ----

import type { CountHint } from "../conformance/draw";
import type { JsonValue } from "../ir/types";

type Members = [string, JsonValue][];

/** minProperties / maxProperties: the allowed numbers of distinct keys; violated by one member too few or too many. */
export function arbitrarySize(c: SizeCheck): CountHint<Members> {
  const keys = (o: Members) => new Set(o.map(([k]) => k)).size;
  return {
    min: c.min ?? 0,
    max: c.max,
    holds: (o) => keys(o) >= (c.min ?? 0) && (c.max === undefined || keys(o) <= c.max),
    violate: (o, cx) => {
      if (c.min !== undefined && (c.max === undefined || cx.draw.chance(0.5))) {
        const out = o.slice();
        while (keys(out) >= c.min && out.length > 0) out.splice(cx.draw.int(0, out.length - 1), 1);
        return out;
      }
      if (c.max === undefined) return undefined;
      const out = o.slice();
      for (let i = 0; keys(out) <= c.max; i++) out.push([`extra${i}`, i]);
      return out;
    },
  };
}
