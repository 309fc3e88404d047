// RFC 6901 JSON Pointers over parsed JSON documents.
import { escapePointerToken, unescapePointerToken } from "../errors";

export function parsePointer(pointer: string): string[] {
  return pointer === "" ? [] : pointer.slice(1).split("/").map(unescapePointerToken);
}

export function formatPointer(tokens: readonly (string | number)[]): string {
  return tokens.map((t) => `/${escapePointerToken(String(t))}`).join("");
}

/** The value `pointer` names inside `root`, or undefined when there is none. */
export function valueAt(root: unknown, pointer: string): unknown {
  let node = root;
  for (const token of parsePointer(pointer)) {
    if (Array.isArray(node)) {
      if (!/^(0|[1-9][0-9]*)$/.test(token) || Number(token) >= node.length) return undefined;
      node = node[Number(token)];
    } else if (isObject(node) && Object.prototype.hasOwnProperty.call(node, token)) {
      node = node[token];
    } else {
      return undefined;
    }
  }
  return node;
}

/** The pointer of the parent of a non-root pointer. */
export function parentPointer(pointer: string): string {
  return pointer.slice(0, pointer.lastIndexOf("/"));
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
