// Validates schema files against the draft 2020-12 meta-schema before anything else reads them.
// Every error of every file is reported at once (SchemaErrors).
import Ajv2020 from "ajv/dist/2020";
import { SchemaError, SchemaErrors } from "../errors";
import type { SchemaDocument } from "./files";

type Validator = ((doc: unknown) => boolean) & { errors?: { instancePath: string; message?: string }[] | null };
let validator: Validator | undefined;

export function metaSchemaErrors(docs: SchemaDocument[]): SchemaError[] {
  if (validator === undefined) {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    validator = ajv.getSchema("https://json-schema.org/draft/2020-12/schema") as Validator;
  }
  const errors: SchemaError[] = [];
  for (const doc of docs) {
    if (validator(doc.root)) continue;
    // one error per location: the branches of an anyOf (such as "type": a name or a list of names)
    // would otherwise each say why the value is not theirs
    const seen = new Set<string>();
    const list = validator.errors ?? [];
    if (list.length === 0) list.push({ instancePath: "", message: "rejected by the meta-schema" });
    for (const err of list) {
      if (seen.has(err.instancePath)) continue;
      seen.add(err.instancePath);
      errors.push(new SchemaError(doc.path, err.instancePath, `not a valid draft 2020-12 schema: ${err.message ?? "rejected by the meta-schema"}`, "fix the keyword's value as the JSON Schema 2020-12 specification describes it"));
    }
  }
  return errors;
}

export function checkMetaSchema(docs: SchemaDocument[]): void {
  const errors = metaSchemaErrors(docs);
  if (errors.length > 0) throw new SchemaErrors(errors);
}
