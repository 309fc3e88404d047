// The keyword check of one subschema (wire rules 21, 22): every keyword is either understood by
// the builder, an annotation (documented, or unknown and listed in one warning), one of this
// generator's extensions (checked where it may appear), or a likely misspelling (an error that
// names the keyword meant).
import { ANNOTATIONS, CORE, DECL_ONLY, EXTENSIONS, assertingKeywords, likelyMisspelling } from "../vocabulary";
import type { SchemaReader } from "./reader";

const IDENT = /^[A-Z][A-Za-z0-9]*$/;

export function checkKeywords(r: SchemaReader, isDecl: boolean): void {
  const asserting = assertingKeywords(r.draft);
  for (const key of Object.keys(r.node)) {
    if (asserting.has(key) || CORE.has(key) || ANNOTATIONS.has(key)) continue;
    if (EXTENSIONS.has(key)) {
      checkExtension(r, key, isDecl);
      continue;
    }
    const meant = likelyMisspelling(key, r.draft);
    if (meant !== undefined) {
      r.error(
        key,
        `unknown keyword "${key}": probably a misspelling of "${meant}", which would be enforced`,
        `rename it to "${meant}" (or, if it is meant as an annotation, give it an x- prefix)`,
      );
      continue;
    }
    r.unknownKeyword(key);
  }
}

function checkExtension(r: SchemaReader, key: string, isDecl: boolean): void {
  const v = r.node[key];
  if (DECL_ONLY.has(key) && !isDecl) {
    r.error(key, `${key} is allowed only on a definition in $defs (or a file's root)`, `move ${key} to the definition`);
    return;
  }
  if (key === "x-name" && (typeof v !== "string" || !IDENT.test(v))) {
    r.error(
      key,
      "x-name must be a PascalCase identifier (a capital letter, then letters and digits)",
      'write a name such as "ToolCall"',
    );
  }
  if (key === "x-assert-format" && (r.at.pointer !== "" || typeof v !== "boolean")) {
    r.error(key, "x-assert-format must be true or false, at the root of a schema file", "move it to the file's root");
  }
}
