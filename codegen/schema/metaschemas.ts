// The official meta-schemas of the five drafts, vendored under meta/ (see meta/README.md) and
// always available by their URIs, so that a "$ref" to one never needs the network. Each is read
// when first used: most runs use none (metacheck.ts has them precompiled), and loading all 19 at
// every start took 25 ms in a checkout.
import { DRAFTS, META_SCHEMA_URI, type Draft } from "./draft";

export interface MetaSchemaDocument {
  /** The URI the document answers for (its "$id" without the empty fragment). */
  uri: string;
  /** Where it is vendored, relative to the repository root. */
  path: string;
  /** The parsed document (read on first use). */
  readonly root: unknown;
}

const DIR = "codegen/schema/meta";
const V2019 = "https://json-schema.org/draft/2019-09/meta/";
const V2020 = "https://json-schema.org/draft/2020-12/meta/";

function vendored(uri: string, file: string): MetaSchemaDocument {
  let root: unknown;
  return {
    uri,
    path: `${DIR}/${file}`,
    get root() {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      return (root ??= require(`./meta/${file}`));
    },
  };
}

/** Per draft: the meta-schema first, then the vocabulary meta-schemas it is made of. */
export const META_SCHEMAS: Readonly<Record<Draft, readonly MetaSchemaDocument[]>> = {
  "draft-04": [vendored(META_SCHEMA_URI["draft-04"], "draft-04/schema.json")],
  "draft-06": [vendored(META_SCHEMA_URI["draft-06"], "draft-06/schema.json")],
  "draft-07": [vendored(META_SCHEMA_URI["draft-07"], "draft-07/schema.json")],
  "draft2019-09": [
    vendored(META_SCHEMA_URI["draft2019-09"], "draft2019-09/schema.json"),
    ...["core", "applicator", "validation", "meta-data", "format", "content"].map((name) =>
      vendored(`${V2019}${name}`, `draft2019-09/meta/${name}.json`),
    ),
  ],
  "draft2020-12": [
    vendored(META_SCHEMA_URI["draft2020-12"], "draft2020-12/schema.json"),
    ...[
      "core",
      "applicator",
      "unevaluated",
      "validation",
      "meta-data",
      "format-annotation",
      "format-assertion",
      "content",
    ].map((name) => vendored(`${V2020}${name}`, `draft2020-12/meta/${name}.json`)),
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
