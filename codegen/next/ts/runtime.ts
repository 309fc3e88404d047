// The TypeScript runtime of generated decoders and encoders (codegen/SEMANTICS.md).
// Everything after the marker line below is copied verbatim into every generated.ts, so it
// must stand alone: no import, no Node-only API (browsers, Deno and Bun run it too).
// Exported names become part of each generated file's public API. Internal names start with "$",
// which no name the generator derives from a schema can: a definition may be called Obj or Frame.
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
  | "unknown_variant"
  | "ambiguous_variant"
  | "forbidden"
  | "not"
  | "unique"
  | "contains"
  | "format"
  | "property_name";

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

type $Obj = { [key: string]: unknown };
/** The keys an object's schema declares (or matches by pattern): the others are extra members. */
type $Known = (key: string) => boolean;
type $Key = string | number | undefined;

const $maxSafe = 9007199254740991;
const $maxDepth = 1000;
const $depthMessage = `nesting deeper than ${$maxDepth} levels`;
const $utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const $loneSurrogate = /\p{Cs}/u;
const $nativeWellFormed = (String.prototype as { isWellFormed?: unknown }).isWellFormed;
const $hasOwn = Object.prototype.hasOwnProperty;
/** JSON.parse makes plain objects: a member read from one is its own unless this has the key too. */
const $proto: { toJSON?: unknown } = Object.prototype;

/** The raw text of the document being decoded, for document-order key lookups; unset between calls. */
let $src: string | undefined;

/**
 * Whether object o may inherit members: false for a parsed document's objects ($src set: JSON.parse
 * makes plain ones) and for an encoder's objects whose prototype is Object.prototype.
 */
function $mayInherit(o: unknown): boolean {
  return $src === undefined && Object.getPrototypeOf(o) !== $proto;
}
/**
 * Whether strings and keys may hold an unpaired surrogate. While a well-formed text is decoded,
 * only a "\u" escape can make one, so a text without "\u" clears it (one indexOf per document
 * instead of one check per string); it is set again between calls and while encoding.
 */
let $sur = true;

/** False when the string holds an unpaired UTF-16 surrogate (String.prototype.isWellFormed where present). */
const $wellFormed: (s: string) => boolean =
  typeof $nativeWellFormed === "function"
    ? (s) => (s as unknown as { isWellFormed(): boolean }).isWellFormed()
    : (s) => !$loneSurrogate.test(s);

/** How many trials ($try) are running: while any is, a failure throws a $Failed, not a DecodeError. */
let $trials = 0;

/**
 * A failed trial: what its DecodeError would hold. A union, not or if may discard it, and making an
 * Error (its stack above all) cost most of a failed trial; the error a union reports is made anew.
 */
class $Failed {
  constructor(
    readonly code: WireErrorCode,
    readonly pointer: string,
    readonly message: string,
  ) {}
}

function $fail(code: WireErrorCode, pointer: string, message: string): never {
  if ($trials > 0) throw new $Failed(code, pointer, message);
  throw new DecodeError(code, pointer, message);
}

/** In a union's dispatch: "ignored" (-1) for an open union, else the error. */
function $miss(ignore: boolean, code: WireErrorCode, pointer: string, message: string): number {
  return ignore ? -1 : $fail(code, pointer, message);
}

/** RFC 6901 escaping of one reference token. */
function $esc(key: string): string {
  return key.indexOf("~") < 0 && key.indexOf("/") < 0 ? key : key.replace(/~/g, "~0").replace(/\//g, "~1");
}

/** The pointer of a child: `key` is already escaped (or an array index). */
function $at(p: string, key: $Key): string {
  return key === undefined ? p : p + "/" + key;
}

function $kindOf(v: unknown): string {
  return v === null ? "null" : Array.isArray(v) ? "array" : typeof v;
}

function $isObj(v: unknown): v is $Obj {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** An own member whose value is not undefined (parsed JSON never holds undefined). */
function $has(o: $Obj, key: string): boolean {
  return o[key] !== undefined && $hasOwn.call(o, key);
}

/** Number of Unicode code points of a well-formed string. */
function $cpLen(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xdc00 && c <= 0xdfff) n--;
  }
  return n;
}

function $describe(s: string): string {
  return `string of ${$cpLen(s)} characters`;
}

// ---- input ----

function $toText(input: string | Uint8Array): string {
  if (typeof input === "string") {
    if (!$wellFormed(input)) $fail("utf8", "", "input holds an unpaired UTF-16 surrogate");
    return input;
  }
  try {
    return $utf8.decode(input);
  } catch {
    return $fail("utf8", "", "input is not valid UTF-8");
  }
}

function $parseText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return $fail("syntax", "", `input of ${text.length} UTF-16 units is not one JSON value`);
  }
}

/** Checks a parsed document in place with `walk`; the raw text serves document-order key lookups. */
function $checkDoc<T>(text: string, v: unknown, walk: (v: unknown, p: string) => void): T {
  $src = text;
  $sur = text.indexOf("\\u") >= 0;
  try {
    walk(v, "");
  } finally {
    $src = undefined;
    $sur = true;
  }
  return v as T;
}

/** Decodes one JSON document and checks it in place with `walk`. */
function $runDoc<T>(input: string | Uint8Array, walk: (v: unknown, p: string) => void): T {
  const text = $toText(input);
  return $checkDoc<T>(text, $parseText(text), walk);
}

/** Like runDoc for an open union: a line that is not JSON, or that no variant claims, is null. */
function $runOpen<T>(
  input: string | Uint8Array,
  pick: (v: unknown, p: string, ignore: boolean) => number,
  walk: (v: unknown, p: string) => void,
): T | null {
  let text: string;
  let v: unknown;
  try {
    text = $toText(input);
    v = $parseText(text);
  } catch (e) {
    if (e instanceof DecodeError) return null;
    throw e;
  }
  return pick(v, "", true) < 0 ? null : $checkDoc<T>(text, v, walk);
}

/** Checks an already parsed value (no raw text: unknown keys are found in property order). */
function $runValue<T>(v: unknown, p: string, walk: (v: unknown, p: string) => void): T {
  walk(v, p);
  return v as T;
}

/**
 * Checks a value as its decoder would, then writes it; DecodeErrors become EncodeErrors with the same
 * code and pointer.
 */
function $encode<T>(value: T, check: (v: unknown, p: string) => void, write: (v: T) => string): string {
  const saved = $src;
  const savedSur = $sur;
  $src = undefined;
  $sur = true;
  try {
    check(value, "");
    return write(value);
  } catch (e) {
    if (e instanceof DecodeError) throw new EncodeError(e.code, e.pointer, e.message);
    throw e;
  } finally {
    $src = saved;
    $sur = savedSur;
  }
}

// ---- leaf checks: the pointer of the value is at(p, k), built only on failure ----

function $str(v: unknown, p: string, k?: $Key): asserts v is string {
  if (typeof v !== "string") $fail("type", $at(p, k), `expected string, got ${$kindOf(v)}`);
  if ($sur && !$wellFormed(v)) $fail("utf8", $at(p, k), "string holds an unpaired UTF-16 surrogate");
}

/** The failure of a string that is not the constant c: its type's first, as $str then the const check. */
function $strConst(c: string, v: unknown, p: string, k?: $Key): never {
  $str(v, p, k);
  return $fail("const", $at(p, k), `expected the constant ${JSON.stringify(c)}`);
}

/** The failure of a string that is none of an enum's values: its type's first, as $str then the enum check. */
function $strEnum(v: unknown, p: string, k?: $Key): never {
  $str(v, p, k);
  return $fail("enum", $at(p, k), `${$describe(v)}, expected one of the enum values`);
}

function $minLen(v: string, n: number, p: string, k?: $Key): void {
  if (v.length < n || (v.length < 2 * n && $cpLen(v) < n))
    $fail("length", $at(p, k), `${$describe(v)}, expected at least ${n}`);
}

function $maxLen(v: string, n: number, p: string, k?: $Key): void {
  if (v.length > n && (v.length > 2 * n || $cpLen(v) > n))
    $fail("length", $at(p, k), `${$describe(v)}, expected at most ${n}`);
}

function $int(v: unknown, p: string, k?: $Key): asserts v is number {
  // (a safe integer is within ±(2^53 − 1), rule 9)
  if (Number.isSafeInteger(v)) return;
  if (typeof v !== "number") $fail("type", $at(p, k), `expected integer, got ${$kindOf(v)}`);
  if (!Number.isFinite(v)) $fail("range", $at(p, k), "number is not finite");
  if (!Number.isInteger(v)) $fail("type", $at(p, k), "expected integer, got a fraction");
  if (v > $maxSafe || v < -$maxSafe) $fail("range", $at(p, k), "integer beyond ±(2^53 − 1)");
}

function $num(v: unknown, p: string, k?: $Key): asserts v is number {
  if (typeof v !== "number") $fail("type", $at(p, k), `expected number, got ${$kindOf(v)}`);
  if (!Number.isFinite(v)) $fail("range", $at(p, k), "number is not finite");
}

function $bool(v: unknown, p: string, k?: $Key): asserts v is boolean {
  if (typeof v !== "boolean") $fail("type", $at(p, k), `expected boolean, got ${$kindOf(v)}`);
}

function $nul(v: unknown, p: string, k?: $Key): asserts v is null {
  if (v !== null) $fail("type", $at(p, k), `expected null, got ${$kindOf(v)}`);
}

function $arr(v: unknown, p: string, k?: $Key): asserts v is unknown[] {
  if (!Array.isArray(v)) $fail("type", $at(p, k), `expected array, got ${$kindOf(v)}`);
  // a level above the limit needs 1000 tokens in the pointer, so the count runs only for long ones
  if (p.length >= $maxDepth - 1) $deep($at(p, k));
}

function $obj(v: unknown, p: string): $Obj {
  if (!$isObj(v)) $fail("type", p, `expected object, got ${$kindOf(v)}`);
  if (p.length >= $maxDepth) $deep(p);
  return v;
}

/** A typed container at pointer q nested deeper than the limit (a recursive definition) → depth at it. */
function $deep(q: string): void {
  if ($levelOf(q) > $maxDepth) $fail("depth", q, $depthMessage);
}

/** The required members of o, in order: each must be its own and defined. */
function $need(o: $Obj, p: string, ...keys: string[]): void {
  for (const key of keys) if (o[key] === undefined || !$hasOwn.call(o, key)) $missing(key, p);
}

function $missing(key: string, p: string): never {
  return $fail("missing_field", p + "/" + $esc(key), `missing required property ${JSON.stringify(key)}`);
}

// ---- objects ----

/** A canonical array-index key ("0" … "4294967294"), which JSON.parse orders first. */
function $isIndex(k: string): boolean {
  const c = k.charCodeAt(0);
  if (k.length === 0 || c < 0x30 || c > 0x39 || k.length > 10 || (c === 0x30 && k.length > 1)) return false;
  for (let i = 1; i < k.length; i++) {
    const d = k.charCodeAt(i);
    if (d < 0x30 || d > 0x39) return false;
  }
  return Number(k) <= 4294967294;
}

/** Closed object: the first unknown key in document order is unknown_field (utf8 at the object if ill-formed). */
function $closed(o: $Obj, known: $Known, p: string): void {
  let first: string | undefined;
  // for-in is Object.keys order here: parsed objects inherit no enumerable key, and encoders
  // skip what is not own.
  for (const k in o) {
    if (known(k) || o[k] === undefined || !$hasOwn.call(o, k)) continue;
    if (first === undefined) {
      first = k;
      // Index keys come first in property order; any other first unknown key is also first in the document.
      if (!$isIndex(k)) break;
    } else {
      // Two unknown keys, one an index: property order may differ from document order.
      if ($src !== undefined) first = $firstUnknown($src, p, known) ?? first;
      break;
    }
  }
  if (first === undefined) return;
  if ($sur && !$wellFormed(first)) $fail("utf8", p, "object key holds an unpaired UTF-16 surrogate");
  $fail("unknown_field", p + "/" + $esc(first), `unknown property (a key of ${$cpLen(first)} characters)`);
}

/** Open object: extra members are free-form values, checked in property order. */
function $extras(o: $Obj, known: $Known, p: string): void {
  for (const k of Object.keys(o)) {
    if (known(k) || o[k] === undefined) continue;
    if ($sur && !$wellFormed(k)) $fail("utf8", p, "object key holds an unpaired UTF-16 surrogate");
    $free(o[k], p, $esc(k), undefined);
  }
}

/** Writes the extra members of a checked open object (after its declared ones): `,"key":value` each. */
function $writeExtras(o: $Obj, known: $Known): string {
  let s = "";
  for (const k of Object.keys(o)) {
    if (known(k) || o[k] === undefined) continue;
    s += "," + JSON.stringify(k) + ":" + $json(o[k]);
  }
  return s;
}

/**
 * Writes a checked tuple: each prefix item by its own writer, the items after it by `rest` (one short
 * call in the emitted code, where a chain of conditionals per item ran past the print width).
 */
function $writeTuple(v: unknown, rest: $Write, ...head: $Write[]): string {
  return "[" + (v as unknown[]).map((e, i) => (i < head.length ? head[i]! : rest)(e)).join(",") + "]";
}

/** Writes a checked array whose every item `write` writes (one call, no closure per emitted array). */
function $writeArray(v: unknown, write: $Write): string {
  const a = v as unknown[];
  if (a.length === 0) return "[]";
  let s = "[" + write(a[0]);
  for (let i = 1; i < a.length; i++) s += "," + write(a[i]);
  return s + "]";
}

type $Write = (e: unknown) => string;

const $arrayProto = Array.prototype as { toJSON?: unknown };

/**
 * A checked free-form value's (or plain array's) text: JSON.stringify's, calling no toJSON that a
 * program put on Object.prototype or Array.prototype. Tested per free-form value, with two property
 * loads: tested with `in` at every encode call, it cost short frames about a tenth of their time.
 */
function $json(v: unknown): string {
  return $proto.toJSON === undefined && $arrayProto.toJSON === undefined ? JSON.stringify(v) : $jsonWalk(v);
}

/** What JSON.stringify writes for a checked plain JSON value (no undefined in it), without looking up toJSON. */
function $jsonWalk(v: unknown): string {
  if (typeof v !== "object" || v === null) return JSON.stringify(v);
  if (Array.isArray(v)) return "[" + v.map($jsonWalk).join(",") + "]";
  const o = v as $Obj;
  return (
    "{" +
    Object.keys(o)
      .map((k) => JSON.stringify(k) + ":" + $jsonWalk(o[k]))
      .join(",") +
    "}"
  );
}

/** What JSON.stringify escapes in a string (each surrogate: lone ones are escaped; pairs go to it too). */
const $escaped = /[\u0000-\u001f"\\\ud800-\udfff]/;

/**
 * A checked string's JSON text: a short one quoted as it is when nothing in it needs escaping (one
 * native scan, where a JSON.stringify call costs a runtime call and a copy); a long one, where the
 * scan costs as much as the copy, by JSON.stringify.
 */
function $quote(v: unknown): string {
  const s = v as string;
  return s.length > 512 || $escaped.test(s) ? JSON.stringify(s) : '"' + s + '"';
}

/** Writes a checked nullable value: null, or the value by its writer. */
function $writeNullable(v: unknown, write: $Write): string {
  return v === null ? "null" : write(v);
}

// ---- free-form values ----

/** Nesting level of the value at pointer p: the document root is level 1. */
function $levelOf(p: string): number {
  let n = 1;
  for (let i = 0; i < p.length; i++) if (p.charCodeAt(i) === 0x2f) n++;
  return n;
}

/**
 * A free-form value: top-level kind in `kinds` (when given), then a depth-first walk in property
 * order: depth, ill-formed keys and strings, non-finite numbers; and (for values an encoder gets)
 * anything that is not plain JSON.
 */
function $free(v: unknown, p: string, k: $Key, kinds: readonly string[] | undefined): void {
  if (kinds !== undefined && !kinds.includes($kindOf(v)))
    $fail("type", $at(p, k), `expected ${kinds.join(" or ")}, got ${$kindOf(v)}`);
  // Values of a parsed document are plain JSON: a walk that allocates nothing finds most of them
  // clean; anything else takes the exact walk below, which finds the error and its pointer.
  if (
    $src !== undefined &&
    (typeof v !== "object" || v === null ? $freeLeaf(v) : $freeClean(v, $levelOf(p) + (k === undefined ? 0 : 1)))
  )
    return;
  const path: (string | number)[] = [];
  const bad = $freeWalk(v, $levelOf($at(p, k)), path);
  if (bad !== undefined) {
    let q = $at(p, k);
    for (const t of path) q += "/" + (typeof t === "number" ? t : $esc(t));
    $fail(bad[0], q, bad[1]);
  }
}

/** A parsed scalar that needs no error: a well-formed string, a finite number, a boolean or null. */
function $freeLeaf(v: unknown): boolean {
  return typeof v === "string" ? !$sur || $wellFormed(v) : typeof v === "number" ? Number.isFinite(v) : true;
}

/** True when the parsed container v at nesting level `level` holds nothing freeWalk would refuse. */
function $freeClean(v: object, level: number): boolean {
  if (level > $maxDepth) return false;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const x: unknown = v[i];
      if (typeof x === "object" && x !== null ? !$freeClean(x, level + 1) : !$freeLeaf(x)) return false;
    }
    return true;
  }
  const o = v as $Obj;
  for (const key in o) {
    if ($sur && !$wellFormed(key)) return false;
    const x = o[key];
    if (typeof x === "object" && x !== null ? !$freeClean(x, level + 1) : !$freeLeaf(x)) return false;
  }
  return true;
}

function $freeWalk(v: unknown, level: number, path: (string | number)[]): [WireErrorCode, string] | undefined {
  switch (typeof v) {
    case "string":
      return !$sur || $wellFormed(v) ? undefined : ["utf8", "string holds an unpaired UTF-16 surrogate"];
    case "number":
      return Number.isFinite(v) ? undefined : ["range", "number is not finite"];
    case "boolean":
      return undefined;
    case "object": {
      if (v === null) return undefined;
      if (level > $maxDepth) return ["depth", $depthMessage];
      const proto = Object.getPrototypeOf(v) as unknown;
      if (Array.isArray(v)) {
        if (proto !== Array.prototype) return ["type", "not a plain JSON array"];
        for (let i = 0; i < v.length; i++) {
          path.push(i);
          const bad = $freeWalk(v[i], level + 1, path);
          if (bad !== undefined) return bad;
          path.pop();
        }
        return undefined;
      }
      if (proto !== Object.prototype && proto !== null) return ["type", "not a plain JSON object"];
      const o = v as $Obj;
      for (const key of Object.keys(o)) {
        if ($sur && !$wellFormed(key)) return ["utf8", "object key holds an unpaired UTF-16 surrogate"];
        path.push(key);
        const bad = $freeWalk(o[key], level + 1, path);
        if (bad !== undefined) return bad;
        path.pop();
      }
      return undefined;
    }
    default:
      return ["type", `${typeof v} is not a JSON value`];
  }
}

// ---- applicators and checks of the keyword families (codegen/next/keywords) ----

/** A generated check: throws DecodeError for a value it rejects. */
type $Check = (v: unknown, p: string, k?: $Key) => void;

/** JSON kind bits (object 1, array 2, string 4, number 8, boolean 16, null 32), for unions. */
function $kindBit(v: unknown): number {
  if (v === null) return 32;
  switch (typeof v) {
    case "object":
      return Array.isArray(v) ? 2 : 1;
    case "string":
      return 4;
    case "number":
      return 8;
    case "boolean":
      return 16;
    default:
      return 0;
  }
}

/** Tokens of a pointer: the deeper of two errors is the one with more. */
function $depthOf(pointer: string): number {
  let n = 0;
  for (let i = 0; i < pointer.length; i++) if (pointer.charCodeAt(i) === 0x2f) n++;
  return n;
}

/** Runs a check as a trial; how it failed, or undefined. */
function $try(check: $Check, v: unknown, p: string, k?: $Key): $Failed | undefined {
  $trials++;
  try {
    check(v, p, k);
    return undefined;
  } catch (e) {
    if (e instanceof $Failed) return e;
    throw e;
  } finally {
    $trials--;
  }
}

/**
 * What a union's variant surely asks of an object: its required keys, and the kinds (numbers: and
 * the bounds, exclusive ones taken as inclusive) of members whose type allows fewer than all. A value
 * that fails it fails the variant's check, so the union skips that trial (a failed trial costs a
 * throw). 0: nothing known (the variant takes no object, or asks nothing of one cheaply seen).
 */
type $Filter = 0 | { readonly req: readonly string[]; readonly members: readonly $MemberFilter[] };
type $MemberFilter = readonly [key: string, kinds: number, lo: number, hi: number];

function $filter(req: readonly string[], ...members: $MemberFilter[]): $Filter {
  return { req, members };
}

function $mayMatch(v: unknown, f: $Filter): boolean {
  if (f === 0 || !$isObj(v)) return true;
  for (const key of f.req) if (v[key] === undefined || !$hasOwn.call(v, key)) return false;
  for (const [key, kinds, lo, hi] of f.members) {
    const x = v[key];
    if (x === undefined || !$hasOwn.call(v, key)) continue;
    if ((kinds & $kindBit(x)) === 0 || (typeof x === "number" && !(x >= lo && x <= hi))) return false;
  }
  return true;
}

/**
 * anyOf / oneOf by their exact meaning (codegen/SEMANTICS.md, "Unions"): variants are tried in
 * schema order, skipping those whose kinds cannot hold the value (and, with `filters`, those whose
 * filter it fails). anyOf: the first that accepts. oneOf: exactly one, else ambiguous_variant. None:
 * `type` when no variant takes the value's kind, else the deepest error among the variants tried
 * (the first of equally deep ones, in schema order: the variants a filter skipped are tried then,
 * each once, so that the error is the one trying every variant gives).
 */
function $union(
  v: unknown,
  p: string,
  k: $Key,
  oneOf: boolean,
  variants: readonly $Check[],
  kinds: readonly number[],
  expected: string,
  filters?: readonly $Filter[],
): void {
  const bit = $kindBit(v);
  let matched = -1;
  let failures: ($Failed | undefined)[] | undefined;
  for (let i = 0; i < variants.length; i++) {
    if ((kinds[i]! & bit) === 0) continue;
    if (filters !== undefined && !$mayMatch(v, filters[i]!)) continue;
    const e = $try(variants[i]!, v, p, k);
    if (e !== undefined) {
      (failures ??= [])[i] = e;
      continue;
    }
    if (!oneOf) return;
    if (matched >= 0)
      $fail("ambiguous_variant", $at(p, k), `matches variants ${matched} and ${i} of oneOf (exactly one must match)`);
    matched = i;
  }
  if (matched >= 0) return;
  let best: $Failed | undefined;
  let bestDepth = -1;
  for (let i = 0; i < variants.length; i++) {
    if ((kinds[i]! & bit) === 0) continue;
    const e = failures?.[i] ?? $try(variants[i]!, v, p, k);
    if (e === undefined) throw new Error("generator bug: a union's filter skipped a variant that accepts the value");
    const d = $depthOf(e.pointer);
    if (d > bestDepth) ((best = e), (bestDepth = d));
  }
  if (best === undefined) $fail("type", $at(p, k), `expected ${expected}, got ${$kindOf(v)}`);
  $fail(best.code, best.pointer, best.message);
}

/** The variant a checked value is written as: the first that accepts it (for oneOf, the only one). */
function $which(
  v: unknown,
  variants: readonly $Check[],
  kinds: readonly number[],
  filters?: readonly $Filter[],
): number {
  const bit = $kindBit(v);
  for (let i = 0; i < variants.length; i++)
    if (
      (kinds[i]! & bit) !== 0 &&
      (filters === undefined || $mayMatch(v, filters[i]!)) &&
      $try(variants[i]!, v, "") === undefined
    )
      return i;
  return -1;
}

function $not(v: unknown, p: string, k: $Key, check: $Check): void {
  if ($try(check, v, p, k) === undefined) $fail("not", $at(p, k), "the value matches a schema it must not match");
}

function $if(
  v: unknown,
  p: string,
  k: $Key,
  cond: $Check,
  then: $Check | undefined,
  otherwise: $Check | undefined,
): void {
  const next = $try(cond, v, p, k) === undefined ? then : otherwise;
  if (next !== undefined) next(v, p, k);
}

// void, not never: the checks printed after it stay reachable code to tsc (their variables keep their types)
function $never(v: unknown, p: string, k?: $Key): void {
  $fail("forbidden", $at(p, k), `no value is allowed here (got ${$kindOf(v)})`);
}

/**
 * A keyword check that fails every value reaching it (const 1 beside enum [0.1]). Typed void, as
 * $never is: after a call typed never, tsc takes the checks beside it as unreachable and narrows
 * every name there to never (TS2339).
 */
function $failAlways(code: WireErrorCode, pointer: string, message: string): void {
  $fail(code, pointer, message);
}

/** The canonical text of a JSON value for equality: object members sorted by key, numbers as JSON.stringify writes them. */
function $canon(v: unknown): string {
  if (typeof v !== "object" || v === null) return JSON.stringify(v);
  if (Array.isArray(v)) return "[" + v.map($canon).join(",") + "]";
  const o = v as $Obj;
  const keys = Object.keys(o).filter((key) => o[key] !== undefined);
  keys.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return "{" + keys.map((key) => JSON.stringify(key) + ":" + $canon(o[key])).join(",") + "}";
}

/** const or enum (the keyword the schema wrote: code) of any JSON values (their canonical texts): deep equality. */
function $oneOfValues(v: unknown, p: string, k: $Key, canon: readonly string[], code: "const" | "enum"): void {
  if (!canon.includes($canon(v)))
    $fail(code, $at(p, k), code === "const" ? "not the expected constant" : "not one of the enum values");
}

/** uniqueItems: the first element equal to an earlier one is `unique`. */
function $unique(a: readonly unknown[], q: string): void {
  const seen = new Set<string>();
  for (let i = 0; i < a.length; i++) {
    const c = $canon(a[i]);
    if (seen.has(c)) $fail("unique", q + "/" + i, `element ${i} equals an earlier element`);
    seen.add(c);
  }
}

/** contains with minContains / maxContains; with `ev` (from 2020-12), the matching elements count as evaluated. */
function $contains(
  a: readonly unknown[],
  q: string,
  check: $Check,
  min: number,
  max: number | undefined,
  ev?: $Ev,
): void {
  let n = 0;
  for (let i = 0; i < a.length; i++) {
    if ($try(check, a[i], q, i) !== undefined) continue;
    n++;
    ev?.items.add(i);
  }
  if (n < min) $fail("contains", q, `${n} elements match contains, expected at least ${min}`);
  if (max !== undefined && n > max) $fail("contains", q, `${n} elements match contains, expected at most ${max}`);
}

/** The number of members of an object. */
function $size(o: $Obj): number {
  let n = 0;
  for (const key in o) if ($hasOwn.call(o, key) && o[key] !== undefined) n++;
  return n;
}

function $sizeCheck(o: $Obj, q: string, min: number | undefined, max: number | undefined): void {
  const n = $size(o);
  if (min !== undefined && n < min) $fail("length", q, `object of ${n} properties, expected at least ${min}`);
  if (max !== undefined && n > max) $fail("length", q, `object of ${n} properties, expected at most ${max}`);
}

/**
 * propertyNames: each key, in property order, as a string value; a key holding an unpaired surrogate
 * is utf8 at the object, as everywhere else, so that no pointer names it (Go could not spell it).
 */
function $propertyNames(o: $Obj, q: string, check: $Check): void {
  for (const key of Object.keys(o)) {
    if (o[key] === undefined) continue;
    if ($sur && !$wellFormed(key)) $fail("utf8", q, "property name holds an unpaired UTF-16 surrogate");
    const e = $try(check, key, q, $esc(key));
    if (e !== undefined)
      $fail("property_name", q + "/" + $esc(key), `the property name does not match propertyNames (${e.code})`);
  }
}

/** multipleOf, exactly on the decimal forms of both numbers (codegen/SEMANTICS.md, "Numbers"). */
function $multipleOf(x: number, m: number): boolean {
  if (x === 0) return true;
  if (!Number.isFinite(x) || !Number.isFinite(m)) return false;
  const [xd, xe] = $decimal(x);
  const [md, me] = $decimal(m);
  const e = xe - me;
  return e >= 0 ? (xd * 10n ** BigInt(e)) % md === 0n : xd % (md * 10n ** BigInt(-e)) === 0n;
}

/** [digits, exponent] with x = digits × 10^exponent, from the shortest round-trip form of x. */
function $decimal(x: number): [bigint, number] {
  const s = Math.abs(x).toExponential().replace("+", "");
  const at = s.indexOf("e");
  const mant = s.slice(0, at);
  const dot = mant.indexOf(".");
  const digits = dot < 0 ? mant : mant.slice(0, dot) + mant.slice(dot + 1);
  const frac = dot < 0 ? 0 : mant.length - dot - 1;
  return [BigInt(digits) * (x < 0 ? -1n : 1n), Number(s.slice(at + 1)) - frac];
}

// ---- document-order keys (rarely needed: two unknown keys, one of them an array index) ----

function $skipWs(t: string, i: number): number {
  for (;;) {
    const c = t.charCodeAt(i);
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return i;
    i++;
  }
}

/** Index just after the string starting at i (t[i] is the opening quote). */
function $skipStr(t: string, i: number): number {
  for (let j = i + 1; ; j++) {
    const c = t.charCodeAt(j);
    if (c === 0x5c) j++;
    else if (c === 0x22) return j + 1;
    else if (Number.isNaN(c)) return j;
  }
}

/** Index just after the JSON value starting at i (the text is known to be valid JSON). */
function $skipVal(t: string, i: number): number {
  const c = t.charCodeAt(i);
  if (c === 0x22) return $skipStr(t, i);
  if (c !== 0x7b && c !== 0x5b) {
    let j = i;
    for (;;) {
      const d = t.charCodeAt(j);
      if (
        Number.isNaN(d) ||
        d === 0x2c ||
        d === 0x5d ||
        d === 0x7d ||
        d === 0x20 ||
        d === 0x0a ||
        d === 0x0d ||
        d === 0x09
      )
        return j;
      j++;
    }
  }
  let depth = 0;
  for (let j = i; j < t.length;) {
    const d = t.charCodeAt(j);
    if (d === 0x22) {
      j = $skipStr(t, j);
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
function $eachMember(t: string, i: number, member: (key: string, $at: number) => void): number {
  i = $skipWs(t, i + 1);
  if (t.charCodeAt(i) === 0x7d) return i + 1;
  for (;;) {
    const end = $skipStr(t, i);
    const key = JSON.parse(t.slice(i, end)) as string;
    i = $skipWs(t, $skipWs(t, end) + 1);
    member(key, i);
    i = $skipWs(t, $skipVal(t, i));
    if (t.charCodeAt(i) !== 0x2c) return i + 1;
    i = $skipWs(t, i + 1);
  }
}

/** The keys of the object at pointer p of the text, in order of first occurrence (undefined if not found). */
function $keysAt(t: string, p: string): string[] | undefined {
  let i = $skipWs(t, 0);
  const tokens = p === "" ? [] : p.slice(1).split("/");
  for (const raw of tokens) {
    const token = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    const c = t.charCodeAt(i);
    if (c === 0x7b) {
      let found = -1;
      $eachMember(t, i, (key, start) => {
        if (key === token) found = start; // the last occurrence wins, as in JSON.parse
      });
      if (found < 0) return undefined;
      i = found;
    } else if (c === 0x5b) {
      i = $skipWs(t, i + 1);
      for (let n = Number(token); n > 0; n--) i = $skipWs(t, $skipWs(t, $skipVal(t, i)) + 1);
    } else return undefined;
  }
  if (t.charCodeAt(i) !== 0x7b) return undefined;
  const keys = new Set<string>();
  $eachMember(t, i, (key) => keys.add(key));
  return [...keys];
}

function $firstUnknown(t: string, p: string, known: $Known): string | undefined {
  return $keysAt(t, p)?.find((k) => !known(k));
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
async function* $chunksOf(source: AsyncIterable<Uint8Array> | ByteStream): AsyncGenerator<Uint8Array, void, undefined> {
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

function $concat(parts: Uint8Array[], size: number): Uint8Array {
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
async function* $readFrames<T>(
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
  for await (const chunk of $chunksOf(source)) {
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
        const line = $concat(parts, size);
        parts = [];
        size = 0;
        const f = one(line);
        if (f !== null) yield f;
      }
      start = nl + 1;
    }
  }
  if (tooLarge) yield oversized();
  else if (size > 0)
    yield { ok: false, error: new DecodeError("syntax", "", `truncated frame: ${size} bytes without a final newline`) };
}

// ---- glue for the generated checks ----

/** The check of a schema that accepts every value. */
function $ok(): void {}

/** A union decided by a pick function (its dispatch), then checked as the picked variant. */
function $dispatched(
  v: unknown,
  p: string,
  k: $Key,
  pick: (v: unknown, p: string, ignore: boolean) => number,
  variants: readonly $Check[],
): void {
  const q = $at(p, k);
  variants[pick(v, q, false)]!(v, q);
}

/** A frame decoder's byte limit (wire rule 2), checked before anything else: UTF-8 bytes, also for a string. */
function $runFrame<T>(input: string | Uint8Array, limit: number, check: (v: unknown, p: string) => void): T {
  $frameLimit(input, limit);
  return $runDoc<T>(input, check);
}

/** An open union's frame decoder: a line over the limit is frame_too_large, not ignored; then as runOpen. */
function $runOpenFrame<T>(
  input: string | Uint8Array,
  limit: number,
  pick: (v: unknown, p: string, ignore: boolean) => number,
  walk: (v: unknown, p: string) => void,
): T | null {
  $frameLimit(input, limit);
  return $runOpen<T>(input, pick, walk);
}

function $frameLimit(input: string | Uint8Array, limit: number): void {
  // A string's UTF-8 length lies between its UTF-16 length and three times that.
  if (input.length > limit || (typeof input === "string" && input.length * 3 > limit)) {
    if ((typeof input === "string" ? $utf8Length(input) : input.length) > limit)
      $fail("frame_too_large", "", `frame longer than ${limit} bytes`);
  }
}

/** The UTF-8 length of a string (an unpaired surrogate counts 3, as TextEncoder writes U+FFFD). */
function $utf8Length(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) n += 1;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 2;
      i++;
    } else n += 2;
  }
  return n;
}

/**
 * Asserted formats (x-assert-format), each one predicate (codegen/SEMANTICS.md, "Formats"), the
 * twins of wireFormats in the Go runtime. Every grammar is ASCII (any other character fails it),
 * except json-pointer, so UTF-16 and UTF-8 strings get the same verdicts.
 */
const $formats: { [format: string]: (s: string) => boolean } = {
  "date-time": (s) =>
    s.length > 11 && (s[10] === "T" || s[10] === "t") && $fDate(s.slice(0, 10)) && $fTime(s.slice(11)),
  date: (s) => s.length === 10 && $fDate(s),
  time: (s) => $fTime(s),
  duration: (s) => $fDuration(s),
  email: (s) => $fEmail(s),
  hostname: (s) => $fHostname(s),
  ipv4: (s) => $fIPv4(s),
  ipv6: (s) => $fIPv6(s),
  uri: (s) => {
    const k = $fSchemeEnd(s);
    return k > 0 && $fUriRest(s.slice(k + 1), true);
  },
  "uri-reference": (s) => {
    const k = $fSchemeEnd(s);
    return k > 0 ? $fUriRest(s.slice(k + 1), true) : $fUriRest(s, false);
  },
  uuid: (s) => $fUuid(s),
  "json-pointer": (s) => $fJsonPointer(s),
};

function $fIsDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function $fIsHex(c: number): boolean {
  return $fIsDigit(c) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x66);
}

function $fIsAlnum(c: number): boolean {
  return $fIsDigit(c) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a);
}

/** The value of s[i, i+n) when those are n ASCII digits, else -1. */
function $fDigits(s: string, i: number, n: number): number {
  if (i + n > s.length) return -1;
  let v = 0;
  for (let k = i; k < i + n; k++) {
    const c = s.charCodeAt(k);
    if (!$fIsDigit(c)) return -1;
    v = v * 10 + (c - 0x30);
  }
  return v;
}

/** RFC 3339 full-date (s is 10 long): YYYY-MM-DD, the day within its month. */
function $fDate(s: string): boolean {
  const y = $fDigits(s, 0, 4);
  const m = $fDigits(s, 5, 2);
  const d = $fDigits(s, 8, 2);
  if (y < 0 || m < 1 || m > 12 || d < 1 || s[4] !== "-" || s[7] !== "-") return false;
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  const days = m === 2 ? (leap ? 29 : 28) : m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
  return d <= days;
}

/** RFC 3339 full-time: HH:MM:SS[.frac](Z|±HH:MM); second 60 only at 23:59 UTC. */
function $fTime(s: string): boolean {
  const h = $fDigits(s, 0, 2);
  const m = $fDigits(s, 3, 2);
  const sec = $fDigits(s, 6, 2);
  if (h < 0 || h > 23 || m < 0 || m > 59 || sec < 0 || sec > 60 || s[2] !== ":" || s[5] !== ":") return false;
  let i = 8;
  if (s[i] === ".") {
    const j = ++i;
    while (i < s.length && $fIsDigit(s.charCodeAt(i))) i++;
    if (i === j) return false;
  }
  let off = 0; // minutes east of UTC
  if (i + 1 === s.length && (s[i] === "Z" || s[i] === "z")) {
    // UTC
  } else if (i + 6 === s.length && (s[i] === "+" || s[i] === "-") && s[i + 3] === ":") {
    const oh = $fDigits(s, i + 1, 2);
    const om = $fDigits(s, i + 4, 2);
    if (oh < 0 || oh > 23 || om < 0 || om > 59) return false;
    off = s[i] === "-" ? -(oh * 60 + om) : oh * 60 + om;
  } else return false;
  return sec < 60 || (((h * 60 + m - off) % 1440) + 1440) % 1440 === 23 * 60 + 59;
}

/** ISO 8601 duration of RFC 3339 appendix A: P, then nW alone, or Y M D without gaps and T with H M S without gaps. */
function $fDuration(s: string): boolean {
  if (s.length < 3 || s[0] !== "P") return false;
  const w = $fDurationRun(s, 1, "W");
  if (w === s.length && w > 1) return true;
  const i = $fDurationRun(s, 1, "YMD");
  if (i < 0) return false;
  if (s[i] === "T") {
    const j = $fDurationRun(s, i + 1, "HMS");
    return j === s.length && j > i + 1;
  }
  return i === s.length && i > 1;
}

/** Reads number-unit elements from s[i] with consecutive units of `units`; the index after them, or -1. */
function $fDurationRun(s: string, i: number, units: string): number {
  let next = 0;
  while (i < s.length && $fIsDigit(s.charCodeAt(i))) {
    let j = i;
    while (j < s.length && $fIsDigit(s.charCodeAt(j))) j++;
    if (j === s.length) return -1;
    const u = units.indexOf(s[j]!);
    if (u < 0 || (next > 0 && u !== next)) return -1;
    next = u + 1;
    i = j + 1;
  }
  return i;
}

/** RFC 4122 text form: 8-4-4-4-12 hexadecimal digits, any case, version and variant. */
function $fUuid(s: string): boolean {
  if (s.length !== 36) return false;
  for (let i = 0; i < 36; i++) {
    if (i === 8 || i === 13 || i === 18 || i === 23) {
      if (s[i] !== "-") return false;
    } else if (!$fIsHex(s.charCodeAt(i))) return false;
  }
  return true;
}

/** RFC 6901: "" or "/"-prefixed tokens in which "~" is followed by 0 or 1. */
function $fJsonPointer(s: string): boolean {
  if (s !== "" && s[0] !== "/") return false;
  for (let i = 0; i < s.length; i++) if (s[i] === "~" && s[i + 1] !== "0" && s[i + 1] !== "1") return false;
  return true;
}

/** Dotted quad of decimal octets 0-255, without leading zeros. */
function $fIPv4(s: string): boolean {
  let parts = 0;
  for (let i = 0; ;) {
    let j = i;
    while (j < s.length && $fIsDigit(s.charCodeAt(j))) j++;
    const n = j - i;
    if (n === 0 || n > 3 || (n > 1 && s[i] === "0") || $fDigits(s, i, n) > 255) return false;
    parts++;
    if (j === s.length) return parts === 4;
    if (s[j] !== "." || parts === 4) return false;
    i = j + 1;
  }
}

/** RFC 4291 2.2: eight groups of 1-4 hex digits, fewer around one "::" (at least one zero group), an IPv4 tail counting two. */
function $fIPv6(s: string): boolean {
  const k = s.indexOf("::");
  if (k < 0) return $fIPv6Groups(s, true) === 8;
  const tail = s.slice(k + 2);
  if (tail.includes("::")) return false;
  const h = $fIPv6Groups(s.slice(0, k), false);
  const t = $fIPv6Groups(tail, true);
  return h >= 0 && t >= 0 && h + t <= 7;
}

/** The ":"-separated groups of s ("" has none), an IPv4 tail (when allowed) counting two; -1 if malformed. */
function $fIPv6Groups(s: string, v4: boolean): number {
  if (s === "") return 0;
  let n = 0;
  for (let i = 0; ;) {
    let j = i;
    while (j < s.length && s[j] !== ":") j++;
    const g = s.slice(i, j);
    if (j === s.length && v4 && g.includes(".")) return $fIPv4(g) ? n + 2 : -1;
    if (g.length === 0 || g.length > 4) return -1;
    for (let q = 0; q < g.length; q++) if (!$fIsHex(g.charCodeAt(q))) return -1;
    n++;
    if (j === s.length) return n;
    i = j + 1;
  }
}

/** RFC 1123 host name in ASCII: labels of 1-63 letters, digits, inner hyphens; at most 253 characters. */
function $fHostname(s: string): boolean {
  if (s.length === 0 || s.length > 253) return false;
  for (let i = 0; ;) {
    let j = i;
    for (; j < s.length && s[j] !== "."; j++) {
      const c = s.charCodeAt(j);
      if (!$fIsAlnum(c) && c !== 0x2d) return false;
    }
    const n = j - i;
    if (n === 0 || n > 63 || s[i] === "-" || s[j - 1] === "-") return false;
    if (j === s.length) return true;
    i = j + 1;
  }
}

const $fAtextPunct = "!#$%&'*+-/=?^_`{|}~";

/** A practical subset of the RFC 5321 Mailbox: Dot-string or Quoted-string (at most 64 octets) "@" hostname or address literal. */
function $fEmail(s: string): boolean {
  let i = 0;
  if (s[0] === '"') {
    for (i = 1; i < s.length && s[i] !== '"'; i++) {
      if (s[i] === "\\") {
        i++;
        const c = s.charCodeAt(i);
        if (i === s.length || c < 32 || c > 126) return false;
      } else {
        const c = s.charCodeAt(i);
        if (c < 32 || c > 126) return false;
      }
    }
    if (i === s.length) return false;
    i++;
  } else {
    for (;;) {
      let j = i;
      while (j < s.length && ($fIsAlnum(s.charCodeAt(j)) || $fAtextPunct.includes(s[j]!))) j++;
      if (j === i) return false;
      i = j;
      if (s[i] === ".") {
        i++;
        continue;
      }
      break;
    }
  }
  if (i > 64 || i === s.length || s[i] !== "@") return false;
  const d = s.slice(i + 1);
  if (d.length > 2 && d[0] === "[" && d[d.length - 1] === "]") {
    const lit = d.slice(1, -1);
    const tag = (i: number, c: number): boolean => (lit.charCodeAt(i) | 0x20) === c;
    if (lit.length > 5 && tag(0, 0x69) && tag(1, 0x70) && tag(2, 0x76) && lit[3] === "6" && lit[4] === ":")
      return $fIPv6(lit.slice(5)); // the "IPv6:" tag, case-insensitive in ASCII
    return $fIPv4(lit);
  }
  return $fHostname(d);
}

/** The index of the ":" ending a valid RFC 3986 scheme at the start of s, or -1. */
function $fSchemeEnd(s: string): number {
  const c0 = s.charCodeAt(0) | 0x20;
  if (!(c0 >= 0x61 && c0 <= 0x7a)) return -1;
  for (let i = 1; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x3a) return i;
    if (!$fIsAlnum(c) && c !== 0x2b && c !== 0x2d && c !== 0x2e) return -1;
  }
  return -1;
}

/** What follows the scheme's ":" (hasScheme), or a relative-ref: ["//" authority] path ["?" query] ["#" fragment]. */
function $fUriRest(s: string, hasScheme: boolean): boolean {
  let k = s.indexOf("#");
  if (k >= 0) {
    if (!$fUriPart(s.slice(k + 1), ":@/?")) return false;
    s = s.slice(0, k);
  }
  k = s.indexOf("?");
  if (k >= 0) {
    if (!$fUriPart(s.slice(k + 1), ":@/?")) return false;
    s = s.slice(0, k);
  }
  if (s.startsWith("//")) {
    s = s.slice(2);
    let end = s.indexOf("/");
    if (end < 0) end = s.length;
    return $fAuthority(s.slice(0, end)) && $fUriPart(s.slice(end), ":@/");
  }
  if (!hasScheme && !s.startsWith("/")) {
    const slash = s.indexOf("/");
    if ((slash < 0 ? s : s.slice(0, slash)).includes(":")) return false; // path-noscheme
  }
  return $fUriPart(s, ":@/");
}

/** [userinfo "@"] host [":" port], host an IP literal or a reg-name. */
function $fAuthority(a: string): boolean {
  const at = a.indexOf("@");
  if (at >= 0) {
    if (!$fUriPart(a.slice(0, at), ":")) return false;
    a = a.slice(at + 1);
  }
  let host = a;
  let port = "";
  if (a.startsWith("[")) {
    const k = a.indexOf("]");
    if (k < 0) return false;
    host = a.slice(0, k + 1);
    port = a.slice(k + 1);
    if (port !== "" && port[0] !== ":") return false;
  } else {
    const k = a.indexOf(":");
    if (k >= 0) {
      host = a.slice(0, k);
      port = a.slice(k);
    }
  }
  for (let i = 1; i < port.length; i++) if (!$fIsDigit(port.charCodeAt(i))) return false;
  return host.startsWith("[") ? $fIpLiteral(host.slice(1, -1)) : $fUriPart(host, "");
}

/** The inside of "[...]": an IPv6 address or an IPvFuture ("v" hex "." ...). */
function $fIpLiteral(s: string): boolean {
  if (s[0] === "v" || s[0] === "V") {
    const k = s.indexOf(".");
    if (k < 2 || k === s.length - 1) return false;
    for (let i = 1; i < k; i++) if (!$fIsHex(s.charCodeAt(i))) return false;
    for (let i = k + 1; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (!$fUnreserved(c) && !$fSubDelims.includes(s[i]!) && c !== 0x3a) return false;
    }
    return true;
  }
  return $fIPv6(s);
}

const $fSubDelims = "!$&'()*+,;=";

function $fUnreserved(c: number): boolean {
  return $fIsAlnum(c) || c === 0x2d || c === 0x2e || c === 0x5f || c === 0x7e;
}

/** Only unreserved, pct-encoded, sub-delims and the extra characters. */
function $fUriPart(s: string, extra: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ($fUnreserved(c) || (c < 128 && ($fSubDelims.includes(s[i]!) || extra.includes(s[i]!)))) continue;
    if (c !== 0x25 || i + 2 >= s.length || !$fIsHex(s.charCodeAt(i + 1)) || !$fIsHex(s.charCodeAt(i + 2))) return false;
    i += 2;
  }
  return true;
}

// ---- unevaluatedProperties / unevaluatedItems: what the other keywords evaluated ----

/** The members and elements of one value that keywords have evaluated (annotations, in JSON Schema's terms). */
type $Ev = { props: Set<string>; items: Set<number> };
/** A check that also records what it evaluated. */
type $CheckEv = (v: unknown, p: string, k: $Key, ev: $Ev) => void;

function $newEv(): $Ev {
  return { props: new Set(), items: new Set() };
}

function $okEv(): void {}

function $evMerge(into: $Ev, from: $Ev): void {
  for (const key of from.props) into.props.add(key);
  for (const i of from.items) into.items.add(i);
}

/** An object's own keywords evaluated its declared keys, the keys its patterns match, and (with additionalProperties) the rest. */
function $evObject(o: $Obj, ev: $Ev, known: $Known, patterns: $Known | undefined, all: boolean): void {
  for (const key of Object.keys(o)) {
    if (o[key] === undefined) continue;
    if (all || known(key) || (patterns !== undefined && patterns(key))) ev.props.add(key);
  }
}

/** An array's own keywords evaluated its prefix (as far as it goes) and, with items, every element. */
function $evItems(a: readonly unknown[], ev: $Ev, prefix: number, all: boolean): void {
  const n = all ? a.length : Math.min(prefix, a.length);
  for (let i = 0; i < n; i++) ev.items.add(i);
}

/** An unevaluated* keyword that held: every member and element counts as evaluated for an enclosing one. */
function $evAll(v: unknown, ev: $Ev): void {
  if (Array.isArray(v)) for (let i = 0; i < v.length; i++) ev.items.add(i);
  else if ($isObj(v)) for (const key of Object.keys(v)) if (v[key] !== undefined) ev.props.add(key);
}

/** $try recording what the check evaluated: its evaluation record, or how it failed. */
function $tryEv(check: $CheckEv, v: unknown, p: string, k: $Key): $Ev | $Failed {
  const ev = $newEv();
  return $try((x, q, key) => check(x, q, key, ev), v, p, k) ?? ev;
}

/** $union, recording what the matching variants evaluated (anyOf: every variant that matches). */
function $unionEv(
  v: unknown,
  p: string,
  k: $Key,
  oneOf: boolean,
  variants: readonly $CheckEv[],
  kinds: readonly number[],
  expected: string,
  ev: $Ev,
): void {
  const bit = $kindBit(v);
  let matched = -1;
  let best: $Failed | undefined;
  let bestDepth = -1;
  for (let i = 0; i < variants.length; i++) {
    if ((kinds[i]! & bit) === 0) continue;
    const r = $tryEv(variants[i]!, v, p, k);
    if (r instanceof $Failed) {
      const d = $depthOf(r.pointer);
      if (d > bestDepth) ((best = r), (bestDepth = d));
      continue;
    }
    if (oneOf && matched >= 0)
      $fail("ambiguous_variant", $at(p, k), `matches variants ${matched} and ${i} of oneOf (exactly one must match)`);
    if (matched < 0) matched = i;
    $evMerge(ev, r);
  }
  if (matched >= 0) return;
  if (best === undefined) $fail("type", $at(p, k), `expected ${expected}, got ${$kindOf(v)}`);
  $fail(best.code, best.pointer, best.message);
}

function $dispatchedEv(
  v: unknown,
  p: string,
  k: $Key,
  pick: (v: unknown, p: string, ignore: boolean) => number,
  variants: readonly $CheckEv[],
  ev: $Ev,
): void {
  const q = $at(p, k);
  variants[pick(v, q, false)]!(v, q, undefined, ev);
}

function $ifEv(
  v: unknown,
  p: string,
  k: $Key,
  cond: $CheckEv,
  then: $CheckEv | undefined,
  otherwise: $CheckEv | undefined,
  ev: $Ev,
): void {
  const r = $tryEv(cond, v, p, k);
  if (!(r instanceof $Failed)) $evMerge(ev, r);
  const next = r instanceof $Failed ? otherwise : then;
  if (next !== undefined) next(v, p, k, ev);
}

/** unevaluatedProperties: the members nothing evaluated, in property order (`check` undefined: none may exist). */
function $unevaluatedProperties(v: unknown, q: string, ev: $Ev, check: $Check | undefined): void {
  if (!$isObj(v)) return;
  for (const key of Object.keys(v)) {
    if (v[key] === undefined || ev.props.has(key)) continue;
    if ($sur && !$wellFormed(key)) $fail("utf8", q, "object key holds an unpaired UTF-16 surrogate");
    if (check === undefined)
      $fail("unknown_field", q + "/" + $esc(key), `unevaluated property (a key of ${$cpLen(key)} characters)`);
    check(v[key], q, $esc(key));
  }
  $evAll(v, ev);
}

/** unevaluatedItems: the elements nothing evaluated, in order. */
function $unevaluatedItems(v: unknown, q: string, ev: $Ev, check: $Check | undefined): void {
  if (!Array.isArray(v)) return;
  for (let i = 0; i < v.length; i++) {
    if (ev.items.has(i)) continue;
    if (check === undefined) $fail("forbidden", q + "/" + i, "unevaluated element");
    check(v[i], q, i);
  }
  $evAll(v, ev);
}
