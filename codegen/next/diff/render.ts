// Renders a diff report: readable text, a Markdown review comment, JSON for tools, GitHub Actions annotations.
import type { JsonValue } from "../ir/types";
import type { Change, DiffReport, ProtocolDiff } from "./types";

export const FORMATS = ["text", "markdown", "json", "github"] as const;
export type Format = (typeof FORMATS)[number];

const show = (v: JsonValue | undefined): string => (v === undefined ? "none" : JSON.stringify(v));

/** "breaks old readers (host)", "breaks old readers (host) and old writers (runner)", "safe". */
export function classificationText(c: Change): string {
  const who = (list: string[]) => (list.length > 0 ? ` (${list.join(", ")})` : "");
  switch (c.classification) {
    case "safe":
      return "safe";
    case "breaks-old-readers":
      return `breaks old readers${who(c.oldReaders)}`;
    case "breaks-old-writers":
      return `breaks old writers${who(c.oldWriters)}`;
    case "breaks-old-readers-and-writers":
      return `breaks old readers${who(c.oldReaders)} and old writers${who(c.oldWriters)}`;
  }
}

function where(c: Change): string {
  if (c.file === undefined) return "";
  return c.line === undefined ? c.file : `${c.file}:${c.line}`;
}

function versionLine(p: ProtocolDiff, code = (s: string) => s): string {
  if (p.baseVersion === undefined && p.headVersion === undefined) return "no protocol version declared";
  const v = (x: JsonValue | undefined) => (x === undefined ? "none" : code(show(x)));
  return p.versionChanged
    ? `version ${v(p.baseVersion)} → ${v(p.headVersion)}`
    : `version ${v(p.headVersion)} (unchanged)`;
}

/** The closing verdict, one line. */
export function verdict(r: DiffReport): string {
  const bad = r.protocols.filter((p) => p.needsVersionChange);
  if (bad.length > 0) {
    return bad
      .map((p) => {
        const n = p.changes.filter((c) => c.classification !== "safe").length;
        const fix =
          p.headVersion === undefined
            ? 'declare a protocol version (x-constant "protocol-version") and raise it'
            : `raise the protocol version (now ${show(p.headVersion)})`;
        return `codegen diff: ${p.name} has ${n} breaking change${n === 1 ? "" : "s"} without a protocol version change: ${fix}`;
      })
      .join("\n");
  }
  const breaking = r.protocols.filter((p) => p.breaking);
  if (breaking.length > 0)
    return `codegen diff: breaking changes come with a protocol version change (${breaking.map((p) => `${p.name} ${versionLine(p)}`).join("; ")})`;
  const total = r.protocols.reduce((n, p) => n + p.changes.length, 0);
  return total === 0
    ? "codegen diff: no schema changes"
    : `codegen diff: ${total} change${total === 1 ? "" : "s"}, none breaking`;
}

export function renderText(r: DiffReport): string {
  const out: string[] = [`codegen diff: ${r.base} → ${r.head}`];
  for (const p of r.protocols) {
    out.push("", `${p.name}: ${versionLine(p)}${p.changes.length === 0 ? ", no changes" : ""}`);
    for (const c of p.changes) {
      out.push(`  [${classificationText(c)}] ${c.location}: ${c.message}`);
      out.push(`      ${c.rule}: ${c.reason}${c.file === undefined ? "" : ` (${where(c)})`}`);
    }
  }
  out.push("", verdict(r));
  return out.join("\n") + "\n";
}

const cell = (s: string): string => s.replace(/\\/g, "\\\\").replace(/\|/g, "\\|").replace(/\r?\n/g, " ");

/** The first line of the Markdown report: lets a workflow find (and update) its earlier pull request comment. */
export const MARKDOWN_MARKER = "<!-- codegen diff -->";

/**
 * A pull request comment or job summary ($GITHUB_STEP_SUMMARY): the verdict first, then one
 * table per protocol with changes; GitHub-flavoured Markdown, no HTML but the marker comment.
 */
export function renderMarkdown(r: DiffReport): string {
  const total = r.protocols.reduce((n, p) => n + p.changes.length, 0);
  const out: string[] = [
    MARKDOWN_MARKER,
    "## Protocol schema changes",
    "",
    `**${verdict(r)
      .replace(/^codegen diff: /, "")
      .replace(/\n/g, " ")}**`,
    "",
    `Base \`${r.base}\`, head \`${r.head}\`: ${total} change${total === 1 ? "" : "s"} in ${r.protocols.length} protocol${r.protocols.length === 1 ? "" : "s"}.`,
  ];
  for (const p of r.protocols) {
    out.push("", `### \`${p.name}\`: ${versionLine(p, (s) => `\`${s}\``)}`, "");
    if (p.needsVersionChange)
      out.push("**Breaking changes without a protocol version change: raise the protocol version.**", "");
    else if (p.breaking) out.push("Breaking changes, with a protocol version change.", "");
    if (p.changes.length === 0) {
      out.push("No changes.");
      continue;
    }
    out.push("| Change | Location | Classification | Reason |", "|---|---|---|---|");
    for (const c of p.changes) {
      const loc = `\`${c.location}\`${c.file === undefined ? "" : ` (${where(c)})`}`;
      const cls = c.classification === "safe" ? "safe" : `**${classificationText(c)}**`;
      out.push(`| ${cell(c.message)} | ${cell(loc)} | ${cell(cls)} | ${cell(c.reason)} (\`${c.rule}\`) |`);
    }
  }
  return out.join("\n") + "\n";
}

export function renderJson(r: DiffReport): string {
  return JSON.stringify(r, null, 2) + "\n";
}

const escData = (s: string): string => s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
const escProp = (s: string): string => escData(s).replace(/:/g, "%3A").replace(/,/g, "%2C");

/** One workflow command per change: error when it breaks and the version did not change, warning when it breaks with a version change, notice when safe. */
export function renderGithub(r: DiffReport): string {
  const out: string[] = [];
  for (const p of r.protocols) {
    for (const c of p.changes) {
      const level = c.classification === "safe" ? "notice" : p.needsVersionChange ? "error" : "warning";
      const props = [
        c.file && `file=${escProp(c.file)}`,
        c.line !== undefined && `line=${c.line}`,
        `title=${escProp(`codegen diff: ${classificationText(c)}`)}`,
      ]
        .filter(Boolean)
        .join(",");
      out.push(`::${level} ${props}::${escData(`${c.location}: ${c.message}. ${c.reason} (${c.rule})`)}`);
    }
    if (p.needsVersionChange) {
      const v = p.versionLocation;
      const props = v === undefined ? "" : ` file=${escProp(v.file)}${v.line === undefined ? "" : `,line=${v.line}`}`;
      out.push(
        `::error${props}::${escData(`${p.name}: breaking changes need a protocol version change (now ${show(p.headVersion)})`)}`,
      );
    }
  }
  out.push(verdict(r));
  return out.join("\n") + "\n";
}

export function render(r: DiffReport, format: Format): string {
  switch (format) {
    case "text":
      return renderText(r);
    case "markdown":
      return renderMarkdown(r);
    case "json":
      return renderJson(r);
    case "github":
      return renderGithub(r);
  }
}
