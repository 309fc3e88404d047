// Tree validators: the checks of a value parsed into a tree (runtime: wireValue), for everything the
// streaming decoder does not check on its way (applicators, unions by their exact meaning, values
// kept raw). They mirror codegen/next/ts/check.ts statement by statement, so that both languages
// give the same first error: same order, same codes, same pointers (relative, prefixed on return).
import { dispatchLeaves, isNullable, nullableOf } from "../ir/query";
import type { Applicator, ArrayType, Dispatch, Kind, ObjectType, Property, Type, UnionType } from "../ir/types";
import { canonOf } from "../ts/values";
import { kindMask } from "../ts/kinds";
import { scalarCheckHelper } from "./codec";
import { GoContext, goString } from "./context";
import { exactPart } from "../ir/words";
import { booleanConstFailure, GO_VALUE_CODE } from "../keywords/const-enum";

const isUnevaluated = (a: Applicator): boolean =>
  a.family === "unevaluatedProperties" || a.family === "unevaluatedItems";
const KIND: Record<Kind, string> = {
  object: "wireKindObject",
  array: "wireKindArray",
  string: "wireKindString",
  number: "wireKindNumber",
  boolean: "wireKindBoolean",
  null: "wireKindNull",
};
const ret = (e: string): string[] => [`if err := ${e}; err != nil {`, "\treturn err", "}"];

/**
 * Array types whose elements the streaming decoder has checked already (the validators of uniqueItems
 * and contains beside a shape, codec.ts): their tree validator does not walk the elements again.
 */
export const elementsChecked = new WeakSet<ArrayType>();

/**
 * The place of a property's helpers under its object's: "P_" and its local name, which no other part
 * begins with (its Go field could spell one, such as Value, the extra members' part).
 */
export const propertyPart = (p: Property): string => `P_${p.names.local}`;

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

/** A tree validator of applicators only (the shape is checked by the streaming decoder already). */
export function treeApplicatorsFn(g: GoContext, t: Type, ctx: string): string {
  const name = `val_${ctx}`;
  const also = t.also ?? [];
  return g.helper(name, () => {
    // unevaluated* needs what the shape evaluated too: then the whole value is checked on its tree
    const checks = new TreeChecks(g, ctx);
    const body = also.some(isUnevaluated) ? checks.body(t, "v", undefined) : checks.applicators(also, "v");
    return [`func ${name}(v *wireValue) *DecodeError {`, ...body.map((l) => "\t" + l), "\treturn nil", "}"].join("\n");
  });
}

/** The body of a definition's tree validator (and of its recording form with `ev`). */
export function declTreeBody(g: GoContext, t: Type, name: string, ev?: string): string[] {
  return new TreeChecks(g, name).body(t, "v", ev);
}

class TreeChecks {
  constructor(
    private readonly g: GoContext,
    private readonly ctx: string,
  ) {}

  /** The checks of the same value at a nested place: helpers get names of their own. */
  private at(part: string): TreeChecks {
    return new TreeChecks(this.g, `${this.ctx}_${part}`);
  }

  private fn(t: Type, part: string, tracking = false): string {
    return treeCheckFn(this.g, t, `${this.ctx}_${part}`, tracking);
  }

  /** The applicators alone; with unevaluated* among them the shape's own evaluation is recorded first. */
  applicators(also: readonly Applicator[], v: string): string[] {
    return this.body({ kind: "any", origin: { file: "", pointer: "" }, also: [...also] }, v, undefined, true);
  }

  /** Statements checking the tree value `v`; each failure returns (relative pointer). */
  body(t: Type, v: string, ev: string | undefined, noShape = false): string[] {
    const also = t.also ?? [];
    const shape = (record: string | undefined) => (noShape ? [] : this.shape(t, v, record));
    if (!also.some(isUnevaluated)) return [...shape(ev), ...also.flatMap((a, i) => this.applicator(a, v, ev, i))];
    const local = ev === undefined ? "ev" : `${ev.replace(/^&/, "")}2`;
    const out = ["{", `\tvar ${local} wireEv`];
    out.push(
      ...[...shape(`&${local}`), ...also.flatMap((a, i) => this.applicator(a, v, `&${local}`, i))].map((l) => "\t" + l),
    );
    if (ev !== undefined) out.push(`\twireEvAll(${v}, ${ev})`);
    out.push("}");
    return out;
  }

  private shape(t: Type, v: string, ev: string | undefined): string[] {
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
        const out = ret(`wireTreeString(${v})`);
        const chk = scalarCheckHelper(this.g, t, this.ctx);
        if (chk !== undefined) out.push(...ret(`${chk}(${v}.Str)`));
        return out;
      }
      case "integer": {
        const out = ret(`wireTreeInteger(${v})`);
        const chk = scalarCheckHelper(this.g, t, this.ctx);
        if (chk !== undefined) out.push(...ret(`${chk}(int64(${v}.Num))`));
        return out;
      }
      case "number": {
        const out = ret(`wireTreeNumber(${v})`);
        const chk = scalarCheckHelper(this.g, t, this.ctx);
        if (chk !== undefined) out.push(...ret(`${chk}(${v}.Num)`));
        return out;
      }
      case "boolean": {
        const out = ret(`wireTreeKind(${v}, wireKindBoolean)`);
        if (t.const !== undefined) {
          const f = booleanConstFailure(t);
          out.push(
            `if ${v}.True != ${t.const} {`,
            `\treturn wireFail(${GO_VALUE_CODE[f.code]}, ${goString(f.message)})`,
            "}",
          );
        }
        return out;
      }
      case "null":
        return ret(`wireTreeKind(${v}, wireKindNull)`);
      case "any":
        return ret(`wireFreeTree(${v}, ${kindsOf(t.kinds)})`);
      case "never":
        return ret(`wireNever(${v})`);
      case "enum":
        return ret(
          `wireOneOfValues(${v}, []string{${t.values.map((x) => goString(canonOf(x))).join(", ")}}, ${GO_VALUE_CODE[t.code]})`,
        );
      case "array":
        return this.array(t, v, ev);
      case "object":
        return this.object(t, v, ev);
      case "union":
        return this.union(t, v, ev, "Variant");
    }
  }

  private applicator(a: Applicator, v: string, ev: string | undefined, i: number): string[] {
    const tracking = ev !== undefined;
    switch (a.family) {
      case "allOf":
        return this.at(`All${i}`).body(a.type, v, ev);
      case "union":
        return this.union(a.union, v, ev, `Also${i}_`);
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
    const out = ret(`wireTreeKind(${v}, wireKindArray)`);
    for (const c of t.checks) {
      if (c.family !== "items-length") continue;
      if (c.min !== undefined)
        out.push(
          `if len(${v}.Kids) < ${c.min} {`,
          `\treturn wireFail(wireCodeLength, "array of too few items, expected at least ${c.min}")`,
          "}",
        );
      if (c.max !== undefined)
        out.push(
          `if len(${v}.Kids) > ${c.max} {`,
          `\treturn wireFail(wireCodeLength, "array of too many items, expected at most ${c.max}")`,
          "}",
        );
    }
    // every element is checked: those of no schema as free-form values (depth, lone surrogates,
    // non-finite numbers), as the TypeScript checks do
    const rest = () => (t.items !== undefined ? this.fn(t.items, "Item") : "wireFreeAny");
    if (elementsChecked.has(t)) {
      // the decoder's shape checked them
    } else if (t.prefix.length === 0)
      out.push(
        `for i := range ${v}.Kids {`,
        `\tif err := ${rest()}(&${v}.Kids[i]); err != nil {`,
        "\t\treturn err.at(i)",
        "\t}",
        "}",
      );
    else {
      out.push(`for i := range ${v}.Kids {`, "\tvar err *DecodeError", "\tswitch {");
      t.prefix.forEach((x, n) =>
        out.push(`\tcase i == ${n}:`, `\t\terr = ${this.fn(x, `Item${n + 1}`)}(&${v}.Kids[i])`),
      );
      out.push("\tdefault:", `\t\terr = ${rest()}(&${v}.Kids[i])`);
      out.push("\t}", "\tif err != nil {", "\t\treturn err.at(i)", "\t}", "}");
    }
    for (const [ci, c] of t.checks.entries()) {
      if (c.family === "unique") out.push(...ret(`wireUnique(${v})`));
      if (c.family === "contains")
        out.push(
          ...ret(
            `wireContains(${v}, ${this.fn(c.type, `Contains${ci}`)}, ${c.min}, ${c.max ?? -1}, ${ev !== undefined && c.evaluates ? ev : "nil"})`,
          ),
        );
    }
    if (ev !== undefined) out.push(`wireEvItems(${v}, ${ev}, ${t.prefix.length}, ${t.items !== undefined})`);
    return out;
  }

  private object(t: ObjectType, v: string, ev: string | undefined): string[] {
    const out = ret(`wireTreeKind(${v}, wireKindObject)`);
    const declared = t.properties.map((p) => goString(p.name));
    const known =
      declared.length === 0
        ? "func(string) bool { return false }"
        : `func(k string) bool { return ${declared.map((n) => `k == ${n}`).join(" || ")} }`;
    const patterns =
      t.patterns.length === 0
        ? "nil"
        : `func(k string) bool { return ${t.patterns.map((pp) => `${pp.pattern.name}.MatchString(k)`).join(" || ")} }`;
    if (t.extras.kind === "reject") {
      const allowed =
        t.patterns.length === 0 ? known : `func(k string) bool { return (${known})(k) || (${patterns})(k) }`;
      out.push(...ret(`wireClosedTree(${v}, ${allowed})`));
    }
    for (const p of t.properties)
      if (p.required)
        out.push(`if ${v}.Get(${goString(p.name)}) == nil {`, `\treturn wireMissing(${goString(p.name)})`, "}");
    for (const c of t.checks) {
      if (c.family !== "dependentRequired") continue;
      out.push(`if ${v}.Get(${goString(c.key)}) != nil {`);
      for (const r of c.required)
        out.push(`\tif ${v}.Get(${goString(r)}) == nil {`, `\t\treturn wireMissing(${goString(r)})`, "\t}");
      out.push("}");
    }
    for (const [ci, c] of t.checks.entries()) {
      if (c.family === "size") out.push(...ret(`wireSizeCheck(${v}, ${c.min ?? -1}, ${c.max ?? -1})`));
      if (c.family === "propertyNames") out.push(...ret(`wirePropertyNames(${v}, ${this.fn(c.type, `Names${ci}`)})`));
    }
    for (const p of t.properties) {
      const checks = [
        this.fn(p.type, propertyPart(p)),
        ...(p.patterns ?? []).map((i) => this.fn(t.patterns[i]!.type, `Match${i}`)),
      ];
      out.push(`if x := ${v}.Get(${goString(p.name)}); x != nil {`);
      for (const c of checks)
        out.push(`\tif err := ${c}(x); err != nil {`, `\t\treturn err.in(${goString(p.name)})`, "\t}");
      out.push("}");
    }
    if (t.extras.kind !== "reject" || t.patterns.length > 0) out.push(...this.extraMembers(t, v, known));
    for (const [ci, c] of t.checks.entries()) {
      if (c.family === "dependentSchemas") {
        out.push(
          `if ${v}.Get(${goString(c.key)}) != nil {`,
          ...this.at(`Dep${ci}_${exactPart(c.key)}`)
            .body(c.type, v, ev)
            .map((l) => "\t" + l),
          "}",
        );
      }
    }
    if (ev !== undefined) {
      // a key only required (Property.undeclared) is evaluated by no keyword of this object
      const own = t.properties.filter((p) => p.undeclared !== true).map((p) => goString(p.name));
      const evaluated =
        own.length === declared.length
          ? known
          : own.length === 0
            ? "func(string) bool { return false }"
            : `func(k string) bool { return ${own.map((n) => `k == ${n}`).join(" || ")} }`;
      out.push(
        `wireEvObject(${v}, ${ev}, ${evaluated}, ${patterns === "nil" ? "func(string) bool { return false }" : patterns}, ${t.extras.kind !== "keep" || t.extras.evaluated === true})`,
      );
    }
    return out;
  }

  /** The members no property declares, in property order: pattern properties, then map or free-form values. */
  private extraMembers(t: ObjectType, v: string, known: string): string[] {
    if (t.patterns.length === 0 && t.extras.kind === "keep") return ret(`wireExtrasTree(${v}, ${known})`);
    const fallback =
      t.extras.kind === "map" ? this.fn(t.extras.type, "Value") : t.extras.kind === "keep" ? "wireFreeAny" : undefined;
    const out = [
      `for i := range ${v}.Keys {`,
      `\tk := ${v}.Keys[i].Name`,
      `\tif (${known})(k) {`,
      "\t\tcontinue",
      "\t}",
    ];
    out.push(
      `\tif ${v}.Keys[i].Bad {`,
      '\t\treturn wireFail(wireCodeUTF8, "property name holds an unpaired surrogate")',
      "\t}",
    );
    out.push(`\tx := &${v}.Kids[i]`);
    if (fallback !== undefined && t.patterns.length > 0) out.push("\tmatched := false");
    t.patterns.forEach((pp, i) => {
      out.push(`\tif ${pp.pattern.name}.MatchString(k) {`);
      if (fallback !== undefined) out.push("\t\tmatched = true");
      out.push(
        `\t\tif err := ${this.fn(pp.type, `Match${i}`)}(x); err != nil {`,
        "\t\t\treturn err.in(k)",
        "\t\t}",
        "\t}",
      );
    });
    if (fallback !== undefined) {
      const check = [`if err := ${fallback}(x); err != nil {`, "\treturn err.in(k)", "}"];
      if (t.patterns.length > 0) out.push("\tif !matched {", ...check.map((l) => "\t\t" + l), "\t}");
      else out.push(...check.map((l) => "\t" + l));
    }
    out.push("}");
    return out;
  }

  private union(u: UnionType, v: string, ev: string | undefined, part: string): string[] {
    const tracking = ev !== undefined;
    if (u.dispatch === undefined) {
      const fns = u.variants.map((x, i) => this.fn(x, `${part}${i}`, tracking));
      const kinds = u.variants.map((x) => String(kindMask(x))).join(", ");
      const call = tracking
        ? `wireUnionEv(${v}, ${u.mode === "oneOf"}, []wireCheckEv{${fns.join(", ")}}, []wireKinds{${kinds}}, ${ev})`
        : `wireUnion(${v}, ${u.mode === "oneOf"}, []wireCheck{${fns.join(", ")}}, []wireKinds{${kinds}})`;
      return [`if _, err := ${call}; err != nil {`, "\treturn err", "}"];
    }
    if (isNullable(u)) {
      const other = nullableOf(u);
      return [
        `if ${v}.Kind != wireKindNull {`,
        ...this.at(`${part}Value`)
          .body(other, v, ev)
          .map((l) => "\t" + l),
        "}",
      ];
    }
    const leaves = new Set(dispatchLeaves(u.dispatch));
    const out: string[] = [
      "{",
      `\tk, err := ${pickFn(this.g, u.dispatch, `${this.ctx}_${part}Pick`)}(${v})`,
      "\tif err != nil {",
      "\t\treturn err",
      "\t}",
      "\tswitch k {",
    ];
    u.variants.forEach((x, i) => {
      if (!leaves.has(i)) return;
      out.push(
        `\tcase ${i}:`,
        ...this.at(`${part}Case${i}`)
          .body(x, v, ev)
          .map((l) => "\t\t" + l),
      );
    });
    out.push("\t}", "}");
    return out;
  }
}

function kindsOf(kinds: readonly Kind[] | undefined): string {
  if (kinds === undefined || kinds.length === 6) return "wireAnyKind";
  return kinds.map((k) => `1<<${KIND[k]}`).join(" | ");
}

/**
 * A tree pick function `func(*wireValue) (int, *DecodeError)` of a dispatch: the same decisions and
 * errors as the TypeScript pick functions (codegen/next/ts/check.ts pickBody), relative to the value.
 */
export function pickFn(g: GoContext, d: Dispatch, name: string): string {
  return g.helper(`pick_${name}`, () => {
    const L: string[] = [`func pick_${name}(v *wireValue) (int, *DecodeError) {`];
    const walk = (x: Dispatch, ind: string, present: ReadonlySet<string>): void => {
      const needObject = () =>
        L.push(
          `${ind}if v.Kind != wireKindObject {`,
          `${ind}\treturn -1, wireFail(wireCodeType, "expected object, got "+v.Kind.String())`,
          `${ind}}`,
        );
      switch (x.by) {
        case "leaf":
          L.push(`${ind}return ${x.variant}, nil`);
          return;
        case "none":
          L.push(`${ind}return -1, wireFail(wireCodeUnknownVariant, "the object matches no variant")`);
          return;
        case "kind":
          L.push(`${ind}switch v.Kind {`);
          for (const c of x.cases) {
            L.push(`${ind}case ${KIND[c.kind]}:`);
            walk(c.next, ind + "\t", present);
          }
          L.push(
            `${ind}}`,
            `${ind}return -1, wireFail(wireCodeType, "expected ${x.cases.map((c) => c.kind).join(" or ") || "nothing"}, got "+v.Kind.String())`,
          );
          return;
        case "presence":
          needObject();
          L.push(`${ind}if v.Get(${goString(x.key)}) != nil {`);
          walk(x.present, ind + "\t", new Set([...present, x.key]));
          L.push(`${ind}}`);
          walk(x.absent, ind, present);
          return;
        case "const": {
          needObject();
          L.push(
            `${ind}if x := v.Get(${goString(x.key)}); x == nil {`,
            `${ind}\treturn -1, wireFail(wireCodeUnknownVariant, ${goString(`missing discriminator ${JSON.stringify(x.key)}`)})`,
          );
          L.push(`${ind}} else {`, `${ind}\tswitch {`);
          for (const c of x.cases) {
            L.push(`${ind}\tcase ${treeIs("x", c.value)}:`);
            walk(c.next, ind + "\t\t", new Set([...present, x.key]));
          }
          L.push(`${ind}\t}`, `${ind}}`);
          L.push(
            `${ind}return -1, wireFail(wireCodeUnknownVariant, ${goString(`the value of ${JSON.stringify(x.key)} matches no variant`)}).in(${goString(x.key)})`,
          );
          return;
        }
      }
    };
    walk(d, "\t", new Set());
    L.push("}");
    return L.join("\n");
  });
}

/** The test that tree value x is the scalar v (as JavaScript's === compares what JSON.parse gives). */
function treeIs(x: string, v: string | number | boolean | null): string {
  if (v === null) return `${x}.Kind == wireKindNull`;
  if (typeof v === "string") return `${x}.Kind == wireKindString && ${x}.Str == ${goString(v)}`;
  if (typeof v === "boolean") return `${x}.Kind == wireKindBoolean && ${x}.True == ${v}`;
  return `${x}.Kind == wireKindNumber && ${x}.Num == ${String(v)}`;
}
