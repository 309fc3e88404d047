// How a type is named in a change message: a definition by its name, anything else by its kind.
import { isNullable, nullableOf } from "../ir/query";
import type { Type } from "../ir/types";
import { canonical } from "./report";

export function kindName(t: Type): string {
  switch (t.kind) {
    case "ref":
      return t.decl.name;
    case "any":
      return t.kinds === undefined ? "any JSON value" : `any ${t.kinds.join(" or ")}`;
    case "array": {
      const rest = t.items === undefined ? "any JSON value" : kindName(t.items);
      if (t.prefix.length === 0) return `array of ${rest}`;
      const more = t.items?.kind === "never" ? [] : [`${rest}...`];
      return `array [${[...t.prefix.map(kindName), ...more].join(", ")}]`;
    }
    case "union":
      if (isNullable(t)) return `${kindName(nullableOf(t))} or null`;
      return t.variants.map(kindName).join(" or ");
    case "enum":
      return t.values.length === 1 ? `const ${canonical(t.values[0])}` : `one of ${t.values.map(canonical).join(", ")}`;
    default:
      return t.kind;
  }
}
