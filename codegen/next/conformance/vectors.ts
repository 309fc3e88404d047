// Reading vector files (format: vectors/README.md) and the outcomes they expect.
import { readFileSync } from "node:fs";
import { basename, dirname, resolve } from "node:path";

export interface Repeat {
  prefix: string;
  unit: string;
  count: number;
  suffix: string;
}
export type Input = { text: string } | { base64: string } | { repeat: Repeat };
export type Canonical = string | { repeat: Repeat };
export type ExpectedOutcome =
  { ok: true; canonical: Canonical } | { ok: false; code: string; pointer: string } | { ignored: true };

export interface Vector {
  id: string;
  rule: number;
  note: string;
  type: string;
  via: "decode" | "stream" | "encode";
  input: Input;
  expect: ExpectedOutcome | ExpectedOutcome[];
  /** Where it was read. */
  file: string;
  line: number;
  protocol: string;
}

/**
 * One outcome of a decoder, encoder or reader, in comparable form. `fault` is anything that must never
 * happen: a thrown value that is not DecodeError/EncodeError, a Go panic, an encoding its own decoder
 * rejects, a canonical form that is not idempotent.
 */
export type Outcome =
  | { ok: true; canonical: string }
  | { ok: false; code: string; pointer: string; message?: string }
  | { ignored: true }
  | { fault: string };

export function expandRepeat(r: Repeat): string {
  return r.prefix + r.unit.repeat(r.count) + r.suffix;
}

export function inputBytes(input: Input): Uint8Array {
  if ("text" in input) return new Uint8Array(Buffer.from(input.text, "utf8"));
  if ("base64" in input) return new Uint8Array(Buffer.from(input.base64, "base64"));
  return new Uint8Array(Buffer.from(expandRepeat(input.repeat), "utf8"));
}

export function expected(o: ExpectedOutcome): Outcome {
  if ("ignored" in o) return { ignored: true };
  if (o.ok)
    return { ok: true, canonical: typeof o.canonical === "string" ? o.canonical : expandRepeat(o.canonical.repeat) };
  return { ok: false, code: o.code, pointer: o.pointer };
}

/** Reads one vector file; the protocol is the folder's name unless given. Throws on a malformed line. */
export function readVectorFile(path: string, protocol?: string): Vector[] {
  const abs = resolve(path);
  const proto = protocol ?? basename(dirname(abs));
  const out: Vector[] = [];
  readFileSync(abs, "utf8")
    .split("\n")
    .forEach((l, i) => {
      if (l.trim() === "") return;
      let v: Vector;
      try {
        v = JSON.parse(l) as Vector;
      } catch (e) {
        throw new Error(`${path}:${i + 1}: not JSON: ${e instanceof Error ? e.message : String(e)}`);
      }
      const problem = malformed(v);
      if (problem !== undefined) throw new Error(`${path}:${i + 1}: ${problem}`);
      out.push({ ...v, file: path, line: i + 1, protocol: proto });
    });
  return out;
}

function malformed(v: Vector): string | undefined {
  if (typeof v !== "object" || v === null) return "a vector is an object";
  if (typeof v.id !== "string" || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(v.id))
    return `id ${JSON.stringify(v.id)} is not kebab-case`;
  if (typeof v.type !== "string" || !/^[A-Z][A-Za-z0-9]*$/.test(v.type)) return "type must be a definition name";
  if (v.via !== "decode" && v.via !== "stream" && v.via !== "encode") return "via must be decode, stream or encode";
  const keys = Object.keys(v.input ?? {});
  if (keys.length !== 1 || !["text", "base64", "repeat"].includes(keys[0]!))
    return "input must be one of text, base64, repeat";
  if (v.via === "encode" && !("text" in v.input)) return "an encode vector's input is text";
  if (v.via === "stream" && !Array.isArray(v.expect)) return "a stream vector expects an array of outcomes";
  if (v.via !== "stream" && (Array.isArray(v.expect) || typeof v.expect !== "object" || v.expect === null))
    return `a ${v.via} vector expects one outcome`;
  return undefined;
}

/** An outcome without its message, for comparisons. */
export function bare(o: Outcome): Outcome {
  if ("fault" in o || "ignored" in o || o.ok) return o;
  return { ok: false, code: o.code, pointer: o.pointer };
}

export function sameOutcome(a: Outcome, b: Outcome): boolean {
  return JSON.stringify(bare(a)) === JSON.stringify(bare(b));
}

/** Shortens huge texts in reports. */
export function show(s: string): string {
  return s.length <= 300 ? s : `${s.slice(0, 120)}…(${s.length} chars)…${s.slice(-120)}`;
}

export function describeOutcome(o: Outcome): string {
  if ("fault" in o) return `FAULT ${o.fault}`;
  if ("ignored" in o) return "ignored";
  if (o.ok) return `ok ${show(o.canonical)}`;
  return `error ${o.code} at ${JSON.stringify(o.pointer)}`;
}
