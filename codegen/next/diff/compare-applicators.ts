// The applicators beside a node's shape (Type.also), by family, in IR order within each family:
// allOf branches kept as written (enum branches, const/enum of objects and arrays, compared as
// values; the others type by type), anyOf/oneOf used as assertions (as unions), and the
// conservative ones: not, if/then/else, unevaluatedProperties, unevaluatedItems.
import type { Applicator, Decl, Origin, Type, UnionType } from "../ir/types";
import { diffValues, valuesOfEnums } from "../keywords/const-enum";
import type { TypeDiffer } from "./compare-types";
import { kindName } from "./names";
import { atKey, atKeyword, type Sink } from "./report";
import type { RuleId } from "./rules";
import { shapeText } from "./shape";

type Family = Applicator["family"];

function ofFamily<F extends Family>(t: Type, family: F): Extract<Applicator, { family: F }>[] {
  return (t.also ?? []).filter((a): a is Extract<Applicator, { family: F }> => a.family === family);
}

/** The conservative families: one rule each, reported when anything about them differs. */
const WHOLE: { family: Family; rule: RuleId; keyword: string; name: string }[] = [
  { family: "not", rule: "not-changed", keyword: "not", name: "not" },
  { family: "if", rule: "if-then-else-changed", keyword: "if", name: "if/then/else" },
  {
    family: "unevaluatedProperties",
    rule: "unevaluated-properties-changed",
    keyword: "unevaluatedProperties",
    name: "unevaluatedProperties",
  },
  {
    family: "unevaluatedItems",
    rule: "unevaluated-items-changed",
    keyword: "unevaluatedItems",
    name: "unevaluatedItems",
  },
];

export function diffApplicators(
  td: TypeDiffer,
  loc: string,
  b: Type,
  h: Type,
  at: Origin | undefined,
  sink: Sink,
  depth: number,
): void {
  if (b.also === undefined && h.also === undefined) return;
  const enums = (t: Type) => ofFamily(t, "allOf").filter((a) => a.type.kind === "enum");
  diffValues(
    valuesOfEnums(enums(b).map((a) => a.type)),
    valuesOfEnums(enums(h).map((a) => a.type)),
    td.checkDiff(loc, at, sink, depth),
  );
  const branches = (t: Type) =>
    ofFamily(t, "allOf")
      .filter((a) => a.type.kind !== "enum")
      .map((a) => a.type);
  diffPaired(td, loc, branches(b), branches(h), () => "allOf", at, sink, depth);
  const unions = (t: Type): UnionType[] => ofFamily(t, "union").map((a) => a.union);
  diffPaired(td, loc, unions(b), unions(h), (u) => (u as UnionType).mode, at, sink, depth);
  const baseName = (d: Decl) => td.scope.headName(d);
  const headName = (d: Decl) => d.name;
  for (const w of WHOLE) {
    const [bs, hs] = [ofFamily(b, w.family), ofFamily(h, w.family)];
    if (shapeText(bs, baseName) === shapeText(hs, headName)) continue;
    const message = bs.length === 0 ? `${w.name} added` : hs.length === 0 ? `${w.name} removed` : `${w.name} changed`;
    sink({ rule: w.rule, location: loc, message, ...atKey(at, w.keyword) });
  }
}

/** Branches that constrain the same value, paired by position: compared as types, or added or removed. */
function diffPaired(
  td: TypeDiffer,
  loc: string,
  bs: Type[],
  hs: Type[],
  keywordOf: (t: Type) => string,
  at: Origin | undefined,
  sink: Sink,
  depth: number,
): void {
  for (let i = 0; i < Math.max(bs.length, hs.length); i++) {
    const [bt, ht] = [bs[i], hs[i]];
    const keyword = keywordOf((ht ?? bt)!);
    const where = atKeyword(at, keyword, i);
    if (bt !== undefined && ht !== undefined) td.diffType(loc, bt, ht, where ?? at, sink, depth + 1);
    else if (ht !== undefined) {
      const message = `${keyword} branch ${kindName(ht)} added`;
      sink({ rule: "all-of-branch-added", location: loc, message, ...(where && { at: where }), after: kindName(ht) });
    } else if (bt !== undefined) {
      const message = `${keyword} branch ${kindName(bt)} removed`;
      sink({
        rule: "all-of-branch-removed",
        location: loc,
        message,
        ...(where && { at: where }),
        before: kindName(bt),
      });
    }
  }
}
