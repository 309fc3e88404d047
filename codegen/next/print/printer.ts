// The one printer of every emitter (TypeScript, Go, Markdown): lines in indented blocks, named
// sections assembled in a fixed order, and symbols. Printing a symbol writes its name and records
// that it was used (a Go import, a runtime part); imports are computed from use only.

/** Something printed by name whose use is recorded: a standard-library or runtime identifier. */
export interface Sym {
  readonly name: string;
  /** The Go import path, or a runtime part name ("runtime:<part>"), or "" for none. */
  readonly from: string;
}

export const sym = (name: string, from = ""): Sym => ({ name, from });

export type Part = string | number | Sym;

function isSym(p: Part): p is Sym {
  return typeof p === "object";
}

/** Records symbol uses; shared by all sections of one output file. */
export class Uses {
  readonly froms = new Set<string>();
  record(s: Sym): string {
    if (s.from !== "") this.froms.add(s.from);
    return s.name;
  }
}

export class Printer {
  private readonly out: string[] = [];
  private depth = 0;

  constructor(
    readonly uses: Uses = new Uses(),
    private readonly unit: string = "  ",
  ) {}

  /** A new printer sharing this one's symbol uses and indentation unit. */
  fork(): Printer {
    return new Printer(this.uses, this.unit);
  }

  /** Text of parts, recording the symbols among them. */
  text(strings: TemplateStringsArray | readonly Part[], ...values: Part[]): string {
    if (!("raw" in strings))
      return (strings as readonly Part[]).map((p) => (isSym(p) ? this.uses.record(p) : String(p))).join("");
    let s = strings[0]!;
    values.forEach((v, i) => (s += (isSym(v) ? this.uses.record(v) : String(v)) + strings[i + 1]!));
    return s;
  }

  /** One line at the current indentation: a tagged template whose symbols are recorded. */
  l(strings: TemplateStringsArray, ...values: Part[]): this {
    return this.raw(this.text(strings, ...values));
  }

  /** One line of already built text (an empty string is a blank line). */
  raw(text: string): this {
    this.out.push(text === "" ? "" : this.unit.repeat(this.depth) + text);
    return this;
  }

  /** Several lines, each indented. */
  lines(text: string): this {
    for (const line of text.split("\n")) this.raw(line);
    return this;
  }

  blank(): this {
    if (this.out.length > 0 && this.out[this.out.length - 1] !== "") this.out.push("");
    return this;
  }

  /** `open`, the body one level deeper, then `close`. */
  block(open: string, body: () => void, close = "}"): this {
    this.raw(open);
    this.depth++;
    body();
    this.depth--;
    return this.raw(close);
  }

  /** Appends another printer's lines at this one's indentation. */
  append(other: Printer): this {
    for (const line of other.out) this.out.push(line === "" ? "" : this.unit.repeat(this.depth) + line);
    return this;
  }

  get empty(): boolean {
    return this.out.length === 0;
  }

  toString(): string {
    return oneNewlineAtEnd(this.out.join("\n"));
  }
}

/** The text with its trailing newlines replaced by one (as `.replace(/\n*$/, "\n")`, which is slow on megabytes). */
export function oneNewlineAtEnd(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 10) end--;
  return `${text.slice(0, end)}\n`;
}

/** Named sections of one file, printed in the order they were declared. */
export class Sections {
  private readonly order: string[] = [];
  private readonly parts = new Map<string, Printer>();

  constructor(
    readonly uses: Uses = new Uses(),
    private readonly unit = "  ",
  ) {}

  declare(...names: string[]): this {
    for (const n of names) {
      this.order.push(n);
      this.parts.set(n, new Printer(this.uses, this.unit));
    }
    return this;
  }

  get(name: string): Printer {
    const p = this.parts.get(name);
    if (p === undefined) throw new Error(`generator bug: no section ${name}`);
    return p;
  }

  toString(separator = "\n"): string {
    return this.order
      .map((n) => this.parts.get(n)!)
      .filter((p) => !p.empty)
      .map((p) => p.toString())
      .join(separator);
  }
}
