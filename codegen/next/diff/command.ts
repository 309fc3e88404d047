// `codegen diff --base <ref|folder> [--head <ref|folder>] [--format text|markdown|json|github]`:
// a semantic diff of every protocol's schema, classified by the breaking-change rules.
// Exit 0: no breaking change, or each comes with a protocol version change; 1: a breaking change without
// one (or a schema that cannot be built); 2: usage.
import { SchemaError, SchemaErrors } from "../../errors";
import type { Layout } from "../../layout";
import type { Protocol } from "../ir/types";
import { diffProtocol } from "./differ";
import { protocolFromFiles } from "../ir/load";
import { lineOfPointer } from "./pointer-line";
import { FORMATS, render, type Format } from "./render";
import { readSide, readWorkingTree, SourceError, type SchemaSide } from "./source";
import type { DiffReport } from "./types";

export const DIFF_USAGE = `usage: codegen diff --base <git ref or folder> [--head <git ref or folder>] [--format text|markdown|json|github]
  compares the schema of every protocol (those of wire-codegen.json, else every folder of schema/)
  at the IR level and classifies each change; a folder is a repository root (another checkout);
  the head defaults to the working tree (--root).
  exit 1 when a breaking change comes without a protocol version change, 2 on usage errors`;

export interface DiffIO {
  out(text: string): void;
  err(text: string): void;
}

const stdio: DiffIO = { out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(t) };

function build(side: SchemaSide, name: string): Protocol | undefined {
  const files = side.protocols.get(name);
  if (files === undefined) return undefined;
  try {
    return protocolFromFiles(name, files);
  } catch (e) {
    if (e instanceof SchemaError || e instanceof SchemaErrors)
      throw new SchemaError(
        `${side.label}: protocol ${name}`,
        "",
        `the schema cannot be built:\n${e.message}`,
        "fix the schema on that side, or compare other commits",
      );
    throw e;
  }
}

/** The text of a schema file on the head side (undefined when the file is only in the base). */
function headText(base: SchemaSide, head: SchemaSide, file: string): string | undefined {
  for (const side of [head, base]) {
    for (const files of side.protocols.values()) {
      const f = files.find((x) => x.path === file);
      if (f !== undefined) return side === head ? f.text : undefined;
    }
  }
  return undefined;
}

/** The diff of two sides (pure apart from what the sides already read). */
export function diffSides(base: SchemaSide, head: SchemaSide): DiffReport {
  const names = [...new Set([...base.protocols.keys(), ...head.protocols.keys()])].sort();
  const protocols = names.map((n) => diffProtocol(n, build(base, n), build(head, n)));
  for (const p of protocols) {
    for (const c of p.changes) {
      const t = c.file === undefined ? undefined : headText(base, head, c.file);
      if (t !== undefined) c.line = lineOfPointer(t, c.pointer ?? "");
    }
    const v = p.versionLocation;
    const t = v === undefined ? undefined : headText(base, head, v.file);
    if (v !== undefined && t !== undefined) v.line = lineOfPointer(t, v.pointer);
  }
  const ok = !protocols.some((p) => p.needsVersionChange);
  return { format: "codegen-diff/1", base: base.label, head: head.label, ok, protocols };
}

interface DiffArgs {
  base: string;
  head?: string;
  format: Format;
}

/** The command's own arguments, or the usage problem. */
function parseArgs(args: string[], format: string): DiffArgs | string {
  let base: string | undefined;
  let head: string | undefined;
  let fmt = format;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const eq = a.indexOf("=");
    const [flag, inline] = a.startsWith("--") && eq > 0 ? [a.slice(0, eq), a.slice(eq + 1)] : [a, undefined];
    if (flag !== "--base" && flag !== "--head" && flag !== "--format") return `unknown argument ${JSON.stringify(a)}`;
    const value = inline ?? args[++i];
    if (value === undefined || value === "") return `${flag} needs a value`;
    if (flag === "--base") base = value;
    else if (flag === "--head") head = value;
    else fmt = value;
  }
  if (base === undefined) return "--base is required";
  if (!(FORMATS as readonly string[]).includes(fmt))
    return `unknown format ${JSON.stringify(fmt)} (use ${FORMATS.join(", ")})`;
  return { base, ...(head !== undefined && { head }), format: fmt as Format };
}

export function runDiff(args: string[], root: string, format = "text", io: DiffIO = stdio, layout?: Layout): number {
  const parsed = parseArgs(args, format);
  const usage = (problem: string): number => {
    io.err(`codegen diff: ${problem}\n${DIFF_USAGE}\n`);
    return 2;
  };
  if (typeof parsed === "string") return usage(parsed);
  let report: DiffReport;
  try {
    const base = readSide(parsed.base, root, layout);
    const head = parsed.head === undefined ? readWorkingTree(root, layout) : readSide(parsed.head, root, layout);
    report = diffSides(base, head);
  } catch (e) {
    if (e instanceof SourceError) return usage(e.message);
    if (e instanceof SchemaError || e instanceof SchemaErrors) {
      io.err(`codegen diff: ${e.message}\n`);
      return 1;
    }
    throw e;
  }
  io.out(render(report, parsed.format));
  if (!report.ok && parsed.format !== "text") {
    const bad = report.protocols.filter((p) => p.needsVersionChange);
    io.err(
      `${bad.map((p) => `codegen diff: ${p.name}: breaking changes without a protocol version change`).join("\n")}\n`,
    );
  }
  return report.ok ? 0 : 1;
}
