// Validates schema files against the draft 2020-12 meta-schema before anything else reads them.
import Ajv2020 from "ajv/dist/2020";
import { SchemaError } from "../errors";
import type { SchemaDocument } from "./files";

let validator: ((doc: unknown) => boolean) & { errors?: { instancePath: string; message?: string }[] | null } | undefined;

export function checkMetaSchema(docs: SchemaDocument[]): void {
  if (validator === undefined) {
    const ajv = new Ajv2020({ strict: false, allErrors: false });
    validator = ajv.getSchema("https://json-schema.org/draft/2020-12/schema") as typeof validator;
  }
  for (const doc of docs) {
    if (!validator!(doc.root)) {
      const err = validator!.errors?.[0];
      throw new SchemaError(doc.path, err?.instancePath ?? "", `not a valid draft 2020-12 schema: ${err?.message ?? "rejected by the meta-schema"}`, "fix the keyword's value as the JSON Schema 2020-12 specification describes it");
    }
  }
}
