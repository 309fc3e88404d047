// Parses the schema files of one protocol. Pure: takes file texts, returns JSON documents.
import { SchemaError } from "../errors";

export interface SchemaFile {
  /** Path relative to the repository root, with "/" separators, e.g. "schema/runner/records.json". */
  path: string;
  text: string;
}

export interface SchemaDocument {
  path: string;
  root: unknown;
}

export function parseSchemaFiles(files: SchemaFile[]): SchemaDocument[] {
  return [...files]
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .map((f) => {
      try {
        return { path: f.path, root: JSON.parse(f.text) as unknown };
      } catch (e) {
        const why = e instanceof Error ? e.message : String(e);
        throw new SchemaError(f.path, "", `not valid JSON (${why})`, "fix the JSON syntax of this file");
      }
    });
}
