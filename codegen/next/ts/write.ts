// Writers: the canonical JSON text of an already checked value (codegen/SEMANTICS.md, "Encoding").
// JSON.stringify writes every scalar and free-form value canonically, so writers exist only for
// what it cannot order: objects (schema order, extras after) and unions choosing a variant's order.
import { isNullable, nullableOf } from "../ir/query";
import type { Decl, ObjectType, Property, Type, UnionType } from "../ir/types";
import type { Printer } from "../print/printer";
import { kindMask, LARGE_OBJECT, LARGE_OBJECT_CHUNK, reachable } from "./check";
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

/** An expression of the canonical text of the checked value `x` of type t. */
export function writeExpr(t: Type, x: string): string {
  if (plain(t)) return `JSON.stringify(${x})`;
  switch (t.kind) {
    case "ref":
      return `${t.decl.names.ts.write}(${x})`;
    case "array": {
      const rest = t.items === undefined ? "JSON.stringify(e)" : writeExpr(t.items, "e");
      if (t.prefix.length === 0) return `"[" + (${x} as unknown[]).map((e) => ${rest}).join(",") + "]"`;
      const head = t.prefix.map((p, i) => `i === ${i} ? ${writeExpr(p, "e")} : `).join("");
      return `"[" + (${x} as unknown[]).map((e, i) => ${head}${rest}).join(",") + "]"`;
    }
    case "union":
      if (isNullable(t)) return `(${x} === null ? "null" : ${writeExpr(nullableOf(t), x)})`;
      throw new Error("generator bug: a union in a typed position is a definition of its own");
    default:
      throw new Error(`generator bug: no writer for ${t.kind}`);
  }
}

const access = (o: string, name: string): string => (propKey(name) === name ? `${o}.${name}` : `${o}[${lit(name)}]`);

/** The writer function of an object definition. */
export function objectWriter(pr: Printer, d: Decl, t: ObjectType): void {
  pr.block(`function ${d.names.ts.write}(v: unknown): string {`, () => {
    pr.raw("const o = v as $Obj;");
    pr.raw('let s = "";');
    const member = (p: Property) => {
      const line = `s += ${lit("," + JSON.stringify(p.name) + ":")} + ${writeExpr(p.type, access("o", p.name))};`;
      if (p.required) pr.raw(line);
      else pr.raw(`if ($has(o, ${lit(p.name)})) ${line}`);
    };
    // A large object writes its members in nested functions of a few dozen each (see check.ts).
    if (t.properties.length <= LARGE_OBJECT) t.properties.forEach(member);
    else
      for (let at = 0; at < t.properties.length; at += LARGE_OBJECT_CHUNK) {
        const part = `members_${t.properties[at]!.names.local}`;
        pr.block(`function ${part}(): string {`, () => {
          pr.raw('let s = "";');
          t.properties.slice(at, at + LARGE_OBJECT_CHUNK).forEach(member);
          pr.raw("return s;");
        });
        pr.raw(`s += ${part}();`);
      }
    if (t.extras.kind !== "reject" || t.patterns.length > 0) {
      const typed = t.patterns.filter((pp) => !plain(pp.type));
      const fallback = t.extras.kind === "map" ? t.extras.type : undefined;
      if (typed.length === 0 && (fallback === undefined || plain(fallback)))
        pr.raw(`s += $writeExtras(o, ${d.names.ts.known});`);
      else {
        pr.block("for (const key of Object.keys(o)) {", () => {
          pr.raw("const x = o[key];");
          pr.raw(`if (x === undefined || ${d.names.ts.known}(key)) continue;`);
          const choices = t.patterns
            .map((pp) => `${pp.pattern.name}.test(key) ? ${writeExpr(pp.type, "x")} : `)
            .join("");
          pr.raw(
            `s += "," + JSON.stringify(key) + ":" + (${choices}${fallback === undefined ? "JSON.stringify(x)" : writeExpr(fallback, "x")});`,
          );
        });
      }
    }
    pr.raw('return "{" + s.slice(1) + "}";');
  });
}

/** The writer function of a union definition: the chosen variant's writer. */
export function unionWriter(pr: Printer, d: Decl, u: UnionType): void {
  pr.block(`function ${d.names.ts.write}(v: unknown): string {`, () => {
    if (isNullable(u)) {
      pr.raw(`return ${writeExpr(u, "v")};`);
      return;
    }
    const pick =
      u.dispatch !== undefined
        ? `${d.names.ts.pick}(v, "", false)`
        : `$which(v, ${d.names.ts.variants}, [${u.variants.map(kindMask).join(", ")}])`;
    const indices = u.dispatch !== undefined ? reachable(u) : u.variants.map((_, i) => i);
    if (indices.length === 0) {
      pr.raw(`${pick};`);
      pr.raw('return "";');
      return;
    }
    pr.block(`switch (${pick}) {`, () => {
      indices.forEach((i, n) => {
        const label = n === indices.length - 1 ? "default:" : `case ${i}:`;
        pr.raw(`${label} return ${writeExpr(u.variants[i]!, "v")};`);
      });
    });
  });
}
