// The deliberate differences between a generated decoder and a JSON Schema validator
// (tests/differential-exceptions.json; tests/go/cmd/xcheck/exceptions.go reads the same file).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Dispatch } from "../ir/types";

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

/** A scalar value of a discriminator that picks a variant. */
export type Scalar = string | number | boolean | null;

export interface DiffCase {
  input: Uint8Array;
  decoder: Verdict;
  valid: boolean;
  /** When the validator says invalid: the instance locations (RFC 6901) of its innermost errors. */
  validatorPointers?: string[];
  /** The validator's verdict on another text (a condition may change the input and ask again). */
  revalidate?: (input: Uint8Array) => boolean | Promise<boolean>;
  frameLimit?: number;
  openUnion: boolean;
  /** For an open union: per discriminator key (x-discriminator), the values that pick a variant. */
  discriminators?: Record<string, Scalar[]>;
  /**
   * For an open union: its whole dispatch, when known (several keys may be needed in turn to pick a
   * variant); a value is recognised when the dispatch leads it to a variant.
   */
  dispatch?: Dispatch;
}

export const MAX_SAFE = 9007199254740991;

const lenient = new TextDecoder("utf-8", { ignoreBOM: true });
const strict = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const utf8 = new TextEncoder();

/**
 * The conditions, each checked where the verdicts differ: at the decoder's error pointer when the
 * decoder rejects, at the validator's error locations when the validator rejects.
 */
const conditions: Record<string, (c: DiffCase) => boolean | Promise<boolean>> = {
  "unsafe-number-at-pointer": (c) => {
    if (c.decoder.kind !== "error") return false;
    const t = textOf(c.input);
    const s = t === undefined ? undefined : spanAt(t, c.decoder.pointer);
    if (s === undefined || s.kind !== "number") return false;
    const v = Number(t!.slice(s.start, s.end));
    return !Number.isFinite(v) || Math.abs(v) > MAX_SAFE;
  },
  "ill-formed-text-at-pointer": (c) => {
    if (c.decoder.kind !== "error") return false;
    if (!validUtf8(c.input)) return c.decoder.pointer === "";
    const t = lenient.decode(c.input);
    const s = spanAt(t, c.decoder.pointer);
    if (s === undefined) return false;
    if (s.kind === "string") return hasUnpairedSurrogate(t.slice(s.start, s.end));
    if (s.kind === "object") return memberKeys(t, s.start).some(([ks, ke]) => hasUnpairedSurrogate(t.slice(ks, ke)));
    return false;
  },
  "ill-formed-text-in-input": (c) => {
    // a utf8 error must be at the string (ill-formed-text-at-pointer): only another code is explained here
    if (c.decoder.kind !== "error" || c.decoder.code === "utf8" || !validUtf8(c.input)) return false;
    return hasUnpairedSurrogate(lenient.decode(c.input));
  },
  "unsafe-number-in-input": (c) => {
    // a range error must be at the number (unsafe-number-at-pointer): only another code is explained here
    if (c.decoder.kind !== "error" || c.decoder.code === "range") return false;
    const t = textOf(c.input);
    return t !== undefined && hasUnsafeNumber(t);
  },
  "nesting-over-limit-at-pointer": (c) => {
    if (c.decoder.kind !== "error") return false;
    const t = textOf(c.input);
    const s = t === undefined ? undefined : spanAt(t, c.decoder.pointer);
    return (
      s !== undefined && (s.kind === "object" || s.kind === "array") && tokens(c.decoder.pointer).length + 1 > 1000
    );
  },
  "line-over-frame-limit": (c) =>
    c.frameLimit !== undefined &&
    c.input.length > c.frameLimit &&
    c.decoder.kind === "error" &&
    c.decoder.pointer === "",
  "open-union-unrecognised": (c) => c.openUnion && !recognised(c),
  "input-not-utf8": (c) => !validUtf8(c.input),
  "inexact-number-at-pointer": async (c) => {
    const t = textOf(c.input);
    if (t === undefined || c.revalidate === undefined) return false;
    const pointers =
      c.decoder.kind === "error"
        ? [c.decoder.pointer]
        : c.decoder.kind === "ok" && !c.valid
          ? (c.validatorPointers ?? [])
          : [];
    // the inexact number literals at those pointers, replaced by the exact value of the double the decoders see
    const edits: { start: number; end: number; text: string }[] = [];
    for (const p of new Set(pointers)) {
      const s = spanAt(t, p);
      if (s === undefined || s.kind !== "number") continue;
      const lit = t.slice(s.start, s.end);
      const d = Number(lit);
      if (inexact(lit) && Number.isFinite(d)) edits.push({ ...s, text: exactDecimal(d) });
    }
    if (edits.length === 0) return false;
    let out = t;
    for (const e of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
    // explained only if the validator, given the numbers as the decoders read them, agrees with the decoder
    return (await c.revalidate(utf8.encode(out))) === (c.decoder.kind === "ok");
  },
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

/**
 * Whether the decoder's verdict is the validator's: accepted and valid, or rejected and invalid.
 * "Ignored" (an open union's answer) is a verdict of its own, which agrees with no validator: every
 * ignored line needs an exception (open-union-unrecognised, for an invalid line only).
 */
export function agrees(c: DiffCase): boolean {
  if (c.decoder.kind === "ok") return c.valid;
  if (c.decoder.kind === "error") return !c.valid;
  return false;
}

/** The id of the first exception of this side that explains a disagreement, or undefined. */
export async function explain(exceptions: Exception[], side: "ts" | "go", c: DiffCase): Promise<string | undefined> {
  for (const e of exceptions) {
    if (e.side !== "both" && e.side !== side) continue;
    if (e.decoder === "ok" || e.decoder === "ignored") {
      if (c.decoder.kind !== e.decoder) continue;
    } else if (e.decoder !== "any") {
      if (c.decoder.kind !== "error" || c.decoder.code !== e.decoder) continue;
    }
    if ((e.validator === "valid" && !c.valid) || (e.validator === "invalid" && c.valid)) continue;
    if (await conditions[e.condition]!(c)) return e.id;
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

function textOf(b: Uint8Array): string | undefined {
  try {
    return strict.decode(b);
  } catch {
    return undefined;
  }
}

/** Whether an open union's dispatch picks a variant: an object with a known value at a discriminator key. */
function recognised(c: DiffCase): boolean {
  const t = textOf(c.input);
  if (t === undefined) return false;
  let v: unknown;
  try {
    v = JSON.parse(t);
  } catch {
    return false;
  }
  if (v === null || typeof v !== "object" || Array.isArray(v)) return false;
  if (c.dispatch !== undefined) return leadsToVariant(c.dispatch, v);
  return Object.entries(c.discriminators ?? {}).some(
    ([k, values]) =>
      Object.prototype.hasOwnProperty.call(v, k) && values.some((x) => x === (v as Record<string, unknown>)[k]),
  );
}

/** Whether a union's dispatch picks a variant for a parsed value (codegen/next/ir/types.ts, Dispatch). */
function leadsToVariant(d: Dispatch, v: unknown): boolean {
  const o = v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  switch (d.by) {
    case "leaf":
      return true;
    case "none":
      return false;
    case "kind": {
      const kind = v === null ? "null" : Array.isArray(v) ? "array" : typeof v === "object" ? "object" : typeof v;
      const c = d.cases.find((x) => x.kind === kind);
      return c !== undefined && leadsToVariant(c.next, v);
    }
    case "presence":
      return o !== undefined && leadsToVariant(Object.hasOwn(o, d.key) ? d.present : d.absent, v);
    case "const": {
      if (o === undefined || !Object.hasOwn(o, d.key)) return false;
      const c = d.cases.find((x) => x.value === o[d.key]);
      return c !== undefined && leadsToVariant(c.next, v);
    }
  }
}

// ---- values at pointers in a raw JSON text ----

/** Where the value at a pointer is in a text, and its kind. */
export interface Span {
  start: number;
  end: number;
  kind: "object" | "array" | "string" | "number" | "literal";
}

function tokens(pointer: string): string[] {
  return pointer === ""
    ? []
    : pointer
        .slice(1)
        .split("/")
        .map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"));
}

function skipWs(t: string, i: number): number {
  while (i < t.length && (t[i] === " " || t[i] === "\t" || t[i] === "\n" || t[i] === "\r")) i++;
  return i;
}

/** The end of the value that starts at i (iterative, for deep nesting); -1 when the text ends first. */
function valueEnd(t: string, i: number): number {
  const c = t[i];
  if (c === '"') {
    for (let j = i + 1; j < t.length; j++) {
      if (t[j] === "\\") j++;
      else if (t[j] === '"') return j + 1;
    }
    return -1;
  }
  if (c === "{" || c === "[") {
    let depth = 0;
    for (let j = i; j < t.length; j++) {
      const x = t[j];
      if (x === '"') {
        j = valueEnd(t, j) - 1;
        if (j < 0) return -1;
      } else if (x === "{" || x === "[") depth++;
      else if (x === "}" || x === "]") {
        if (--depth === 0) return j + 1;
      }
    }
    return -1;
  }
  let j = i;
  while (j < t.length && !",]} \t\n\r".includes(t[j]!)) j++;
  return j > i ? j : -1;
}

/** [keyStart, keyEnd, valueStart] of each member of the object at i, in document order. */
function memberKeys(t: string, i: number): [number, number, number][] {
  const out: [number, number, number][] = [];
  i = skipWs(t, i + 1);
  while (i < t.length && t[i] === '"') {
    const ke = valueEnd(t, i);
    if (ke < 0) break;
    const colon = skipWs(t, ke);
    if (t[colon] !== ":") break;
    const vs = skipWs(t, colon + 1);
    out.push([i, ke, vs]);
    const ve = valueEnd(t, vs);
    if (ve < 0) break;
    i = skipWs(t, ve);
    if (t[i] !== ",") break;
    i = skipWs(t, i + 1);
  }
  return out;
}

/** The value at an RFC 6901 pointer of a JSON text (duplicate keys: the last one wins, as in JSON.parse). */
export function spanAt(t: string, pointer: string): Span | undefined {
  let i = skipWs(t, 0);
  for (const token of tokens(pointer)) {
    if (t[i] === "{") {
      let found = -1;
      for (const [ks, ke, vs] of memberKeys(t, i)) {
        let key: unknown;
        try {
          key = JSON.parse(t.slice(ks, ke));
        } catch {
          return undefined;
        }
        if (key === token) found = vs;
      }
      if (found < 0) return undefined;
      i = found;
    } else if (t[i] === "[") {
      if (!/^(0|[1-9][0-9]*)$/.test(token)) return undefined;
      i = skipWs(t, i + 1);
      if (t[i] === "]") return undefined;
      for (let n = Number(token); n > 0; n--) {
        const e = valueEnd(t, i);
        if (e < 0) return undefined;
        i = skipWs(t, e);
        if (t[i] !== ",") return undefined;
        i = skipWs(t, i + 1);
      }
    } else return undefined;
  }
  const end = valueEnd(t, i);
  if (end < 0) return undefined;
  const c = t[i]!;
  const kind =
    c === "{"
      ? "object"
      : c === "["
        ? "array"
        : c === '"'
          ? "string"
          : c === "-" || (c >= "0" && c <= "9")
            ? "number"
            : "literal";
  return { start: i, end, kind };
}

/** The exact decimal value of a finite double, as a JSON number (digits and a negative exponent). */
export function exactDecimal(d: number): string {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, d);
  const bits = view.getBigUint64(0);
  const neg = bits >> 63n === 1n;
  const expBits = Number((bits >> 52n) & 0x7ffn);
  const frac = bits & ((1n << 52n) - 1n);
  const M = expBits === 0 ? frac : frac | (1n << 52n);
  const E = (expBits === 0 ? 1 : expBits) - 1075;
  const digits = M === 0n ? "0" : E >= 0 ? (M << BigInt(E)).toString() : `${M * 5n ** BigInt(-E)}e-${-E}`;
  return (neg ? "-" : "") + digits;
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

/** A number literal (outside strings) that is not finite as a double or beyond ±(2^53 − 1) (rule 9). */
export function hasUnsafeNumber(t: string): boolean {
  const re = /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;
  for (let m = re.exec(t); m !== null; m = re.exec(t)) {
    if (m[0].startsWith('"')) continue;
    const v = Number(m[0]);
    if (!Number.isFinite(v) || Math.abs(v) > MAX_SAFE) return true;
  }
  return false;
}

/** Whether a number literal's exact decimal value is not an IEEE double (or is not finite). */
export function inexact(lit: string): boolean {
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
