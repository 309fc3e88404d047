// The breaking-change rules table of the diff on the new IR, the JSON Pointer line finder and the
// output formats of codegen diff.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { diffSides } from "../../codegen/next/diff/command";
import { lineOfPointer } from "../../codegen/next/diff/pointer-line";
import { render } from "../../codegen/next/diff/render";
import { FIRST_RULES, RULES, type Rule, type RuleId } from "../../codegen/next/diff/rules";
import { ruleRow, rulesTable } from "../../codegen/next/diff/rules-table";
import { readFolderSide } from "../../codegen/next/diff/source";

const ROOT = join(__dirname, "../..");
const FIXTURES = join(__dirname, "fixtures/diff");

describe("README, Breaking-change rules", () => {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("\n## Breaking-change rules\n"));
  const rows = section.split("\n").filter((l) => l.startsWith("| `"));

  it("lists the rules of the first diff as the new table prints them, unchanged", () => {
    expect(rows).toEqual(FIRST_RULES.map(ruleRow));
  });

  it("prints one row of five cells per rule, the new ones after the first diff's", () => {
    const table = rulesTable().trimEnd().split("\n");
    expect(table.slice(2).map((r) => r.split(" | ")[0]!.slice(3, -1))).toEqual(Object.keys(RULES));
    for (const row of table.slice(2))
      expect([row, row.replace(/^\| | \|$/g, "").split(" | ").length]).toEqual([row, 5]);
    expect(Object.keys(RULES).slice(0, FIRST_RULES.length)).toEqual(FIRST_RULES);
  });

  it("gives every rule a title, a reason and an example", () => {
    for (const id of Object.keys(RULES) as RuleId[]) {
      const r: Rule = RULES[id];
      expect([id, r.title !== "" && r.reason.endsWith(".") && r.example !== ""]).toEqual([id, true]);
    }
  });
});

describe("lineOfPointer", () => {
  const text = [
    "{",
    '  "a": {',
    '    "b~c": [',
    "      1,",
    '      {"d/e": true}',
    "    ]",
    "  },",
    '  "f": "x"',
    "}",
  ].join("\n");

  it("finds keys and array elements, with RFC 6901 escapes", () => {
    expect(lineOfPointer(text, "")).toBe(1);
    expect(lineOfPointer(text, "/a")).toBe(2);
    expect(lineOfPointer(text, "/a/b~0c")).toBe(3);
    expect(lineOfPointer(text, "/a/b~0c/0")).toBe(4);
    expect(lineOfPointer(text, "/a/b~0c/1/d~1e")).toBe(5);
    expect(lineOfPointer(text, "/f")).toBe(8);
  });

  it("falls back to the nearest existing ancestor", () => {
    expect(lineOfPointer(text, "/a/missing/deeper")).toBe(2);
    expect(lineOfPointer(text, "/a/b~0c/7")).toBe(3);
    expect(lineOfPointer(text, "/nothing")).toBe(1);
  });

  it("survives text that is not JSON", () => {
    expect(lineOfPointer('{\n "a": {\n "b": ', "/a/b")).toBe(3);
    expect(lineOfPointer("", "/a")).toBe(1);
  });

  it("finds every definition of the runner schema", () => {
    const records = readFileSync(join(ROOT, "schema/runner/records.json"), "utf8");
    const lines = records.split("\n");
    expect(lines[lineOfPointer(records, "/$defs/NativeFile/properties/size") - 1]).toContain('"size": {');
    expect(lines[lineOfPointer(records, "/$defs/NativeFile/properties/size/minimum") - 1]).toContain('"minimum": 0');
  });
});

describe("output formats", () => {
  const side = (name: string, which: string) => readFolderSide(join(FIXTURES, name, which), which);
  const report = diffSides(side("property-added-required", "base"), side("property-added-required", "head"));

  it("json: the documented shape", () => {
    const j = JSON.parse(render(report, "json"));
    expect(Object.keys(j)).toEqual(["format", "base", "head", "ok", "protocols"]);
    expect(j.ok).toBe(false);
    expect(j.protocols[0]).toMatchObject({
      name: "demo",
      baseVersion: 1,
      headVersion: 1,
      versionChanged: false,
      breaking: true,
      needsVersionChange: true,
    });
    expect(j.protocols[0].changes[0]).toEqual({
      protocol: "demo",
      rule: "property-added-required",
      kind: "property-added",
      location: "Item.color",
      message: "required property color (string) added",
      classification: "breaks-old-readers-and-writers",
      oldReaders: ["runner"],
      oldWriters: ["host"],
      reason: RULES["property-added-required"].reason,
      file: "schema/demo/demo.json",
      pointer: "/$defs/Item/properties/color",
      line: 10,
    });
  });

  it("markdown: the marker, then a table of change, location, classification and reason", () => {
    const md = render(report, "markdown");
    expect(md.startsWith("<!-- codegen diff -->\n## Protocol schema changes\n")).toBe(true);
    expect(md).toContain("| Change | Location | Classification | Reason |");
    expect(md).toContain(
      "| required property color (string) added | `Item.color` (schema/demo/demo.json:10) | **breaks old readers (runner) and old writers (host)** |",
    );
    expect(md).toContain("**Breaking changes without a protocol version change: raise the protocol version.**");
  });

  it("github: an error annotation on the schema line, escaped, and one on the version", () => {
    const gh = render(report, "github").split("\n");
    expect(gh[0]).toBe(
      "::error file=schema/demo/demo.json,line=10,title=codegen diff%3A breaks old readers (runner) and old writers (host)::Item.color: required property color (string) added. " +
        `${RULES["property-added-required"].reason} (property-added-required)`,
    );
    expect(gh[1]).toBe(
      "::error file=schema/demo/demo.json,line=6::demo: breaking changes need a protocol version change (now 1)",
    );
  });

  it("github: safe changes are notices", () => {
    const safe = diffSides(side("description-only", "base"), side("description-only", "head"));
    expect(render(safe, "github").split("\n")[0]).toMatch(
      /^::notice file=schema\/demo\/demo.json,line=10,title=codegen diff%3A safe::Item: description changed/,
    );
  });

  it("text: one line per change, then the verdict", () => {
    const text = render(report, "text");
    expect(text).toContain(
      "  [breaks old readers (runner) and old writers (host)] Item.color: required property color (string) added\n",
    );
    expect(text.trimEnd().split("\n").pop()).toBe(
      "codegen diff: demo has 1 breaking change without a protocol version change: raise the protocol version (now 1)",
    );
  });
});
