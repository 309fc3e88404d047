// Decoder and encoder of an object definition, in the order of codegen/SEMANTICS.md: unknown keys,
// required, dependentRequired, size, propertyNames, the properties in schema order, the extra
// members in property order, dependentSchemas, then the applicators (on the value's tree).
import { isLargeObject, resolve } from "../ir/query";
import type { Decl, ObjectType, Property } from "../ir/types";
import type { Printer } from "../print/printer";
import { addr, treeThen, typeCodec } from "./codec";
import { bytesLit, constOf, GoContext, goString, typedExtras } from "./context";
import { propertyPart, treeCheckFn } from "./tree";
import { extraField } from "./types";
import { extrasWriterPick } from "./write";

const jsonString = (s: string): string => JSON.stringify(s);

/** Canonical JSON text of a const value (ECMAScript Number::toString for numbers). */
function constJSON(v: string | number | boolean): string {
  return typeof v === "string" ? jsonString(v) : String(Object.is(v, -0) ? 0 : v);
}

const seen = (p: Property) => `seen_${p.names.local}`;
/** Each property's index constant: its case in the member loop (and, in a large object, its place in the error array). */
const memberIndex = new WeakMap<Property, string>();
const errOf = (p: Property) =>
  isLargeObject(ownerOf.get(p)!) ? `errs[${memberIndex.get(p)}]` : `err_${p.names.local}`;

export function objectDecoder(g: GoContext, pr: Printer, d: Decl, t: ObjectType): void {
  const ctx = d.name;
  for (const p of t.properties) ownerOf.set(p, t);
  // A large object's decode errors live in one array, indexed by the property's constant (one local
  // instead of hundreds, which Go's register allocator takes in quadratic time).
  const large = isLargeObject(t);
  // the property names in schema order, which Member matches in that order first, as encoders write
  // them; one constant per property, so that adding one changes no other line
  const members = t.properties.length > 0 ? `members${d.name}` : undefined;
  if (members !== undefined) {
    pr.block(
      "const (",
      () =>
        t.properties.forEach((p, i) => {
          const c = `mi${d.name}_${propertyPart(p)}`;
          memberIndex.set(p, c);
          pr.raw(i === 0 ? `${c} = iota` : c); // no "= iota" to align: a longer name realigns no line
        }),
      ")",
    );
    pr.blank();
    pr.block(`var ${members} = wireMemberSet(`, () => t.properties.forEach((p) => pr.raw(`${goString(p.name)},`)), ")");
    pr.blank();
  }
  const extra = extraField(g, t);
  const tail = afterChecks(g, d, t);
  // with dependentSchemas or applicators, the members are decoded from the object's tree, which is checked after them
  const decMembers = tail === undefined ? d.names.go.dec : `${d.names.go.dec}Members`;
  if (tail !== undefined) {
    pr.lines(treeThen(d.names.go.dec, d.name, decMembers, tail));
    pr.blank();
  }
  pr.block(`func ${decMembers}(d *wireDecoder, v *${d.name}) *DecodeError {`, () => {
    pr.block("if !d.ObjectStart() {", () => pr.raw('return d.NotEntered("object")'));
    const counted = t.checks.some((c) => c.family === "size" || c.family === "propertyNames");
    const dependents = new Set(
      t.checks.flatMap((c) => (c.family === "dependentRequired" ? [c.key, ...c.required] : [])),
    );
    const tracked = new Set(t.properties.filter((p) => p.required || counted || dependents.has(p.name)));
    for (const p of t.properties) {
      if (tracked.has(p)) pr.raw(`var ${seen(p)} bool`);
      if (!large) pr.raw(`var ${errOf(p)} *DecodeError`);
    }
    if (large) pr.raw(`var errs [${memberIndex.get(t.properties.at(-1)!)} + 1]*DecodeError`);
    const closed = t.extras.kind === "reject";
    if (closed) pr.raw("var unknown *DecodeError");
    if (extra === "[]Member") pr.raw("lvl := 0");
    const typed = typedExtras(t);
    if (typed !== undefined) pr.raw("var extraErrs wireMemberErrs");
    const loop =
      members === undefined
        ? "for d.NextMember() {"
        : `for k := d.Member(${members}, 0); k != wireEnd; k = d.Member(${members}, k+1) {`;
    pr.block(loop, () => {
      pr.raw(members === undefined ? "switch string(d.Key()) {" : "switch k {");
      for (const p of t.properties) {
        pr.raw(`case ${memberIndex.get(p)}:`);
        if (tracked.has(p)) pr.raw(`\t${seen(p)} = true`);
        for (const l of propertyDecode(g, ctx, p)) pr.raw("\t" + l);
      }
      pr.raw("default:");
      if (closed && t.patterns.length === 0) pr.raw("\tunknown = d.Unknown(unknown)");
      else if (extra === "[]Member") {
        const keep = (ind: string) => [
          `${ind}key := d.Key()`,
          `${ind}span, l := d.RawSpan()`,
          `${ind}lvl = l`,
          `${ind}v.${t.goExtra} = wireAddExtra(v.${t.goExtra}, key, span)`,
        ];
        if (closed) {
          const matches = t.patterns.map((pp) => `${pp.pattern.name}.Match(d.Key())`).join(" || ");
          pr.raw(`\tif !d.KeyBad() && (${matches}) {`);
          for (const l of keep("\t\t")) pr.raw(l);
          pr.raw("\t} else {");
          pr.raw("\t\tunknown = d.Unknown(unknown)");
          pr.raw("\t}");
        } else for (const l of keep("\t")) pr.raw(l);
      } else {
        // a typed map: each value decoded as it comes, its error kept for the member's place in property order
        const codec = typeCodec(g, typed!.type, `${ctx}_Value`);
        const set = (ind: string) => [
          `${ind}var x ${g.goType(typed!.type)}`,
          `${ind}e := ${codec.dec("&x")}`,
          `${ind}v.${t.goExtra}.Set(key, x)`,
          `${ind}extraErrs.Set(key, e, false)`,
        ];
        if (typed!.pattern !== undefined) {
          // a closed object of one pattern: a key it does not match (or an ill-formed one) is unknown, as on the raw path
          pr.raw(`\tif !d.KeyBad() && ${typed!.pattern.pattern.name}.Match(d.Key()) {`);
          pr.raw("\t\tkey := string(d.Key())");
          for (const l of set("\t\t")) pr.raw(l);
          pr.raw("\t} else {");
          pr.raw("\t\tunknown = d.Unknown(unknown)");
          pr.raw("\t}");
        } else {
          pr.raw("\tkey := string(d.Key())");
          pr.raw("\tif d.KeyBad() {");
          pr.raw("\t\td.Skip()");
          pr.raw(
            '\t\textraErrs.Set(key, wireFail(wireCodeUTF8, "object key holds an unpaired UTF-16 surrogate"), true)',
          );
          pr.raw("\t\tbreak");
          pr.raw("\t}");
          for (const l of set("\t")) pr.raw(l);
        }
      }
      pr.raw("}");
    });
    if (closed) pr.block("if unknown != nil {", () => pr.raw("return unknown"));
    for (const p of t.properties)
      if (p.required) pr.block(`if !${seen(p)} {`, () => pr.raw(`return wireMissing(${goString(p.name)})`));
    const has = (key: string): string => {
      const p = t.properties.find((x) => x.name === key);
      if (p !== undefined) return seen(p);
      if (extra === undefined) return "false";
      return extra === "[]Member"
        ? `wireHasMember(v.${t.goExtra}, ${goString(key)})`
        : `v.${t.goExtra}.Has(${goString(key)})`;
    };
    for (const c of t.checks) {
      if (c.family !== "dependentRequired") continue;
      pr.block(`if ${has(c.key)} {`, () => {
        for (const r of c.required) pr.block(`if !${has(r)} {`, () => pr.raw(`return wireMissing(${goString(r)})`));
      });
    }
    const keysExpr = keysOf(g, t);
    for (const c of t.checks) {
      if (c.family === "size") {
        pr.block(
          `if n := len(${keysExpr}); ${[c.min !== undefined ? `n < ${c.min}` : "", c.max !== undefined ? `n > ${c.max}` : ""].filter((s) => s).join(" || ")} {`,
          () => pr.raw(`return wireSizeError(n, ${c.min ?? -1}, ${c.max ?? -1})`),
        );
      }
      if (c.family === "propertyNames") {
        const check = treeCheckFn(g, c.type, `${ctx}_Names`);
        pr.block(`if err := wirePropertyNamesOf(${keysExpr}, ${check}); err != nil {`, () => pr.raw("return err"));
      }
    }
    if (large)
      pr.block("for i, err := range errs {", () =>
        pr.block("if err != nil {", () => pr.raw(`return err.in(${members}.names[i])`)),
      );
    else
      for (const p of t.properties) {
        pr.block(`if ${errOf(p)} != nil {`, () => pr.raw(`return ${errOf(p)}.in(${goString(p.name)})`));
      }
    if (extra === "[]Member") {
      if (t.patterns.length === 0 && t.extras.kind === "keep")
        pr.block(`if err := wireCheckExtras(v.${t.goExtra}, lvl); err != nil {`, () => pr.raw("return err"));
      else {
        const fallback =
          t.extras.kind === "map"
            ? treeCheckFn(g, t.extras.type, `${ctx}_Value`)
            : t.extras.kind === "keep"
              ? "wireFreeAny"
              : "nil";
        pr.block(
          `if err := wireCheckMatchedExtras(v.${t.goExtra}, lvl, ${matchedChecks(g, t, ctx)}, ${fallback}); err != nil {`,
          () => pr.raw("return err"),
        );
      }
    }
    if (typed !== undefined) pr.block("if err := extraErrs.First(); err != nil {", () => pr.raw("return err"));
    pr.raw("return nil");
  });
}

/** The patterns of an object with their values' tree validators, as a Go []wirePatternCheck. */
function matchedChecks(g: GoContext, t: ObjectType, ctx: string): string {
  const pats = t.patterns.map((pp, i) => `{${pp.pattern.name}, ${treeCheckFn(g, pp.type, `${ctx}_Match${i}`)}}`);
  return `[]wirePatternCheck{${pats.join(", ")}}`;
}

/** The keys of the decoded object (declared ones present, then extras), for size and propertyNames. */
function keysOf(g: GoContext, t: ObjectType): string {
  const declared = t.properties.map((p) => `{${seen(p)}, ${goString(p.name)}}`).join(", ");
  // the name only (compared, not printed): it records no import
  const extra = g.peek(() => extraField(g, t));
  const extras =
    extra === undefined ? "nil" : extra === "[]Member" ? `wireMemberKeys(v.${t.goExtra})` : `v.${t.goExtra}.Keys()`;
  return `wireKeysOf([]wirePresent{${declared}}, ${extras})`;
}

/** The tree validator of what comes after the members (dependentSchemas, applicators), or undefined. */
function afterChecks(g: GoContext, d: Decl, t: ObjectType): string | undefined {
  const deps = t.checks.filter((c) => c.family === "dependentSchemas");
  if (deps.length === 0 && (t.also ?? []).length === 0) return undefined;
  // unevaluated* needs what the members evaluated: the whole object is checked on its tree
  if ((t.also ?? []).some((a) => a.family === "unevaluatedProperties" || a.family === "unevaluatedItems"))
    return treeCheckFn(g, { kind: "ref", origin: t.origin, decl: d }, d.name);
  return treeCheckFn(
    g,
    {
      kind: "object",
      origin: t.origin,
      properties: [],
      patterns: [],
      extras: { kind: "keep" },
      checks: deps,
      ...(t.also ? { also: t.also } : {}),
    },
    `${d.name}_After`,
  );
}

/** The statements decoding one property's value (its key already read). */
function propertyDecode(g: GoContext, ctx: string, p: Property): string[] {
  const codec = typeCodec(g, p.type, `${ctx}_${propertyPart(p)}`);
  const rc = g.implied(p) ? constOf(p.type) : undefined;
  if (typeof rc === "string" && (p.patterns ?? []).length === 0)
    return [`${errOf(p)} = d.ConstString(${goString(rc)})`];
  const out: string[] = [];
  const pointer = !g.implied(p) && g.pointerField(p);
  const target = g.implied(p) ? "&c" : pointer ? `v.${p.names.goField}` : `&v.${p.names.goField}`;
  if (g.implied(p)) out.push(`var c ${g.goType(p.type)}`);
  else if (pointer && resolve(p.type).kind === "string")
    // a string type: its variable comes from the decoder's cells (one allocation for several)
    out.push(`v.${p.names.goField} = (*${g.goType(p.type)})(d.NewString())`);
  else if (pointer) out.push(`v.${p.names.goField} = new(${g.goType(p.type)})`);
  if ((p.patterns ?? []).length === 0) {
    out.push(`${errOf(p)} = ${codec.dec(target)}`);
    return out;
  }
  // a declared property that a pattern also matches: the pattern's schemas apply to its value too
  const check = patternsCheck(g, ctx, p);
  out.push(
    "if t, err := d.Tree(); err != nil {",
    `\t${errOf(p)} = err`,
    "} else {",
    "\tsub := d.Sub(t)",
    "\td := &sub",
  );
  out.push(
    `\tif ${errOf(p)} = ${codec.dec(target)}; ${errOf(p)} == nil {`,
    `\t\t${errOf(p)} = ${check}(t)`,
    "\t}",
    "}",
  );
  return out;
}

/** The tree validator of the pattern properties' schemas that apply to a declared property. */
function patternsCheck(g: GoContext, ctx: string, p: Property): string {
  const owner = ownerOf.get(p)!;
  const types = (p.patterns ?? []).map((i) => owner.patterns[i]!.type);
  const also = types.map((type) => ({ family: "allOf" as const, type }));
  return treeCheckFn(g, { kind: "any", origin: p.origin, also }, `${ctx}_${propertyPart(p)}_Patterns`);
}

const ownerOf = new WeakMap<Property, ObjectType>();

export function objectEncoder(g: GoContext, pr: Printer, d: Decl, t: ObjectType): void {
  const ctx = d.name;
  // the name only (compared, not printed): it records no import
  const extra = g.peek(() => extraField(g, t));
  pr.block(`func ${d.names.go.enc}(b []byte, v *${d.name}, lvl int) ([]byte, *EncodeError) {`, () => {
    pr.block("if lvl > wireMaxDepth {", () => pr.raw("return b, wireEncodeDepth()"));
    const typed = typedExtras(t);
    // a closed object of patterns: an extra member no pattern matches is an unknown key, refused first
    if (t.extras.kind === "reject" && t.patterns.length > 0) {
      const allowed = [
        ...t.properties.map((p) => `k == ${goString(p.name)}`),
        ...t.patterns.map((pp) => `${pp.pattern.name}.MatchString(k)`),
      ].join(" || ");
      const members =
        typed !== undefined ? `wireEncodeUnknownKeys(v.${t.goExtra}.Keys(), ` : `wireEncodeUnknown(v.${t.goExtra}, `;
      pr.block(`if err := ${members}func(k string) bool { return ${allowed} }); err != nil {`, () =>
        pr.raw("return b, err"),
      );
    }
    for (const p of t.properties) {
      if (p.required && g.nilable(p.type) && !g.peek(() => g.goType(p.type)).startsWith("[]")) {
        pr.block(`if v.${p.names.goField} == nil {`, () => pr.raw(`return b, wireEncodeMissing(${goString(p.name)})`));
      }
    }
    // the checks that only look at which members are present come before any value, as when decoding
    const presence = (key: string): string => {
      const p = t.properties.find((x) => x.name === key);
      if (p !== undefined) return p.required || g.implied(p) ? "true" : `v.${p.names.goField} != nil`;
      if (extra === undefined) return "false";
      return extra === "[]Member"
        ? `wireHasMember(v.${t.goExtra}, ${goString(key)})`
        : `v.${t.goExtra}.Has(${goString(key)})`;
    };
    for (const c of t.checks) {
      if (c.family !== "dependentRequired") continue;
      pr.block(`if ${presence(c.key)} {`, () => {
        for (const r of c.required)
          pr.block(`if !(${presence(r)}) {`, () => pr.raw(`return b, wireEncodeMissing(${goString(r)})`));
      });
    }
    const keys = `wireKeysOf([]wirePresent{${t.properties.map((p) => `{${presence(p.name)}, ${goString(p.name)}}`).join(", ")}}, ${extra === undefined ? "nil" : extra === "[]Member" ? `wireMemberKeys(v.${t.goExtra})` : `v.${t.goExtra}.Keys()`})`;
    for (const c of t.checks) {
      if (c.family === "size") {
        pr.block(
          `if n := len(${keys}); ${[c.min !== undefined ? `n < ${c.min}` : "", c.max !== undefined ? `n > ${c.max}` : ""].filter((s) => s).join(" || ")} {`,
          () => pr.raw(`return b, wireToEncodeError(wireSizeError(n, ${c.min ?? -1}, ${c.max ?? -1}))`),
        );
      }
      if (c.family === "propertyNames") {
        const check = treeCheckFn(g, c.type, `${ctx}_Names`);
        pr.block(`if err := wirePropertyNamesOf(${keys}, ${check}); err != nil {`, () =>
          pr.raw("return b, wireToEncodeError(err)"),
        );
      }
    }
    const tail = afterChecks(g, d, t);
    if (tail !== undefined) pr.raw("start := len(b)");
    if (t.properties.some((p) => !g.implied(p)) || extra !== undefined) pr.raw("var err *EncodeError");
    // one variable for every property a pattern matches: required ones are written in one scope
    if (t.properties.some((p) => (p.patterns ?? []).length > 0)) pr.raw("var valueAt int");
    // every member is written with a leading comma; the first comma becomes the opening brace
    pr.raw("open := len(b)");
    for (const p of t.properties) {
      const key = bytesLit("," + jsonString(p.name) + ":");
      if (g.implied(p)) {
        if ((p.patterns ?? []).length === 0) {
          pr.raw(`b = append(b, ${bytesLit("," + jsonString(p.name) + ":" + constJSON(constOf(p.type)!))}...)`);
          continue;
        }
        // its value is the constant, which the patterns matching its name check too (as decoding does)
        ownerOf.set(p, t);
        pr.raw(`b = append(b, ${key}...)`);
        pr.raw("valueAt = len(b)");
        pr.raw(`b = append(b, ${bytesLit(constJSON(constOf(p.type)!))}...)`);
        pr.block(`if err := wireCheckWritten(b[valueAt:], lvl+1, ${patternsCheck(g, ctx, p)}); err != nil {`, () =>
          pr.raw(`return b, err.in(${goString(p.name)})`),
        );
        continue;
      }
      const codec = typeCodec(g, p.type, `${ctx}_${propertyPart(p)}`);
      const write = (val: string) => {
        pr.raw(`b = append(b, ${key}...)`);
        const patterns = (p.patterns ?? []).length > 0;
        if (patterns) pr.raw("valueAt = len(b)");
        pr.block(`if b, err = ${codec.enc(val, "lvl+1")}; err != nil {`, () =>
          pr.raw(`return b, err.in(${goString(p.name)})`),
        );
        if (patterns) {
          ownerOf.set(p, t);
          pr.block(`if err := wireCheckWritten(b[valueAt:], lvl+1, ${patternsCheck(g, ctx, p)}); err != nil {`, () =>
            pr.raw(`return b, err.in(${goString(p.name)})`),
          );
        }
      };
      const pointer = g.pointerField(p);
      if (p.required && !pointer) write(`v.${p.names.goField}`);
      else if (p.required) {
        pr.block(`if v.${p.names.goField} == nil {`, () => pr.raw(`return b, wireEncodeMissing(${goString(p.name)})`));
        write(`*v.${p.names.goField}`);
      } else
        pr.block(`if v.${p.names.goField} != nil {`, () =>
          write(pointer ? `*v.${p.names.goField}` : `v.${p.names.goField}`),
        );
    }
    if (extra === "[]Member") {
      const declared =
        t.properties.length === 0
          ? "func(string) bool { return false }"
          : `func(k string) bool { return ${t.properties.map((p) => `k == ${goString(p.name)}`).join(" || ")} }`;
      // members of a pattern's (or additionalProperties') schema that orders members: written again in schema order
      const pick = extrasWriterPick(g, t, ctx);
      // with patterns, each member is checked first as decoding checks it (the patterns matching its
      // key, else additionalProperties; free-form values are checked by the writer itself)
      const call =
        t.patterns.length > 0
          ? `wireAppendExtrasChecked(b, v.${t.goExtra}, true, lvl+1, ${declared}, ${matchedChecks(g, t, ctx)}, ${t.extras.kind === "map" ? treeCheckFn(g, t.extras.type, `${ctx}_Value`) : "nil"}, ${pick ?? "nil"})`
          : `wireAppendExtras(b, v.${t.goExtra}, true, lvl+1, ${declared})`;
      pr.block(`if b, err = ${call}; err != nil {`, () => pr.raw("return b, err"));
    } else if (extra !== undefined) {
      const codec = typeCodec(g, typed!.type, `${ctx}_Value`);
      pr.block(`for key, x := range wireMapOrder(&v.${t.goExtra}) {`, () => {
        pr.block("if err := wireCheckUTF8(key); err != nil {", () => pr.raw("return b, err"));
        // a closed object of one pattern: a member repeating a declared property is refused, as on the raw path
        if (typed!.pattern !== undefined && t.properties.length > 0)
          pr.block(`if ${t.properties.map((p) => `key == ${goString(p.name)}`).join(" || ")} {`, () =>
            pr.raw('return b, wireEncodeFail(wireCodeType, "extra member repeats a declared property").in(key)'),
          );
        pr.raw("b = append(b, ',')");
        pr.raw("b = wireAppendQuoted(b, key)");
        pr.raw("b = append(b, ':')");
        pr.block(`if b, err = ${codec.enc("x", "lvl+1")}; err != nil {`, () => pr.raw("return b, err.in(key)"));
      });
    }
    pr.block("if len(b) == open {", () => pr.raw("b = append(b, '{')"), "} else {");
    pr.raw("\tb[open] = '{'");
    pr.raw("}");
    pr.raw("b = append(b, '}')");
    if (tail !== undefined) pr.raw(`return b, wireCheckWritten(b[start:], lvl, ${tail})`);
    else pr.raw("return b, nil");
  });
  void addr;
}
