// Public schemas written by others (tests/real-schemas/), unmodified: each generates in both
// languages, its generated.ts passes the strict type check, its Go package passes go vet, and every
// example of its documentation decodes as each definition it names with the schema's verdict (the
// source's, except where index.json records that the source and its schema disagree), the same
// outcome in Go as in TypeScript: valid, or the same error code at the same JSON Pointer.
import { typeCheck } from "./fixtures/compile";
import { ajvAlsoVerdicts, realSchemaNames, runGo, runSchema, type SchemaRun } from "./helpers/real-run";

const names = realSchemaNames();
const ajvAlso = ajvAlsoVerdicts();
const runs: SchemaRun[] = names.map((n) => runSchema(n, ajvAlso.get(n)!));
let goOutcomes: Map<string, string[]>;

beforeAll(() => {
  goOutcomes = runGo(runs);
  for (const r of runs) {
    const go = [...r.go.values()].reduce((n, t) => n + t.length, 0);
    console.log(
      `${r.name}: ${r.protocol.decls.length} definitions, ${Math.round(r.buildMs)} ms to generate, ` +
        `${Math.round(r.ts.length / 1024)} KB TypeScript, ${Math.round(go / 1024)} KB Go, ${r.decodes.length} decodes`,
    );
  }
}, 600_000);

describe.each(names.map((n, i) => [n, i] as const))("real schema %s", (name, i) => {
  const run = runs[i]!;

  it("decodes every example with the schema's verdict in TypeScript", () => {
    const wrong = run.decodes
      .map((d, j) => ({ d, got: run.tsOutcomes[j]! }))
      .filter(
        ({ d, got }) =>
          (got === "valid") !== (d.expect === "valid") || got.startsWith("no ") || got.startsWith("threw"),
      )
      .map(({ d, got }) => `${d.example} as ${d.definition}: expected ${d.expect}, got ${got}`);
    expect(wrong).toEqual([]);
    expect(run.decodes.length).toBeGreaterThanOrEqual(3);
  });

  it("gives the same outcome in Go, code and pointer", () => {
    const go = goOutcomes.get(name)!;
    const differ = run.decodes
      .map((d, j) => ({ d, ts: run.tsOutcomes[j]!, go: go[j] }))
      .filter((x) => x.ts !== x.go)
      .map((x) => `${x.d.example} as ${x.d.definition}: TS ${x.ts}, Go ${x.go}`);
    expect(differ).toEqual([]);
  });

  it("passes tsc --strict --exactOptionalPropertyTypes --noUncheckedIndexedAccess", () => {
    expect(typeCheck({ "generated.ts": run.ts })).toEqual([]);
  }, 300_000);
});
