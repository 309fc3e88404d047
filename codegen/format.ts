// Formatting is part of generation: prettier (pinned) for TypeScript, gofmt for Go.
import { spawnSync } from "node:child_process";
import * as prettier from "prettier";
import type { OutputFiles } from "./generate";

export const PRETTIER_OPTIONS: prettier.Options = { parser: "typescript", printWidth: 120, trailingComma: "all", endOfLine: "lf" };

export function gofmt(path: string, text: string): string {
  const r = spawnSync("gofmt", [], { input: text, encoding: "utf8", maxBuffer: 64 << 20 });
  if (r.error) throw new Error(`gofmt could not run (${r.error.message}); Go must be installed to generate Go output`);
  if (r.status !== 0) throw new Error(`generator bug: ${path} is not valid Go:\n${r.stderr}`);
  return r.stdout;
}

export async function formatOutput(files: OutputFiles): Promise<OutputFiles> {
  const out: OutputFiles = new Map();
  for (const [path, text] of files) {
    if (path.endsWith(".ts")) out.set(path, await prettier.format(text, PRETTIER_OPTIONS));
    else if (path.endsWith(".go")) out.set(path, gofmt(path, text));
    else out.set(path, text);
  }
  return out;
}
