// The npm package, as a user gets it: `npm pack` (which builds dist/ first), installed into a new
// project outside the repository that is also a Go module (github.com/acme/brain); a config puts
// the runner protocol's Go package in internal/harness and its TypeScript in
// runners/pi/src/generated.ts; both build (go build, go vet, tsc --strict with this repository's
// pinned typescript). The same project then runs the //go:generate line of the README and the
// review step of ci/github-workflow.yml on a pull request with a breaking change.
import { execFileSync, spawnSync, type SpawnSyncReturns } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, sep } from "node:path";

const ROOT = realpathSync(join(__dirname, "../.."));
const TSC = join(ROOT, "node_modules/typescript/bin/tsc");

// NODE_OPTIONS from jest (vm modules) is not the user's; git needs an identity for the commits.
const env: NodeJS.ProcessEnv = { ...process.env, GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@example.com", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@example.com" };
delete env.NODE_OPTIONS;
for (const k of Object.keys(env)) if (k.startsWith("GITHUB_") || k.startsWith("CODEGEN")) delete env[k];

function sh(cwd: string, cmd: string, args: string[], extra: NodeJS.ProcessEnv = {}): SpawnSyncReturns<string> {
  return spawnSync(cmd, args, { cwd, env: { ...env, ...extra }, encoding: "utf8", maxBuffer: 64 << 20 });
}

function ok(cwd: string, cmd: string, args: string[], extra: NodeJS.ProcessEnv = {}): string {
  const r = sh(cwd, cmd, args, extra);
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} (in ${cwd}) exited ${r.status}:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

const MAIN_GO = `package main

import (
	"fmt"

	"github.com/acme/brain/internal/harness"
)

func main() {
	line, err := harness.EncodeHostToRunnerFrame(&harness.PromptRequest{Attachment: "a", Turn: "t1", ID: "1", Params: harness.Text{Text: "Hello"}})
	if err != nil {
		panic(err)
	}
	_, derr := harness.DecodeRunnerFrame([]byte("{}"))
	var de *harness.DecodeError = derr.(*harness.DecodeError)
	fmt.Println(string(line), de.Code)
}
`;

const MAIN_TS = `import { encodeRunnerToHostFrame, decodeHostToRunnerFrame, DecodeError, type RunnerToHostFrame } from "./generated";

const frame: RunnerToHostFrame = { attachment: "a", turn: "t1", event: "assistant.delta", data: { text: "Hi" } };
const line: string = encodeRunnerToHostFrame(frame);
try {
  decodeHostToRunnerFrame("{}");
} catch (e) {
  if (e instanceof DecodeError) console.log(line, e.code, e.pointer);
}
`;

describe("the npm package in a user's repository", () => {
  let work: string;
  let project: string;
  let tarball: string;

  beforeAll(() => {
    work = realpathSync(mkdtempSync(join(tmpdir(), "wire-codegen-pack-")));
    if (work.startsWith(ROOT + sep)) throw new Error(`the temporary folder ${work} is inside the repository`);
    ok(ROOT, "npm", ["pack", "--pack-destination", work, "--no-fund", "--no-audit"]);
    const name = readdirSync(work).find((n) => n.endsWith(".tgz"));
    if (name === undefined) throw new Error("npm pack wrote no tarball");
    tarball = join(work, name);
    project = join(work, "brain");
    mkdirSync(project);
    writeFileSync(join(project, "package.json"), JSON.stringify({ name: "brain", version: "0.0.0", private: true }, null, 2));
    writeFileSync(join(project, "go.mod"), "module github.com/acme/brain\n\ngo 1.24\n");
    cpSync(join(ROOT, "schema/runner"), join(project, "schema/runner"), { recursive: true });
    writeFileSync(
      join(project, "wire-codegen.json"),
      JSON.stringify(
        {
          $schema: "./node_modules/wire-codegen/schema/config/config.json",
          protocols: [{ name: "runner", schema: ["schema/runner"], typescript: ["runners/pi/src/generated.ts"], go: { dir: "internal/harness" }, docs: "docs/runner.md" }],
        },
        null,
        2,
      ),
    );
    mkdirSync(join(project, "cmd/brain"), { recursive: true });
    writeFileSync(join(project, "cmd/brain/main.go"), MAIN_GO);
    mkdirSync(join(project, "runners/pi/src"), { recursive: true });
    writeFileSync(join(project, "runners/pi/src/main.ts"), MAIN_TS);
    mkdirSync(join(project, "internal/harness"), { recursive: true });
    writeFileSync(join(project, "internal/harness/gen.go"), "package harness\n\n//go:generate npx --no-install codegen generate\n");
    ok(project, "npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", tarball]);
  }, 300_000);

  afterAll(() => {
    if (work !== undefined) rmSync(work, { recursive: true, force: true });
  });

  it("ships the compiled CLI and what it reads, and nothing of the repository's tests or sources", () => {
    const files = execFileSync("tar", ["tzf", tarball], { encoding: "utf8" }).split("\n").filter((f) => f !== "");
    for (const f of ["package/package.json", "package/bin/codegen.cjs", "package/dist/codegen/cli.js", "package/dist/out/ts/config/generated.js", "package/dist/codegen/next/ts/runtime.ts", "package/dist/codegen/go/runtime/decoder.go", "package/schema/config/config.json", "package/ci/github-review.sh", "package/README.md"]) {
      expect(files).toContain(f);
    }
    expect(files.filter((f) => /^package\/(tests|codegen|out|vectors|examples|bench)\//.test(f) || f.endsWith("_test.go"))).toEqual([]);
    const pkg = JSON.parse(readFileSync(join(project, "node_modules/wire-codegen/package.json"), "utf8")) as { dependencies: Record<string, string> };
    expect(Object.keys(pkg.dependencies).sort()).toEqual(["ajv", "ajv-draft-04", "prettier"]);
    // installed without devDependencies: no tsx, no typescript
    for (const dev of ["tsx", "typescript", "jest", "fast-check"]) expect([dev, existsSync(join(project, "node_modules", dev))]).toEqual([dev, false]);
  });

  it("runs with npx, and //go:generate generates into internal/harness and runners/pi/src", () => {
    const version = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }).version;
    expect(ok(project, "npx", ["--no-install", "codegen", "--version"]).trim()).toBe(version);
    // go generate runs the directive in internal/harness; codegen finds wire-codegen.json above it
    ok(project, "go", ["generate", "./..."]);
    for (const f of ["internal/harness/types.go", "internal/harness/runtime_decoder.go", "runners/pi/src/generated.ts", "docs/runner.md", ".wire-codegen-manifest.json"]) expect([f, existsSync(join(project, f))]).toEqual([f, true]);
    expect(readFileSync(join(project, "internal/harness/doc.go"), "utf8")).toContain('import "github.com/acme/brain/internal/harness"');
    expect(readFileSync(join(project, "internal/harness/gen.go"), "utf8")).toContain("//go:generate"); // the user's file, untouched
    expect(ok(project, "npx", ["--no-install", "codegen", "check"])).toContain("up to date");
  });

  it("builds: go build and go vet in github.com/acme/brain (internal/ included, no replace), tsc --strict", () => {
    ok(project, "go", ["build", "./..."]);
    ok(project, "go", ["vet", "./..."]);
    expect(readFileSync(join(project, "go.mod"), "utf8")).not.toContain("replace");
    expect(ok(project, "go", ["run", "./cmd/brain"])).toBe('{"attachment":"a","turn":"t1","id":"1","method":"prompt","params":{"text":"Hello"}} unknown_variant\n');
    ok(join(project, "runners/pi"), process.execPath, [TSC, "--strict", "--exactOptionalPropertyTypes", "--noUncheckedIndexedAccess", "--target", "es2022", "--module", "commonjs", "--lib", "es2022,dom", "--typeRoots", "none", "--outDir", "build", "src/main.ts"]);
    expect(ok(join(project, "runners/pi"), process.execPath, ["build/main.js"])).toBe('{"attachment":"a","turn":"t1","event":"assistant.delta","data":{"text":"Hi"}} unknown_variant \n');
  });

  it("the workflow's review step, on a pull request: annotations, a job summary, exit 1 on a breaking change", () => {
    const workflow = readFileSync(join(project, "node_modules/wire-codegen/ci/github-workflow.yml"), "utf8");
    const runs = [...workflow.matchAll(/^\s+(?:- )?run: (.+)$/gm)].map((m) => m[1]!.trim());
    expect(runs).toEqual(["npm ci", "bash node_modules/wire-codegen/ci/github-review.sh"]);
    const step = runs[1]!;
    writeFileSync(join(project, ".gitignore"), "node_modules/\n");
    ok(project, "git", ["init", "-q", "-b", "main"]);
    ok(project, "git", ["add", "-A"]);
    ok(project, "git", ["commit", "-qm", "base"]);
    ok(project, "git", ["remote", "add", "origin", project]);
    ok(project, "git", ["fetch", "-q", "origin"]);
    ok(project, "git", ["checkout", "-qb", "feature"]);
    // the pull request: an optional field on NativeFile (breaks old hosts) without a version change
    const records = join(project, "schema/runner/records.json");
    const schema = JSON.parse(readFileSync(records, "utf8")) as { $defs: Record<string, { properties: Record<string, unknown> }> };
    schema.$defs.NativeFile!.properties.mtime = { description: "Modification time, in seconds.", type: "integer" };
    writeFileSync(records, JSON.stringify(schema, null, 2) + "\n");
    ok(project, "npx", ["--no-install", "codegen", "generate"]);
    const summary = join(work, "summary.md");
    const comment = join(project, "codegen-diff.md");
    const github = { GITHUB_ACTIONS: "true", GITHUB_BASE_REF: "main", GITHUB_STEP_SUMMARY: summary, CODEGEN_DIFF_MARKDOWN: "codegen-diff.md" };
    let r = sh(project, "bash", ["-c", step], github);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain("every generated file is up to date");
    expect(r.stdout).toMatch(/::error file=schema\/runner\/records\.json,line=\d+,title=codegen diff%3A breaks old readers \(host\)::NativeFile\.mtime/);
    const md = readFileSync(summary, "utf8");
    expect(md.startsWith("<!-- codegen diff -->\n## Protocol schema changes\n")).toBe(true);
    expect(md).toContain("| optional property mtime (integer) added | `NativeFile.mtime` (schema/runner/records.json:");
    expect(md).toContain("raise the protocol version");
    expect(readFileSync(comment, "utf8")).toBe(md);

    // raising the version makes it pass; a hand edit of a generated file fails the check
    const constants = join(project, "schema/runner/constants.json");
    writeFileSync(constants, readFileSync(constants, "utf8").replace(/("ProtocolVersion":\s*\{[^}]*"const":\s*)1/, "$12"));
    ok(project, "npx", ["--no-install", "codegen", "generate"]);
    unlinkSync(summary);
    r = sh(project, "bash", ["-c", step], github);
    expect(r.stderr + r.stdout).not.toContain("without a protocol version change");
    expect(r.status).toBe(0);
    writeFileSync(join(project, "runners/pi/src/generated.ts"), readFileSync(join(project, "runners/pi/src/generated.ts"), "utf8") + "// edited\n");
    r = sh(project, "bash", ["-c", step], github);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain("::error file=runners/pi/src/generated.ts::runners/pi/src/generated.ts is stale");
  });
});
