// json-schema-to-typescript as an independent oracle of what the schema means as TypeScript types:
// every value our generated type allows, its type allows too; and where no free-form value or open
// object is involved (it types those as `{}` / `unknown`, which is wider than JsonValue), the
// reverse holds as well. Checked by the real compiler on both files together.
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { compile } from "json-schema-to-typescript";
import { loadProtocols } from "../../codegen/cli";
import type { Decl, Protocol, Type } from "../../codegen/next/ir/types";

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
        // elements of no schema are free-form values of any kind
        return t.prefix.some(loose) || t.items === undefined || loose(t.items);
      case "object":
        return (
          (!untyped && t.extras.kind === "keep") ||
          (t.extras.kind === "map" && loose(t.extras.type)) ||
          t.properties.some((x) => loose(x.type))
        );
      case "union":
        return t.variants.some(loose);
      case "ref":
        return isLoose(p, t.decl, untyped, seen);
      default:
        return false;
    }
  };
  return loose(d.type);
}

describe.each(["runner", "jsonl"])("schema/%s against json-schema-to-typescript", (name) => {
  it("agrees on every definition's type", async () => {
    const p = loadProtocols(ROOT).find((x) => x.name === name)!;
    const dir = mkdtempSync(join(tmpdir(), "oracle-"));
    copyFileSync(join(ROOT, "out/ts", name, "generated.ts"), join(dir, "ours.ts"));
    const lines = ['import type * as O from "./ours";', "type Assignable<A, B> = [A] extends [B] ? true : false;"];
    const schemaDir = join(ROOT, "schema", name);
    let checks = 0;
    for (const file of readdirSync(schemaDir)
      .filter((f) => f.endsWith(".json"))
      .sort()) {
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
        if (!new RegExp(`export (type|interface) ${d.name}\\b`).test(theirs))
          throw new Error(`json2ts emitted no ${d.name}`);
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
    // Controls: if Assignable or the import of our module stopped checking anything, the expected
    // errors below would not happen and tsc would report the unused @ts-expect-error directives.
    lines.push(
      "// @ts-expect-error control: string is not assignable to number",
      "export const control_assignable: Assignable<string, number> = true;",
      "// @ts-expect-error control: the generated module has no such export",
      "export type ControlMissing = O.NoSuchDefinition;",
    );
    writeFileSync(join(dir, "check.ts"), lines.join("\n") + "\n");
    const r = tsc(dir, ["check.ts"]);
    // Any exit status but 0 and any diagnostic fail, wherever they come from (ours.ts, theirs_*.ts,
    // check.ts, the options, a crash of the compiler).
    expect({ status: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr }).toEqual({
      status: 0,
      signal: null,
      stdout: "",
      stderr: "",
    });
    expect(checks).toBe(EXPECTED_CHECKS[name]);
  });
});

/**
 * Assignability checks per protocol (one or two per definition of the schema that json2ts can type
 * exactly); a change of the schema changes them, a change of isLoose() or of json2ts's output too.
 */
const EXPECTED_CHECKS: Record<string, number> = { runner: 70, jsonl: 9 };

/** The real compiler (TSC_FOR_ORACLE replaces it, to prove that this test fails when it fails). */
function tsc(
  cwd: string,
  files: string[],
): { status: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string } {
  const compiler = process.env.TSC_FOR_ORACLE ?? TSC;
  const r = spawnSync(
    process.execPath,
    [compiler, "--strict", "--noEmit", "--target", "es2022", "--lib", "es2022,dom", "--typeRoots", "none", ...files],
    {
      cwd,
      encoding: "utf8",
      stdio: "pipe",
    },
  );
  if (r.error !== undefined) throw r.error;
  return { status: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
}
