// The command's conventions: help and version (exit 0), usage errors (exit 2 with the usage),
// schema and config problems (exit 1, every one of them, with file and pointer), one-line messages
// for a missing schema folder or config, and init.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { USAGE } from "../../codegen/cli";
import { runCli } from "./helpers/cli";

const ROOT = join(__dirname, "../..");
const BIN = join(ROOT, "bin/codegen.cjs");
const D = "https://json-schema.org/draft/2020-12/schema";

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), "codegen-cli-"));
}

describe("codegen help, version and usage errors", () => {
  it.each([["--help"], ["-h"], ["help"]])("%s prints the usage on stdout, exit 0", async (flag) => {
    const r = await runCli(flag);
    expect([r.code, r.err]).toEqual([0, ""]);
    expect(r.out).toContain(USAGE);
  });

  it.each([["generate"], ["check"], ["init"], ["diff"], ["conformance"]])("%s --help and -h exit 0 with the command's usage", async (command) => {
    for (const flag of ["--help", "-h"]) {
      const r = await runCli(command, flag);
      expect([r.code, r.err]).toEqual([0, ""]);
      expect(r.out).toContain(`usage: codegen ${command}`);
    }
  });

  it("--version prints package.json's version", async () => {
    const version = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }).version;
    for (const flag of ["--version", "-V"]) expect(await runCli(flag)).toEqual({ code: 0, out: `${version}\n`, err: "" });
  });

  it.each([
    [["generate", "--bogus"], "unknown option --bogus"],
    [["--bogus", "generate"], "unknown option --bogus"],
    [["check", "--format", "xml"], 'unknown format "xml"'],
    [["generate", "extra"], 'unexpected argument "extra"'],
    [["bogus"], 'unknown command "bogus"'],
    [[], "no command given"],
    [["check", "--root"], "--root needs a value"],
    [["diff", "--bogus"], "unknown argument"],
  ])("%j exits 2 with the usage", async (args, message) => {
    const r = await runCli(...args);
    expect(r.code).toBe(2);
    expect(r.err).toContain(message);
    expect(r.err).toContain("usage: codegen");
  });

  it("exits with the status from the real binary, too", () => {
    expect(spawnSync(process.execPath, [BIN, "--help"], { encoding: "utf8" }).status).toBe(0);
    expect(spawnSync(process.execPath, [BIN, "generate", "--nope"], { encoding: "utf8" }).status).toBe(2);
  });
});

describe("codegen problems", () => {
  let dir: string;
  beforeEach(() => {
    dir = tempDir();
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("a root without config or schema/ is one line, exit 1", async () => {
    for (const command of ["generate", "check"]) {
      const r = await runCli(command, "--root", dir);
      expect(r.code).toBe(1);
      expect(r.err.split("\n")).toHaveLength(1);
      expect(r.err).toContain("no wire-codegen.json and no schema/ folder");
      expect(r.err).toContain("codegen init");
    }
    const r = await runCli("generate", "--root", dir, "--config", join(dir, "missing.json"));
    expect([r.code, r.err.split("\n").length]).toEqual([1, 1]);
    expect(r.err).toContain("no config file");
  });

  it("reports every schema error of every file and protocol at once, and writes nothing", async () => {
    mkdirSync(join(dir, "schema/a"), { recursive: true });
    mkdirSync(join(dir, "schema/b"), { recursive: true });
    writeFileSync(join(dir, "schema/a/one.json"), "{ not json");
    writeFileSync(join(dir, "schema/a/two.json"), JSON.stringify({ $schema: D, $defs: { A: { type: "strin" }, B: { minLength: "x" } } }));
    writeFileSync(join(dir, "schema/b/b.json"), JSON.stringify({ $schema: D, $defs: { C: { type: "string", maxLenght: 3 } } }));
    const r = await runCli("generate", "--root", dir);
    expect(r.code).toBe(1);
    expect(r.err).toContain("problems:");
    for (const where of ["schema/a/one.json#: not valid JSON", "schema/a/two.json#/$defs/A/type:", "schema/a/two.json#/$defs/B/minLength:", "schema/b/b.json#/$defs/C/maxLenght:"]) expect(r.err).toContain(where);
    expect(r.err).toContain("what to do:");
    expect(existsSync(join(dir, "out"))).toBe(false);
  });
});

describe("codegen init", () => {
  let dir: string;
  beforeEach(() => {
    dir = tempDir();
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("writes a config and an example schema that generate accepts; refuses to overwrite", async () => {
    const r = await runCli("init", "--root", dir);
    expect(r.code).toBe(0);
    expect(r.out).toContain("wrote wire-codegen.json and schema/example/example.json");
    const config = JSON.parse(readFileSync(join(dir, "wire-codegen.json"), "utf8")) as { $schema: string; protocols: { go?: unknown }[] };
    expect(config.$schema).toBe("./node_modules/wire-codegen/schema/config/config.json");
    expect(config.protocols[0]!.go).toBeUndefined(); // no go.mod here
    const g = await runCli("generate", "--root", dir);
    expect([g.code, g.err]).toEqual([0, ""]);
    expect(readFileSync(join(dir, "src/generated/example.ts"), "utf8")).toContain("export function decodeMessage(");
    expect(existsSync(join(dir, "docs/example.md"))).toBe(true);
    const again = await runCli("init", "--root", dir);
    expect(again.code).toBe(1);
    expect(again.err).toContain("nothing written");
  });

  it("adds a Go package when the folder is inside a Go module", async () => {
    writeFileSync(join(dir, "go.mod"), "module github.com/acme/brain\n\ngo 1.24\n");
    expect((await runCli("init", "--root", dir)).code).toBe(0);
    expect((await runCli("generate", "--root", dir)).code).toBe(0);
    expect(readFileSync(join(dir, "internal/example/doc.go"), "utf8")).toContain('import "github.com/acme/brain/internal/example"');
    execFileSync("go", ["vet", "./..."], { cwd: dir, stdio: "pipe" });
  });
});
