// The one error type the generator reports: always a file, a JSON Pointer and what to do.

export class SchemaError extends Error {
  constructor(
    readonly file: string,
    readonly pointer: string,
    readonly problem: string,
    readonly hint: string,
  ) {
    super(`${file}#${pointer}: ${problem}\n  what to do: ${hint}`);
    this.name = "SchemaError";
  }
}

/** Several schema errors found in one run, reported together. */
export class SchemaErrors extends Error {
  constructor(readonly errors: SchemaError[]) {
    super(errors.map((e) => e.message).join("\n"));
    this.name = "SchemaErrors";
  }
}

/** RFC 6901 escaping of one reference token. */
export function escapePointerToken(token: string): string {
  return token.replace(/~/g, "~0").replace(/\//g, "~1");
}

export function unescapePointerToken(token: string): string {
  return token.replace(/~1/g, "/").replace(/~0/g, "~");
}

export function childPointer(pointer: string, token: string | number): string {
  return `${pointer}/${escapePointerToken(String(token))}`;
}
