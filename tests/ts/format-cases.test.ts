// tests/format-cases.json against $formats of the next TypeScript runtime (loaded as generated.ts
// inlines it); codegen/go/runtime/format_test.go runs the same file against wireFormats.
import * as fs from "fs";
import * as path from "path";
import { loadModule, typeCheck } from "./fixtures/compile";

const RUNTIME_FILE = path.join(__dirname, "../../codegen/next/ts/runtime.ts");
const MARKER = "// ---- runtime start ----\n";
const fileText = fs.readFileSync(RUNTIME_FILE, "utf8");
const runtimeText = fileText.slice(fileText.indexOf(MARKER) + MARKER.length);
const rt = loadModule(runtimeText + "\nexport { $formats };\n");
const formats = rt.$formats as Record<string, (s: string) => boolean>;

interface FormatCases {
  formats: Record<string, { valid: string[]; invalid: string[]; suite: { valid: string[]; invalid: string[] } }>;
  disagreements: { format: string; data: string; suite: boolean; ours: boolean; reason: string }[];
}
const file = JSON.parse(fs.readFileSync(path.join(__dirname, "../format-cases.json"), "utf8")) as FormatCases;
const SUITE = path.join(__dirname, "../vendor/json-schema-test-suite/tests/draft2020-12/optional/format");

describe("format cases shared with Go (tests/format-cases.json)", () => {
  test("the runtime with its formats type-checks alone under the strict flags", () => {
    expect(typeCheck({ "runtime.ts": runtimeText })).toEqual([]);
  });

  test("the same formats in the file and in $formats", () => {
    expect(Object.keys(formats).sort()).toEqual(Object.keys(file.formats).sort());
  });

  for (const [format, c] of Object.entries(file.formats)) {
    test(format, () => {
      const wrong: string[] = [];
      for (const s of [...c.valid, ...c.suite.valid])
        if (formats[format]!(s) !== true) wrong.push(`valid ${JSON.stringify(s)}`);
      for (const s of [...c.invalid, ...c.suite.invalid])
        if (formats[format]!(s) !== false) wrong.push(`invalid ${JSON.stringify(s)}`);
      for (const d of file.disagreements.filter((d) => d.format === format)) {
        if (formats[format]!(d.data) !== d.ours) wrong.push(`disagreement ${JSON.stringify(d.data)}`);
      }
      expect(wrong).toEqual([]);
    });
  }

  test("every string case of the vendored suite is in the file with the suite's verdict, or a listed disagreement", () => {
    const missing: string[] = [];
    for (const [format, c] of Object.entries(file.formats)) {
      const listed = new Set([
        ...c.suite.valid.map((s) => "+" + s),
        ...c.suite.invalid.map((s) => "-" + s),
        ...file.disagreements.filter((d) => d.format === format).map((d) => (d.suite ? "+" : "-") + d.data),
      ]);
      const groups = JSON.parse(fs.readFileSync(path.join(SUITE, `${format}.json`), "utf8")) as {
        tests: { data: unknown; valid: boolean }[];
      }[];
      for (const g of groups)
        for (const t of g.tests)
          if (typeof t.data === "string" && !listed.has((t.valid ? "+" : "-") + t.data))
            missing.push(`${format} ${JSON.stringify(t.data)}`);
    }
    expect(missing).toEqual([]);
  });
});
