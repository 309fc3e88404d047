// Development helper: writes only the Go output (out/go or a given directory) for the schemas under schema/.
// Usage: npx tsx codegen/go/gen-dev.ts [outDir] [schemaDir...]
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import { loadProtocol } from "../ir/load";
import { emitGo } from "./emit";
import { emitGoMod, GO_MODULE } from "./module";

const root = resolve(__dirname, "../..");
const outDir = resolve(process.argv[2] ?? join(root, "out/go"));
const schemaDirs =
  process.argv.length > 3
    ? process.argv.slice(3).map((d) => resolve(d))
    : readdirSync(join(root, "schema"))
        .map((n) => join(root, "schema", n))
        .filter((d) => statSync(d).isDirectory());
const files = new Map<string, string>();
for (const dir of schemaDirs) {
  const p = loadProtocol(dir, root);
  for (const [name, text] of emitGo(p)) files.set(`${p.name}/${name}`, text);
}
files.set("go.mod", emitGoMod(GO_MODULE));
rmSync(outDir, { recursive: true, force: true });
for (const [path, text] of files) {
  const full = join(outDir, path);
  mkdirSync(dirname(full), { recursive: true });
  let body = text;
  if (path.endsWith(".go")) {
    const r = spawnSync("gofmt", [], { input: text, encoding: "utf8" });
    if (r.status !== 0) {
      writeFileSync(full, text);
      console.error(`${path}: gofmt failed:\n${r.stderr}`);
      process.exitCode = 1;
      continue;
    }
    body = r.stdout;
  }
  writeFileSync(full, body);
}
console.log(`wrote ${files.size} files under ${outDir}`);
