// How a union picks its variant: by its dispatch (the condition under which each variant is
// chosen), or by the exact meaning of anyOf and oneOf (the variants tried in schema order).
import type { Dispatch, UnionType } from "../ir/types";
import type { Printer } from "../print/printer";
import { constraintsOf, typeText } from "./describe";
import { codeSpan, json, table } from "./markdown";

/** For each variant, the conditions under which the dispatch picks it. */
function conditions(u: UnionType, dispatch: Dispatch): string[][] {
  const out: string[][] = u.variants.map(() => []);
  const walk = (d: Dispatch, path: string[]): void => {
    switch (d.by) {
      case "leaf":
        out[d.variant]!.push(path.length === 0 ? "always" : path.join(" and "));
        return;
      case "none":
        return;
      case "kind":
        for (const c of d.cases) {
          const article = c.kind === "array" || c.kind === "object" ? "an" : "a";
          walk(c.next, [...path, `the value is ${article} ${c.kind}`]);
        }
        return;
      case "presence":
        walk(d.present, [...path, `${codeSpan(d.key)} present`]);
        walk(d.absent, [...path, `${codeSpan(d.key)} absent`]);
        return;
      case "const":
        for (const c of d.cases) walk(c.next, [...path, `${codeSpan(d.key)} = ${json(c.value)}`]);
        return;
    }
  };
  walk(dispatch, []);
  return out;
}

const NO_MATCH = "`type` when no variant takes the value's kind, else the error of the variant that got furthest";

export function unionBody(pr: Printer, u: UnionType): void {
  if (u.dispatch !== undefined) {
    const when = conditions(u, u.dispatch);
    pr.raw(
      u.open
        ? "Open union: a value that matches no variant is ignored, not an error."
        : "Closed union: a value that matches no variant is an error (`unknown_variant`).",
    );
    pr.raw("");
    const rows = u.variants.map((v, i) => [typeText(v, true), when[i]!.join("; or ") || "never"]);
    table(pr, ["Variant", "Chosen when"], rows);
    return;
  }
  pr.raw(
    u.mode === "anyOf"
      ? `Exact union (anyOf): the variants are tried in order and the first that accepts the value is taken; a value none accepts is an error (${NO_MATCH}).`
      : `Exact union (oneOf): exactly one variant must accept the value; several is an error (\`ambiguous_variant\`), none too (${NO_MATCH}).`,
  );
  pr.raw("");
  const rows = u.variants.map((v, i) => [
    u.variantNames?.[i] !== undefined ? codeSpan(u.variantNames[i]!) : String(i + 1),
    typeText(v, true),
    constraintsOf(v).join("; ") || "—",
  ]);
  table(pr, ["Variant", "Type", "Constraints"], rows);
}
