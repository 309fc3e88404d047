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

// ---- diff (codegen/next/diff): uniqueItems added or removed ----
import type { ArrayType } from "../ir/types";
import type { FamilyDiff } from "../diff/context";

export const diffUnique: FamilyDiff<ArrayType> = (b, h, cx) => {
  const unique = (t: ArrayType) => t.checks.some((c) => c.family === "unique");
  if (unique(b) === unique(h)) return;
  cx.report(
    unique(h)
      ? {
          rule: "unique-items-added",
          message: "uniqueItems added",
          keyword: ["uniqueItems"],
          before: false,
          after: true,
        }
      : { rule: "unique-items-removed", message: "uniqueItems removed", before: true, after: false },
  );
};

// ---- value generation (codegen/next/conformance/arbitrary.ts) ----

import type { CountHint } from "../conformance/draw";
import type { JsonValue } from "../ir/types";
import { canonOf } from "../ts/values";

/** uniqueItems: no two equal elements; violated by repeating an element (an equal one: 1.0 for 1 in the text). */
export function arbitraryUnique(_c: UniqueCheck): CountHint<JsonValue[]> {
  return {
    min: 0,
    max: undefined,
    holds: (a) => new Set(a.map(canonOf)).size === a.length,
    violate: (a, cx) => {
      if (a.length === 0) return undefined;
      const out = a.slice();
      out.splice(cx.draw.int(0, out.length), 0, cx.draw.pick(a));
      return out;
    },
  };
}
