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

// ---- value generation (codegen/next/conformance/arbitrary.ts) ----

import type { ScalarHint } from "../conformance/draw";

/** Strings every reading of each format accepts, and strings none accepts (codegen/SEMANTICS.md, "Formats"). */
const FORMAT_SAMPLES: Record<(typeof ASSERTED_FORMATS)[number], { valid: string[]; invalid: string[] }> = {
  "date-time": {
    valid: ["2024-02-29T12:30:00Z", "1999-12-31T23:59:59.5+01:00", "2020-01-01t00:00:00z"],
    invalid: ["2024-02-30T12:30:00Z", "2024-02-29 12:30:00", "2024-02-29T25:00:00Z", ""],
  },
  date: { valid: ["2024-02-29", "1970-01-01"], invalid: ["2023-02-29", "2024-1-01", "20240101", ""] },
  time: { valid: ["12:30:00Z", "23:59:59.123-05:30"], invalid: ["24:00:00Z", "12:30", "12:30:00", ""] },
  duration: { valid: ["P1D", "PT1H30M", "P1Y2M3DT4H5M6S", "P2W"], invalid: ["P", "PT", "1D", "P1H", ""] },
  email: { valid: ["a@example.com", "first.last@sub.example.org"], invalid: ["a", "@example.com", "a@", "a b@c.d"] },
  hostname: { valid: ["example.com", "a-b.c", "localhost"], invalid: ["-a.com", "a_b.com", "a..b", ""] },
  ipv4: { valid: ["127.0.0.1", "255.255.255.255", "0.0.0.0"], invalid: ["256.0.0.1", "1.2.3", "01.2.3.4", ""] },
  ipv6: { valid: ["::1", "2001:db8::8a2e:370:7334", "::"], invalid: ["1:2:3", ":::", "12345::", ""] },
  uri: { valid: ["https://example.com/a?b#c", "urn:isbn:0451450523"], invalid: ["//example.com", "a b", ""] },
  "uri-reference": { valid: ["/a/b", "https://example.com", "#x", ""], invalid: ["a b", "\\\\x"] },
  uuid: {
    valid: ["123e4567-e89b-12d3-a456-426614174000", "00000000-0000-0000-0000-000000000000"],
    invalid: ["123e4567e89b12d3a456426614174000", "123e4567-e89b-12d3-a456-42661417400", ""],
  },
  "json-pointer": { valid: ["", "/a", "/a~0b/~1", "/0"], invalid: ["a", "/~2", "#/a"] },
};

/** An asserted format: samples on each side (the decoders are the only judges of other strings). */
export function arbitraryFormat(c: FormatCheck): ScalarHint<string> {
  const s = FORMAT_SAMPLES[c.format as (typeof ASSERTED_FORMATS)[number]];
  return {
    valid: (d) => (s === undefined ? undefined : d.pick(s.valid)),
    invalid: (d) => (s === undefined ? undefined : d.pick(s.invalid)),
  };
}
