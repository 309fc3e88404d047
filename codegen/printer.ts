// A tiny line printer: emitters append lines and open indented blocks; nobody counts spaces.

export class Printer {
  private readonly lines: string[] = [];
  private depth = 0;

  constructor(private readonly indentUnit: string = "  ") {}

  /** Appends one line at the current indentation (an empty call appends a blank line). */
  line(text = ""): this {
    this.lines.push(text === "" ? "" : this.indentUnit.repeat(this.depth) + text);
    return this;
  }

  /** Appends several lines, each indented; a multi-line string is split on "\n". */
  lines_(text: string): this {
    for (const l of text.split("\n")) this.line(l);
    return this;
  }

  /** Prints `open`, the body one level deeper, then `close`. */
  block(open: string, body: () => void, close = "}"): this {
    this.line(open);
    this.depth++;
    body();
    this.depth--;
    return this.line(close);
  }

  /** Prints a comment block with the given prefix ("// " for Go, " * " inside a JSDoc). */
  comment(text: string | undefined, prefix: string): this {
    if (text === undefined || text.trim() === "") return this;
    for (const l of text.trim().split("\n")) this.line((prefix + l).trimEnd());
    return this;
  }

  toString(): string {
    return this.lines.join("\n").replace(/\n*$/, "\n");
  }
}
