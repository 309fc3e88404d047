// Reads, writes and compares the out/ tree. The only module that writes generated files to disk.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { OutputFiles } from "./generate";

/** Every file under root/out, as paths relative to root ("out/..."). */
export function readOutTree(root: string, top = "out"): OutputFiles {
  const files: OutputFiles = new Map();
  const walk = (rel: string): void => {
    let entries: string[];
    try {
      entries = readdirSync(join(root, rel));
    } catch {
      return;
    }
    for (const name of entries.sort()) {
      const child = `${rel}/${name}`;
      if (statSync(join(root, child)).isDirectory()) walk(child);
      else files.set(child, readFileSync(join(root, child), "utf8"));
    }
  };
  walk(top);
  return files;
}

export function writeOutTree(root: string, files: OutputFiles): void {
  for (const path of readOutTree(root).keys()) if (!files.has(path)) rmSync(join(root, path));
  for (const [path, text] of files) {
    const full = join(root, path);
    let current: string | undefined;
    try {
      current = readFileSync(full, "utf8");
    } catch {
      current = undefined;
    }
    if (current === text) continue;
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, text);
  }
}

export interface Drift {
  path: string;
  kind: "changed" | "missing" | "extra";
  diff: string;
}

/** Compares what the generator makes with what is on disk. */
export function compareOutTree(root: string, expected: OutputFiles): Drift[] {
  const actual = readOutTree(root);
  const paths = [...new Set([...expected.keys(), ...actual.keys()])].sort();
  const drifts: Drift[] = [];
  for (const path of paths) {
    const want = expected.get(path);
    const have = actual.get(path);
    if (want === have) continue;
    const kind = have === undefined ? "missing" : want === undefined ? "extra" : "changed";
    drifts.push({ path, kind, diff: unifiedDiff(path, have ?? "", want ?? "") });
  }
  return drifts;
}

/** A unified diff from the committed text to the generated one, by diff(1). */
function unifiedDiff(path: string, from: string, to: string): string {
  const dir = mkdtempSync(join(tmpdir(), "codegen-check-"));
  try {
    writeFileSync(join(dir, "a"), from);
    writeFileSync(join(dir, "b"), to);
    const r = spawnSync("diff", ["-u", "--label", `a/${path}`, "--label", `b/${path}`, join(dir, "a"), join(dir, "b")], { encoding: "utf8", maxBuffer: 256 << 20 });
    return r.stdout ?? "";
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
