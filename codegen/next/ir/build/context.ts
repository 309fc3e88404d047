// What a keyword family's build step may ask of the builder.
import type { Location } from "../source";
import type { Pattern, Type } from "../types";
import type { SchemaReader } from "./reader";

export interface BuildContext {
  /** Builds the subschema at `at` (a child of the node being built). */
  child(at: Location): Type;
  /** Compiles a pattern, or reports why it is not portable (undefined then). */
  pattern(r: SchemaReader, keyword: string, source: unknown, at?: Location): Pattern | undefined;
  /** Whether `format` asserts in the file of `r` (x-assert-format at its root). */
  assertsFormat(r: SchemaReader): boolean;
}
