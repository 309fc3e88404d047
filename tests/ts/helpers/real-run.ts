// Runs the public schemas of tests/real-schemas/ through the generator as a user would (every file of
// the folder's schema/, the meta-schema check, the IR), emits both languages, and decodes every
// example the folder's examples/index.json lists in TypeScript and in Go, as each definition it
// names. One Go module holds a package per schema, so one `go vet` and one `go test` run them all.
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { emitGo } from "../../../codegen/next/go/emit";
import { protocolFromFiles } from "../../../codegen/next/ir/load";
import type { Decl, Protocol } from "../../../codegen/next/ir/types";
import { emitTypeScript } from "../../../codegen/next/ts/emit";
import { loadGenerated } from "./compile";
import { GO_OUTCOME, goRun, scratchGoModule, tsOutcome, writeGoPackage } from "./go-module";

const ROOT = join(__dirname, "../../..");
export const REAL = join(ROOT, "tests/real-schemas");

export interface Example {
  file: string;
  definition?: string | null;
  also?: string[];
  expect: "valid" | "invalid";
  /** Where the source and its schema disagree (the decoder must follow the schema, as ajv does). */
  mismatch?: string;
  pointer?: string;
  /** A batch: each element is checked on its own. */
  each?: boolean;
}

export interface Index {
  schema: string;
  examples: Example[];
}

/** One decode: an example (or one element of it) as one definition. */
export interface Decode {
  example: string;
  definition: string;
  text: string;
  /** What the schema says: the source's verdict, or the opposite where a mismatch is recorded. */
  expect: "valid" | "invalid";
}

export interface SchemaRun {
  name: string;
  protocol: Protocol;
  ts: string;
  go: Map<string, string>;
  decodes: Decode[];
  /** The TypeScript outcome of each decode: "valid" or "<code> <pointer>". */
  tsOutcomes: string[];
  buildMs: number;
}

export function realSchemaNames(): string[] {
  return readdirSync(REAL, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

export function readIndex(name: string): Index {
  return JSON.parse(readFileSync(join(REAL, name, "examples/index.json"), "utf8")) as Index;
}

/** The definition an example names: "(root)" is the root of the index's schema file. */
export function findDecl(p: Protocol, name: string, index: Index, definition: string): Decl | undefined {
  const file = `tests/real-schemas/${name}/${index.schema}`;
  if (definition === "(root)") return p.decls.find((d) => d.origin.file === file && d.origin.pointer === "");
  return p.decls.find(
    (d) =>
      d.origin.file === file &&
      (d.origin.pointer === `/$defs/${definition}` || d.origin.pointer === `/definitions/${definition}`),
  );
}

/**
 * ajv's verdict on each example as each definition its entry lists under "also", by schema and file
 * (tests/real-schemas/check-examples.mjs, the collection's own check): the source says nothing of
 * those, so the schema's verdict is ajv's. The check fails when any example is not as recorded.
 */
export function ajvAlsoVerdicts(): Map<string, Map<string, Record<string, "valid" | "invalid">>> {
  const r = spawnSync("node", [join(REAL, "check-examples.mjs"), "--json"], { encoding: "utf8", maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`check-examples.mjs exited ${r.status}:\n${r.stderr}${r.stdout.slice(0, 4000)}`);
  type Report = {
    report: { name: string; examples: { file: string; also?: Record<string, "valid" | "invalid"> }[] }[];
  };
  const report = (JSON.parse(r.stdout) as Report).report;
  return new Map(report.map((s) => [s.name, new Map(s.examples.map((e) => [e.file, e.also ?? {}]))]));
}

export function runSchema(name: string, ajvAlso: Map<string, Record<string, "valid" | "invalid">>): SchemaRun {
  const dir = join(REAL, name, "schema");
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => ({ path: `tests/real-schemas/${name}/schema/${f}`, text: readFileSync(join(dir, f), "utf8") }));
  const t0 = performance.now();
  const protocol = protocolFromFiles(name, files);
  const ts = emitTypeScript(protocol);
  const go = emitGo(protocol, { pkg: goPackage(name), source: `tests/real-schemas/${name}/schema` });
  const buildMs = performance.now() - t0;
  const index = readIndex(name);
  const decodes: Decode[] = [];
  for (const ex of index.examples) {
    if (ex.definition == null) continue;
    let data = JSON.parse(readFileSync(join(REAL, name, "examples", ex.file), "utf8")) as unknown;
    for (const t of (ex.pointer ?? "").split("/").slice(1)) data = (data as Record<string, unknown>)[t];
    const expect = ex.mismatch !== undefined ? (ex.expect === "valid" ? "invalid" : "valid") : ex.expect;
    const values = ex.each === true ? (data as unknown[]) : [data];
    if (ex.each === true && ex.also !== undefined)
      throw new Error(`${name}/${ex.file}: "each" with "also" is not supported`);
    const also = (definition: string): "valid" | "invalid" => {
      const v = ajvAlso.get(ex.file)?.[definition];
      if (v === undefined) throw new Error(`${name}/${ex.file}: no ajv verdict as ${definition}`);
      return v;
    };
    for (const definition of [ex.definition, ...(ex.also ?? []).filter((a) => a !== ex.definition)])
      values.forEach((v, i) =>
        decodes.push({
          example: ex.each ? `${ex.file}/${i}` : ex.file,
          definition,
          text: JSON.stringify(v),
          expect: definition === ex.definition ? expect : also(definition),
        }),
      );
  }
  const mod = loadGenerated(ts);
  const decodeError = mod.DecodeError as new () => Error;
  const tsOutcomes = decodes.map((d) => {
    const decl = findDecl(protocol, name, index, d.definition);
    if (decl === undefined) return `no definition ${d.definition}`;
    return tsOutcome(() => (mod[decl.names.ts.decode] as (s: string) => unknown)(d.text), decodeError);
  });
  return { name, protocol, ts, go, decodes, tsOutcomes, buildMs };
}

export const goPackage = (name: string): string => name.replace(/[^a-z0-9]/g, "");

/**
 * Go packages larger than this are vetted (fully type-checked) in make test but not compiled into the
 * example harness there: the Go compiler takes minutes and gigabytes on them (package-json: 13 MB of
 * Go, about 3 minutes and 3 GB). `make test-real` (REAL_SCHEMAS_ALL=1) decodes their examples in Go too.
 */
export const GO_DECODE_LIMIT = 4 << 20;
export const goDecodes = (r: SchemaRun): boolean =>
  process.env.REAL_SCHEMAS_ALL === "1" || [...r.go.values()].reduce((n, t) => n + t.length, 0) <= GO_DECODE_LIMIT;

/**
 * Writes every schema's Go package into one module, vets it, decodes every example; outcomes by
 * schema (undefined for a package that goDecodes leaves to make test-real).
 */
export function runGo(runs: SchemaRun[]): Map<string, string[] | undefined> {
  const dir = scratchGoModule("wire-codegen-real", "module realschemas\n\ngo 1.23\n");
  const index = new Map(runs.map((r) => [r.name, readIndex(r.name)]));
  for (const r of runs) {
    const pkg = goPackage(r.name);
    const at = join(dir, pkg);
    writeGoPackage(at, pkg, r.go);
    mkdirSync(join(at, "out"));
    const names = r.decodes.map((d) => findDecl(r.protocol, r.name, index.get(r.name)!, d.definition)?.name ?? "");
    writeFileSync(join(at, "inputs.json"), JSON.stringify(r.decodes.map((d, i) => ({ def: names[i], text: d.text }))));
    if (goDecodes(r)) writeFileSync(join(at, "examples_test.go"), goHarness(pkg));
  }
  const tested = runs.filter(goDecodes).map((r) => `./${goPackage(r.name)}`);
  goRun(dir, ["vet", "./..."]);
  goRun(dir, ["test", "-count=1", ...tested]);
  return new Map(
    runs.map((r) => [
      r.name,
      goDecodes(r)
        ? (JSON.parse(readFileSync(join(dir, goPackage(r.name), "out/results.json"), "utf8")) as string[])
        : undefined,
    ]),
  );
}

function goHarness(pkg: string): string {
  return `package ${pkg}

import (
	"encoding/json"
	"errors"
	"os"
	"testing"
)

func TestExamples(t *testing.T) {
	b, err := os.ReadFile("inputs.json")
	if err != nil {
		t.Fatal(err)
	}
	var inputs []struct{ Def, Text string }
	if err := json.Unmarshal(b, &inputs); err != nil {
		t.Fatal(err)
	}
	out := []string{}
	for _, in := range inputs {
		c, ok := Codecs[in.Def]
		if !ok {
			out = append(out, "no definition "+in.Def)
			continue
		}
		_, err := c.Decode([]byte(in.Text))
		out = append(out, outcomeOf(err))
	}
	r, _ := json.Marshal(out)
	if err := os.WriteFile("out/results.json", r, 0o644); err != nil {
		t.Fatal(err)
	}
}

${GO_OUTCOME}
`;
}
