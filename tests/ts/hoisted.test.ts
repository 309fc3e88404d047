// A check the generator writes inline (a union's variants and pick, an inline object's declared-keys
// predicate, the schema of if/then/else, not, contains, ...) is a module-level function, made once:
// as a function expression inside the check that uses it, it would be a new closure on every call
// (and prettier would have to re-indent it, codegen/format.ts).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { protocolFromFiles } from "../../codegen/next/ir/load";
import { emitTypeScript } from "../../codegen/next/ts/emit";

const ROOT = join(__dirname, "../..");

function folder(dir: string, prefix: string): { path: string; text: string }[] {
  return readdirSync(join(ROOT, dir))
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => ({ path: `${prefix}/${f}`, text: readFileSync(join(ROOT, dir, f), "utf8") }));
}

const cases: [string, string, string][] = [
  ...readdirSync(join(ROOT, "tests/golden"))
    .filter((g) => existsSync(join(ROOT, "tests/golden", g, "schema.json")))
    .sort()
    .map((g): [string, string, string] => [`golden ${g}`, `tests/golden/${g}`, `schema/${g}`]),
  ...["mcp", "acp", "github-workflow"].map((n): [string, string, string] => [
    `real schema ${n}`,
    `tests/real-schemas/${n}/schema`,
    `tests/real-schemas/${n}/schema`,
  ]),
];

/** A function expression with a block body, or a key predicate written as an arrow. */
const INLINE_FUNCTION = /\): (?:void|number|boolean) => \{$|\(key: string\): boolean =>/;

it.each(cases)("%s: no check is a function expression made on every call", (name, dir, prefix) => {
  const text = emitTypeScript(protocolFromFiles(name.replace(/\W/g, ""), folder(dir, prefix)), { header: "// x" });
  expect(text.split("\n").filter((l) => INLINE_FUNCTION.test(l))).toEqual([]);
});

it("the inline checks are there, as functions at the module level", () => {
  const text = emitTypeScript(
    protocolFromFiles("conditional", folder("tests/golden/conditional", "schema/conditional")),
    {
      header: "// x",
    },
  );
  expect(text).toMatch(/^function \$check\d+\(v: unknown, p: string, k\?: \$Key\): void \{$/m);
  expect(text).toMatch(/^function \$pick\d+\(v: unknown, p: string, ignore: boolean\): number \{$/m);
  expect(text).toMatch(/^function \$known\d+\(key: string\): boolean \{$/m);
});
