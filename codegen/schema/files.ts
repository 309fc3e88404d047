// Parses the schema files of one protocol. Pure: takes file texts, returns JSON documents.
import { SchemaError, SchemaErrors } from "../errors";

export interface SchemaFile {
  /** Path relative to the repository root, with "/" separators, e.g. "schema/runner/records.json". */
  path: string;
  text: string;
}

export interface SchemaDocument {
  path: string;
  root: unknown;
}

/** Parses every file; every file that is not JSON is reported at once (SchemaErrors). */
export function parseSchemaFiles(files: SchemaFile[]): SchemaDocument[] {
  const errors: SchemaError[] = [];
  const docs: SchemaDocument[] = [];
  for (const f of [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    try {
      docs.push({ path: f.path, root: JSON.parse(f.text) as unknown });
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      errors.push(new SchemaError(f.path, "", `not valid JSON (${why})`, "fix the JSON syntax of this file"));
    }
  }
  if (errors.length > 0) throw new SchemaErrors(errors);
  return docs;
}
