// The IR of one protocol, from its loaded schema files, as named pure passes:
// seeds (which schemas are definitions) → build → hoist → dispatch → enums → names → protocol facts.
// Every problem of every pass is collected and thrown together at the end (SchemaErrors).
import { createHash } from "node:crypto";
import { childPointer } from "../../errors";
import { Builder, type DeclSeed } from "./build/builder";
import type { Problems } from "./build/problems";
import { isObj } from "./build/reader";
import { decideDispatch } from "./dispatch";
import { hoist } from "./hoist";
import { nameProtocol } from "./naming";
import { children } from "./query";
import type { SchemaSource } from "./source";
import type { Decl, Protocol, Type } from "./types";
import { pascalName, words } from "./words";

export interface ProtocolInput {
  name: string;
  /** Go package name (default: the protocol name). */
  goPackage?: string;
  /** The files' texts, for the digest. */
  files: { path: string; text: string }[];
  source: SchemaSource;
  /** Prepended to every definition's name (test harnesses that put several protocols in one Go package). */
  namePrefix?: string;
}

export function schemaDigest(files: { path: string; text: string }[]): string {
  const h = createHash("sha256");
  for (const f of [...files].sort((a, b) => (a.path < b.path ? -1 : 1))) h.update(`${f.path}\0${f.text}\0`);
  return h.digest("hex");
}

/** Which schemas become named definitions: each file's root when it asserts anything, and its $defs / definitions. */
const CONTAINER_KEYS = new Set([
  "$schema",
  "$id",
  "id",
  "$defs",
  "definitions",
  "$comment",
  "title",
  "description",
  "$vocabulary",
  "$anchor",
  "$dynamicAnchor",
  "x-assert-format",
]);

export function collectSeeds(src: SchemaSource): DeclSeed[] {
  const seeds: DeclSeed[] = [];
  for (const f of src.files) {
    const base = f.path.slice(f.path.lastIndexOf("/") + 1).replace(/\.json$/, "");
    const root = f.root;
    if (typeof root === "boolean") {
      seeds.push({ at: { file: f.path, pointer: "" }, key: base, root: true });
      continue;
    }
    if (!isObj(root)) continue;
    // A root that is more than a container of definitions (and their identity and docs) is a definition itself.
    if (Object.keys(root).some((k) => !CONTAINER_KEYS.has(k))) {
      seeds.push({
        at: { file: f.path, pointer: "" },
        key: rootKey(root.title, base),
        root: true,
      });
    }
    for (const container of ["$defs", "definitions"]) {
      const defs = root[container];
      if (!isObj(defs)) continue;
      for (const key of Object.keys(defs))
        seeds.push({ at: { file: f.path, pointer: childPointer(`/${container}`, key) }, key, root: false });
    }
  }
  return seeds;
}

/** A root is named from its title when that is a name (three words at most), else from its file. */
function rootKey(title: unknown, file: string): string {
  return typeof title === "string" && words(title).length > 0 && words(title).length <= 3 ? title : file;
}

export function buildProtocol(input: ProtocolInput): Protocol {
  const src = input.source;
  const seeds = collectSeeds(src);
  const b = new Builder(src);
  const built = b.run(seeds);
  const base = new Map<Decl, string>();
  built.forEach((d) => base.set(d, d.name));
  const { decls, hints } = hoist(built);
  const problems = b.problems;
  decideDispatch(decls, problems);
  for (const d of decls) enumMembersOf(d);
  nameProtocol(decls, { base, hints }, problems, input.namePrefix);
  checkOpenUnions(decls, problems);
  const protocol: Protocol = {
    name: input.name,
    goPackage: input.goPackage ?? input.name,
    files: src.files.map((f) => f.path),
    decls,
    digest: schemaDigest(input.files),
    warnings: problems.warnings,
  };
  for (const d of decls) {
    if (d.constant?.role === "frame-limit") {
      const v = d.constant.value;
      if (typeof v !== "number" || !Number.isInteger(v) || v <= 0)
        problems.error(d.origin, "the frame limit must be a positive integer", "set const to the limit in bytes");
      else protocol.frameLimit = v;
    }
    if (d.constant?.role === "protocol-version") protocol.version = d.constant.value;
  }
  const unknown = problems.unknownKeywordsWarning();
  if (unknown !== undefined) protocol.warnings.push(unknown);
  problems.throwIfAny();
  return protocol;
}

/** A string enum definition (nothing but the values) gets a named type and one constant per value. */
function enumMembersOf(d: Decl): void {
  const t = d.type;
  if (d.constant !== undefined || d.hoisted || t.kind !== "string" || t.secret || t.also !== undefined) return;
  if (t.checks.length !== 1 || t.checks[0]!.family !== "enum") return;
  const seen = new Map<string, string>();
  const members = [];
  for (const value of t.checks[0]!.values) {
    const name = pascalName(value);
    if (seen.has(name)) return; // two values with one member name: a plain string type (no member constants)
    seen.set(name, value);
    members.push({ value, name });
  }
  d.enumMembers = members;
}

/** An open union is a whole document (a line to ignore or decode): nothing may refer to it. */
function checkOpenUnions(decls: Decl[], problems: Problems): void {
  const referenced = new Set<Decl>();
  const walk = (t: Type): void => {
    if (t.kind === "ref") referenced.add(t.decl);
    children(t, walk);
  };
  for (const d of decls) if (d.constant === undefined) walk(d.type);
  for (const d of decls) {
    if (d.type.kind === "union" && d.type.open && referenced.has(d)) {
      problems.error(
        d.origin,
        `the open union ${d.name} is referenced by another type; only a whole document may be an open union`,
        "refer to a closed union instead, or remove x-open",
      );
    }
  }
}
