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
    "\nexport { $canon, $unique, $oneOfValues, $multipleOf, $free, $closed, $obj, $arr, $runDoc, $runValue };\n",
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
      return onDoc(c, (v, p) => rt.$oneOfValues(v, p, undefined, canon));
    }
    case "multipleOf":
      return rt.$multipleOf(JSON.parse(c.x as string), JSON.parse(c.m as string));
    case "free":
      return onDoc(c, (v, p, k) => rt.$free(v, p, k, c.kinds as string[] | undefined));
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
    default:
      return text(c.error as Text);
  }
}

describe("tree helper cases shared with Go (tests/tree-cases.json)", () => {
  test("the file has cases of every op", () => {
    const ops = new Set(file.cases.map((c) => c.op));
    expect([...ops].sort()).toEqual(["canon", "closed", "free", "multipleOf", "oneOfValues", "order", "unique"]);
  });
  test.each(file.cases.map((c, i) => [i, c.op, c] as const))("case %i (%s)", (_i, _op, c) => {
    const label = `${c.op} ${typeof c.json === "string" ? c.json.slice(0, 80) : c.op === "multipleOf" ? `${c.x} / ${c.m}` : "(long)"}`;
    expect([label, run(c)]).toEqual([label, expected(c)]);
  });
});
