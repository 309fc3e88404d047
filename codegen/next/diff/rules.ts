// The breaking-change rules: one entry per kind of change, with its effect on the wire and why.
// "Old reader": a deployed program built from the BASE schema reading what a HEAD program writes.
// "Old writer": a deployed BASE program writing to a HEAD reader. Decoding is strict (wire rule 6).
// README.md, "Breaking-change rules", is this table in prose (rules-table.ts prints its rows).
// The rules up to "secret-changed" are those of the first diff, unchanged; the rest are the keyword
// families of the new IR.
import type { ChangeKind, Effect } from "./types";

export interface Rule {
  kind: ChangeKind;
  effect: Effect;
  /** The change, as the README table names it. */
  title: string;
  reason: string;
  example: string;
}

export const RULES = {
  "protocol-added": {
    kind: "protocol-added",
    effect: "none",
    title: "protocol added",
    reason: "No deployed program speaks it yet.",
    example: "`schema/jsonl/` added",
  },
  "protocol-removed": {
    kind: "protocol-removed",
    effect: "both",
    title: "protocol removed",
    reason: "Deployed programs still speak it; nothing new reads or writes it.",
    example: "`schema/jsonl/` deleted",
  },
  "definition-added": {
    kind: "definition-added",
    effect: "none",
    title: "definition added",
    reason: "A definition reaches the wire only through a use; each new use is listed as its own change.",
    example: "`$defs/Usage2` added",
  },
  "definition-removed": {
    kind: "definition-removed",
    effect: "none",
    title: "definition removed",
    reason: "Each removed use is listed as its own change; the definition alone is not on the wire.",
    example: "`$defs/Usage` deleted",
  },
  "definition-renamed": {
    kind: "definition-renamed",
    effect: "none",
    title: "definition renamed (same shape)",
    reason: "Type names are not on the wire; generated type names change, so code using them must follow.",
    example: "`Text` → `UserText`, same properties",
  },
  "frame-added": {
    kind: "definition-added",
    effect: "widen",
    title: "frame definition (x-sent-by) added",
    reason: "A new kind of frame: old readers have no variant for it.",
    example: "`CancelRequest` with `x-sent-by: [host]` added",
  },
  "frame-removed": {
    kind: "definition-removed",
    effect: "narrow",
    title: "frame definition (x-sent-by) removed",
    reason: "Old writers still send frames of that kind; new readers do not know them.",
    example: "`SteerRequest` deleted",
  },
  "property-added-optional": {
    kind: "property-added",
    effect: "widen",
    title: "optional property added (closed object)",
    reason: "New writers may send it; old readers reject the unknown key (`unknown_field`).",
    example: "`NativeFile.mtime` added, optional",
  },
  "property-added-required": {
    kind: "property-added",
    effect: "both",
    title: "required property added (closed object)",
    reason: "Old writers never send it (`missing_field`); old readers reject it as an unknown key.",
    example: "`NativeFile.mtime` added, required",
  },
  "property-added-open-optional": {
    kind: "property-added",
    effect: "none",
    title: "optional property added (open object)",
    reason: "Old readers keep the new member as an extra; old writers simply do not send it.",
    example: "`UsageEvent.cached_tokens` added, optional",
  },
  "property-added-open-required": {
    kind: "property-added",
    effect: "narrow",
    title: "required property added (open object)",
    reason: "Old writers never send it (`missing_field`); old readers keep it as an extra.",
    example: "`TextEvent.index` added, required",
  },
  "property-removed-optional": {
    kind: "property-removed",
    effect: "narrow",
    title: "optional property removed (closed object)",
    reason: "Old writers may still send it; new readers reject the unknown key.",
    example: "`Provider.api` deleted",
  },
  "property-removed-required": {
    kind: "property-removed",
    effect: "both",
    title: "required property removed (closed object)",
    reason: "Old writers still send it (unknown to new readers); old readers require it and new writers omit it.",
    example: "`NativeFile.append_only` deleted",
  },
  "property-removed-open-optional": {
    kind: "property-removed",
    effect: "none",
    title: "optional property removed (open object)",
    reason: "New readers keep what old writers still send as an extra member.",
    example: "`PermissionEvent.command` deleted",
  },
  "property-removed-open-required": {
    kind: "property-removed",
    effect: "widen",
    title: "required property removed (open object)",
    reason: "Old readers require it (`missing_field`); new writers no longer send it.",
    example: "`ErrorEvent.message` deleted",
  },
  "property-now-optional": {
    kind: "required-changed",
    effect: "widen",
    title: "required → optional",
    reason: "New writers may omit it; old readers require it.",
    example: "`ToolResult.is_error` no longer required",
  },
  "property-now-required": {
    kind: "required-changed",
    effect: "narrow",
    title: "optional → required",
    reason: "Old writers may omit it; new readers require it.",
    example: "`Provider.api` now required",
  },
  "type-changed": {
    kind: "type-changed",
    effect: "both",
    title: "type changed (unrelated)",
    reason: "Each side rejects values of the other's type.",
    example: "`NativeFile.size`: integer → string",
  },
  "type-widened": {
    kind: "type-changed",
    effect: "widen",
    title: "type widened",
    reason: "New writers may send values (e.g. fractions, any JSON) that old readers reject.",
    example: "`Usage.input`: integer → number",
  },
  "type-narrowed": {
    kind: "type-changed",
    effect: "narrow",
    title: "type narrowed",
    reason: "Old writers may send values that new readers reject.",
    example: "`ToolCall.arguments`: any object → `Arguments` record",
  },
  "reference-changed": {
    kind: "type-changed",
    effect: "none",
    title: "referenced definition changed, same values",
    reason: "Another named type that accepts exactly the same values; only generated names change.",
    example: "`Attachment` → `NonEmptyString` (both `minLength: 1`)",
  },
  "enum-value-added": {
    kind: "enum-value-added",
    effect: "widen",
    title: "enum value added",
    reason: "New writers may send it; old readers reject it (`enum`).",
    example: "`StopReason` gains `refusal`",
  },
  "enum-value-removed": {
    kind: "enum-value-removed",
    effect: "narrow",
    title: "enum value removed",
    reason: "Old writers may still send it; new readers reject it.",
    example: "`StopReason` loses `aborted`",
  },
  "constraint-tightened": {
    kind: "constraint-tightened",
    effect: "narrow",
    title: "constraint tightened",
    reason: "Old writers may send values the new bound rejects.",
    example: "`NativeFile.size` `minimum` 0 → 1; `maxLength` added; `pattern` added",
  },
  "constraint-loosened": {
    kind: "constraint-loosened",
    effect: "widen",
    title: "constraint loosened",
    reason: "New writers may send values the old bound rejects.",
    example: "`Attachment` `minLength` 1 removed; `maxItems` 8 → 16",
  },
  "constraint-changed": {
    kind: "constraint-changed",
    effect: "both",
    title: "constraint changed (neither contains the other)",
    reason: "Each bound rejects values the other accepts; patterns are not compared, so any pattern change counts.",
    example: "`HarnessOptions.dir` `pattern` edited; `multipleOf` 2 → 3",
  },
  "const-changed": {
    kind: "const-changed",
    effect: "both",
    title: "const changed",
    reason: "Each side requires a different fixed value (for a discriminator: old and new variants no longer match).",
    example: "`OpenRequest.method` `open` → `start`",
  },
  "discriminator-changed": {
    kind: "discriminator-changed",
    effect: "both",
    title: "discriminator changed",
    reason: "Old and new programs pick the variant by different keys.",
    example: "`ContentBlock` `x-discriminator` `type` → `kind`",
  },
  "variant-added": {
    kind: "variant-added",
    effect: "widen",
    title: "variant added (closed union)",
    reason: "New writers may send it; old readers reject it (`unknown_variant`).",
    example: "`ContentBlock` gains `ImageBlock`",
  },
  "variant-added-open": {
    kind: "variant-added",
    effect: "none",
    title: "variant added (open union)",
    reason: "Old readers ignore an unknown variant by design (decoded as ignored, not an error).",
    example: "`HarnessEvent` gains `ProgressEvent`",
  },
  "variant-removed": {
    kind: "variant-removed",
    effect: "narrow",
    title: "variant removed (closed union)",
    reason: "Old writers may still send it; new readers reject it.",
    example: "`RunnerEvent` loses `AssistantDeltaEvent`",
  },
  "variant-removed-open": {
    kind: "variant-removed",
    effect: "none",
    title: "variant removed (open union)",
    reason: "New readers ignore what old writers still send.",
    example: "`HarnessEvent` loses `ActivityEvent`",
  },
  "union-openness-changed": {
    kind: "union-openness-changed",
    effect: "none",
    title: "union opened or closed (x-open)",
    reason: "Writers write only known variants; only what a reader does with an unknown one changes.",
    example: "`HarnessEvent` `x-open` removed",
  },
  "extras-opened": {
    kind: "extras-changed",
    effect: "widen",
    title: "object opened (additionalProperties false → true)",
    reason: "New writers write extra members back; old readers reject unknown keys.",
    example: "`Provider` `additionalProperties: true`",
  },
  "extras-closed": {
    kind: "extras-changed",
    effect: "narrow",
    title: "object closed (additionalProperties true → false)",
    reason: "Old writers may send extra members; new readers reject them.",
    example: "`TextEvent` `additionalProperties: false`",
  },
  "sent-by-added": {
    kind: "sent-by-changed",
    effect: "widen",
    title: "x-sent-by gains a party",
    reason: "That party now writes the frame; old programs on the other side do not expect it.",
    example: "`ErrorResponse` `[runner]` → `[runner, host]`",
  },
  "sent-by-removed": {
    kind: "sent-by-changed",
    effect: "narrow",
    title: "x-sent-by loses a party",
    reason: "Old builds of that party still write the frame; new readers do not expect it.",
    example: "`ResultResponse` `[runner, host]` → `[runner]`",
  },
  "frame-changed": {
    kind: "frame-changed",
    effect: "none",
    title: "x-frame added or removed",
    reason: "Only decides which entry-point frame readers are generated.",
    example: "`RunnerFrame` no longer `x-frame`",
  },
  "frame-limit-raised": {
    kind: "constant-changed",
    effect: "widen",
    title: "frame limit raised (or removed)",
    reason: "New writers may send longer lines; old readers reject them (`frame_too_large`).",
    example: "`MaxFrameBytes` 4 MiB → 8 MiB",
  },
  "frame-limit-lowered": {
    kind: "constant-changed",
    effect: "narrow",
    title: "frame limit lowered (or added)",
    reason: "Old writers may send lines new readers reject.",
    example: "`MaxFrameBytes` 4 MiB → 1 MiB",
  },
  "constant-changed": {
    kind: "constant-changed",
    effect: "both",
    title: "constant value changed",
    reason: "Both sides follow the value (limits, timeouts, names); the schema does not say which side relies on it.",
    example: "`MaxConcurrentToolCalls` 32 → 64",
  },
  "constant-added": {
    kind: "constant-added",
    effect: "both",
    title: "constant added",
    reason: "New programs follow a rule old ones do not know; review by hand.",
    example: "`MaxToolResultBytes` added",
  },
  "constant-removed": {
    kind: "constant-removed",
    effect: "both",
    title: "constant removed",
    reason: "Old programs still follow a rule new ones dropped; review by hand.",
    example: "`OpenTimeoutSeconds` deleted",
  },
  "version-changed": {
    kind: "version-changed",
    effect: "none",
    title: "protocol version changed",
    reason: "The version itself: it is what makes a breaking change acceptable.",
    example: "`ProtocolVersion` 1 → 2",
  },
  "description-changed": {
    kind: "description-changed",
    effect: "none",
    title: "description or title changed",
    reason: "Documentation only.",
    example: "`NativeFile.size` description reworded",
  },
  "deprecated-changed": {
    kind: "annotation-changed",
    effect: "none",
    title: "deprecated added or removed",
    reason: "Documentation only; decoders do not look at it.",
    example: "`Provider.api` `deprecated: true`",
  },
  "secret-changed": {
    kind: "annotation-changed",
    effect: "none",
    title: "x-secret added or removed",
    reason:
      "Not on the wire; only whether generated code may print the value (review: removing it can leak a credential).",
    example: "`Provider.api_key` loses `x-secret`",
  },

  // ---- the keyword families of the new IR ----
  "annotation-changed": {
    kind: "annotation-changed",
    effect: "none",
    title: "annotation changed (default, examples, readOnly, writeOnly, contentMediaType, contentEncoding)",
    reason: "Documentation only; decoders do not look at it.",
    example: "`Options.label` `default` added",
  },
  "format-asserted": {
    kind: "constraint-tightened",
    effect: "narrow",
    title: "asserted format added (or a format annotation now asserted)",
    reason: "Old writers may send strings the format rejects (`format`).",
    example: "`NativeFile.mtime` `format: date-time` under `x-assert-format`",
  },
  "format-unasserted": {
    kind: "constraint-loosened",
    effect: "widen",
    title: "asserted format removed (or now only an annotation)",
    reason: "New writers may send strings the old format check rejects.",
    example: "`x-assert-format` removed from a file with `format: uuid`",
  },
  "format-asserted-changed": {
    kind: "constraint-changed",
    effect: "both",
    title: "asserted format changed",
    reason: "Each format rejects strings the other accepts.",
    example: "`format` `date` → `date-time`, asserted",
  },
  "format-annotation-changed": {
    kind: "annotation-changed",
    effect: "none",
    title: "format annotation added, removed or changed (not asserted)",
    reason: "Without `x-assert-format` a format is documentation only.",
    example: "`Item.note` gains `format: email`",
  },
  "unique-items-added": {
    kind: "constraint-tightened",
    effect: "narrow",
    title: "uniqueItems added",
    reason: "Old writers may send arrays with equal elements; new readers reject them.",
    example: "`HarnessOptions.tools` `uniqueItems: true`",
  },
  "unique-items-removed": {
    kind: "constraint-loosened",
    effect: "widen",
    title: "uniqueItems removed",
    reason: "New writers may send equal elements; old readers reject them.",
    example: "`HarnessOptions.tools` loses `uniqueItems`",
  },
  "contains-tightened": {
    kind: "constraint-tightened",
    effect: "narrow",
    title: "contains added or tightened (schema narrowed, minContains raised, maxContains lowered)",
    reason: "Old writers may send arrays without enough (or with too many) matching elements.",
    example: '`Item.tags` `contains: {const: "urgent"}` added',
  },
  "contains-loosened": {
    kind: "constraint-loosened",
    effect: "widen",
    title: "contains removed or loosened",
    reason: "New writers may send arrays the old contains check rejects.",
    example: "`Item.tags` `minContains` 2 → 1",
  },
  "contains-changed": {
    kind: "constraint-changed",
    effect: "both",
    title: "contains changed (neither contains the other)",
    reason: "Each side counts different elements as matching.",
    example: '`contains` `{const: "a"}` → `{const: "b"}`',
  },
  "dependent-required-added": {
    kind: "constraint-tightened",
    effect: "narrow",
    title: "dependentRequired entry added",
    reason: "Old writers may send the key without the member it now requires (`missing_field`).",
    example: "`Reply` `dependentRequired: {size: [etag]}`",
  },
  "dependent-required-removed": {
    kind: "constraint-loosened",
    effect: "widen",
    title: "dependentRequired entry removed",
    reason: "New writers may send the key without the member old readers require.",
    example: "`Reply` loses `dependentRequired`",
  },
  "dependent-schema-tightened": {
    kind: "constraint-tightened",
    effect: "narrow",
    title: "dependentSchemas entry added or narrowed",
    reason: "Checked as an assertion: old writers may send objects the new schema rejects when the key is present.",
    example: "`Reply` `dependentSchemas: {size: {required: [etag]}}`",
  },
  "dependent-schema-loosened": {
    kind: "constraint-loosened",
    effect: "widen",
    title: "dependentSchemas entry removed or widened",
    reason: "New writers may send objects the old schema rejects when the key is present.",
    example: "`Reply` loses `dependentSchemas`",
  },
  "dependent-schema-changed": {
    kind: "constraint-changed",
    effect: "both",
    title: "dependentSchemas entry changed (neither contains the other)",
    reason: "Each side rejects objects the other accepts when the key is present.",
    example: "`dependentSchemas.size` `etag` const `a` → `b`",
  },
  "property-names-tightened": {
    kind: "constraint-tightened",
    effect: "narrow",
    title: "propertyNames added or narrowed",
    reason: "Old writers may send keys the new name schema rejects.",
    example: "`Options` `propertyNames: {maxLength: 8}`",
  },
  "property-names-loosened": {
    kind: "constraint-loosened",
    effect: "widen",
    title: "propertyNames removed or widened",
    reason: "New writers may send keys the old name schema rejects.",
    example: "`Options` loses `propertyNames`",
  },
  "property-names-changed": {
    kind: "constraint-changed",
    effect: "both",
    title: "propertyNames changed (neither contains the other)",
    reason: "Each side rejects keys the other accepts.",
    example: "`propertyNames` `pattern` `^a` → `^b`",
  },
  "pattern-property-added": {
    kind: "property-added",
    effect: "widen",
    title: "pattern property added (closed object)",
    reason: "New writers may send keys matching it; old readers reject them as unknown (`unknown_field`).",
    example: '`Item` `patternProperties: {"^x-": {type: string}}`',
  },
  "pattern-property-removed": {
    kind: "property-removed",
    effect: "narrow",
    title: "pattern property removed (closed object)",
    reason: "Old writers may still send keys matching it; new readers reject them.",
    example: "`Item` loses `patternProperties` `^x-`",
  },
  "nullable-added": {
    kind: "nullable-changed",
    effect: "widen",
    title: "null allowed (`T` → `T` or null)",
    reason: "New writers may send null; old readers reject it (`type`).",
    example: "`Item.note`: string → string or null",
  },
  "nullable-removed": {
    kind: "nullable-changed",
    effect: "narrow",
    title: "null no longer allowed (`T` or null → `T`)",
    reason: "Old writers may still send null; new readers reject it.",
    example: "`Item.note`: string or null → string",
  },
  "any-of-variant-added": {
    kind: "variant-added",
    effect: "widen",
    title: "variant added (anyOf, exact)",
    reason: "New writers may send values only the new variant accepts; old readers reject them.",
    example: "`Label` anyOf gains `integer`",
  },
  "any-of-variant-removed": {
    kind: "variant-removed",
    effect: "narrow",
    title: "variant removed (anyOf, exact)",
    reason: "Old writers may send values only the removed variant accepted.",
    example: "`Label` anyOf loses `integer`",
  },
  "one-of-variant-added": {
    kind: "variant-added",
    effect: "both",
    title: "variant added (oneOf, exact)",
    reason:
      "New writers may send values of the new variant (old readers reject them); an old value the new variant also accepts is now `ambiguous_variant`.",
    example: "`Label` oneOf gains `integer`",
  },
  "one-of-variant-removed": {
    kind: "variant-removed",
    effect: "both",
    title: "variant removed (oneOf, exact)",
    reason:
      "Old writers may send values only the removed variant accepted; values it made ambiguous are now valid, and old readers reject them.",
    example: "`Label` oneOf loses `integer`",
  },
  "union-now-one-of": {
    kind: "union-mode-changed",
    effect: "narrow",
    title: "anyOf → oneOf (exact union)",
    reason: "A value several variants accept is now `ambiguous_variant`; old writers may send one.",
    example: "`Label` `anyOf` → `oneOf`",
  },
  "union-now-any-of": {
    kind: "union-mode-changed",
    effect: "widen",
    title: "oneOf → anyOf (exact union)",
    reason: "New writers may send a value several variants accept; old readers reject it as ambiguous.",
    example: "`Label` `oneOf` → `anyOf`",
  },
  "all-of-branch-added": {
    kind: "applicator-changed",
    effect: "narrow",
    title: "allOf branch added (kept as written)",
    reason: "Checked as an assertion: old writers may send values the new branch rejects.",
    example: "`Item.name` `allOf: [{$ref: Label}]` added",
  },
  "all-of-branch-removed": {
    kind: "applicator-changed",
    effect: "widen",
    title: "allOf branch removed (kept as written)",
    reason: "New writers may send values the old branch rejects.",
    example: "`Item.name` loses its `allOf`",
  },
  "not-changed": {
    kind: "applicator-changed",
    effect: "both",
    title: "not added, removed or changed",
    reason:
      "Conservative: what `not` rejects is the complement of its schema, which the diff does not compare; review by hand.",
    example: "`Item.count` `not: {const: 13}` added",
  },
  "if-then-else-changed": {
    kind: "applicator-changed",
    effect: "both",
    title: "if/then/else added, removed or changed",
    reason:
      "Conservative: the condition picks which branch applies, so a change may reject old values and accept new ones; review by hand.",
    example: "`Item.count` `if: {minimum: 50}, then: {multipleOf: 5}` added",
  },
  "unevaluated-properties-changed": {
    kind: "applicator-changed",
    effect: "both",
    title: "unevaluatedProperties added, removed or changed",
    reason: "Conservative: which members count as evaluated depends on every applicator around it; review by hand.",
    example: "`Event` `unevaluatedProperties: false` added",
  },
  "unevaluated-items-changed": {
    kind: "applicator-changed",
    effect: "both",
    title: "unevaluatedItems added, removed or changed",
    reason:
      "Conservative: which elements count as evaluated depends on prefixItems, items and contains around it; review by hand.",
    example: "`Pair` `unevaluatedItems: false` added",
  },
} as const satisfies Record<string, Rule>;

export type RuleId = keyof typeof RULES;

/** The rules the first diff had (README's table today), in table order. */
export const FIRST_RULES: readonly RuleId[] = Object.keys(RULES).slice(
  0,
  Object.keys(RULES).indexOf("secret-changed") + 1,
) as RuleId[];

export function ruleOf(id: RuleId): Rule {
  return RULES[id];
}

/** The rule for a change of type with the given effect. */
export function typeRule(effect: Effect, same: RuleId = "reference-changed"): RuleId {
  return effect === "widen"
    ? "type-widened"
    : effect === "narrow"
      ? "type-narrowed"
      : effect === "both"
        ? "type-changed"
        : same;
}
