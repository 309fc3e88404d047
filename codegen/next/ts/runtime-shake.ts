// Only the part of the runtime a generated file uses: the runtime is cut into its top-level
// declarations (each with the comment above it), and a declaration is kept when the protocol's
// code, an exported declaration, or a kept declaration names it. The runtime is prettier-formatted,
// so a top-level declaration is a line that starts at column 0 with a declaration keyword.

interface Chunk {
  name: string;
  text: string;
  exported: boolean;
}

const DECLARATION = /^(export )?(?:async )?(?:function\*? ?|const |let |type |interface |class )(\$?[A-Za-z_]\w*)/;
const IDENTIFIER = /[A-Za-z_$][\w$]*/g;

/** Splits the runtime into top-level declarations; throws on text that belongs to none. */
export function runtimeChunks(runtime: string): Chunk[] {
  const chunks: Chunk[] = [];
  let pending: string[] = [];
  for (const line of runtime.split("\n")) {
    const decl = DECLARATION.exec(line);
    if (decl !== null) {
      chunks.push({ name: decl[2]!, text: "", exported: decl[1] !== undefined });
      pending.push(line);
      chunks[chunks.length - 1]!.text = pending.join("\n");
      pending = [];
    } else if (line.startsWith("/**") || line.startsWith("//") || line.startsWith(" *") || pending.length > 0) {
      pending.push(line);
    } else if (chunks.length > 0) {
      chunks[chunks.length - 1]!.text += `\n${line}`;
    } else if (line.trim() !== "") {
      throw new Error(`generator bug: runtime text before its first declaration: ${line}`);
    }
  }
  return chunks.map((c) => ({ ...c, text: c.text.replace(/\n+$/, "") }));
}

/** The runtime declarations that `code` needs, in runtime order, separated by blank lines. */
export function shakeRuntime(runtime: string, code: string): string {
  const chunks = runtimeChunks(runtime);
  const byName = new Map(chunks.map((c) => [c.name, c]));
  const kept = new Set<Chunk>();
  const queue: string[] = [];
  const need = (text: string) => {
    for (const m of text.matchAll(IDENTIFIER)) {
      const c = byName.get(m[0]);
      if (c !== undefined && !kept.has(c)) {
        kept.add(c);
        queue.push(c.text);
      }
    }
  };
  need(code);
  for (const c of chunks) if (c.exported && !kept.has(c)) (kept.add(c), queue.push(c.text));
  while (queue.length > 0) need(queue.pop()!);
  return `${chunks
    .filter((c) => kept.has(c))
    .map((c) => c.text)
    .join("\n\n")}\n`;
}
