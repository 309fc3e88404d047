// The generator fuzzer (issue 14, item 5): random schemas (grammar.ts) go through the new core.
// Each is either refused with SchemaError(s) that name one of its files and a JSON Pointer (anything
// else thrown is a finding), or its TypeScript compiles under tsc --strict
// --exactOptionalPropertyTypes --noUncheckedIndexedAccess (in batches) and its Go compiles and
// vets (many schemas per Go program, prefixed; one go build per batch), and on random and mutated
// instances (codegen/next/conformance/arbitrary.ts) TypeScript and Go agree with each other on
// every verdict (code and pointer) and byte for byte on every canonical encoding, and both agree
// on validity with ajv (draft by draft) and with the reference evaluator, except where a wire rule
// deliberately differs (tests/differential-exceptions.json, checked at the disagreeing pointer).
// Seeded: schema i of a run is drawn from (seed, i) alone, so any one can be replayed.
import { SchemaError, SchemaErrors } from "../../../errors";
import { agrees, explain, loadExceptions, spanAt, type DiffCase, type Scalar, type Verdict } from "../exceptions";
import { describeOutcome, sameOutcome, type Outcome } from "../vectors";
import { SchemaSet } from "../../../schema/set";
import { emitTypeScript } from "../../ts/emit";
import { emitDocs } from "../../docs/emit";
import { buildProtocol } from "../../ir/protocol";
import type { Decl, Dispatch, Protocol } from "../../ir/types";
import { everyType } from "../../ir/query";
import { Generator, serialize, type Oracle } from "../arbitrary";
import { buildBatch } from "../gobatch";
import { loadTs, typecheck } from "../tsmodule";
import type { TsProtocol } from "../ts";
import { AjvFiles } from "./ajv";
import { MISSPELLINGS, SchemaGrammar, type GeneratedSchema } from "./grammar";

export interface FuzzOptions {
  root: string;
  seed: number;
  /** Schemas to draw. */
  count: number;
  /** Instances per definition (half valid, half broken or mutated). */
  instances?: number;
  /** Schemas per TypeScript and Go batch. */
  batch?: number;
  /** The reference evaluator of a schema set. */
  oracle: (set: SchemaSet) => Oracle;
  /** Only these schema indices (to replay one). */
  only?: number[];
  log?: (line: string) => void;
  /** Stop drawing new batches after this many seconds (the short run's bound). */
  seconds?: number;
}

/** One schema and the instances to check it on (replaying a finding; shrinking it). */
export interface Replay {
  root: string;
  oracle: (set: SchemaSet) => Oracle;
  index: number;
  schema: GeneratedSchema;
  instances: { type: string; input: Uint8Array }[];
  /** Build the Go program too (slow: one go build). */
  go?: boolean;
  /** Type-check the TypeScript (slow: a whole program). */
  tsc?: boolean;
  /** Ask ajv too. */
  ajv?: boolean;
}

export interface Finding {
  /** What disagreed: crash, refusal, ts-compile, go-compile, fault, ts-go, ts-validity, go-validity, go-encode, oracles. */
  kind: string;
  /** The schema's index in the run (replay: seed and only: [index]). */
  index: number;
  draft: string;
  schema: string;
  type?: string;
  /** The instance, as text (JSON string escapes) or, when not UTF-8, base64. */
  input?: { text: string } | { base64: string };
  detail: string;
}

export interface FuzzReport {
  seed: number;
  tried: number;
  refused: number;
  /** Built into an IR and emitted in both languages. */
  built: number;
  tsCompiled: number;
  goCompiled: number;
  /** Whose TypeScript asserts formats the TypeScript runtime does not have yet (no instances checked). */
  tsPending: number;
  /** Whose Go code needs runtime functions that do not exist yet (the runtime names they call). */
  goPending: number;
  pendingNames: Map<string, number>;
  /** Of the instances: all, with the Go side too, with ajv and evaluator verdicts. */
  instances: number;
  instancesGo: number;
  instancesJudged: number;
  findings: Finding[];
  /** Findings by kind. */
  byKind: Record<string, number>;
  seconds: number;
  /** Seconds per phase: build (IR and emitters), tsc, go (build and vet), instances. */
  phases: Record<string, number>;
  /** Draft of each schema tried, and the keywords drawn (for coverage). */
  drafts: Record<string, number>;
  keywords: Record<string, number>;
}

/** The seed of schema i of a run. */
export function schemaSeed(seed: number, i: number): number {
  const mix = (x: number): number => {
    x = Math.imul(x ^ (x >>> 16), 0x7feb352d) >>> 0;
    x = Math.imul(x ^ (x >>> 15), 0x846ca68b) >>> 0;
    return (x ^ (x >>> 16)) >>> 0;
  };
  return mix((mix(seed >>> 0) + Math.imul(i + 1, 0x9e3779b9)) >>> 0);
}

interface Built {
  index: number;
  key: string;
  schema: GeneratedSchema;
  files: { path: string; text: string }[];
  set: SchemaSet;
  ir: Protocol;
  gen: Generator;
  oracle: Oracle;
  tsText: string;
  ts?: TsProtocol;
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
function inputOf(b: Uint8Array): { text: string } | { base64: string } {
  try {
    return { text: strictUtf8.decode(b) };
  } catch {
    return { base64: Buffer.from(b).toString("base64") };
  }
}

function verdictOf(o: Outcome): Verdict | undefined {
  if ("fault" in o) return undefined;
  if ("ignored" in o) return { kind: "ignored" };
  if (o.ok) return { kind: "ok" };
  return { kind: "error", code: o.code, pointer: o.pointer };
}

/** Per discriminator key of an open union, the values that pick a variant. */
function discriminators(d: Dispatch | undefined, out: Record<string, Scalar[]> = {}): Record<string, Scalar[]> {
  if (d === undefined) return out;
  if (d.by === "const") {
    out[d.key] = [...(out[d.key] ?? []), ...d.cases.map((c) => c.value)];
    d.cases.forEach((c) => discriminators(c.next, out));
  } else if (d.by === "presence") (discriminators(d.present, out), discriminators(d.absent, out));
  else if (d.by === "kind") d.cases.forEach((c) => discriminators(c.next, out));
  return out;
}

/** No answer from the Go program in time: it is killed (a loop or a runaway recursion). */
class GoHang extends Error {}
const GO_ANSWER_MS = 30_000;

/** A request's answer, or GoHang (and the process killed) after GO_ANSWER_MS. */
async function answered<T>(go: import("../go").GoProcess, request: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      go.kill();
      reject(new GoHang(`GoHang: no answer in ${GO_ANSWER_MS / 1000} s (the process is killed)`));
    }, GO_ANSWER_MS);
  });
  request.catch(() => undefined); // a killed process rejects the request too
  try {
    return await Promise.race([request, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** A batch's Go program while its instances run: started again (restart) after a protocol crashes it. */
interface Live {
  go: import("../go").GoProcess | undefined;
  crashed: Set<string>;
  restart?: () => import("../go").GoProcess;
  restarted?: boolean;
}

/**
 * Whether a parsed value breaks rule 9 or 11 anywhere, which every decoder rejects wherever it sits
 * (free-form values and every union variant included): a number that is not finite (a literal beyond
 * doubles, such as 1e400), or a string or key holding an unpaired surrogate. The fuzzer's reference
 * evaluator calls such a value invalid, so that a union over it is judged by the decoders' meaning
 * instead of an exception; ajv is not asked about it, nor about an integer beyond ±(2^53 − 1), which
 * it calls an integer and the evaluator (wireIntegers) does not.
 */
export function breaksWireRules(v: unknown): boolean {
  return anyLeaf(v, (x) => (typeof x === "number" ? !Number.isFinite(x) : LONE_SURROGATE.test(x)));
}

const LONE_SURROGATE = /\p{Cs}/u;

function unsafeInteger(v: unknown): boolean {
  return anyLeaf(v, (x) => typeof x === "number" && Number.isInteger(x) && Math.abs(x) > Number.MAX_SAFE_INTEGER);
}

/** Whether `leaf` holds for some number or string of a parsed value, object keys included. */
function anyLeaf(v: unknown, leaf: (x: number | string) => boolean): boolean {
  if (typeof v === "number" || typeof v === "string") return leaf(v);
  if (v === null || typeof v !== "object") return false;
  if (Array.isArray(v)) return v.some((x) => anyLeaf(x, leaf));
  return Object.entries(v as object).some(([k, x]) => leaf(k) || anyLeaf(x, leaf));
}

/** The asserted formats of a protocol that its generated TypeScript's runtime has no predicate for. */
function missingFormats(ir: Protocol, tsText: string): string[] {
  const used = new Set<string>();
  everyType(ir.decls, (t) => {
    if (t.kind === "string") for (const c of t.checks) if (c.family === "format") used.add(c.format);
  });
  // the table's type annotation holds "=>", so the declaration is matched to the end of its line
  const table = /const \$formats[^\n]*= \{\n([\s\S]*?)\n\};?/.exec(tsText)?.[1] ?? "";
  return [...used].filter(
    (f) => !table.includes(JSON.stringify(f)) && !new RegExp(`(^|[\\s,{])${f.replace(/-/g, "\\-")}\\s*:`).test(table),
  );
}

/** The likely misspellings at the roots of a file's definitions. */
function misspellingsOf(text: string): string[] {
  const root = JSON.parse(text) as Record<string, unknown>;
  const out: string[] = [];
  for (const c of ["$defs", "definitions"]) {
    const defs = root[c];
    if (defs === null || typeof defs !== "object") continue;
    for (const d of Object.values(defs as Record<string, unknown>))
      if (d !== null && typeof d === "object") for (const k of MISSPELLINGS) if (k in (d as object)) out.push(k);
  }
  return out;
}

/**
 * Up to draft-07 "$ref" replaces its siblings; ajv 8 evaluates them anyway (its documented
 * behaviour, not the drafts'), so ajv is not asked about such schemas (the evaluator still is).
 */
function refWithSiblings(s: GeneratedSchema): boolean {
  if (s.draft !== "draft-04" && s.draft !== "draft-06" && s.draft !== "draft-07") return false;
  let found = false;
  const walk = (v: unknown): void => {
    if (found || v === null || typeof v !== "object") return;
    if (Array.isArray(v)) return v.forEach(walk);
    const o = v as Record<string, unknown>;
    if (
      typeof o.$ref === "string" &&
      Object.keys(o).some((k) => k !== "$ref" && !k.startsWith("x-") && k !== "title" && k !== "description")
    )
      found = true;
    Object.values(o).forEach(walk);
  };
  walk(JSON.parse(s.text));
  return found;
}

/** Whether the schema asks for asserted formats (the validators treat format as an annotation). */
const assertsFormats = (s: GeneratedSchema): boolean => /"x-assert-format": true/.test(s.text);

function keywordsOf(text: string, into: Record<string, number>): void {
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v !== null && typeof v === "object")
      for (const [k, x] of Object.entries(v)) {
        into[k] = (into[k] ?? 0) + 1;
        if (
          k !== "properties" &&
          k !== "$defs" &&
          k !== "definitions" &&
          k !== "patternProperties" &&
          k !== "dependentSchemas" &&
          k !== "dependencies"
        )
          walk(x);
        else if (x !== null && typeof x === "object") Object.values(x).forEach(walk);
      }
  };
  walk(JSON.parse(text));
}

export async function fuzzGenerator(o: FuzzOptions): Promise<FuzzReport> {
  return fuzzRun(o, undefined);
}

/** The findings of one schema on the given instances. */
export async function replay(r: Replay): Promise<FuzzReport> {
  return fuzzRun(
    {
      root: r.root,
      seed: 0,
      count: 0,
      oracle: r.oracle,
      skipGo: r.go !== true,
      skipTsc: r.tsc === false,
      skipAjv: r.ajv === false,
    },
    r,
  );
}

async function fuzzRun(
  o: FuzzOptions & { skipGo?: boolean; skipTsc?: boolean; skipAjv?: boolean },
  replaying: Replay | undefined,
): Promise<FuzzReport> {
  const explicit = replaying?.instances;
  const t0 = Date.now();
  const log = o.log ?? (() => undefined);
  const per = o.instances ?? 8;
  const size = o.batch ?? 24;
  const exceptions = loadExceptions(o.root);
  const report: FuzzReport = {
    seed: o.seed,
    tried: 0,
    refused: 0,
    built: 0,
    tsCompiled: 0,
    goCompiled: 0,
    goPending: 0,
    tsPending: 0,
    pendingNames: new Map(),
    instances: 0,
    instancesGo: 0,
    instancesJudged: 0,
    findings: [],
    byKind: {},
    seconds: 0,
    phases: { build: 0, tsc: 0, go: 0, instances: 0 },
    drafts: {},
    keywords: {},
  };
  const find = (f: Finding): void => {
    report.findings.push(f);
    report.byKind[f.kind] = (report.byKind[f.kind] ?? 0) + 1;
  };
  if (replaying !== undefined) {
    await runBatch([{ index: replaying.index, schema: replaying.schema }]);
    report.seconds = (Date.now() - t0) / 1000;
    return report;
  }
  const indices = o.only ?? Array.from({ length: o.count }, (_, i) => i);
  for (let start = 0; start < indices.length; start += size) {
    if (o.seconds !== undefined && (Date.now() - t0) / 1000 > o.seconds) break;
    const items = indices
      .slice(start, start + size)
      .map((index) => ({ index, schema: new SchemaGrammar(schemaSeed(o.seed, index)).file() }));
    await runBatch(items);
    log(
      `fuzz: schemas ${start + 1}-${start + items.length} of ${indices.length} (${((Date.now() - t0) / 1000).toFixed(0)} s): ${report.findings.length} findings so far`,
    );
  }
  report.seconds = (Date.now() - t0) / 1000;
  return report;

  async function runBatch(items: { index: number; schema: GeneratedSchema }[]): Promise<void> {
    let tp = Date.now();
    const phase = (name: string): void => {
      report.phases[name] = (report.phases[name] ?? 0) + (Date.now() - tp) / 1000;
      tp = Date.now();
    };
    const built: Built[] = [];
    // 1. draw, build the IR, emit TypeScript
    for (const { index, schema } of items) {
      report.tried++;
      report.drafts[schema.draft] = (report.drafts[schema.draft] ?? 0) + 1;
      keywordsOf(schema.text, report.keywords);
      const key = `S${index}`;
      const path = `schema/fuzz/${key.toLowerCase()}.json`;
      const files = [{ path, text: schema.text }];
      const base = { index, draft: schema.draft, schema: schema.text };
      let set: SchemaSet;
      let ir: Protocol;
      try {
        set = SchemaSet.load(files);
        ir = buildProtocol({ name: key.toLowerCase(), files, source: set, namePrefix: key });
      } catch (e) {
        const errors = e instanceof SchemaErrors ? e.errors : e instanceof SchemaError ? [e] : undefined;
        if (errors === undefined) {
          find({
            ...base,
            kind: "crash",
            detail: `buildProtocol threw ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`,
          });
          continue;
        }
        const bad = errors.filter(
          (x) =>
            x.file !== path || !(x.pointer === "" || x.pointer.startsWith("/")) || x.problem === "" || x.hint === "",
        );
        if (bad.length > 0)
          find({
            ...base,
            kind: "refusal",
            detail: `a SchemaError without its file, pointer or hint: ${bad.map((x) => x.message).join("; ")}`,
          });
        report.refused++;
        continue;
      }
      const misspelled = misspellingsOf(schema.text);
      if (misspelled.length > 0)
        find({
          ...base,
          kind: "accepted-misspelling",
          detail: `the generator accepts ${misspelled.join(", ")} (wire rule 22: a likely misspelling of an asserting keyword is an error)`,
        });
      let tsText: string;
      try {
        tsText = emitTypeScript(ir);
      } catch (e) {
        find({
          ...base,
          kind: "crash",
          detail: `emitTypeScript threw ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`,
        });
        continue;
      }
      // the docs emitter runs on every generate too: it must not throw on what the IR accepted
      try {
        emitDocs(ir);
      } catch (e) {
        find({
          ...base,
          kind: "crash",
          detail: `emitDocs threw ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`,
        });
      }
      const oracle = o.oracle(set);
      const b: Built = { index, key, schema, files, set, ir, gen: new Generator(ir, { oracle }), oracle, tsText };
      try {
        b.ts = loadTs(ir, tsText);
      } catch (e) {
        find({
          ...base,
          kind: "ts-compile",
          detail: `the generated module does not load: ${e instanceof Error ? e.message : String(e)}`,
        });
      }
      report.built++;
      const formats = missingFormats(ir, tsText);
      if (formats.length > 0) {
        // the TypeScript runtime has no predicate for them yet (another change adds them): no instances
        report.tsPending++;
        for (const f of formats)
          report.pendingNames.set(`$formats["${f}"]`, (report.pendingNames.get(`$formats["${f}"]`) ?? 0) + 1);
        delete b.ts;
      }
      built.push(b);
    }
    phase("build");
    if (built.length === 0) return;
    // 2. TypeScript type check of the batch
    const diags = o.skipTsc
      ? new Map<string, string[]>()
      : typecheck(new Map(built.map((b) => [`/fuzz/${b.key}.ts`, b.tsText])));
    for (const b of built) {
      const list = diags.get(`/fuzz/${b.key}.ts`) ?? [];
      if (list.length === 0) report.tsCompiled++;
      else
        find({
          index: b.index,
          draft: b.schema.draft,
          schema: b.schema.text,
          kind: "ts-compile",
          detail: list.slice(0, 8).join("\n"),
        });
    }
    const global = diags.get("(global)");
    if (global !== undefined && global.length > 0) log(`tsc: ${global.join("; ")}`);
    phase("tsc");
    // 3. Go: one program for the batch
    const goBatch = await buildBatch(o.root, o.skipGo ? [] : built.map((b) => ({ key: b.key, protocol: b.ir })));
    report.goCompiled += goBatch.built.length;
    report.goPending += goBatch.pending.size;
    for (const names of goBatch.pending.values())
      for (const n of names) report.pendingNames.set(n, (report.pendingNames.get(n) ?? 0) + 1);
    for (const [key, msg] of goBatch.failed) {
      const b = built.find((x) => x.key === key)!;
      find({ index: b.index, draft: b.schema.draft, schema: b.schema.text, kind: "go-compile", detail: msg });
    }
    const go = goBatch.go;
    phase("go");
    // the batch's Go program; when one protocol's code crashes it, it is started again without that one
    const live: Live = { go, crashed: new Set<string>(), ...(goBatch.restart ? { restart: goBatch.restart } : {}) };
    try {
      // 4. instances
      for (const b of built) {
        if (b.ts === undefined) continue;
        const withGo = live.go !== undefined && goBatch.built.includes(b.key) && !live.crashed.has(b.key);
        const ajv = (() => {
          if (o.skipAjv || refWithSiblings(b.schema)) return undefined;
          try {
            return new AjvFiles(b.schema.draft, b.files);
          } catch {
            return undefined;
          }
        })();
        for (const d of b.gen.testable()) {
          if (explicit !== undefined && !explicit.some((x) => x.type === d.name)) continue;
          await instances(b, d, withGo ? live : undefined, ajv);
        }
      }
    } finally {
      if (live.go !== go) await live.go?.close();
      await go?.close();
      phase("instances");
    }
  }

  async function instances(b: Built, d: Decl, live: Live | undefined, ajv: AjvFiles | undefined): Promise<void> {
    const exact = b.gen.exact(d);
    const open = d.type.kind === "union" && d.type.open;
    const disc = open && d.type.kind === "union" ? discriminators(d.type.dispatch) : undefined;
    const base = { index: b.index, draft: b.schema.draft, schema: b.schema.text, type: d.name };
    const given = explicit?.filter((x) => x.type === d.name);
    const before = report.findings.filter((f) => f.index === b.index).length;
    for (let k = 0; k < (given?.length ?? per); k++) {
      // a schema that has shown three findings has shown what it has (and may be slow: a recursion)
      if (given === undefined && report.findings.filter((f) => f.index === b.index).length - before >= 3) break;
      const seed = schemaSeed(
        schemaSeed(o.seed, b.index),
        k * 131 + d.name.length * 7919 + d.name.charCodeAt(d.name.length - 1),
      );
      let bytes: Uint8Array;
      let label: string;
      if (given !== undefined) {
        bytes = given[k]!.input;
        label = "given";
      } else if (k % 2 === 0) {
        const doc = b.gen.valid(d.name, seed);
        if (doc === undefined) continue;
        bytes = new TextEncoder().encode(serialize(doc));
        label = "valid";
      } else {
        const c = b.gen.input(d.name, seed);
        bytes = c.bytes;
        label = c.mutation;
      }
      report.instances++;
      const input = inputOf(bytes);
      const t = b.ts!.decode(d.name, bytes);
      if ("fault" in t) {
        find({ ...base, input, kind: "fault", detail: `${label}: ${t.fault}` });
        continue;
      }
      let g: Outcome | undefined;
      const go = live?.go;
      // the Go program may die (a fatal error such as a stack overflow cannot be recovered): a finding;
      // the program starts again for the rest of the batch, without this protocol
      const died = (e: unknown): void => {
        live!.crashed.add(b.key);
        // a process started again is closed here; the batch's first one (it owns the folder) at the end
        if (live!.restarted) void live!.go?.close();
        live!.go = live!.restart?.();
        live!.restarted = live!.go !== undefined;
        const text = e instanceof Error ? e.message : String(e);
        const what =
          e instanceof GoHang
            ? text
            : `GoCrash: ${/^fatal error: .*$/m.exec(text)?.[0] ?? /^panic: .*$/m.exec(text)?.[0] ?? text.split("\n")[0]!}`;
        find({ ...base, input, kind: "crash", detail: `${label}: Go threw ${what}\n${text.slice(0, 1500)}` });
      };
      if (go !== undefined) {
        report.instancesGo++;
        try {
          g = await answered(go, go.decode(b.key, d.name, bytes));
          if ("fault" in g) find({ ...base, input, kind: "fault", detail: `${label}: ${g.fault}` });
          else if (!sameOutcome(t, g))
            find({
              ...base,
              input,
              kind: "ts-go",
              detail: `${label}: TS ${describeOutcome(t)}; Go ${describeOutcome(g)}`,
            });
          else if ("ok" in t && t.ok) {
            const built = await answered(go, go.encode(b.key, d.name, t.canonical, t.canonical));
            if (!sameOutcome(t, built))
              find({
                ...base,
                input,
                kind: "go-encode",
                detail: `${label}: the Go value built from ${t.canonical} encodes as ${describeOutcome(built)}`,
              });
          }
        } catch (e) {
          died(e);
          continue;
        }
      }
      if (!exact) continue;
      // validity: the evaluator and ajv on the value JSON.parse gives
      let evValid: boolean | undefined;
      let value: unknown;
      let parsed = true;
      try {
        value = JSON.parse(new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes));
      } catch {
        parsed = false;
      }
      if (!parsed) evValid = false;
      else {
        try {
          evValid = b.oracle.accepts(d.origin, value as never);
        } catch {
          evValid = undefined;
        }
      }
      if (evValid === undefined) continue; // deeper than the evaluator goes
      // ajv sees what JSON.parse gives: a number beyond doubles is Infinity, which it calls an integer, as it does 1e300
      let aj =
        breaksWireRules(value) || unsafeInteger(value) ? undefined : ajv?.check(d.origin.file, d.origin.pointer, bytes);
      if (aj !== undefined && !(aj instanceof Error) && aj.inexactMultipleOf === true) aj = undefined;
      if (aj !== undefined && !(aj instanceof Error) && aj.valid !== evValid)
        find({
          ...base,
          input,
          kind: "oracles",
          detail: `${label}: ajv says ${aj.valid ? "valid" : "invalid"}, the reference evaluator ${evValid ? "valid" : "invalid"}`,
        });
      report.instancesJudged++;
      for (const [side, out] of [
        ["ts", t],
        ["go", g],
      ] as const) {
        if (out === undefined || "fault" in out) continue;
        const verdict = verdictOf(out)!;
        const c: DiffCase = {
          input: bytes,
          decoder: verdict,
          valid: evValid,
          openUnion: open,
          ...(disc !== undefined ? { discriminators: disc } : {}),
          ...(open && d.type.kind === "union" && d.type.dispatch !== undefined ? { dispatch: d.type.dispatch } : {}),
        };
        if (aj !== undefined && !(aj instanceof Error) && !aj.valid) c.validatorPointers = aj.pointers;
        if (agrees(c)) continue;
        if ((await explain(exceptions, side, c)) !== undefined) continue;
        if (formatExplained(b, verdict, bytes, evValid)) continue;
        find({
          ...base,
          input,
          kind: `${side}-validity`,
          detail: `${label}: ${side === "ts" ? "TS" : "Go"} ${describeOutcome(out)}; the reference evaluator: ${evValid ? "valid" : "invalid"}${aj === undefined || aj instanceof Error ? "" : `, ajv: ${aj.valid ? "valid" : "invalid"}`}`,
        });
      }
    }
  }

  /**
   * x-assert-format: the decoders assert formats, the validators do not; a `format` error at a
   * string is explained (the format's grammar has tests of its own, tests/format-cases.json).
   */
  function formatExplained(b: Built, v: Verdict, bytes: Uint8Array, valid: boolean): boolean {
    if (!assertsFormats(b.schema) || !valid || v.kind !== "error" || v.code !== "format") return false;
    try {
      const s = spanAt(strictUtf8.decode(bytes), v.pointer);
      return s?.kind === "string";
    } catch {
      return false;
    }
  }
}
