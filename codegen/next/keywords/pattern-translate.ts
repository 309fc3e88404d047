// Patterns: ECMAScript regular expressions (u flag, unanchored search) in the subset that Go's RE2
// can say with the same meaning, translated into RE2 syntax; or why a pattern is outside it.
//
// Same meaning, and how: `.` excludes only line terminators in JavaScript (\n \r U+2028 U+2029), so
// it is spelled out; `\s`/`\S` are JavaScript's Unicode white space, spelled out (RE2's is ASCII);
// `\d \w \b \B` are ASCII in both (u flag without i); `\p{...}` general categories (short or long
// names) and scripts become RE2's names. Refused: lookaround, back-references, named groups,
// `\u{...}`, surrogate escapes, binary properties, repetition over 1000 (RE2's limit), and `\S` or
// `\P{...}` mixed with other members of a character class (RE2 cannot subtract classes).
// Unicode data may differ by version between V8 and Go for characters assigned recently.

const WS =
  "\\t\\n\\x{0B}\\f\\r \\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}";
const DOT = "[^\\n\\r\\x{2028}\\x{2029}]";
const SYNTAX = new Set([..."\\/.^$|()[]{}*+?"]);

const CATEGORIES: Record<string, string> = {
  L: "L",
  Letter: "L",
  Lu: "Lu",
  Uppercase_Letter: "Lu",
  Ll: "Ll",
  Lowercase_Letter: "Ll",
  Lt: "Lt",
  Titlecase_Letter: "Lt",
  Lm: "Lm",
  Modifier_Letter: "Lm",
  Lo: "Lo",
  Other_Letter: "Lo",
  M: "M",
  Mark: "M",
  Combining_Mark: "M",
  Mn: "Mn",
  Nonspacing_Mark: "Mn",
  Mc: "Mc",
  Spacing_Mark: "Mc",
  Me: "Me",
  Enclosing_Mark: "Me",
  N: "N",
  Number: "N",
  Nd: "Nd",
  Decimal_Number: "Nd",
  digit: "Nd",
  Nl: "Nl",
  Letter_Number: "Nl",
  No: "No",
  Other_Number: "No",
  P: "P",
  Punctuation: "P",
  punct: "P",
  Pc: "Pc",
  Connector_Punctuation: "Pc",
  Pd: "Pd",
  Dash_Punctuation: "Pd",
  Ps: "Ps",
  Open_Punctuation: "Ps",
  Pe: "Pe",
  Close_Punctuation: "Pe",
  Pi: "Pi",
  Initial_Punctuation: "Pi",
  Pf: "Pf",
  Final_Punctuation: "Pf",
  Po: "Po",
  Other_Punctuation: "Po",
  S: "S",
  Symbol: "S",
  Sm: "Sm",
  Math_Symbol: "Sm",
  Sc: "Sc",
  Currency_Symbol: "Sc",
  Sk: "Sk",
  Modifier_Symbol: "Sk",
  So: "So",
  Other_Symbol: "So",
  Z: "Z",
  Separator: "Z",
  Zs: "Zs",
  Space_Separator: "Zs",
  Zl: "Zl",
  Line_Separator: "Zl",
  Zp: "Zp",
  Paragraph_Separator: "Zp",
  C: "C",
  Other: "C",
  Cc: "Cc",
  Control: "Cc",
  cntrl: "Cc",
  Cf: "Cf",
  Format: "Cf",
  Co: "Co",
  Private_Use: "Co",
  Cs: "Cs",
  Surrogate: "Cs",
};

/** Script long names both engines know (Go's unicode.Scripts), as JavaScript spells them. */
const SCRIPT = /^[A-Z][a-z]+(?:_[A-Z][a-z]+)*$/;

export function translatePattern(source: string): { re2: string } | { error: string } {
  try {
    new RegExp(source, "u");
  } catch (e) {
    return { error: `is not a valid ECMAScript regular expression (${e instanceof Error ? e.message : String(e)})` };
  }
  let i = 0;
  let out = "";
  const fail = (why: string) => ({ error: `uses ${why}` });
  const hex = (n: number): string | undefined => {
    const h = source.slice(i, i + n);
    return new RegExp(`^[0-9a-fA-F]{${n}}$`).test(h) ? h : undefined;
  };
  /** One escape at i (source[i] is the backslash); returns its RE2 text, or an error. */
  const escape = (inClass: boolean): string | { error: string } => {
    const c = source[i + 1];
    if (c === undefined) return fail("a trailing backslash");
    i += 2;
    if ("dDwWnrtf".includes(c)) return `\\${c}`;
    if (c === "v") return "\\x{0B}";
    if (c === "b" || c === "B") return inClass ? fail("\\b inside a class (a backspace there)") : `\\${c}`;
    if (c === "s") return inClass ? WS : `[${WS}]`;
    if (c === "S") return inClass ? fail("\\S among other members of a class") : `[^${WS}]`;
    if (SYNTAX.has(c) || c === "-") return /[A-Za-z0-9]/.test(c) ? c : `\\${c}`;
    if (c === "x") {
      const h = hex(2);
      if (h === undefined) return fail("\\x without two hex digits");
      i += 2;
      return `\\x{${h.toUpperCase()}}`;
    }
    if (c === "u") {
      const h = hex(4);
      if (h === undefined) return fail("\\u without four hex digits (\\u{...} is not portable)");
      const cp = parseInt(h, 16);
      if (cp >= 0xd800 && cp <= 0xdfff) return fail("a surrogate \\u escape (write the character itself)");
      i += 4;
      return `\\x{${h.toUpperCase()}}`;
    }
    if (c === "p" || c === "P") {
      const m = /^\{([^}]*)\}/.exec(source.slice(i));
      if (m === null) return fail("\\p without {…}");
      i += m[0].length;
      const [k, val] = m[1]!.includes("=") ? (m[1]!.split("=") as [string, string]) : ["", m[1]!];
      let name: string | undefined;
      if (k === "" || k === "General_Category" || k === "gc") name = CATEGORIES[val];
      if (name === undefined && (k === "Script" || k === "sc") && SCRIPT.test(val)) name = val;
      if (name === undefined)
        return fail(
          `the Unicode property \\${c}{${m[1]}} (only general categories and script long names are portable)`,
        );
      if (c === "P" && inClass) return fail("\\P{…} among other members of a class");
      return `\\${c}{${name}}`;
    }
    if (/[0-9]/.test(c)) return fail("back-references or \\0 (write \\x00 for NUL)");
    if (c === "c") return fail("\\c control escapes");
    return fail(`the escape \\${c}`);
  };
  let depth = 0;
  while (i < source.length) {
    const c = source[i]!;
    if (c === "\\") {
      const e = escape(false);
      if (typeof e !== "string") return e;
      out += e;
      continue;
    }
    if (c === "(") {
      if (source[i + 1] === "?") {
        if (source[i + 2] !== ":") return fail("lookaround or a named group, which RE2 does not have");
        out += "(?:";
        i += 3;
      } else {
        out += "(";
        i++;
      }
      depth++;
      continue;
    }
    if (c === ")") {
      depth--;
      out += ")";
      i++;
      continue;
    }
    if (c === "{") {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(i));
      if (m === null) return fail("a literal {");
      if (Number(m[1]) > 1000 || (m[3] !== undefined && m[3] !== "" && Number(m[3]) > 1000))
        return fail("a repetition over 1000 (RE2's limit)");
      out += m[0];
      i += m[0].length;
      continue;
    }
    if (c === "[") {
      const cls = charClass();
      if (typeof cls !== "string") return cls;
      out += cls;
      continue;
    }
    if (c === ".") {
      out += DOT;
      i++;
      continue;
    }
    out += c === "}" || c === "]" ? `\\${c}` : c;
    i++;
  }
  return depth === 0 ? { re2: out } : fail("unbalanced parentheses");

  /** A character class at i; `[\s\S]` (everything) is recognised as such. */
  function charClass(): string | { error: string } {
    const start = i;
    i++;
    const negated = source[i] === "^";
    if (negated) i++;
    if (source[i] === "]") return fail("a literal ] first in a class (JavaScript reads [] as empty)");
    let body = "";
    let hasS = false;
    let hasBigS = false;
    while (i < source.length && source[i] !== "]") {
      const c = source[i]!;
      if (c === "[") return fail("[ inside a class (RE2 reads [: as a POSIX class)");
      if (c === "\\") {
        if (source[i + 1] === "S") {
          hasBigS = true;
          i += 2;
          continue;
        }
        if (source[i + 1] === "s") hasS = true;
        const e = escape(true);
        if (typeof e !== "string") return e;
        body += e;
        continue;
      }
      body += c;
      i++;
    }
    i++;
    if (hasBigS) {
      const rest = source
        .slice(start, i)
        .replace(/^\[\^?/, "")
        .replace(/\]$/, "");
      if (hasS || rest === "\\S") {
        // [\s\S] is every character; [\S] is \S
        if (rest === "\\S") return negated ? `[${WS}]` : `[^${WS}]`;
        return negated ? "[^\\x{0}-\\x{10FFFF}]" : "[\\x{0}-\\x{10FFFF}]";
      }
      return fail("\\S among other members of a class");
    }
    return `[${negated ? "^" : ""}${body}]`;
  }
}
