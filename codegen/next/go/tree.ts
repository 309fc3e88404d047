// Tree validators: the checks of a value parsed into a tree (runtime: wireValue), for everything the
// streaming decoder does not check on its way (applicators, unions by their exact meaning, values
// kept raw). They mirror codegen/next/ts/check.ts statement by statement, so that both languages
// give the same first error: same order, same codes, same pointers (relative, prefixed on return).
import { dispatchLeaves, isNullable, kindsAccepted, nullableOf } from "../ir/query";
import type { Applicator, ArrayType, Dispatch, ObjectType, Type, UnionType } from "../ir/types";
import { canonOf } from "../ts/values";
import { KIND_BITS } from "../ts/check";
import { scalarCheckHelper } from "./codec";
import { GoContext, goString } from "./context";

const isUnevaluated = (a: Applicator): boolean =>
  a.family === "unevaluatedProperties" || a.family === "unevaluatedItems";

/** The name of a Go function `func(*wireValue) *DecodeError` checking t (`ctx` names generated helpers). */
export function treeCheckFn(g: GoContext, t: Type, ctx: string, tracking = false): string {
  if (t.kind === "ref" && t.decl.constant === undefined && (t.also ?? []).length === 0) {
    if (tracking) {
      g.trackedDecls.add(t.decl);
      return `valEv${t.decl.name}`;
    }
    g.treeDecls.add(t.decl);
    return `val${t.decl.name}`;
  }
  const name = tracking ? `valEv_${ctx}` : `val_${ctx}`;
  return g.helper(name, () => {
    const body = new TreeChecks(g, ctx).body(t, "v", tracking ? "ev" : undefined);
    const params = tracking ? "v *wireValue, ev *wireEv" : "v *wireValue";
    return [`func ${name}(${params}) *DecodeError {`, ...body.map((l) => "\t" + l), "\treturn nil", "}"].join("\n");
  });
}

/** The body of a definition's tree validator (and of its recording form with `ev`). */
export function declTreeBody(g: GoContext, t: Type, name: string, ev?: string): string[] {
  return new TreeChecks(g, name).body(t, "v", ev);
}

class TreeChecks {
  private n = 0;
  constructor(
    private readonly g: GoContext,
    private readonly ctx: string,
  ) {}

  /** A name for a nested helper, derived from the place and the part ("Item", "Prop_name", ...). */
  private sub(part: string): string {
    return `${this.ctx}_${part}`;
  }

  /** Statements checking the tree value `v`; each failure returns (relative pointer). */
  body(t: Type, v: string, ev: string | undefined): string[] {
    const also = t.also ?? [];
    if (!also.some(isUnevaluated))
      return [...this.shape(t, v, ev), ...also.flatMap((a, i) => this.applicator(a, v, ev, i))];
    const out = ["{", "\tev := wireNewEv()"];
    out.push(
      ...[...this.shape(t, v, "ev"), ...also.flatMap((a, i) => this.applicator(a, v, "ev", i))].map((l) => "\t" + l),
    );
    if (ev !== undefined) out.push(`\twireEvAll(${v}, ${ev})`);
    out.push("}");
    return out;
  }

  private fn(t: Type, part: string, tracking = false): string {
    return treeCheckFn(this.g, t, this.sub(part), tracking);
  }

  private shape(t: Type, v: string, ev: string | undefined): string[] {
    const ret = (e: string) => [`if err := ${e}; err != nil {`, "\treturn err", "}"];
    switch (t.kind) {
      case "ref": {
        const d = t.decl;
        if (d.constant !== undefined) return this.shape(d.type, v, ev);
        if (ev === undefined) {
          this.g.treeDecls.add(d);
          return ret(`val${d.name}(${v})`);
        }
        this.g.trackedDecls.add(d);
        return ret(`valEv${d.name}(${v}, ${ev})`);
      }
      case "string": {
        const out = [
          `if ${v}.kind != wireKindString {`,
          `\treturn wireTreeType(${v}, "string")`,
          "}",
          `if ${v}.bad {`,
          '\treturn wireFail(wireCodeUTF8, "string holds an unpaired UTF-16 surrogate")',
          "}",
        ];
        const chk = scalarCheckHelper(this.g, t, this.ctx);
        if (chk !== undefined) out.push(...ret(`${chk}(${v}.str)`));
        return out;
      }
      case "integer": {
        const out = [`if err := wireTreeInt(${v}); err != nil {`, "\treturn err", "}"];
        const chk = scalarCheckHelper(this.g, t, this.ctx);
        if (chk !== undefined) out.push(...ret(`${chk}(int64(${v}.num))`));
        return out;
      }
      case "number": {
        const out = [`if err := wireTreeNumber(${v}); err != nil {`, "\treturn err", "}"];
        const chk = scalarCheckHelper(this.g, t, this.ctx);
        if (chk !== undefined) out.push(...ret(`${chk}(${v}.num)`));
        return out;
      }
      case "boolean": {
        const out = [`if ${v}.kind != wireKindBoolean {`, `\treturn wireTreeType(${v}, "boolean")`, "}"];
        if (t.const !== undefined)
          out.push(
            `if ${v}.boolean != ${t.const} {`,
            `\treturn wireFail(wireCodeConst, "expected the constant ${t.const}")`,
            "}",
          );
        return out;
      }
      case "null":
        return [`if ${v}.kind != wireKindNull {`, `\treturn wireTreeType(${v}, "null")`, "}"];
      case "any":
        return ret(`wireFreeTree(${v}, ${kindsOf(t.kinds)})`);
      case "never":
        return ['return wireFail(wireCodeForbidden, "no value is allowed here")'];
      case "enum":
        return ret(`wireOneOfValues(${v}, []string{${t.values.map((x) => goString(canonOf(x))).join(", ")}})`);
      case "array":
        return this.array(t, v, ev);
      case "object":
        return this.object(t, v, ev);
      case "union":
        return this.union(t, v, ev);
    }
  }

  private applicator(a: Applicator, v: string, ev: string | undefined, i: number): string[] {
    const ret = (e: string) => [`if err := ${e}; err != nil {`, "\treturn err", "}"];
    const tracking = ev !== undefined;
    switch (a.family) {
      case "allOf":
        return this.body(a.type, v, ev);
      case "union":
        return this.union(a.union, v, ev, `Also${i}`);
      case "not":
        return ret(`wireNot(${v}, ${this.fn(a.type, `Not${i}`)})`);
      case "if": {
        if (!tracking && a.then === undefined && a.else === undefined) return [];
        const fns = [
          this.fn(a.if, `If${i}`, tracking),
          a.then ? this.fn(a.then, `Then${i}`, tracking) : "nil",
          a.else ? this.fn(a.else, `Else${i}`, tracking) : "nil",
        ];
        return ret(tracking ? `wireIfEv(${v}, ${fns.join(", ")}, ${ev})` : `wireIf(${v}, ${fns.join(", ")})`);
      }
      case "unevaluatedProperties":
      case "unevaluatedItems": {
        if (ev === undefined) throw new Error(`generator bug: ${a.family} without an evaluation record`);
        const check = a.type.kind === "never" ? "nil" : this.fn(a.type, `Unevaluated${i}`);
        const f = a.family === "unevaluatedProperties" ? "wireUnevaluatedProperties" : "wireUnevaluatedItems";
        return ret(`${f}(${v}, ${ev}, ${check})`);
      }
    }
  }

  private array(t: ArrayType, v: string, ev: string | undefined): string[] {
    const out = [`if ${v}.kind != wireKindArray {`, `\treturn wireTreeType(${v}, "array")`, "}"];
    for (const c of t.checks) {
      if (c.family !== "items-length") continue;
      const limits = [c.min !== undefined ? `at least ${c.min}` : "", c.max !== undefined ? `at most ${c.max}` : ""]
        .filter((s) => s !== "")
        .join(" and ");
      const conds = [
        c.min !== undefined ? `len(${v}.elems) < ${c.min}` : "",
        c.max !== undefined ? `len(${v}.elems) > ${c.max}` : "",
      ].filter((s) => s !== "");
      out.push(
        `if ${conds.join(" || ")} {`,
        `\treturn wireFail(wireCodeLength, "array must have ${limits} items")`,
        "}",
      );
    }
    if (t.prefix.length > 0 || t.items !== undefined) {
      out.push(`for i, e := range ${v}.elems {`);
      out.push("\tvar err *DecodeError");
      out.push("\tswitch {");
      t.prefix.forEach((x, n) => out.push(`\tcase i == ${n}:`, `\t\terr = ${this.fn(x, `Item${n + 1}`)}(e)`));
      if (t.items !== undefined) out.push("\tdefault:", `\t\terr = ${this.fn(t.items, "Item")}(e)`);
      out.push("\t}", "\tif err != nil {", "\t\treturn err.at(i)", "\t}", "}");
    }
    for (const c of t.checks) {
      if (c.family === "unique") out.push(`if err := wireUnique(${v}); err != nil {`, "\treturn err", "}");
      if (c.family === "contains") {
        const record = ev !== undefined && c.evaluates ? ev : "nil";
        out.push(
          `if err := wireContains(${v}, ${this.fn(c.type, "Contains")}, ${c.min}, ${c.max ?? -1}, ${record}); err != nil {`,
          "\treturn err",
          "}",
        );
      }
    }
    if (ev !== undefined) out.push(`wireEvItems(${v}, ${ev}, ${t.prefix.length}, ${t.items !== undefined})`);
    return out;
  }

  private object(t: ObjectType, v: string, ev: string | undefined): string[] {
    const ret = (e: string) => [`if err := ${e}; err != nil {`, "\treturn err", "}"];
    const out = [`if ${v}.kind != wireKindObject {`, `\treturn wireTreeType(${v}, "object")`, "}"];
    const declared = t.properties.map((p) => goString(p.name));
    const known =
      declared.length === 0
        ? "func(string) bool { return false }"
        : `func(k string) bool { return ${declared.map((n) => `k == ${n}`).join(" || ")} }`;
    const patterns =
      t.patterns.length === 0
        ? "nil"
        : `func(k string) bool { return ${t.patterns.map((pp) => `${pp.pattern.name}.MatchString(k)`).join(" || ")} }`;
    if (t.extras.kind === "reject") out.push(...ret(`wireClosedTree(${v}, ${known}, ${patterns})`));
    for (const p of t.properties)
      if (p.required)
        out.push(`if ${v}.get(${goString(p.name)}) == nil {`, `\treturn wireMissing(${goString(p.name)})`, "}");
    for (const c of t.checks) {
      if (c.family !== "dependentRequired") continue;
      out.push(`if ${v}.get(${goString(c.key)}) != nil {`);
      for (const r of c.required)
        out.push(`\tif ${v}.get(${goString(r)}) == nil {`, `\t\treturn wireMissing(${goString(r)})`, "\t}");
      out.push("}");
    }
    for (const c of t.checks) {
      if (c.family === "size") out.push(...ret(`wireSizeCheck(${v}, ${c.min ?? -1}, ${c.max ?? -1})`));
      if (c.family === "propertyNames") out.push(...ret(`wirePropertyNames(${v}, ${this.fn(c.type, "Names")})`));
    }
    for (const p of t.properties) {
      const part = `P_${p.names.local}`;
      const checks = [
        this.fn(p.type, part),
        ...(p.patterns ?? []).map((i) => this.fn(t.patterns[i]!.type, `Match${i}`)),
      ];
      out.push(`if x := ${v}.get(${goString(p.name)}); x != nil {`);
      for (const c of checks)
        out.push(`\tif err := ${c}(x); err != nil {`, `\t\treturn err.in(${goString(p.name)})`, "\t}");
      out.push("}");
    }
    if (t.extras.kind !== "reject" || t.patterns.length > 0) {
      const fallback =
        t.extras.kind === "map"
          ? this.fn(t.extras.type, "Value")
          : t.extras.kind === "keep"
            ? "func(x *wireValue) *DecodeError { return wireFreeTree(x, wireAnyKind) }"
            : "nil";
      const pats = t.patterns.map((pp, i) => `{${pp.pattern.name}, ${this.fn(pp.type, `Match${i}`)}}`);
      out.push(...ret(`wireExtrasTree(${v}, ${known}, []wirePatternCheck{${pats.join(", ")}}, ${fallback})`));
    }
    for (const c of t.checks) {
      if (c.family === "dependentSchemas") {
        out.push(`if ${v}.get(${goString(c.key)}) != nil {`, ...this.body(c.type, v, ev).map((l) => "\t" + l), "}");
      }
    }
    if (ev !== undefined) {
      const all = t.extras.kind !== "keep" || t.extras.evaluated === true;
      out.push(`wireEvObject(${v}, ${ev}, ${known}, ${patterns}, ${all})`);
    }
    return out;
  }

  private union(u: UnionType, v: string, ev: string | undefined, part = "Variant"): string[] {
    const ret = (e: string) => [`if err := ${e}; err != nil {`, "\treturn err", "}"];
    const tracking = ev !== undefined;
    if (u.dispatch === undefined) {
      const fns = u.variants.map((x, i) => this.fn(x, `${part}${i}`, tracking));
      const expected = [...new Set(u.variants.flatMap((x) => kindsAccepted(x)))].join(" or ") || "nothing";
      const kinds = u.variants.map((x) => kindsAccepted(x).reduce((m, k) => m | KIND_BITS[k], 0));
      const list = tracking
        ? `[]func(*wireValue, *wireEv) *DecodeError{${fns.join(", ")}}`
        : `[]func(*wireValue) *DecodeError{${fns.join(", ")}}`;
      const call = tracking
        ? `wireUnionEv(${v}, ${u.mode === "oneOf"}, ${list}, []uint8{${kinds.join(", ")}}, ${goString(expected)}, ${ev})`
        : `wireUnion(${v}, ${u.mode === "oneOf"}, ${list}, []uint8{${kinds.join(", ")}}, ${goString(expected)})`;
      return [`if _, err := ${call}; err != nil {`, "\treturn err", "}"];
    }
    if (isNullable(u)) {
      const other = nullableOf(u);
      return [`if ${v}.kind != wireKindNull {`, ...this.body(other, v, ev).map((l) => "\t" + l), "}"];
    }
    const leaves = new Set(dispatchLeaves(u.dispatch));
    const out: string[] = [
      "{",
      `\tk, err := wirePick(${v}, ${pickTable(u.dispatch)})`,
      "\tif err != nil {",
      "\t\treturn err",
      "\t}",
      "\tswitch k {",
    ];
    u.variants.forEach((x, i) => {
      if (!leaves.has(i)) return;
      out.push(`\tcase ${i}:`, ...this.body(x, v, ev).map((l) => "\t\t" + l));
    });
    out.push("\t}", "}");
    void ret;
    return out;
  }
}

function kindsOf(kinds: readonly string[] | undefined): string {
  if (kinds === undefined || kinds.length === 6) return "wireAnyKind";
  return kinds.map((k) => `1<<wireKind${k[0]!.toUpperCase()}${k.slice(1)}`).join(" | ");
}

/**
 * The dispatch as data for the runtime's tree pick (wirePick): the same decisions and the same
 * errors as the TypeScript pick functions, read from a small table instead of printed as code.
 */
function pickTable(d: Dispatch): string {
  switch (d.by) {
    case "leaf":
      return `wireLeaf(${d.variant})`;
    case "none":
      return "wireNone()";
    case "kind":
      return `wireByKind(${d.cases.map((c) => `wireKindCase{1 << wireKind${c.kind[0]!.toUpperCase()}${c.kind.slice(1)}, ${pickTable(c.next)}}`).join(", ")})`;
    case "presence":
      return `wireByPresence(${goString(d.key)}, ${pickTable(d.present)}, ${pickTable(d.absent)})`;
    case "const":
      return `wireByConst(${goString(d.key)}, ${d.cases.map((c) => `wireConstCase{${goString(JSON.stringify(c.value))}, ${pickTable(c.next)}}`).join(", ")})`;
  }
}
