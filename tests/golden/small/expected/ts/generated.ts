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
  str(v, p, k);
  if (v !== "red" && v !== "dark-blue") fail("enum", at(p, k), `${describe(v)}, expected one of the enum values`);
}

function writeColor(v: unknown, p: string, k?: string | number): string {
  str(v, p, k);
  if (v !== "red" && v !== "dark-blue") fail("enum", at(p, k), `${describe(v)}, expected one of the enum values`);
  return JSON.stringify(v);
}

/** A shape, told apart by kind. */
export type Shape = Circle | Square;

/** Decodes a Shape from one JSON text, checking it in place; throws DecodeError. */
export function decodeShape(input: string | Uint8Array): Shape {
  return runDoc<Shape>(input, walkShape);
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
export interface Circle {
  /** Always circle. */
  kind: "circle";
  /** Radius in pixels. */
  radius: number;
  /** Fill color, if any. */
  color?: Color;
}

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
  closed(o, knownCircle, q);
  need(o, "kind", q);
  need(o, "radius", q);
  const x1 = o["kind"];
  str(x1, q, "kind");
  if (x1 !== "circle") fail("const", q + "/kind", 'expected the constant "circle"');
  const x2 = o["radius"];
  int(x2, q, "radius");
  if (x2 < 1) fail("range", q + "/radius", "below the minimum 1");
  if (has(o, "color")) {
    walkColor(o["color"], q, "color");
  }
}

function writeCircle(v: unknown, p: string, k?: string | number): string {
  const q = at(p, k);
  const o = obj(v, q);
  closed(o, knownCircle, q);
  need(o, "kind", q);
  need(o, "radius", q);
  let s = "{";
  const x1 = o["kind"];
  str(x1, q, "kind");
  if (x1 !== "circle") fail("const", q + "/kind", 'expected the constant "circle"');
  s += '"kind":' + JSON.stringify(x1);
  const x2 = o["radius"];
  int(x2, q, "radius");
  if (x2 < 1) fail("range", q + "/radius", "below the minimum 1");
  s += ',"radius":' + String(x2);
  if (has(o, "color")) {
    s += ',"color":' + writeColor(o["color"], q, "color");
  }
  return s + "}";
}

/** A square. */
export interface Square {
  /** Always square. */
  kind: "square";
  /** Side length. */
  side: number;
  /** Labels. */
  tags: string[];
  /** Free-form metadata. */
  meta?: JsonObject;
}

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
  closed(o, knownSquare, q);
  need(o, "kind", q);
  need(o, "side", q);
  need(o, "tags", q);
  const x1 = o["kind"];
  str(x1, q, "kind");
  if (x1 !== "square") fail("const", q + "/kind", 'expected the constant "square"');
  const x2 = o["side"];
  num(x2, q, "side");
  if (x2 <= 0) fail("range", q + "/side", "not above the exclusive minimum 0");
  const x3 = o["tags"];
  arr(x3, q, "tags");
  if (x3.length > 4) fail("length", q + "/tags", `array of ${x3.length} items, expected at most 4`);
  const q4 = at(q, "tags");
  for (let i6 = 0; i6 < x3.length; i6++) {
    const x7 = x3[i6];
    str(x7, q4, i6);
    minLen(x7, 1, q4, i6);
  }
  if (has(o, "meta")) {
    const x8 = o["meta"];
    free(x8, q, "meta", ["object"]);
  }
}

function writeSquare(v: unknown, p: string, k?: string | number): string {
  const q = at(p, k);
  const o = obj(v, q);
  closed(o, knownSquare, q);
  need(o, "kind", q);
  need(o, "side", q);
  need(o, "tags", q);
  let s = "{";
  const x1 = o["kind"];
  str(x1, q, "kind");
  if (x1 !== "square") fail("const", q + "/kind", 'expected the constant "square"');
  s += '"kind":' + JSON.stringify(x1);
  const x2 = o["side"];
  num(x2, q, "side");
  if (x2 <= 0) fail("range", q + "/side", "not above the exclusive minimum 0");
  s += ',"side":' + String(x2);
  const x3 = o["tags"];
  arr(x3, q, "tags");
  if (x3.length > 4) fail("length", q + "/tags", `array of ${x3.length} items, expected at most 4`);
  const q4 = at(q, "tags");
  let s5 = "[";
  for (let i6 = 0; i6 < x3.length; i6++) {
    const x7 = x3[i6];
    str(x7, q4, i6);
    minLen(x7, 1, q4, i6);
    s5 += (i6 === 0 ? "" : ",") + JSON.stringify(x7);
  }
  s5 += "]";
  s += ',"tags":' + s5;
  if (has(o, "meta")) {
    const x8 = o["meta"];
    s += ',"meta":' + putFree(x8, q, "meta", ["object"]);
  }
  return s + "}";
}

/** Reads newline-delimited Shape frames from a byte stream. Each line yields a decoded frame or its DecodeError (lines longer than FRAME_LIMIT bytes are frame_too_large, without being buffered); the stream goes on after a bad line. */
export function readShapes(
  source: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>,
): AsyncGenerator<Frame<Shape>, void, undefined> {
  return readFrames(source, decodeShape, FRAME_LIMIT);
}
