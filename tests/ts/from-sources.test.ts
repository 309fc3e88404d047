// How a checkout runs the CLI (bin/from-sources.cjs): one esbuild bundle of the sources, cached until
// a bundled source changes, with each module's __dirname and computed requires kept where the
// module was written; tsx when the bundle cannot be had or CODEGEN_NO_BUNDLE=1 asks for it.
// Run on a small stand-in for codegen/ in a temporary folder, so that the repository is not touched.
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const ROOT = join(__dirname, "../..");
let dir: string;

function write(path: string, text: string): void {
  mkdirSync(join(dir, path, ".."), { recursive: true });
  writeFileSync(join(dir, path), text);
}

function run(env: Record<string, string> = {}): { out: string; err: string; code: number | null } {
  const runner = "require('./bin/from-sources.cjs').loadCli(['generate']).then((c) => c.main(['x']))";
  const r = spawnSync(process.execPath, ["-e", runner], {
    cwd: dir,
    encoding: "utf8",
    env: { ...process.env, NODE_PATH: join(ROOT, "node_modules"), CODEGEN_NO_BUNDLE: "", ...env },
  });
  return { out: r.stdout, err: r.stderr, code: r.status };
}

function bundles(): string[] {
  return readdirSync(join(dir, "node_modules/.cache/wire-codegen-cli")).filter((n) => n.startsWith("cli-"));
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "codegen-from-sources-"));
  mkdirSync(join(dir, "bin"));
  copyFileSync(join(ROOT, "bin/from-sources.cjs"), join(dir, "bin/from-sources.cjs"));
  write(
    "codegen/cli.ts",
    [
      'import { readFileSync } from "node:fs";',
      'import { join } from "node:path";',
      'import { word } from "./sub/word";',
      "export async function main(args: string[]): Promise<number> {",
      '  const name = "data";',
      "  // eslint-disable-next-line @typescript-eslint/no-require-imports",
      "  const beside = require(`./meta/${name}.json`) as { v: string };",
      '  const read = readFileSync(join(__dirname, "runtime.txt"), "utf8").trim();',
      '  console.log([word(), beside.v, read, args.join(",")].join(" "));',
      "  return 0;",
      "}",
    ].join("\n"),
  );
  write("codegen/sub/word.ts", 'export const word = (): string => "one";\n');
  write("codegen/meta/data.json", '{"v": "meta"}\n');
  write("codegen/runtime.txt", "runtime\n");
  mkdirSync(join(dir, "node_modules"));
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

test("the bundle runs the sources, reading what sits beside them", () => {
  expect(run()).toEqual({ out: "one meta runtime x\n", err: "", code: 0 });
  expect(bundles()).toHaveLength(1);
});

test("an unchanged source reuses the bundle; a changed one rebuilds it and drops the old", () => {
  run();
  const [first] = bundles();
  expect(run().out).toBe("one meta runtime x\n");
  expect(bundles()).toEqual([first]);
  write("codegen/sub/word.ts", 'export const word = (): string => "two";\n');
  expect(run().out).toBe("two meta runtime x\n");
  expect(bundles()).toHaveLength(1);
  expect(bundles()).not.toEqual([first]);
});

test("a new module imported by a changed one is bundled too", () => {
  run();
  write("codegen/sub/other.ts", 'export const other = "three";\n');
  write("codegen/sub/word.ts", 'import { other } from "./other";\nexport const word = (): string => other;\n');
  expect(run().out).toBe("three meta runtime x\n");
});

test("CODEGEN_NO_BUNDLE=1 runs through tsx and writes no bundle", () => {
  expect(run({ CODEGEN_NO_BUNDLE: "1" })).toEqual({ out: "one meta runtime x\n", err: "", code: 0 });
  expect(readdirSync(join(dir, "node_modules"))).toEqual([]);
});

test("where no bundle can be written, tsx runs the sources", () => {
  writeFileSync(join(dir, "node_modules/.cache"), "a file where the cache folder would go");
  expect(run()).toEqual({ out: "one meta runtime x\n", err: "", code: 0 });
});
