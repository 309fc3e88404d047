// Decoder and encoder of a union definition. A union with a dispatch is decided on the bytes (JSON
// kind, or a probe of its discriminator keys), then decoded as its variant; one without is decided by
// its exact meaning on the value's tree (runtime wireUnion, the rule of codegen/SEMANTICS.md), then
// the chosen variant is decoded from the value's start.
import { dispatchKeys, isNullable } from "../ir/query";
import type { Decl, Dispatch, Type, UnionType } from "../ir/types";
import type { Printer } from "../print/printer";
import { kindMask } from "../ts/kinds";
import { kindConst, treeThen, typeCodec } from "./codec";
import { GoContext, goString } from "./context";
import { treeApplicatorsFn, treeCheckFn } from "./tree";
import { exactPart, localPart } from "../ir/words";
import { goVariants, type GoVariant } from "./types";
import { skeletonBytes } from "./skeleton";

/** The statements decoding variant i into `v` (a *Union) with decoder `d`, ending in a return. */
function decodeVariant(g: GoContext, d: Decl, u: UnionType, i: number, ind: string): string[] {
  const gv = goVariants(g, u)[i]!;
  const variant = u.variants[i]!;
  if (gv.wraps === "") {
    const target = (variant as Extract<Type, { kind: "ref" }>).decl;
    const skeleton = skeletonBytes(g, variant);
    return [
      `${ind}x := wireNewVariant[${gv.name}](d, ${skeleton})`,
      `${ind}*v = x`,
      `${ind}return ${target.names.go.dec}(d, x)`,
    ];
  }
  const codec = typeCodec(g, variant, `${d.name}_${gv.name}`);
  const conv = g.peek(() => g.elementType(variant));
  const target = gv.boxed ? "&x.Value" : `(*${conv})(&x)`;
  const dec = codec.dec(target);
  if (!gv.boxed && dec.includes(target)) g.elementType(variant);
  return [`${ind}var x ${gv.name}`, `${ind}err := ${dec}`, `${ind}*v = x`, `${ind}return err`];
}

/** The decoder's name: with applicators beside the union, the union decodes in <dec>Shape and <dec> checks the rest. */
function decName(d: Decl, u: UnionType): string {
  return (u.also ?? []).length > 0 ? `${d.names.go.dec}Shape` : d.names.go.dec;
}

export function unionDecoder(g: GoContext, pr: Printer, d: Decl, u: UnionType): void {
  if ((u.also ?? []).length > 0) {
    pr.lines(treeThen(d.names.go.dec, d.name, decName(d, u), treeApplicatorsFn(g, u, `${d.name}_Also`)));
    pr.blank();
  }
  if (u.dispatch === undefined) return exactDecoder(g, pr, d, u);
  const keys = dispatchKeys(u.dispatch);
  const keysVar = `keys${d.name}`;
  // each key's position in the probe, named after the key: adding a key changes its own lines only
  const names = new Map(keys.map((k) => [k, `probe${d.name}_${localPart(k)}`]));
  if (new Set(names.values()).size < keys.length) for (const k of keys) names.set(k, `probe${d.name}_${exactPart(k)}`);
  const keyIndex = (k: string) => names.get(k)!;
  if (keys.length > 0) {
    pr.raw(`var ${keysVar} = wireKeySet(${keys.map(goString).join(", ")})`);
    pr.blank();
    keys.forEach((k, i) => pr.raw(`const ${keyIndex(k)} = ${i}`));
    pr.blank();
  }
  const reject = (ind: string, expr: string): string[] =>
    u.open ? [`${ind}*v = nil`, `${ind}return d.Ignore()`] : [`${ind}return ${expr}`];
  const L: string[] = [];
  const walk = (x: Dispatch, ind: string, probed: boolean, present: string[] = []): void => {
    if ((x.by === "presence" || x.by === "const") && !probed) {
      L.push(
        `${ind}var p wireProbe`,
        `${ind}if !d.ProbeObject(&p, ${keysVar}) {`,
        ...reject(ind + "\t", 'd.TypeError("object")'),
        `${ind}}`,
      );
      probed = true;
    }
    switch (x.by) {
      case "leaf":
        // with the fast path's helpers, the variant's decode is written once, in variant<Name>
        L.push(
          ...(fast ? [`${ind}return variant${d.name}(d, v, ${x.variant})`] : decodeVariant(g, d, u, x.variant, ind)),
        );
        return;
      case "none":
        L.push(...reject(ind, "d.UnknownVariant()"));
        return;
      case "presence":
        L.push(`${ind}if p.Has(${keyIndex(x.key)}) {`);
        walk(x.present, ind + "\t", probed, [...present, x.key]);
        L.push(`${ind}}`);
        walk(x.absent, ind, probed, present);
        return;
      case "const": {
        if (!present.includes(x.key))
          L.push(`${ind}if !p.Has(${keyIndex(x.key)}) {`, ...reject(ind + "\t", "d.UnknownVariant()"), `${ind}}`);
        constSwitch(L, ind, keyIndex(x.key), x.cases, (next, inner) => walk(next, inner, probed, present));
        L.push(...reject(ind, `d.UnknownVariantAt(${goString(x.key)})`));
        return;
      }
      case "kind": {
        L.push(`${ind}switch d.Kind() {`);
        for (const c of x.cases) {
          L.push(`${ind}case ${kindConst(c.kind)}:`);
          walk(c.next, ind + "\t", probed, present);
        }
        L.push(`${ind}}`);
        L.push(...reject(ind, `d.TypeError(${goString(x.cases.map((c) => c.kind).join(" or ") || "nothing")})`));
        return;
      }
    }
  };
  const which = whichLines(g, d, u, keys, keyIndex);
  const fast = which !== undefined;
  pr.block(`func ${decName(d, u)}(d *wireDecoder, v *${d.name}) *DecodeError {`, () => {
    if (which !== undefined) {
      // fast path: dispatch on the members up to the first discriminator key, decode that variant
      // while watching the keys, then check that all the members select the same variant
      pr.raw("var p wireProbe");
      pr.raw(`if !d.PeekObject(&p, ${keysVar}) {`);
      for (const l of reject("\t", 'd.TypeError("object")')) pr.raw(l);
      pr.raw("}");
      pr.block("if p.Partial() {", () => {
        pr.block(`if k := which${d.name}(&p); k >= 0 {`, () => {
          pr.raw(`w := d.Watch(${keysVar})`);
          pr.raw(`err := variant${d.name}(d, v, k)`);
          pr.raw("same := d.Unwatch(w, &p)");
          pr.block(`if err == nil && !same && which${d.name}(&p) != k {`, () => pr.raw("return d.Bad()"));
          pr.raw("return err");
        });
        pr.raw(`d.ProbeRest(&p, ${keysVar})`);
      });
    }
    L.length = 0;
    walk(u.dispatch!, "", which !== undefined);
    for (const l of L) pr.raw(l);
  });
  if (which !== undefined) {
    pr.blank();
    for (const l of which) pr.raw(l);
  }
}

/** Whether a dispatch tree tests only object members (no kind switch). */
function membersOnly(x: Dispatch): boolean {
  switch (x.by) {
    case "presence":
      return membersOnly(x.present) && membersOnly(x.absent);
    case "const":
      return x.cases.every((c) => membersOnly(c.next));
    case "kind":
      return false;
    default:
      return true;
  }
}

/** The fast-path helpers of a union dispatched on object members (at most 8 keys): which<Name> and variant<Name>. */
function whichLines(
  g: GoContext,
  d: Decl,
  u: UnionType,
  keys: string[],
  keyIndex: (k: string) => string,
): string[] | undefined {
  const x = u.dispatch!;
  if ((x.by !== "presence" && x.by !== "const") || !membersOnly(x) || keys.length > 8) return undefined;
  const L: string[] = [`func which${d.name}(p *wireProbe) int {`];
  const variants = new Set<number>();
  const walk = (x: Dispatch, ind: string, present: string[]): void => {
    switch (x.by) {
      case "leaf":
        variants.add(x.variant);
        L.push(`${ind}return ${x.variant}`);
        return;
      case "none":
        L.push(`${ind}return -1`);
        return;
      case "presence":
        L.push(`${ind}if p.Has(${keyIndex(x.key)}) {`);
        walk(x.present, ind + "\t", [...present, x.key]);
        L.push(`${ind}}`);
        walk(x.absent, ind, present);
        return;
      case "const": {
        if (!present.includes(x.key)) L.push(`${ind}if !p.Has(${keyIndex(x.key)}) {`, `${ind}\treturn -1`, `${ind}}`);
        constSwitch(L, ind, keyIndex(x.key), x.cases, (next, inner) => walk(next, inner, present));
        L.push(`${ind}return -1`);
        return;
      }
      case "kind":
        throw new Error("generator bug: a kind dispatch among members");
    }
  };
  walk(x, "\t", []);
  L.push("}", "", `func variant${d.name}(d *wireDecoder, v *${d.name}, k int) *DecodeError {`, "\tswitch k {");
  for (const i of [...variants].sort((a, b) => a - b)) L.push(`\tcase ${i}:`, ...decodeVariant(g, d, u, i, "\t\t"));
  L.push("\t}", "\treturn d.Bad()", "}");
  return L;
}

/**
 * The switch on member k's discriminator value; falling out of it means no case matched. With string
 * values only (the common case), the value is read once and Go's string switch picks the case.
 */
function constSwitch(
  L: string[],
  ind: string,
  k: string,
  cases: { value: string | number | boolean | null; next: Dispatch }[],
  body: (next: Dispatch, ind: string) => void,
): void {
  if (cases.every((c) => typeof c.value === "string")) {
    L.push(`${ind}if s, ok := p.Str(${k}); ok {`, `${ind}\tswitch s {`);
    for (const c of cases) {
      L.push(`${ind}\tcase ${goString(c.value as string)}:`);
      body(c.next, ind + "\t\t");
    }
    L.push(`${ind}\t}`, `${ind}}`);
    return;
  }
  L.push(`${ind}switch {`);
  for (const c of cases) {
    L.push(`${ind}case ${probeIs(k, c.value)}:`);
    body(c.next, ind + "\t");
  }
  L.push(`${ind}}`);
}

/** The probe test that member k of the object holds the discriminator value v. */
function probeIs(k: string, v: string | number | boolean | null): string {
  if (v === null) return `p.IsNull(${k})`;
  if (typeof v === "string") return `p.IsString(${k}, ${goString(v)})`;
  if (typeof v === "boolean") return `p.IsBool(${k}, ${v})`;
  return `p.IsNumber(${k}, ${String(v)})`;
}

/** A union by its exact meaning: the variant chosen on the tree, then decoded from the value's start. */
function exactDecoder(g: GoContext, pr: Printer, d: Decl, u: UnionType): void {
  const check = unionTreeCall(g, d, u, "tree");
  pr.block(`func ${decName(d, u)}(d *wireDecoder, v *${d.name}) *DecodeError {`, () => {
    pr.raw("tree, err := d.Tree()");
    pr.block("if err != nil {", () => pr.raw("return err"));
    pr.raw(`k, err := ${check}`);
    pr.block("if err != nil {", () => pr.raw("return err"));
    pr.raw("sub := d.Sub(tree)");
    pr.raw(`return variant${d.name}(&sub, v, k)`);
  });
  pr.blank();
  pr.block(`func variant${d.name}(d *wireDecoder, v *${d.name}, k int) *DecodeError {`, () => {
    pr.raw("switch k {");
    u.variants.forEach((_, i) => {
      pr.raw(`case ${i}:`);
      for (const l of decodeVariant(g, d, u, i, "\t")) pr.raw(l);
    });
    pr.raw("}");
    pr.raw("return d.Bad()");
  });
}

/** The runtime call deciding the variant of an exact union on tree value `v`: (index, error). */
function unionTreeCall(g: GoContext, d: Decl, u: UnionType, v: string): string {
  const fns = u.variants.map((x, i) => treeCheckFn(g, x, `${d.name}_Variant${i}`));
  const kinds = u.variants.map(kindMask);
  return `wireUnion(${v}, ${u.mode === "oneOf"}, []wireCheck{${fns.join(", ")}}, []wireKinds{${kinds.join(", ")}})`;
}

export function unionEncoder(g: GoContext, pr: Printer, d: Decl, u: UnionType): void {
  const variants = goVariants(g, u);
  const exact = u.dispatch === undefined;
  const also = (u.also ?? []).length > 0;
  if (also) {
    pr.block(`func ${d.names.go.enc}(b []byte, v ${d.name}, lvl int) ([]byte, *EncodeError) {`, () => {
      pr.raw("start := len(b)");
      pr.raw(`b, err := ${d.names.go.enc}Shape(b, v, lvl)`);
      pr.block("if err != nil {", () => pr.raw("return b, err"));
      pr.raw(`return b, wireCheckWritten(b[start:], lvl, ${treeApplicatorsFn(g, u, `${d.name}_Also`)})`);
    });
    pr.blank();
  }
  pr.block(
    `func ${d.names.go.enc}${also ? "Shape" : ""}(b []byte, v ${d.name}, lvl int) ([]byte, *EncodeError) {`,
    () => {
      if (exact) pr.raw("start := len(b)");
      pr.raw("switch x := v.(type) {");
      const seen = new Set<string>();
      variants.forEach((gv, i) => {
        if (seen.has(gv.carrier)) return;
        seen.add(gv.carrier);
        const write = encodeVariant(g, d, u, gv, i);
        pr.raw(`case ${gv.wraps === "" ? `*${gv.name}` : gv.name}:`);
        if (gv.wraps === "") {
          pr.raw("\tif x == nil {");
          pr.raw("\t\tbreak");
          pr.raw("\t}");
        }
        // a variant that can hold no value (false) is written without looking at it
        if (!/\bx\b/.test(write) && gv.wraps !== "") pr.raw("\t_ = x");
        if (exact) {
          pr.raw(`\tb, err := ${write}`);
          pr.raw("\tif err != nil {");
          pr.raw("\t\treturn b, err");
          pr.raw("\t}");
          pr.raw(`\treturn b, wireCheckWritten(b[start:], lvl, val${d.name})`);
          g.treeDecls.add(d);
        } else pr.raw(`\treturn ${write}`);
      });
      pr.raw("}");
      pr.raw(`return b, wireEncodeFail(wireCodeType, ${goString(`no ${d.name} variant`)})`);
    },
  );
}

function encodeVariant(g: GoContext, d: Decl, u: UnionType, gv: GoVariant, i: number): string {
  const variant = u.variants[i]!;
  if (gv.wraps === "") {
    // x is the struct's pointer; a definition that refers to the struct (an alias of it) takes a value
    const target = (variant as Extract<Type, { kind: "ref" }>).decl;
    return `${target.names.go.enc}(b, ${target.type.kind === "object" ? "x" : "*x"}, lvl)`;
  }
  const codec = typeCodec(g, variant, `${d.name}_${gv.name}`);
  const conv = `${g.peek(() => g.elementType(variant))}(x)`;
  const out = codec.enc(gv.boxed ? "x.Value" : conv, "lvl");
  // the conversion names the wrapped type: record its imports only where the codec prints it
  if (!gv.boxed && out.includes(conv)) g.elementType(variant);
  return out;
}

export { isNullable };
