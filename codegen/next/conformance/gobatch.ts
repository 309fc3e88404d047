// Many protocols in one generated Go program: each protocol's package files with a name prefix
// (codegen/next/go/emit.ts `prefix`, buildProtocol's `namePrefix`), one copy of the runtime, and a
// harness main.go that declares the Codec type, the Types table of every protocol (from the IR: the
// named types, struct fields by wire key, union wrappers) and runs xcheck.Server
// (tests/go/cmd/xcheck/serve.go) on stdin/stdout. Built with one `go build` (and vetted with one
// `go vet`) in a temporary Go workspace that uses tests/go, so that the harness imports xcheck.
//
// A protocol whose Go code calls runtime functions the runtime does not have yet (the tree
// validators of applicators and exact unions, Nullable, OrderedMap, formats: another change adds
// them) is left out and reported as pending, so that the same harness runs the shipped protocols
// now and every protocol once the runtime is complete.
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { emitGoRuntime } from "../../go/module";
import { GoProcess } from "./go";
import { GoContext } from "../go/context";
import { emitGo } from "../go/emit";
import { tupleFields } from "../go/codec";
import { extraField, goVariants } from "../go/types";
import { isNullable } from "../ir/query";
import type { Protocol } from "../ir/types";

const run = promisify(execFile);

export interface BatchMember {
  /** The protocol as the harness names it in requests (also the Go prefix of its files). */
  key: string;
  /** Built with namePrefix = key. */
  protocol: Protocol;
}

export interface BatchResult {
  /** The protocols in the program. */
  built: string[];
  /** Left out: the runtime lacks functions their code calls (the missing names). */
  pending: Map<string, string[]>;
  /** Left out: their Go code does not compile or vet (the compiler's messages): findings. */
  failed: Map<string, string>;
  /** The running program (undefined when nothing was built). */
  go?: GoProcess;
  /** Starts the built program again (after a crash); the first process's close() removes its folder. */
  restart?: () => GoProcess;
  /** Seconds spent in go build and go vet. */
  seconds: number;
}

/** Names a file of the runtime declares at package level (functions, methods' types, types, vars, consts). */
function runtimeNames(files: Map<string, string>): Set<string> {
  const out = new Set<string>();
  for (const text of files.values()) {
    for (const m of text.matchAll(/^func (?:\([^)]*\) )?([A-Za-z_]\w*)/gm)) out.add(m[1]!);
    for (const m of text.matchAll(/^(?:type|var|const) ([A-Za-z_]\w*)/gm)) out.add(m[1]!);
    for (const block of text.matchAll(/^(?:var|const|type) \(\n([\s\S]*?)^\)/gm))
      for (const m of block[1]!.matchAll(/^\t([A-Za-z_]\w*)/gm)) out.add(m[1]!);
  }
  return out;
}

/** The runtime names (wire*, Nullable, OrderedMap) the emitted files use but nobody declares. */
function missingRuntime(emitted: Map<string, string>, runtime: Set<string>): string[] {
  const own = runtimeNames(emitted);
  const used = new Set<string>();
  for (const text of emitted.values())
    for (const m of text.matchAll(/\b(wire[A-Z]\w*|Nullable|OrderedMap)\b/g)) used.add(m[1]!);
  return [...used].filter((n) => !runtime.has(n) && !own.has(n)).sort();
}

/** The runtime names a protocol's Go code calls that the runtime does not declare yet (empty: none). */
export function goPending(p: Protocol, key = "X"): string[] {
  return missingRuntime(
    emitGo(p, { pkg: "main", source: `fuzz/${key}`, prefix: key }),
    runtimeNames(emitGoRuntime("main")),
  );
}

/** The harness's main.go: the Codec type, each protocol's Codecs and Types table, and the server. */
function harness(members: BatchMember[]): string {
  const L: string[] = [];
  let json = false;
  for (const m of members) {
    const p = m.protocol;
    const g = new GoContext(p);
    const named: string[] = [];
    const fields: string[] = [];
    const extras: string[] = [];
    const wraps: string[] = [];
    const tuples: string[] = [];
    for (const d of p.decls) {
      if (d.constant !== undefined) continue;
      for (const x of g.tuplesOf.get(d) ?? []) {
        const { items, rest } = tupleFields(x.t);
        tuples.push(
          `reflect.TypeFor[${x.name}](): {Items: []string{${items.map((f) => JSON.stringify(f.name)).join(", ")}}, Rest: ${JSON.stringify(rest === undefined ? "" : "Rest")}},`,
        );
      }
      named.push(`${JSON.stringify(d.name)}: reflect.TypeFor[${d.name}](),`);
      const t = d.type;
      if (t.kind === "object" && !g.mapAlias(d)) {
        const entries = t.properties.map(
          (prop) => `${JSON.stringify(prop.name)}: ${JSON.stringify(g.implied(prop) ? "" : prop.names.goField)}`,
        );
        fields.push(`reflect.TypeFor[${d.name}](): {${entries.join(", ")}},`);
        if (extraField(g, t) !== undefined && t.goExtra !== undefined)
          extras.push(`reflect.TypeFor[${d.name}](): ${JSON.stringify(t.goExtra)},`);
      }
      if (t.kind === "union" && !isNullable(t)) {
        for (const v of goVariants(g, t)) {
          if (v.wraps === "") continue;
          named.push(`${JSON.stringify(v.name)}: reflect.TypeFor[${v.name}](),`);
          if (!v.boxed) {
            wraps.push(`reflect.TypeFor[${v.name}](): reflect.TypeFor[${v.wraps}](),`);
            if (v.wraps.includes("json.")) json = true;
          }
        }
      }
    }
    const uniq = (xs: string[]) => [...new Set(xs)].map((x) => "\t\t\t\t" + x).join("\n");
    L.push(
      `\tpackages[${JSON.stringify(m.key)}] = pkg(${m.key}Codecs, &xcheck.Types{`,
      `\t\tNamed: map[string]reflect.Type{\n${uniq(named)}\n\t\t},`,
      `\t\tFields: map[reflect.Type]map[string]string{\n${uniq(fields)}\n\t\t},`,
      `\t\tExtra: map[reflect.Type]string{\n${uniq(extras)}\n\t\t},`,
      `\t\tWraps: map[reflect.Type]reflect.Type{\n${uniq(wraps)}\n\t\t},`,
      `\t\tTuples: map[reflect.Type]xcheck.TupleFields{\n${uniq(tuples)}\n\t\t},`,
      `\t})`,
    );
  }
  return `// Code generated by codegen/next/conformance/gobatch.ts for a test run. DO NOT EDIT.

package main

import (
${json ? '\t"encoding/json"\n' : ""}\t"io"
\t"os"
\t"reflect"

\t"example.com/wiretypes/tests/cmd/xcheck"
)

${json ? "var _ json.RawMessage\n\n" : ""}// Codec is every protocol's Codec (emitGo leaves it to the harness with a prefix).
type Codec struct {
\tDecode    func(line []byte) (any, error)
\tEncode    func(v any) ([]byte, error)
\tNewReader func(r io.Reader) func() (any, error)
}

func pkg(codecs map[string]Codec, types *xcheck.Types) xcheck.Package {
\tout := make(map[string]xcheck.Codec, len(codecs))
\tfor name, c := range codecs {
\t\tout[name] = xcheck.Normalized(xcheck.Codec(c))
\t}
\ttypes.Codecs = out
\treturn xcheck.Package{Codecs: out, Types: types}
}

func main() {
\tpackages := map[string]xcheck.Package{}
${L.join("\n")}
\t(&xcheck.Server{Packages: packages}).Serve(os.Stdin, os.Stdout)
}
`;
}

/** Which emitted files (by prefix) the compiler's messages name. */
function blamed(output: string, keys: string[]): string[] {
  const out = new Set<string>();
  for (const m of output.matchAll(/(?:^|\s|\/)([A-Za-z0-9]+)_[a-z]+\.go:\d+/gm))
    if (keys.includes(m[1]!)) out.add(m[1]!);
  return [...out];
}

/**
 * Builds the protocols into one program in a temporary folder and starts it. Protocols the runtime
 * cannot serve yet are pending; protocols whose code does not compile or vet are failed (and the
 * rest is built again without them).
 */
export async function buildBatch(
  root: string,
  members: BatchMember[],
  opts: { vet?: boolean } = {},
): Promise<BatchResult> {
  const dir = mkdtempSync(join(tmpdir(), "wire-gobatch-"));
  const pkgDir = join(dir, "batch");
  mkdirSync(pkgDir);
  writeFileSync(join(dir, "go.work"), `go 1.24\n\nuse (\n\t${join(root, "tests", "go")}\n\t./batch\n)\n`);
  writeFileSync(join(pkgDir, "go.mod"), "module wirefuzz/batch\n\ngo 1.24\n");
  const runtime = emitGoRuntime("main");
  const names = runtimeNames(runtime);
  for (const [f, t] of runtime) writeFileSync(join(pkgDir, f), t);
  const result: BatchResult = { built: [], pending: new Map(), failed: new Map(), seconds: 0 };
  const files = new Map<string, Map<string, string>>();
  let live: BatchMember[] = [];
  for (const m of members) {
    let emitted: Map<string, string>;
    try {
      emitted = emitGo(m.protocol, { pkg: "main", source: `fuzz/${m.key}`, prefix: m.key });
    } catch (e) {
      result.failed.set(m.key, `emitGo threw: ${e instanceof Error ? e.stack : String(e)}`);
      continue;
    }
    const missing = missingRuntime(emitted, names);
    if (missing.length > 0) {
      result.pending.set(m.key, missing);
      continue;
    }
    files.set(m.key, emitted);
    live.push(m);
  }
  const env = { ...process.env, GOWORK: join(dir, "go.work"), GOPROXY: "off", GOFLAGS: "-buildvcs=false" };
  const bin = join(dir, "harness");
  const t0 = Date.now();
  for (let round = 0; round < 6 && live.length > 0; round++) {
    for (const f of listGo(pkgDir)) if (!f.startsWith("runtime_")) rmSync(join(pkgDir, f));
    for (const m of live) for (const [f, t] of files.get(m.key)!) writeFileSync(join(pkgDir, f), t);
    writeFileSync(join(pkgDir, "main.go"), harness(live));
    const step = async (args: string[]): Promise<string | undefined> => {
      try {
        await run("go", args, { cwd: pkgDir, env, maxBuffer: 64 << 20 });
        return undefined;
      } catch (e) {
        const x = e as { stderr?: string; stdout?: string; message: string };
        return `${x.stderr ?? ""}${x.stdout ?? ""}` || x.message;
      }
    };
    let out = await step(["build", "-o", bin, "."]);
    if (out === undefined && opts.vet !== false) out = await step(["vet", "."]);
    if (out === undefined) break;
    const keys = live.map((m) => m.key);
    let bad = blamed(out, keys);
    if (bad.length === 0) {
      // not attributable to one protocol (the harness or the runtime): every remaining one fails
      bad = keys;
    }
    for (const k of bad)
      result.failed.set(
        k,
        out
          .split("\n")
          .filter((l) => l.includes(`${k}_`) || bad.length === keys.length)
          .slice(0, 20)
          .join("\n"),
      );
    live = live.filter((m) => !bad.includes(m.key));
  }
  result.seconds = (Date.now() - t0) / 1000;
  result.built = live.map((m) => m.key);
  if (live.length > 0) {
    result.go = GoProcess.attach(bin, [], dir);
    result.restart = () => GoProcess.attach(bin, []);
  } else rmSync(dir, { recursive: true, force: true });
  return result;
}

function listGo(dir: string): string[] {
  return readdirSync(dir).filter((f) => f.endsWith(".go"));
}
