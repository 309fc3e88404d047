// Resolves "$ref" between the files of one protocol. No network: remote references are refused.
import { SchemaError, unescapePointerToken } from "../errors";
import type { SchemaDocument } from "./files";

export interface Target {
  file: string;
  pointer: string;
  node: unknown;
}

function posixDirname(path: string): string {
  const i = path.lastIndexOf("/");
  return i < 0 ? "" : path.slice(0, i);
}

function normalizePath(path: string): string {
  const out: string[] = [];
  for (const seg of path.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") out.pop();
    else out.push(seg);
  }
  return out.join("/");
}

export class Resolver {
  private readonly docs = new Map<string, SchemaDocument>();
  /** A file's root "$id" (an absolute URI) -> its path, so that references by $id stay local. */
  private readonly ids = new Map<string, string>();

  constructor(docs: SchemaDocument[]) {
    for (const d of docs) {
      this.docs.set(d.path, d);
      const id = (d.root as { $id?: unknown } | null)?.$id;
      if (typeof id === "string") this.ids.set(id.replace(/#$/, ""), d.path);
    }
  }

  private idOf(file: string): string | undefined {
    for (const [id, path] of this.ids) if (path === file) return id;
    return undefined;
  }

  /** Resolves `ref` written at (file, pointer) to the node it names. */
  resolve(ref: string, file: string, pointer: string): Target {
    const base = this.idOf(file);
    if (base !== undefined && !ref.startsWith("#")) {
      try {
        const url = new URL(ref, base);
        const fragment = url.hash;
        url.hash = "";
        const local = this.ids.get(url.href);
        if (local !== undefined) return this.resolve(fragment === "" ? "#" : fragment, local, pointer);
      } catch {
        // not a URI reference: fall through to the file-name rules
      }
    }
    if (/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(ref) || ref.startsWith("//")) {
      throw new SchemaError(file, pointer, `remote $ref "${ref}" is not supported (no network)`, "copy the definition into a file of this protocol and refer to it by relative file name");
    }
    const hash = ref.indexOf("#");
    const filePart = hash < 0 ? ref : ref.slice(0, hash);
    const fragment = hash < 0 ? "" : decodeURIComponent(ref.slice(hash + 1));
    const targetFile = filePart === "" ? file : normalizePath(`${posixDirname(file)}/${decodeURIComponent(filePart)}`);
    const doc = this.docs.get(targetFile);
    if (doc === undefined) {
      throw new SchemaError(file, pointer, `$ref "${ref}" names a file that is not part of this protocol (${targetFile})`, "refer to a .json file in the same schema folder");
    }
    if (fragment !== "" && !fragment.startsWith("/")) {
      throw new SchemaError(file, pointer, `$ref "${ref}" uses a plain-name fragment ($anchor), which is not supported`, "refer to the definition by JSON Pointer, e.g. #/$defs/Name");
    }
    let node: unknown = doc.root;
    for (const raw of fragment === "" ? [] : fragment.slice(1).split("/")) {
      const token = unescapePointerToken(raw);
      if (Array.isArray(node) && /^(0|[1-9][0-9]*)$/.test(token) && Number(token) < node.length) node = node[Number(token)];
      else if (node !== null && typeof node === "object" && !Array.isArray(node) && Object.prototype.hasOwnProperty.call(node, token)) node = (node as Record<string, unknown>)[token];
      else throw new SchemaError(file, pointer, `$ref "${ref}" points at nothing`, `check that ${targetFile} has ${fragment}`);
    }
    return { file: targetFile, pointer: fragment, node };
  }
}
