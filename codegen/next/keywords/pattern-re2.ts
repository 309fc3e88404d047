// Translates an ECMAScript pattern (already checked by codegen/ir/pattern.ts to be in the portable
// subset) into RE2 syntax for Go's regexp package, with the same meaning under the `u` flag.

const DOT = "[^\\n\\r\\x{2028}\\x{2029}]";

export function toRE2(source: string): string {
  let out = "";
  let inClass = false;
  for (let i = 0; i < source.length;) {
    const c = source[i]!;
    if (c === "\\") {
      const e = source[i + 1];
      if (e === "u") {
        out += `\\x{${source.slice(i + 2, i + 6).toUpperCase()}}`;
        i += 6;
        continue;
      }
      if (e === "x") {
        out += `\\x{${source.slice(i + 2, i + 4).toUpperCase()}}`;
        i += 4;
        continue;
      }
      if (e === undefined) throw new Error(`pattern ${JSON.stringify(source)}: trailing backslash`);
      out += c + e;
      i += 2;
      continue;
    }
    if (inClass) {
      if (c === "]") inClass = false;
      out += c;
      i++;
      continue;
    }
    if (c === "[") {
      inClass = true;
      out += c;
      i++;
      if (source[i] === "^") {
        out += "^";
        i++;
      }
      // a ] right after [ or [^ is refused by the IR builder, so no special case here
      continue;
    }
    if (c === ".") {
      out += DOT;
      i++;
      continue;
    }
    out += c;
    i++;
  }
  return out;
}
