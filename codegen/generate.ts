// The whole generator as one pure function: protocols in, output files (path -> text) out.
import type { Protocol } from "./ir/types";
import { emitTypeScript } from "./ts/emit";
import { emitGo, emitGoModule } from "./go/emit";
import { emitDocs } from "./docs/emit";

export type OutputFiles = Map<string, string>;

export function generate(protocols: Protocol[]): OutputFiles {
  const out: OutputFiles = new Map();
  for (const p of protocols) {
    out.set(`out/ts/${p.name}/generated.ts`, emitTypeScript(p));
    for (const [path, text] of emitGo(p)) out.set(`out/go/${path}`, text);
    out.set(`out/docs/${p.name}.md`, emitDocs(p));
  }
  for (const [path, text] of emitGoModule()) out.set(`out/go/${path}`, text);
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
