// types.go: the Go declarations of a protocol (structs, sealed unions with visitors, enums, aliases, constants).
import type { Decl, JsonValue } from "../ir/types";
import { comment, GoContext, goFloat, goInt, goString } from "./context";
import { unionVariantName } from "./objects";

function doc(d: { name: string; description?: string; deprecated?: boolean }): string[] {
  const out = comment(d.description, "");
  if (out.length > 0) out[0] = `// ${d.name}: ${out[0]!.slice(3)}`;
  if (d.deprecated) out.push(...(out.length > 0 ? ["//"] : []), "// Deprecated: kept for compatibility.");
  return out;
}

function constLiteral(v: JsonValue, kind: string, where: string): string {
  if (typeof v === "string") return goString(v);
  if (typeof v === "boolean") return String(v);
  if (typeof v === "number") return kind === "number" && !Number.isInteger(v) ? goFloat(v) : Number.isInteger(v) ? goInt(v) : goFloat(v);
  throw new Error(`Go emitter: constant ${where} has a value Go cannot declare as a constant`);
}

function constantDecl(g: GoContext, d: Decl): string[] {
  const v = d.constant!.value;
  const L = doc(d);
  if (Array.isArray(v)) {
    const t = d.type.kind === "array" ? d.type.items : undefined;
    const elem = t ? g.goType(t) : "string";
    const items = v.map((x) => constLiteral(x, t ? g.resolve(t).kind : "string", d.name));
    L.push(`var ${d.name} = [${v.length}]${elem}{${items.join(", ")}}`);
    return L;
  }
  if (v === null || typeof v === "object") throw new Error(`Go emitter: constant ${d.name} must be a scalar or an array`);
  L.push(`const ${d.name} = ${constLiteral(v, g.resolve(d.type).kind, d.name)}`);
  return L;
}

export function emitTypes(g: GoContext): string[] {
  const p = g.p;
  const L: string[] = [];
  L.push("// SchemaDigest is the sha256 of the schema files this package was generated from.");
  L.push(`const SchemaDigest = ${goString(p.digest)}`, "");
  if (p.frameLimit !== undefined) {
    const limitDecl = p.decls.find((d) => d.constant?.role === "frame-limit");
    L.push("// FrameLimit is the largest frame in bytes, without its newline.");
    L.push(`const FrameLimit = ${limitDecl ? limitDecl.name : goInt(p.frameLimit)}`, "");
  }
  // which unions each object variant belongs to (for the marker methods)
  const unionsOf = new Map<string, string[]>();
  for (const d of p.decls) {
    if (d.constant || d.type.kind !== "union") continue;
    const u = d.type;
    u.variants.forEach((_, i) => {
      const v = unionVariantName(g, u, i, d.name);
      const list = unionsOf.get(v) ?? [];
      if (!list.includes(d.name)) list.push(d.name);
      unionsOf.set(v, list);
    });
  }
  for (const d of p.decls) {
    if (d.constant) {
      L.push(...constantDecl(g, d), "");
      continue;
    }
    const t = d.type;
    if (t.kind === "object") {
      L.push(...doc(d), `type ${d.name} struct {`);
      for (const prop of t.properties) {
        if (g.implied(prop)) continue;
        L.push(...comment(prop.description, "").map((l) => "\t" + l));
        if (prop.deprecated) L.push("\t// Deprecated: kept for compatibility.");
        L.push(`\t${prop.goName} ${g.fieldType(prop)}`);
      }
      if (t.extras === "keep") {
        if (t.properties.some((p) => p.goName === "Extra")) throw new Error(`Go emitter: ${d.name} is open and has a property named Extra`);
        L.push("\t// Extra holds the members the schema does not declare, in document order.", "\tExtra []Member");
      }
      L.push("}", "");
      for (const u of unionsOf.get(d.name) ?? []) L.push(`func (*${d.name}) is${u}() {}`, "");
      continue;
    }
    if (t.kind === "union") {
      const names = [...new Set(t.variants.map((_, i) => unionVariantName(g, t, i, d.name)))];
      L.push(...doc(d));
      L.push(`// Its variants: ${names.map((n) => `*${n}`).join(", ")}.${t.open ? " Decoding an unrecognised value gives nil (ignored)." : ""}`);
      L.push(`type ${d.name} interface {`, `\tis${d.name}()`, "}", "");
      L.push(`// ${d.name}Visitor has one method per variant of ${d.name}.`, `type ${d.name}Visitor interface {`);
      for (const n of names) L.push(`\t${n}(*${n}) error`);
      L.push("}", "");
      L.push(`// Visit${d.name} calls the method of vis for v's variant.`, `func Visit${d.name}(v ${d.name}, vis ${d.name}Visitor) error {`);
      L.push("\tswitch x := v.(type) {");
      for (const n of names) L.push(`\tcase *${n}:`, `\t\treturn vis.${n}(x)`);
      L.push("\t}", "\treturn wireErrNoVariant", "}", "");
      continue;
    }
    if (d.enumMembers && t.kind === "string") {
      L.push(...doc(d), `type ${d.name} string`, "", `// Values of ${d.name}.`, "const (");
      for (const m of d.enumMembers) L.push(`\t${d.name}${m.memberName} ${d.name} = ${goString(m.value)}`);
      L.push(")", "");
      continue;
    }
    L.push(...doc(d), `type ${d.name} = ${g.goType(t)}`, "");
  }
  return L;
}
