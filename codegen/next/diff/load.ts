// One protocol's schema files through the new pipeline: the schema set (parsed, indexed, every
// reference checked), the meta-schema check of each file's draft, then the IR. Pure: texts in.
import { SchemaErrors } from "../../errors";
import { checkMetaSchemas } from "../../schema/metacheck";
import { SchemaSet, type SchemaFile } from "../../schema/set";
import { buildProtocol } from "../ir/protocol";
import type { Protocol } from "../ir/types";

/** Throws SchemaErrors with every problem of the files (loading, meta-schema, IR). */
export function protocolFromFiles(name: string, files: readonly SchemaFile[]): Protocol {
  const source = SchemaSet.load(files);
  const meta = checkMetaSchemas(source);
  if (meta.length > 0) throw new SchemaErrors(meta);
  return buildProtocol({ name, files: [...files], source });
}
