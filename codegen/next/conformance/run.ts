// Runs vector files through both languages and reports every disagreement between them and every
// failure against a vector's own expectation.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { protocolFromFiles } from "../ir/load";
import { Generator, serialize } from "./arbitrary";
import { GoProcess } from "./go";
import { schemaFolder } from "./load";
import { TsProtocol } from "./ts";
import { bare, describeOutcome, expected, inputBytes, sameOutcome, type Outcome, type Vector } from "./vectors";

/** Chunk sizes of stream vectors (0: all at once), as in tests/ts/next-vectors.test.ts and tests/go/vectors_test.go. */
const CHUNK_SIZES = [1, 7, 4096, 65536, 0];
const ONE_BYTE_MAX = 256 * 1024;
/** Streams longer than this (the 64 MiB safety-cap vectors) are not fed 7 bytes at a time either. */
const SEVEN_BYTES_MAX = 16 * 1024 * 1024;

/** The chunk sizes a stream vector of `length` bytes is fed in (0: all at once), both languages alike. */
export function chunkSizes(length: number): number[] {
  return CHUNK_SIZES.filter(
    (s) =>
      !(s === 1 && length > ONE_BYTE_MAX) && !(s === 7 && length > SEVEN_BYTES_MAX) && !(s === 0 && length <= 65536),
  );
}

export interface Problem {
  vector: Vector;
  kind: "disagreement" | "failure";
  detail: string;
}

export interface Report {
  vectors: number;
  problems: Problem[];
}

const enc = new TextEncoder();
const fatal = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

function utf8Text(bytes: Uint8Array): string | undefined {
  try {
    return fatal.decode(bytes);
  } catch {
    return undefined;
  }
}

/** Runs vectors (already read) through TypeScript and through the Go process. */
export async function runVectors(root: string, vectors: Vector[], go: GoProcess): Promise<Report> {
  const problems: Problem[] = [];
  const protocols = new Map<string, { ts: TsProtocol; words: Set<string>; probes: Map<string, string> }>();
  for (const v of vectors) {
    const add = (kind: Problem["kind"], detail: string): void => {
      problems.push({ vector: v, kind, detail });
    };
    let p = protocols.get(v.protocol);
    if (p === undefined) {
      try {
        p = { ts: TsProtocol.load(root, v.protocol), words: schemaWords(root, v.protocol), probes: new Map() };
      } catch (e) {
        add("failure", e instanceof Error ? e.message : String(e));
        continue;
      }
      protocols.set(v.protocol, p);
    }
    const { ts, words } = p;
    if (!ts.has(v.type)) {
      add("failure", `out/ts/${v.protocol}/generated.ts has no decode${v.type}`);
      continue;
    }
    const bytes = inputBytes(v.input);
    const secrets = quotedStrings(bytes, words);
    const check = (side: string, got: Outcome, want: Outcome, what = ""): void => {
      if ("fault" in got) add("failure", `${side}${what}: ${got.fault}`);
      else if (!sameOutcome(got, want))
        add("failure", `${side}${what}: got ${describeOutcome(got)}, want ${describeOutcome(want)}`);
      if ("message" in got && got.message !== undefined) {
        const leak = secrets.find((s) => got.message!.includes(s));
        if (leak !== undefined)
          add("failure", `${side}${what}: the error message quotes a string of the input (rule 16)`);
      }
    };
    const compare = (t: Outcome, g: Outcome, what = ""): void => {
      if (!sameOutcome(t, g)) add("disagreement", `${what}TypeScript ${describeOutcome(t)}; Go ${describeOutcome(g)}`);
    };
    if (v.via === "decode") {
      const want = expected(v.expect as never);
      const t = ts.decode(v.type, bytes);
      const g = await go.decode(v.protocol, v.type, bytes);
      compare(t, g);
      check("TypeScript", t, want);
      check("Go", g, want);
      // decode<Type> also takes the string the bytes spell (when they are UTF-8): the same outcome
      const text = utf8Text(bytes);
      if (text !== undefined) check("TypeScript", ts.decode(v.type, text), want, " (given a string)");
    } else if (v.via === "stream") {
      const want = (v.expect as never[]).map(expected);
      const sizes = chunkSizes(bytes.length);
      const gAll = await go.stream(v.protocol, v.type, bytes, sizes);
      for (let i = 0; i < sizes.length; i++) {
        const what = ` (chunks of ${sizes[i] === 0 ? "all" : sizes[i]} bytes)`;
        const t = await ts.stream(v.type, bytes, sizes[i]!);
        const g: Outcome[] = "fault" in gAll ? [{ fault: `Go: ${gAll.fault}` }] : gAll[i]!;
        const list = (os: Outcome[]): string => `[${os.map(describeOutcome).join(", ")}]`;
        if (t.length !== g.length || t.some((o, j) => !sameOutcome(o, g[j]!)))
          add("disagreement", `${what.trim()}: TypeScript ${list(t)}; Go ${list(g)}`);
        for (const [side, got] of [
          ["TypeScript", t],
          ["Go", g],
        ] as const) {
          if (
            got.length !== want.length ||
            got.some((o, j) => !sameOutcome(o, want[j]!)) ||
            got.some((o) => "fault" in o)
          )
            add("failure", `${side}${what}: got ${list(got)}, want ${list(want)}`);
          for (const o of got)
            if ("message" in o && o.message !== undefined && secrets.some((s) => o.message!.includes(s)))
              add("failure", `${side}${what}: an error message quotes a string of the input (rule 16)`);
        }
      }
    } else {
      const want = expected(v.expect as never);
      const text = (v.input as { text: string }).text;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        add("failure", "an encode vector's input is not JSON");
        continue;
      }
      const t = ts.encode(v.type, value);
      const probe = probeOf(root, p, v.protocol, v.type);
      const g =
        probe === undefined
          ? { fault: `no valid ${v.type} could be generated to learn its Go type` }
          : await go.encode(v.protocol, v.type, text, probe);
      compare(t, g);
      check("TypeScript", t, want);
      check("Go", g, want);
    }
  }
  return { vectors: vectors.length, problems };
}

/** A text the TypeScript decoder accepts for the type: the Go side learns the Go type from it. */
function probeOf(
  root: string,
  p: { ts: TsProtocol; probes: Map<string, string> },
  protocol: string,
  type: string,
): string | undefined {
  if (p.probes.has(type)) return p.probes.get(type);
  let found: string | undefined;
  try {
    const gen = new Generator(protocolFromFiles(protocol, schemaFolder(root, protocol)));
    for (let seed = 42; seed < 92; seed++) {
      const d = gen.valid(type, seed);
      if (d === undefined) continue;
      const o = p.ts.decode(type, enc.encode(serialize(d)));
      if ("ok" in o && o.ok) {
        found = o.canonical;
        break;
      }
    }
  } catch {
    found = undefined;
  }
  p.probes.set(type, found!);
  return found;
}

/** Keys, enum and const strings and definition names of a protocol's schema: words an error message may name. */
export function schemaWords(root: string, protocol: string): Set<string> {
  const words = new Set<string>();
  const dir = join(root, "schema", protocol);
  if (!existsSync(dir)) return words;
  const visit = (n: unknown): void => {
    if (Array.isArray(n)) return n.forEach(visit);
    if (n === null || typeof n !== "object") return;
    for (const [k, v] of Object.entries(n as Record<string, unknown>)) {
      if (k === "properties" || k === "$defs") Object.keys(v as object).forEach((w) => words.add(w));
      if (k === "const" && typeof v === "string") words.add(v);
      if (k === "enum" && Array.isArray(v)) v.forEach((w) => typeof w === "string" && words.add(w));
      visit(v);
    }
  };
  for (const f of readdirSync(dir).filter((f) => f.endsWith(".json")))
    visit(JSON.parse(readFileSync(join(dir, f), "utf8")));
  return words;
}

/** Distinctive strings and keys of an input (8+ characters, not a schema word), which no error message may quote. */
export function quotedStrings(bytes: Uint8Array, words: Set<string>): string[] {
  let doc: unknown;
  try {
    doc = JSON.parse(Buffer.from(bytes).toString("utf8"));
  } catch {
    return [];
  }
  const found: string[] = [];
  const stack: unknown[] = [doc];
  while (stack.length > 0) {
    const n = stack.pop();
    if (typeof n === "string") {
      if (n.length >= 8 && !words.has(n) && !/[\ud800-\udfff]/.test(n)) found.push(n);
    } else if (Array.isArray(n)) stack.push(...n);
    else if (n !== null && typeof n === "object") {
      for (const [k, v] of Object.entries(n as object)) {
        if (k.length >= 8 && !words.has(k) && !/[\ud800-\udfff]/.test(k)) found.push(k);
        stack.push(v);
      }
    }
  }
  return found;
}

export { bare };
