// Finds the line of a JSON Pointer in a JSON text, for annotations on schema files.
// A small scanner over the text (JSON.parse forgets positions); pure.
import { unescapePointerToken } from "../../errors";

/**
 * The 1-based line where the value at `pointer` is named in `text` (the line of its key, or of the
 * element for an array index). When the pointer does not exist, the line of its deepest existing
 * ancestor; line 1 for "" or when the text is not JSON.
 */
export function lineOfPointer(text: string, pointer: string): number {
  const tokens = pointer === "" ? [] : pointer.slice(1).split("/").map(unescapePointerToken);
  const scanner = new Scanner(text);
  try {
    return scanner.find(tokens);
  } catch {
    return scanner.best;
  }
}

class Scanner {
  private pos = 0;
  /** The line of the deepest pointer token matched so far. */
  best = 1;

  constructor(private readonly text: string) {}

  private lineAt(pos: number): number {
    let line = 1;
    for (let i = 0; i < pos && i < this.text.length; i++) if (this.text.charCodeAt(i) === 10) line++;
    return line;
  }

  find(tokens: string[]): number {
    this.ws();
    this.value(tokens, 0);
    return this.best;
  }

  private ws(): void {
    while (this.pos < this.text.length && " \t\r\n".includes(this.text[this.pos]!)) this.pos++;
  }

  private fail(): never {
    throw new Error(`not JSON at ${this.pos}`);
  }

  /** Scans one value; `depth` tokens of the path are matched so far (only when on the path). */
  private value(tokens: string[], depth: number | undefined): void {
    const c = this.text[this.pos];
    if (c === "{") this.object(tokens, depth);
    else if (c === "[") this.array(tokens, depth);
    else if (c === '"') this.string();
    else {
      const m = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(
        this.text.slice(this.pos, this.pos + 400),
      );
      if (m === null) this.fail();
      this.pos += m[0].length;
    }
  }

  private string(): string {
    const start = this.pos;
    this.pos++;
    while (this.pos < this.text.length) {
      const c = this.text[this.pos];
      if (c === "\\") this.pos += 2;
      else if (c === '"') {
        this.pos++;
        return JSON.parse(this.text.slice(start, this.pos)) as string;
      } else this.pos++;
    }
    return this.fail();
  }

  private onPath(tokens: string[], depth: number | undefined, token: string, at: number): number | undefined {
    if (depth === undefined || depth >= tokens.length || tokens[depth] !== token) return undefined;
    this.best = this.lineAt(at);
    return depth + 1;
  }

  private object(tokens: string[], depth: number | undefined): void {
    this.pos++;
    this.ws();
    if (this.text[this.pos] === "}") {
      this.pos++;
      return;
    }
    for (;;) {
      this.ws();
      if (this.text[this.pos] !== '"') this.fail();
      const keyAt = this.pos;
      const key = this.string();
      this.ws();
      if (this.text[this.pos] !== ":") this.fail();
      this.pos++;
      this.ws();
      this.value(tokens, this.onPath(tokens, depth, key, keyAt));
      this.ws();
      if (this.text[this.pos] === ",") {
        this.pos++;
        continue;
      }
      if (this.text[this.pos] === "}") {
        this.pos++;
        return;
      }
      this.fail();
    }
  }

  private array(tokens: string[], depth: number | undefined): void {
    this.pos++;
    this.ws();
    if (this.text[this.pos] === "]") {
      this.pos++;
      return;
    }
    for (let i = 0; ; i++) {
      this.ws();
      this.value(tokens, this.onPath(tokens, depth, String(i), this.pos));
      this.ws();
      if (this.text[this.pos] === ",") {
        this.pos++;
        continue;
      }
      if (this.text[this.pos] === "]") {
        this.pos++;
        return;
      }
      this.fail();
    }
  }
}
