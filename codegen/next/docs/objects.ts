// A record's body: what happens to undeclared keys, the field table, the pattern properties, and
// the constraints beside the fields.
import type { ObjectType, Property } from "../ir/types";
import type { Printer } from "../print/printer";
import { alsoTexts, constraintsOf, docText, objectConstraints, typeText } from "./describe";
import { codeSpan, table } from "./markdown";

/** One sentence: what happens to keys neither declared nor matched by a pattern. */
export function extrasLine(o: ObjectType): string {
  const declared = o.properties.length > 0;
  const other =
    o.patterns.length > 0 ? "other fields (matching no pattern)" : declared ? "unknown fields" : "every field";
  const after = declared ? " and written back after the declared ones" : "";
  switch (o.extras.kind) {
    case "reject":
      return o.patterns.length > 0
        ? "Other fields (matching no pattern) are rejected."
        : "Unknown fields are rejected.";
    case "keep":
      return o.patterns.length > 0
        ? `Open object: ${other} are kept${after}.`
        : "Open object: unknown fields are kept and written back after the declared ones.";
    case "map": {
      const cs = constraintsOf(o.extras.type);
      const value = `${typeText(o.extras.type, true)}${cs.length > 0 ? ` (${cs.join("; ")})` : ""}`;
      return `Map: ${other} ${o.patterns.length > 0 || declared ? "are" : "is"} kept, each value ${value}${after ? `,${after}` : ""}.`;
    }
  }
}

/** The fields, pattern properties and whole-object constraints, each block after a blank line. */
export function fieldTable(pr: Printer, o: ObjectType): void {
  const closed = o.extras.kind === "reject" && o.patterns.length === 0;
  if (o.properties.length === 0) {
    if (closed) pr.raw("").raw("No fields: always `{}`.");
  } else {
    pr.raw("");
    table(
      pr,
      ["Field", "Type", "Required", "Constraints", "Description"],
      o.properties.map((p: Property) => [
        codeSpan(p.name),
        typeText(p.type, true),
        p.required ? "required" : "optional",
        constraintsOf(p.type).join("; ") || "—",
        docText(p.doc),
      ]),
    );
  }
  if (o.patterns.length > 0) {
    pr.raw("");
    pr.raw("Pattern properties: a field whose name matches the pattern (a search, not anchored) has its type.");
    pr.raw("");
    table(
      pr,
      ["Field name matches", "Type", "Constraints"],
      o.patterns.map((pp) => [
        codeSpan(pp.pattern.source),
        typeText(pp.type, true),
        constraintsOf(pp.type).join("; ") || "—",
      ]),
    );
  }
  const checks = [...objectConstraints(o), ...alsoTexts(o)];
  if (checks.length > 0) {
    pr.raw("");
    pr.raw("The object as a whole:");
    pr.raw("");
    for (const c of checks) pr.raw(`- ${c}`);
  }
}
