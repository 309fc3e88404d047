// Where every output of every protocol goes: from wire-codegen.json (codegen/config.ts) or, without
// one, the default layout. Paths are relative to the repository root, with "/" separators.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { SchemaError } from "./errors";
import { GO_MODULE } from "./go/module";

export interface GoOutput {
  /** The package's folder. */
  dir: string;
  /** The package name (the package clause). */
  pkg: string;
  /** The import path: from the nearest go.mod, or as configured. */
  importPath: string;
}

export interface ProtocolOutputs {
  name: string;
  /** Schema folders (every *.json file in them) and files. */
  schema: string[];
  /** TypeScript files to write (each gets the same self-contained generated.ts). */
  typescript: string[];
  go?: GoOutput;
  docs?: string;
}

/** A go.mod that the tool writes (the default layout's out/go/go.mod). */
export interface GoModuleLayout {
  dir: string;
  module: string;
  go: string;
}

export interface Layout {
  /** Absolute path of the repository root. */
  root: string;
  /** The config file (relative to root), when there is one. */
  config?: string;
  protocols: ProtocolOutputs[];
  goModules: GoModuleLayout[];
  /** The manifest of generated files (relative to root). */
  manifest: string;
}

export const CONFIG_FILE = "wire-codegen.json";
export const DEFAULT_MANIFEST = ".wire-codegen-manifest.json";

/** A usage-level problem with no file to point at (no config and no schema/ folder): one line. */
export class LayoutError extends Error {}

/** A valid Go package name made from a folder or protocol name ("my-proto" -> "myproto"). */
export function goPackageName(name: string): string {
  let n = name.toLowerCase().replace(/[^a-z0-9_]/g, "");
  if (n === "" || /^[0-9]/.test(n)) n = `p${n}`;
  return GO_KEYWORDS.has(n) ? `${n}_` : n;
}

export const GO_KEYWORDS = new Set([
  "break",
  "case",
  "chan",
  "const",
  "continue",
  "default",
  "defer",
  "else",
  "fallthrough",
  "for",
  "func",
  "go",
  "goto",
  "if",
  "import",
  "interface",
  "map",
  "package",
  "range",
  "return",
  "select",
  "struct",
  "switch",
  "type",
  "var",
]);

/** The default layout's outputs for protocols named `names` (schema/<name>/). */
export function defaultOutputs(names: string[]): { protocols: ProtocolOutputs[]; goModules: GoModuleLayout[] } {
  return {
    protocols: names.map((n) => ({
      name: n,
      schema: [`schema/${n}`],
      typescript: [`out/ts/${n}/generated.ts`],
      go: { dir: `out/go/${n}`, pkg: goPackageName(n), importPath: `${GO_MODULE}/${n}` },
      docs: `out/docs/${n}.md`,
    })),
    goModules: [{ dir: "out/go", module: GO_MODULE, go: "1.24" }],
  };
}

/** The default layout of `root`: one protocol per folder of schema/. */
export function defaultLayout(root: string): Layout {
  const schemaDir = join(root, "schema");
  if (!existsSync(schemaDir) || !statSync(schemaDir).isDirectory()) {
    throw new LayoutError(
      `no ${CONFIG_FILE} and no schema/ folder in ${root}: run \`codegen init\` to start one, or pass --root DIR`,
    );
  }
  const names = readdirSync(schemaDir)
    .filter((n) => statSync(join(schemaDir, n)).isDirectory())
    .sort();
  return { root, ...defaultOutputs(names), manifest: DEFAULT_MANIFEST };
}

/**
 * A path from the config made relative to root ("a/b"), or an error when it is absolute outside
 * the root, leaves it, or is the root itself.
 */
export function repoPath(root: string, path: string): string | { problem: string } {
  const abs = resolve(root, path);
  const rel = relative(root, abs);
  if (rel === "") return { problem: `"${path}" is the repository root itself` };
  if (rel === ".." || rel.startsWith(`..${sep}`) || isAbsolute(rel))
    return { problem: `"${path}" is outside the repository root (${root})` };
  return rel.split(sep).join("/");
}

/** The oldest Go release that compiles the generated code (it ranges over iterator functions). */
export const GO_MINIMUM = "1.23";

/** Whether a go.mod "go" version (1.21, 1.22.3, 1.24rc1) is older than GO_MINIMUM. */
export function goTooOld(version: string): boolean {
  const [major, minor] = version.split(".").map((x) => Number.parseInt(x, 10));
  const [wantMajor, wantMinor] = GO_MINIMUM.split(".").map(Number);
  if (major === undefined || Number.isNaN(major)) return false;
  return major < wantMajor! || (major === wantMajor && (minor ?? 0) < wantMinor!);
}

/** The go line of a go.mod text, if it has one. */
export function goModVersion(text: string): string | undefined {
  return /^\s*go\s+([0-9][^\s]*)\s*(?:\/\/.*)?$/m.exec(text)?.[1];
}

/** The module path of a go.mod text, if it has a module line. */
export function goModulePath(text: string): string | undefined {
  const m = /^\s*module\s+("?)([^\s"]+)\1\s*(?:\/\/.*)?$/m.exec(text);
  return m?.[2];
}

/**
 * The import path of the Go package in `dir` (relative to root): the module path of the nearest
 * go.mod at or above it (a go.mod the tool is about to write counts), plus the rest of the path.
 */
export function findImportPath(
  root: string,
  dir: string,
  planned: GoModuleLayout[],
): { importPath: string; goMod: string; go?: string } | undefined {
  const plannedAt = new Map(planned.map((m) => [resolve(root, m.dir), m.module]));
  const pkgDir = resolve(root, dir);
  for (let d = pkgDir; ; d = dirname(d)) {
    let module = plannedAt.get(d);
    let go: string | undefined;
    let goMod = join(d, "go.mod");
    if (module === undefined && existsSync(goMod)) {
      try {
        const text = readFileSync(goMod, "utf8");
        module = goModulePath(text);
        go = goModVersion(text);
      } catch {
        module = undefined;
      }
    }
    if (module !== undefined) {
      const rest = relative(d, pkgDir).split(sep).join("/");
      const importPath = rest === "" ? module : `${module}/${rest}`;
      return {
        importPath,
        goMod: relative(root, goMod).split(sep).join("/") || "go.mod",
        ...(go !== undefined ? { go } : {}),
      };
    }
    if (dirname(d) === d) return undefined;
  }
}

export interface Claim {
  path: string;
  /** Where in the config the path comes from (JSON Pointer). */
  pointer: string;
  /** "file" or "dir" (a Go package folder: every file in it may be written). */
  kind: "file" | "dir";
}

/** Errors for outputs that two entries of the config claim (the same file, or the same Go folder). */
export function overlaps(file: string, claims: Claim[]): SchemaError[] {
  const errors: SchemaError[] = [];
  const seen = new Map<string, Claim>();
  for (const c of claims) {
    const key = `${c.kind}:${c.path}`;
    const first = seen.get(key);
    if (first !== undefined) {
      errors.push(
        new SchemaError(
          file,
          c.pointer,
          `${c.kind === "dir" ? "Go package folder" : "output file"} "${c.path}" is also written by ${first.pointer}`,
          "give each output its own path",
        ),
      );
    } else seen.set(key, c);
  }
  return errors;
}
