// One protocol's schema files through the new pipeline: the schema set (parsed, indexed, every
// reference checked), the meta-schema check of each file's draft, then the IR. Pure: texts in.
import { SchemaError, SchemaErrors } from "../../errors";
import { checkMetaSchemas } from "../../schema/metacheck";
import { SchemaSet, type SchemaFile } from "../../schema/set";
import { buildProtocol } from "./protocol";
import type { Protocol } from "./types";

/** Throws SchemaErrors with every problem of the files (loading, meta-schema, IR). */
export function protocolFromFiles(name: string, files: readonly SchemaFile[]): Protocol {
  // A file that is not JSON is reported, and the others are still checked, so that one run
  // names every problem; references into the broken file are not reported a second time.
  const broken = files.filter((f) => !parses(f.text)).map((f) => f.path);
  if (broken.length > 0) {
    const errors = problemsOf(() => SchemaSet.load(files));
    try {
      checked(
        name,
        files.filter((f) => !broken.includes(f.path)),
      );
    } catch (e) {
      if (!(e instanceof SchemaErrors)) throw e;
      errors.push(
        ...e.errors.filter((x) => !broken.some((b) => x.message.includes(b)) && !errors.some((y) => same(x, y))),
      );
    }
    throw new SchemaErrors(errors);
  }
  return checked(name, files);
}

function checked(name: string, files: readonly SchemaFile[]): Protocol {
  const source = SchemaSet.load(files);
  const meta = checkMetaSchemas(source);
  if (meta.length > 0) throw new SchemaErrors(meta);
  return buildProtocol({ name, files: [...files], source });
}

function problemsOf(run: () => unknown): SchemaError[] {
  try {
    run();
    return [];
  } catch (e) {
    if (e instanceof SchemaErrors) return [...e.errors];
    throw e;
  }
}

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function same(a: SchemaError, b: SchemaError): boolean {
  return a.file === b.file && a.pointer === b.pointer && a.message === b.message;
}
