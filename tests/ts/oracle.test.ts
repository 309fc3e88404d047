// json-schema-to-typescript as an independent oracle of what the schema means as TypeScript types:
// every value our generated type allows, its type allows too; and where no free-form value or open
// object is involved (it types those as `{}` / `unknown`, which is wider than JsonValue), the
// reverse holds as well. Checked by the real compiler on both files together.
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { compile } from "json-schema-to-typescript";
import { loadProtocol } from "../../codegen/ir/load";
import type { Decl, Protocol, Type } from "../../codegen/ir/types";

const ROOT = join(__dirname, "../..");
const TSC = join(ROOT, "node_modules/typescript/bin/tsc");

/**
 * True when values of the definition can hold a free-form value or extra members (json2ts types
 * those as `{}` or `unknown`, wider than JsonValue); with `untyped`, only free-form values of any
 * JSON kind (json2ts types a schema without "type" as an object, which is wrong: checkpoint's result
 * is an array), where even our type cannot be checked against theirs.
 */
function isLoose(p: Protocol, d: Decl, untyped = false, seen = new Set<string>()): boolean {
  if (seen.has(d.name)) return false;
  seen.add(d.name);
  const loose = (t: Type): boolean => {
    switch (t.kind) {
      case "any":
        return !untyped || t.kinds === undefined;
      case "array":
        return loose(t.items);
      case "object":
        return (!untyped && t.extras === "keep") || t.properties.some((x) => loose(x.type));
      case "union":
        return t.variants.some(loose);
      case "ref":
        return isLoose(p, p.decls.find((x) => x.name === t.name)!, untyped, seen);
      default:
        return false;
    }
  };
  return loose(d.type);
}

describe.each(["runner", "jsonl"])("schema/%s against json-schema-to-typescript", (name) => {
  it("agrees on every definition's type", async () => {
    const p = loadProtocol(join(ROOT, "schema", name), ROOT);
    const dir = mkdtempSync(join(tmpdir(), "oracle-"));
    copyFileSync(join(ROOT, "out/ts", name, "generated.ts"), join(dir, "ours.ts"));
    const lines = ['import type * as O from "./ours";', "type Assignable<A, B> = [A] extends [B] ? true : false;"];
    const schemaDir = join(ROOT, "schema", name);
    let checks = 0;
    for (const file of readdirSync(schemaDir).filter((f) => f.endsWith(".json")).sort()) {
      const module = `theirs_${basename(file, ".json")}`;
      const theirs = await compile(JSON.parse(readFileSync(join(schemaDir, file), "utf8")), module, {
        cwd: schemaDir,
        unreachableDefinitions: true,
        bannerComment: "",
        format: false,
      });
      writeFileSync(join(dir, `${module}.ts`), theirs);
      lines.push(`import type * as ${module} from "./${module}";`);
      for (const d of p.decls) {
        if (d.origin.file !== `schema/${name}/${file}` || d.constant !== undefined || d.hoisted) continue;
        if (!new RegExp(`export (type|interface) ${d.name}\\b`).test(theirs)) throw new Error(`json2ts emitted no ${d.name}`);
        if (!isLoose(p, d, true)) {
          lines.push(`export const ours_${d.name}: Assignable<O.${d.name}, ${module}.${d.name}> = true;`);
          checks++;
        }
        if (!isLoose(p, d)) {
          lines.push(`export const theirs_${d.name}: Assignable<${module}.${d.name}, O.${d.name}> = true;`);
          checks++;
        }
      }
    }
    writeFileSync(join(dir, "check.ts"), lines.join("\n") + "\n");
    let output = "";
    try {
      execFileSync(process.execPath, [TSC, "--strict", "--noEmit", "--target", "es2022", "--lib", "es2022,dom", "--typeRoots", "none", "check.ts"], { cwd: dir, encoding: "utf8", stdio: "pipe" });
    } catch (e) {
      output = String((e as { stdout?: string }).stdout ?? e);
    }
    expect(output.split("\n").filter((l) => l.includes("check.ts"))).toEqual([]);
    expect(checks).toBeGreaterThan(5);
  });
});
