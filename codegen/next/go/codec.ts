// Decoding and encoding of one IR type in Go: a runtime call, a definition's function, or a helper
// generated for it (named after where it sits: the definition, then parts such as a property or an item).
import { isNullable, nullableOf } from "../ir/query";
import type { ArrayType, BooleanType, Kind, NumberType, ObjectType, Property, StringType, Type } from "../ir/types";
import { goBounds } from "../keywords/bounds";
import { booleanConstFailure, goConst, goEnum, GO_VALUE_CODE } from "../keywords/const-enum";
import { goFormat } from "../keywords/format";
import { goItemsLength } from "../keywords/items-length";
import { goMultipleOf } from "../keywords/multiple-of";
import { goPattern } from "../keywords/pattern";
import { goLength } from "../keywords/string-length";
import { GoContext, goString } from "./context";
import { elementsChecked, treeApplicatorsFn, treeCheckFn } from "./tree";
import { treeWriterFn } from "./write";

export interface TypeCodec {
  /** A Go expression (type *DecodeError) decoding the current value into the pointer expression p. */
  dec(p: string): string;
  /** A Go expression (types []byte, *EncodeError) appending the value expression v at nesting level lvl to b. */
  enc(v: string, lvl: string): string;
}

const KIND_CONST: Record<Kind, string> = {
  object: "wireKindObject",
  array: "wireKindArray",
  string: "wireKindString",
  number: "wireKindNumber",
  boolean: "wireKindBoolean",
  null: "wireKindNull",
};

export function kindsExpr(kinds: readonly Kind[] | undefined): string {
  if (kinds === undefined || kinds.length === 6) return "wireAnyKind";
  return kinds.map((k) => `1<<${KIND_CONST[k]}`).join(" | ");
}

export const kindConst = (k: Kind): string => KIND_CONST[k];

/** Takes the address of a value expression, undoing a leading dereference. */
export function addr(v: string): string {
  return v.startsWith("*") ? v.slice(1) : `&${v}`;
}

/** The codec of t; `ctx` names the helpers generated for it. */
export function typeCodec(g: GoContext, t: Type, ctx: string): TypeCodec {
  if ((t.also ?? []).length > 0) return withApplicators(g, t, ctx);
  switch (t.kind) {
    case "ref": {
      const d = t.decl;
      if (d.constant !== undefined) return typeCodec(g, d.type, ctx);
      const byPtr = d.type.kind === "object" && !g.mapAlias(d);
      return {
        dec: (p) => `${d.names.go.dec}(d, ${p})`,
        enc: (v, lvl) => `${d.names.go.enc}(b, ${byPtr ? addr(v) : v}, ${lvl})`,
      };
    }
    case "string":
    case "integer":
    case "number":
    case "boolean":
      return scalarCodec(g, t, ctx);
    case "null":
      return { dec: (p) => `d.Null(${p})`, enc: (v) => `wireWriteNull(b, ${v})` };
    case "any":
      return {
        dec: (p) => `d.Raw(${p}, ${kindsExpr(t.kinds)})`,
        enc: (v, lvl) => `wireAppendRaw(b, ${v}, ${lvl}, ${kindsExpr(t.kinds)})`,
      };
    case "never":
      return { dec: () => "d.Never()", enc: () => `wireEncodeNever(b)` };
    case "enum":
      return rawChecked(g, t, ctx);
    case "object":
      return isMapLike(t) ? mapCodec(g, t, ctx) : rawChecked(g, t, ctx);
    case "array":
      // a tuple in a typed position is its struct (applicators beside it are checked after it on
      // its tree, as for any shape: the tree validator's order); one that has no typed position (no
      // name: pattern members, values inside applicators) keeps the raw path
      if (t.prefix.length > 0) return g.tupleName(t) !== undefined ? tupleCodec(g, t, ctx) : rawChecked(g, t, ctx);
      return arrayCodec(g, t, ctx);
    case "union":
      if (isNullable(t)) return nullableCodec(g, t, ctx);
      return rawChecked(g, t, ctx);
  }
}

function isMapLike(t: Type): boolean {
  return (
    t.kind === "object" &&
    t.properties.length === 0 &&
    t.patterns.length === 0 &&
    t.extras.kind === "map" &&
    t.checks.length === 0 &&
    (t.also ?? []).length === 0
  );
}

type Scalar = StringType | NumberType | Pick<BooleanType, "kind" | "const" | "enumOfOne">;
const BASE: Record<Scalar["kind"], string> = { string: "string", integer: "int64", number: "float64", boolean: "bool" };
const READ: Record<Scalar["kind"], string> = {
  string: "d.String",
  integer: "d.Int",
  number: "d.Float",
  boolean: "d.Bool",
};
const WRITE: Record<Scalar["kind"], string> = {
  string: "wireAppendString",
  integer: "wireAppendInt",
  number: "wireAppendFloat",
  boolean: "wireWriteBool",
};
const PRECHECK: Record<Scalar["kind"], string | undefined> = {
  string: "wireCheckUTF8",
  integer: "wireCheckInt",
  number: "wireCheckFloat",
  boolean: undefined,
};

/** The family checks of a scalar on `v`, in the IR's order (codegen/SEMANTICS.md). */
export function scalarChecks(t: Scalar): string[] {
  const out: string[] = [];
  if (t.kind === "boolean") {
    if (t.const !== undefined) {
      const f = booleanConstFailure(t);
      out.push(`if v != ${t.const} {`, `\treturn wireFail(${GO_VALUE_CODE[f.code]}, ${goString(f.message)})`, "}");
    }
    return out;
  }
  for (const c of t.checks) {
    switch (c.family) {
      case "const":
        out.push(...goConst(c, t.kind));
        break;
      case "enum":
        out.push(...goEnum(c, t.kind));
        break;
      case "length":
        out.push(...goLength(c));
        break;
      case "pattern":
        out.push(...goPattern(c));
        break;
      case "format":
        out.push(...goFormat(c));
        break;
      case "bounds":
        out.push(...goBounds(c, t.kind as "integer" | "number"));
        break;
      case "multipleOf":
        out.push(...goMultipleOf(c, t.kind as "integer" | "number"));
        break;
    }
    // a check that fails every value (an enum no value of the kind is in) is the last: code after
    // an unconditional return is unreachable (go vet)
    if (failsAlways(out)) break;
  }
  return out;
}

/** Whether check lines end in an unconditional return (a top-level line, not inside a block). */
const failsAlways = (lines: readonly string[]): boolean =>
  lines.length > 0 && lines[lines.length - 1]!.startsWith("return ");

/** The name of a scalar's check helper `func(v base) *DecodeError`, or undefined when it has no check. */
export function scalarCheckHelper(g: GoContext, t: Scalar, ctx: string): string | undefined {
  const checks = scalarChecks(t);
  if (checks.length === 0) return undefined;
  const base = BASE[t.kind];
  return g.helper(`chk_${ctx}`, () =>
    [
      `func chk_${ctx}(v ${base}) *DecodeError {`,
      ...checks.map((l) => "\t" + l),
      ...(failsAlways(checks) ? [] : ["\treturn nil"]),
      "}",
    ].join("\n"),
  );
}

function scalarCodec(g: GoContext, t: Scalar, ctx: string): TypeCodec {
  const base = BASE[t.kind];
  const chk = scalarCheckHelper(g, t, ctx);
  if (chk === undefined) {
    return { dec: (p) => `${READ[t.kind]}((*${base})(${p}))`, enc: (v) => `${WRITE[t.kind]}(b, ${base}(${v}))` };
  }
  const dec = g.helper(`dec_${ctx}`, () =>
    [
      `func dec_${ctx}(d *wireDecoder, v *${base}) *DecodeError {`,
      `\tif err := ${READ[t.kind]}(v); err != nil {`,
      "\t\treturn err",
      "\t}",
      `\treturn ${chk}(*v)`,
      "}",
    ].join("\n"),
  );
  const pre = PRECHECK[t.kind];
  const enc = g.helper(`enc_${ctx}`, () =>
    (t.kind === "string"
      ? // written first (UTF-8 checked as it is escaped), then the constraints: the same first error
        [
          `func enc_${ctx}(b []byte, v ${base}) ([]byte, *EncodeError) {`,
          "\tn := len(b)",
          `\tb, err := ${WRITE[t.kind]}(b, v)`,
          "\tif err != nil {",
          "\t\treturn b, err",
          "\t}",
          `\tif err := ${chk}(v); err != nil {`,
          "\t\treturn b[:n], wireAsEncodeError(err)",
          "\t}",
          "\treturn b, nil",
          "}",
        ]
      : [
          `func enc_${ctx}(b []byte, v ${base}) ([]byte, *EncodeError) {`,
          ...(pre !== undefined ? [`\tif err := ${pre}(v); err != nil {`, "\t\treturn b, err", "\t}"] : []),
          `\tif err := ${chk}(v); err != nil {`,
          "\t\treturn b, wireAsEncodeError(err)",
          "\t}",
          `\treturn ${WRITE[t.kind]}(b, v)`,
          "}",
        ]
    ).join("\n"),
  );
  return { dec: (p) => `${dec}(d, (*${base})(${p}))`, enc: (v) => `${enc}(b, ${base}(${v}))` };
}

function arrayCodec(g: GoContext, t: ArrayType, ctx: string): TypeCodec {
  const itemType = t.items ?? ({ kind: "any", origin: t.origin } as Type);
  // type names are computed where they are printed (inside each helper), so that values.go records its imports
  const elemType = () => g.goType(itemType);
  const tree: ArrayType["checks"] = t.checks.filter((c) => c.family === "unique" || c.family === "contains");
  if (tree.length > 0) {
    // uniqueItems and contains look at all the elements at once: checked on the array's tree, after its elements
    const shape = arrayCodec(g, { ...t, checks: t.checks.filter((c) => !tree.includes(c)) }, `${ctx}_Shape`);
    const elements: ArrayType = { kind: "array", origin: t.origin, prefix: [], checks: tree as ArrayType["checks"] };
    elementsChecked.add(elements);
    const check = treeCheckFn(g, elements, `${ctx}_Elements`);
    return wrapTreeCheck(g, shape, () => `[]${elemType()}`, check, ctx);
  }
  const item = typeCodec(g, itemType, `${ctx}_Item`);
  const length = t.checks.flatMap((c) => (c.family === "items-length" ? goItemsLength(c) : []));
  const dec = g.helper(`dec_${ctx}`, () => {
    const elem = elemType();
    const L = [`func dec_${ctx}(d *wireDecoder, v *[]${elem}) *DecodeError {`];
    L.push(
      "\tif !d.ArrayStart() {",
      '\t\treturn d.NotEntered("array")',
      "\t}",
      // the first elements on the stack: one allocation, of the exact length, for a short array
      `\tvar small [4]${elem}`,
      "\tout := small[:0]",
      "\tvar first *DecodeError",
      "\tn := 0",
    );
    L.push("\tfor d.NextElement() {", "\t\tif first != nil {", "\t\t\td.Skip()", "\t\t} else {", `\t\t\tvar x ${elem}`);
    L.push(
      `\t\t\tif err := ${item.dec("&x")}; err != nil {`,
      "\t\t\t\tfirst = err.at(n)",
      "\t\t\t}",
      "\t\t\tout = append(out, x)",
      "\t\t}",
      "\t\tn++",
      "\t}",
    );
    L.push(...length.map((l) => "\t" + l));
    L.push(
      "\tif first != nil {",
      "\t\treturn first",
      "\t}",
      `\t*v = append(make([]${elem}, 0, len(out)), out...)`,
      "\treturn nil",
      "}",
    );
    return L.join("\n");
  });
  const enc = g.helper(`enc_${ctx}`, () => {
    const elem = elemType();
    const L = [`func enc_${ctx}(b []byte, v []${elem}, lvl int) ([]byte, *EncodeError) {`, ...ENC_DEPTH];
    if (length.length > 0)
      L.push("\tn := len(v)", ...length.map((l) => "\t" + l.replace(/return wireFail\(/, "return b, wireEncodeFail(")));
    L.push(
      "\tb = append(b, '[')",
      "\tfor i := range v {",
      "\t\tif i > 0 {",
      "\t\t\tb = append(b, ',')",
      "\t\t}",
      "\t\tvar err *EncodeError",
    );
    L.push(
      `\t\tif b, err = ${item.enc("v[i]", "lvl+1")}; err != nil {`,
      "\t\t\treturn b, err.at(i)",
      "\t\t}",
      "\t}",
      "\treturn append(b, ']'), nil",
      "}",
    );
    return L.join("\n");
  });
  return { dec: (p) => `${dec}(d, ${p})`, enc: (v, lvl) => `${enc}(b, ${v}, ${lvl})` };
}

/** The Go struct fields of a tuple's prefix elements and of its rest (codegen/SEMANTICS.md, "Go types of tuples"). */
export interface TupleField {
  /** Item1, Item2, ...: the element at index i is Item<i+1>, as the hoist pass names an element's type. */
  name: string;
  type: Type;
  /** Within minItems: always written (a field by value unless nilable). */
  required: boolean;
}

export function tupleFields(t: ArrayType): { items: TupleField[]; rest: Type | undefined } {
  const min = Math.max(0, ...t.checks.map((c) => (c.family === "items-length" ? (c.min ?? 0) : 0)));
  const items = t.prefix.map((type, i) => ({ name: `Item${i + 1}`, type, required: i < min }));
  const max = Math.min(...t.checks.map((c) => (c.family === "items-length" ? (c.max ?? Infinity) : Infinity)));
  const rest = t.items ?? ({ kind: "any", origin: t.origin } as Type);
  // no Rest when no element may follow the prefix: items false, or maxItems within the prefix
  // (an element past it is a length error, which comes before its own)
  return { items, rest: rest.kind === "never" || max <= t.prefix.length ? undefined : rest };
}

/** The Go type of a tuple element's field: optional ones are pointers unless nil is their zero value (as optional properties). */
export function tupleFieldType(g: GoContext, f: TupleField): string {
  return g.fieldType({ required: f.required, type: f.type } as Property);
}

/**
 * A tuple as its struct: each prefix element decoded into its field as it comes (an absent
 * optional one stays nil), the elements after the prefix into Rest (or forbidden: items false),
 * the first element error kept while the others are skipped, then minItems/maxItems, which come
 * first, as in the tree validator (tree.ts array) and the TypeScript check.
 */
function tupleCodec(g: GoContext, t: ArrayType, ctx: string): TypeCodec {
  const name = () => g.tupleName(t)!;
  const whole: ArrayType["checks"] = t.checks.filter((c) => c.family === "unique" || c.family === "contains");
  if (whole.length > 0) {
    // uniqueItems and contains look at all the elements at once: checked on the array's tree, after its elements
    const bare: ArrayType = { ...t, checks: t.checks.filter((c) => !whole.includes(c)) };
    g.sameTuple(bare, t);
    const shape = tupleCodec(g, bare, `${ctx}_Shape`);
    const elements: ArrayType = { kind: "array", origin: t.origin, prefix: [], checks: whole as ArrayType["checks"] };
    elementsChecked.add(elements);
    const check = treeCheckFn(g, elements, `${ctx}_Elements`);
    return wrapTreeCheck(g, shape, name, check, ctx);
  }
  const { items, rest } = tupleFields(t);
  const codecs = items.map((f, i) => typeCodec(g, f.type, `${ctx}_Item${i + 1}`));
  const restCodec = rest === undefined ? undefined : typeCodec(g, rest, `${ctx}_Item`);
  const length = t.checks.flatMap((c) => (c.family === "items-length" ? goItemsLength(c) : []));
  const dec = g.helper(`dec_${ctx}`, () => {
    const L = [
      `func dec_${ctx}(d *wireDecoder, v *${name()}) *DecodeError {`,
      "\tif !d.ArrayStart() {",
      '\t\treturn d.NotEntered("array")',
      "\t}",
      `\t*v = ${name()}{}`,
      "\tvar first *DecodeError",
      "\tn := 0",
      "\tfor d.NextElement() {",
      "\t\tif first != nil {",
      "\t\t\td.Skip()",
      "\t\t\tn++",
      "\t\t\tcontinue",
      "\t\t}",
      "\t\tvar err *DecodeError",
      "\t\tswitch n {",
    ];
    items.forEach((f, i) => {
      L.push(`\t\tcase ${i}:`);
      const field = `v.${f.name}`;
      const pointer = g.pointerField({ required: f.required, type: f.type } as Property);
      if (pointer) L.push(`\t\t\t${field} = new(${g.goType(f.type)})`, `\t\t\terr = ${codecs[i]!.dec(field)}`);
      else L.push(`\t\t\terr = ${codecs[i]!.dec(`&${field}`)}`);
    });
    L.push("\t\tdefault:");
    // past the prefix with no Rest: items false (forbidden), or past maxItems (length, checked below, wins)
    if (restCodec === undefined) L.push("\t\t\terr = d.Never()");
    else
      L.push(
        `\t\t\tvar x ${g.goType(rest!)}`,
        `\t\t\terr = ${restCodec.dec("&x")}`,
        "\t\t\tv.Rest = append(v.Rest, x)",
      );
    L.push("\t\t}", "\t\tif err != nil {", "\t\t\tfirst = err.at(n)", "\t\t}", "\t\tn++", "\t}");
    L.push(...length.map((l) => "\t" + l), "\treturn first", "}");
    return L.join("\n");
  });
  const enc = g.helper(`enc_${ctx}`, () => {
    const L = [`func enc_${ctx}(b []byte, v ${name()}, lvl int) ([]byte, *EncodeError) {`, ...ENC_DEPTH];
    const types = items.map((f) => g.peek(() => tupleFieldType(g, f)));
    // the elements present: a prefix without gaps, then Rest (only after the whole prefix)
    const present = items.map((f, i) => {
      const ft = types[i]!;
      const nilIsAbsent = !f.required || ft.startsWith("*") || (g.nilable(f.type) && !ft.startsWith("[]"));
      return nilIsAbsent ? `v.${f.name} != nil` : "true";
    });
    L.push(`\tpresent := [${items.length}]bool{${present.join(", ")}}`);
    L.push(
      "\tn := 0",
      "\tfor n < len(present) && present[n] {",
      "\t\tn++",
      "\t}",
      "\tfor i := n; i < len(present); i++ {",
      "\t\tif present[i] {",
      '\t\t\treturn b, wireEncodeFail(wireCodeLength, "tuple element absent before a present one").at(n)',
      "\t\t}",
      "\t}",
    );
    if (rest !== undefined)
      L.push(
        "\tif len(v.Rest) > 0 && n < len(present) {",
        '\t\treturn b, wireEncodeFail(wireCodeLength, "tuple element absent before the rest items").at(n)',
        "\t}",
        "\tn += len(v.Rest)",
      );
    L.push(...length.map((l) => "\t" + l.replace(/return wireFail\(/, "return b, wireEncodeFail(")));
    L.push("\tb = append(b, '[')", "\tvar err *EncodeError");
    items.forEach((f, i) => {
      const val = types[i]!.startsWith("*") ? `*v.${f.name}` : `v.${f.name}`;
      L.push(
        `\tif !present[${i}] {`,
        "\t\treturn append(b, ']'), nil",
        "\t}",
        ...(i > 0 ? ["\tb = append(b, ',')"] : []),
        `\tif b, err = ${codecs[i]!.enc(val, "lvl+1")}; err != nil {`,
        `\t\treturn b, err.at(${i})`,
        "\t}",
      );
    });
    if (restCodec !== undefined)
      L.push(
        "\tfor i, x := range v.Rest {",
        "\t\tb = append(b, ',')",
        `\t\tif b, err = ${restCodec.enc("x", "lvl+1")}; err != nil {`,
        `\t\t\treturn b, err.at(${items.length} + i)`,
        "\t\t}",
        "\t}",
      );
    L.push("\treturn append(b, ']'), nil", "}");
    return L.join("\n");
  });
  return { dec: (p) => `${dec}(d, ${p})`, enc: (v, lvl) => `${enc}(b, ${v}, ${lvl})` };
}

/** The first lines of a container's encoder: deeper than the limit is the decoder's depth error. */
const ENC_DEPTH = ["\tif lvl > wireMaxDepth {", "\t\treturn b, wireEncodeDepth()", "\t}"];

/** A codec whose values are also checked as a whole on their tree (after the shape, decoding and encoding). */
function wrapTreeCheck(g: GoContext, shape: TypeCodec, goT: () => string, check: string, ctx: string): TypeCodec {
  const shapeDec = g.helper(`dec_${ctx}_Inner`, () =>
    [`func dec_${ctx}_Inner(d *wireDecoder, v *${goT()}) *DecodeError {`, `\treturn ${shape.dec("v")}`, "}"].join("\n"),
  );
  const dec = g.helper(`dec_${ctx}`, () => treeThen(`dec_${ctx}`, goT(), shapeDec, check));
  const enc = g.helper(`enc_${ctx}`, () =>
    [
      `func enc_${ctx}(b []byte, v ${goT()}, lvl int) ([]byte, *EncodeError) {`,
      "\tstart := len(b)",
      "\tvar err *EncodeError",
      `\tif b, err = ${shape.enc("v", "lvl")}; err != nil {`,
      "\t\treturn b, err",
      "\t}",
      `\treturn b, wireCheckWritten(b[start:], lvl, ${check})`,
      "}",
    ].join("\n"),
  );
  return { dec: (p) => `${dec}(d, ${p})`, enc: (v, lvl) => `${enc}(b, ${v}, ${lvl})` };
}

/** An object that is only a map of typed values (an OrderedMap), in property order. */
function mapCodec(g: GoContext, t: ObjectType, ctx: string): TypeCodec {
  const valueType = (t.extras as { kind: "map"; type: Type }).type;
  const item = typeCodec(g, valueType, `${ctx}_Value`);
  const dec = g.helper(`dec_${ctx}`, () =>
    [
      `func dec_${ctx}(d *wireDecoder, v *OrderedMap[${g.goType(valueType)}]) *DecodeError {`,
      "\tif !d.ObjectStart() {",
      '\t\treturn d.NotEntered("object")',
      "\t}",
      "\tvar errs wireMemberErrs",
      "\tfor d.NextMember() {",
      "\t\tkey := string(d.Key())",
      "\t\tif d.KeyBad() {",
      "\t\t\td.Skip()",
      '\t\t\terrs.Set(key, wireFail(wireCodeUTF8, "object key holds an unpaired UTF-16 surrogate"), true)',
      "\t\t\tcontinue",
      "\t\t}",
      `\t\tvar x ${g.goType(valueType)}`,
      `\t\te := ${item.dec("&x")}`,
      "\t\tv.Set(key, x)",
      "\t\terrs.Set(key, e, false)",
      "\t}",
      "\treturn errs.First()",
      "}",
    ].join("\n"),
  );
  const enc = g.helper(`enc_${ctx}`, () =>
    [
      `func enc_${ctx}(b []byte, v OrderedMap[${g.goType(valueType)}], lvl int) ([]byte, *EncodeError) {`,
      ...ENC_DEPTH,
      "\tb = append(b, '{')",
      "\tfirst := true",
      "\tfor key, x := range wireMapOrder(&v) {",
      "\t\tif err := wireCheckUTF8(key); err != nil {",
      "\t\t\treturn b, err",
      "\t\t}",
      "\t\tif !first {",
      "\t\t\tb = append(b, ',')",
      "\t\t}",
      "\t\tfirst = false",
      "\t\tb = wireAppendQuoted(b, key)",
      "\t\tb = append(b, ':')",
      "\t\tvar err *EncodeError",
      `\t\tif b, err = ${item.enc("x", "lvl+1")}; err != nil {`,
      "\t\t\treturn b, err.in(key)",
      "\t\t}",
      "\t}",
      "\treturn append(b, '}'), nil",
      "}",
    ].join("\n"),
  );
  return { dec: (p) => `${dec}(d, ${p})`, enc: (v, lvl) => `${enc}(b, ${v}, ${lvl})` };
}

function nullableCodec(g: GoContext, t: Type & { kind: "union" }, ctx: string): TypeCodec {
  const other = nullableOf(t);
  const inner = typeCodec(g, other, `${ctx}_Value`);
  // a definition that contains itself is held by pointer (Nullable[*T])
  const pointer = g.peek(() => g.elementType(other)).startsWith("*");
  const dec = g.helper(`dec_${ctx}`, () =>
    [
      `func dec_${ctx}(d *wireDecoder, v *${g.goType(t)}) *DecodeError {`,
      "\tif d.Kind() == wireKindNull {",
      "\t\tv.Valid = false",
      "\t\tvar n Null",
      "\t\treturn d.Null(&n)",
      "\t}",
      "\tv.Valid = true",
      ...(pointer
        ? [`\tv.Value = new(${g.goType(other)})`, `\treturn ${inner.dec("v.Value")}`]
        : [`\treturn ${inner.dec("&v.Value")}`]),
      "}",
    ].join("\n"),
  );
  const enc = g.helper(`enc_${ctx}`, () =>
    [
      `func enc_${ctx}(b []byte, v ${g.goType(t)}, lvl int) ([]byte, *EncodeError) {`,
      "\tif !v.Valid {",
      "\t\treturn wireAppendNull(b), nil",
      "\t}",
      `\treturn ${inner.enc(pointer ? "*v.Value" : "v.Value", "lvl")}`,
      "}",
    ].join("\n"),
  );
  return { dec: (p) => `${dec}(d, ${p})`, enc: (v, lvl) => `${enc}(b, ${v}, ${lvl})` };
}

/**
 * A value kept as its raw bytes (json.RawMessage) and checked as a whole by its tree validator; one
 * whose schema orders members (a tuple of objects) is written again in schema order (write.ts).
 */
function rawChecked(g: GoContext, t: Type, ctx: string): TypeCodec {
  const check = treeCheckFn(g, t, ctx);
  const write = treeWriterFn(g, t, ctx);
  return {
    dec: (p) => `d.RawChecked(${p}, ${check})`,
    enc: (v, lvl) =>
      write === undefined
        ? `wireAppendRawChecked(b, ${v}, ${lvl}, ${check})`
        : `wireAppendRawOrdered(b, ${v}, ${lvl}, ${check}, ${write})`,
  };
}

/** A type with applicators: its shape decoded (or encoded) as usual, then the applicators checked on the value's tree. */
function withApplicators(g: GoContext, t: Type, ctx: string): TypeCodec {
  const bare = withoutAlso(g, t);
  const shape = typeCodec(g, bare, `${ctx}_Shape`);
  const check = treeApplicatorsFn(g, t, `${ctx}_Also`);
  return wrapTreeCheck(g, shape, () => g.goType(bare), check, `${ctx}_Checked`);
}

/**
 * A decoder that parses the value into a tree, decodes it (from the tree's start) with `shape`,
 * then checks the tree with `check`: shape errors first, then what the tree validator finds.
 */
export function treeThen(name: string, goT: string, shape: string, check: string): string {
  return [
    `func ${name}(d *wireDecoder, v *${goT}) *DecodeError {`,
    "\tt, err := d.Tree()",
    "\tif err != nil {",
    "\t\treturn err",
    "\t}",
    "\tsub := d.Sub(t)",
    `\tif err := ${shape}(&sub, v); err != nil {`,
    "\t\treturn err",
    "\t}",
    `\treturn ${check}(t)`,
    "}",
  ].join("\n");
}

function withoutAlso(g: GoContext, t: Type): Type {
  const copy = { ...t } as Type;
  delete copy.also;
  g.sameTuple(copy, t);
  return copy;
}
