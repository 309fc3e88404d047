// The reference from the new IR against the committed out/docs (written by the first emitter,
// codegen/docs/emit.ts): the same text for the runner and JSON-lines protocols; for the config's, the
// same but for what the new IR adds (the root's name from its title, the title, the defaults).
// Deleted with the first emitter when the lead switches to the new IR.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { readProtocolFiles } from "../../codegen/load";
import { protocolFromFiles } from "../../codegen/next/diff/load";
import { emitDocs } from "../../codegen/next/docs/emit";

const ROOT = join(__dirname, "../..");
const docsOf = (name: string) =>
  emitDocs(protocolFromFiles(name, readProtocolFiles(ROOT, { schema: [`schema/${name}`] }, [])));
const committed = (name: string) => readFileSync(join(ROOT, "out/docs", `${name}.md`), "utf8");

it.each(["runner", "jsonl"])("%s: the committed reference, byte for byte", (name) => {
  expect(docsOf(name)).toBe(committed(name));
});

it("config: the committed reference but for the new IR's annotations and root name", () => {
  const [first, next] = [committed("config").split("\n"), docsOf("config").split("\n")];
  expect(next.length).toBe(first.length);
  const changed = next.map((l, i) => [first[i]!, l]).filter(([a, b]) => a !== b);
  const description = first.find((l) => l.startsWith("The configuration of the codegen command"))!;
  const withDefault = (row: string, value: string) => row.replace(/ \|$/, ` Default: \`${JSON.stringify(value)}\`. |`);
  const manifest = first.find((l) => l.startsWith("| `manifest` |"))!;
  const go = first.find((l) => l.startsWith("| `go` | string |"))!;
  expect(changed).toEqual([
    ["### Config", "### WireCodegenConfiguration"],
    [description, `**wire-codegen configuration.** ${description}`],
    [manifest, withDefault(manifest, ".wire-codegen-manifest.json")],
    [go, withDefault(go, "1.24")],
  ]);
});
