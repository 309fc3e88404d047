// const and enum. Values of one scalar kind are checks of that kind (string or number, typed as
// literal unions); any other values are an EnumType (deep equality of canonical texts).
import type { BooleanType, NumberCheck, StringCheck } from "../ir/types";
import type { Printer } from "../print/printer";
import { failIf, lit, type Val } from "../ts/value";
import { goNum, goString as goStr } from "../go/literals";

export type ConstCheck = Extract<StringCheck | NumberCheck, { family: "const" }>;
export type EnumCheck = Extract<StringCheck | NumberCheck, { family: "enum" }>;

const wellFormed = (s: string): boolean => (s as unknown as { isWellFormed(): boolean }).isWellFormed();

const literal = (v: string | number): string => (typeof v === "string" ? lit(v) : String(v));

/** The Go constant of each code a const or enum failure has. */
export const GO_VALUE_CODE = { const: "wireCodeConst", enum: "wireCodeEnum" } as const;

/** A boolean that fails its constant: `const`, or `enum` where the schema wrote an enum of one value. */
export function booleanConstFailure(t: Pick<BooleanType, "const" | "enumOfOne">): {
  code: "const" | "enum";
  message: string;
} {
  return t.enumOfOne
    ? { code: "enum", message: `expected one of ${t.const}` }
    : { code: "const", message: `expected the constant ${t.const}` };
}

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
    pr.raw(`$failAlways("enum", ${v.k === undefined ? v.p : `$at(${v.p}, ${v.k})`}, "no value is allowed");`);
    return;
  }
  const cond = c.values.map((e) => `${v.x} !== ${literal(e)}`).join(" && ");
  const message =
    typeof c.values[0] === "string"
      ? `\`\${$describe(${v.x})}, expected one of the enum values\``
      : lit(`expected one of ${c.values.join(", ")}`);
  pr.raw(failIf(cond, "enum", v, message));
}

/**
 * A string's first check is a const or enum of well-formed strings. A value equal to one of them is a
 * well-formed string, so one comparison does the type's check too (a constant with a lone surrogate
 * is left to the unfused checks: a decoded lone surrogate equal to it must still fail).
 */
type StringValues = Extract<StringCheck, { family: "const" | "enum" }>;

export const fusesWithType = (c: StringCheck | undefined): c is StringValues =>
  (c?.family === "const" && wellFormed(c.value)) ||
  (c?.family === "enum" && c.values.length > 0 && c.values.every(wellFormed));

/**
 * Prints the fused check; returns the values it allows. Its helper, run only on failure, reports
 * the type's failure first, so the errors are the unfused checks' ones.
 */
export function tsFusedStringValues(pr: Printer, c: StringValues, v: Val): readonly string[] {
  const values = c.family === "const" ? [c.value] : c.values;
  const cond = values.map((e) => `${v.x} !== ${lit(e)}`).join(" && ");
  const k = v.k === undefined ? "" : `, ${v.k}`;
  pr.raw(
    c.family === "const"
      ? `if (${cond}) $strConst(${lit(values[0]!)}, ${v.x}, ${v.p}${k});`
      : `if (${cond}) $strEnum(${v.x}, ${v.p}${k});`,
  );
  return values;
}

/** Go: the const / enum check of a string or number value `v` (of Go type string, int64 or float64). */
export function goConst(c: ConstCheck, kind: "string" | "integer" | "number"): string[] {
  const lit = typeof c.value === "string" ? goStr(c.value) : goNum(c.value, kind);
  const val = kind === "integer" && typeof c.value === "number" && !Number.isSafeInteger(c.value) ? "float64(v)" : "v";
  const what =
    typeof c.value === "string" ? "string is not the expected constant" : "number is not the expected constant";
  return [`if ${val} != ${lit} {`, `\treturn wireFail(wireCodeConst, ${goStr(what)})`, "}"];
}

export function goEnum(c: EnumCheck, kind: "string" | "integer" | "number"): string[] {
  const what =
    kind === "string" ? "string is not one of the allowed values" : "number is not one of the allowed values";
  // an integer beyond 2^53 - 1 is out of range before the enum is looked at: no member to compare
  const values =
    kind === "integer" ? c.values.filter((x) => typeof x === "number" && Number.isSafeInteger(x)) : c.values;
  if (values.length === 0) return [`return wireFail(wireCodeEnum, ${goStr(what)})`];
  const lits = values.map((x) => (typeof x === "string" ? goStr(x) : goNum(x, kind)));
  return ["switch v {", `case ${lits.join(", ")}:`, "default:", `\treturn wireFail(wireCodeEnum, ${goStr(what)})`, "}"];
}

// ---- diff (codegen/next/diff): values added, removed or changed ----
import type { JsonValue, NumberType, StringType, Type } from "../ir/types";
import type { CheckDiff, FamilyDiff } from "../diff/context";
import { beforeAfter, canonical, code } from "../diff/report";

/** The values the const and enum checks allow together (each check narrows the ones before); undefined: no such check. */
export function valuesOfChecks(checks: readonly (StringCheck | NumberCheck)[]): JsonValue[] | undefined {
  let allowed: JsonValue[] | undefined;
  for (const c of checks) {
    if (c.family !== "const" && c.family !== "enum") continue;
    const values: JsonValue[] = c.family === "const" ? [c.value] : c.values;
    allowed = allowed === undefined ? values : allowed.filter((v) => values.some((w) => canonical(w) === canonical(v)));
  }
  return allowed;
}

/** The values several enum types allow together (const/enum of objects and arrays, kept as allOf branches). */
export function valuesOfEnums(types: readonly Type[]): JsonValue[] | undefined {
  let allowed: JsonValue[] | undefined;
  for (const t of types) {
    if (t.kind !== "enum") continue;
    allowed =
      allowed === undefined ? t.values : allowed.filter((v) => t.values.some((w) => canonical(w) === canonical(v)));
  }
  return allowed;
}

/** Allowed values (undefined: any value of the kind), compared as JSON values (objects regardless of key order). */
export function diffValues(b: JsonValue[] | undefined, h: JsonValue[] | undefined, cx: CheckDiff): void {
  if (b === undefined && h === undefined) return;
  if (b === undefined || h === undefined) {
    const list = (b ?? h)!.map(code).join(", ");
    cx.report({
      rule: b === undefined ? "constraint-tightened" : "constraint-loosened",
      message: b === undefined ? `values restricted to ${list}` : `no longer restricted to ${list}`,
      ...(b === undefined ? { keyword: ["enum"] } : {}),
      ...beforeAfter(b, h),
    });
    return;
  }
  const has = (list: JsonValue[], v: JsonValue) => list.some((w) => canonical(w) === canonical(v));
  if (b.length === 1 && h.length === 1) {
    if (!has(b, h[0]!))
      cx.report({
        rule: "const-changed",
        message: `const ${code(b[0])} → ${code(h[0])}`,
        keyword: ["const"],
        before: b[0]!,
        after: h[0]!,
      });
    return;
  }
  for (const v of h)
    if (!has(b, v))
      cx.report({ rule: "enum-value-added", message: `value ${code(v)} added`, keyword: ["enum"], after: v });
  for (const v of b)
    if (!has(h, v))
      cx.report({ rule: "enum-value-removed", message: `value ${code(v)} removed`, keyword: ["enum"], before: v });
}

export const diffStringValues: FamilyDiff<StringType> = (b, h, cx) =>
  diffValues(valuesOfChecks(b.checks), valuesOfChecks(h.checks), cx);

export const diffNumberValues: FamilyDiff<NumberType> = (b, h, cx) =>
  diffValues(valuesOfChecks(b.checks), valuesOfChecks(h.checks), cx);

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
