// Writers: the canonical JSON text of an already checked value (codegen/SEMANTICS.md, "Encoding").
// JSON.stringify writes every scalar and free-form value canonically ($json: calling no toJSON a
// prototype has), so writers exist only for what it cannot order: objects (schema order, extras
// after) and unions choosing a variant's order. Short strings and constants are cheaper by hand.
import { constOf, isLargeObject, isNullable, LARGE_OBJECT_CHUNK, nullableOf, resolve } from "../ir/query";
import type { Decl, ObjectType, Property, Type, UnionType } from "../ir/types";
import type { Printer } from "../print/printer";
import { reachable } from "./check";
import { filtersArg } from "./filters";
import { variantKinds } from "./kinds";
import { propKey } from "./types";
import { lit } from "./value";

/** Whether JSON.stringify writes values of t canonically. */
export function plain(t: Type, seen: Set<Decl> = new Set()): boolean {
  switch (t.kind) {
    case "ref": {
      const d = t.decl;
      if (d.constant !== undefined) return true;
      if (seen.has(d)) return false;
      seen.add(d);
      return plain(d.type, seen);
    }
    case "object":
      return false;
    case "array":
      return t.prefix.every((x) => plain(x, seen)) && (t.items === undefined || plain(t.items, seen));
    case "union":
      return t.variants.every((v) => plain(v, seen));
    default:
      return true;
  }
}

/** The one JSON text every checked value of t has: a scalar constant's (the check proved the value equal). */
function constantText(t: Type): string | undefined {
  const c = constOf(t);
  return c === undefined ? undefined : JSON.stringify(c.value);
}

/** Whether every checked value of t is a JSON scalar (JSON.stringify calls no toJSON on one). */
function isScalar(t: Type): boolean {
  const r = resolve(t);
  if (r.kind === "union") return r.variants.every(isScalar);
  return (
    r.kind === "string" || r.kind === "integer" || r.kind === "number" || r.kind === "boolean" || r.kind === "null"
  );
}

/** The function writing a checked value of a type JSON.stringify writes canonically (see plain). */
export function plainWriter(t: Type): string {
  return isScalar(t) ? "JSON.stringify" : "$json";
}

/** An expression of the canonical text of the checked value `x` of type t. */
export function writeExpr(t: Type, x: string): string {
  const constant = constantText(t);
  if (constant !== undefined) return lit(constant);
  if (resolve(t).kind === "string") return `$quote(${x})`;
  if (plain(t)) return `${plainWriter(t)}(${x})`;
  switch (t.kind) {
    case "ref":
      return `${t.decl.names.ts.write}(${x})`;
    case "array": {
      const rest = t.items === undefined ? "$json" : writerOf(t.items);
      if (t.prefix.length > 0) return `$writeTuple(${x}, ${rest}, ${t.prefix.map(writerOf).join(", ")})`;
      return `$writeArray(${x}, ${rest})`;
    }
    case "union":
      if (isNullable(t)) {
        // a named writer is passed as it is; anything else stays a conditional (no arrow to make)
        const w = writerOf(nullableOf(t));
        if (!w.startsWith("(")) return `$writeNullable(${x}, ${w})`;
        return `(${x} === null ? "null" : ${writeExpr(nullableOf(t), x)})`;
      }
      throw new Error("generator bug: a union in a typed position is a definition of its own");
    default:
      throw new Error(`generator bug: no writer for ${t.kind}`);
  }
}

/** A function writing a checked value of type t: a writer's name, or an arrow around writeExpr. */
function writerOf(t: Type): string {
  const x = writeExpr(t, "e");
  return /^[\w$.]+\(e\)$/.test(x) ? x.slice(0, -3) : `(e: unknown) => ${x}`;
}

const access = (o: string, name: string): string => (propKey(name) === name ? `${o}.${name}` : `${o}[${lit(name)}]`);

/** The writer function of an object definition. */
export function objectWriter(pr: Printer, d: Decl, t: ObjectType): void {
  pr.block(`function ${d.names.ts.write}(v: unknown): string {`, () => {
    pr.raw("const o = v as $Obj;");
    // The text is built from "{" on, so that no leading comma is taken off at the end: slice would
    // flatten the concatenated text, a copy of every nested member's (large values). Members up to
    // the first required one may be the first written: they choose their comma by whether anything
    // was. (Large objects, and extra members with nothing required before them, take the comma off.)
    const required = t.properties.findIndex((p) => p.required);
    const maybeFirst = required >= 0 ? required : t.properties.length;
    const extras = t.extras.kind !== "reject" || t.patterns.length > 0;
    const opened = !isLargeObject(t) && t.properties.length > 0 && (required >= 0 || !extras);
    const member = (p: Property, at: number) => {
      const name = JSON.stringify(p.name) + ":";
      const value = writeExpr(p.type, access("o", p.name));
      // a constant's text joins its key's literal (where the comma is known)
      const constant = constantText(p.type);
      const text = (comma: string) =>
        constant === undefined ? `${lit(comma + name)} + ${value}` : lit(comma + name + constant);
      const line =
        !opened || at > maybeFirst
          ? `s += ${text(",")};`
          : at === 0
            ? `s += ${text("")};`
            : `s += (s.length === 1 ? ${lit(name)} : ${lit("," + name)}) + ${value};`;
      if (p.required) pr.raw(line);
      else pr.raw(`if ($has(o, ${lit(p.name)})) ${line}`);
    };
    pr.raw(opened ? 'let s = "{";' : 'let s = "";');
    // A large object writes its members in nested functions of a few dozen each (see check.ts).
    if (!isLargeObject(t)) t.properties.forEach(member);
    else
      for (let at = 0; at < t.properties.length; at += LARGE_OBJECT_CHUNK) {
        const part = `members_${t.properties[at]!.names.local}`;
        pr.block(`function ${part}(): string {`, () => {
          pr.raw('let s = "";');
          t.properties.slice(at, at + LARGE_OBJECT_CHUNK).forEach((p) => member(p, -1));
          pr.raw("return s;");
        });
        pr.raw(`s += ${part}();`);
      }
    if (extras) {
      const typed = t.patterns.filter((pp) => !plain(pp.type));
      const fallback = t.extras.kind === "map" ? t.extras.type : undefined;
      if (typed.length === 0 && (fallback === undefined || plain(fallback)))
        pr.raw(`s += $writeExtras(o, ${d.names.ts.known});`);
      else {
        pr.block("for (const key of Object.keys(o)) {", () => {
          pr.raw("const x = o[key];");
          pr.raw(`if (x === undefined || ${d.names.ts.known}(key)) continue;`);
          const value = fallback === undefined ? "$json(x)" : writeExpr(fallback, "x");
          const choices = t.patterns
            .map((pp) => `${pp.pattern.name}.test(key) ? ${writeExpr(pp.type, "x")} : `)
            .join("");
          // an operand of `+`: writeExpr parenthesizes what needs it (a nullable value's conditional)
          pr.raw(`s += "," + JSON.stringify(key) + ":" + ${choices === "" ? value : `(${choices}${value})`};`);
        });
      }
    }
    pr.raw(opened ? 'return s + "}";' : 'return "{" + s.slice(1) + "}";');
  });
}

/** The variant an undiscriminated union's checked value is written as (runtime $which). */
function whichCall(d: Decl, u: UnionType): string {
  return `$which(v, ${d.names.ts.variants}, ${variantKinds(u)}${filtersArg(d, u)})`;
}

/** The writer function of a union definition: the chosen variant's writer. */
export function unionWriter(pr: Printer, d: Decl, u: UnionType): void {
  pr.block(`function ${d.names.ts.write}(v: unknown): string {`, () => {
    if (isNullable(u)) {
      pr.raw(`return ${bare(writeExpr(u, "v"))};`);
      return;
    }
    const pick = u.dispatch !== undefined ? `${d.names.ts.pick}(v, "", false)` : whichCall(d, u);
    const indices = u.dispatch !== undefined ? reachable(u) : u.variants.map((_, i) => i);
    if (indices.length === 0) {
      pr.raw(`${pick};`);
      pr.raw('return "";');
      return;
    }
    pr.block(`switch (${pick}) {`, () => {
      indices.forEach((i, n) => {
        const label = n === indices.length - 1 ? "default:" : `case ${i}:`;
        pr.raw(`${label} return ${bare(writeExpr(u.variants[i]!, "v"))};`);
      });
    });
  });
}

/** An expression without the parentheses around all of it (prettier drops them where it stands alone). */
export function bare(expr: string): string {
  if (!expr.startsWith("(") || !expr.endsWith(")")) return expr;
  let depth = 0;
  let quote = "";
  for (let i = 0; i < expr.length - 1; i++) {
    const c = expr[i]!;
    if (quote !== "") {
      if (c === "\\") i++;
      else if (c === quote) quote = "";
    } else if (c === '"' || c === "'" || c === "`") quote = c;
    else if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return expr;
  }
  return expr.slice(1, -1);
}
