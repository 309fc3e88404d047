// ---- protocol ----

/** sha256 of the schema files this file was generated from. */
export const SCHEMA_DIGEST = "e3c2e654c8eaec808e17584689e6171417c594c0eb654010f9a6304bd7c67e91";
/** Largest frame in bytes (the line without its newline). */
export const FRAME_LIMIT = 1024;

/** Largest line. */
export const Limit = 1024 as const;

/** A color. */
export const Color = {
  Red: "red",
  DarkBlue: "dark-blue",
} as const;
/** A color. */
export type Color = (typeof Color)[keyof typeof Color];

/** Decodes a Color from one JSON text, checking it in place; throws DecodeError. */
export function decodeColor(input: string | Uint8Array): Color {
  return runDoc<Color>(input, walkColor);
}

/** Writes Color values in canonical form; throws EncodeError for a value its decoder would reject. */
export function encodeColor(value: Color): string {
  return runEncode(value, writeColor);
}

function walkColor(v: unknown, p: string, k?: string | number): void {
  if (typeof v !== "string" || (sur && !wellFormed(v))) str(v, p, k);
  if (v !== "red" && v !== "dark-blue") fail("enum", at(p, k), `${describe(v)}, expected one of the enum values`);
}

function writeColor(v: unknown, p: string, k?: string | number): string {
  if (typeof v !== "string" || (sur && !wellFormed(v))) str(v, p, k);
  if (v !== "red" && v !== "dark-blue") fail("enum", at(p, k), `${describe(v)}, expected one of the enum values`);
  return JSON.stringify(v);
}

/** A shape, told apart by kind. */
export type Shape = Circle | Square;

/** Decodes a Shape from one JSON text, checking it in place; throws DecodeError (frame_too_large first, for a line longer than FRAME_LIMIT bytes in UTF-8). */
export function decodeShape(input: string | Uint8Array): Shape {
  return runDoc<Shape>(input, walkShape, FRAME_LIMIT);
}

/** Writes Shape values in canonical form; throws EncodeError for a value its decoder would reject. */
export function encodeShape(value: Shape): string {
  return runEncode(value, writeShape);
}

function pickShape(v: unknown, p: string, ignore: boolean): number {
  if (!isObj(v)) return miss(ignore, "type", p, `expected object, got ${kindOf(v)}`);
  if (!has(v, "kind")) return miss(ignore, "unknown_variant", p, 'missing discriminator "kind"');
  switch (v["kind"]) {
    case "circle":
      return 0;
    case "square":
      return 1;
  }
  return miss(ignore, "unknown_variant", p + "/kind", 'the value of "kind" matches no variant');
}

function walkShape(v: unknown, p: string, k?: string | number): void {
  const q = at(p, k);
  switch (pickShape(v, q, false)) {
    case 0:
      return walkCircle(v, q);
    default:
      return walkSquare(v, q);
  }
}

function writeShape(v: unknown, p: string, k?: string | number): string {
  const q = at(p, k);
  switch (pickShape(v, q, false)) {
    case 0:
      return writeCircle(v, q);
    default:
      return writeSquare(v, q);
  }
}

/** A circle. */
export type Circle = {
  /** Always circle. */
  kind: "circle";
  /** Radius in pixels. */
  radius: number;
  /** Fill color, if any. */
  color?: Color;
};

/** Decodes a Circle from one JSON text, checking it in place; throws DecodeError. */
export function decodeCircle(input: string | Uint8Array): Circle {
  return runDoc<Circle>(input, walkCircle);
}

/** Writes Circle values in canonical form; throws EncodeError for a value its decoder would reject. */
export function encodeCircle(value: Circle): string {
  return runEncode(value, writeCircle);
}

const knownCircle: ReadonlySet<string> = new Set(["kind", "radius", "color"]);

function walkCircle(v: unknown, p: string, k?: string | number): void {
  const q = at(p, k);
  const o = obj(v, q);
  let m = 0;
  for (const key in o) {
    if (!hasOwn.call(o, key)) continue;
    switch (key) {
      case "kind":
        m |= 1;
        continue;
      case "radius":
        m |= 2;
        continue;
      case "color":
        m |= 4;
        continue;
    }
    if (o[key] !== undefined) closed(o, knownCircle, q);
  }
  const a0 = o["kind"];
  const a1 = o["radius"];
  const a2 = o["color"];
  if (!(a0 !== undefined && ((m & 1) !== 0 || hasOwn.call(o, "kind")))) missing("kind", q);
  if (!(a1 !== undefined && ((m & 2) !== 0 || hasOwn.call(o, "radius")))) missing("radius", q);
  if (typeof a0 !== "string" || (sur && !wellFormed(a0))) str(a0, q, "kind");
  if (a0 !== "circle") fail("const", q + "/kind", 'expected the constant "circle"');
  if (typeof a1 !== "number" || !Number.isInteger(a1) || a1 > maxSafe || a1 < -maxSafe) int(a1, q, "radius");
  if (a1 < 1) fail("range", q + "/radius", "below the minimum 1");
  if (a2 !== undefined && ((m & 4) !== 0 || hasOwn.call(o, "color"))) {
    walkColor(a2, q, "color");
  }
}

function writeCircle(v: unknown, p: string, k?: string | number): string {
  const q = at(p, k);
  const o = obj(v, q);
  let m = 0;
  for (const key in o) {
    if (!hasOwn.call(o, key)) continue;
    switch (key) {
      case "kind":
        m |= 1;
        continue;
      case "radius":
        m |= 2;
        continue;
      case "color":
        m |= 4;
        continue;
    }
    if (o[key] !== undefined) closed(o, knownCircle, q);
  }
  const a0 = o["kind"];
  const a1 = o["radius"];
  const a2 = o["color"];
  if (!(a0 !== undefined && ((m & 1) !== 0 || hasOwn.call(o, "kind")))) missing("kind", q);
  if (!(a1 !== undefined && ((m & 2) !== 0 || hasOwn.call(o, "radius")))) missing("radius", q);
  let s = "{";
  if (typeof a0 !== "string" || (sur && !wellFormed(a0))) str(a0, q, "kind");
  if (a0 !== "circle") fail("const", q + "/kind", 'expected the constant "circle"');
  s += '"kind":' + JSON.stringify(a0);
  if (typeof a1 !== "number" || !Number.isInteger(a1) || a1 > maxSafe || a1 < -maxSafe) int(a1, q, "radius");
  if (a1 < 1) fail("range", q + "/radius", "below the minimum 1");
  s += ',"radius":' + String(a1);
  if (a2 !== undefined && ((m & 4) !== 0 || hasOwn.call(o, "color"))) {
    s += ',"color":' + writeColor(a2, q, "color");
  }
  return s + "}";
}

/** A square. */
export type Square = {
  /** Always square. */
  kind: "square";
  /** Side length. */
  side: number;
  /** Labels. */
  tags: string[];
  /** Free-form metadata. */
  meta?: JsonObject;
};

/** Decodes a Square from one JSON text, checking it in place; throws DecodeError. */
export function decodeSquare(input: string | Uint8Array): Square {
  return runDoc<Square>(input, walkSquare);
}

/** Writes Square values in canonical form; throws EncodeError for a value its decoder would reject. */
export function encodeSquare(value: Square): string {
  return runEncode(value, writeSquare);
}

const knownSquare: ReadonlySet<string> = new Set(["kind", "side", "tags", "meta"]);

function walkSquare(v: unknown, p: string, k?: string | number): void {
  const q = at(p, k);
  const o = obj(v, q);
  let m = 0;
  for (const key in o) {
    if (!hasOwn.call(o, key)) continue;
    switch (key) {
      case "kind":
        m |= 1;
        continue;
      case "side":
        m |= 2;
        continue;
      case "tags":
        m |= 4;
        continue;
      case "meta":
        m |= 8;
        continue;
    }
    if (o[key] !== undefined) closed(o, knownSquare, q);
  }
  const a0 = o["kind"];
  const a1 = o["side"];
  const a2 = o["tags"];
  const a3 = o["meta"];
  if (!(a0 !== undefined && ((m & 1) !== 0 || hasOwn.call(o, "kind")))) missing("kind", q);
  if (!(a1 !== undefined && ((m & 2) !== 0 || hasOwn.call(o, "side")))) missing("side", q);
  if (!(a2 !== undefined && ((m & 4) !== 0 || hasOwn.call(o, "tags")))) missing("tags", q);
  if (typeof a0 !== "string" || (sur && !wellFormed(a0))) str(a0, q, "kind");
  if (a0 !== "square") fail("const", q + "/kind", 'expected the constant "square"');
  if (typeof a1 !== "number" || !Number.isFinite(a1)) num(a1, q, "side");
  if (a1 <= 0) fail("range", q + "/side", "not above the exclusive minimum 0");
  arr(a2, q, "tags");
  if (a2.length > 4) fail("length", q + "/tags", `array of ${a2.length} items, expected at most 4`);
  const q1 = at(q, "tags");
  for (let i3 = 0; i3 < a2.length; i3++) {
    const x4 = a2[i3];
    if (typeof x4 !== "string" || (sur && !wellFormed(x4))) str(x4, q1, i3);
    if (x4.length < 2) minLen(x4, 1, q1, i3);
  }
  if (a3 !== undefined && ((m & 8) !== 0 || hasOwn.call(o, "meta"))) {
    free(a3, q, "meta", ["object"]);
  }
}

function writeSquare(v: unknown, p: string, k?: string | number): string {
  const q = at(p, k);
  const o = obj(v, q);
  let m = 0;
  for (const key in o) {
    if (!hasOwn.call(o, key)) continue;
    switch (key) {
      case "kind":
        m |= 1;
        continue;
      case "side":
        m |= 2;
        continue;
      case "tags":
        m |= 4;
        continue;
      case "meta":
        m |= 8;
        continue;
    }
    if (o[key] !== undefined) closed(o, knownSquare, q);
  }
  const a0 = o["kind"];
  const a1 = o["side"];
  const a2 = o["tags"];
  const a3 = o["meta"];
  if (!(a0 !== undefined && ((m & 1) !== 0 || hasOwn.call(o, "kind")))) missing("kind", q);
  if (!(a1 !== undefined && ((m & 2) !== 0 || hasOwn.call(o, "side")))) missing("side", q);
  if (!(a2 !== undefined && ((m & 4) !== 0 || hasOwn.call(o, "tags")))) missing("tags", q);
  let s = "{";
  if (typeof a0 !== "string" || (sur && !wellFormed(a0))) str(a0, q, "kind");
  if (a0 !== "square") fail("const", q + "/kind", 'expected the constant "square"');
  s += '"kind":' + JSON.stringify(a0);
  if (typeof a1 !== "number" || !Number.isFinite(a1)) num(a1, q, "side");
  if (a1 <= 0) fail("range", q + "/side", "not above the exclusive minimum 0");
  s += ',"side":' + String(a1);
  arr(a2, q, "tags");
  if (a2.length > 4) fail("length", q + "/tags", `array of ${a2.length} items, expected at most 4`);
  const q1 = at(q, "tags");
  let s2 = "[";
  for (let i3 = 0; i3 < a2.length; i3++) {
    const x4 = a2[i3];
    if (typeof x4 !== "string" || (sur && !wellFormed(x4))) str(x4, q1, i3);
    if (x4.length < 2) minLen(x4, 1, q1, i3);
    s2 += (i3 === 0 ? "" : ",") + JSON.stringify(x4);
  }
  s2 += "]";
  s += ',"tags":' + s2;
  if (a3 !== undefined && ((m & 8) !== 0 || hasOwn.call(o, "meta"))) {
    s += ',"meta":' + putFree(a3, q, "meta", ["object"]);
  }
  return s + "}";
}

/** Reads newline-delimited Shape frames from a byte stream. Each line yields a decoded frame or its DecodeError (lines longer than FRAME_LIMIT bytes are frame_too_large, without being buffered); the stream goes on after a bad line. */
export function readShapes(
  source: AsyncIterable<Uint8Array> | ByteStream,
): AsyncGenerator<FrameResult<Shape>, void, undefined> {
  return readFrames(source, decodeShape, FRAME_LIMIT);
}
