// The TypeScript runtime of generated decoders and encoders (codegen/SEMANTICS.md).
// Everything after the marker line below is copied verbatim into every generated.ts, so it
// must stand alone: no import, no Node-only API (browsers, Deno and Bun run it too).
// Exported names become part of each generated file's public API; internal helpers have short
// lowercase names, which never collide with the PascalCase type names of a protocol.
// ---- runtime start ----

/** Machine-readable reason of a decode or encode failure (codegen/SEMANTICS.md, "Codes"). */
export type WireErrorCode =
  | "utf8"
  | "syntax"
  | "frame_too_large"
  | "depth"
  | "type"
  | "range"
  | "const"
  | "enum"
  | "length"
  | "pattern"
  | "unknown_field"
  | "missing_field"
  | "unknown_variant";

/** A rejected input: `code` says why, `pointer` (RFC 6901) says where. The message never quotes input text. */
export class DecodeError extends Error {
  readonly code: WireErrorCode;
  readonly pointer: string;
  constructor(code: WireErrorCode, pointer: string, message: string) {
    super(message);
    this.name = "DecodeError";
    this.code = code;
    this.pointer = pointer;
  }
}

/** A value the encoder refuses because its decoder would reject it; same code and pointer as decoding. */
export class EncodeError extends Error {
  readonly code: WireErrorCode;
  readonly pointer: string;
  constructor(code: WireErrorCode, pointer: string, message: string) {
    super(message);
    this.name = "EncodeError";
    this.code = code;
    this.pointer = pointer;
  }
}

/** Any JSON value, as JSON.parse gives it. */
export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;
/** A JSON object. */
export interface JsonObject {
  [key: string]: JsonValue;
}

/** One outcome of a frame reader: a decoded frame, or the error of one bad line. */
export type FrameResult<T> = { ok: true; value: T } | { ok: false; error: DecodeError };

type Obj = Record<string, unknown>;
type Key = string | number | undefined;

const maxSafe = 9007199254740991;
const maxDepth = 1000;
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const loneSurrogate = /\p{Cs}/u;
const nativeWellFormed = (String.prototype as { isWellFormed?: unknown }).isWellFormed;
const hasOwn = Object.prototype.hasOwnProperty;

/** The raw text of the document being decoded, for document-order key lookups; unset between calls. */
let src: string | undefined;
/**
 * Whether strings and keys may hold an unpaired surrogate. While a well-formed text is decoded,
 * only a "\u" escape can make one, so a text without "\u" clears it (one indexOf per document
 * instead of one check per string); it is set again between calls and while encoding.
 */
let sur = true;

/** False when the string holds an unpaired UTF-16 surrogate (String.prototype.isWellFormed where present). */
const wellFormed: (s: string) => boolean =
  typeof nativeWellFormed === "function"
    ? (s) => (s as unknown as { isWellFormed(): boolean }).isWellFormed()
    : (s) => !loneSurrogate.test(s);

function fail(code: WireErrorCode, pointer: string, message: string): never {
  throw new DecodeError(code, pointer, message);
}

/** In a union's dispatch: "ignored" (-1) for an open union, else the error. */
function miss(ignore: boolean, code: WireErrorCode, pointer: string, message: string): number {
  return ignore ? -1 : fail(code, pointer, message);
}

/** RFC 6901 escaping of one reference token. */
function esc(key: string): string {
  return key.indexOf("~") < 0 && key.indexOf("/") < 0 ? key : key.replace(/~/g, "~0").replace(/\//g, "~1");
}

/** The pointer of a child: `key` is already escaped (or an array index). */
function at(p: string, key: Key): string {
  return key === undefined ? p : p + "/" + key;
}

function kindOf(v: unknown): string {
  return v === null ? "null" : Array.isArray(v) ? "array" : typeof v;
}

function isObj(v: unknown): v is Obj {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** An own member whose value is not undefined (parsed JSON never holds undefined). */
function has(o: Obj, key: string): boolean {
  return o[key] !== undefined && hasOwn.call(o, key);
}

/** Number of Unicode code points of a well-formed string. */
function cpLen(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xdc00 && c <= 0xdfff) n--;
  }
  return n;
}

function describe(s: string): string {
  return `string of ${cpLen(s)} characters`;
}

// ---- input ----

function toText(input: string | Uint8Array): string {
  if (typeof input === "string") {
    if (!wellFormed(input)) fail("utf8", "", "input holds an unpaired UTF-16 surrogate");
    return input;
  }
  try {
    return utf8.decode(input);
  } catch {
    return fail("utf8", "", "input is not valid UTF-8");
  }
}

function parseText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return fail("syntax", "", `input of ${text.length} UTF-16 units is not one JSON value`);
  }
}

/** Checks a parsed document in place with `walk`; the raw text serves document-order key lookups. */
function checkDoc<T>(text: string, v: unknown, walk: (v: unknown, p: string) => void): T {
  src = text;
  sur = text.indexOf("\\u") >= 0;
  try {
    walk(v, "");
  } finally {
    src = undefined;
    sur = true;
  }
  return v as T;
}

/**
 * A frame decoder's first check (rule 2): more than `limit` UTF-8 bytes is frame_too_large at "",
 * as the reader would say. A string is measured in UTF-8 bytes (an unpaired surrogate counts 3).
 */
function frameSize(input: string | Uint8Array, limit: number): void {
  let n = input.length;
  if (typeof input === "string" && n <= limit && 3 * n > limit) {
    n = 0;
    for (let i = 0; i < input.length && n <= limit; i++) {
      const c = input.charCodeAt(i);
      if (c < 0x80) n += 1;
      else if (c < 0x800) n += 2;
      else if (c >= 0xd800 && c <= 0xdbff && i + 1 < input.length && (input.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
        n += 4;
        i++;
      } else n += 3;
    }
  }
  if (n > limit) fail("frame_too_large", "", `frame longer than ${limit} bytes`);
}

/** Decodes one JSON document and checks it in place with `walk`; a frame decoder gives its byte limit. */
function runDoc<T>(input: string | Uint8Array, walk: (v: unknown, p: string) => void, limit?: number): T {
  if (limit !== undefined) frameSize(input, limit);
  const text = toText(input);
  return checkDoc<T>(text, parseText(text), walk);
}

/** Like runDoc for an open union: a line that is not JSON, or that no variant claims, is null. */
function runOpen<T>(
  input: string | Uint8Array,
  pick: (v: unknown, p: string, ignore: boolean) => number,
  walk: (v: unknown, p: string) => void,
  limit?: number,
): T | null {
  if (limit !== undefined) frameSize(input, limit);
  let text: string;
  let v: unknown;
  try {
    text = toText(input);
    v = parseText(text);
  } catch (e) {
    if (e instanceof DecodeError) return null;
    throw e;
  }
  return pick(v, "", true) < 0 ? null : checkDoc<T>(text, v, walk);
}

/** Checks an already parsed value (no raw text: unknown keys are found in property order). */
function runValue<T>(v: unknown, p: string, walk: (v: unknown, p: string) => void): T {
  walk(v, p);
  return v as T;
}

/** Runs a writer; its DecodeErrors become EncodeErrors with the same code and pointer. */
function runEncode(value: unknown, write: (v: unknown, p: string) => string): string {
  const saved = src;
  const savedSur = sur;
  src = undefined;
  sur = true;
  try {
    return write(value, "");
  } catch (e) {
    if (e instanceof DecodeError) throw new EncodeError(e.code, e.pointer, e.message);
    throw e;
  } finally {
    src = saved;
    sur = savedSur;
  }
}

// ---- leaf checks: the pointer of the value is at(p, k), built only on failure ----

function str(v: unknown, p: string, k?: Key): asserts v is string {
  if (typeof v !== "string") fail("type", at(p, k), `expected string, got ${kindOf(v)}`);
  if (sur && !wellFormed(v)) fail("utf8", at(p, k), "string holds an unpaired UTF-16 surrogate");
}

function minLen(v: string, n: number, p: string, k?: Key): void {
  if (v.length < n || (v.length < 2 * n && cpLen(v) < n)) fail("length", at(p, k), `${describe(v)}, expected at least ${n}`);
}

function maxLen(v: string, n: number, p: string, k?: Key): void {
  if (v.length > n && (v.length > 2 * n || cpLen(v) > n)) fail("length", at(p, k), `${describe(v)}, expected at most ${n}`);
}

function int(v: unknown, p: string, k?: Key): asserts v is number {
  if (typeof v !== "number") fail("type", at(p, k), `expected integer, got ${kindOf(v)}`);
  if (!Number.isFinite(v)) fail("range", at(p, k), "number is not finite");
  if (!Number.isInteger(v)) fail("type", at(p, k), "expected integer, got a fraction");
  if (v > maxSafe || v < -maxSafe) fail("range", at(p, k), "integer beyond ±(2^53 − 1)");
}

function num(v: unknown, p: string, k?: Key): asserts v is number {
  if (typeof v !== "number") fail("type", at(p, k), `expected number, got ${kindOf(v)}`);
  if (!Number.isFinite(v)) fail("range", at(p, k), "number is not finite");
}

function bool(v: unknown, p: string, k?: Key): asserts v is boolean {
  if (typeof v !== "boolean") fail("type", at(p, k), `expected boolean, got ${kindOf(v)}`);
}

function nul(v: unknown, p: string, k?: Key): asserts v is null {
  if (v !== null) fail("type", at(p, k), `expected null, got ${kindOf(v)}`);
}

function arr(v: unknown, p: string, k?: Key): asserts v is unknown[] {
  if (!Array.isArray(v)) fail("type", at(p, k), `expected array, got ${kindOf(v)}`);
}

function obj(v: unknown, p: string): Obj {
  return isObj(v) ? v : fail("type", p, `expected object, got ${kindOf(v)}`);
}

/** missing_field for a required property, at the pointer it would have. */
function need(o: Obj, key: string, p: string): void {
  if (!has(o, key)) missing(key, p);
}

function missing(key: string, p: string): never {
  return fail("missing_field", p + "/" + esc(key), `missing required property ${JSON.stringify(key)}`);
}

// ---- objects ----

/** A canonical array-index key ("0" … "4294967294"), which JSON.parse orders first. */
function isIndex(k: string): boolean {
  const c = k.charCodeAt(0);
  if (k.length === 0 || c < 0x30 || c > 0x39 || k.length > 10 || (c === 0x30 && k.length > 1)) return false;
  for (let i = 1; i < k.length; i++) {
    const d = k.charCodeAt(i);
    if (d < 0x30 || d > 0x39) return false;
  }
  return Number(k) <= 4294967294;
}

/** Closed object: the first unknown key in document order is unknown_field (utf8 at the object if ill-formed). */
function closed(o: Obj, known: ReadonlySet<string>, p: string): void {
  let first: string | undefined;
  // for-in is Object.keys order here: parsed objects inherit no enumerable key, and encoders
  // skip what is not own.
  for (const k in o) {
    if (known.has(k) || o[k] === undefined || !hasOwn.call(o, k)) continue;
    if (first === undefined) {
      first = k;
      // Index keys come first in property order; any other first unknown key is also first in the document.
      if (!isIndex(k)) break;
    } else {
      // Two unknown keys, one an index: property order may differ from document order.
      if (src !== undefined) first = firstUnknown(src, p, known) ?? first;
      break;
    }
  }
  if (first === undefined) return;
  if (sur && !wellFormed(first)) fail("utf8", p, "object key holds an unpaired UTF-16 surrogate");
  fail("unknown_field", p + "/" + esc(first), `unknown property (a key of ${cpLen(first)} characters)`);
}

/** Open object: extra members are free-form values, checked in property order. */
function extras(o: Obj, known: ReadonlySet<string>, p: string): void {
  for (const k of Object.keys(o)) {
    if (known.has(k) || o[k] === undefined) continue;
    if (sur && !wellFormed(k)) fail("utf8", p, "object key holds an unpaired UTF-16 surrogate");
    free(o[k], p, esc(k), undefined);
  }
}

/** Writes the extra members of an open object (after its declared ones): `,"key":value` each. */
function putExtras(o: Obj, known: ReadonlySet<string>, p: string): string {
  let s = "";
  for (const k of Object.keys(o)) {
    if (known.has(k) || o[k] === undefined) continue;
    if (!wellFormed(k)) fail("utf8", p, "object key holds an unpaired UTF-16 surrogate");
    s += "," + JSON.stringify(k) + ":" + putFree(o[k], p, esc(k), undefined);
  }
  return s;
}

// ---- free-form values ----

/** Nesting level of the value at pointer p: the document root is level 1. */
function levelOf(p: string): number {
  let n = 1;
  for (let i = 0; i < p.length; i++) if (p.charCodeAt(i) === 0x2f) n++;
  return n;
}

/**
 * A free-form value: top-level kind in `kinds` (when given), then a depth-first walk in property
 * order: depth, ill-formed keys and strings, non-finite numbers; and (for values an encoder gets)
 * anything that is not plain JSON.
 */
function free(v: unknown, p: string, k: Key, kinds: readonly string[] | undefined): void {
  if (kinds !== undefined && !kinds.includes(kindOf(v))) fail("type", at(p, k), `expected ${kinds.join(" or ")}, got ${kindOf(v)}`);
  // Values of a parsed document are plain JSON: a walk that allocates nothing finds most of them
  // clean; anything else takes the exact walk below, which finds the error and its pointer.
  if (src !== undefined && (typeof v !== "object" || v === null ? freeLeaf(v) : freeClean(v, levelOf(p) + (k === undefined ? 0 : 1)))) return;
  const path: (string | number)[] = [];
  const bad = freeWalk(v, levelOf(at(p, k)), path);
  if (bad !== undefined) {
    let q = at(p, k);
    for (const t of path) q += "/" + (typeof t === "number" ? t : esc(t));
    fail(bad[0], q, bad[1]);
  }
}

/** A parsed scalar that needs no error: a well-formed string, a finite number, a boolean or null. */
function freeLeaf(v: unknown): boolean {
  return typeof v === "string" ? !sur || wellFormed(v) : typeof v === "number" ? Number.isFinite(v) : true;
}

/** True when the parsed container v at nesting level `level` holds nothing freeWalk would refuse. */
function freeClean(v: object, level: number): boolean {
  if (level > maxDepth) return false;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const x: unknown = v[i];
      if (typeof x === "object" && x !== null ? !freeClean(x, level + 1) : !freeLeaf(x)) return false;
    }
    return true;
  }
  const o = v as Obj;
  for (const key in o) {
    if (sur && !wellFormed(key)) return false;
    const x = o[key];
    if (typeof x === "object" && x !== null ? !freeClean(x, level + 1) : !freeLeaf(x)) return false;
  }
  return true;
}

function freeWalk(v: unknown, level: number, path: (string | number)[]): [WireErrorCode, string] | undefined {
  switch (typeof v) {
    case "string":
      return !sur || wellFormed(v) ? undefined : ["utf8", "string holds an unpaired UTF-16 surrogate"];
    case "number":
      return Number.isFinite(v) ? undefined : ["range", "number is not finite"];
    case "boolean":
      return undefined;
    case "object": {
      if (v === null) return undefined;
      if (level > maxDepth) return ["depth", `nesting deeper than ${maxDepth} levels`];
      const proto = Object.getPrototypeOf(v) as unknown;
      if (Array.isArray(v)) {
        if (proto !== Array.prototype) return ["type", "not a plain JSON array"];
        for (let i = 0; i < v.length; i++) {
          path.push(i);
          const bad = freeWalk(v[i], level + 1, path);
          if (bad !== undefined) return bad;
          path.pop();
        }
        return undefined;
      }
      if (proto !== Object.prototype && proto !== null) return ["type", "not a plain JSON object"];
      const o = v as Obj;
      for (const key of Object.keys(o)) {
        if (sur && !wellFormed(key)) return ["utf8", "object key holds an unpaired UTF-16 surrogate"];
        path.push(key);
        const bad = freeWalk(o[key], level + 1, path);
        if (bad !== undefined) return bad;
        path.pop();
      }
      return undefined;
    }
    default:
      return ["type", `${typeof v} is not a JSON value`];
  }
}

/** Checks a free-form value and writes it as JSON.stringify does. */
function putFree(v: unknown, p: string, k: Key, kinds: readonly string[] | undefined): string {
  free(v, p, k, kinds);
  return JSON.stringify(v);
}

// ---- document-order keys (rarely needed: two unknown keys, one of them an array index) ----

function skipWs(t: string, i: number): number {
  for (;;) {
    const c = t.charCodeAt(i);
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return i;
    i++;
  }
}

/** Index just after the string starting at i (t[i] is the opening quote). */
function skipStr(t: string, i: number): number {
  for (let j = i + 1; ; j++) {
    const c = t.charCodeAt(j);
    if (c === 0x5c) j++;
    else if (c === 0x22) return j + 1;
    else if (Number.isNaN(c)) return j;
  }
}

/** Index just after the JSON value starting at i (the text is known to be valid JSON). */
function skipVal(t: string, i: number): number {
  const c = t.charCodeAt(i);
  if (c === 0x22) return skipStr(t, i);
  if (c !== 0x7b && c !== 0x5b) {
    let j = i;
    for (;;) {
      const d = t.charCodeAt(j);
      if (Number.isNaN(d) || d === 0x2c || d === 0x5d || d === 0x7d || d === 0x20 || d === 0x0a || d === 0x0d || d === 0x09) return j;
      j++;
    }
  }
  let depth = 0;
  for (let j = i; j < t.length; ) {
    const d = t.charCodeAt(j);
    if (d === 0x22) {
      j = skipStr(t, j);
      continue;
    }
    if (d === 0x7b || d === 0x5b) depth++;
    else if (d === 0x7d || d === 0x5d) {
      depth--;
      if (depth === 0) return j + 1;
    }
    j++;
  }
  return t.length;
}

/** Calls `member(key, valueStart)` for each member of the object starting at i; returns its end. */
function eachMember(t: string, i: number, member: (key: string, at: number) => void): number {
  i = skipWs(t, i + 1);
  if (t.charCodeAt(i) === 0x7d) return i + 1;
  for (;;) {
    const end = skipStr(t, i);
    const key = JSON.parse(t.slice(i, end)) as string;
    i = skipWs(t, skipWs(t, end) + 1);
    member(key, i);
    i = skipWs(t, skipVal(t, i));
    if (t.charCodeAt(i) !== 0x2c) return i + 1;
    i = skipWs(t, i + 1);
  }
}

/** The keys of the object at pointer p of the text, in order of first occurrence (undefined if not found). */
function keysAt(t: string, p: string): string[] | undefined {
  let i = skipWs(t, 0);
  const tokens = p === "" ? [] : p.slice(1).split("/");
  for (const raw of tokens) {
    const token = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    const c = t.charCodeAt(i);
    if (c === 0x7b) {
      let found = -1;
      eachMember(t, i, (key, start) => {
        if (key === token) found = start; // the last occurrence wins, as in JSON.parse
      });
      if (found < 0) return undefined;
      i = found;
    } else if (c === 0x5b) {
      i = skipWs(t, i + 1);
      for (let n = Number(token); n > 0; n--) i = skipWs(t, skipWs(t, skipVal(t, i)) + 1);
    } else return undefined;
  }
  if (t.charCodeAt(i) !== 0x7b) return undefined;
  const keys = new Set<string>();
  eachMember(t, i, (key) => keys.add(key));
  return [...keys];
}

function firstUnknown(t: string, p: string, known: ReadonlySet<string>): string | undefined {
  return keysAt(t, p)?.find((k) => !known.has(k));
}

// ---- frames ----

/**
 * A web ReadableStream of bytes, described by the part the reader uses, so that neither the DOM
 * typings nor Node's are needed to compile this file.
 */
export interface ByteStream {
  getReader(): { read(): Promise<{ done: boolean; value?: Uint8Array | undefined }>; releaseLock(): void };
}

/** Chunks of a byte stream; a ReadableStream is read with getReader() (Safari lacks its async iteration). */
async function* chunksOf(source: AsyncIterable<Uint8Array> | ByteStream): AsyncGenerator<Uint8Array, void, undefined> {
  if (typeof (source as ByteStream).getReader === "function") {
    const reader = (source as ByteStream).getReader();
    try {
      for (;;) {
        const r = await reader.read();
        if (r.done) return;
        if (r.value !== undefined) yield r.value;
      }
    } finally {
      reader.releaseLock();
    }
  } else {
    yield* source as AsyncIterable<Uint8Array>;
  }
}

function concat(parts: Uint8Array[], size: number): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(size);
  let o = 0;
  for (const part of parts) {
    out.set(part, o);
    o += part.length;
  }
  return out;
}

/**
 * Splits a byte stream into "\n"-terminated lines and decodes each one. A line longer than
 * maxBytes is one frame_too_large error, and its rest is discarded without being kept; a last
 * line without "\n" is a syntax error; lines the decoder ignores (null) are skipped.
 */
export async function* readFrames<T>(
  source: AsyncIterable<Uint8Array> | ByteStream,
  decode: (line: Uint8Array) => T | null,
  maxBytes: number | undefined,
): AsyncGenerator<FrameResult<T>, void, undefined> {
  const limit = maxBytes ?? Infinity;
  let parts: Uint8Array[] = [];
  let size = 0;
  let tooLarge = false;
  const one = (line: Uint8Array): FrameResult<T> | null => {
    try {
      const value = decode(line);
      return value === null ? null : { ok: true, value };
    } catch (e) {
      if (e instanceof DecodeError) return { ok: false, error: e };
      throw e;
    }
  };
  const oversized = (): FrameResult<T> => ({
    ok: false,
    error: new DecodeError("frame_too_large", "", `frame longer than ${limit} bytes`),
  });
  for await (const chunk of chunksOf(source)) {
    let start = 0;
    while (start <= chunk.length) {
      const nl = chunk.indexOf(0x0a, start);
      const end = nl < 0 ? chunk.length : nl;
      if (!tooLarge) {
        if (size + (end - start) > limit) {
          tooLarge = true;
          parts = [];
          size = 0;
        } else if (nl >= 0 && parts.length === 0) {
          // The whole line is in this chunk: decode it in place (decoding is synchronous).
          const f = one(chunk.subarray(start, end));
          if (f !== null) yield f;
          start = nl + 1;
          continue;
        } else if (end > start) {
          parts.push(chunk.slice(start, end)); // a copy: the source may reuse its buffer
          size += end - start;
        }
      }
      if (nl < 0) break;
      if (tooLarge) {
        tooLarge = false;
        yield oversized();
      } else {
        const line = concat(parts, size);
        parts = [];
        size = 0;
        const f = one(line);
        if (f !== null) yield f;
      }
      start = nl + 1;
    }
  }
  if (tooLarge) yield oversized();
  else if (size > 0) yield { ok: false, error: new DecodeError("syntax", "", `truncated frame: ${size} bytes without a final newline`) };
}
