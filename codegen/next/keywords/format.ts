// format: an annotation unless the schema file opts in with "x-assert-format": true at its root;
// then the formats below are asserted, identically in both languages (codegen/SEMANTICS.md, "Formats").
// An unknown format is an annotation even then (and listed as a warning).
import type { StringCheck } from "../ir/types";
import type { BuildContext } from "../ir/build/context";
import type { SchemaReader } from "../ir/build/reader";
import type { Printer } from "../print/printer";
import { failIf, lit, type Val } from "../ts/value";

export type FormatCheck = Extract<StringCheck, { family: "format" }>;

export const ASSERTED_FORMATS = [
  "date-time",
  "date",
  "time",
  "duration",
  "email",
  "hostname",
  "ipv4",
  "ipv6",
  "uri",
  "uri-reference",
  "uuid",
  "json-pointer",
] as const;

export function buildFormat(r: SchemaReader, ctx: BuildContext): FormatCheck | undefined {
  const f = r.raw("format");
  if (typeof f !== "string" || !ctx.assertsFormat(r)) return undefined;
  if (!(ASSERTED_FORMATS as readonly string[]).includes(f)) {
    r.warn(
      "format",
      `format "${f}" is not one the generator asserts (${ASSERTED_FORMATS.join(", ")}); it stays an annotation`,
    );
    return undefined;
  }
  return { family: "format", format: f };
}

export function tsFormat(pr: Printer, c: FormatCheck, v: Val): void {
  pr.raw(
    failIf(`!$formats[${lit(c.format)}]!(${v.x})`, "format", v, `\`\${$describe(${v.x})} is not a valid ${c.format}\``),
  );
}

/** Go: the asserted format of a string `v`. */
export function goFormat(c: FormatCheck): string[] {
  return [
    `if !wireFormats[${JSON.stringify(c.format)}](v) {`,
    `\treturn wireFail(wireCodeFormat, ${JSON.stringify(`string is not a valid ${c.format}`)})`,
    "}",
  ];
}

// ---- diff (codegen/next/diff): an asserted format narrows; an annotation changes nothing ----
import type { StringType } from "../ir/types";
import type { FamilyDiff } from "../diff/context";
import { beforeAfter, code } from "../diff/report";

export const diffFormat: FamilyDiff<StringType> = (b, h, cx) => {
  const asserted = (t: StringType) =>
    t.checks.filter((c): c is FormatCheck => c.family === "format").map((c) => c.format);
  const [ba, ha] = [asserted(b), asserted(h)];
  const list = (fs: string[]) => fs.map(code).join(", ");
  const value = (fs: string[]) => (fs.length === 0 ? undefined : fs.length === 1 ? fs[0] : fs);
  const ba2 = beforeAfter(value(ba), value(ha));
  if (ba.join("\0") !== ha.join("\0")) {
    const wasAnnotation = h.doc?.format !== undefined && b.doc?.format === h.doc.format;
    const staysAnnotation = b.doc?.format !== undefined && h.doc?.format === b.doc.format;
    if (ba.length === 0)
      cx.report({
        rule: "format-asserted",
        message: wasAnnotation ? `format ${list(ha)} now asserted` : `asserted format ${list(ha)} added`,
        keyword: ["format"],
        ...ba2,
      });
    else if (ha.length === 0)
      cx.report({
        rule: "format-unasserted",
        message: staysAnnotation ? `format ${list(ba)} no longer asserted` : `asserted format ${list(ba)} removed`,
        keyword: ["format"],
        ...ba2,
      });
    else
      cx.report({
        rule: "format-asserted-changed",
        message: `asserted format ${list(ba)} → ${list(ha)}`,
        keyword: ["format"],
        ...ba2,
      });
    return;
  }
  // Annotations only: a format name without a check of it.
  const annotation = (t: StringType) =>
    t.doc?.format !== undefined && !asserted(t).includes(t.doc.format) ? t.doc.format : undefined;
  const [bn, hn] = [annotation(b), annotation(h)];
  if (bn === hn) return;
  const text = (f: string | undefined) => (f === undefined ? "none" : code(f));
  cx.report({
    rule: "format-annotation-changed",
    message: `format annotation ${text(bn)} → ${text(hn)}`,
    keyword: ["format"],
    ...beforeAfter(bn, hn),
  });
};
