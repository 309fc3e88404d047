// The shapes the schema layer takes in and hands out: file texts in, locations out.

export interface SchemaFile {
  /** Path relative to the repository root, with "/" separators, e.g. "schema/runner/records.json". */
  path: string;
  text: string;
}

/** A place inside one loaded document: its repository path and an RFC 6901 JSON Pointer ("" is the root). */
export interface Location {
  file: string;
  pointer: string;
}

/**
 * Documents served under absolute URIs without any network: every file of `files` whose path lies
 * under `folder` answers for `uri` + the rest of its path. Used for the test suite's remotes
 * (http://localhost:1234/); the official meta-schemas are always available and need no entry.
 */
export interface ExternalFolder {
  uri: string;
  folder: string;
  files: readonly SchemaFile[];
}

export type ExternalSchemas = readonly ExternalFolder[];

export function locationKey(at: Location): string {
  return `${at.file}#${at.pointer}`;
}

export function sameLocation(a: Location, b: Location): boolean {
  return a.file === b.file && a.pointer === b.pointer;
}
