// How a type reads in the reference: its type text (a link for a definition, the values of a
// const or enum, `T | null`, ...), its constraints (one short phrase per check, in IR order), and
// the text of a schema that only checks (contains, propertyNames, not, if, ...).
import { valuesOfChecks, valuesOfEnums } from "../keywords/const-enum";
import { isNullable, kindsAccepted, nullableOf } from "../ir/query";
import type { ArrayType, Decl, Doc, Kind, ObjectType, StringType, Type } from "../ir/types";
import { applicatorTexts } from "./applicators";
import { anchor, codeSpan, json } from "./markdown";

/** A definition that merely names a string, number, array or nullable type (an alias such as NonEmptyString). */
export function aliasOf(d: Decl): Decl | undefined {
  if (d.constant !== undefined || d.type.kind === "object") return undefined;
  return d.type.kind === "union" && !isNullable(d.type) ? undefined : d;
}

export const link = (d: Decl): string => `[${d.name}](#${anchor(d.name)})`;

/** The values of const/enum of objects and arrays, kept as allOf branches beside a kind. */
function enumBranches(t: Type): unknown[] | undefined {
  const branches = (t.also ?? []).filter((a) => a.family === "allOf" && a.type.kind === "enum");
  return branches.length === 0 ? undefined : valuesOfEnums(branches.map((a) => (a as { type: Type }).type));
}

const KIND_TEXT: Record<string, string> = { object: "JSON object", array: "JSON array" };
const NOTHING = "nothing (no value is valid)";

/** The aliases whose text typeText is writing: a recursive one (A = array of A) is named, not expanded again. */
const expanding = new Set<Decl>();

/** The type column: what a value is. `aliases`: a reference to an alias says what it names. */
export function typeText(t: Type, aliases = false): string {
  const values = enumBranches(t);
  if (values !== undefined) return values.map(json).join(" or ");
  switch (t.kind) {
    case "ref": {
      const a = aliases && !expanding.has(t.decl) ? aliasOf(t.decl) : undefined;
      if (a === undefined) return link(t.decl);
      if (a.enumMembers !== undefined) return `${link(t.decl)} (enum)`;
      expanding.add(a);
      try {
        return `${link(t.decl)} (${typeText(a.type, aliases)})`;
      } finally {
        expanding.delete(a);
      }
    }
    case "string": {
      const vs = valuesOfChecks(t.checks);
      if (vs?.length === 0) return NOTHING;
      return vs === undefined ? "string" : vs.map(json).join(" or ");
    }
    case "integer":
    case "number": {
      const vs = valuesOfChecks(t.checks);
      if (vs === undefined) return t.kind;
      // const and enum that contradict each other (const 1 beside enum [0.1]) admit no value
      if (vs.length === 0) return NOTHING;
      return t.checks.some((c) => c.family === "const")
        ? `${t.kind} ${json(vs[0])}`
        : `${t.kind}: ${vs.map(json).join(", ")}`;
    }
    case "boolean":
      return t.const !== undefined ? json(t.const) : "boolean";
    case "null":
      return "`null`";
    case "never":
      return NOTHING;
    case "any":
      if (t.kinds === undefined) return "any JSON value";
      return t.kinds.map((k) => KIND_TEXT[k] ?? k).join(" or ");
    case "enum":
      return t.values.map(json).join(" or ");
    case "array":
      return arrayText(t, aliases);
    case "object":
      return t.properties.length === 0
        ? "object"
        : `object (${t.properties.map((p) => fieldText(p, aliases)).join(", ")})`;
    case "union":
      if (isNullable(t)) return `${typeText(nullableOf(t), aliases)} | null`;
      return t.variants.map((v) => typeText(v, aliases)).join(" or ");
  }
}

function fieldText(p: ObjectType["properties"][number], aliases: boolean): string {
  return `${codeSpan(p.name)}${p.required ? "" : " (optional)"}: ${typeText(p.type, aliases)}`;
}

function arrayText(t: ArrayType, aliases: boolean): string {
  const items = t.items === undefined ? "any JSON value" : typeText(t.items, aliases);
  if (t.prefix.length === 0) return `array of ${items}`;
  const rest = t.items?.kind === "never" ? "" : `, then ${items}...`;
  return `array [${t.prefix.map((x) => typeText(x, aliases)).join(", ")}${rest}]`;
}

/** The constraints column: one phrase per check, the applicators beside the type last. */
export function constraintsOf(t: Type): string[] {
  const out: string[] = [];
  switch (t.kind) {
    case "ref": {
      const a = expanding.has(t.decl) ? undefined : aliasOf(t.decl);
      if (a === undefined || a.enumMembers !== undefined) break;
      expanding.add(a);
      try {
        out.push(...constraintsOf(a.type));
      } finally {
        expanding.delete(a);
      }
      break;
    }
    case "string":
      out.push(...stringConstraints(t));
      break;
    case "integer":
    case "number":
      for (const c of t.checks) {
        if (c.family === "bounds") {
          if (c.minimum !== undefined) out.push(`≥ ${c.minimum}`);
          if (c.exclusiveMinimum !== undefined) out.push(`> ${c.exclusiveMinimum}`);
          if (c.maximum !== undefined) out.push(`≤ ${c.maximum}`);
          if (c.exclusiveMaximum !== undefined) out.push(`< ${c.exclusiveMaximum}`);
        } else if (c.family === "multipleOf") out.push(`multiple of ${c.value}`);
      }
      break;
    case "array":
      out.push(...arrayConstraints(t));
      break;
    case "union":
      if (isNullable(t)) out.push(...constraintsOf(nullableOf(t)));
      break;
    default:
      break;
  }
  out.push(...applicatorTexts(t, schemaText));
  return out;
}

function stringConstraints(t: StringType): string[] {
  const out: string[] = [];
  for (const c of t.checks) {
    if (c.family === "length") {
      if (c.min !== undefined) out.push(`length ≥ ${c.min}`);
      if (c.max !== undefined) out.push(`length ≤ ${c.max}`);
    } else if (c.family === "pattern") out.push(`matches ${codeSpan(c.pattern.source)}`);
    else if (c.family === "format") out.push(`format ${codeSpan(c.format)} (checked)`);
  }
  const annotation = t.doc?.format;
  if (annotation !== undefined && !t.checks.some((c) => c.family === "format" && c.format === annotation))
    out.push(`format ${codeSpan(annotation)} (not checked)`);
  if (t.secret) out.push("secret: never printed");
  return out;
}

function arrayConstraints(t: ArrayType): string[] {
  const out: string[] = [];
  for (const c of t.checks) {
    if (c.family === "items-length") {
      if (c.min !== undefined) out.push(`≥ ${c.min} items`);
      if (c.max !== undefined) out.push(`≤ ${c.max} items`);
    } else if (c.family === "unique") out.push("items unique");
    else if (c.family === "contains") {
      const count = c.max === undefined ? `≥ ${c.min}` : c.min === 0 ? `≤ ${c.max}` : `${c.min} to ${c.max}`;
      const itemKinds = t.items === undefined ? undefined : kindsAccepted(t.items);
      out.push(
        `${count} item${c.min === 1 && c.max === undefined ? "" : "s"} matching ${schemaText(c.type, itemKinds)}`,
      );
    }
  }
  t.prefix.forEach((x, i) => out.push(...constraintsOf(x).map((c) => `item ${i + 1} ${c}`)));
  if (t.items !== undefined) for (const c of constraintsOf(t.items)) out.push(`items ${c}`);
  return out;
}

/** The constraints of an object beside its fields: counts, dependencies, key names. */
export function objectConstraints(o: ObjectType): string[] {
  const out: string[] = [];
  for (const c of o.checks) {
    if (c.family === "size") {
      if (c.min !== undefined) out.push(`at least ${c.min} field${c.min === 1 ? "" : "s"}`);
      if (c.max !== undefined) out.push(`at most ${c.max} field${c.max === 1 ? "" : "s"}`);
    } else if (c.family === "dependentRequired")
      out.push(`with ${codeSpan(c.key)} present, ${c.required.map(codeSpan).join(", ")} required too`);
    else if (c.family === "dependentSchemas")
      out.push(`with ${codeSpan(c.key)} present, also ${schemaText(c.type, ["object"])}`);
    else if (c.family === "propertyNames") out.push(`every key: ${schemaText(c.type, ["string"])}`);
  }
  return out;
}

/** The applicators beside a type, one phrase each. */
export const alsoTexts = (t: Type): string[] => applicatorTexts(t, schemaText);

/** A type with its constraints, in one phrase: "string (length ≥ 1)". */
export function described(t: Type): string {
  const cs = constraintsOf(t);
  return cs.length === 0 ? typeText(t) : `${typeText(t)} (${cs.join("; ")})`;
}

/** A check-position schema split by kind, narrowed to the variants for the kinds the checked value can have. */
function narrowTo(t: Type, kinds: readonly Kind[] | undefined): Type {
  if (kinds === undefined || t.kind !== "union" || isNullable(t) || t.also !== undefined) return t;
  const keep = t.variants.filter((v) => kindsAccepted(v).some((k) => kinds.includes(k)));
  return keep.length === 1 ? keep[0]! : t;
}

const isFree = (t: Type): boolean => t.kind === "any" && t.also === undefined;

/** A field of an object that only checks: "`a` present", "`b` (if present): integer". */
function checkedFieldText(p: ObjectType["properties"][number]): string | undefined {
  if (isFree(p.type) && (p.type as { kinds?: Kind[] }).kinds === undefined)
    return p.required ? `${codeSpan(p.name)} present` : undefined;
  return `${codeSpan(p.name)}${p.required ? "" : " (if present)"}: ${described(p.type)}`;
}

/**
 * A schema that only checks, for a value of `kinds` (undefined: any kind). One the builder split by
 * kind (keywords of one kind, in a schema without `type`) is narrowed to the value's kinds, else
 * reads "number (≥ 10), or any value of another kind".
 */
export function schemaText(t: Type, kinds?: readonly Kind[]): string {
  const n = narrowTo(t, kinds);
  if (n.kind === "union" && !isNullable(n) && n.also === undefined) {
    const free = n.variants.filter((v) => isFree(v) && (v as { kinds?: Kind[] }).kinds !== undefined);
    if (free.length === 1 && n.variants.length > 1) {
      const rest = n.variants.filter((v) => v !== free[0]).map((v) => schemaText(v));
      return `${rest.join(" or ")}, or any value of another kind`;
    }
  }
  const own = kinds !== undefined && kinds.length === 1 && kindsAccepted(n).every((k) => k === kinds[0]);
  if (n.kind === "object") {
    const parts = [
      ...n.properties.map(checkedFieldText).filter((x): x is string => x !== undefined),
      ...objectConstraints(n),
      ...(n.extras.kind === "reject" ? ["no other fields"] : []),
      ...applicatorTexts(n, schemaText),
    ];
    if (own) return parts.join("; ") || "any object";
    return parts.length === 0 ? "object" : `object (${parts.join("; ")})`;
  }
  const scalar = n.kind === "string" || n.kind === "integer" || n.kind === "number";
  const plainArray = n.kind === "array" && n.prefix.length === 0 && n.items === undefined;
  if (own && ((scalar && valuesOfChecks(n.checks) === undefined) || plainArray)) {
    const cs = constraintsOf(n);
    if (cs.length > 0) return cs.join(", ");
  }
  return described(n);
}

/** The description cell: deprecated first, the title, the description, then the other annotations. */
export function docText(doc: Doc | undefined): string {
  const parts: string[] = [];
  if (doc?.deprecated) parts.push("**Deprecated.**");
  if (doc?.title !== undefined) parts.push(`**${doc.title.replace(/\.$/, "")}.**`);
  if (doc?.description) parts.push(doc.description);
  if (doc?.default !== undefined) parts.push(`Default: ${json(doc.default)}.`);
  if (doc?.examples !== undefined && doc.examples.length > 0)
    parts.push(`Example${doc.examples.length === 1 ? "" : "s"}: ${doc.examples.map(json).join(", ")}.`);
  if (doc?.readOnly) parts.push("Read-only.");
  if (doc?.writeOnly) parts.push("Write-only.");
  if (doc?.contentMediaType !== undefined || doc?.contentEncoding !== undefined) {
    const what = [doc.contentMediaType, doc.contentEncoding].filter((x) => x !== undefined).map((x) => codeSpan(x!));
    parts.push(`Content: ${what.join(", ")}.`);
  }
  return parts.join(" ");
}
