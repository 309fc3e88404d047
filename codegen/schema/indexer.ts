// The index of a schema set. Walks each document from its root through the subschema positions of
// its draft and records, per schema: the dialect, base URI and enclosing resource; per set: every
// resource URI, every plain-name anchor and every reference, so that all can be checked at load.
// A location the walk never reached (a sibling of "$ref" up to draft-07, the inside of an unknown
// keyword) takes the state of its nearest indexed ancestor: identifiers there are not identifiers.
import { SchemaError } from "../errors";
import type { Dialect, Dialects } from "./dialect";
import type { Document } from "./documents";
import { atLeast, draftLabel, idKeyword, refOverridesSiblings, type Draft } from "./draft";
import { formatPointer, isObject, parentPointer, parsePointer, valueAt } from "./pointer";
import { subschemas } from "./subschemas";
import { locationKey, sameLocation, type Location } from "./types";
import { fileUri, hasScheme, pathOfFileUri, percentDecode, resolveUri, splitFragment } from "./uri";

export interface NodeState {
  dialect: Dialect;
  /** Absolute URI without fragment. */
  base: string;
  resource: Location;
}

export type ReferenceKeyword = "$ref" | "$dynamicRef" | "$recursiveRef";

export interface Reference {
  at: Location;
  keyword: ReferenceKeyword;
  ref: string;
}

/** A reference whose document is not loaded: the loader may find it among the external documents. */
export interface Unresolved {
  error: SchemaError;
  missingDocument?: string;
}

export class SchemaIndex {
  readonly documents = new Map<string, Document>();
  /** Absolute URI (no fragment) -> the schema resource it identifies. */
  private readonly resources = new Map<string, Location>();
  private readonly resourceUris = new Map<string, string>();
  readonly resourceRoots = new Map<string, Location[]>();
  private readonly states = new Map<string, Map<string, NodeState>>();
  private readonly anchors = new Map<string, Map<string, Location>>();
  private readonly dynamicAnchors = new Map<string, Map<string, Location>>();
  private readonly scanned = new Set<string>();
  readonly references: Reference[] = [];
  readonly errors: SchemaError[] = [];

  constructor(private readonly dialects: Dialects) {}

  addDocument(doc: Document): void {
    this.documents.set(doc.path, doc);
    this.states.set(doc.path, new Map());
    this.resourceRoots.set(doc.path, []);
    this.register(doc.uri, { file: doc.path, pointer: "" }, { file: doc.path, pointer: "" });
    this.walk(doc, "", doc.root, undefined);
  }

  /** Makes a loaded resource answer for one more URI (e.g. the https spelling of a draft-07 meta-schema). */
  alias(uri: string, root: Location): void {
    this.register(uri, root, root, false);
  }

  /** The resource a URI (absolute, no fragment) identifies, if loaded. */
  resourceAt(uri: string): Location | undefined {
    return this.resources.get(uri);
  }

  private walk(doc: Document, pointer: string, node: unknown, parent: NodeState | undefined): void {
    const at = { file: doc.path, pointer };
    const state: NodeState = parent ? { ...parent } : { dialect: this.dialects.fallback, base: doc.uri, resource: at };
    if (isObject(node)) this.readCoreKeywords(node, at, state, parent === undefined);
    this.states.get(doc.path)!.set(pointer, state);
    for (const sub of subschemas(node, state.dialect.draft)) this.walk(doc, pointer + sub.pointer, sub.node, state);
  }

  /** "$schema", "$id"/"id", "$anchor", "$dynamicAnchor" and the references: updates `state` in place. */
  private readCoreKeywords(node: Record<string, unknown>, at: Location, state: NodeState, isRoot: boolean): void {
    const declared = typeof node.$schema === "string" ? this.dialects.of(node.$schema) : undefined;
    // The declared draft decides how the identifier is spelled ("id" or "$id") and whether "$ref" hides it.
    const dialect = declared !== undefined && "draft" in declared ? declared : state.dialect;
    const idName = idKeyword(dialect.draft);
    const id = refOverridesSiblings(dialect.draft) && typeof node.$ref === "string" ? undefined : node[idName];
    const idParts = typeof id === "string" ? splitFragment(id) : undefined;
    const idAt = { file: at.file, pointer: `${at.pointer}/${idName}` };
    // "$schema" counts only where a resource starts: the document root or a schema with its own URI.
    if (isRoot || (idParts !== undefined && idParts.document !== "")) {
      if (declared !== undefined && !("draft" in declared)) {
        this.errors.push(new SchemaError(at.file, `${at.pointer}/$schema`, declared.problem, declared.hint));
      }
      state.dialect = dialect;
      state.resource = at;
      this.resourceRoots.get(at.file)!.push(at);
      if (idParts !== undefined && idParts.document !== "") {
        state.base = splitFragment(resolveUri(id as string, state.base)).document;
        this.register(state.base, at, idAt);
      }
    }
    const draft = state.dialect.draft;
    if (idParts !== undefined && idParts.fragment !== "") {
      if (atLeast(draft, "draft2019-09")) {
        this.errors.push(
          new SchemaError(
            at.file,
            idAt.pointer,
            `"$id" "${id as string}" has a fragment, which ${draftLabel(draft)} does not allow`,
            `name the schema with "$anchor": "${idParts.fragment}" and keep "$id" without "#..."`,
          ),
        );
      } else if (!idParts.fragment.startsWith("/")) {
        this.anchor(state.resource, percentDecode(idParts.fragment), at, idAt);
      }
    }
    if (atLeast(draft, "draft2019-09") && typeof node.$anchor === "string") {
      this.anchor(state.resource, node.$anchor, at, { file: at.file, pointer: `${at.pointer}/$anchor` });
    }
    if (draft === "draft2020-12" && typeof node.$dynamicAnchor === "string") {
      this.anchor(state.resource, node.$dynamicAnchor, at, { file: at.file, pointer: `${at.pointer}/$dynamicAnchor` });
      mapOf(this.dynamicAnchors, locationKey(state.resource)).set(node.$dynamicAnchor, at);
    }
    this.collectReferences(node, at, draft);
  }

  private collectReferences(node: unknown, at: Location, draft: Draft): void {
    if (!isObject(node)) return;
    if (typeof node.$ref === "string") this.references.push({ at, keyword: "$ref", ref: node.$ref });
    if (draft === "draft2019-09" && typeof node.$recursiveRef === "string") {
      this.references.push({ at, keyword: "$recursiveRef", ref: node.$recursiveRef });
    }
    if (draft === "draft2020-12" && typeof node.$dynamicRef === "string") {
      this.references.push({ at, keyword: "$dynamicRef", ref: node.$dynamicRef });
    }
  }

  /** Collects the references of a region the walk did not index, once a reference points into it. */
  scanUnindexed(at: Location): void {
    const key = locationKey(at);
    if (this.states.get(at.file)!.has(at.pointer) || this.scanned.has(key)) return;
    this.scanned.add(key);
    const draft = this.stateAt(at).dialect.draft;
    const node = valueAt(this.documents.get(at.file)!.root, at.pointer);
    this.collectReferences(node, at, draft);
    for (const sub of subschemas(node, draft)) this.scanUnindexed({ file: at.file, pointer: at.pointer + sub.pointer });
  }

  /** `canonical`: the URI to name the resource by in messages (its "$id" rather than where it was found). */
  private register(uri: string, root: Location, where: Location, canonical = true): void {
    const existing = this.resources.get(uri);
    if (existing === undefined) {
      this.resources.set(uri, root);
      if (canonical || !this.resourceUris.has(locationKey(root))) this.resourceUris.set(locationKey(root), uri);
    } else if (!sameLocation(existing, root)) {
      this.errors.push(
        new SchemaError(
          where.file,
          where.pointer,
          `"${uri}" identifies two schemas: this one and ${existing.file}#${existing.pointer}`,
          "give each schema its own $id",
        ),
      );
    }
  }

  private anchor(resource: Location, name: string, at: Location, where: Location): void {
    const names = mapOf(this.anchors, locationKey(resource));
    const existing = names.get(name);
    if (existing === undefined) names.set(name, at);
    else if (!sameLocation(existing, at)) {
      this.errors.push(
        new SchemaError(
          where.file,
          where.pointer,
          `the anchor "${name}" names two schemas of one resource: this one and ${existing.file}#${existing.pointer}`,
          "rename one of the two anchors",
        ),
      );
    }
  }

  stateAt(at: Location): NodeState {
    const states = this.states.get(at.file);
    if (states === undefined) throw new Error(`${at.file} is not a document of this schema set`);
    for (let p = at.pointer; ; p = parentPointer(p)) {
      const s = states.get(p);
      if (s !== undefined) return s;
    }
  }

  resourceUri(resource: Location): string {
    return this.resourceUris.get(locationKey(resource)) ?? fileUri(resource.file);
  }

  dynamicAnchor(resource: Location, name: string): Location | undefined {
    return this.dynamicAnchors.get(locationKey(resource))?.get(name);
  }

  /**
   * The schema `ref` names, written as `keyword` in the schema at `at`. A relative reference that
   * names no known document is tried once more as a file name relative to the file it is written
   * in (`byFileName`): files of a protocol find each other by name whatever their "$id".
   */
  resolve(ref: string, at: Location, keyword: ReferenceKeyword, byFileName: boolean): Location | Unresolved {
    const where = { file: at.file, pointer: `${at.pointer}/${keyword}` };
    const { document, fragment } = splitFragment(resolveUri(ref, this.stateAt(at).base));
    let root = this.resources.get(document);
    if (root === undefined && byFileName && !hasScheme(ref) && !this.documents.get(at.file)!.external) {
      root = this.resources.get(splitFragment(resolveUri(ref, fileUri(at.file))).document);
    }
    if (root === undefined) {
      const path = pathOfFileUri(document);
      const error =
        path !== undefined
          ? new SchemaError(
              where.file,
              where.pointer,
              `${keyword} "${ref}" names ${path}, which is not a file of this protocol`,
              "add that file to the protocol's folder, or correct the file name",
            )
          : new SchemaError(
              where.file,
              where.pointer,
              `${keyword} "${ref}" names a schema outside this protocol (${document}); the generator never fetches schemas over the network`,
              `copy the definition into a file of this protocol, or add a file of this protocol whose "$id" is "${document}"`,
            );
      return { error, missingDocument: document };
    }
    return this.locate(root, fragment, ref, keyword, where);
  }

  private locate(
    root: Location,
    fragment: string,
    ref: string,
    keyword: string,
    where: Location,
  ): Location | Unresolved {
    const problem = (text: string, hint: string) => ({ error: new SchemaError(where.file, where.pointer, text, hint) });
    if (fragment === "") return root;
    const decoded = percentDecode(fragment);
    if (decoded.startsWith("/")) {
      const pointer = root.pointer + formatPointer(parsePointer(decoded));
      const value = valueAt(this.documents.get(root.file)!.root, pointer);
      if (value === undefined) {
        return problem(
          `${keyword} "${ref}" points at nothing: ${root.file} has no ${pointer}`,
          `correct the JSON Pointer after "#" (e.g. "#/$defs/Name")`,
        );
      }
      if (typeof value !== "boolean" && !isObject(value)) {
        return problem(
          `${keyword} "${ref}" points at ${Array.isArray(value) ? "an array" : `the ${typeof value} ${JSON.stringify(value)}`}, which is not a schema`,
          "point at a schema (an object, or true/false from draft-06 on)",
        );
      }
      return { file: root.file, pointer };
    }
    const hit = this.anchors.get(locationKey(root))?.get(decoded);
    if (hit !== undefined) return hit;
    return problem(
      `${keyword} "${ref}": the schema ${this.resourceUri(root)} has no anchor "${decoded}"`,
      decoded.includes("/")
        ? `a JSON Pointer fragment starts with "/": write "#/${decoded}"`
        : `declare "$anchor": "${decoded}" there (drafts 2019-09 and 2020-12) or "$id": "#${decoded}" (drafts 04 to 07), or refer by JSON Pointer (e.g. "#/$defs/Name")`,
    );
  }
}

function mapOf<V>(maps: Map<string, Map<string, V>>, key: string): Map<string, V> {
  let m = maps.get(key);
  if (m === undefined) maps.set(key, (m = new Map()));
  return m;
}
