// Checks that a "pattern" is in the subset of ECMAScript regular expressions that means the same
// thing in JavaScript (with the u flag) and in Go's RE2 once codegen/go/pattern.ts translates it.

const SYNTAX_ESCAPES = new Set([..."\\/.^$|()[]{}*+?"]);
const CONTROL_ESCAPES = new Set([..."nrtfv"]);

export function checkPortablePattern(source: string): string | undefined {
  try {
    new RegExp(source, "u");
  } catch (e) {
    return `not a valid ECMAScript regular expression (${e instanceof Error ? e.message : String(e)})`;
  }
  let i = 0;
  const hex = (n: number): boolean => new RegExp(`^[0-9a-fA-F]{${n}}$`).test(source.slice(i, i + n));
  const escape = (inClass: boolean): string | undefined => {
    const c = source[i + 1];
    if (c === undefined) return "a trailing backslash";
    if ("dDwW".includes(c)) return ((i += 2), undefined);
    if (CONTROL_ESCAPES.has(c)) return ((i += 2), undefined);
    if (SYNTAX_ESCAPES.has(c) || (inClass && c === "-")) return ((i += 2), undefined);
    if (c === "x") {
      i += 2;
      if (!hex(2)) return "\\x without two hex digits";
      return ((i += 2), undefined);
    }
    if (c === "u") {
      i += 2;
      if (!hex(4)) return "\\u without four hex digits (\\u{...} is not portable)";
      const cp = parseInt(source.slice(i, i + 4), 16);
      if (cp >= 0xd800 && cp <= 0xdfff) return "a surrogate \\u escape (write the character itself)";
      return ((i += 4), undefined);
    }
    if (c === "s" || c === "S")
      return "\\s and \\S (JavaScript matches Unicode spaces, Go only ASCII); write the class out, e.g. [ \\t\\n\\r]";
    if (c === "b" || c === "B") return "\\b and \\B (word boundaries) are not portable";
    if (c === "p" || c === "P") return "Unicode property escapes are not portable";
    if (/[0-9]/.test(c)) return "back-references and \\0 are not portable (write \\x00 for NUL)";
    return `the escape \\${c}`;
  };
  let groupDepth = 0;
  while (i < source.length) {
    const c = source[i]!;
    if (c === "\\") {
      const bad = escape(false);
      if (bad) return `uses ${bad}`;
      continue;
    }
    if (c === "(") {
      if (source[i + 1] === "?") {
        if (source[i + 2] !== ":")
          return "uses lookaround or a named group, which Go's RE2 does not support the same way";
        i += 3;
      } else i++;
      groupDepth++;
      continue;
    }
    if (c === ")") {
      groupDepth--;
      i++;
      continue;
    }
    if (c === "{") {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(i));
      if (!m) return "uses a literal {";
      if (Number(m[1]) > 1000 || (m[3] !== undefined && m[3] !== "" && Number(m[3]) > 1000))
        return "repeats more than 1000 times (Go's limit)";
      i += m[0].length;
      continue;
    }
    if (c === "[") {
      i++;
      if (source[i] === "^") i++;
      let first = true;
      while (i < source.length && (source[i] !== "]" || first)) {
        if (source[i] === "]") return "uses a literal ] first in a class";
        first = false;
        if (source[i] === "[") return "uses [ inside a class (Go reads [: as a POSIX class)";
        if (source[i] === "\\") {
          const bad = escape(true);
          if (bad) return `uses ${bad}`;
        } else i++;
      }
      i++;
      continue;
    }
    i++;
  }
  return groupDepth === 0 ? undefined : "has unbalanced parentheses";
}
