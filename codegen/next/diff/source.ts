// Reads the schema files of every protocol from one side of a diff: a folder (a repository root) or
// a git ref, read with `git ls-tree` / `git show` (no checkout). Protocols are found as the CLI finds
// them: the config's layout when there is one, else every folder of schema/ holding a .json file.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { SchemaError, SchemaErrors } from "../../errors";
import type { Layout } from "../../layout";
import { readProtocolFiles } from "../../load";
import type { SchemaFile } from "../../schema/set";

/** A side that cannot be read as asked: a usage error (exit 2). */
export class SourceError extends Error {}

export interface SchemaSide {
  /** As given on the command line. */
  label: string;
  /** Protocol name -> its schema files (paths relative to the repository root, e.g. "schema/runner/records.json"). */
  protocols: Map<string, SchemaFile[]>;
}

function git(root: string, args: string[]): string | undefined {
  const r = spawnSync("git", args, { cwd: root, encoding: "utf8", maxBuffer: 256 << 20 });
  if (r.error !== undefined || r.status !== 0) return undefined;
  return r.stdout;
}

/** Entries of a tree in `ref` (`git ls-tree -z`), as [type, path]. */
function lsTree(root: string, ref: string, path: string): [string, string][] {
  const out = git(root, ["ls-tree", "-z", ref, "--", path]);
  if (out === undefined) throw new SourceError(`git ls-tree ${ref} ${path} failed`);
  return out
    .split("\0")
    .filter((l) => l !== "")
    .map((l) => {
      const tab = l.indexOf("\t");
      const [, type] = l.slice(0, tab).split(" ");
      return [type!, l.slice(tab + 1)];
    });
}

/** The commit `ref` names in the repository at root. */
function commitOf(root: string, ref: string): string {
  const commit = git(root, ["rev-parse", "--verify", "--quiet", `${ref}^{commit}`]);
  if (commit === undefined || commit.trim() === "")
    throw new SourceError(`${ref} is neither a folder nor a git commit of the repository at ${root}`);
  return commit.trim();
}

const byPath = (a: SchemaFile, b: SchemaFile): number => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

function filesOrThrow(folder: string, schema: string[]): SchemaFile[] {
  const errors: SchemaError[] = [];
  const files = readProtocolFiles(folder, { schema }, errors);
  if (errors.length > 0) throw new SchemaErrors(errors);
  return files;
}

/** The default layout in `folder`: one protocol per folder of schema/ that holds a .json file. */
export function readFolderSide(folder: string, label = folder): SchemaSide {
  const schemaDir = join(folder, "schema");
  if (!existsSync(schemaDir) || !statSync(schemaDir).isDirectory())
    throw new SourceError(`${label}: no schema/ folder in ${folder}`);
  const protocols = new Map<string, SchemaFile[]>();
  for (const name of readdirSync(schemaDir).sort()) {
    const dir = join(schemaDir, name);
    if (!statSync(dir).isDirectory()) continue;
    if (!readdirSync(dir).some((n) => n.endsWith(".json"))) continue;
    protocols.set(name, filesOrThrow(folder, [`schema/${name}`]));
  }
  return { label, protocols };
}

/** The default layout at a git ref. */
export function readGitSide(root: string, ref: string): SchemaSide {
  const id = commitOf(root, ref);
  const protocols = new Map<string, SchemaFile[]>();
  for (const [type, dir] of lsTree(root, id, "schema/")) {
    if (type !== "tree") continue;
    const name = dir.slice("schema/".length);
    const files: SchemaFile[] = [];
    for (const [ftype, path] of lsTree(root, id, `${dir}/`)) {
      if (ftype !== "blob" || !path.endsWith(".json")) continue;
      const text = git(root, ["show", `${id}:${path}`]);
      if (text === undefined) throw new SourceError(`git show ${ref}:${path} failed`);
      files.push({ path, text });
    }
    if (files.length > 0) protocols.set(name, files.sort(byPath));
  }
  return { label: ref, protocols };
}

/** The protocols of a config's layout in `folder` (a checkout); a protocol whose schema is not there is absent. */
export function readLayoutFolderSide(folder: string, layout: Layout, label = folder): SchemaSide {
  const protocols = new Map<string, SchemaFile[]>();
  for (const p of layout.protocols) {
    const present = p.schema.filter((s) => existsSync(join(folder, s)));
    if (present.length === 0) continue;
    const files = filesOrThrow(folder, present);
    if (files.length > 0) protocols.set(p.name, files);
  }
  return { label, protocols };
}

/** The protocols of a config's layout at a git ref (paths relative to root, read with git show). */
export function readLayoutGitSide(root: string, ref: string, layout: Layout): SchemaSide {
  const id = commitOf(root, ref);
  const show = (path: string): string => {
    const text = git(root, ["show", `${id}:./${path}`]);
    if (text === undefined) throw new SourceError(`git show ${ref}:${path} failed`);
    return text;
  };
  const protocols = new Map<string, SchemaFile[]>();
  for (const p of layout.protocols) {
    const files: SchemaFile[] = [];
    for (const s of p.schema) {
      const entry = lsTree(root, id, s).find(([, path]) => path === s);
      if (entry === undefined) continue;
      if (entry[0] === "blob") files.push({ path: s, text: show(s) });
      else if (entry[0] === "tree") {
        for (const [type, path] of lsTree(root, id, `${s}/`))
          if (type === "blob" && path.endsWith(".json")) files.push({ path, text: show(path) });
      }
    }
    if (files.length > 0) protocols.set(p.name, files.sort(byPath));
  }
  return { label: ref, protocols };
}

/** A folder when `spec` names an existing directory (relative to the current directory), else a git ref of `root`. */
export function readSide(spec: string, root: string, layout?: Layout): SchemaSide {
  const folder = resolve(spec);
  if (existsSync(folder) && statSync(folder).isDirectory())
    return layout === undefined ? readFolderSide(folder, spec) : readLayoutFolderSide(folder, layout, spec);
  return layout === undefined ? readGitSide(root, spec) : readLayoutGitSide(root, spec, layout);
}

/** The working tree of the repository at root. */
export function readWorkingTree(root: string, layout?: Layout): SchemaSide {
  return layout === undefined
    ? readFolderSide(root, "working tree")
    : readLayoutFolderSide(root, layout, "working tree");
}
