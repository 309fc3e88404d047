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
