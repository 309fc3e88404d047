// Reads the schema of every protocol of a layout and builds their IR. Errors are collected across
// files and protocols: one run reports every problem it can find (SchemaErrors), or none.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { SchemaError, SchemaErrors } from "./errors";
import { protocolFromFiles } from "./next/ir/load";
import type { Protocol } from "./next/ir/types";
import type { Layout, ProtocolOutputs } from "./layout";
import type { SchemaFile } from "./schema/set";

/** The schema files of one protocol: every *.json of each folder, and each file, by repository path. */
export function readProtocolFiles(
  root: string,
  spec: Pick<ProtocolOutputs, "schema">,
  errors: SchemaError[],
): SchemaFile[] {
  const files = new Map<string, SchemaFile>();
  for (const s of spec.schema) {
    const abs = join(root, s);
    let isDir: boolean;
    try {
      isDir = statSync(abs).isDirectory();
    } catch {
      errors.push(
        new SchemaError(
          s,
          "",
          "the schema folder or file does not exist",
          "check the path (relative to the repository root)",
        ),
      );
      continue;
    }
    const names = isDir
      ? readdirSync(abs)
          .filter((n) => n.endsWith(".json"))
          .sort()
          .map((n) => `${s}/${n}`)
      : [s];
    if (names.length === 0)
      errors.push(new SchemaError(s, "", "the schema folder holds no .json file", "add the protocol's schema files"));
    for (const path of names) {
      try {
        files.set(path, { path, text: readFileSync(join(root, path), "utf8") });
      } catch {
        errors.push(new SchemaError(path, "", "the file cannot be read", "check its permissions"));
      }
    }
  }
  return [...files.values()].sort((a, b) => (a.path < b.path ? -1 : 1));
}

function collect(e: unknown, into: SchemaError[]): void {
  if (e instanceof SchemaErrors) into.push(...e.errors);
  else if (e instanceof SchemaError) into.push(e);
  else throw e;
}

/** Builds one protocol from its files, with every problem of all of them (loading, meta-schema, IR). */
export function buildFromFiles(name: string, files: SchemaFile[], errors: SchemaError[]): Protocol | undefined {
  try {
    return protocolFromFiles(name, files);
  } catch (e) {
    collect(e, errors);
    return undefined;
  }
}

/** Every protocol of the layout; throws SchemaErrors with the problems of all of them. */
export function loadLayoutProtocols(layout: Layout): Protocol[] {
  const errors: SchemaError[] = [];
  const protocols: Protocol[] = [];
  for (const spec of layout.protocols) {
    const before = errors.length;
    const files = readProtocolFiles(layout.root, spec, errors);
    if (errors.length > before) continue;
    const p = buildFromFiles(spec.name, files, errors);
    if (p !== undefined) protocols.push(p);
  }
  if (errors.length > 0) throw new SchemaErrors(errors);
  return protocols;
}
