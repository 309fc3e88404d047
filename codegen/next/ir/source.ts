// What the IR passes need from the loaded schema files (codegen/schema/): nodes by location, the
// draft in force, and reference resolution. Kept as an interface so each pass can be tested on a
// tiny in-memory source.

export type Draft = "draft-04" | "draft-06" | "draft-07" | "draft2019-09" | "draft2020-12";

export interface Location {
  file: string;
  pointer: string;
}

export interface SchemaSource {
  readonly files: readonly { path: string; root: unknown; draft: Draft }[];
  node(at: Location): unknown;
  draft(at: Location): Draft;
  /** The root of the schema resource enclosing `at`. */
  resource(at: Location): Location;
  resolve(ref: string, at: Location): Location;
  resolveDynamic(ref: string, at: Location, scope: readonly Location[]): Location;
  /** The keywords defined at `at` (the draft's, narrowed by a custom meta-schema's $vocabulary). */
  keywords?(at: Location): ReadonlySet<string>;
}

export const sameLocation = (a: Location, b: Location): boolean => a.file === b.file && a.pointer === b.pointer;
export const locationKey = (l: Location): string => `${l.file}#${l.pointer}`;
