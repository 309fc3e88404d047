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
