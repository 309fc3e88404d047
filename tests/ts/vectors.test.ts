// Runs the shared test vectors (vectors/<protocol>/*.jsonl, format in vectors/README.md) against the
// generated TypeScript in out/ts/<protocol>/generated.ts. tests/go/vectors_test.go runs the same files.
import { readdirSync, readFileSync, existsSync } from "fs";
import { join, resolve } from "path";
import { schemaWords, quotedStrings } from "../../codegen/conformance/run";
import { expandRepeat, inputBytes, show, type Canonical, type ExpectedOutcome, type Vector } from "../../codegen/conformance/vectors";

const ROOT = resolve(__dirname, "../..");
const VECTORS = join(ROOT, "vectors");

type Outcome = ExpectedOutcome;
type Loaded = Vector;

/** Wire rules (shared/WIRE-RULES.md) that must each have at least one vector, and the exempt ones with the reason. */
const REQUIRED_RULES: Record<number, true | string> = {
  1: true,
  2: true,
  3: true,
  4: true,
  5: true,
  6: true,
  7: true,
  8: true,
  9: true,
  10: true,
  11: true,
  12: true,
  13: true,
  14: true,
  15: true,
  16: true,
  17: true,
  18: true,
  19: "generator-level: undecidable oneOf is refused at generation time (codegen tests)",
  20: true,
};

/**
 * The safety cap given to the frame reader of a protocol without a frame limit (no FRAME_LIMIT export, such as
 * jsonl): 64 MiB, the cap the Go Codecs readers use, so that both runners give the same frame_too_large.
 */
const SAFETY_CAP = 64 * 1024 * 1024;

const CHUNK_SIZES = [1, 7, 4096, 65536, Infinity];
/** Streams longer than this are not fed one byte at a time (millions of awaits); 7 bytes still split every multi-byte character. */
const ONE_BYTE_MAX = 256 * 1024;
/** Streams longer than this (the 64 MiB safety-cap vectors) are not fed 7 bytes at a time either (minutes of awaits). */
const SEVEN_BYTES_MAX = 16 * 1024 * 1024;

function canonicalText(c: Canonical): string {
  return typeof c === "string" ? c : expandRepeat(c.repeat);
}

function loadVectors(): Loaded[] {
  const out: Loaded[] = [];
  if (!existsSync(VECTORS)) return out;
  for (const protocol of readdirSync(VECTORS, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()) {
    for (const file of readdirSync(join(VECTORS, protocol))
      .filter((f) => f.endsWith(".jsonl"))
      .sort()) {
      const lines = readFileSync(join(VECTORS, protocol, file), "utf8").split("\n");
      lines.forEach((l, i) => {
        if (l.trim() === "") return;
        let v: Vector;
        try {
          v = JSON.parse(l) as Vector;
        } catch (e) {
          throw new Error(`${protocol}/${file}:${i + 1}: not JSON: ${String(e)}`);
        }
        out.push({ ...v, protocol, file, line: i + 1 });
      });
    }
  }
  return out;
}

interface Codec {
  DecodeError: new (...a: never[]) => Error;
  EncodeError: new (...a: never[]) => Error;
  decode: (b: Uint8Array | string) => unknown;
  encode: (v: unknown) => string;
  read?: (
    src: AsyncIterable<Uint8Array>,
  ) => AsyncIterable<{ ok: true; value: unknown } | { ok: false; error: unknown }>;
}

function codecOf(mod: Record<string, unknown>, type: string): Codec {
  const decode = mod[`decode${type}`];
  const encode = mod[`encode${type}`];
  if (typeof decode !== "function") throw new Error(`generated module has no decode${type}`);
  if (typeof encode !== "function") throw new Error(`generated module has no encode${type}`);
  const read = mod[`read${type}s`];
  const cap = typeof mod.FRAME_LIMIT === "number" ? undefined : SAFETY_CAP;
  return {
    DecodeError: mod.DecodeError as Codec["DecodeError"],
    EncodeError: mod.EncodeError as Codec["EncodeError"],
    decode: decode as Codec["decode"],
    encode: encode as Codec["encode"],
    ...(typeof read === "function"
      ? {
          read: (src: AsyncIterable<Uint8Array>) =>
            (read as (s: AsyncIterable<Uint8Array>, cap?: number) => ReturnType<NonNullable<Codec["read"]>>)(src, cap),
        }
      : {}),
  };
}

const enc = new TextEncoder();
const fatal = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** The text that the bytes spell, or undefined when they are not UTF-8. */
function utf8Text(bytes: Uint8Array): string | undefined {
  try {
    return fatal.decode(bytes);
  } catch {
    return undefined;
  }
}

type Actual = { ok: true; canonical: string } | { ok: false; code: string; pointer: string } | { ignored: true };

function fromError(codec: Codec, e: unknown, secrets: string[]): Actual {
  if (!(e instanceof codec.DecodeError)) throw e;
  const err = e as Error & { code: string; pointer: string };
  for (const s of secrets) {
    if (err.message.includes(s))
      throw new Error(`rule 16: the error message quotes a string of the input: ${show(err.message)}`);
  }
  return { ok: false, code: err.code, pointer: err.pointer };
}

/** Encodes, then checks that the canonical text decodes and re-encodes to itself (idempotence). */
function canonicalOf(codec: Codec, value: unknown): Actual {
  if (value === null) return { ignored: true };
  const first = codec.encode(value);
  if (typeof first !== "string") throw new Error(`encode returned ${typeof first}, not a string`);
  const again = codec.encode(codec.decode(enc.encode(first)));
  if (again !== first) throw new Error(`not idempotent: ${show(first)} re-encodes as ${show(again)}`);
  return { ok: true, canonical: first };
}

function normalise(o: Outcome): Actual {
  if ("ignored" in o) return { ignored: true };
  if (o.ok) return { ok: true, canonical: canonicalText(o.canonical) };
  return { ok: false, code: o.code, pointer: o.pointer };
}

function compare(actual: Actual[], expected: Actual[]): void {
  const short = (a: Actual): Actual => ("canonical" in a ? { ok: true, canonical: show(a.canonical) } : a);
  const same =
    actual.length === expected.length && actual.every((a, i) => JSON.stringify(a) === JSON.stringify(expected[i]));
  if (!same) expect(actual.map(short)).toEqual(expected.map(short));
}

async function* chunks(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  if (size === Infinity) {
    yield bytes.slice();
    return;
  }
  for (let i = 0; i < bytes.length; i += size) yield bytes.slice(i, i + size);
}

const vectors = loadVectors();

describe("vector files", () => {
  test("every file holds exactly the number of vectors vectors/counts.json gives", () => {
    const counts = JSON.parse(readFileSync(join(VECTORS, "counts.json"), "utf8")) as { files: Record<string, number> };
    const found: Record<string, number> = {};
    for (const v of vectors) found[`${v.protocol}/${v.file}`] = (found[`${v.protocol}/${v.file}`] ?? 0) + 1;
    expect(found).toEqual(counts.files);
    expect(vectors.length).toBe(Object.values(counts.files).reduce((a, b) => a + b, 0));
  });

  test("ids are unique and every vector is well formed", () => {
    const seen = new Map<string, string>();
    const problems: string[] = [];
    for (const v of vectors) {
      const at = `${v.protocol}/${v.file}:${v.line}`;
      if (seen.has(v.id)) problems.push(`${at}: id ${v.id} also at ${seen.get(v.id)}`);
      seen.set(v.id, at);
      if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(v.id)) problems.push(`${at}: id ${v.id} is not kebab-case`);
      if (typeof v.rule !== "number" || !Number.isInteger(v.rule) || v.rule < 0)
        problems.push(`${at}: rule must be a whole number`);
      if (typeof v.note !== "string" || v.note === "") problems.push(`${at}: note is missing`);
      if (typeof v.type !== "string" || !/^[A-Z][A-Za-z0-9]*$/.test(v.type))
        problems.push(`${at}: type must be a definition name`);
      if (v.via !== "decode" && v.via !== "stream" && v.via !== "encode")
        problems.push(`${at}: via must be decode, stream or encode`);
      if (v.via === "stream" && !Array.isArray(v.expect))
        problems.push(`${at}: a stream vector expects an array of outcomes`);
      if (v.via !== "stream" && Array.isArray(v.expect)) problems.push(`${at}: a ${v.via} vector expects one outcome`);
      if (v.via === "encode" && !("text" in (v.input ?? {}))) problems.push(`${at}: an encode vector's input is text`);
      const keys = Object.keys(v.input ?? {});
      if (keys.length !== 1 || !["text", "base64", "repeat"].includes(keys[0]!))
        problems.push(`${at}: input must be one of text, base64, repeat`);
    }
    expect(problems).toEqual([]);
  });

  test("every wire rule that applies has a vector", () => {
    const covered = new Set(vectors.map((v) => v.rule));
    const missing = Object.entries(REQUIRED_RULES)
      .filter(([rule, need]) => need === true && !covered.has(Number(rule)))
      .map(([rule]) => Number(rule));
    expect(missing).toEqual([]);
  });
});

const protocols = [...new Set(vectors.map((v) => v.protocol))];

for (const protocol of protocols) {
  describe(`vectors/${protocol}`, () => {
    const modPath = join(ROOT, "out", "ts", protocol, "generated");
    let mod: Record<string, unknown> | undefined;
    let loadError: unknown;
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      mod = require(modPath) as Record<string, unknown>;
    } catch (e) {
      loadError = e;
    }
    const words = schemaWords(ROOT, protocol);

    test("the generated module exports DecodeError", () => {
      if (mod === undefined) throw new Error(`cannot load ${modPath}: ${String(loadError)}`);
      expect(typeof mod.DecodeError).toBe("function");
    });

    for (const v of vectors.filter((x) => x.protocol === protocol)) {
      test(`${v.id} (${v.file}:${v.line}, rule ${v.rule})`, async () => {
        if (mod === undefined) throw new Error(`cannot load ${modPath}: ${String(loadError)}`);
        const codec = codecOf(mod, v.type);
        const bytes = inputBytes(v.input);
        const secrets = quotedStrings(bytes, words);
        if (v.via === "encode") {
          // The input is a value in wire shape; JSON.parse gives the TypeScript value, unchecked.
          const value: unknown = JSON.parse(Buffer.from(bytes).toString("utf8"));
          let actual: Actual;
          let text: string | undefined;
          try {
            text = codec.encode(value);
          } catch (e) {
            if (!(e instanceof codec.EncodeError)) throw e;
            const err = e as Error & { code: string; pointer: string };
            actual = { ok: false, code: err.code, pointer: err.pointer };
          }
          if (text !== undefined) {
            if (typeof text !== "string") throw new Error(`encode returned ${typeof text}, not a string`);
            const again = canonicalOf(codec, codec.decode(enc.encode(text)));
            if ("canonical" in again && again.canonical !== text)
              throw new Error(`encoding ${show(text)} is not canonical: ${show(again.canonical)}`);
            actual = again;
          }
          compare([actual!], [normalise(v.expect as Outcome)]);
          return;
        }
        if (v.via === "decode") {
          // decode<Type> takes a string too: every input that is UTF-8 is also given as the string it
          // spells, which must have the same outcome (the frame limit counts its UTF-8 bytes, rule 2)
          const text = utf8Text(bytes);
          for (const input of text === undefined ? [bytes] : [bytes, text]) {
            let actual: Actual;
            let value: unknown;
            let decoded = false;
            try {
              value = codec.decode(input);
              decoded = true;
            } catch (e) {
              actual = fromError(codec, e, secrets);
            }
            if (decoded) actual = canonicalOf(codec, value);
            try {
              compare([actual!], [normalise(v.expect as Outcome)]);
            } catch (e) {
              throw new Error(`given ${typeof input === "string" ? "a string" : "a Uint8Array"}: ${e instanceof Error ? e.message : String(e)}`);
            }
          }
          return;
        }
        if (codec.read === undefined) throw new Error(`generated module has no read${v.type}s`);
        const expected = (v.expect as Outcome[]).map(normalise);
        for (const size of CHUNK_SIZES) {
          if (size === 1 && bytes.length > ONE_BYTE_MAX) continue;
          if (size === 7 && bytes.length > SEVEN_BYTES_MAX) continue;
          if (size === Infinity && bytes.length <= 65536) continue;
          const actual: Actual[] = [];
          for await (const item of codec.read(chunks(bytes, size))) {
            if (item.ok) actual.push(canonicalOf(codec, item.value));
            else actual.push(fromError(codec, item.error, secrets));
          }
          try {
            compare(actual, expected);
          } catch (e) {
            throw new Error(`with chunks of ${size} bytes: ${e instanceof Error ? e.message : String(e)}`);
          }
        }
      });
    }
  });
}
