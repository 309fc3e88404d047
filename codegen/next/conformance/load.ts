// Protocols on the new core for the cross-language checks: schema files → SchemaSet → IR
// (buildProtocol, with a name prefix so that several share one Go program) → generated TypeScript
// loaded in memory, and a value generator whose oracle is the reference evaluator.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { TsProtocol } from "./ts";
import { SchemaSet } from "../../schema/set";
import { buildProtocol } from "../ir/protocol";
import type { Protocol } from "../ir/types";
import { Generator, type GenOptions, type Oracle } from "./arbitrary";
import { loadTs } from "./tsmodule";

export interface SchemaText {
  path: string;
  text: string;
}

export interface NextProtocol {
  /** The protocol's name (schema/<name>). */
  name: string;
  /** Its name in a Go batch and the prefix of its definitions' names. */
  key: string;
  files: SchemaText[];
  set: SchemaSet;
  ir: Protocol;
  gen: Generator;
  ts: TsProtocol;
}

/** The *.json files of schema/<name>, as repository-relative paths and texts. */
export function schemaFolder(root: string, name: string): SchemaText[] {
  const dir = join(root, "schema", name);
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => ({ path: `schema/${name}/${f}`, text: readFileSync(join(dir, f), "utf8") }));
}

/** A protocol from its files; `oracle` makes the reference evaluator of its schema set. */
export function loadNext(
  name: string,
  files: SchemaText[],
  opts: { key?: string; oracle?: (set: SchemaSet) => Oracle; gen?: GenOptions } = {},
): NextProtocol {
  const key = opts.key ?? name.charAt(0).toUpperCase() + name.slice(1);
  const set = SchemaSet.load(files);
  const ir = buildProtocol({ name, files, source: set, namePrefix: key });
  const gen = new Generator(ir, { ...opts.gen, ...(opts.oracle !== undefined ? { oracle: opts.oracle(set) } : {}) });
  return { name, key, files, set, ir, gen, ts: loadTs(ir) };
}
