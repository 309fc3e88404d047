// The applicators beside a type (Type.also), one phrase each, in evaluation order: allOf branches
// kept as written, anyOf/oneOf used as assertions (with their error rule), not, if/then/else,
// unevaluatedProperties, unevaluatedItems. const/enum of objects and arrays (allOf branches of
// values) are the type text instead (describe.ts).
import { kindsAccepted } from "../ir/query";
import type { Kind, Type } from "../ir/types";

export function applicatorTexts(t: Type, schemaText: (t: Type, kinds?: readonly Kind[]) => string): string[] {
  const out: string[] = [];
  // The applicators check the same value: their kind-split schemas are read for its kinds.
  const kinds = t.kind === "any" && t.kinds === undefined ? undefined : kindsAccepted(t);
  const text = (x: Type) => schemaText(x, kinds);
  for (const a of t.also ?? []) {
    switch (a.family) {
      case "allOf":
        if (a.type.kind !== "enum") out.push(`also ${text(a.type)}`);
        break;
      case "union": {
        const variants = a.union.variants.map((v) => text(v)).join("; ");
        out.push(
          a.union.mode === "anyOf"
            ? `also any of: ${variants}`
            : `also exactly one of: ${variants} (several: \`ambiguous_variant\`)`,
        );
        break;
      }
      case "not":
        out.push(`not ${text(a.type)}`);
        break;
      case "if": {
        const then = a.then === undefined ? "" : `, then ${text(a.then)}`;
        const otherwise = a.else === undefined ? "" : `, else ${text(a.else)}`;
        out.push(`if ${text(a.if)}${then}${otherwise}`);
        break;
      }
      case "unevaluatedProperties":
        out.push(
          a.type.kind === "never"
            ? "no field that no schema above evaluates (unevaluatedProperties: false)"
            : `every field no schema above evaluates: ${schemaText(a.type)}`,
        );
        break;
      case "unevaluatedItems":
        out.push(
          a.type.kind === "never"
            ? "no item that no schema above evaluates (unevaluatedItems: false)"
            : `every item no schema above evaluates: ${schemaText(a.type)}`,
        );
        break;
    }
  }
  return out;
}
