// Golden files: the whole output of both emitters for small schemas, formatted as `generate` formats
// it. A change to an emitter shows up here as a readable diff. UPDATE_GOLDEN=1 rewrites the files.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { formatOutput } from "../../codegen/format";
import { emitDocs } from "../../codegen/docs/emit";
import { emitGo } from "../../codegen/go/emit";
import { protocolFromFiles } from "../../codegen/ir/load";
import { emitTypeScript } from "../../codegen/ts/emit";

const GOLDEN = join(__dirname, "../golden");

describe.each(readdirSync(GOLDEN).sort())("golden %s", (name) => {
  it("matches the committed output of every emitter, byte for byte", async () => {
    const dir = join(GOLDEN, name);
    const protocol = protocolFromFiles(name, [{ path: `schema/${name}/schema.json`, text: readFileSync(join(dir, "schema.json"), "utf8") }]);
    const files = new Map<string, string>([[`ts/generated.ts`, emitTypeScript(protocol)], [`docs/${name}.md`, emitDocs(protocol)]]);
    // The runtime copied into the package (runtime_*.go) has tests of its own (codegen/go/runtime).
    for (const [path, text] of emitGo(protocol)) if (!path.startsWith("runtime_")) files.set(`go/${name}/${path}`, text);
    const formatted = await formatOutput(files);
    for (const [path, full] of formatted) {
      // The inlined runtime has tests of its own; the golden file keeps only what the emitter wrote.
      const marker = full.indexOf("// ---- protocol ----");
      const text = path.endsWith(".ts") && marker >= 0 ? full.slice(marker) : full;
      const file = join(dir, "expected", path);
      if (process.env.UPDATE_GOLDEN === "1") {
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, text);
      }
      expect(`${path}\n${readFileSync(file, "utf8")}`).toBe(`${path}\n${text}`);
    }
  });
});
