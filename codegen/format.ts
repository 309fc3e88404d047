// Formatting is part of generation: prettier (pinned) for TypeScript, gofmt for Go.
// Both are pure functions of their input, so their results are cached by content hash under
// node_modules/.cache/wire-codegen (CODEGEN_NO_CACHE=1 turns the cache off): a cache hit returns the
// bytes prettier or gofmt gave for exactly this input, with this formatter version and options.
// prettier is loaded only on a cache miss (loading it costs more than the rest of a run).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { basename, delimiter, dirname, join } from "node:path";
import { packageRoot } from "./package";
import type * as Prettier from "prettier";
import type { OutputFiles } from "./generate";

export const PRETTIER_OPTIONS: Prettier.Options = { parser: "typescript", printWidth: 120, trailingComma: "all", endOfLine: "lf" };

/** node_modules/.cache/wire-codegen of the project that has the tool installed (or of this repository). */
function cacheDir(): string {
  const pkg = packageRoot();
  const parent = dirname(pkg);
  return basename(parent) === "node_modules" ? join(parent, ".cache", "wire-codegen") : join(pkg, "node_modules", ".cache", "wire-codegen");
}
const CACHE_DIR = cacheDir();
const useCache = process.env.CODEGEN_NO_CACHE !== "1";

function cacheKey(...parts: string[]): string {
  const h = createHash("sha256");
  for (const p of parts) h.update(String(p.length)).update(":").update(p);
  return h.digest("hex");
}

function cacheGet(key: string): string | undefined {
  if (!useCache) return undefined;
  try {
    return readFileSync(join(CACHE_DIR, key), "utf8");
  } catch {
    return undefined;
  }
}

function cachePut(key: string, text: string): void {
  if (!useCache) return;
  try {
    mkdirSync(CACHE_DIR, { recursive: true });
    const tmp = join(CACHE_DIR, `${key}.${process.pid}.tmp`);
    writeFileSync(tmp, text);
    renameSync(tmp, join(CACHE_DIR, key)); // atomic: a reader sees the whole entry or none
  } catch {
    // a read-only or missing node_modules only costs the cache
  }
}

let prettierVersion: string | undefined;
function prettierId(): string {
  prettierVersion ??= (JSON.parse(readFileSync(require.resolve("prettier/package.json"), "utf8")) as { version: string }).version;
  return `prettier ${prettierVersion} ${JSON.stringify(PRETTIER_OPTIONS)}`;
}

/** The gofmt on PATH, identified by path, size and modification time (no process start). */
function gofmtId(): string {
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    if (dir === "") continue;
    try {
      const st = statSync(join(dir, "gofmt"));
      if (st.isFile()) return `gofmt ${join(dir, "gofmt")} ${st.size} ${st.mtimeMs}`;
    } catch {
      // not in this directory
    }
  }
  return "gofmt (not found)";
}

export function gofmt(path: string, text: string): string {
  const r = spawnSync("gofmt", [], { input: text, encoding: "utf8", maxBuffer: 64 << 20 });
  if (r.error) throw new Error(`gofmt could not run (${r.error.message}); Go must be installed to generate Go output`);
  if (r.status !== 0) throw new Error(`generator bug: ${path} is not valid Go:\n${r.stderr}`);
  return r.stdout;
}

export async function formatOutput(files: OutputFiles): Promise<OutputFiles> {
  const out: OutputFiles = new Map();
  let goId: string | undefined;
  for (const [path, text] of files) {
    if (path.endsWith(".ts")) {
      const key = cacheKey(prettierId(), text);
      let formatted = cacheGet(key);
      if (formatted === undefined) {
        const prettier = require("prettier") as typeof Prettier;
        formatted = await prettier.format(text, PRETTIER_OPTIONS);
        cachePut(key, formatted);
      }
      out.set(path, formatted);
    } else if (path.endsWith(".go")) {
      goId ??= gofmtId();
      const key = cacheKey(goId, text);
      let formatted = cacheGet(key);
      if (formatted === undefined) {
        formatted = gofmt(path, text);
        cachePut(key, formatted);
      }
      out.set(path, formatted);
    } else out.set(path, text);
  }
  return out;
}
