// The official meta-schemas of the five drafts, vendored under meta/ (see meta/README.md) and
// always available by their URIs, so that a "$ref" to one never needs the network.
import draft04 from "./meta/draft-04/schema.json";
import draft06 from "./meta/draft-06/schema.json";
import draft07 from "./meta/draft-07/schema.json";
import s2019 from "./meta/draft2019-09/schema.json";
import s2019Applicator from "./meta/draft2019-09/meta/applicator.json";
import s2019Content from "./meta/draft2019-09/meta/content.json";
import s2019Core from "./meta/draft2019-09/meta/core.json";
import s2019Format from "./meta/draft2019-09/meta/format.json";
import s2019MetaData from "./meta/draft2019-09/meta/meta-data.json";
import s2019Validation from "./meta/draft2019-09/meta/validation.json";
import s2020 from "./meta/draft2020-12/schema.json";
import s2020Applicator from "./meta/draft2020-12/meta/applicator.json";
import s2020Content from "./meta/draft2020-12/meta/content.json";
import s2020Core from "./meta/draft2020-12/meta/core.json";
import s2020FormatAnnotation from "./meta/draft2020-12/meta/format-annotation.json";
import s2020FormatAssertion from "./meta/draft2020-12/meta/format-assertion.json";
import s2020MetaData from "./meta/draft2020-12/meta/meta-data.json";
import s2020Unevaluated from "./meta/draft2020-12/meta/unevaluated.json";
import s2020Validation from "./meta/draft2020-12/meta/validation.json";
import { DRAFTS, META_SCHEMA_URI, type Draft } from "./draft";

export interface MetaSchemaDocument {
  /** The URI the document answers for (its "$id" without the empty fragment). */
  uri: string;
  /** Where it is vendored, relative to the repository root. */
  path: string;
  root: unknown;
}

const DIR = "codegen/schema/meta";
const V2019 = "https://json-schema.org/draft/2019-09/meta/";
const V2020 = "https://json-schema.org/draft/2020-12/meta/";

/** Per draft: the meta-schema first, then the vocabulary meta-schemas it is made of. */
export const META_SCHEMAS: Readonly<Record<Draft, readonly MetaSchemaDocument[]>> = {
  "draft-04": [{ uri: META_SCHEMA_URI["draft-04"], path: `${DIR}/draft-04/schema.json`, root: draft04 }],
  "draft-06": [{ uri: META_SCHEMA_URI["draft-06"], path: `${DIR}/draft-06/schema.json`, root: draft06 }],
  "draft-07": [{ uri: META_SCHEMA_URI["draft-07"], path: `${DIR}/draft-07/schema.json`, root: draft07 }],
  "draft2019-09": [
    { uri: META_SCHEMA_URI["draft2019-09"], path: `${DIR}/draft2019-09/schema.json`, root: s2019 },
    ...(
      [
        ["core", s2019Core],
        ["applicator", s2019Applicator],
        ["validation", s2019Validation],
        ["meta-data", s2019MetaData],
        ["format", s2019Format],
        ["content", s2019Content],
      ] as const
    ).map(([name, root]) => ({ uri: `${V2019}${name}`, path: `${DIR}/draft2019-09/meta/${name}.json`, root })),
  ],
  "draft2020-12": [
    { uri: META_SCHEMA_URI["draft2020-12"], path: `${DIR}/draft2020-12/schema.json`, root: s2020 },
    ...(
      [
        ["core", s2020Core],
        ["applicator", s2020Applicator],
        ["unevaluated", s2020Unevaluated],
        ["validation", s2020Validation],
        ["meta-data", s2020MetaData],
        ["format-annotation", s2020FormatAnnotation],
        ["format-assertion", s2020FormatAssertion],
        ["content", s2020Content],
      ] as const
    ).map(([name, root]) => ({ uri: `${V2020}${name}`, path: `${DIR}/draft2020-12/meta/${name}.json`, root })),
  ],
};

const BY_URI = new Map<string, MetaSchemaDocument>();
for (const draft of DRAFTS) {
  for (const doc of META_SCHEMAS[draft]) {
    BY_URI.set(doc.uri, doc);
    // Drafts 04 to 07 are often written with https; both spellings name the same document.
    if (doc.uri.startsWith("http://")) BY_URI.set(doc.uri.replace(/^http:/, "https:"), doc);
  }
}

/** The vendored meta-schema document with this URI (no fragment), if it is one. */
export function metaSchemaDocument(uri: string): MetaSchemaDocument | undefined {
  return BY_URI.get(uri);
}
