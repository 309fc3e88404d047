// Where the documents of a schema set come from: the protocol's files (parsed from their texts),
// the vendored meta-schemas, and the external folders a caller maps to URIs. Never the network.
import { SchemaError } from "../errors";
import { metaSchemaDocument } from "./metaschemas";
import { isObject } from "./pointer";
import type { ExternalSchemas, SchemaFile } from "./types";
import { percentDecode, normalizeUri, resolveUri, splitFragment } from "./uri";

export interface Document {
  path: string;
  root: unknown;
  /** The URI it was found under: file:///<path> for a protocol file, its served URI for an external one. */
  uri: string;
  external: boolean;
}

export function parseDocument(file: SchemaFile, uri: string, external: boolean): Document | SchemaError {
  try {
    return { path: file.path, root: JSON.parse(file.text) as unknown, uri, external };
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    return new SchemaError(file.path, "", `not valid JSON (${why})`, "fix the JSON syntax of this file");
  }
}

/** The URI a document's root "$id" (or draft-04 "id") gives it, if any, without fragment. */
export function rootIdentifier(doc: Document): string | undefined {
  if (!isObject(doc.root)) return undefined;
  const id = typeof doc.root.$id === "string" ? doc.root.$id : doc.root.id;
  if (typeof id !== "string" || id.startsWith("#")) return undefined;
  return splitFragment(resolveUri(id, doc.uri)).document;
}

/** Finds external documents by URI: the vendored meta-schemas first, then the caller's folders. */
export class ExternalDocuments {
  private readonly cache = new Map<string, Document | SchemaError | undefined>();

  constructor(private readonly folders: ExternalSchemas) {}

  find(documentUri: string): Document | SchemaError | undefined {
    const uri = normalizeUri(documentUri);
    if (!this.cache.has(uri)) this.cache.set(uri, this.lookup(uri));
    return this.cache.get(uri);
  }

  private lookup(uri: string): Document | SchemaError | undefined {
    const meta = metaSchemaDocument(uri);
    if (meta !== undefined) return { path: meta.path, root: meta.root, uri, external: true };
    for (const folder of this.folders) {
      const prefix = normalizeUri(folder.uri);
      if (!uri.startsWith(prefix)) continue;
      const path = `${folder.folder}/${percentDecode(uri.slice(prefix.length))}`;
      const file = folder.files.find((f) => f.path === path);
      if (file !== undefined) return parseDocument(file, uri, true);
    }
    return undefined;
  }
}
