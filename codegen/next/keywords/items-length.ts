// minItems / maxItems: the number of elements of an array.
import type { ArrayCheck } from "../ir/types";
import type { SchemaReader } from "../ir/build/reader";
import type { Printer } from "../print/printer";
import { failIf, type Val } from "../ts/value";

export type ItemsLengthCheck = Extract<ArrayCheck, { family: "items-length" }>;

export function buildItemsLength(r: SchemaReader): ItemsLengthCheck | undefined {
  const min = r.count("minItems");
  const max = r.count("maxItems");
  const c: ItemsLengthCheck = { family: "items-length" };
  if (min !== undefined && min > 0) c.min = min;
  if (max !== undefined) c.max = max;
  return c.min === undefined && c.max === undefined ? undefined : c;
}

export function tsItemsLength(pr: Printer, c: ItemsLengthCheck, v: Val): void {
  if (c.min !== undefined)
    pr.raw(
      failIf(
        `${v.x}.length < ${c.min}`,
        "length",
        v,
        `\`array of \${${v.x}.length} items, expected at least ${c.min}\``,
      ),
    );
  if (c.max !== undefined)
    pr.raw(
      failIf(
        `${v.x}.length > ${c.max}`,
        "length",
        v,
        `\`array of \${${v.x}.length} items, expected at most ${c.max}\``,
      ),
    );
}

/** Go: minItems / maxItems of an array of `n` elements. */
export function goItemsLength(c: ItemsLengthCheck): string[] {
  const limits = [c.min !== undefined ? `at least ${c.min}` : "", c.max !== undefined ? `at most ${c.max}` : ""]
    .filter((s) => s !== "")
    .join(" and ");
  const conds = [c.min !== undefined ? `n < ${c.min}` : "", c.max !== undefined ? `n > ${c.max}` : ""].filter(
    (s) => s !== "",
  );
  return [`if ${conds.join(" || ")} {`, `\treturn wireFail(wireCodeLength, "array must have ${limits} items")`, "}"];
}

// ---- diff (codegen/next/diff): minItems and maxItems as count bounds ----
import type { ArrayType } from "../ir/types";
import type { FamilyDiff } from "../diff/context";
import { diffCounts } from "../diff/order";

export const diffItemsLength: FamilyDiff<ArrayType> = (b, h, cx) => {
  const lengths = (t: ArrayType) => t.checks.filter((c): c is ItemsLengthCheck => c.family === "items-length");
  diffCounts(cx, ["minItems", "maxItems"], lengths(b), lengths(h));
};

// ---- value generation (codegen/next/conformance/arbitrary.ts) ----

import type { CountHint } from "../conformance/draw";
import type { JsonValue } from "../ir/types";

/** minItems / maxItems: the allowed numbers of elements; violated by one element too few or too many. */
export function arbitraryItemsLength(c: ItemsLengthCheck): CountHint<JsonValue[]> {
  return {
    min: c.min ?? 0,
    max: c.max,
    holds: (a) => a.length >= (c.min ?? 0) && (c.max === undefined || a.length <= c.max),
    violate: (a, cx) => {
      if (c.min !== undefined && (c.max === undefined || cx.draw.chance(0.5))) return a.slice(0, c.min - 1);
      if (c.max === undefined) return undefined;
      const out = a.slice();
      while (out.length <= c.max) out.push(out.length > 0 ? cx.draw.pick(out) : null);
      return out;
    },
  };
}
