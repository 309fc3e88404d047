// tests/tree-cases.json against the next TypeScript runtime's helpers, loaded as generated.ts inlines
// them; codegen/go/runtime/treecases_test.go runs the same file against the Go tree helpers.
import * as fs from "fs";
import * as path from "path";
import { loadModule } from "./fixtures/compile";

const RUNTIME_FILE = path.join(__dirname, "../../codegen/next/ts/runtime.ts");
const MARKER = "// ---- runtime start ----\n";
const fileText = fs.readFileSync(RUNTIME_FILE, "utf8");
const runtimeText = fileText.slice(fileText.indexOf(MARKER) + MARKER.length);
const rt = loadModule(
  runtimeText +
    "\nexport { $canon, $unique, $oneOfValues, $multipleOf, $free, $closed, $obj, $arr, $runDoc, $runValue, $str, $int, " +
    "$num, $bool, $nul, $esc, $isObj, $union, $unionEv, $not, $if, $ifEv, $never, $contains, $sizeCheck, $propertyNames, " +
    "$formats, $newEv, $evObject, $evItems, $unevaluatedProperties, $unevaluatedItems, $fail };\n",
);

type Text = string | (string | [string, number])[];
interface Case {
  op: string;
  json?: Text;
  at?: string;
  note?: string;
  [key: string]: unknown;
}
const file = JSON.parse(fs.readFileSync(path.join(__dirname, "../tree-cases.json"), "utf8")) as { cases: Case[] };

/** A text field: a string, or parts (a string, or [string, count] repeated). */
function text(t: Text): string {
  if (typeof t === "string") return t;
  return t.map((p) => (typeof p === "string" ? p : p[0].repeat(p[1]))).join("");
}

function verdict(f: () => unknown): string {
  try {
    f();
    return "ok";
  } catch (e: any) {
    if (e instanceof rt.DecodeError) return `${e.code} @${JSON.stringify(e.pointer).slice(1, -1)}`;
    throw e;
  }
}

/** Runs walk on the value at c.at (or the root) of the case's document, as a generated check would. */
function onDoc(c: Case, walk: (v: any, p: string, k: string | undefined) => void): string {
  return verdict(() =>
    rt.$runDoc(text(c.json!), (v: any, p: string) =>
      c.at === undefined ? walk(v, p, undefined) : walk(v[c.at], p, c.at),
    ),
  );
}

type Key = string | number | undefined;
type Check = (v: any, p: string, k: Key) => void;
type CheckEv = (v: any, p: string, k: Key, ev: unknown) => void;
const at = (p: string, k: Key) => (k === undefined ? p : p + "/" + k);
const plain =
  (c: CheckEv): Check =>
  (v, p, k) =>
    c(v, p, k, rt.$newEv());
const KIND_BITS: Record<string, number> = {
  object: 1,
  array: 2,
  string: 4,
  integer: 8,
  number: 8,
  boolean: 16,
  null: 32,
};
const KEYWORDS = new Set([
  "type",
  "const",
  "enum",
  "minProperties",
  "maxProperties",
  "properties",
  "closed",
  "propertyNames",
  "items",
  "contains",
  "minContains",
  "maxContains",
  "uniqueItems",
  "multipleOf",
  "format",
  "not",
  "if",
  "then",
  "else",
  "anyOf",
  "oneOf",
  "unevaluatedProperties",
  "unevaluatedItems",
]);

/** Compiles the small schema language of the "check" cases into calls of the runtime's helpers. */
function compile(s: any, ev: boolean): CheckEv {
  if (s === true) return () => {};
  if (s === false) return (v, p, k) => rt.$never(v, p, k);
  for (const key of Object.keys(s)) if (!KEYWORDS.has(key)) throw new Error(`unknown keyword ${key}`);
  const parts: CheckEv[] = [];
  const sub = (x: unknown) => plain(compile(x, ev));
  switch (s.type) {
    case undefined:
      break;
    case "string":
      parts.push((v, p, k) => rt.$str(v, p, k));
      break;
    case "integer":
      parts.push((v, p, k) => rt.$int(v, p, k));
      break;
    case "number":
      parts.push((v, p, k) => rt.$num(v, p, k));
      break;
    case "boolean":
      parts.push((v, p, k) => rt.$bool(v, p, k));
      break;
    case "null":
      parts.push((v, p, k) => rt.$nul(v, p, k));
      break;
    case "array":
      parts.push((v, p, k) => rt.$arr(v, p, k));
      break;
    case "object":
      parts.push((v, p, k) => rt.$obj(v, at(p, k)));
      break;
  }
  if (s.const !== undefined || s.enum !== undefined) {
    const canon = (s.const !== undefined ? [s.const] : s.enum).map((x: unknown) => rt.$canon(x));
    const code = s.const !== undefined ? "const" : "enum";
    parts.push((v, p, k) => rt.$oneOfValues(v, p, k, canon, code));
  }
  if (s.minProperties !== undefined || s.maxProperties !== undefined)
    parts.push((v, p, k) => rt.$isObj(v) && rt.$sizeCheck(v, at(p, k), s.minProperties, s.maxProperties));
  if (s.properties !== undefined || s.closed === true) {
    const names = Object.keys(s.properties ?? {});
    const subs = names.map((n) => compile(s.properties[n], ev));
    const known = (n: string) => names.includes(n);
    parts.push((v, p, k, e) => {
      if (!rt.$isObj(v)) return;
      const q = at(p, k);
      if (s.closed === true) rt.$closed(v, known, q);
      names.forEach((n, i) => {
        if (Object.prototype.hasOwnProperty.call(v, n)) subs[i]!(v[n], q, rt.$esc(n), rt.$newEv());
      });
      rt.$evObject(v, e, known, undefined, false);
    });
  }
  if (s.propertyNames !== undefined) {
    const c = sub(s.propertyNames);
    parts.push((v, p, k) => rt.$isObj(v) && rt.$propertyNames(v, at(p, k), c));
  }
  if (s.items !== undefined) {
    const c = sub(s.items);
    parts.push((v, p, k, e) => {
      if (!Array.isArray(v)) return;
      v.forEach((x, i) => c(x, at(p, k), i));
      rt.$evItems(v, e, 0, true);
    });
  }
  if (s.contains !== undefined) {
    const c = sub(s.contains);
    parts.push(
      (v, p, k, e) =>
        Array.isArray(v) && rt.$contains(v, at(p, k), c, s.minContains ?? 1, s.maxContains, ev ? e : undefined),
    );
  }
  if (s.uniqueItems === true) parts.push((v, p, k) => Array.isArray(v) && rt.$unique(v, at(p, k)));
  if (s.multipleOf !== undefined)
    parts.push((v, p, k) => {
      if (typeof v === "number" && !rt.$multipleOf(v, s.multipleOf))
        rt.$fail("range", at(p, k), "multipleOf");
    });
  if (s.format !== undefined)
    parts.push((v, p, k) => {
      // as generated checks fail: through $fail (inside a trial it throws no DecodeError)
      if (typeof v === "string" && !rt.$formats[s.format](v)) rt.$fail("format", at(p, k), "format");
    });
  if (s.not !== undefined) {
    const c = sub(s.not);
    parts.push((v, p, k) => rt.$not(v, p, k, c));
  }
  if (s.if !== undefined) {
    const [ci, ct, ce] = [s.if, s.then, s.else].map((x) => (x === undefined ? undefined : compile(x, ev)));
    parts.push((v, p, k, e) =>
      ev ? rt.$ifEv(v, p, k, ci, ct, ce, e) : rt.$if(v, p, k, plain(ci!), ct && plain(ct), ce && plain(ce)),
    );
  }
  for (const kw of ["anyOf", "oneOf"]) {
    if (s[kw] === undefined) continue;
    const variants = (s[kw] as any[]).map((x) => compile(x, ev));
    const kinds = (s[kw] as any[]).map((x) =>
      typeof x === "object" && x.type !== undefined ? KIND_BITS[x.type]! : 63,
    );
    parts.push((v, p, k, e) =>
      ev
        ? rt.$unionEv(v, p, k, kw === "oneOf", variants, kinds, "a variant", e)
        : rt.$union(v, p, k, kw === "oneOf", variants.map(plain), kinds, "a variant"),
    );
  }
  if (s.unevaluatedProperties !== undefined) {
    const c = s.unevaluatedProperties === false ? undefined : sub(s.unevaluatedProperties);
    parts.push((v, p, k, e) => rt.$unevaluatedProperties(v, at(p, k), e, c));
  }
  if (s.unevaluatedItems !== undefined) {
    const c = s.unevaluatedItems === false ? undefined : sub(s.unevaluatedItems);
    parts.push((v, p, k, e) => rt.$unevaluatedItems(v, at(p, k), e, c));
  }
  return (v, p, k, e) => {
    for (const part of parts) part(v, p, k, e);
  };
}

function run(c: Case): unknown {
  switch (c.op) {
    case "order": {
      const v = JSON.parse(text(c.json!));
      return { keys: Object.keys(v).map((k) => JSON.stringify(k)), values: Object.keys(v).map((k) => rt.$canon(v[k])) };
    }
    case "canon":
      return rt.$canon(JSON.parse(text(c.json!)));
    case "unique":
      return onDoc(c, (v, p) => rt.$unique(rt.$arr(v, p) ?? v, p));
    case "oneOfValues": {
      const canon = (c.values as string[]).map((t) => rt.$canon(JSON.parse(t)));
      return onDoc(c, (v, p) => rt.$oneOfValues(v, p, undefined, canon, c.code as "const" | "enum"));
    }
    case "multipleOf":
      return rt.$multipleOf(JSON.parse(c.x as string), JSON.parse(c.m as string));
    case "free":
      return onDoc(c, (v, p, k) => rt.$free(v, p, k, c.kinds as string[] | undefined));
    case "check": {
      const check = compile(c.schema, c.ev === true);
      return (c.docs as [string, string][]).map(([json]) => [
        json,
        onDoc({ op: "check", json }, (v, p, k) => check(v, p, k, rt.$newEv())),
      ]);
    }
    case "closed": {
      const known = (k: string) => (c.known as string[]).includes(k);
      const walk = (v: any, p: string, k: string | undefined) => {
        const q = k === undefined ? p : p + "/" + k;
        rt.$closed(rt.$obj(v, q), known, q);
      };
      if (c.propertyOrder === true) return verdict(() => rt.$runValue(JSON.parse(text(c.json!)), "", walk));
      return onDoc(c, walk);
    }
  }
  throw new Error(`unknown op ${c.op}`);
}

function expected(c: Case): unknown {
  switch (c.op) {
    case "order":
      return { keys: c.keys, values: c.values };
    case "canon":
      return text(c.canon as Text);
    case "multipleOf":
      return c.multiple;
    case "check":
      return c.docs;
    default:
      return text(c.error as Text);
  }
}

describe("tree helper cases shared with Go (tests/tree-cases.json)", () => {
  test("the file has cases of every op", () => {
    const ops = new Set(file.cases.map((c) => c.op));
    expect([...ops].sort()).toEqual([
      "canon",
      "check",
      "closed",
      "free",
      "multipleOf",
      "oneOfValues",
      "order",
      "unique",
    ]);
  });
  test.each(file.cases.map((c, i) => [i, c.op, c] as const))("case %i (%s)", (_i, _op, c) => {
    const label = `${c.op} ${typeof c.json === "string" ? c.json.slice(0, 80) : c.op === "multipleOf" ? `${c.x} / ${c.m}` : c.op === "check" ? JSON.stringify(c.schema) : "(long)"}`;
    expect([label, run(c)]).toEqual([label, expected(c)]);
  });
});
