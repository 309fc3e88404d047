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
  "regex",
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
