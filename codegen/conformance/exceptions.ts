// The deliberate differences between a generated decoder and a JSON Schema validator
// (tests/differential-exceptions.json; tests/go/cmd/xcheck/exceptions.go reads the same file).
import { readFileSync } from "node:fs";
import { join } from "node:path";

export interface Exception {
  id: string;
  rule: number;
  reason: string;
  side: "ts" | "go" | "both";
  /** "ok", "ignored", "any" or an error code. */
  decoder: string;
  validator: "valid" | "invalid" | "any";
  condition: string;
}

/** A decoder's verdict as the exceptions see it. */
export type Verdict = { kind: "ok" } | { kind: "ignored" } | { kind: "error"; code: string; pointer: string };

export interface DiffCase {
  input: Uint8Array;
  decoder: Verdict;
  valid: boolean;
  frameLimit?: number;
  openUnion: boolean;
}

export const MAX_SAFE = 9007199254740991;

const lenient = new TextDecoder("utf-8", { ignoreBOM: true });
const strict = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

const conditions: Record<string, (c: DiffCase) => boolean> = {
  "unsafe-number-at-pointer": (c) => {
    if (c.decoder.kind !== "error") return false;
    const v = valueAt(lenient.decode(c.input), c.decoder.pointer);
    return typeof v === "number" && (!Number.isFinite(v) || Math.abs(v) > MAX_SAFE);
  },
  "ill-formed-text": (c) => !validUtf8(c.input) || hasUnpairedSurrogate(lenient.decode(c.input)),
  "nesting-over-limit": (c) => nesting(lenient.decode(c.input)) > 1000,
  "line-over-frame-limit": (c) => c.frameLimit !== undefined && c.input.length > c.frameLimit,
  "open-union": (c) => c.openUnion,
  "inexact-number": (c) => hasInexactNumber(lenient.decode(c.input)),
};

export function loadExceptions(root: string): Exception[] {
  const path = join(root, "tests", "differential-exceptions.json");
  const f = JSON.parse(readFileSync(path, "utf8")) as { exceptions: Exception[] };
  for (const e of f.exceptions) {
    if (!(e.condition in conditions)) throw new Error(`${path}: exception ${e.id}: unknown condition ${e.condition}`);
    if (!e.id || !e.reason) throw new Error(`${path}: every exception needs an id and a reason`);
  }
  return f.exceptions;
}

/** Whether the decoder's verdict (accepted or ignored, i.e. not rejected; or rejected) is the validator's. */
export function agrees(c: DiffCase): boolean {
  return (c.decoder.kind !== "error") === c.valid;
}

/** The id of the first exception of this side that explains a disagreement, or undefined. */
export function explain(exceptions: Exception[], side: "ts" | "go", c: DiffCase): string | undefined {
  for (const e of exceptions) {
    if (e.side !== "both" && e.side !== side) continue;
    if (e.decoder === "ok" || e.decoder === "ignored") {
      if (c.decoder.kind !== e.decoder) continue;
    } else if (e.decoder !== "any") {
      if (c.decoder.kind !== "error" || c.decoder.code !== e.decoder) continue;
    }
    if ((e.validator === "valid" && !c.valid) || (e.validator === "invalid" && c.valid)) continue;
    if (conditions[e.condition]!(c)) return e.id;
  }
  return undefined;
}

function validUtf8(b: Uint8Array): boolean {
  try {
    strict.decode(b);
    return true;
  } catch {
    return false;
  }
}

function valueAt(text: string, pointer: string): unknown {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (pointer === "") return v;
  for (const raw of pointer.slice(1).split("/")) {
    const tok = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (v === null || typeof v !== "object" || !Object.prototype.hasOwnProperty.call(v, tok)) return undefined;
    v = (v as Record<string, unknown>)[tok];
  }
  return v;
}

/** A \uD800-\uDFFF escape inside a string that is not part of a high-low pair, or such a code unit in the text. */
export function hasUnpairedSurrogate(t: string): boolean {
  if (!(t as unknown as { isWellFormed(): boolean }).isWellFormed()) return true;
  const re = /\\+u([dD][89a-fA-F][0-9a-fA-F]{2})(?:\\u([dD][c-fC-F][0-9a-fA-F]{2}))?/g;
  for (let m = re.exec(t); m !== null; m = re.exec(t)) {
    const slashes = m[0].indexOf("u");
    if (slashes % 2 === 0) continue; // an escaped backslash followed by the letter u
    const hi = parseInt(m[1]!, 16);
    if (hi >= 0xdc00 || m[2] === undefined) return true;
  }
  return false;
}

/** The deepest container level of a JSON text (the root container is level 1). */
export function nesting(t: string): number {
  let inStr = false;
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (inStr) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inStr = false;
      continue;
    }
    if (c === 0x22) inStr = true;
    else if (c === 0x7b || c === 0x5b) deepest = Math.max(deepest, ++depth);
    else if (c === 0x7d || c === 0x5d) depth--;
  }
  return deepest;
}

/** A number literal whose exact decimal value is not an IEEE double. */
export function hasInexactNumber(t: string): boolean {
  let inStr = false;
  for (let i = 0; i < t.length; i++) {
    const c = t[i]!;
    if (inStr) {
      if (c === "\\") i++;
      else if (c === '"') inStr = false;
      continue;
    }
    if (c === '"') {
      inStr = true;
      continue;
    }
    if (c === "-" || (c >= "0" && c <= "9")) {
      let j = i;
      while (j < t.length && "+-.eE0123456789".includes(t[j]!)) j++;
      const lit = t.slice(i, j);
      i = j - 1;
      if (inexact(lit)) return true;
    }
  }
  return false;
}

function inexact(lit: string): boolean {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(lit);
  if (m === null) return false;
  const d = Number(lit);
  if (!Number.isFinite(d)) return true;
  const digits = BigInt(m[2]! + (m[3] ?? ""));
  const e10 = Number(m[4] ?? "0") - (m[3]?.length ?? 0);
  if (digits === 0n) return false;
  if (d === 0) return true;
  if (Math.abs(e10) > 2000) return true;
  // d = M × 2^E exactly
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, Math.abs(d));
  const bits = view.getBigUint64(0);
  const expBits = Number((bits >> 52n) & 0x7ffn);
  const frac = bits & ((1n << 52n) - 1n);
  const M = expBits === 0 ? frac : frac | (1n << 52n);
  const E = (expBits === 0 ? 1 : expBits) - 1075;
  const lhs = digits * 10n ** BigInt(Math.max(e10, 0)) * 2n ** BigInt(Math.max(-E, 0));
  const rhs = M * 2n ** BigInt(Math.max(E, 0)) * 10n ** BigInt(Math.max(-e10, 0));
  return lhs !== rhs;
}
