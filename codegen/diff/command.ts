// `codegen diff --base <ref|folder> [--head <ref|folder>] [--format text|markdown|json|github]`:
// a semantic diff of every protocol's schema, classified by the breaking-change rules.
// Exit 0: no breaking change, or each comes with a protocol version change; 1: a breaking change without
// one (or a schema that cannot be built); 2: usage.
import { SchemaError, SchemaErrors } from "../errors";
import { protocolFromFiles } from "../ir/load";
import type { Protocol } from "../ir/types";
import { diffProtocol } from "./compare";
import { lineOfPointer } from "./pointer-line";
import { FORMATS, render, type Format } from "./render";
import { readFolderSide, readLayoutFolderSide, readSide, SourceError, type SchemaSide } from "./source";
import type { Layout } from "../layout";
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
    if (e instanceof SchemaError || e instanceof SchemaErrors) throw new SchemaError(`${side.label}: protocol ${name}`, "", `the schema cannot be built:\n${e.message}`, "fix the schema on that side, or compare other commits");
    throw e;
  }
}

/** The diff of two sides (pure apart from what the sides already read). */
export function diffSides(base: SchemaSide, head: SchemaSide): DiffReport {
  const names = [...new Set([...base.protocols.keys(), ...head.protocols.keys()])].sort();
  const protocols = names.map((n) => diffProtocol(n, build(base, n), build(head, n)));
  const text = (file: string): string | undefined => {
    for (const side of [head, base]) {
      for (const files of side.protocols.values()) {
        const f = files.find((x) => x.path === file);
        if (f !== undefined) return side === head ? f.text : undefined;
      }
    }
    return undefined;
  };
  for (const p of protocols) {
    for (const c of p.changes) {
      const t = c.file === undefined ? undefined : text(c.file);
      if (t !== undefined) c.line = lineOfPointer(t, c.pointer ?? "");
    }
    const v = p.versionLocation;
    const t = v === undefined ? undefined : text(v.file);
    if (v !== undefined && t !== undefined) v.line = lineOfPointer(t, v.pointer);
  }
  return { format: "codegen-diff/1", base: base.label, head: head.label, ok: !protocols.some((p) => p.needsVersionChange), protocols };
}

export function runDiff(args: string[], root: string, format = "text", io: DiffIO = stdio, layout?: Layout): number {
  let baseSpec: string | undefined;
  let headSpec: string | undefined;
  let fmt = format;
  const usage = (problem: string): number => {
    io.err(`codegen diff: ${problem}\n${DIFF_USAGE}\n`);
    return 2;
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const eq = a.indexOf("=");
    const [flag, inline] = a.startsWith("--") && eq > 0 ? [a.slice(0, eq), a.slice(eq + 1)] : [a, undefined];
    if (flag !== "--base" && flag !== "--head" && flag !== "--format") return usage(`unknown argument ${JSON.stringify(a)}`);
    const value = inline ?? args[++i];
    if (value === undefined || value === "") return usage(`${flag} needs a value`);
    if (flag === "--base") baseSpec = value;
    else if (flag === "--head") headSpec = value;
    else fmt = value;
  }
  if (baseSpec === undefined) return usage("--base is required");
  if (!(FORMATS as readonly string[]).includes(fmt)) return usage(`unknown format ${JSON.stringify(fmt)} (use ${FORMATS.join(", ")})`);
  let report: DiffReport;
  try {
    const base = readSide(baseSpec, root, layout);
    const head = headSpec === undefined ? (layout === undefined ? readFolderSide(root, "working tree") : readLayoutFolderSide(root, layout, "working tree")) : readSide(headSpec, root, layout);
    report = diffSides(base, head);
  } catch (e) {
    if (e instanceof SourceError) return usage(e.message);
    if (e instanceof SchemaError || e instanceof SchemaErrors) {
      io.err(`codegen diff: ${e.message}\n`);
      return 1;
    }
    throw e;
  }
  io.out(render(report, fmt as Format));
  if (!report.ok && fmt !== "text") io.err(`${report.protocols.filter((p) => p.needsVersionChange).map((p) => `codegen diff: ${p.name}: breaking changes without a protocol version change`).join("\n")}\n`);
  return report.ok ? 0 : 1;
}
