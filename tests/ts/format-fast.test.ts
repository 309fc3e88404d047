// `generate` formats emitted TypeScript without running prettier over all of it (codegen/format.ts,
// formatTypeScript): text the emitters already write in prettier's style is kept, the few line
// breaks and quotes prettier would change are rewritten, and prettier runs only on the top-level
// chunks left in doubt. The result must be exactly what prettier gives for the whole text, on every
// golden feature, the shipped protocols, public schemas and a synthetic protocol.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import * as prettier from "prettier";
import { emitGoRuntime } from "../../codegen/go/module";
import {
  preformatted,
  formatTypeScript,
  mayNeedPrettier,
  preformat,
  PRETTIER_OPTIONS,
  tsChunks,
} from "../../codegen/format";
import { protocolFromFiles } from "../../codegen/next/ir/load";
import { emitTypeScript } from "../../codegen/next/ts/emit";

const ROOT = join(__dirname, "../..");
type Files = { path: string; text: string }[];

function folder(dir: string, prefix: string): Files {
  return readdirSync(join(ROOT, dir))
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => ({ path: `${prefix}/${f}`, text: readFileSync(join(ROOT, dir, f), "utf8") }));
}

const cases: [string, () => Files][] = [
  ...readdirSync(join(ROOT, "tests/golden"))
    .filter((g) => existsSync(join(ROOT, "tests/golden", g, "schema.json")))
    .sort()
    .map((g): [string, () => Files] => [`golden ${g}`, () => folder(`tests/golden/${g}`, `schema/${g}`)]),
  ...["runner", "jsonl", "config"].map((p): [string, () => Files] => [
    `schema/${p}`,
    () => folder(`schema/${p}`, `schema/${p}`),
  ]),
  ...["cloudevents", "lsp-metamodel", "a2a", "github-workflow"].map((n): [string, () => Files] => [
    `real schema ${n}`,
    () => folder(`tests/real-schemas/${n}/schema`, `tests/real-schemas/${n}/schema`),
  ]),
  [
    "long names: calls, conditions, appends and type members past the print width",
    () => [{ path: "schema/long/long.json", text: JSON.stringify(longNames()) }],
  ],
  [
    // two columns each (lines shorter than 120 characters run past the print width), and keys that
    // prettier unquotes as identifier names
    "wide characters in keys and strings",
    () => [{ path: "schema/wide/wide.json", text: JSON.stringify(wideCharacters()) }],
  ],
  [
    "synthetic protocol of 100 definitions (bench/synth.mjs)",
    () => {
      const r = spawnSync(process.execPath, [join(ROOT, "bench/synth.mjs"), "100", "7"], { encoding: "utf8" });
      if (r.status !== 0) throw new Error(r.stderr);
      return [{ path: "schema/synth/synth.json", text: r.stdout }];
    },
  ],
];

/**
 * Definitions and members whose names push emitted lines past 120 columns, each way preformat
 * breaks one: a long `if (a && b) {`, `const v = o["key"];`, `s += a + b;` (on the next line, and
 * one operand a line, a last one that is a call with its arguments broken), a returned or assigned
 * call, a type member of one name, a union type with a tuple member, a `case` returning a call, a
 * `for` loop's clauses, an append of a parenthesized conditional.
 */
function longNames(): object {
  const name = (tag: string, n: number) => `Def${tag}${"ThatKeepsGoingOn".repeat(6)}`.slice(0, n);
  const ref = (def: string) => ({ $ref: `#/$defs/${def}` });
  const refStringOrTuple = (def: string, prefix: string[], rest: object) => ({
    oneOf: [ref(def), { type: "string" }, { type: "array", prefixItems: prefix.map(ref), ...rest }],
  });
  const [a, b, c, long] = [name("A", 45), name("B", 45), name("C", 45), name("L", 85)];
  const key = `${"a-member-name-with-dashes-".repeat(2)}1`; // 53 characters
  const key2 = `${key}-optional-and-longer-still`;
  return {
    $defs: {
      [a]: {
        type: "object",
        properties: {
          [key]: { $ref: `#/$defs/${b}` },
          [key2]: { type: "string" },
          xyzw: { $ref: `#/$defs/${long}` },
          [`${key}-and-more-here`]: { $ref: `#/$defs/${b}` },
          // an array: its loop's `for (...; ...; ...) {` is past the print width
          a_list_of_strings_named_long: { type: "array", items: { type: "string" } },
          // a nullable member: its writer's `s += key + $writeNullable(x, write)` past the print width
          nullable_member: { oneOf: [ref(b), { type: "null" }] },
        },
        required: [key, "a_list_of_strings_named_long"],
        additionalProperties: false,
      },
      [b]: { type: "object", properties: { [key]: { type: "string" } }, required: [key], additionalProperties: false },
      [c]: { type: "object", properties: { [key2]: { $ref: `#/$defs/${long}` } }, additionalProperties: false },
      [long]: { type: "object", properties: { n: { type: "integer" } }, additionalProperties: false },
      // a union with a tuple member too long for its `| [...]` line (and a tuple writer's returned
      // call too long for its line), and one whose tuple fits there
      [name("T", 45)]: refStringOrTuple(b, [long, a], { items: { type: "integer" } }),
      [name("U", 45)]: refStringOrTuple(c, [b, c], { items: false, minItems: 2 }),
      // unions decided by trial: a `switch ($which(...)) {` past the print width, its call on the
      // next line where it fits there (V), else one argument a line (W)
      [name("S", 45)]: { type: "object", properties: { s: { type: "string" } }, additionalProperties: false },
      [name("V", 36)]: { oneOf: [ref(long), ref(name("S", 45))] },
      [name("W", 45)]: { oneOf: [ref(long), ref(name("S", 45))] },
    },
  };
}

function wideCharacters(): object {
  const wide = "名前".repeat(28);
  return {
    $defs: {
      Wide: {
        type: "object",
        properties: {
          [wide]: { type: "string" },
          名前: { enum: ["東京".repeat(20), "数据".repeat(25)] },
          label: { const: "данные ✓ " + "東京".repeat(26) },
        },
        required: [wide],
        additionalProperties: false,
      },
    },
  };
}

describe.each(cases)("fast TypeScript formatting: %s", (name, files) => {
  it("gives exactly what prettier gives for the whole text", async () => {
    const raw = emitTypeScript(protocolFromFiles(name.replace(/\W/g, "").slice(0, 30), files()), {
      header: "// Code generated by codegen. DO NOT EDIT.",
    });
    const fast = await formatTypeScript(raw);
    const whole = await prettier.format(raw, PRETTIER_OPTIONS);
    if (fast !== whole) {
      // name the first chunk that prettier changes although it was judged clean
      for (const c of tsChunks(raw).map(preformat)) {
        if (mayNeedPrettier(c)) continue;
        expect(c).toBe((await prettier.format(c, PRETTIER_OPTIONS)).replace(/\n+$/, ""));
      }
    }
    expect(fast).toBe(whole);
  }, 300_000);
});

it("leaves none of the shipped protocols' chunks to prettier (loading prettier costs a cold generate more than all the rest)", () => {
  for (const p of ["runner", "jsonl", "config"]) {
    const raw = emitTypeScript(protocolFromFiles(p, folder(`schema/${p}`, `schema/${p}`)), { header: "// x" });
    const { chunks, doubtful } = preformatted(raw);
    expect([p, doubtful.map((i) => chunks[i])]).toEqual([p, []]);
  }
});

it("gofmt keeps the Go runtime's files as a generated package holds them (generate does not run gofmt on them)", () => {
  for (const [name, text] of emitGoRuntime("somepkg")) {
    const r = spawnSync("gofmt", [], { input: text, encoding: "utf8" });
    expect([name, r.status, r.stdout === text]).toEqual([name, 0, true]);
  }
});

it("leaves none of the long names' chunks to prettier: each way they run past 120 columns is broken without it", () => {
  const raw = emitTypeScript(
    protocolFromFiles("long", [{ path: "schema/long/long.json", text: JSON.stringify(longNames()) }]),
    {
      header: "// x",
    },
  );
  const { chunks, doubtful } = preformatted(raw);
  expect(doubtful.map((i) => chunks[i])).toEqual([]);
});

it("breaks a type member's long union as prettier does: on the next line when it fits there, else one member a line", async () => {
  const n = (s: string) => `Name${s}ThatKeepsGoingOnAndOn`;
  const chunk = [
    "export type T = {",
    `  "a-member-name-with-dashes-a-member-name-with-dashes-one"?: ${n("A")} | ${n("B")}[] | "text";`,
    `  [extra: string]: ${n("A")} | ${n("B")} | ${n("C")} | ${n("D")} | ${n("E")};`,
    "};",
  ].join("\n");
  const pre = preformat(chunk);
  expect(pre).not.toBe(chunk);
  expect(mayNeedPrettier(pre)).toBe(false);
  expect(pre).toBe((await prettier.format(chunk, PRETTIER_OPTIONS)).replace(/\n+$/, ""));
});

it("the TypeScript runtime that generated files inline is prettier-formatted (its declarations are kept as they are)", async () => {
  const text = readFileSync(join(ROOT, "codegen/next/ts/runtime.ts"), "utf8");
  expect(await prettier.format(text, PRETTIER_OPTIONS)).toBe(text);
});
