// Decoders and encoders of object and union declarations, in SEMANTICS.md order.
import type { Decl, Dispatch, ObjectType, UnionType } from "../ir/types";
import { constOf, GoContext, goString, jsonString } from "./context";
import { addr, typeCodec } from "./values";

/** Canonical JSON text of a const value (ECMAScript Number::toString for numbers). */
function constJSON(v: string | number | boolean): string {
  return typeof v === "string" ? jsonString(v) : String(Object.is(v, -0) ? 0 : v);
}

/** A Go raw string literal when possible, else an interpreted one. */
function bytesLit(s: string): string {
  return s.includes("`") || /[\r\u0000-\u0008\u000b-\u001f\u2028\u2029\ufeff]/.test(s) ? goString(s) : "`" + s + "`";
}

export function objectDecoder(g: GoContext, d: Decl, t: ObjectType): string {
  const n = t.properties.length;
  const L: string[] = [];
  L.push(`func dec${d.name}(d *wireDecoder, v *${d.name}) *DecodeError {`);
  L.push("\tif !d.ObjectStart() {", '\t\treturn d.TypeError("object")', "\t}");
  if (n > 0) L.push(`\tvar seen [${n}]bool`, `\tvar errs [${n}]*DecodeError`);
  if (t.extras === "reject") L.push("\tvar unknown *DecodeError");
  else L.push("\tlvl := 0");
  L.push("\tfor d.NextMember() {");
  L.push("\t\tswitch string(d.Key()) {");
  t.properties.forEach((prop, i) => {
    const codec = typeCodec(g, prop.type, `${d.name}_${prop.goName}`);
    L.push(`\t\tcase ${goString(prop.name)}:`, `\t\t\tseen[${i}] = true`);
    const rc = g.implied(prop) ? constOf(g.resolve(prop.type)) : undefined;
    if (typeof rc === "string") {
      L.push(`\t\t\terrs[${i}] = d.ConstString(${goString(rc)})`);
    } else if (g.implied(prop)) {
      L.push(`\t\t\tvar c ${g.goType(prop.type)}`, `\t\t\terrs[${i}] = ${codec.dec("&c")}`);
    } else if (prop.required || g.nilable(prop.type)) {
      L.push(`\t\t\terrs[${i}] = ${codec.dec(`&v.${prop.goName}`)}`);
    } else {
      L.push(`\t\t\tv.${prop.goName} = new(${g.goType(prop.type)})`, `\t\t\terrs[${i}] = ${codec.dec(`v.${prop.goName}`)}`);
    }
  });
  L.push("\t\tdefault:");
  if (t.extras === "reject") {
    L.push("\t\t\tunknown = d.Unknown(unknown)");
  } else {
    L.push("\t\t\tkey := d.Key()", "\t\t\tspan, l := d.RawSpan()", "\t\t\tlvl = l", "\t\t\tv.Extra = wireAddExtra(v.Extra, key, span)");
  }
  L.push("\t\t}", "\t}");
  if (t.extras === "reject") L.push("\tif unknown != nil {", "\t\treturn unknown", "\t}");
  t.properties.forEach((prop, i) => {
    if (prop.required) L.push(`\tif !seen[${i}] {`, `\t\treturn wireMissing(${goString(prop.name)})`, "\t}");
  });
  t.properties.forEach((prop, i) => {
    L.push(`\tif errs[${i}] != nil {`, `\t\treturn errs[${i}].in(${goString(prop.name)})`, "\t}");
  });
  if (t.extras === "keep") L.push("\treturn wireCheckExtras(v.Extra, lvl)");
  else L.push("\treturn nil");
  L.push("}");
  return L.join("\n");
}

export function objectEncoder(g: GoContext, d: Decl, t: ObjectType): string {
  const L: string[] = [];
  L.push(`func enc${d.name}(b []byte, v *${d.name}, lvl int) ([]byte, *EncodeError) {`);
  for (const prop of t.properties) {
    if (prop.required && g.nilable(prop.type) && g.resolve(prop.type).kind !== "array") {
      L.push(`\tif v.${prop.goName} == nil {`, `\t\treturn b, wireEncodeMissing(${goString(prop.name)})`, "\t}");
    }
  }
  const hasValues = t.properties.some((p) => !g.implied(p)) || t.extras === "keep";
  if (hasValues) L.push("\tvar err *EncodeError");
  // members: "first" is known statically until an optional member makes it dynamic
  let state: "empty" | "nonempty" | "unknown" = "empty";
  L.push("\tb = append(b, '{')");
  const startAt = L.length;
  const sep = (key: string): string[] => {
    const k = jsonString(key) + ":";
    if (state === "empty") return [`\tb = append(b, ${bytesLit(k)}...)`];
    if (state === "nonempty") return [`\tb = append(b, ${bytesLit("," + k)}...)`];
    return ["\tif len(b) > start {", "\t\tb = append(b, ',')", "\t}", `\tb = append(b, ${bytesLit(k)}...)`];
  };
  for (const prop of t.properties) {
    const codec = typeCodec(g, prop.type, `${d.name}_${prop.goName}`);
    const ret = `\t\treturn b, err.in(${goString(prop.name)})`;
    if (g.implied(prop)) {
      const c = constJSON(constOf(g.resolve(prop.type))!);
      if (state === "unknown") L.push("\tif len(b) > start {", "\t\tb = append(b, ',')", "\t}");
      const k = (state === "nonempty" ? "," : "") + jsonString(prop.name) + ":" + c;
      L.push(`\tb = append(b, ${bytesLit(k)}...)`);
      state = "nonempty";
      continue;
    }
    if (prop.required) {
      L.push(...sep(prop.name));
      L.push(`\tif b, err = ${codec.enc(`v.${prop.goName}`, "lvl+1")}; err != nil {`, ret, "\t}");
      state = "nonempty";
    } else {
      const val = g.nilable(prop.type) ? `v.${prop.goName}` : `*v.${prop.goName}`;
      L.push(`\tif v.${prop.goName} != nil {`);
      L.push(...sep(prop.name).map((l) => "\t" + l));
      L.push(`\t\tif b, err = ${codec.enc(val, "lvl+1")}; err != nil {`, "\t" + ret, "\t\t}", "\t}");
      if (state === "empty") state = "unknown";
    }
  }
  if (t.extras === "keep") {
    const names = t.properties.map((p) => goString(p.name));
    const declared =
      names.length === 0 ? "func(string) bool { return false }" : `func(k string) bool { return ${names.map((n) => `k == ${n}`).join(" || ")} }`;
    L.push(`\tif b, err = wireAppendExtras(b, v.Extra, len(b) > start, lvl+1, ${declared}); err != nil {`, "\t\treturn b, err", "\t}");
  }
  L.push("\treturn append(b, '}'), nil", "}");
  if (L.slice(startAt).some((l) => /\bstart\b/.test(l))) L.splice(startAt, 0, "\tstart := len(b)");
  return L.join("\n");
}

/** The keys a dispatch tree tests, in first-use order. */
function dispatchKeys(x: Dispatch, out: string[] = []): string[] {
  switch (x.by) {
    case "presence":
      if (!out.includes(x.key)) out.push(x.key);
      dispatchKeys(x.present, out);
      dispatchKeys(x.absent, out);
      break;
    case "const":
      if (!out.includes(x.key)) out.push(x.key);
      for (const c of x.cases) dispatchKeys(c.next, out);
      break;
    case "kind":
      for (const c of x.cases) dispatchKeys(c.next, out);
      break;
  }
  return out;
}

export function unionVariantName(g: GoContext, u: UnionType, i: number, owner: string): string {
  const v = u.variants[i];
  if (!v || v.kind !== "ref" || g.decl(v.name).type.kind !== "object") {
    throw new Error(`Go emitter: variant ${i} of union ${owner} must be a reference to an object definition`);
  }
  return v.name;
}

export function unionDecoder(g: GoContext, d: Decl, u: UnionType): string {
  const keys = dispatchKeys(u.dispatch);
  const keysVar = `keys${d.name}`;
  const L: string[] = [];
  if (keys.length > 0) L.push(`var ${keysVar} = []string{${keys.map(goString).join(", ")}}`, "");
  L.push(`func dec${d.name}(d *wireDecoder, v *${d.name}) *DecodeError {`);
  const reject = (ind: string, expr: string): string[] => (u.open ? [`${ind}*v = nil`, `${ind}return d.Ignore()`] : [`${ind}return ${expr}`]);
  const walk = (x: Dispatch, ind: string, probed: boolean, present: string[] = []): void => {
    if ((x.by === "presence" || x.by === "const") && !probed) {
      L.push(`${ind}var p wireProbe`, `${ind}if !d.ProbeObject(&p, ${keysVar}) {`, ...reject(ind + "\t", 'd.TypeError("object")'), `${ind}}`);
      probed = true;
    }
    switch (x.by) {
      case "leaf": {
        const name = unionVariantName(g, u, x.variant, d.name);
        L.push(`${ind}x := new(${name})`, `${ind}*v = x`, `${ind}return dec${name}(d, x)`);
        return;
      }
      case "none":
        L.push(...reject(ind, "d.UnknownVariant()"));
        return;
      case "presence":
        L.push(`${ind}if p.Has(${keys.indexOf(x.key)}) {`);
        walk(x.present, ind + "\t", probed, [...present, x.key]);
        L.push(`${ind}}`);
        walk(x.absent, ind, probed, present);
        return;
      case "const": {
        const k = keys.indexOf(x.key);
        if (!present.includes(x.key)) L.push(`${ind}if !p.Has(${k}) {`, ...reject(ind + "\t", "d.UnknownVariant()"), `${ind}}`);
        L.push(`${ind}switch {`);
        for (const c of x.cases) {
          L.push(`${ind}case ${probeIs(k, c.value)}:`);
          walk(c.next, ind + "\t", probed, present);
        }
        L.push(`${ind}}`);
        L.push(...reject(ind, `d.UnknownVariantAt(${goString(x.key)})`));
        return;
      }
      case "kind": {
        L.push(`${ind}switch d.Kind() {`);
        for (const c of x.cases) {
          L.push(`${ind}case wireKind${c.kind[0]!.toUpperCase()}${c.kind.slice(1)}:`);
          walk(c.next, ind + "\t", probed, present);
        }
        L.push(`${ind}}`);
        const expected = x.cases.map((c) => c.kind).join(" or ");
        L.push(...reject(ind, `d.TypeError(${goString(expected || "nothing")})`));
        return;
      }
    }
  };
  const which = whichLines(g, u, d.name, keys);
  if (which) {
    // fast path: dispatch on the members up to the first discriminator key, decode that variant
    // while watching the keys, then check that all the members select the same variant
    L.push(
      "\tvar p wireProbe",
      `\tif !d.PeekObject(&p, ${keysVar}) {`,
      ...reject("\t\t", 'd.TypeError("object")'),
      "\t}",
      "\tif p.Partial() {",
      `\t\tif k := which${d.name}(&p); k >= 0 {`,
      `\t\t\tw := d.Watch(${keysVar})`,
      `\t\t\terr := variant${d.name}(d, v, k)`,
      "\t\t\tsame := d.Unwatch(w, &p)",
      `\t\t\tif err == nil && !same && which${d.name}(&p) != k {`,
      "\t\t\t\treturn d.Bad()",
      "\t\t\t}",
      "\t\t\treturn err",
      "\t\t}",
      `\t\td.ProbeRest(&p, ${keysVar})`,
      "\t}",
    );
  }
  walk(u.dispatch, "\t", which !== undefined);
  L.push("}");
  if (which) L.push("", ...which);
  return L.join("\n");
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

/**
 * The fast path helpers of a union dispatched on object members (at most 8 keys):
 * which<Name> (the variant a probe selects, -1 for none) and variant<Name> (decode variant k).
 */
function whichLines(g: GoContext, u: UnionType, name: string, keys: string[]): string[] | undefined {
  const x = u.dispatch;
  if ((x.by !== "presence" && x.by !== "const") || !membersOnly(x) || keys.length > 8) return undefined;
  const L: string[] = [`func which${name}(p *wireProbe) int {`];
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
        L.push(`${ind}if p.Has(${keys.indexOf(x.key)}) {`);
        walk(x.present, ind + "\t", [...present, x.key]);
        L.push(`${ind}}`);
        walk(x.absent, ind, present);
        return;
      case "const": {
        const k = keys.indexOf(x.key);
        if (!present.includes(x.key)) L.push(`${ind}if !p.Has(${k}) {`, `${ind}\treturn -1`, `${ind}}`);
        L.push(`${ind}switch {`);
        for (const c of x.cases) {
          L.push(`${ind}case ${probeIs(k, c.value)}:`);
          walk(c.next, ind + "\t", present);
        }
        L.push(`${ind}}`, `${ind}return -1`);
        return;
      }
      case "kind":
        throw new Error("unreachable");
    }
  };
  walk(x, "\t", []);
  L.push("}", "", `func variant${name}(d *wireDecoder, v *${name}, k int) *DecodeError {`, "\tswitch k {");
  for (const i of [...variants].sort((a, b) => a - b)) {
    const vn = unionVariantName(g, u, i, name);
    L.push(`\tcase ${i}:`, `\t\tx := new(${vn})`, "\t\t*v = x", `\t\treturn dec${vn}(d, x)`);
  }
  L.push("\t}", "\treturn d.Bad()", "}");
  return L;
}

export function unionEncoder(g: GoContext, d: Decl, u: UnionType): string {
  const L: string[] = [];
  L.push(`func enc${d.name}(b []byte, v ${d.name}, lvl int) ([]byte, *EncodeError) {`);
  L.push("\tswitch x := v.(type) {");
  const seen = new Set<string>();
  u.variants.forEach((_, i) => {
    const name = unionVariantName(g, u, i, d.name);
    if (seen.has(name)) return;
    seen.add(name);
    L.push(`\tcase *${name}:`, "\t\tif x != nil {", `\t\t\treturn enc${name}(b, x, lvl)`, "\t\t}");
  });
  L.push("\t}", `\treturn b, wireEncodeFail(wireCodeType, ${goString(`no ${d.name} variant`)})`, "}");
  return L.join("\n");
}

/** The decoder of a declaration whose type is neither object nor union. */
export function aliasDecoder(g: GoContext, d: Decl): string {
  const codec = typeCodec(g, d.type, d.name);
  return [`func dec${d.name}(d *wireDecoder, v *${d.name}) *DecodeError {`, `\treturn ${codec.dec("v")}`, "}"].join("\n");
}

/** The encoder of a declaration whose type is neither object nor union. */
export function aliasEncoder(g: GoContext, d: Decl): string {
  const codec = typeCodec(g, d.type, d.name);
  return [`func enc${d.name}(b []byte, v ${d.name}, lvl int) ([]byte, *EncodeError) {`, `\treturn ${codec.enc("v", "lvl")}`, "}"].join("\n");
}

export { addr };

/** The probe test that member k of the object holds the discriminator value v. */
function probeIs(k: number, v: string | number | boolean | null): string {
  if (v === null) return `p.IsNull(${k})`;
  if (typeof v === "string") return `p.IsString(${k}, ${goString(v)})`;
  if (typeof v === "boolean") return `p.IsBool(${k}, ${v})`;
  return `p.IsNumber(${k}, ${String(v)})`;
}
