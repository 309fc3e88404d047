// A loaded set of schema files: every document parsed, every resource indexed, every reference
// checked, so that later stages ask questions (what is here, which draft, where does this $ref go)
// and never meet a loading error. Pure: file texts in; no disk, no network.
import { SchemaError, SchemaErrors } from "../errors";
import { Dialects, standardDialect } from "./dialect";
import { ExternalDocuments, parseDocument, rootIdentifier, type Document } from "./documents";
import { DEFAULT_DRAFT, type Draft } from "./draft";
import { SchemaIndex, type ReferenceKeyword, type Unresolved } from "./indexer";
import { isObject, valueAt } from "./pointer";
import { locationKey, type ExternalSchemas, type Location, type SchemaFile } from "./types";
import { fileUri, percentDecode, resolveUri, splitFragment } from "./uri";

export type { Draft } from "./draft";
export type { ExternalFolder, ExternalSchemas, Location, SchemaFile } from "./types";
export { subschemas } from "./subschemas";
export { knownKeywords } from "./keywords";

export interface LoadOptions {
  /** Documents served under absolute URIs (the test suite's remotes); the meta-schemas need no entry. */
  external?: ExternalSchemas;
  /** The draft of a document without "$schema"; draft 2020-12 unless said otherwise. */
  defaultDraft?: Draft;
}

export interface LoadedFile {
  path: string;
  root: unknown;
  draft: Draft;
}

export interface ExternalFile extends LoadedFile {
  uri: string;
}

export class SchemaSet {
  /** The protocol's files, sorted by path. */
  readonly files: readonly LoadedFile[];
  /** The external documents the files refer to (meta-schemas, mapped folders), sorted by path. */
  readonly externals: readonly ExternalFile[];

  private constructor(private readonly index: SchemaIndex) {
    const list = [...index.documents.values()].sort((a, b) => compare(a.path, b.path));
    const draftOf = (d: Document) => index.stateAt({ file: d.path, pointer: "" }).dialect.draft;
    this.files = list.filter((d) => !d.external).map((d) => ({ path: d.path, root: d.root, draft: draftOf(d) }));
    this.externals = list
      .filter((d) => d.external)
      .map((d) => ({ path: d.path, root: d.root, draft: draftOf(d), uri: d.uri }));
  }

  /** Parses the files and indexes every resource; throws SchemaErrors with every problem found. */
  static load(files: readonly SchemaFile[], options: LoadOptions = {}): SchemaSet {
    const errors: SchemaError[] = [];
    const docs: Document[] = [];
    for (const file of [...files].sort((a, b) => compare(a.path, b.path))) {
      if (docs.some((d) => d.path === file.path)) {
        errors.push(new SchemaError(file.path, "", "the file is given twice", "pass each file once"));
        continue;
      }
      const doc = parseDocument(file, fileUri(file.path), false);
      if (doc instanceof SchemaError) errors.push(doc);
      else docs.push(doc);
    }
    const externals = new ExternalDocuments(options.external ?? []);
    const roots = new Map<string, unknown>();
    for (const doc of docs) {
      roots.set(doc.uri, doc.root);
      const id = rootIdentifier(doc);
      if (id !== undefined) roots.set(id, doc.root);
    }
    const dialects = new Dialects(
      (uri) => {
        if (roots.has(uri)) return roots.get(uri);
        const ext = externals.find(uri);
        return ext instanceof SchemaError ? undefined : ext?.root;
      },
      standardDialect(options.defaultDraft ?? DEFAULT_DRAFT),
    );
    const index = new SchemaIndex(dialects);
    for (const doc of docs) index.addDocument(doc);
    // Check every reference; load the external documents they name as they come (the list grows).
    for (let i = 0; i < index.references.length; i++) {
      const { ref, at, keyword } = index.references[i]!;
      let target = index.resolve(ref, at, keyword, false);
      if ("error" in target && target.missingDocument !== undefined) {
        const ext = externals.find(target.missingDocument);
        if (ext instanceof SchemaError) errors.push(ext);
        else if (ext !== undefined) {
          // Already loaded under another spelling, or a file of the protocol carries the same $id: no second copy.
          const id = rootIdentifier(ext);
          const loaded = index.documents.has(ext.path) ? { file: ext.path, pointer: "" } : id && index.resourceAt(id);
          if (loaded) index.alias(target.missingDocument, loaded);
          else index.addDocument(ext);
        }
        target = index.resolve(ref, at, keyword, true);
      }
      if ("error" in target) errors.push(target.error);
      else index.scanUnindexed(target);
    }
    errors.push(...index.errors);
    if (errors.length > 0) throw new SchemaErrors(unique(errors).sort(byLocation));
    return new SchemaSet(index);
  }

  /** The JSON value at a location. */
  node(at: Location): unknown {
    const doc = this.index.documents.get(at.file);
    const value = doc === undefined ? undefined : valueAt(doc.root, at.pointer);
    if (value === undefined) throw new Error(`no value at ${locationKey(at)} in this schema set`);
    return value;
  }

  /** The draft in force: "$schema" of the enclosing resource, else of the enclosing one, else the default. */
  draft(at: Location): Draft {
    return this.index.stateAt(at).dialect.draft;
  }

  /** The keywords in force: knownKeywords(draft), less the vocabularies a custom meta-schema leaves out. */
  keywords(at: Location): ReadonlySet<string> {
    return this.index.stateAt(at).dialect.keywords;
  }

  /** The base URI in force (absolute, no fragment); file:///<path> in a file without "$id". */
  baseUri(at: Location): string {
    return this.index.stateAt(at).base;
  }

  /** The root of the schema resource enclosing `at`: the file root or a subschema with its own "$id"/"id". */
  resource(at: Location): Location {
    return this.index.stateAt(at).resource;
  }

  /** Every resource root of a file, in document order (the file root first). */
  resourceRoots(file: string): readonly Location[] {
    return this.index.resourceRoots.get(file) ?? [];
  }

  /** The target of a "$ref" written in the schema at `at`. */
  resolve(ref: string, at: Location): Location {
    return found(this.index.resolve(ref, at, "$ref", true));
  }

  /**
   * The target of a "$dynamicRef" (2020-12) or "$recursiveRef" (2019-09) written in the schema at
   * `at`, given the dynamic scope: the resource roots entered so far, outermost first.
   */
  resolveDynamic(ref: string, at: Location, scope: readonly Location[]): Location {
    const draft = this.draft(at);
    const keyword: ReferenceKeyword = draft === "draft2019-09" ? "$recursiveRef" : "$dynamicRef";
    const initial = found(this.index.resolve(ref, at, keyword, true));
    const target = this.node(initial);
    if (keyword === "$dynamicRef") {
      // Dynamic only when the fragment is a plain name that the initial target declares as
      // "$dynamicAnchor" (the "bookend"); otherwise "$dynamicRef" is a plain "$ref".
      const name = percentDecode(splitFragment(resolveUri(ref, this.baseUri(at))).fragment);
      if (name === "" || name.startsWith("/") || !isObject(target) || target.$dynamicAnchor !== name) return initial;
      for (const entered of scope) {
        const hit = this.index.dynamicAnchor(this.resource(entered), name);
        if (hit !== undefined) return hit;
      }
      return initial;
    }
    // 2019-09: dynamic only when the initial target says "$recursiveAnchor": true; then the
    // reference is resolved again against the outermost resource in scope that says so too.
    if (!isObject(target) || target.$recursiveAnchor !== true) return initial;
    for (const entered of scope) {
      const root = this.resource(entered);
      const node = this.node(root);
      if (isObject(node) && node.$recursiveAnchor === true) return found(this.index.resolve(ref, root, keyword, true));
    }
    return initial;
  }
}

function found(result: Location | Unresolved): Location {
  if ("error" in result) throw result.error;
  return result;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function byLocation(a: SchemaError, b: SchemaError): number {
  return compare(a.file, b.file) || compare(a.pointer, b.pointer);
}

function unique(errors: SchemaError[]): SchemaError[] {
  const seen = new Set<string>();
  return errors.filter((e) => !seen.has(e.message) && seen.add(e.message) !== undefined);
}
