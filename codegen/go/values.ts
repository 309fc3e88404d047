// Decoding, encoding and constraint checks of one IR type: either a runtime call or a generated helper.
import type { ArrayType, IntegerType, JsonKind, NumberType, StringType, Type } from "../ir/types";
import { GoContext, goFloat, goInt, goString } from "./context";
import { toRE2 } from "./pattern";

const KIND_CONST: Record<JsonKind, string> = {
  object: "wireKindObject",
  array: "wireKindArray",
  string: "wireKindString",
  number: "wireKindNumber",
  boolean: "wireKindBoolean",
  null: "wireKindNull",
};

export interface TypeCodec {
  /** A Go expression (type *DecodeError) decoding the current value into pointer expression p. */
  dec(p: string): string;
  /** A Go expression (types []byte, *EncodeError) appending value expression v at nesting level lvl to b. */
  enc(v: string, lvl: string): string;
}

/** Takes the address of a value expression, undoing a leading dereference. */
export function addr(v: string): string {
  return v.startsWith("*") ? v.slice(1) : `&${v}`;
}

export function kindsExpr(kinds: JsonKind[] | undefined): string {
  if (!kinds || kinds.length === 6) return "wireAnyKind";
  return kinds.map((k) => `1<<${KIND_CONST[k]}`).join(" | ");
}

/** Returns the codec of type t; ctx names the helpers generated for it (unique per type position). */
export function typeCodec(g: GoContext, t: Type, ctx: string): TypeCodec {
  switch (t.kind) {
    case "ref": {
      const d = g.decl(t.name);
      const byPtr = d.type.kind === "object";
      return {
        dec: (p) => `dec${t.name}(d, ${p})`,
        enc: (v, lvl) => `enc${t.name}(b, ${byPtr ? addr(v) : v}, ${lvl})`,
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
      return { dec: (p) => `d.Raw(${p}, ${kindsExpr(t.kinds)})`, enc: (v, lvl) => `wireAppendRaw(b, ${v}, ${lvl}, ${kindsExpr(t.kinds)})` };
    case "array":
      return arrayCodec(g, t, ctx);
    case "object":
    case "union":
      throw new Error(`Go emitter: inline ${t.kind} at ${t.origin.file}#${t.origin.pointer}`);
  }
}

type Scalar = StringType | IntegerType | NumberType | { kind: "boolean"; const?: boolean };

const BASE: Record<Scalar["kind"], string> = { string: "string", integer: "int64", number: "float64", boolean: "bool" };
const READ: Record<Scalar["kind"], string> = { string: "d.String", integer: "d.Int", number: "d.Float", boolean: "d.Bool" };
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

function scalarCodec(g: GoContext, t: Scalar, ctx: string): TypeCodec {
  const base = BASE[t.kind];
  const checks = checkLines(g, t, ctx);
  if (checks.length === 0) {
    return {
      dec: (p) => `${READ[t.kind]}((*${base})(${p}))`,
      enc: (v) => `${WRITE[t.kind]}(b, ${base}(${v}))`,
    };
  }
  const chk = `chk_${ctx}`;
  g.addHelper(chk, [`func ${chk}(v ${base}) *DecodeError {`, ...checks, "\treturn nil", "}"].join("\n"));
  const dec = `dec_${ctx}`;
  g.addHelper(
    dec,
    [
      `func ${dec}(d *wireDecoder, v *${base}) *DecodeError {`,
      `\tif err := ${READ[t.kind]}(v); err != nil {`,
      "\t\treturn err",
      "\t}",
      `\treturn ${chk}(*v)`,
      "}",
    ].join("\n"),
  );
  const enc = `enc_${ctx}`;
  const pre = PRECHECK[t.kind];
  g.addHelper(
    enc,
    [
      `func ${enc}(b []byte, v ${base}) ([]byte, *EncodeError) {`,
      ...(pre ? [`\tif err := ${pre}(v); err != nil {`, "\t\treturn b, err", "\t}"] : []),
      `\tif err := ${chk}(v); err != nil {`,
      "\t\treturn b, wireAsEncodeError(err)",
      "\t}",
      `\treturn ${WRITE[t.kind]}(b, v)`,
      "}",
    ].join("\n"),
  );
  return {
    dec: (p) => `${dec}(d, (*${base})(${p}))`,
    enc: (v) => `${enc}(b, ${base}(${v}))`,
  };
}

function fail(code: string, msg: string): string {
  return `\t\treturn wireFail(wireCode${code}, ${goString(msg)})`;
}

/** The constraint checks of a scalar on `v`, in SEMANTICS order (const, enum, then the rest). */
function checkLines(g: GoContext, t: Scalar, ctx: string): string[] {
  const out: string[] = [];
  if (t.kind === "boolean") {
    if (t.const !== undefined) out.push(`\tif v != ${t.const} {`, fail("Const", `expected the constant ${t.const}`), "\t}");
    return out;
  }
  if (t.kind === "string") {
    if (t.const !== undefined) out.push(`\tif v != ${goString(t.const)} {`, fail("Const", "string is not the expected constant"), "\t}");
    if (t.enum !== undefined) {
      out.push("\tswitch v {", `\tcase ${t.enum.map(goString).join(", ")}:`, "\tdefault:", fail("Enum", "string is not one of the allowed values"), "\t}");
    }
    if (t.minLength !== undefined || t.maxLength !== undefined) {
      const conds: string[] = [];
      if (t.minLength !== undefined && t.minLength > 0) conds.push(`n < ${t.minLength}`);
      if (t.maxLength !== undefined) conds.push(`n > ${t.maxLength}`);
      if (t.minLength === 1 && t.maxLength === undefined) {
        out.push("\tif len(v) == 0 {", fail("Length", "string length must be at least 1 code points"), "\t}");
      } else if (conds.length > 0) {
        const limits = [t.minLength !== undefined ? `at least ${t.minLength}` : "", t.maxLength !== undefined ? `at most ${t.maxLength}` : ""]
          .filter((s) => s !== "")
          .join(" and ");
        out.push(`\tif n := wireRuneCount(v); ${conds.join(" || ")} {`, fail("Length", `string length must be ${limits} code points`), "\t}");
      }
    }
    if (t.pattern !== undefined) {
      const re = g.addHelper(`pat_${ctx}`, `var pat_${ctx} = regexp.MustCompile(${goString(toRE2(t.pattern))})`);
      out.push(`\tif !${re}.MatchString(v) {`, fail("Pattern", "string does not match the pattern"), "\t}");
    }
    return out;
  }
  const lit = (x: number): string => (t.kind === "integer" && Number.isInteger(x) ? goInt(x) : goFloat(x));
  const val = (x: number): string => (t.kind === "integer" && !Number.isInteger(x) ? "float64(v)" : "v");
  if (t.const !== undefined) out.push(`\tif ${val(t.const)} != ${lit(t.const)} {`, fail("Const", "number is not the expected constant"), "\t}");
  if (t.enum !== undefined) {
    const ints = t.enum.filter((x) => t.kind !== "integer" || Number.isInteger(x));
    if (ints.length === 0) out.push(fail("Enum", "number is not one of the allowed values").slice(1));
    else out.push(`\tswitch v {`, `\tcase ${ints.map(lit).join(", ")}:`, "\tdefault:", fail("Enum", "number is not one of the allowed values"), "\t}");
  }
  const bound = (x: number | undefined, op: string, msg: string): void => {
    if (x === undefined) return;
    out.push(`\tif ${val(x)} ${op} ${lit(x)} {`, fail("Range", `${msg} ${x}`), "\t}");
  };
  bound(t.minimum, "<", "number must be at least");
  bound(t.exclusiveMinimum, "<=", "number must be greater than");
  bound(t.maximum, ">", "number must be at most");
  bound(t.exclusiveMaximum, ">=", "number must be less than");
  if (t.multipleOf !== undefined) {
    if (t.kind === "integer") out.push(`\tif v%${goInt(t.multipleOf)} != 0 {`);
    else out.push(`\tif math.Mod(v, ${goFloat(t.multipleOf)}) != 0 {`);
    out.push(fail("Range", `number must be a multiple of ${t.multipleOf}`), "\t}");
  }
  return out;
}

function arrayCodec(g: GoContext, t: ArrayType, ctx: string): TypeCodec {
  const elem = g.goType(t.items);
  const item = typeCodec(g, t.items, `${ctx}_Item`);
  const lengthCond: string[] = [];
  if (t.minItems !== undefined && t.minItems > 0) lengthCond.push(`n < ${t.minItems}`);
  if (t.maxItems !== undefined) lengthCond.push(`n > ${t.maxItems}`);
  const limits = [t.minItems !== undefined ? `at least ${t.minItems}` : "", t.maxItems !== undefined ? `at most ${t.maxItems}` : ""]
    .filter((s) => s !== "")
    .join(" and ");
  const dec = `dec_${ctx}`;
  g.addHelper(
    dec,
    [
      `func ${dec}(d *wireDecoder, v *[]${elem}) *DecodeError {`,
      "\tif !d.ArrayStart() {",
      '\t\treturn d.TypeError("array")',
      "\t}",
      `\tout := make([]${elem}, 0)`,
      "\tvar first *DecodeError",
      "\tn := 0",
      "\tfor d.NextElement() {",
      "\t\tif first != nil {",
      "\t\t\td.Skip()",
      "\t\t} else {",
      `\t\t\tvar x ${elem}`,
      `\t\t\tif err := ${item.dec("&x")}; err != nil {`,
      "\t\t\t\tfirst = err.at(n)",
      "\t\t\t}",
      "\t\t\tout = append(out, x)",
      "\t\t}",
      "\t\tn++",
      "\t}",
      ...(lengthCond.length > 0
        ? [`\tif ${lengthCond.join(" || ")} {`, `\t\treturn wireFail(wireCodeLength, ${goString(`array must have ${limits} items`)})`, "\t}"]
        : []),
      "\tif first != nil {",
      "\t\treturn first",
      "\t}",
      "\t*v = out",
      "\treturn nil",
      "}",
    ].join("\n"),
  );
  const enc = `enc_${ctx}`;
  g.addHelper(
    enc,
    [
      `func ${enc}(b []byte, v []${elem}, lvl int) ([]byte, *EncodeError) {`,
      ...(lengthCond.length > 0
        ? [
            "\tif n := len(v); " + lengthCond.join(" || ") + " {",
            `\t\treturn b, wireEncodeFail(wireCodeLength, ${goString(`array must have ${limits} items`)})`,
            "\t}",
          ]
        : []),
      "\tb = append(b, '[')",
      "\tfor i := range v {",
      "\t\tif i > 0 {",
      "\t\t\tb = append(b, ',')",
      "\t\t}",
      "\t\tvar err *EncodeError",
      `\t\tif b, err = ${item.enc("v[i]", "lvl+1")}; err != nil {`,
      "\t\t\treturn b, err.at(i)",
      "\t\t}",
      "\t}",
      "\treturn append(b, ']'), nil",
      "}",
    ].join("\n"),
  );
  return { dec: (p) => `${dec}(d, ${p})`, enc: (v, lvl) => `${enc}(b, ${v}, ${lvl})` };
}
