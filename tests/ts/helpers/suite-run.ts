// Runs one draft of the JSON-Schema-Test-Suite through the generator in both languages. Every case
// is generated with its own name prefix, so that one TypeScript module (namespaces C0, C1, ...) and
// one Go package hold them all: one transpile and one Go build per draft instead of one per case.
// A case is matched when TypeScript gives the suite's verdict on every test and Go gives exactly
// TypeScript's outcome (valid, or the same error code at the same pointer).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { SchemaError, SchemaErrors } from "../../../codegen/errors";
import { emitGo } from "../../../codegen/next/go/emit";
import { buildProtocol } from "../../../codegen/next/ir/protocol";
import { emitTypeScript, runtimeSource } from "../../../codegen/next/ts/emit";
import { SchemaSet } from "../../../codegen/schema/set";
import { loadGenerated } from "./compile";
import { GO_OUTCOME, goRun, scratchGoModule, tsOutcome, writeGoPackage } from "./go-module";
import { SUITE_DRAFTS, suiteCases, suiteRemotes, type SuiteCase } from "./suite";

export interface DraftOutcome {
  cases: number;
  /** "file / description" of every case matched in both languages. */
  matched: string[];
  /** "file / description" -> the generator's reason. */
  refused: Record<string, string>;
  /** Cases where a language disagrees with the suite or the two languages differ, with the first test that shows it. */
  disagreed: string[];
}

interface Generated {
  n: number;
  where: string;
  c: SuiteCase;
  decode: { ts: string };
  /** The root definition's name, its key in the Go package's c<n>Codecs table. */
  root: string;
}

const where = (c: SuiteCase) => `${c.file} / ${c.description}`;

export function runSuiteDraft(folder: string): DraftOutcome {
  const draft = SUITE_DRAFTS.find((d) => d.folder === folder)!.draft;
  const cases = suiteCases(folder);
  const out: DraftOutcome = { cases: cases.length, matched: [], refused: {}, disagreed: [] };
  // one folder per draft, so that Go's build cache serves an unchanged package
  const dir = scratchGoModule(`wire-codegen-suite/${folder}`, "module suite\n\ngo 1.23\n");
  try {
    const generated: Generated[] = [];
    const tsParts: string[] = [];
    cases.forEach((c, n) => {
      const files = [{ path: "schema/suite/root.json", text: JSON.stringify(c.schema) }];
      let protocol;
      try {
        const source = SchemaSet.load(files, { external: suiteRemotes(), defaultDraft: draft });
        protocol = buildProtocol({ name: "suite", files, source, namePrefix: `C${n}` });
      } catch (e) {
        if (!(e instanceof SchemaError || e instanceof SchemaErrors)) throw e;
        out.refused[where(c)] = e instanceof SchemaErrors ? e.errors.map((x) => x.problem).join("; ") : e.problem;
        return;
      }
      const root = protocol.decls.find((d) => d.origin.pointer === "" && d.origin.file === files[0]!.path);
      if (root === undefined) throw new Error(`${where(c)}: no root definition`);
      const ts = emitTypeScript(protocol);
      tsParts.push(`export namespace C${n} {\n${ts.slice(ts.indexOf("// ---- protocol ----"))}\n}`);
      for (const [name, text] of emitGo(protocol, { pkg: "suite", source: "suite", prefix: `c${n}` }))
        writeFileSync(join(dir, name), text);
      generated.push({ n, where: where(c), c, decode: { ts: root.names.ts.decode }, root: root.name });
    });
    const mod = loadGenerated(`${runtimeSource()}\n${tsParts.join("\n")}\n`);
    const decodeError = mod.DecodeError as new () => Error;
    const tsOutcomes = generated.map((g) => {
      const decode = (mod[`C${g.n}`] as Record<string, (input: string) => unknown>)[g.decode.ts]!;
      return g.c.tests.map((t) => tsOutcome(() => decode(JSON.stringify(t.data)), decodeError));
    });
    const goOutcomes = runGo(dir, generated);
    generated.forEach((g, i) => {
      const first = g.c.tests.findIndex((t, j) => {
        const ts = tsOutcomes[i]![j]!;
        return (ts === "valid") !== t.valid || goOutcomes[i]![j] !== ts;
      });
      if (first < 0) out.matched.push(g.where);
      else {
        const t = g.c.tests[first]!;
        out.disagreed.push(
          `${g.where} / ${t.description}: suite ${t.valid ? "valid" : "invalid"}, TS ${tsOutcomes[i]![first]}, Go ${goOutcomes[i]![first]}`,
        );
      }
    });
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Decodes every test in Go; the outcome of each, as tsOutcome writes it. */
function runGo(dir: string, generated: Generated[]): string[][] {
  writeGoPackage(dir, "suite", []);
  const inputs = generated.map((g) => g.c.tests.map((t) => JSON.stringify(t.data)));
  writeFileSync(join(dir, "inputs.json"), JSON.stringify(inputs));
  const calls = generated.map((g, i) => `\t${i}: c${g.n}Codecs[${JSON.stringify(g.root)}],`).join("\n");
  writeFileSync(join(dir, "suite_test.go"), goHarness(calls));
  mkdirSync(join(dir, "out"));
  goRun(dir, ["test", "-count=1", "-run", "^TestSuite$", "."]);
  return JSON.parse(readFileSync(join(dir, "out/results.json"), "utf8")) as string[][];
}

function goHarness(calls: string): string {
  return `package suite

import (
	"encoding/json"
	"errors"
	"io"
	"os"
	"testing"
)

// Codec is what every case's c<n>Codecs table holds (the generated package defines it once; a
// prefixed package leaves it to its user).
type Codec struct {
	Decode    func(line []byte) (any, error)
	Encode    func(v any) ([]byte, error)
	NewReader func(r io.Reader) func() (any, error)
}

var roots = map[int]Codec{
${calls}
}

func TestSuite(t *testing.T) {
	b, err := os.ReadFile("inputs.json")
	if err != nil {
		t.Fatal(err)
	}
	var inputs [][]string
	if err := json.Unmarshal(b, &inputs); err != nil {
		t.Fatal(err)
	}
	out := make([][]string, len(inputs))
	for i, tests := range inputs {
		for _, text := range tests {
			_, err := roots[i].Decode([]byte(text))
			out[i] = append(out[i], outcomeOf(err))
		}
	}
	r, _ := json.Marshal(out)
	if err := os.WriteFile("out/results.json", r, 0o644); err != nil {
		t.Fatal(err)
	}
}

${GO_OUTCOME}
`;
}
