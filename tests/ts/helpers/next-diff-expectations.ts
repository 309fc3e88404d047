// The expected changes of every fixture pair under tests/ts/fixtures/next-diff/ (the rules of the new
// IR's keyword families, on the demo protocol of tests/ts/fixtures/diff/: the host writes Item and
// Options, the runner writes Reply and NumberBlock), read forwards and backwards, and the inverse of
// each of those rules.
import type { Expected } from "./diff-expectations";

export const NEXT_EXPECTED: Record<string, Expected[]> = {
  // Item.name gains allOf: [{$ref: Label}], a union branch the shape cannot absorb.
  "all-of-branch-added": [["all-of-branch-added", "Item.name", "breaks-old-writers", [], ["host"]]],
  // Item.note gains default and examples.
  "annotation-changed": [
    ["annotation-changed", "Item.note", "safe", [], []],
    ["annotation-changed", "Item.note", "safe", [], []],
  ],
  // Label (exact anyOf: two string variants, no dispatch) gains an integer variant.
  "any-of-variant-added": [["any-of-variant-added", "Label", "breaks-old-readers", ["runner"], []]],
  // NumberBlock.value exclusiveMinimum 0 → minimum 0: 0 itself is now allowed.
  "bounds-number-exclusive": [["constraint-loosened", "NumberBlock.value", "breaks-old-readers", ["host"], []]],
  // Item.meta const {a: 1} → {a: 2}, compared as JSON values.
  "const-object-changed": [["const-changed", "Item.meta", "breaks-old-readers-and-writers", ["runner"], ["host"]]],
  // Item.tags must contain "urgent" (minContains 1 by default).
  "contains-added": [["contains-tightened", "Item.tags", "breaks-old-writers", [], ["host"]]],
  // contains {const: a} → {const: b}: neither schema contains the other.
  "contains-changed": [["contains-changed", "Item.tags", "breaks-old-readers-and-writers", ["runner"], ["host"]]],
  // Reply (written by the runner): with size present, etag is required.
  "dependent-required-added": [["dependent-required-added", "Reply", "breaks-old-writers", [], ["runner"]]],
  "dependent-schema-added": [["dependent-schema-tightened", "Reply", "breaks-old-writers", [], ["runner"]]],
  // The schema size applies: etag const a → b.
  "dependent-schema-changed": [
    ["dependent-schema-changed", "Reply", "breaks-old-readers-and-writers", ["host"], ["runner"]],
  ],
  // Item.meta enum [{a: 1}, [1, 2]] gains {a: 2}: a union by kind (lifted as ItemMeta), its object variant.
  "enum-object-value-added": [["enum-value-added", "ItemMeta<object>", "breaks-old-readers", ["runner"], []]],
  // Without x-assert-format a format is documentation only.
  "format-annotation-changed": [["format-annotation-changed", "Item.note", "safe", [], []]],
  // Both files assert formats (x-assert-format); Item.note gains format: date.
  "format-asserted-added": [["format-asserted", "Item.note", "breaks-old-writers", [], ["host"]]],
  // An asserted date becomes date-time: each rejects strings the other accepts.
  "format-asserted-changed": [
    ["format-asserted-changed", "Item.note", "breaks-old-readers-and-writers", ["runner"], ["host"]],
  ],
  // Item.note has format: date in both; the head file opts in to x-assert-format.
  "format-now-asserted": [["format-asserted", "Item.note", "breaks-old-writers", [], ["host"]]],
  "if-then-else-changed": [
    ["if-then-else-changed", "Item.count", "breaks-old-readers-and-writers", ["runner"], ["host"]],
  ],
  // Item (closed) gets additionalProperties: {type: string}: the first diff's extras rule, for a typed map.
  "map-opened": [["extras-opened", "Item", "breaks-old-readers", ["runner"], []]],
  // Options' extra members: string → integer, reported at Options{} (the map's values).
  "map-value-changed": [["type-changed", "Options{}", "breaks-old-readers-and-writers", ["runner"], ["host"]]],
  // Options kept any extra member; now each must be a string.
  "map-value-typed": [["type-narrowed", "Options{}", "breaks-old-writers", [], ["host"]]],
  // The same contains schema, minContains 1 → 2.
  "min-contains-raised": [["contains-tightened", "Item.tags", "breaks-old-writers", [], ["host"]]],
  // NumberBlock.value multipleOf 0.1 → 0.3: exactly, every multiple of 0.3 is one of 0.1.
  "multipleof-decimal": [["constraint-tightened", "NumberBlock.value", "breaks-old-writers", [], ["runner"]]],
  "not-changed": [["not-changed", "Item.count", "breaks-old-readers-and-writers", ["runner"], ["host"]]],
  // Item.note: string → [string, null].
  "nullable-added": [["nullable-added", "Item.note", "breaks-old-readers", ["runner"], []]],
  // Options: minProperties 1 added, maxProperties 10 → 5.
  "object-size-tightened": [
    ["constraint-tightened", "Options", "breaks-old-writers", [], ["host"]],
    ["constraint-tightened", "Options", "breaks-old-writers", [], ["host"]],
  ],
  // The same as oneOf: an old value may now match two variants.
  "one-of-variant-added": [["one-of-variant-added", "Label", "breaks-old-readers-and-writers", ["runner"], ["host"]]],
  // Item (closed) accepts keys matching ^x- (strings).
  "pattern-property-added": [["pattern-property-added", "Item{^x-}", "breaks-old-readers", ["runner"], []]],
  // Options (open) kept any ^x- member; now it must be a string.
  "pattern-property-added-open": [["type-narrowed", "Options{^x-}", "breaks-old-writers", [], ["host"]]],
  // The values of keys matching ^x-: string → integer, at Item{^x-}.
  "pattern-property-changed": [["type-changed", "Item{^x-}", "breaks-old-readers-and-writers", ["runner"], ["host"]]],
  // Item.pair prefixItems [string, integer] → [string, number].
  "prefix-items-widened": [["type-widened", "Item.pair[1]", "breaks-old-readers", ["runner"], []]],
  // Options: keys at most 8 characters long.
  "property-names-added": [["property-names-tightened", "Options", "breaks-old-writers", [], ["host"]]],
  // Options: key pattern ^a → ^b.
  "property-names-changed": [
    ["property-names-changed", "Options", "breaks-old-readers-and-writers", ["runner"], ["host"]],
  ],
  // Item.pair (prefixItems and an if/then) gains unevaluatedItems: false.
  "unevaluated-items-changed": [
    ["unevaluated-items-changed", "Item.pair", "breaks-old-readers-and-writers", ["runner"], ["host"]],
  ],
  // Meta (properties and an if/then under allOf) gains unevaluatedProperties: false.
  "unevaluated-properties-changed": [
    ["unevaluated-properties-changed", "Meta", "breaks-old-readers-and-writers", ["runner"], ["host"]],
  ],
  // Label anyOf → oneOf, the same variants ("abc" matches both).
  "union-now-one-of": [["union-now-one-of", "Label", "breaks-old-writers", [], ["host"]]],
  "unique-items-added": [["unique-items-added", "Item.tags", "breaks-old-writers", [], ["host"]]],
};

/** Every fixture pair read the other way round (head as the base, base as the head). */
export const NEXT_REVERSED: Record<string, Expected[]> = {
  "all-of-branch-added": [["all-of-branch-removed", "Item.name", "breaks-old-readers", ["runner"], []]],
  "annotation-changed": [
    ["annotation-changed", "Item.note", "safe", [], []],
    ["annotation-changed", "Item.note", "safe", [], []],
  ],
  "any-of-variant-added": [["any-of-variant-removed", "Label", "breaks-old-writers", [], ["host"]]],
  "bounds-number-exclusive": [["constraint-tightened", "NumberBlock.value", "breaks-old-writers", [], ["runner"]]],
  "const-object-changed": [["const-changed", "Item.meta", "breaks-old-readers-and-writers", ["runner"], ["host"]]],
  "contains-added": [["contains-loosened", "Item.tags", "breaks-old-readers", ["runner"], []]],
  "contains-changed": [["contains-changed", "Item.tags", "breaks-old-readers-and-writers", ["runner"], ["host"]]],
  "dependent-required-added": [["dependent-required-removed", "Reply", "breaks-old-readers", ["host"], []]],
  "dependent-schema-added": [["dependent-schema-loosened", "Reply", "breaks-old-readers", ["host"], []]],
  "dependent-schema-changed": [
    ["dependent-schema-changed", "Reply", "breaks-old-readers-and-writers", ["host"], ["runner"]],
  ],
  "enum-object-value-added": [["enum-value-removed", "ItemMeta<object>", "breaks-old-writers", [], ["host"]]],
  "format-annotation-changed": [["format-annotation-changed", "Item.note", "safe", [], []]],
  "format-asserted-added": [["format-unasserted", "Item.note", "breaks-old-readers", ["runner"], []]],
  "format-asserted-changed": [
    ["format-asserted-changed", "Item.note", "breaks-old-readers-and-writers", ["runner"], ["host"]],
  ],
  "format-now-asserted": [["format-unasserted", "Item.note", "breaks-old-readers", ["runner"], []]],
  "if-then-else-changed": [
    ["if-then-else-changed", "Item.count", "breaks-old-readers-and-writers", ["runner"], ["host"]],
  ],
  "map-opened": [["extras-closed", "Item", "breaks-old-writers", [], ["host"]]],
  "map-value-changed": [["type-changed", "Options{}", "breaks-old-readers-and-writers", ["runner"], ["host"]]],
  "map-value-typed": [["type-widened", "Options{}", "breaks-old-readers", ["runner"], []]],
  "min-contains-raised": [["contains-loosened", "Item.tags", "breaks-old-readers", ["runner"], []]],
  "multipleof-decimal": [["constraint-loosened", "NumberBlock.value", "breaks-old-readers", ["host"], []]],
  "not-changed": [["not-changed", "Item.count", "breaks-old-readers-and-writers", ["runner"], ["host"]]],
  "nullable-added": [["nullable-removed", "Item.note", "breaks-old-writers", [], ["host"]]],
  "object-size-tightened": [
    ["constraint-loosened", "Options", "breaks-old-readers", ["runner"], []],
    ["constraint-loosened", "Options", "breaks-old-readers", ["runner"], []],
  ],
  "one-of-variant-added": [["one-of-variant-removed", "Label", "breaks-old-readers-and-writers", ["runner"], ["host"]]],
  "pattern-property-added": [["pattern-property-removed", "Item{^x-}", "breaks-old-writers", [], ["host"]]],
  "pattern-property-added-open": [["type-widened", "Options{^x-}", "breaks-old-readers", ["runner"], []]],
  "pattern-property-changed": [["type-changed", "Item{^x-}", "breaks-old-readers-and-writers", ["runner"], ["host"]]],
  "prefix-items-widened": [["type-narrowed", "Item.pair[1]", "breaks-old-writers", [], ["host"]]],
  "property-names-added": [["property-names-loosened", "Options", "breaks-old-readers", ["runner"], []]],
  "property-names-changed": [
    ["property-names-changed", "Options", "breaks-old-readers-and-writers", ["runner"], ["host"]],
  ],
  "unevaluated-items-changed": [
    ["unevaluated-items-changed", "Item.pair", "breaks-old-readers-and-writers", ["runner"], ["host"]],
  ],
  "unevaluated-properties-changed": [
    ["unevaluated-properties-changed", "Meta", "breaks-old-readers-and-writers", ["runner"], ["host"]],
  ],
  "union-now-one-of": [["union-now-any-of", "Label", "breaks-old-readers", ["runner"], []]],
  "unique-items-added": [["unique-items-removed", "Item.tags", "breaks-old-readers", ["runner"], []]],
};

/** The rule a change becomes when base and head are swapped; rules without a direction are their own inverse. */
export const NEXT_INVERSE = {
  "annotation-changed": "annotation-changed",
  "format-asserted": "format-unasserted",
  "format-unasserted": "format-asserted",
  "format-asserted-changed": "format-asserted-changed",
  "format-annotation-changed": "format-annotation-changed",
  "unique-items-added": "unique-items-removed",
  "unique-items-removed": "unique-items-added",
  "contains-tightened": "contains-loosened",
  "contains-loosened": "contains-tightened",
  "contains-changed": "contains-changed",
  "dependent-required-added": "dependent-required-removed",
  "dependent-required-removed": "dependent-required-added",
  "dependent-schema-tightened": "dependent-schema-loosened",
  "dependent-schema-loosened": "dependent-schema-tightened",
  "dependent-schema-changed": "dependent-schema-changed",
  "property-names-tightened": "property-names-loosened",
  "property-names-loosened": "property-names-tightened",
  "property-names-changed": "property-names-changed",
  "pattern-property-added": "pattern-property-removed",
  "pattern-property-removed": "pattern-property-added",
  "nullable-added": "nullable-removed",
  "nullable-removed": "nullable-added",
  "any-of-variant-added": "any-of-variant-removed",
  "any-of-variant-removed": "any-of-variant-added",
  "one-of-variant-added": "one-of-variant-removed",
  "one-of-variant-removed": "one-of-variant-added",
  "union-now-one-of": "union-now-any-of",
  "union-now-any-of": "union-now-one-of",
  "all-of-branch-added": "all-of-branch-removed",
  "all-of-branch-removed": "all-of-branch-added",
  "not-changed": "not-changed",
  "if-then-else-changed": "if-then-else-changed",
  "unevaluated-properties-changed": "unevaluated-properties-changed",
  "unevaluated-items-changed": "unevaluated-items-changed",
} as const satisfies Record<string, string>;
