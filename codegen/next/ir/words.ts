// Turning wire names into identifiers: words, PascalCase, Go names with initialisms, and locals.

const GO_INITIALISMS = new Set([
  "acl",
  "api",
  "ascii",
  "cpu",
  "css",
  "dns",
  "eof",
  "guid",
  "html",
  "http",
  "https",
  "id",
  "ip",
  "json",
  "lhs",
  "qps",
  "ram",
  "rhs",
  "rpc",
  "sla",
  "smtp",
  "sql",
  "ssh",
  "tcp",
  "tls",
  "ttl",
  "udp",
  "ui",
  "uid",
  "uri",
  "url",
  "utf8",
  "uuid",
  "vm",
  "xml",
  "xmpp",
  "xsrf",
  "xss",
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

/** PascalCase without initialisms, for type and member names: "tool.call" -> "ToolCall". */
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

/** A readable identifier part for a wire name: letters, digits and "_" kept, anything else "_". */
export function localPart(name: string): string {
  const s = name.replace(/[^A-Za-z0-9_]/g, "_");
  return s === "" ? "_" : s;
}

/** An injective identifier part: "_" doubled, any other non-alphanumeric as _hex_. */
export function exactPart(name: string): string {
  let out = "";
  for (const ch of name) {
    if (/[A-Za-z0-9]/.test(ch)) out += ch;
    else if (ch === "_") out += "__";
    else out += `_${ch.codePointAt(0)!.toString(16)}_`;
  }
  return out === "" ? "_" : out;
}

/** The name with its indefinite article, for comments: "an Error", "a Frame", "a UserId". */
export function withArticle(name: string): string {
  const an = /^[AEIO]/.test(name) || (/^U/.test(name) && !/^U(ni|se|su|ti|r[ai])/.test(name));
  return `${an ? "an" : "a"} ${name}`;
}
