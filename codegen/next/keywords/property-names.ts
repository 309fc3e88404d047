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
