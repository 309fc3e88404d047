// The result of a semantic schema diff. This is also the documented shape of `codegen diff --format json`.
import type { JsonValue } from "../ir/types";
import type { RuleId } from "./rules";

/**
 * How the set of values changes at one place, seen from the wire.
 * "widen": the head accepts (so a head writer may send) values the base rejects.
 * "narrow": the base accepts values the head rejects.
 * "both": each accepts values the other rejects. "none": no change on the wire.
 */
export type Effect = "none" | "widen" | "narrow" | "both";

/**
 * "breaks-old-readers": a program built from the base schema fails to read what a head program writes.
 * "breaks-old-writers": a head program fails to read what a program built from the base schema writes.
 */
export type Classification = "safe" | "breaks-old-readers" | "breaks-old-writers" | "breaks-old-readers-and-writers";

/** Coarse change categories (several rules share one). */
export type ChangeKind =
  | "protocol-added"
  | "protocol-removed"
  | "definition-added"
  | "definition-removed"
  | "definition-renamed"
  | "property-added"
  | "property-removed"
  | "required-changed"
  | "type-changed"
  | "enum-value-added"
  | "enum-value-removed"
  | "constraint-tightened"
  | "constraint-loosened"
  | "constraint-changed"
  | "const-changed"
  | "discriminator-changed"
  | "variant-added"
  | "variant-removed"
  | "union-openness-changed"
  | "union-mode-changed"
  | "nullable-changed"
  | "extras-changed"
  | "applicator-changed"
  | "sent-by-changed"
  | "frame-changed"
  | "constant-added"
  | "constant-removed"
  | "constant-changed"
  | "version-changed"
  | "description-changed"
  | "annotation-changed";

export interface Change {
  /** The protocol's name (its folder under schema/, or its name in the config). */
  protocol: string;
  /** The breaking-change rule that classified the change (README, "Breaking-change rules"). */
  rule: RuleId;
  kind: ChangeKind;
  /** Where, in IR terms: "NativeFile.size", "HarnessOptions.tools[]", "Env{}", "ContentBlock", "OpenRequest (result)". */
  location: string;
  /** What changed, in one line. */
  message: string;
  classification: Classification;
  /**
   * Parties (x-sent-by names) whose base-schema builds break as readers / as writers.
   * Empty when the classification does not break that side, or when the schema does not name the party.
   */
  oldReaders: string[];
  oldWriters: string[];
  /** Why the rule classifies it so (one line). */
  reason: string;
  /** The schema file (relative to the repository root) and JSON Pointer closest to the change in the head, or in the base when it is gone. */
  file?: string;
  pointer?: string;
  /** 1-based line of `pointer` (or its nearest existing ancestor) in `file`, when the file exists on that side. */
  line?: number;
  before?: JsonValue;
  after?: JsonValue;
}

export interface ProtocolDiff {
  name: string;
  /** The x-constant "protocol-version" value on each side (absent when not declared or the protocol does not exist there). */
  baseVersion?: JsonValue;
  headVersion?: JsonValue;
  versionChanged: boolean;
  /** Some change breaks old readers or old writers. */
  breaking: boolean;
  /** breaking && !versionChanged: what makes `codegen diff` exit 1. */
  needsVersionChange: boolean;
  /** Where the head declares the version (the x-constant "protocol-version" definition), when it does. */
  versionLocation?: { file: string; pointer: string; line?: number };
  changes: Change[];
}

export interface DiffReport {
  /** Always "codegen-diff/1"; a change of this shape gets a new value. */
  format: "codegen-diff/1";
  /** How the two sides were given: a git ref or a folder ("." for the working tree). */
  base: string;
  head: string;
  /** False when some protocol needsVersionChange. */
  ok: boolean;
  protocols: ProtocolDiff[];
}
