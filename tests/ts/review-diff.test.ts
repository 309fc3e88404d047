// Output a reviewer can read: a schema change shows up in the generated code (TypeScript, Go, docs,
// as `generate` writes and formats them) as changed lines that mention what changed, and nothing else
// but the schema digest. Locals, flags, helpers and patterns are named from properties and
// definitions, never numbered by position, so inserting, removing or reordering one property moves
// nothing unrelated. The runner protocol's NativeFile is the case the issue measured.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { formatOutput } from "../../codegen/format";
import { generate } from "../../codegen/generate";
import { protocolFromFiles } from "../../codegen/next/ir/load";

const ROOT = join(__dirname, "../..");
type Schema = Record<string, unknown>;
type Edit = (records: Schema) => void;

function runnerFiles(edit?: Edit): { path: string; text: string }[] {
  const dir = join(ROOT, "schema/runner");
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => {
      const path = `schema/runner/${f}`;
      let text = readFileSync(join(dir, f), "utf8");
      if (f === "records.json" && edit !== undefined) {
        const doc = JSON.parse(text) as Schema;
        edit(doc);
        text = JSON.stringify(doc, null, 2) + "\n";
      }
      return { path, text };
    });
}

async function outputOf(edit?: Edit): Promise<Map<string, string>> {
  const protocol = protocolFromFiles("runner", runnerFiles(edit));
  // the docs, TypeScript and Go of the protocol; the runtime files do not depend on the schema
  const out = await formatOutput(generate([protocol]));
  return new Map([...out].filter(([p]) => !/\/runtime_[^/]*\.go$/.test(p) && !p.endsWith("go.mod")));
}

/** The hunks `git diff -U0` shows between two outputs: each hunk's changed lines (+ and -). */
function hunks(a: Map<string, string>, b: Map<string, string>): string[][] {
  const tmp = mkdtempSync(join(tmpdir(), "review-diff-"));
  try {
    for (const [side, files] of [["a", a] as const, ["b", b] as const])
      for (const [path, text] of files) {
        const at = join(tmp, side, path);
        mkdirSync(dirname(at), { recursive: true });
        writeFileSync(at, text);
      }
    const r = spawnSync("git", ["diff", "--no-index", "--no-color", "-U0", "a", "b"], { cwd: tmp, encoding: "utf8" });
    if (r.status !== 0 && r.status !== 1) throw new Error(`git diff failed: ${r.stderr}`);
    const out: string[][] = [];
    for (const l of r.stdout.split("\n")) {
      if (l.startsWith("@@")) out.push([]);
      else if (/^[+-]/.test(l) && !/^(\+\+\+|---) /.test(l)) out[out.length - 1]!.push(l);
    }
    return out;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

const nativeFile = (doc: Schema): Schema => (doc.$defs as Record<string, Schema>).NativeFile!;
const propertiesOf = (doc: Schema): Record<string, unknown> => nativeFile(doc).properties as Record<string, unknown>;

/** Rebuilds NativeFile's properties in the order given by f (an object keeps insertion order). */
function reshape(f: (entries: [string, unknown][]) => [string, unknown][]): Edit {
  return (doc) => {
    nativeFile(doc).properties = Object.fromEntries(f(Object.entries(propertiesOf(doc))));
  };
}

const MTIME = { type: "integer", minimum: 0, description: "Modification time, in seconds since the epoch." };
// Every spelling a generated name of these properties takes: mtime, Mtime, append_only, AppendOnly, appendOnly.
const mentions = (words: string[]) => new RegExp(words.map((w) => w.replace(/_/g, "_?")).join("|"), "i");
// The schema digest (and the source line naming the schema) changes with any edit.
const DIGEST = /sha256|digest|[0-9a-f]{64}/i;

let base: Map<string, string>;
beforeAll(async () => {
  base = await outputOf();
}, 120_000);

const cases: [string, Edit, string[]][] = [
  ["inserting an optional property after `path`", reshape((e) => [e[0]!, ["mtime", MTIME], ...e.slice(1)]), ["mtime"]],
  [
    "removing `append_only`",
    (doc) => {
      reshape((e) => e.filter(([k]) => k !== "append_only"))(doc);
      nativeFile(doc).required = (nativeFile(doc).required as string[]).filter((k) => k !== "append_only");
    },
    ["append_only"],
  ],
  [
    "swapping `size` and `append_only`",
    reshape((e) => {
      const m = new Map(e);
      return [
        ["path", m.get("path")],
        ["append_only", m.get("append_only")],
        ["size", m.get("size")],
      ];
    }),
    ["size", "append_only"],
  ],
];

describe.each(cases)("review diff: %s", (_what, edit, words) => {
  it("changes code only where it mentions the property, in TypeScript, Go and docs", async () => {
    const all = hunks(base, await outputOf(edit));
    const about = mentions(words);
    // Every changed place mentions the property (a new check's body lines belong to the hunk that
    // names it); no line elsewhere changes, as renumbered locals, flags or patterns would.
    const unrelated = all.filter((h) => !h.some((l) => about.test(l)) && !h.every((l) => DIGEST.test(l)));
    expect(all.length).toBeGreaterThan(0);
    expect(unrelated).toEqual([]);
    const lines = all.flat();
    // an insertion adds lines and changes no existing one but the digest's
    if (_what.startsWith("inserting")) expect(lines.filter((l) => l.startsWith("-") && !DIGEST.test(l))).toEqual([]);
    if (process.env.SHOW_DIFF === "1") console.log(all.map((h) => h.join("\n")).join("\n@@\n"));
    console.log(
      `${_what}: ${all.length} places, ${lines.length} lines changed, ${lines.filter((l) => !about.test(l)).length} of them without the property's name`,
    );
  }, 120_000);
});

it("the NativeFile.mtime insertion touches every output: TypeScript, Go and docs", async () => {
  const after = await outputOf(reshape((e) => [e[0]!, ["mtime", MTIME], ...e.slice(1)]));
  const changed = [...after]
    .filter(([p, t]) => base.get(p) !== t)
    .map(([p]) => (p.split("/")[1] === "ts" ? "ts" : p.split("/")[1]));
  expect(new Set(changed)).toEqual(new Set(["ts", "go", "docs"]));
}, 120_000);
