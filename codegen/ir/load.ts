// Reads one protocol's schema folder from disk and builds its IR (the only disk access before emitting).
import { readdirSync, readFileSync } from "node:fs";
import { basename, join, relative } from "node:path";
import { SchemaError } from "../errors";
import { parseSchemaFiles, type SchemaFile } from "../schema/files";
import { checkMetaSchema } from "../schema/meta";
import { buildProtocol } from "./build";
import type { Protocol } from "./types";

/** Reads the *.json files of `dir`; paths are made relative to `root` (the repository). */
export function readSchemaFolder(dir: string, root = process.cwd()): SchemaFile[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith(".json")).sort();
  } catch {
    throw new SchemaError(relative(root, dir) || dir, "", "the schema folder cannot be read", "check the path");
  }
  if (names.length === 0) throw new SchemaError(relative(root, dir) || dir, "", "the schema folder holds no .json file", "add the protocol's schema files");
  return names.map((n) => ({ path: relative(root, join(dir, n)).split("\\").join("/"), text: readFileSync(join(dir, n), "utf8") }));
}

export function protocolFromFiles(name: string, files: SchemaFile[]): Protocol {
  checkMetaSchema(parseSchemaFiles(files));
  return buildProtocol(name, files);
}

export function loadProtocol(dir: string, root = process.cwd()): Protocol {
  return protocolFromFiles(basename(dir), readSchemaFolder(dir, root));
}
