// wire-codegen.json: found, read, decoded with the decoder this generator makes from
// schema/config/config.json (out/ts/config/generated.ts), then checked as a whole (paths inside the
// repository, no output written twice, Go import paths). Every problem is reported at once.
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { SchemaError, SchemaErrors } from "./errors";
import type { Config, DecodeError as ConfigDecodeError } from "../out/ts/config/generated";
import {
  CONFIG_FILE,
  DEFAULT_MANIFEST,
  defaultLayout,
  findImportPath,
  goPackageName,
  goTooOld,
  GO_MINIMUM,
  GO_KEYWORDS,
  LayoutError,
  overlaps,
  repoPath,
  type Claim,
  type GoModuleLayout,
  type Layout,
  type ProtocolOutputs,
} from "./layout";

type ConfigModule = typeof import("../out/ts/config/generated");

/** The config decoder, loaded on use: a repository without a config never needs it. */
function configModule(): ConfigModule {
  return require("../out/ts/config/generated") as ConfigModule;
}

/** The folder at or above `start` holding wire-codegen.json, if any. */
export function findConfigRoot(start: string): string | undefined {
  for (let d = resolve(start); ; d = dirname(d)) {
    if (existsSync(join(d, CONFIG_FILE))) return d;
    if (dirname(d) === d) return undefined;
  }
}

const HINTS: Record<string, string> = {
  unknown_field: `remove the key or fix its spelling (the keys are listed in the README's config reference; editors complete them from "$schema")`,
  missing_field: "add the key",
  type: "give the value the type the schema asks for",
  length: "give at least one entry (or leave the optional key out)",
  pattern: "fix the value's form as the key's description says",
  syntax: "fix the JSON syntax",
  utf8: "save the file as UTF-8",
};

function hintFor(pointer: string, code: string): string {
  if (code === "pattern") {
    if (pointer.endsWith("/docs")) return "give a path ending in .md";
    if (/\/typescript\/\d+$/.test(pointer)) return "give a path ending in .ts";
    if (pointer.endsWith("/package")) return "give a Go package name: lower-case letters, digits and _";
    if (pointer.endsWith("/name")) return "start with a letter; then letters, digits, _ and -";
    if (pointer.endsWith("/go")) return 'give a Go release such as "1.24"';
  }
  return HINTS[code] ?? "fix the value as the key's description in the config schema says";
}

function configError(file: string, e: ConfigDecodeError, prefix = ""): SchemaError {
  return new SchemaError(file, prefix + e.pointer, e.message, hintFor(prefix + e.pointer, e.code));
}

/**
 * Decodes the config text; on failure, decodes each entry of the arrays on its own as well, so
 * that every entry's first problem is reported (the decoder stops at the first one).
 */
export function decodeConfigText(file: string, text: string): Config {
  const m = configModule();
  try {
    return m.decodeConfig(text);
  } catch (e0) {
    if (!(e0 instanceof m.DecodeError)) throw e0;
    const errors: SchemaError[] = [];
    let root: unknown;
    try {
      root = JSON.parse(text);
    } catch {
      throw new SchemaErrors([configError(file, e0)]);
    }
    if (root !== null && typeof root === "object" && !Array.isArray(root)) {
      const o = root as Record<string, unknown>;
      const piece = (value: unknown, decode: (s: string) => unknown, prefix: string): void => {
        try {
          decode(JSON.stringify(value));
        } catch (e) {
          if (e instanceof m.DecodeError) errors.push(configError(file, e, prefix));
          else throw e;
        }
      };
      const stub: Record<string, unknown> = { ...o };
      if (Array.isArray(o.protocols)) {
        o.protocols.forEach((p, i) => piece(p, m.decodeProtocolConfig, `/protocols/${i}`));
        if (o.protocols.length > 0) stub.protocols = [{ name: "x", schema: ["x"] }];
      }
      if (Array.isArray(o.goModules)) {
        o.goModules.forEach((g, i) => piece(g, m.decodeGoModuleConfig, `/goModules/${i}`));
        stub.goModules = [];
      }
      piece(stub, m.decodeConfig, "");
    }
    throw new SchemaErrors(errors.length > 0 ? errors : [configError(file, e0)]);
  }
}

/** The layout a decoded config describes, checked as a whole; throws SchemaErrors with every problem. */
export function layoutFromConfig(root: string, file: string, config: Config): Layout {
  const errors: SchemaError[] = [];
  const claims: Claim[] = [];
  const path = (value: string, pointer: string, kind: Claim["kind"] | undefined): string => {
    const r = repoPath(root, value);
    if (typeof r !== "string") {
      errors.push(
        new SchemaError(
          file,
          pointer,
          r.problem,
          "give a path inside the repository, relative to the folder of wire-codegen.json",
        ),
      );
      return value;
    }
    if (kind !== undefined) claims.push({ path: r, pointer, kind });
    return r;
  };
  const goModules: GoModuleLayout[] = (config.goModules ?? []).map((g, i) => {
    const dir = path(g.dir, `/goModules/${i}/dir`, undefined);
    claims.push({ path: `${dir}/go.mod`, pointer: `/goModules/${i}/dir`, kind: "file" });
    if (g.go !== undefined && goTooOld(g.go))
      errors.push(
        new SchemaError(
          file,
          `/goModules/${i}/go`,
          `the generated Go code needs Go ${GO_MINIMUM} or later, not ${g.go}`,
          `set "go" to "${GO_MINIMUM}" or later`,
        ),
      );
    return { dir, module: g.module, go: g.go ?? "1.24" };
  });
  const names = new Map<string, number>();
  const protocols: ProtocolOutputs[] = config.protocols.map((p, i) => {
    const at = `/protocols/${i}`;
    const seen = names.get(p.name);
    if (seen !== undefined)
      errors.push(
        new SchemaError(
          file,
          `${at}/name`,
          `protocol name "${p.name}" is also the name of /protocols/${seen}`,
          "give each protocol its own name",
        ),
      );
    else names.set(p.name, i);
    const schema = p.schema.map((s, j) => {
      const r = path(s, `${at}/schema/${j}`, undefined);
      if (typeof repoPath(root, s) === "string" && !existsSync(join(root, r))) {
        errors.push(
          new SchemaError(
            file,
            `${at}/schema/${j}`,
            `"${s}" does not exist`,
            "give a folder holding the protocol's *.json schema files, or one such file",
          ),
        );
      }
      return r;
    });
    const out: ProtocolOutputs = {
      name: p.name,
      schema,
      typescript: (p.typescript ?? []).map((t, j) => path(t, `${at}/typescript/${j}`, "file")),
    };
    if (p.docs !== undefined) out.docs = path(p.docs, `${at}/docs`, "file");
    if (p.go !== undefined) {
      const dir = path(p.go.dir, `${at}/go/dir`, "dir");
      const pkg = p.go.package ?? goPackageName(dir.split("/").pop() ?? p.name);
      if (GO_KEYWORDS.has(pkg))
        errors.push(
          new SchemaError(file, `${at}/go/package`, `"${pkg}" is a Go keyword`, "choose another package name"),
        );
      let importPath = p.go.importPath;
      if (importPath === undefined) {
        const inside = typeof repoPath(root, p.go.dir) === "string";
        const found = inside ? findImportPath(root, dir, goModules) : undefined;
        if (inside && found === undefined) {
          errors.push(
            new SchemaError(
              file,
              `${at}/go`,
              `no go.mod in ${dir} or any folder above it, so the package has no import path`,
              `run \`go mod init MODULE\` at your Go module's root, or set "importPath"`,
            ),
          );
        } else importPath = found?.importPath;
        if (found?.go !== undefined && goTooOld(found.go))
          errors.push(
            new SchemaError(
              found.goMod,
              "",
              `the generated Go code needs Go ${GO_MINIMUM} or later, and this go.mod says go ${found.go}`,
              `raise the go line of ${found.goMod} to ${GO_MINIMUM} or later (go mod edit -go=${GO_MINIMUM})`,
            ),
          );
      }
      out.go = { dir, pkg, importPath: importPath ?? "" };
    }
    return out;
  });
  const manifest = path(config.manifest ?? DEFAULT_MANIFEST, "/manifest", "file");
  errors.push(...overlaps(file, claims));
  if (errors.length > 0) throw new SchemaErrors(errors);
  return { root, config: file, protocols, goModules, manifest };
}

/** Reads and checks root/wire-codegen.json (or `configPath`). */
export function readConfig(root: string, configPath = join(root, CONFIG_FILE)): Layout {
  const label = relative(root, configPath).split(sep).join("/") || CONFIG_FILE;
  let text: string;
  try {
    text = readFileSync(configPath, "utf8");
  } catch {
    throw new LayoutError(`cannot read the config file ${configPath}`);
  }
  return layoutFromConfig(root, label, decodeConfigText(label, text));
}

/** The layout of `root`: its wire-codegen.json when there is one, else the default layout. */
export function loadLayout(root: string, configPath?: string): Layout {
  if (configPath !== undefined) {
    if (!existsSync(configPath) || !statSync(configPath).isFile())
      throw new LayoutError(`no config file ${configPath}`);
    return readConfig(root, configPath);
  }
  if (existsSync(join(root, CONFIG_FILE))) return readConfig(root);
  return defaultLayout(root);
}
