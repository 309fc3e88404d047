// URI references as RFC 3986 defines them: parsing, resolution against a base (section 5.2), and
// the light normalization that makes two spellings of one identifier compare equal. WHATWG URL is
// not used: it rewrites non-http schemes (urn:, tag:) and would make identifiers differ from the spec.

interface UriParts {
  scheme?: string;
  authority?: string;
  path: string;
  query?: string;
  fragment?: string;
}

// RFC 3986 appendix B.
const URI_PATTERN = /^(?:([^:/?#]+):)?(?:\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/s;

function parse(reference: string): UriParts {
  const m = URI_PATTERN.exec(reference)!;
  const parts: UriParts = { path: m[3]! };
  if (m[1] !== undefined) parts.scheme = m[1];
  if (m[2] !== undefined) parts.authority = m[2];
  if (m[4] !== undefined) parts.query = m[4];
  if (m[5] !== undefined) parts.fragment = m[5];
  return parts;
}

function format(p: UriParts): string {
  let out = "";
  if (p.scheme !== undefined) out += `${p.scheme}:`;
  if (p.authority !== undefined) out += `//${p.authority}`;
  out += p.path;
  if (p.query !== undefined) out += `?${p.query}`;
  if (p.fragment !== undefined) out += `#${p.fragment}`;
  return out;
}

// RFC 3986 section 5.2.4.
function removeDotSegments(path: string): string {
  const input = path.split("/");
  const output: string[] = [];
  for (let i = 0; i < input.length; i++) {
    const seg = input[i]!;
    const last = i === input.length - 1;
    if (seg === ".") {
      if (last) output.push("");
    } else if (seg === "..") {
      if (output.length > 1 || (output.length === 1 && output[0] !== "")) output.pop();
      if (last) output.push("");
    } else {
      output.push(seg);
    }
  }
  return output.join("/");
}

// RFC 3986 section 5.2.3.
function merge(base: UriParts, path: string): string {
  if (base.authority !== undefined && base.path === "") return `/${path}`;
  const slash = base.path.lastIndexOf("/");
  return slash < 0 ? path : base.path.slice(0, slash + 1) + path;
}

/** True when `reference` has a scheme, i.e. is an absolute URI (possibly with a fragment). */
export function hasScheme(reference: string): boolean {
  return parse(reference).scheme !== undefined;
}

/** RFC 3986 section 5.2.2: the target URI of `reference` written in a document whose base URI is `base`. */
export function resolveUri(reference: string, base: string): string {
  const r = parse(reference);
  const b = parse(base);
  const t: UriParts = { path: "" };
  if (r.scheme !== undefined) {
    Object.assign(t, r, { path: removeDotSegments(r.path) });
  } else {
    if (r.authority !== undefined) {
      t.authority = r.authority;
      t.path = removeDotSegments(r.path);
      if (r.query !== undefined) t.query = r.query;
    } else {
      if (r.path === "") {
        t.path = b.path;
        if (r.query !== undefined) t.query = r.query;
        else if (b.query !== undefined) t.query = b.query;
      } else {
        t.path = removeDotSegments(r.path.startsWith("/") ? r.path : merge(b, r.path));
        if (r.query !== undefined) t.query = r.query;
      }
      if (b.authority !== undefined) t.authority = b.authority;
    }
    if (b.scheme !== undefined) t.scheme = b.scheme;
    if (r.fragment !== undefined) t.fragment = r.fragment;
  }
  return normalizeUri(format(t));
}

/**
 * Case-insensitive parts lowercased (scheme; host of hierarchical URIs), percent-escapes in upper
 * case, characters a URI cannot hold (spaces, non-ASCII) percent-encoded, and the empty path of an
 * http(s) URI written as "/" (RFC 3986 section 6.2.3).
 */
export function normalizeUri(uri: string): string {
  const p = parse(uri);
  if (p.scheme !== undefined) p.scheme = p.scheme.toLowerCase();
  if (p.authority !== undefined) p.authority = p.authority.toLowerCase();
  if ((p.scheme === "http" || p.scheme === "https") && p.authority !== undefined && p.path === "") p.path = "/";
  const clean = (s: string) =>
    s
      .replace(/%[0-9a-fA-F]{2}/g, (e) => e.toUpperCase())
      .replace(/[^A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]/gu, (c) => encodeURIComponent(c));
  p.path = clean(p.path);
  if (p.query !== undefined) p.query = clean(p.query);
  if (p.fragment !== undefined) p.fragment = clean(p.fragment);
  return format(p);
}

/** Splits an absolute URI into the URI of its document (no fragment) and its fragment ("" when none). */
export function splitFragment(uri: string): { document: string; fragment: string } {
  const hash = uri.indexOf("#");
  return hash < 0 ? { document: uri, fragment: "" } : { document: uri.slice(0, hash), fragment: uri.slice(hash + 1) };
}

/** The stable base URI of a repository file that has no "$id": file:///<path>. */
export function fileUri(path: string): string {
  return `file:///${path.split("/").map(encodeURIComponent).join("/")}`;
}

/** The repository path a file:/// URI names, or undefined for any other URI. */
export function pathOfFileUri(uri: string): string | undefined {
  if (!uri.startsWith("file:///")) return undefined;
  try {
    return decodeURIComponent(uri.slice("file:///".length));
  } catch {
    return undefined;
  }
}

/** Percent-decodes a URI part; an invalid escape is kept as written. */
export function percentDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
