// const and enum. Values of one scalar kind are checks of that kind (string or number, typed as
// literal unions); any other values are an EnumType (deep equality of canonical texts).
import type { NumberCheck, StringCheck } from "../ir/types";
import type { Printer } from "../print/printer";
import { failIf, lit, type Val } from "../ts/value";
import { goNum, goString as goStr } from "../go/literals";

export type ConstCheck = Extract<StringCheck | NumberCheck, { family: "const" }>;
export type EnumCheck = Extract<StringCheck | NumberCheck, { family: "enum" }>;

const literal = (v: string | number): string => (typeof v === "string" ? lit(v) : String(v));

export function tsConst(pr: Printer, c: ConstCheck, v: Val): void {
  pr.raw(
    failIf(
      `${v.x} !== ${literal(c.value)}`,
      "const",
      v,
      lit(`expected the constant ${typeof c.value === "string" ? JSON.stringify(c.value) : c.value}`),
    ),
  );
}

export function tsEnum(pr: Printer, c: EnumCheck, v: Val): void {
  if (c.values.length === 0) {
    pr.raw(`$fail("enum", ${v.k === undefined ? v.p : `$at(${v.p}, ${v.k})`}, "no value is allowed");`);
    return;
  }
  const cond = c.values.map((e) => `${v.x} !== ${literal(e)}`).join(" && ");
  const message =
    typeof c.values[0] === "string"
      ? `\`\${$describe(${v.x})}, expected one of the enum values\``
      : lit(`expected one of ${c.values.join(", ")}`);
  pr.raw(failIf(cond, "enum", v, message));
}

/** Go: the const / enum check of a string or number value `v` (of Go type string, int64 or float64). */
export function goConst(c: ConstCheck, kind: "string" | "integer" | "number"): string[] {
  const lit = typeof c.value === "string" ? goStr(c.value) : goNum(c.value, kind);
  const val = kind === "integer" && typeof c.value === "number" && !Number.isInteger(c.value) ? "float64(v)" : "v";
  const what =
    typeof c.value === "string" ? "string is not the expected constant" : "number is not the expected constant";
  return [`if ${val} != ${lit} {`, `\treturn wireFail(wireCodeConst, ${goStr(what)})`, "}"];
}

export function goEnum(c: EnumCheck, kind: "string" | "integer" | "number"): string[] {
  const what =
    kind === "string" ? "string is not one of the allowed values" : "number is not one of the allowed values";
  const values = kind === "integer" ? c.values.filter((x) => typeof x === "number" && Number.isInteger(x)) : c.values;
  if (values.length === 0) return [`return wireFail(wireCodeEnum, ${goStr(what)})`];
  const lits = values.map((x) => (typeof x === "string" ? goStr(x) : goNum(x, kind)));
  return ["switch v {", `case ${lits.join(", ")}:`, "default:", `\treturn wireFail(wireCodeEnum, ${goStr(what)})`, "}"];
}

// ---- value generation (codegen/next/conformance/arbitrary.ts) ----

import type { Draw, ScalarHint } from "../conformance/draw";

const otherScalar = (v: string | number, d: Draw): string | number =>
  typeof v === "string"
    ? d.pick([v + "x", v.toUpperCase() === v ? v.toLowerCase() + "_" : v.toUpperCase(), ""])
    : v + d.pick([1, -1, 0.5]);

/** const: the value itself, and a value next to it. */
export function arbitraryConst(c: ConstCheck): ScalarHint<string | number> {
  return {
    holds: (v) => v === c.value,
    valid: () => c.value,
    invalid: (d) => {
      const x = otherScalar(c.value, d);
      return x === c.value ? undefined : x;
    },
  };
}

/** enum: one of the values, and a value that is none of them. */
export function arbitraryEnum(c: EnumCheck): ScalarHint<string | number> {
  const has = (v: string | number) => (c.values as (string | number)[]).includes(v);
  return {
    holds: has,
    valid: (d) => (c.values.length === 0 ? undefined : d.pick(c.values as (string | number)[])),
    invalid: (d) => {
      if (c.values.length === 0) return typeof d.pick([0, "a"]) === "number" ? 0 : "a";
      for (let i = 0; i < 6; i++) {
        const x = otherScalar(d.pick(c.values as (string | number)[]), d);
        if (!has(x)) return x;
      }
      return undefined;
    },
  };
}
