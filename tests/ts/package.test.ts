// package.json: what the CLI needs at run time is in dependencies (and nothing else is), and the
// Node version of "engines" is one that every locked dependency supports (npm ci warns otherwise).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import semver from "semver";

const ROOT = join(__dirname, "../..");
const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  engines: { node: string };
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  files: string[];
  private?: boolean;
};
const lock = JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8")) as { packages: Record<string, { version?: string; engines?: { node?: string } | string[] }> };

/** The modules the packaged CLI imports (tsconfig.build.json compiles codegen/ without next/conformance/). */
function runtimeImports(): Set<string> {
  const found = new Set<string>();
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) {
        if (name !== "conformance" && name !== "runtime") walk(full);
      } else if (name.endsWith(".ts")) {
        for (const m of readFileSync(full, "utf8").matchAll(/(?:^import (?!type )[^;]*? from |require\()"([^".][^"]*)"/gm)) {
          const spec = m[1]!;
          if (spec.startsWith("node:")) continue;
          found.add(spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0]!);
        }
      }
    }
  };
  walk(join(ROOT, "codegen"));
  return found;
}

describe("package.json", () => {
  it("is publishable, with the run-time needs of the CLI in dependencies, exactly", () => {
    expect(pkg.private).toBeUndefined();
    expect([...runtimeImports()].sort()).toEqual(Object.keys(pkg.dependencies).sort());
    for (const d of Object.keys(pkg.dependencies)) expect(pkg.devDependencies[d]).toBeUndefined();
    expect(pkg.files).toContain("dist/");
  });

  it("asks for a Node version that every locked dependency supports", () => {
    const min = semver.minVersion(pkg.engines.node)!.version;
    const refuse: string[] = [];
    for (const [path, p] of Object.entries(lock.packages)) {
      const node = Array.isArray(p.engines) ? undefined : p.engines?.node;
      if (path === "" || node === undefined) continue;
      if (!semver.satisfies(min, node)) refuse.push(`${path.replace(/^.*node_modules\//, "")}@${p.version} wants node ${node}`);
    }
    expect(refuse).toEqual([]);
    // the README promises Node 20
    expect(semver.major(min)).toBe(20);
  });

  it("ships the review workflow, whose step this repository's own workflow runs too (tests/ts/pack.test.ts runs it)", () => {
    const runs = (file: string): string[] => [...readFileSync(join(ROOT, file), "utf8").matchAll(/^\s+(?:- )?run: (.+)$/gm)].map((m) => m[1]!.trim());
    expect(pkg.files).toEqual(expect.arrayContaining(["ci/github-review.sh", "ci/github-workflow.yml"]));
    expect(runs("ci/github-workflow.yml")).toEqual(["npm ci", "bash node_modules/wire-codegen/ci/github-review.sh"]);
    expect(runs(".github/workflows/codegen.yml")).toEqual(["npm ci", "bash ci/github-review.sh"]);
  });
});
