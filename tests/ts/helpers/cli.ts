// Runs the codegen command in-process and captures what it prints.
import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { main } from "../../../codegen/cli";

const ROOT = join(__dirname, "../../..");

/** A temporary root holding a copy of the repository's schema/, out/ and manifest. */
export function copyRepoOutputs(): string {
  const root = mkdtempSync(join(tmpdir(), "codegen-out-"));
  cpSync(join(ROOT, "schema"), join(root, "schema"), { recursive: true });
  cpSync(join(ROOT, "out"), join(root, "out"), { recursive: true });
  cpSync(join(ROOT, ".wire-codegen-manifest.json"), join(root, ".wire-codegen-manifest.json"));
  return root;
}

export interface CliResult {
  code: number;
  out: string;
  err: string;
}

export async function runCli(...args: string[]): Promise<CliResult> {
  const out: string[] = [];
  const err: string[] = [];
  const w = jest.spyOn(process.stdout, "write").mockImplementation((s: string | Uint8Array) => (out.push(String(s)), true));
  const ew = jest.spyOn(process.stderr, "write").mockImplementation((s: string | Uint8Array) => (err.push(String(s).replace(/\n$/, "")), true));
  const l = jest.spyOn(console, "log").mockImplementation((s: string) => void out.push(`${s}\n`));
  const e = jest.spyOn(console, "error").mockImplementation((s: string) => void err.push(s));
  try {
    const code = await main(args);
    return { code, out: out.join(""), err: err.join("\n") };
  } finally {
    w.mockRestore();
    ew.mockRestore();
    l.mockRestore();
    e.mockRestore();
  }
}
