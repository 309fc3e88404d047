// Markdown pieces of the protocol reference: anchors, table cells, code spans, tables.
import type { Printer } from "../print/printer";

/** The GitHub anchor of a heading or definition name. */
export const anchor = (name: string): string => name.toLowerCase().replace(/[^a-z0-9_-]/g, "");

/** Escapes text for one Markdown table cell. */
export function cell(text: string): string {
  return text
    .replace(/\r?\n+/g, " ")
    .replace(/\|/g, "\\|")
    .trim();
}

/** A code span that survives backticks inside. */
export function codeSpan(text: string): string {
  const fence = text.includes("`") ? "``" : "`";
  const pad = text.startsWith("`") || text.endsWith("`") ? " " : "";
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** A JSON value as code. */
export const json = (v: unknown): string => codeSpan(JSON.stringify(v));

/** A table: the head, the separator, one row per entry (each cell escaped). */
export function table(pr: Printer, head: string[], rows: string[][]): void {
  pr.raw(`| ${head.join(" | ")} |`);
  pr.raw(`|${head.map(() => "---").join("|")}|`);
  for (const r of rows) pr.raw(`| ${r.map(cell).join(" | ")} |`);
}

/** 4194304 -> "4,194,304" (fixed, not locale-dependent). */
export function grouped(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}
