// Every name the emitters print is computed here, once, before emitting.

const GO_INITIALISMS = new Set([
  "acl", "api", "ascii", "cpu", "css", "dns", "eof", "guid", "html", "http", "https", "id", "ip", "json", "lhs",
  "qps", "ram", "rhs", "rpc", "sla", "smtp", "sql", "ssh", "tcp", "tls", "ttl", "udp", "ui", "uid", "uri", "url",
  "utf8", "uuid", "vm", "xml", "xmpp", "xsrf", "xss",
]);

/** Splits a wire name into words: on non-alphanumerics and lower-to-upper case changes. */
export function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w !== "");
}

/** Go-style exported name: "session_id" -> "SessionID", "base_url" -> "BaseURL". */
export function goName(name: string): string {
  const ws = words(name);
  if (ws.length === 0) return hexName(name);
  const out = ws
    .map((w) => (GO_INITIALISMS.has(w.toLowerCase()) ? w.toUpperCase() : w[0]!.toUpperCase() + w.slice(1)))
    .join("");
  return /^[0-9]/.test(out) ? `X${out}` : out;
}

/** PascalCase without initialisms, for enum members and derived type names: "tool.call" -> "ToolCall". */
export function pascalName(name: string): string {
  const ws = words(name);
  if (ws.length === 0) return hexName(name);
  const out = ws.map((w) => w[0]!.toUpperCase() + w.slice(1)).join("");
  return /^[0-9]/.test(out) ? `X${out}` : out;
}

/** A name with no letters or digits is spelled by its code points, so it is still unique and stable. */
function hexName(name: string): string {
  return `X${[...name].map((c) => c.codePointAt(0)!.toString(16).padStart(4, "0")).join("")}`;
}

/** Names that generated TypeScript and Go code already use at top level. */
export const RESERVED_TYPE_NAMES = new Set([
  // TypeScript globals and runtime exports
  "Array", "ArrayBuffer", "BigInt", "Boolean", "DataView", "Date", "Error", "Function", "Infinity", "JSON", "Map",
  "Math", "NaN", "Number", "Object", "Promise", "Proxy", "ReadableStream", "Reflect", "RegExp", "Set", "String",
  "Symbol", "TextDecoder", "TextEncoder", "Uint8Array", "WeakMap", "WeakSet", "AsyncIterable", "Iterable",
  "AsyncGenerator", "ReadonlySet", "Record",
  "DecodeError", "EncodeError", "JsonValue", "JsonObject", "FrameResult", "WireErrorCode", "ByteStream",
  // Go runtime public API (declared in every generated package) and generated package-level names
  "Codec", "Codecs", "FrameReader", "Member", "Null", "Secret", "SchemaDigest", "FrameLimit", "SetFastPath",
]);
