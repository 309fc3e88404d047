// The expected changes of every fixture pair under tests/ts/fixtures/diff/, read forwards and
// backwards, and the inverse of each rule of the first diff: shared by the tests of the first diff
// (diff.test.ts) and of the diff on the new IR (next-diff.test.ts), which must give the same result.

import type { Classification } from "../../../codegen/next/diff/types";

/** [rule, location, classification, old readers that break, old writers that break] */
export type Expected = [string, string, Classification, string[], string[]];

// In the demo protocol the host writes Request (and so Item, Kind, Options); the runner writes Reply (the
// result of Request), TickEvent (and so Block) and NoticeEvent (and so HintNotice; the open union Notice
// is on no frame). Spare and MaxItems are on no frame.
export const EXPECTED: Record<string, Expected[]> = {
  "definition-added": [["definition-added", "Extra", "safe", [], []]],
  "definition-removed": [["definition-removed", "Spare", "safe", [], []]],
  "definition-renamed": [["definition-renamed", "Entry", "safe", [], []]],
  "frame-added": [["frame-added", "PingRequest", "breaks-old-readers", ["runner"], []]],
  "frame-removed": [
    ["variant-removed", "Frame", "breaks-old-writers", [], ["runner"]],
    ["frame-removed", "NoticeEvent", "breaks-old-writers", [], ["runner"]],
  ],
  "property-added-optional": [["property-added-optional", "Item.color", "breaks-old-readers", ["runner"], []]],
  "property-added-required": [
    ["property-added-required", "Item.color", "breaks-old-readers-and-writers", ["runner"], ["host"]],
  ],
  "property-added-open-object": [["property-added-open-optional", "Options.color", "safe", [], []]],
  "property-removed-optional": [["property-removed-optional", "Item.note", "breaks-old-writers", [], ["host"]]],
  "property-removed-required": [
    ["property-removed-required", "Item.count", "breaks-old-readers-and-writers", ["runner"], ["host"]],
  ],
  "property-removed-open-object": [["property-removed-open-optional", "Options.hint", "safe", [], []]],
  "required-to-optional": [["property-now-optional", "Item.count", "breaks-old-readers", ["runner"], []]],
  "optional-to-required": [["property-now-required", "Item.note", "breaks-old-writers", [], ["host"]]],
  "type-changed": [["type-changed", "Item.count", "breaks-old-readers-and-writers", ["runner"], ["host"]]],
  "type-widened": [["type-widened", "Item.count", "breaks-old-readers", ["runner"], []]],
  "items-type-changed": [["type-changed", "Item.tags[]", "breaks-old-readers-and-writers", ["runner"], ["host"]]],
  "enum-value-added": [["enum-value-added", "Kind", "breaks-old-readers", ["runner"], []]],
  "enum-value-removed": [["enum-value-removed", "Kind", "breaks-old-writers", [], ["host"]]],
  "constraint-tightened": [
    ["constraint-tightened", "Item.name", "breaks-old-writers", [], ["host"]],
    ["constraint-tightened", "Item.count", "breaks-old-writers", [], ["host"]],
    ["constraint-tightened", "Item.tags", "breaks-old-writers", [], ["host"]],
  ],
  // count: minimum 0 became exclusiveMinimum -1, the same bound for an integer, and maximum 100 → 200.
  "constraint-loosened": [
    ["constraint-loosened", "Item.name", "breaks-old-readers", ["runner"], []],
    ["constraint-loosened", "Item.count", "breaks-old-readers", ["runner"], []],
    ["constraint-loosened", "Item.tags", "breaks-old-readers", ["runner"], []],
  ],
  "pattern-changed": [["constraint-changed", "Item.name", "breaks-old-readers-and-writers", ["runner"], ["host"]]],
  "const-changed": [["const-changed", "Request.method", "breaks-old-readers-and-writers", ["runner"], ["host"]]],
  "discriminator-changed": [["discriminator-changed", "Block", "breaks-old-readers-and-writers", ["host"], ["runner"]]],
  "variant-added": [
    ["variant-added", "Block", "breaks-old-readers", ["host"], []],
    ["definition-added", "FlagBlock", "safe", [], []],
  ],
  "variant-removed": [["variant-removed", "Block", "breaks-old-writers", [], ["runner"]]],
  "open-union-variant-added": [
    ["variant-added-open", "Notice", "safe", [], []],
    ["definition-added", "InfoNotice", "safe", [], []],
  ],
  "union-closed": [["union-openness-changed", "Notice", "safe", [], []]],
  "extras-changed": [["extras-opened", "Reply", "breaks-old-readers", ["host"], []]],
  "constant-changed": [
    ["constant-changed", "MaxItems", "breaks-old-readers-and-writers", ["host", "runner"], ["host", "runner"]],
  ],
  "frame-limit-raised": [["frame-limit-raised", "MaxFrameBytes", "breaks-old-readers", ["host", "runner"], []]],
  "description-only": [
    ["description-changed", "Item", "safe", [], []],
    ["description-changed", "Item.name", "safe", [], []],
  ],
  // TickEvent gains a writer, the host: the side that reads the host's frames (the runner) does not expect it.
  "sent-by-changed": [["sent-by-added", "TickEvent", "breaks-old-readers", ["runner"], []]],
  // Reply is the result of the host's Request, so the runner writes it and an old host reads it.
  "result-type-property-added": [["property-added-optional", "Reply.etag", "breaks-old-readers", ["host"], []]],
  "inline-to-ref-same-values": [["definition-added", "RequestId", "safe", [], []]],
  "protocol-added": [["protocol-added", "other", "safe", [], []]],
  "protocol-removed": [["protocol-removed", "other", "breaks-old-readers-and-writers", [], []]],
  // Options is written by the host: a new required member is not sent by old hosts; extras are kept.
  "property-added-open-required": [
    ["property-added-open-required", "Options.color", "breaks-old-writers", [], ["host"]],
  ],
  "property-removed-open-required": [
    ["property-removed-open-required", "Options.label", "breaks-old-readers", ["runner"], []],
  ],
  "type-narrowed": [["type-narrowed", "Item.count", "breaks-old-writers", [], ["host"]]],
  // Kind (a, b) swapped for Kind2 (a, c): one value removed, one added.
  "referenced-type-changed": [
    ["type-changed", "Item.kind", "breaks-old-readers-and-writers", ["runner"], ["host"]],
    ["definition-added", "Kind2", "safe", [], []],
  ],
  "reference-swapped-same-values": [
    ["reference-changed", "Item.kind", "safe", [], []],
    ["definition-added", "KindCopy", "safe", [], []],
  ],
  "open-union-variant-removed": [["variant-removed-open", "Notice", "safe", [], []]],
  "extras-closed": [["extras-closed", "Options", "breaks-old-writers", [], ["host"]]],
  // Request was written by both sides; old runners still write it to a host that no longer expects it.
  "sent-by-removed": [["sent-by-removed", "Request", "breaks-old-writers", [], ["runner"]]],
  "frame-limit-lowered": [["frame-limit-lowered", "MaxFrameBytes", "breaks-old-writers", [], ["host", "runner"]]],
  "constant-added": [
    ["constant-added", "MinItems", "breaks-old-readers-and-writers", ["host", "runner"], ["host", "runner"]],
  ],
  "constant-removed": [
    ["constant-removed", "MaxItems", "breaks-old-readers-and-writers", ["host", "runner"], ["host", "runner"]],
  ],
  "deprecated-changed": [["deprecated-changed", "Item.note", "safe", [], []]],
  "secret-changed": [["secret-changed", "Item.note", "safe", [], []]],
  "frame-changed": [["frame-changed", "Spare", "safe", [], []]],
  "version-bumped": [
    ["version-changed", "ProtocolVersion", "safe", [], []],
    ["property-added-optional", "Item.color", "breaks-old-readers", ["runner"], []],
  ],
  // multipleOf added on Item.count, 2 → 4 on Reply.size (written by the runner), 3 → 6 on NumberBlock.value (TickEvent)
  "multipleof-tightened": [
    ["constraint-tightened", "Item.count", "breaks-old-writers", [], ["host"]],
    ["constraint-tightened", "Reply.size", "breaks-old-writers", [], ["runner"]],
    ["constraint-tightened", "NumberBlock.value", "breaks-old-writers", [], ["runner"]],
  ],
  // the same pair the other way round: removed, 4 → 2, 6 → 3
  "multipleof-loosened": [
    ["constraint-loosened", "Item.count", "breaks-old-readers", ["runner"], []],
    ["constraint-loosened", "Reply.size", "breaks-old-readers", ["host"], []],
    ["constraint-loosened", "NumberBlock.value", "breaks-old-readers", ["host"], []],
  ],
  // 2 → 3 and 4 → 6: neither set of multiples contains the other
  "multipleof-changed": [
    ["constraint-changed", "Item.count", "breaks-old-readers-and-writers", ["runner"], ["host"]],
    ["constraint-changed", "NumberBlock.value", "breaks-old-readers-and-writers", ["host"], ["runner"]],
  ],
  // minimum 0 → exclusiveMinimum 0 (integer: at least 1), exclusiveMaximum added, pattern added, enum added
  "constraint-tightened-bounds": [
    ["constraint-tightened", "Item.count", "breaks-old-writers", [], ["host"]],
    ["constraint-tightened", "Item.note", "breaks-old-writers", [], ["host"]],
    ["constraint-tightened", "Options.hint", "breaks-old-writers", [], ["host"]],
    ["constraint-tightened", "Reply.size", "breaks-old-writers", [], ["runner"]],
  ],
};

/**
 * Every fixture pair read the other way round (head as the base, base as the head): each change is
 * its rule's inverse (INVERSE), classified for the other direction.
 */
export const REVERSED: Record<string, Expected[]> = {
  "const-changed": [["const-changed", "Request.method", "breaks-old-readers-and-writers", ["runner"], ["host"]]],
  "constant-added": [
    ["constant-removed", "MinItems", "breaks-old-readers-and-writers", ["host", "runner"], ["host", "runner"]],
  ],
  "constant-changed": [
    ["constant-changed", "MaxItems", "breaks-old-readers-and-writers", ["host", "runner"], ["host", "runner"]],
  ],
  "constant-removed": [
    ["constant-added", "MaxItems", "breaks-old-readers-and-writers", ["host", "runner"], ["host", "runner"]],
  ],
  "constraint-loosened": [
    ["constraint-tightened", "Item.name", "breaks-old-writers", [], ["host"]],
    ["constraint-tightened", "Item.count", "breaks-old-writers", [], ["host"]],
    ["constraint-tightened", "Item.tags", "breaks-old-writers", [], ["host"]],
  ],
  "constraint-tightened": [
    ["constraint-loosened", "Item.name", "breaks-old-readers", ["runner"], []],
    ["constraint-loosened", "Item.count", "breaks-old-readers", ["runner"], []],
    ["constraint-loosened", "Item.tags", "breaks-old-readers", ["runner"], []],
  ],
  "constraint-tightened-bounds": [
    ["constraint-loosened", "Item.count", "breaks-old-readers", ["runner"], []],
    ["constraint-loosened", "Item.note", "breaks-old-readers", ["runner"], []],
    ["constraint-loosened", "Options.hint", "breaks-old-readers", ["runner"], []],
    ["constraint-loosened", "Reply.size", "breaks-old-readers", ["host"], []],
  ],
  "definition-added": [["definition-removed", "Extra", "safe", [], []]],
  "definition-removed": [["definition-added", "Spare", "safe", [], []]],
  "definition-renamed": [["definition-renamed", "Item", "safe", [], []]],
  "deprecated-changed": [["deprecated-changed", "Item.note", "safe", [], []]],
  "description-only": [
    ["description-changed", "Item", "safe", [], []],
    ["description-changed", "Item.name", "safe", [], []],
  ],
  "discriminator-changed": [["discriminator-changed", "Block", "breaks-old-readers-and-writers", ["host"], ["runner"]]],
  "enum-value-added": [["enum-value-removed", "Kind", "breaks-old-writers", [], ["host"]]],
  "enum-value-removed": [["enum-value-added", "Kind", "breaks-old-readers", ["runner"], []]],
  "extras-changed": [["extras-closed", "Reply", "breaks-old-writers", [], ["runner"]]],
  "extras-closed": [["extras-opened", "Options", "breaks-old-readers", ["runner"], []]],
  "frame-added": [["frame-removed", "PingRequest", "breaks-old-writers", [], ["host"]]],
  "frame-changed": [["frame-changed", "Spare", "safe", [], []]],
  "frame-limit-lowered": [["frame-limit-raised", "MaxFrameBytes", "breaks-old-readers", ["host", "runner"], []]],
  "frame-limit-raised": [["frame-limit-lowered", "MaxFrameBytes", "breaks-old-writers", [], ["host", "runner"]]],
  "frame-removed": [
    ["frame-added", "NoticeEvent", "breaks-old-readers", ["host"], []],
    ["variant-added", "Frame", "breaks-old-readers", ["host"], []],
  ],
  "inline-to-ref-same-values": [["definition-removed", "RequestId", "safe", [], []]],
  "items-type-changed": [["type-changed", "Item.tags[]", "breaks-old-readers-and-writers", ["runner"], ["host"]]],
  "multipleof-changed": [
    ["constraint-changed", "Item.count", "breaks-old-readers-and-writers", ["runner"], ["host"]],
    ["constraint-changed", "NumberBlock.value", "breaks-old-readers-and-writers", ["host"], ["runner"]],
  ],
  "multipleof-loosened": [
    ["constraint-tightened", "Item.count", "breaks-old-writers", [], ["host"]],
    ["constraint-tightened", "Reply.size", "breaks-old-writers", [], ["runner"]],
    ["constraint-tightened", "NumberBlock.value", "breaks-old-writers", [], ["runner"]],
  ],
  "multipleof-tightened": [
    ["constraint-loosened", "Item.count", "breaks-old-readers", ["runner"], []],
    ["constraint-loosened", "Reply.size", "breaks-old-readers", ["host"], []],
    ["constraint-loosened", "NumberBlock.value", "breaks-old-readers", ["host"], []],
  ],
  "open-union-variant-added": [
    ["variant-removed-open", "Notice", "safe", [], []],
    ["definition-removed", "InfoNotice", "safe", [], []],
  ],
  "open-union-variant-removed": [["variant-added-open", "Notice", "safe", [], []]],
  "optional-to-required": [["property-now-optional", "Item.note", "breaks-old-readers", ["runner"], []]],
  "pattern-changed": [["constraint-changed", "Item.name", "breaks-old-readers-and-writers", ["runner"], ["host"]]],
  "property-added-open-object": [["property-removed-open-optional", "Options.color", "safe", [], []]],
  "property-added-open-required": [
    ["property-removed-open-required", "Options.color", "breaks-old-readers", ["runner"], []],
  ],
  "property-added-optional": [["property-removed-optional", "Item.color", "breaks-old-writers", [], ["host"]]],
  "property-added-required": [
    ["property-removed-required", "Item.color", "breaks-old-readers-and-writers", ["runner"], ["host"]],
  ],
  "property-removed-open-object": [["property-added-open-optional", "Options.hint", "safe", [], []]],
  "property-removed-open-required": [
    ["property-added-open-required", "Options.label", "breaks-old-writers", [], ["host"]],
  ],
  "property-removed-optional": [["property-added-optional", "Item.note", "breaks-old-readers", ["runner"], []]],
  "property-removed-required": [
    ["property-added-required", "Item.count", "breaks-old-readers-and-writers", ["runner"], ["host"]],
  ],
  "protocol-added": [["protocol-removed", "other", "breaks-old-readers-and-writers", [], []]],
  "protocol-removed": [["protocol-added", "other", "safe", [], []]],
  "reference-swapped-same-values": [
    ["reference-changed", "Item.kind", "safe", [], []],
    ["definition-removed", "KindCopy", "safe", [], []],
  ],
  "referenced-type-changed": [
    ["type-changed", "Item.kind", "breaks-old-readers-and-writers", ["runner"], ["host"]],
    ["definition-removed", "Kind2", "safe", [], []],
  ],
  "required-to-optional": [["property-now-required", "Item.count", "breaks-old-writers", [], ["host"]]],
  "result-type-property-added": [["property-removed-optional", "Reply.etag", "breaks-old-writers", [], ["runner"]]],
  "secret-changed": [["secret-changed", "Item.note", "safe", [], []]],
  "sent-by-changed": [["sent-by-removed", "TickEvent", "breaks-old-writers", [], ["host"]]],
  "sent-by-removed": [["sent-by-added", "Request", "breaks-old-readers", ["host"], []]],
  "type-changed": [["type-changed", "Item.count", "breaks-old-readers-and-writers", ["runner"], ["host"]]],
  "type-narrowed": [["type-widened", "Item.count", "breaks-old-readers", ["runner"], []]],
  "type-widened": [["type-narrowed", "Item.count", "breaks-old-writers", [], ["host"]]],
  "union-closed": [["union-openness-changed", "Notice", "safe", [], []]],
  "variant-added": [
    ["variant-removed", "Block", "breaks-old-writers", [], ["runner"]],
    ["definition-removed", "FlagBlock", "safe", [], []],
  ],
  "variant-removed": [["variant-added", "Block", "breaks-old-readers", ["host"], []]],
  "version-bumped": [
    ["version-changed", "ProtocolVersion", "safe", [], []],
    ["property-removed-optional", "Item.color", "breaks-old-writers", [], ["host"]],
  ],
};

/** The rule a change becomes when base and head are swapped; rules without a direction are their own inverse. */
export const INVERSE = {
  "protocol-added": "protocol-removed",
  "protocol-removed": "protocol-added",
  "definition-added": "definition-removed",
  "definition-removed": "definition-added",
  "definition-renamed": "definition-renamed",
  "frame-added": "frame-removed",
  "frame-removed": "frame-added",
  "property-added-optional": "property-removed-optional",
  "property-removed-optional": "property-added-optional",
  "property-added-required": "property-removed-required",
  "property-removed-required": "property-added-required",
  "property-added-open-optional": "property-removed-open-optional",
  "property-removed-open-optional": "property-added-open-optional",
  "property-added-open-required": "property-removed-open-required",
  "property-removed-open-required": "property-added-open-required",
  "property-now-optional": "property-now-required",
  "property-now-required": "property-now-optional",
  "type-changed": "type-changed",
  "type-widened": "type-narrowed",
  "type-narrowed": "type-widened",
  "reference-changed": "reference-changed",
  "enum-value-added": "enum-value-removed",
  "enum-value-removed": "enum-value-added",
  "constraint-tightened": "constraint-loosened",
  "constraint-loosened": "constraint-tightened",
  "constraint-changed": "constraint-changed",
  "const-changed": "const-changed",
  "discriminator-changed": "discriminator-changed",
  "variant-added": "variant-removed",
  "variant-removed": "variant-added",
  "variant-added-open": "variant-removed-open",
  "variant-removed-open": "variant-added-open",
  "union-openness-changed": "union-openness-changed",
  "extras-opened": "extras-closed",
  "extras-closed": "extras-opened",
  "sent-by-added": "sent-by-removed",
  "sent-by-removed": "sent-by-added",
  "frame-changed": "frame-changed",
  "frame-limit-raised": "frame-limit-lowered",
  "frame-limit-lowered": "frame-limit-raised",
  "constant-changed": "constant-changed",
  "constant-added": "constant-removed",
  "constant-removed": "constant-added",
  "version-changed": "version-changed",
  "description-changed": "description-changed",
  "deprecated-changed": "deprecated-changed",
  "secret-changed": "secret-changed",
} as const satisfies Record<string, string>;
