// Golden files per feature: the whole output of `generate` for one tiny schema (TypeScript with the
// runtime it inlines, the Go package, the docs), formatted as `generate` formats it. A change to an
// emitter or a runtime shows up here as a readable diff. The Go runtime files are the same in every
// package (package golden), so they are kept once, under tests/golden/go-runtime/.
// `make bless` rewrites the files (it refuses to under CI: a golden file is blessed by a person).
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { formatOutput } from "../../codegen/format";
import { generate } from "../../codegen/generate";
import { protocolFromFiles } from "../../codegen/next/ir/load";

const GOLDEN = join(__dirname, "../golden");
const RUNTIME = join(GOLDEN, "go-runtime");
const bless = process.env.UPDATE_GOLDEN === "1";
if (bless && process.env.CI !== undefined && process.env.CI !== "")
  throw new Error("refusing to re-bless golden files with CI set: run `make bless` on your own machine and review the diff");

const features = readdirSync(GOLDEN)
  .filter((n) => existsSync(join(GOLDEN, n, "schema.json")))
  .sort();

async function outputOf(name: string): Promise<Map<string, string>> {
  const path = `schema/${name}/schema.json`;
  const protocol = protocolFromFiles(name, [{ path, text: readFileSync(join(GOLDEN, name, "schema.json"), "utf8") }]);
  const plan = {
    outputs: new Map([
      [name, { name, schema: [path], typescript: ["ts/generated.ts"], go: { dir: "go", pkg: "golden", importPath: `example.com/golden/${name}` }, docs: `docs/${name}.md` }],
    ]),
    goModules: [],
  };
  return formatOutput(generate([protocol], plan));
}

function filesUnder(dir: string, prefix = ""): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`],
  );
}

function compare(file: string, text: string): void {
  if (bless) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  expect(`${file}\n${existsSync(file) ? readFileSync(file, "utf8") : "(no golden file: run make bless)"}`).toBe(`${file}\n${text}`);
}

describe.each(features)("golden %s", (name) => {
  it("matches the committed output of every emitter, byte for byte", async () => {
    const out = await outputOf(name);
    const expected = join(GOLDEN, name, "expected");
    if (bless) rmSync(expected, { recursive: true, force: true });
    const own = [...out].filter(([path]) => !path.startsWith("go/runtime_"));
    for (const [path, text] of own) compare(join(expected, path), text);
    // nothing stale: every committed golden file is still produced
    const committed = filesUnder(expected).sort();
    expect(committed).toEqual(own.map(([p]) => p).sort());
  });
});

describe("golden go-runtime", () => {
  it("is the runtime every generated Go package gets, byte for byte", async () => {
    const out = await outputOf(features[0]!);
    const runtime = [...out].filter(([path]) => path.startsWith("go/runtime_"));
    if (bless) rmSync(RUNTIME, { recursive: true, force: true });
    for (const [path, text] of runtime) compare(join(RUNTIME, path.slice("go/".length)), text);
    expect(readdirSync(RUNTIME).sort()).toEqual(runtime.map(([p]) => p.slice("go/".length)).sort());
  });
});
