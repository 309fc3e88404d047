// The one table of keyword-family diffs, per kind, in the order they are compared (and reported).
// Each family's diff lives in its module under codegen/next/keywords/; adding a keyword is one module
// and one entry here.
import type { ArrayType, JsonValue, NumberType, ObjectType, StringType, Type } from "../ir/types";
import { diffBounds } from "../keywords/bounds";
import { diffNumberValues, diffStringValues, valuesOfChecks } from "../keywords/const-enum";
import { diffContains } from "../keywords/contains";
import { diffDependentRequired, diffDependentSchemas } from "../keywords/dependencies";
import { diffFormat } from "../keywords/format";
import { diffItemsLength } from "../keywords/items-length";
import { diffMultipleOf } from "../keywords/multiple-of";
import { diffSize } from "../keywords/object-size";
import { diffPattern } from "../keywords/pattern";
import { diffPropertyNames } from "../keywords/property-names";
import { diffLength } from "../keywords/string-length";
import { diffUnique } from "../keywords/unique-items";
import type { CheckDiff, FamilyDiff } from "./context";

export const FAMILY_DIFFS: {
  string: FamilyDiff<StringType>[];
  number: FamilyDiff<NumberType>[];
  array: FamilyDiff<ArrayType>[];
  object: FamilyDiff<ObjectType>[];
} = {
  string: [diffStringValues, diffLength, diffPattern, diffFormat],
  number: [diffNumberValues, diffBounds, diffMultipleOf],
  array: [diffItemsLength, diffUnique, diffContains],
  object: [diffSize, diffDependentRequired, diffDependentSchemas, diffPropertyNames],
};

type Kinds = {
  string: StringType;
  number: NumberType;
  array: ArrayType;
  object: ObjectType;
};

export function runFamilies<K extends keyof Kinds>(kind: K, b: Kinds[K], h: Kinds[K], cx: CheckDiff): void {
  for (const diff of FAMILY_DIFFS[kind] as FamilyDiff<Kinds[K]>[]) diff(b, h, cx);
}

/** The values a type is restricted to, when it is nothing but a list of values (const or enum); else undefined. */
export function valueListOf(t: Type): JsonValue[] | undefined {
  if (t.also !== undefined) return undefined;
  switch (t.kind) {
    case "enum":
      return t.values;
    case "boolean":
      return t.const === undefined ? undefined : [t.const];
    case "string":
    case "integer":
    case "number":
      return t.checks.every((c) => c.family === "const" || c.family === "enum") ? valuesOfChecks(t.checks) : undefined;
    default:
      return undefined;
  }
}
