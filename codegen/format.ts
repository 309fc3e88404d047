// Formatting is part of generation: prettier (pinned) for TypeScript, gofmt for Go.
// Both are pure functions of their input, so their results are cached by content hash under
// node_modules/.cache/wire-codegen (CODEGEN_NO_CACHE=1 turns the cache off): a cache hit returns the
// bytes prettier or gofmt gave for exactly this input, with this formatter version and options.
// prettier is loaded only on a cache miss (loading it costs more than the rest of a run).
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, delimiter, dirname, join } from "node:path";
import { RUNTIME_FILE_PREFIX } from "./go/module";
import { packageRoot } from "./package";
import { runtimeSource } from "./next/ts/emit";
import { runtimeChunks } from "./next/ts/runtime-shake";
import type * as Prettier from "prettier";
import type { OutputFiles } from "./generate";

export const PRETTIER_OPTIONS: Prettier.Options = {
  parser: "typescript",
  printWidth: 120,
  trailingComma: "all",
  endOfLine: "lf",
};

/** node_modules/.cache/wire-codegen of the project that has the tool installed (or of this repository). */
function cacheDir(): string {
  const pkg = packageRoot();
  const parent = dirname(pkg);
  return basename(parent) === "node_modules"
    ? join(parent, ".cache", "wire-codegen")
    : join(pkg, "node_modules", ".cache", "wire-codegen");
}
const CACHE_DIR = cacheDir();
const useCache = process.env.CODEGEN_NO_CACHE !== "1";

function cacheKey(...parts: string[]): string {
  const h = createHash("sha256");
  for (const p of parts) h.update(String(p.length)).update(":").update(p);
  return h.digest("hex");
}

function cacheGet(key: string): string | undefined {
  if (!useCache) return undefined;
  try {
    return readFileSync(join(CACHE_DIR, key), "utf8");
  } catch {
    return undefined;
  }
}

function cachePut(key: string, text: string): void {
  if (!useCache) return;
  try {
    mkdirSync(CACHE_DIR, { recursive: true });
    const tmp = join(CACHE_DIR, `${key}.${process.pid}.tmp`);
    writeFileSync(tmp, text);
    renameSync(tmp, join(CACHE_DIR, key)); // atomic: a reader sees the whole entry or none
  } catch {
    // a read-only or missing node_modules only costs the cache
  }
}

let prettierVersion: string | undefined;
function prettierId(): string {
  prettierVersion ??= (
    JSON.parse(readFileSync(require.resolve("prettier/package.json"), "utf8")) as { version: string }
  ).version;
  return `prettier ${prettierVersion} ${JSON.stringify(PRETTIER_OPTIONS)}`;
}

/** The gofmt on PATH, identified by path, size and modification time (no process start). */
function gofmtId(): string {
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    if (dir === "") continue;
    try {
      const st = statSync(join(dir, "gofmt"));
      if (st.isFile()) return `gofmt ${join(dir, "gofmt")} ${st.size} ${st.mtimeMs}`;
    } catch {
      // not in this directory
    }
  }
  return "gofmt (not found)";
}

export function gofmt(path: string, text: string): string {
  const r = spawnSync("gofmt", [], { input: text, encoding: "utf8", maxBuffer: 64 << 20 });
  if (r.error) throw new Error(`gofmt could not run (${r.error.message}); Go must be installed to generate Go output`);
  if (r.status !== 0) throw new Error(`generator bug: ${path} is not valid Go:\n${r.stderr}`);
  return r.stdout;
}

/**
 * The top-level chunks of emitted TypeScript: the text cut at every blank line that is followed by
 * a line starting at column 0 (other than a closing bracket). Prettier formats top-level statements
 * independently of each other and keeps one blank line between them, so formatting the chunks one
 * by one and joining them with blank lines gives what formatting the whole text gives.
 */
export function tsChunks(text: string): string[] {
  let end = text.length;
  while (end > 0 && text[end - 1] === "\n") end--;
  return text.slice(0, end).split(/\n(?:[ \t]*\n)+(?=[^\s}\])])/);
}

/** A `case x: stmt;` line. */
const CASE_STATEMENT = /^\s*(?:case\b[^\n]*|default):[ \t]*(?!\{[ \t]*$)\S/m;
const BLOCK_BLANK = /\{[ \t]*\n[ \t]*\n|\n[ \t]*\n[ \t]*[}\])]/;
const WS_ODDITY = /[ \t]$|\t|\r|\n\n\n/m;
const UNION_LINE = /^\s*\| /m;
/** A string literal alone on its line (an argument prettier cannot break further). */
const LONE_STRING = /^\s*"(?:[^"\\]|\\.)*",?$/;
/** A type member `key?: Name;` of one type name: prettier has nowhere to break it. */
const LONE_MEMBER = /^ *(?:"(?:[^"\\]|\\.)*"|[\w$]+)\??: [\w$.]+;$/;
/** A tuple member of a broken union, one element a line (unionMemberLine). */
const BROKEN_TUPLE_SOURCE = String.raw`\[\n((?: {6}[^\n]+,\n)+) {4}\]`;
const BROKEN_TUPLE = new RegExp(BROKEN_TUPLE_SOURCE, "g");
const BROKEN_UNION_MEMBER = String.raw` {2}\| (?:${BROKEN_TUPLE_SOURCE}|[^\n]*)`;
const BROKEN_UNION = new RegExp(
  String.raw`^(export )?type [\w$]+ =\n(?:${BROKEN_UNION_MEMBER}\n)*${BROKEN_UNION_MEMBER};$`,
  "gm",
);
/** A member of a top-level type literal whose union type is broken member by member. */
const BROKEN_MEMBER_UNION = /^ {2}[^ \n][^\n]*:\n(?: {4}\| [^\n]*\n)* {4}\| [^\n]*;$/gm;

/** Whether every `| ` line of the chunk belongs to a top-level union type too long for one line. */
function unionsBroken(chunk: string): boolean {
  let rest = chunk;
  for (const [re, indent] of [
    [BROKEN_UNION, "  "],
    [BROKEN_MEMBER_UNION, "    "],
  ] as const) {
    for (const m of chunk.matchAll(re)) {
      // (a tuple is broken only when its `| [...]` line is too long: unionMemberLine)
      const text = m[0].replace(
        BROKEN_TUPLE,
        (_, elements: string) => `[${elements.trim().slice(0, -1).split(/,\n +/).join(", ")}]`,
      );
      // prettier breaks a union member by member only when it does not fit on one indented line
      const indented = `${indent}${text
        .split("\n")
        .slice(1)
        .map((l) => l.slice(indent.length + 2))
        .join(" | ")}`;
      if (width(indented) <= 120) return false;
      rest = rest.replace(m[0], "");
    }
  }
  return !UNION_LINE.test(rest);
}
/** An array of functions opened on one line, or an empty block or type literal over two lines. */
const JOINED_OR_SPLIT = /\[\(|\}, \(|\{[ \t]*\n[ \t]*\}|=> \{[ \t]*$|^\s*\}[,)]/m;
/** Parentheses prettier drops: around a call after an operator, a returned expression, an arrow argument. */
const REDUNDANT_PARENS = /[-+*/?:,=|&] \([\w$.]+\([^()\n]*\)\)|\breturn \(|, \(\(/;
const COMMENT_LINE = /^\s*(?:\/\/|\/\*|\*)/;
/**
 * A quoted property key with a non-ASCII character: prettier unquotes a key that is an ES5
 * identifier name (`"名前": string` → `名前: string`) by its own Unicode table, so prettier decides.
 */
const QUOTED_NON_ASCII_KEY = /"[^"\\\n]*[^\x00-\x7f][^"\\\n]*"\??: /;

const MAYBE_WIDE = /[\u1100-\uffff]/;
/** Display width of a line as prettier counts it, or more: a character from U+1100 on may be wide (two columns). */
function width(line: string): number {
  if (!MAYBE_WIDE.test(line)) return line.length;
  let w = line.length;
  for (let i = 0; i < line.length; i++) if (line.charCodeAt(i) >= 0x1100) w++;
  return w;
}

/**
 * Whether prettier may change a chunk of emitted TypeScript. False only for text in the style the
 * emitters write and prettier keeps as it is (asserted over the golden files, the shipped protocols,
 * the real schemas and the synthetic protocols in tests/ts/format-fast.test.ts): every line of code
 * within the print width (prettier does not rewrap comments), no quotes or `case` lines prettier
 * rewrites, no blank lines it drops, no parentheses it removes.
 */
export function mayNeedPrettier(chunk: string): boolean {
  const lines = chunk.split("\n");
  for (const line of lines)
    if (width(line) > 120 && !COMMENT_LINE.test(line) && !LONE_STRING.test(line) && !LONE_MEMBER.test(line))
      return true;
  if (UNION_LINE.test(chunk) && !unionsBroken(chunk)) return true;
  return (
    !lines.every(quotesKept) ||
    CASE_STATEMENT.test(chunk) ||
    BLOCK_BLANK.test(chunk) ||
    WS_ODDITY.test(chunk) ||
    JOINED_OR_SPLIT.test(chunk) ||
    QUOTED_NON_ASCII_KEY.test(chunk) ||
    REDUNDANT_PARENS.test(chunk)
  );
}

/** Whether prettier keeps a string literal's quotes: double unless it holds more double quotes than single. */
function quotesKept(line: string): boolean {
  if (!/["'`]/.test(line) || COMMENT_LINE.test(line)) return true;
  return scanQuotes(line, 0, false) === line.length;
}

/**
 * Scans code from `i` to the end of the line (or, with `inTemplate`, to the `}` closing a template
 * substitution): the index where it stopped, or -1 when a string literal's quotes are not the ones
 * prettier chooses, or when the text is not plainly tokenized (then prettier decides).
 */
function scanQuotes(line: string, i: number, inTemplate: boolean): number {
  let depth = 0;
  let prev = "";
  while (i < line.length) {
    const c = line[i]!;
    if (c === '"' || c === "'") {
      let j = i + 1;
      let dq = 0;
      let sq = 0;
      while (j < line.length && line[j] !== c) {
        if (line[j] === "\\") j++;
        if (line[j] === '"') dq++;
        else if (line[j] === "'") sq++;
        j++;
      }
      if (j >= line.length) return -1;
      if ((c === '"') !== dq <= sq) return -1;
      i = j + 1;
    } else if (c === "`") {
      let j = i + 1;
      while (j < line.length && line[j] !== "`") {
        if (line[j] === "\\") j += 2;
        else if (line[j] === "$" && line[j + 1] === "{") {
          j = scanQuotes(line, j + 2, true);
          if (j < 0) return -1;
          j++;
        } else j++;
      }
      if (j >= line.length) return -1;
      i = j + 1;
    } else if (c === "/") {
      if (line[i + 1] === "/") return inTemplate ? -1 : line.length;
      // a regular expression literal where an operand starts; else a division
      if (prev === "" || "(,=:[!&|?{};".includes(prev)) return -1;
      i++;
    } else {
      if (inTemplate && c === "{") depth++;
      if (inTemplate && c === "}" && depth-- === 0) return i;
      i++;
    }
    if (c !== " ") prev = c;
  }
  return inTemplate ? -1 : i;
}

/**
 * A double-quoted string literal in prettier's quotes: single quotes when the content holds more
 * double quotes than single ones (prettier's getPreferredQuote and makeString).
 */
function preferredQuotes(literal: string): string {
  const raw = literal.slice(1, -1);
  let dq = 0;
  let sq = 0;
  for (const c of raw)
    if (c === '"') dq++;
    else if (c === "'") sq++;
  if (dq <= sq) return literal;
  return `'${raw.replace(/\\(.)|(["'])/gs, (m, esc: string | undefined, q: string | undefined) => (esc === '"' ? esc : q === "'" ? "\\'" : m))}'`;
}

/**
 * One line of code with its double-quoted string literals in prettier's quotes; the line as it is
 * when it holds anything but plain code and double-quoted strings (a template literal, a regular
 * expression, a single-quoted string, a comment).
 */
function requoteLine(line: string): string {
  if (!line.includes('\\"') || COMMENT_LINE.test(line) || /[`'/]/.test(line.replace(/"(?:[^"\\\n]|\\.)*"/g, '""')))
    return line;
  return line.replace(/"(?:[^"\\\n]|\\.)*"/g, preferredQuotes);
}

/**
 * `if (condition) statement;` longer than the print width, written as prettier writes it when the
 * condition and the statement each fit on a line of their own: the statement on the next line, one
 * level deeper. Other lines as they are (prettier then gets the chunk).
 */
function splitIf(line: string): string {
  if (line.length <= 120) return line;
  const m = /^( *)if \(/.exec(line);
  if (m === null) return line;
  if (line.endsWith(") {")) return splitIfBlock(line, m[1]!);
  // the if's closing parenthesis: outside string and template literals, at depth 0
  let depth = 1;
  let i = m[0].length;
  for (; i < line.length && depth > 0; i++) {
    const c = line[i]!;
    if (c === '"' || c === "'" || c === "`") {
      let j = i + 1;
      while (j < line.length && line[j] !== c) j += line[j] === "\\" || (c === "`" && line[j] === "$") ? 2 : 1;
      if (j >= line.length) return line;
      i = j;
    } else if (c === "(") depth++;
    else if (c === ")") depth--;
  }
  if (depth !== 0 || line[i] !== " ") return line;
  const head = line.slice(0, i);
  const stmt = line.slice(i + 1);
  // a plain statement: not a block, nothing after it
  if (!stmt.endsWith(";") || stmt.startsWith("{") || /[{}]/.test(head.replace(/\$\{[^{}]*\}/g, ""))) return line;
  let body = `${m[1]}  ${stmt}`;
  if (width(body) > 120) {
    const broken = splitCall(body) ?? splitAppend(body);
    if (broken === undefined) return line;
    body = broken;
  }
  if (width(head) <= 120) return `${head}\n${body}`;
  // the condition too
  const lines = conditionLines(head.slice(m[0].length, -1), m[1]!);
  return lines === undefined ? line : [`${m[1]}if (`, ...lines, `${m[1]})`, body].join("\n");
}

/** An if's condition one operand a line, as prettier breaks a chain of one logical operator; undefined when it cannot. */
function conditionLines(cond: string, indent: string): string[] | undefined {
  const chain = chainOperands(cond);
  if (chain === undefined) return undefined;
  const lines = chain.terms.map((t, j) => `${indent}  ${t}${j < chain.terms.length - 1 ? ` ${chain.op}` : ""}`);
  return lines.some((l) => width(l) > 120) ? undefined : lines;
}

/**
 * `if (a && b) {` longer than the print width: the condition one operand a line, as prettier breaks
 * a chain of one logical operator, then `) {`; the line as it is when that is not plain enough.
 */
function splitIfBlock(line: string, indent: string): string {
  const lines = conditionLines(line.slice(indent.length + "if (".length, -") {".length), indent);
  return lines === undefined ? line : [`${indent}if (`, ...lines, `${indent}) {`].join("\n");
}

/**
 * `s += a + b;` longer than the print width: prettier breaks after `+=`, then writes the operands
 * one level deeper, on that line when they fit, else each on a line of its own; undefined when an
 * operand is not plain (a function, a template, another operator, a conditional outside parentheses)
 * or does not fit either.
 */
function splitAppend(line: string): string | undefined {
  const m = /^( *)([\w$.]+) \+= (.*);$/.exec(line);
  if (m === null) return undefined;
  const terms: string[] = [];
  let depth = 0;
  let start = 0;
  const rhs = m[3]!;
  for (let i = 0; i < rhs.length; i++) {
    const c = rhs[i]!;
    if (c === '"' || c === "'") {
      if ((i = closingQuote(rhs, i)) < 0) return undefined;
    } else if ("`{}".includes(c) || (c === "?" && depth === 0) || (c === "=" && rhs[i + 1] === ">")) return undefined;
    else if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") {
      if (--depth < 0) return undefined;
    } else if (depth === 0 && /^ [-*/%&|<>=!]/.test(rhs.slice(i, i + 2)) && !rhs.startsWith(" + ", i)) return undefined;
    else if (depth === 0 && rhs.startsWith(" + ", i)) {
      terms.push(rhs.slice(start, i));
      start = i + 3;
      i += 2;
    }
  }
  if (depth !== 0) return undefined;
  terms.push(rhs.slice(start));
  // the operands stay on one line after the break when they fit there
  if (terms.length >= 2 && width(`${m[1]}  ${rhs};`) <= 120) return `${m[1]}${m[2]} +=\n${m[1]}  ${rhs};`;
  const lines = terms.map((t, j) => `${m[1]}  ${t}${j < terms.length - 1 ? " +" : ";"}`);
  // a last operand that is a call and still too long: its arguments broken as splitCall breaks them
  const last = lines.length - 1;
  if (width(lines[last]!) > 120) lines[last] = splitCall(lines[last]!) ?? lines[last]!;
  if (terms.length < 2 || terms.some((t) => t === "") || lines.some((l) => l.split("\n").some((x) => width(x) > 120)))
    return undefined;
  return [`${m[1]}${m[2]} +=`, ...lines].join("\n");
}

/**
 * A call statement `f(a, b, c);` longer than the print width: one argument a line with a trailing
 * comma, as prettier breaks arguments that are not functions or objects; undefined when the
 * arguments are not that plain, or one of them does not fit on its line either.
 */
function splitCall(line: string): string | undefined {
  const m = /^( *)([\w$.]+(?:<[\w$]+>)?)\((.*)\);$/.exec(line);
  if (m === null) return undefined;
  const list = m[3]!;
  const args: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i]!;
    if (c === '"' || c === "'" || c === "`") {
      let j = i + 1;
      while (j < list.length && list[j] !== c) {
        if (list[j] === "\\") j += 2;
        else if (c === "`" && list[j] === "$" && list[j + 1] === "{") {
          const end = list.indexOf("}", j);
          if (end < 0 || /[`{]/.test(list.slice(j + 2, end))) return undefined;
          j = end + 1;
        } else j++;
      }
      if (j >= list.length) return undefined;
      i = j;
    } else if (c === "{" || c === "}" || (c === "=" && list[i + 1] === ">")) return undefined;
    else if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") {
      if (--depth < 0) return undefined;
    } else if (depth === 0 && list.startsWith(", ", i)) {
      args.push(list.slice(start, i));
      start = i + 2;
      i++;
    }
  }
  if (depth !== 0) return undefined;
  args.push(list.slice(start));
  const lines = args.map((a) => `${m[1]}  ${a},`);
  if (args.some((a) => a === "") || lines.some((l) => width(l) > 120)) return undefined;
  return [`${m[1]}${m[2]}(`, ...lines, `${m[1]});`].join("\n");
}

/**
 * A statement that is one call, returned or assigned to a new constant (`return f(a, b);`,
 * `const x = f(a, b);`, `f(a, b);`), longer than the print width: its arguments broken as splitCall
 * breaks them, when the line that opens the call fits (else prettier decides).
 */
function splitCallStatement(line: string): string | undefined {
  const m = /^( *)(return |const [\w$]+ = )?([\w$.]+(?:<[\w$]+>)?\(.*\);)$/.exec(line);
  const broken = m === null ? undefined : splitCall(`${m[1]}${m[3]}`);
  if (m === null || broken === undefined) return undefined;
  const out = `${m[1]}${m[2] ?? ""}${broken.slice(m[1]!.length)}`;
  return width(out.slice(0, out.indexOf("\n"))) <= 120 ? out : undefined;
}

/**
 * `const x = o["key"];` (a member of a name) longer than the print width: broken after `=`, the
 * member one level deeper, as prettier writes it when both lines fit.
 */
function splitConstMember(line: string): string | undefined {
  const m = /^( *)(const [\w$]+ =) ([\w$]+(?:\["(?:[^"\\]|\\.)*"\]|\.[\w$]+)+;)$/.exec(line);
  if (m === null || width(m[1]! + m[2]!) > 120 || width(`${m[1]}  ${m[3]}`) > 120) return undefined;
  return `${m[1]}${m[2]}\n${m[1]}  ${m[3]}`;
}

/**
 * An object literal's `"key": name,` longer than the print width: broken after the colon, the
 * value one level deeper, as prettier writes it. Keys shorter than 8 columns stay for prettier (it
 * keeps a short key's value on its line).
 */
function splitProperty(line: string): string | undefined {
  const m = /^( *)("(?:[^"\\]|\\.)*"|[\w$]+): ([\w$.]+,)$/.exec(line);
  if (m === null || width(m[2]!) < 8 || width(`${m[1]}  ${m[3]}`) > 120) return undefined;
  return `${m[1]}${m[2]}:\n${m[1]}  ${m[3]}`;
}

/**
 * A top-level type literal's member `key?: A | B;` longer than the print width: broken after the
 * colon, the union on the next line when it fits there, else one `| member` a line, as prettier
 * writes it (members: names, arrays of names, string literals without `|`).
 */
function splitMemberUnion(line: string): string | undefined {
  const m =
    /^ {2}((?:"(?:[^"\\]|\\.)*"|[\w$]+|\[[\w$]+: string\])\??:) ((?:[\w$.]+(?:\[\])?|"[^"\\|]*")(?: \| (?:[\w$.]+(?:\[\])?|"[^"\\|]*"))+);$/.exec(
      line,
    );
  if (m === null) return undefined;
  if (width(`    ${m[2]};`) <= 120) return `  ${m[1]}\n    ${m[2]};`;
  const members = m[2]!.split(" | ");
  if (members.some((x) => width(`    | ${x};`) > 120)) return undefined;
  return [`  ${m[1]}`, ...members.map((x, i) => `    | ${x}${i === members.length - 1 ? ";" : ""}`)].join("\n");
}

/** A `for (init; test; update) {` past the print width: its three clauses one a line, as prettier breaks it. */
function splitFor(line: string): string | undefined {
  const m = /^( *)for \((let [\w$]+ = [\w$.]+); ([\w$]+ < [\w$.]+); ([\w$]+\+\+)\) \{$/.exec(line);
  if (m === null) return undefined;
  const ind = m[1]!;
  return [`${ind}for (`, `${ind}  ${m[2]};`, `${ind}  ${m[3]};`, `${ind}  ${m[4]}`, `${ind}) {`].join("\n");
}

/**
 * A `switch (expression) {` past the print width: the expression on its own line when it fits
 * there, else broken as splitCall breaks a call, as prettier writes it.
 */
function splitSwitch(line: string): string | undefined {
  const m = /^( *)switch \((.+)\) \{$/.exec(line);
  if (m === null) return undefined;
  const ind = m[1]!;
  if (width(`${ind}  ${m[2]}`) <= 120) return `${ind}switch (\n${ind}  ${m[2]}\n${ind}) {`;
  const call = splitCall(`${ind}  ${m[2]};`);
  return call === undefined ? undefined : `${ind}switch (\n${call.slice(0, -1)}\n${ind}) {`;
}

/** A line past the print width that is one call, member read, `+=` of a sum or object property, as prettier breaks it. */
function splitStatement(line: string): string {
  if (width(line) <= 120) return line;
  return (
    splitFor(line) ??
    splitSwitch(line) ??
    splitCallStatement(line) ??
    splitConstMember(line) ??
    splitAppend(line) ??
    splitProperty(line) ??
    splitMemberUnion(line) ??
    line
  );
}

/**
 * `case "key": flag = true; continue;` on three lines, and `case x: return expression;` on two (the
 * returned call's arguments one a line when it is still too long), as prettier writes them.
 */
function splitCase(line: string): string {
  const m = /^( *)(case "(?:[^"\\]|\\.)*":) ([\w$]+ = true;) (continue;)$/.exec(line);
  if (m !== null) return `${m[1]}${m[2]}\n${m[1]}  ${m[3]}\n${m[1]}  ${m[4]}`;
  const r = /^( *)(case (?:"[\w$.-]*"|\d+):|default:) (return [\w$.(), ]*;)$/.exec(line);
  if (r === null) return line;
  if (width(r[1]! + r[3]!) + 2 <= 120) return `${r[1]}${r[2]}\n${r[1]}  ${r[3]}`;
  const call = splitCallStatement(`${r[1]}  ${r[3]}`); // too long on its own line too: broken as a call
  return call === undefined ? line : `${r[1]}${r[2]}\n${call}`;
}

/** The index of the quote closing the string literal that opens at text[i] ('"' or "'"), or -1. */
function closingQuote(text: string, i: number): number {
  let j = i + 1;
  while (j < text.length && text[j] !== text[i]) j += text[j] === "\\" ? 2 : 1;
  return j < text.length ? j : -1;
}

/**
 * The operands of a condition that is one chain of `||` (or of `&&`) at its top level, or undefined
 * (another operator at the top level, or text not plainly tokenized).
 */
function chainOperands(cond: string): { op: string; terms: string[] } | undefined {
  const terms: string[] = [];
  let op: string | undefined;
  let depth = 0;
  let start = 0;
  for (let i = 0; i < cond.length; i++) {
    const c = cond[i]!;
    if (c === '"' || c === "'") {
      if ((i = closingQuote(cond, i)) < 0) return undefined;
    } else if (c === "`" || c === "?" || c === "{" || c === "}") return undefined;
    else if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (depth === 0 && (cond.startsWith(" || ", i) || cond.startsWith(" && ", i))) {
      const o = cond.slice(i + 1, i + 3);
      if (op !== undefined && op !== o) return undefined;
      op = o;
      terms.push(cond.slice(start, i));
      start = i + 4;
      i += 3;
    }
  }
  if (op === undefined || depth !== 0) return undefined;
  terms.push(cond.slice(start));
  return { op, terms };
}

/** A tuple type of names, arrays of names (optional or not) and a rest of them: `[A, B[]?, ...C[]]`. */
const TUPLE_ELEMENT = String.raw`(?:\.\.\.)?[\w$]+(?:\[\])?\??`;
const TUPLE = String.raw`\[${TUPLE_ELEMENT}(?:, ${TUPLE_ELEMENT})*\]`;
const UNION_MEMBER = String.raw`(?:[\w$]+|"[^"\\]*"|${TUPLE})`;
const UNION_DECLARATION = new RegExp(
  String.raw`^(export )?type ([\w$]+) = (${UNION_MEMBER}(?: \| ${UNION_MEMBER})+);$`,
);

/** A member of a union broken one member a line: `  | A`, a tuple too long for it one element a line. */
function unionMemberLine(member: string, last: boolean): string | undefined {
  const line = `  | ${member}${last ? ";" : ""}`;
  if (width(line) <= 120) return line;
  if (!member.startsWith("[")) return undefined;
  const elements = member.slice(1, -1).split(", ");
  if (elements.some((e) => width(e) + 7 > 120)) return undefined;
  return ["  | [", ...elements.map((e) => `      ${e},`), `    ]${last ? ";" : ""}`].join("\n");
}

/**
 * Long one-line declarations prettier breaks in a fixed way: a union type of names, strings or
 * tuples of names (one member a line, each after `| `; a tuple too long there, one element a line),
 * an array of strings `as const` (one element a line, a trailing comma), and
 * `new RegExp("...", "flags")` (one argument a line, a trailing comma).
 */
function splitDeclaration(line: string): string {
  if (width(line) <= 120) return line;
  const u = UNION_DECLARATION.exec(line);
  if (u !== null) {
    const members = u[3]!.split(" | ");
    const indented = `  ${u[3]};`;
    if (width(indented) <= 120) return `${u[1] ?? ""}type ${u[2]} =\n${indented}`;
    const lines = members.map((m, i) => unionMemberLine(m, i === members.length - 1));
    if (lines.every((l) => l !== undefined)) return [`${u[1] ?? ""}type ${u[2]} =`, ...lines].join("\n");
  }
  const a = /^(export )?const ([\w$]+) = \[("[^"\\]*"(?:, "[^"\\]*")*)\] as const;$/.exec(line);
  if (a !== null)
    return [`${a[1] ?? ""}const ${a[2]} = [`, ...a[3]!.split(", ").map((m) => `  ${m},`), "] as const;"].join("\n");
  const r = /^const ([\w$]+) = new RegExp(\("(?:[^"\\]|\\.)*"), ("[a-z]*")\);$/.exec(line);
  if (r !== null) return [`const ${r[1]} = new RegExp(`, `  ${r[2]!.slice(1)},`, `  ${r[3]},`, ");"].join("\n");
  return line;
}

/**
 * A function declaration whose signature is longer than the print width: one parameter a line, each
 * with a trailing comma, then `): ReturnType {`, as prettier writes it.
 */
function splitSignature(line: string): string {
  if (width(line) <= 120) return line;
  const m = /^((?:export )?(?:async )?function\*? ?[\w$]+)(<[\w$, ]+>)?\((.*)\)(: .*)? \{$/.exec(line);
  if (m === null || /=>|[{}()'"`]/.test(m[3]!) || /[{}()'"`]|=>/.test(m[4] ?? "")) return line;
  const params: string[] = [];
  let depth = 0;
  let start = 0;
  const list = m[3]!;
  for (let i = 0; i < list.length; i++) {
    const c = list[i]!;
    if (c === "<" || c === "[") depth++;
    else if (c === ">" || c === "]") depth--;
    else if (depth === 0 && list.startsWith(", ", i)) {
      params.push(list.slice(start, i));
      start = i + 2;
    }
  }
  params.push(list.slice(start));
  const close = `)${m[4] ?? ""} {`;
  if (depth !== 0 || params.some((p) => p === "" || width(p) + 3 > 120) || width(close) > 120) return line;
  return [`${m[1]}${m[2] ?? ""}(`, ...params.map((p) => `  ${p},`), close].join("\n");
}

/** The rewrites of emitted text that prettier would make, done without prettier where they are simple. */
export function preformat(chunk: string): string {
  return chunk
    .split("\n")
    .map((l) => splitStatement(splitSignature(splitDeclaration(splitCase(splitIf(requoteLine(l)))))))
    .join("\n")
    .replace(/^((?:export )?type [\w$]+ = )\{\n\};$/m, "$1{};");
}

let runtimeTexts: Set<string> | undefined;
/**
 * The top-level declarations of the TypeScript runtime as generated files inline them: prettier
 * leaves them as they are, since codegen/next/ts/runtime.ts is prettier-formatted (a test asserts it).
 */
function runtimeChunkTexts(): Set<string> {
  runtimeTexts ??= new Set(runtimeChunks(runtimeSource()).map((c) => c.text));
  return runtimeTexts;
}

/**
 * The top-level chunks of emitted TypeScript, preformatted (the runtime's as they are), and the
 * indexes of those prettier may still change.
 */
export function preformatted(text: string): { chunks: string[]; doubtful: number[] } {
  const chunks: string[] = [];
  const doubtful: number[] = [];
  const runtime = runtimeChunkTexts();
  for (const raw of tsChunks(text)) {
    const c = runtime.has(raw) ? raw : preformat(raw);
    if (!runtime.has(raw) && mayNeedPrettier(c)) doubtful.push(chunks.length);
    chunks.push(c);
  }
  return { chunks, doubtful };
}

/** A line between the chunks given to prettier in one call, to cut its output back into chunks. */
const CHUNK_MARK = "// ---- wire-codegen: chunk boundary ----";

/**
 * Emitted TypeScript formatted as prettier formats it, running prettier only on the top-level chunks
 * that it may change (emitted text is mostly in prettier's style already; prettier over megabytes of
 * output cost most of a cold run). Those chunks go to prettier in one call, a marker line between
 * each two (a call costs some milliseconds before it formats anything, and a large schema has
 * hundreds of such chunks); each is formatted on its own when the output does not cut back into as
 * many chunks. Falls back to formatting the whole text when a chunk does not parse on its own.
 */
export async function formatTypeScript(text: string): Promise<string> {
  const prettier = () => require("prettier") as typeof Prettier;
  const { chunks: out, doubtful } = preformatted(text);
  const format = async (t: string) => (await prettier().format(t, PRETTIER_OPTIONS)).replace(/\n+$/, "");
  try {
    if (doubtful.length > 0) {
      const batch = (await format(doubtful.map((i) => out[i]).join(`\n\n${CHUNK_MARK}\n\n`)))
        .split(`\n${CHUNK_MARK}\n`)
        .map((c) => c.replace(/^\n+|\n+$/g, ""));
      if (batch.length === doubtful.length) doubtful.forEach((i, j) => (out[i] = batch[j]!));
      else for (const i of doubtful) out[i] = await format(out[i]!);
    }
  } catch {
    return prettier().format(text, PRETTIER_OPTIONS);
  }
  return `${out.filter((c) => c !== "").join("\n\n")}\n`;
}

/** Runs gofmt -w on these files; rejects with gofmt's message. */
function gofmtWrite(paths: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn("gofmt", ["-w", ...paths], { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", (e) =>
      reject(new Error(`gofmt could not run (${e.message}); Go must be installed to generate Go output`)),
    );
    child.on("close", (code) =>
      code === 0 ? resolve() : reject(new Error(`generator bug: gofmt failed:\n${stderr}`)),
    );
  });
}

/**
 * gofmt of many files in a few processes (a process per file cost more than the formatting): the
 * files are written to a temporary folder, two `gofmt -w` run side by side over halves of them by
 * size, and the files are read back.
 */
export async function gofmtAll(files: Map<string, string>): Promise<Map<string, string>> {
  if (files.size === 0) return new Map();
  if (files.size === 1) {
    const [path, text] = [...files][0]!;
    return new Map([[path, gofmt(path, text)]]);
  }
  const dir = mkdtempSync(join(tmpdir(), "wire-codegen-gofmt-"));
  try {
    const names = new Map<string, string>();
    const groups: { paths: string[]; size: number }[] = [
      { paths: [], size: 0 },
      { paths: [], size: 0 },
    ];
    let i = 0;
    for (const [path, text] of [...files].sort(([, a], [, b]) => b.length - a.length)) {
      const name = join(dir, `f${i++}.go`);
      names.set(path, name);
      writeFileSync(name, text);
      const g = groups[0]!.size <= groups[1]!.size ? groups[0]! : groups[1]!;
      g.paths.push(name);
      g.size += text.length;
    }
    try {
      await Promise.all(groups.filter((g) => g.paths.length > 0).map((g) => gofmtWrite(g.paths)));
    } catch (e) {
      for (const [path, text] of files) gofmt(path, text); // names the file that is not valid Go
      throw e;
    }
    return new Map([...files.keys()].map((path) => [path, readFileSync(names.get(path)!, "utf8")]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function formatOutput(files: OutputFiles): Promise<OutputFiles> {
  const out: OutputFiles = new Map();
  let goId: string | undefined;
  const goMisses = new Map<string, { key: string; text: string }>();
  const tsMisses = new Map<string, string>();
  for (const [path, text] of files) {
    out.set(path, text);
    // The Go runtime's files are gofmt-clean sources with their package clause changed (a test
    // asserts gofmt keeps them): half the Go text, left out of gofmt.
    if (path.endsWith(".go") && !basename(path).startsWith(RUNTIME_FILE_PREFIX)) {
      goId ??= gofmtId();
      const key = cacheKey(goId, text);
      const formatted = cacheGet(key);
      if (formatted === undefined) goMisses.set(path, { key, text });
      else out.set(path, formatted);
    } else if (path.endsWith(".ts")) tsMisses.set(path, text);
  }
  // gofmt runs in its own processes while the TypeScript is formatted here
  const go = gofmtAll(new Map([...goMisses].map(([path, m]) => [path, m.text])));
  go.catch(() => undefined); // awaited below; a rejection is not unhandled meanwhile
  const done = new Map<string, string>(); // one protocol's text written to several paths
  for (const [path, text] of tsMisses) {
    const key = cacheKey(prettierId(), text);
    let formatted = done.get(key) ?? cacheGet(key);
    if (formatted === undefined) {
      formatted = await formatTypeScript(text);
      cachePut(key, formatted);
    }
    done.set(key, formatted);
    out.set(path, formatted);
  }
  const formatted = await go;
  for (const [path, m] of goMisses) {
    const text = formatted.get(path)!;
    cachePut(m.key, text);
    out.set(path, text);
  }
  return out;
}
