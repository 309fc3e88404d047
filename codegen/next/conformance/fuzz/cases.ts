// The named test cases the generator fuzzer found (tests/next-fuzz-cases.json): each a small schema
// and what the generator must do with it (refuse it; compile it in both languages; decode instances
// to given outcomes), derived from JSON Schema and codegen/SEMANTICS.md, not from what the code does.
// "open" cases are generator bugs not fixed yet (the test expects them to fail, so that a fix shows).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { SchemaError, SchemaErrors } from "../../../errors";
import { describeOutcome, expected, inputBytes, sameOutcome, type ExpectedOutcome, type Input } from "../vectors";
import { SchemaSet } from "../../../schema/set";
import { buildProtocol } from "../../ir/protocol";
import type { JsonValue, Protocol } from "../../ir/types";
import { emitTypeScript } from "../../ts/emit";
import { emitDocs } from "../../docs/emit";
import { buildBatch, goPending } from "../gobatch";
import { loadTs, typecheck } from "../tsmodule";
import { signature } from "./minimize";
import type { Finding } from "./run";

export interface FuzzCase {
  id: string;
  /** Where the fuzzer found it (seed and schema index), and what it showed. */
  found: string;
  /** "open": a generator bug not fixed yet; "fixed": fixed (kept as a regression test). */
  status: "open" | "fixed";
  /** Why the generator does what it does, and what it should do. */
  cause: string;
  schema: JsonValue;
  expect: {
    /** The generator must refuse the schema with SchemaErrors naming the file and a pointer. */
    refused?: boolean;
    /** Both languages' code must compile (TypeScript strict; Go build and vet). */
    compiles?: boolean;
    /** Instances of a definition (its name in the schema) and their outcomes in both languages. */
    decode?: { type: string; input: Input; outcome: ExpectedOutcome; note?: string }[];
  };
  /**
   * For an open case: the fuzzer findings it stands for (signature, and keywords their schema has, or
   * a regular expression its text matches).
   */
  known?: { signature: string; keywords?: string[]; schemaPattern?: string }[];
}

export function loadCases(root: string): FuzzCase[] {
  const f = JSON.parse(readFileSync(join(root, "tests", "next-fuzz-cases.json"), "utf8")) as { cases: FuzzCase[] };
  return f.cases;
}

const KEY = "F";

/** The case's schema as one file, its IR (or the errors that refused it); `key` prefixes its names. */
export function caseProtocol(
  c: FuzzCase,
  key = KEY,
): {
  files: { path: string; text: string }[];
  ir?: Protocol;
  errors?: SchemaError[];
  thrown?: unknown;
} {
  const files = [{ path: `schema/fuzz/${c.id}.json`, text: JSON.stringify(c.schema, null, 1) + "\n" }];
  try {
    const ir = buildProtocol({ name: "f", files, source: SchemaSet.load(files), namePrefix: key });
    return { files, ir };
  } catch (e) {
    if (e instanceof SchemaErrors) return { files, errors: e.errors };
    if (e instanceof SchemaError) return { files, errors: [e] };
    return { files, thrown: e };
  }
}

/** Whether the case's Go checks must wait for the runtime (the names it lacks), computed without building. */
export function casePending(c: FuzzCase): string[] {
  const p = caseProtocol(c);
  if (p.ir === undefined) return [];
  try {
    return goPending(p.ir, KEY);
  } catch {
    return [];
  }
}

/**
 * What differs from each case's expectation (by id; empty: as expected). The cases share one strict
 * TypeScript program and one Go program (each case's names prefixed), so that checking all of them
 * costs one build.
 */
export async function checkCases(root: string, cases: FuzzCase[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(cases.map((c) => [c.id, []]));
  const built: { c: FuzzCase; key: string; ir: Protocol; text: string; goPending: boolean }[] = [];
  cases.forEach((c, n) => {
    const problems = out.get(c.id)!;
    const key = `${KEY}${n}x`;
    const p = caseProtocol(c, key);
    if (c.expect.refused === true) {
      if (p.ir !== undefined) problems.push("the generator accepts the schema; it must refuse it");
      else if (p.thrown !== undefined)
        problems.push(
          `the generator throws ${p.thrown instanceof Error ? p.thrown.message : String(p.thrown)}, not a SchemaError`,
        );
      else {
        const bad = p.errors!.filter(
          (e) => e.file !== p.files[0]!.path || !(e.pointer === "" || e.pointer.startsWith("/")),
        );
        if (bad.length > 0)
          problems.push(`SchemaErrors without the file and a pointer: ${bad.map((e) => e.message).join("; ")}`);
      }
      return;
    }
    if (p.ir === undefined) {
      problems.push(
        `the generator refuses the schema: ${p.thrown !== undefined ? String(p.thrown) : p.errors!.map((e) => e.message).join("; ")}`,
      );
      return;
    }
    try {
      emitDocs(p.ir);
    } catch (e) {
      problems.push(`the docs emitter throws ${e instanceof Error ? e.message : String(e)}`);
    }
    built.push({ c, key, ir: p.ir, text: emitTypeScript(p.ir), goPending: goPending(p.ir, key).length > 0 });
  });
  const strict = built.filter((b) => b.c.expect.compiles === true);
  const diagnostics = typecheck(new Map(strict.map((b) => [`/${b.key}.ts`, b.text])));
  for (const b of strict) {
    const d = diagnostics.get(`/${b.key}.ts`) ?? [];
    if (d.length > 0) out.get(b.c.id)!.push(`TypeScript does not compile:\n${d.slice(0, 6).join("\n")}`);
  }
  const goMembers = built.filter((b) => !b.goPending);
  const batch =
    goMembers.length > 0
      ? await buildBatch(
          root,
          goMembers.map((b) => ({ key: b.key, protocol: b.ir })),
        )
      : undefined;
  try {
    for (const b of built) {
      const problems = out.get(b.c.id)!;
      const failed = batch?.failed.get(b.key);
      if (failed !== undefined) problems.push(`Go does not compile or vet:\n${failed}`);
      const go = !b.goPending && failed === undefined ? batch?.go : undefined;
      const ts = loadTs(b.ir, b.text);
      for (const x of b.c.expect.decode ?? []) {
        const bytes = inputBytes(x.input);
        const want = expected(x.outcome);
        const t = ts.decode(b.key + x.type, bytes);
        if (!sameOutcome(t, want))
          problems.push(
            `${x.type} ${JSON.stringify(x.input)}: TS ${describeOutcome(t)}, expected ${describeOutcome(want)}`,
          );
        if (go !== undefined) {
          const g = await go.decode(b.key, b.key + x.type, bytes);
          if (!sameOutcome(g, want))
            problems.push(
              `${x.type} ${JSON.stringify(x.input)}: Go ${describeOutcome(g)}, expected ${describeOutcome(want)}`,
            );
          // as the fuzzer does: the Go value built from the canonical text encodes as that text
          if ("ok" in want && want.ok) {
            const e = await go.encode(b.key, b.key + x.type, want.canonical, want.canonical);
            if (!sameOutcome(e, want))
              problems.push(
                `${x.type} ${JSON.stringify(x.input)}: the Go value built from ${want.canonical} encodes as ${describeOutcome(e)}`,
              );
          }
        }
      }
    }
  } finally {
    await batch?.go?.close();
  }
  return out;
}

/** The open case a fuzzer finding is already known as, if any. */
export function knownAs(cases: FuzzCase[], f: Finding): string | undefined {
  const sig = signature(f);
  const codes = (s: string): string[] => (s.startsWith("ts-compile ") ? s.slice("ts-compile ".length).split(",") : []);
  for (const c of cases) {
    if (c.status !== "open") continue;
    // compiler diagnostics come in combinations: a finding whose codes all belong to one case is that case
    const caseCodes = new Set((c.known ?? []).flatMap((k) => codes(k.signature)));
    if (f.kind === "ts-compile" && codes(sig).length > 0 && codes(sig).every((x) => caseCodes.has(x))) return c.id;
    for (const k of c.known ?? []) {
      if (k.signature !== sig) continue;
      if (k.schemaPattern !== undefined && !new RegExp(k.schemaPattern, "u").test(f.schema)) continue;
      if ((k.keywords ?? []).every((kw) => f.schema.includes(JSON.stringify(kw)))) return c.id;
    }
  }
  return undefined;
}
