// The protocol reference: out/docs/<protocol>.md, the tables a careful person writes by hand.
// Pure and deterministic: schema order, no dates, the schema digest in the header.
import { computeDirections, type Directions } from "../diff/direction";
import type { Decl, Dispatch, ObjectType, Property, Protocol, Type, UnionType } from "../ir/types";
import { schemaSource } from "../source";

const anchor = (name: string): string => name.toLowerCase().replace(/[^a-z0-9_-]/g, "");

/** Escapes text for one Markdown table cell. */
function cell(text: string): string {
  return text.replace(/\r?\n+/g, " ").replace(/\|/g, "\\|").trim();
}

/** A code span that survives backticks inside. */
function codeSpan(text: string): string {
  const fence = text.includes("`") ? "``" : "`";
  const pad = text.startsWith("`") || text.endsWith("`") ? " " : "";
  return `${fence}${pad}${text}${pad}${fence}`;
}

const json = (v: unknown): string => codeSpan(JSON.stringify(v));

function table(head: string[], rows: string[][]): string[] {
  return [`| ${head.join(" | ")} |`, `|${head.map(() => "---").join("|")}|`, ...rows.map((r) => `| ${r.map(cell).join(" | ")} |`)];
}

/** Looks up a named definition that merely names a string, number or array type (an alias such as NonEmptyString). */
type Aliases = (name: string) => Decl | undefined;

function typeText(t: Type, alias: Aliases = () => undefined): string {
  switch (t.kind) {
    case "ref": {
      const link = `[${t.name}](#${anchor(t.name)})`;
      const a = alias(t.name);
      if (a === undefined) return link;
      return a.enumMembers !== undefined ? `${link} (enum)` : `${link} (${typeText(a.type, alias)})`;
    }
    case "string":
      if (t.const !== undefined) return json(t.const);
      if (t.enum !== undefined) return t.enum.map(json).join(" or ");
      return "string";
    case "integer":
    case "number":
      if (t.const !== undefined) return `${t.kind} ${json(t.const)}`;
      if (t.enum !== undefined) return `${t.kind}: ${t.enum.map(json).join(", ")}`;
      return t.kind;
    case "boolean":
      return t.const !== undefined ? json(t.const) : "boolean";
    case "null":
      return "`null`";
    case "any":
      if (t.kinds === undefined) return "any JSON value";
      return t.kinds.map((k) => (k === "object" ? "JSON object" : k === "array" ? "JSON array" : k)).join(" or ");
    case "array":
      return `array of ${typeText(t.items, alias)}`;
    case "object":
      return "object";
    case "union":
      return t.variants.map((v) => typeText(v, alias)).join(" or ");
  }
}

function constraintsOf(t: Type, alias: Aliases = () => undefined): string[] {
  const out: string[] = [];
  switch (t.kind) {
    case "ref": {
      const a = alias(t.name);
      if (a !== undefined && a.enumMembers === undefined) out.push(...constraintsOf(a.type, alias));
      break;
    }
    case "string":
      if (t.minLength !== undefined && t.minLength > 0) out.push(`length ≥ ${t.minLength}`);
      if (t.maxLength !== undefined) out.push(`length ≤ ${t.maxLength}`);
      if (t.pattern !== undefined) out.push(`matches ${codeSpan(t.pattern)}`);
      if (t.secret) out.push("secret: never printed");
      break;
    case "integer":
    case "number":
      if (t.minimum !== undefined) out.push(`≥ ${t.minimum}`);
      if (t.exclusiveMinimum !== undefined) out.push(`> ${t.exclusiveMinimum}`);
      if (t.maximum !== undefined) out.push(`≤ ${t.maximum}`);
      if (t.exclusiveMaximum !== undefined) out.push(`< ${t.exclusiveMaximum}`);
      if (t.multipleOf !== undefined) out.push(`multiple of ${t.multipleOf}`);
      break;
    case "array":
      if (t.minItems !== undefined && t.minItems > 0) out.push(`≥ ${t.minItems} items`);
      if (t.maxItems !== undefined) out.push(`≤ ${t.maxItems} items`);
      for (const c of constraintsOf(t.items, alias)) out.push(`items ${c}`);
      break;
    default:
      break;
  }
  return out;
}

function describe(text: string | undefined, deprecated: boolean | undefined): string {
  const d = text ?? "";
  return deprecated ? `**Deprecated.** ${d}`.trim() : d;
}

function fieldTable(o: ObjectType, alias: Aliases): string[] {
  if (o.properties.length === 0) return ["No fields: always `{}`."];
  return table(
    ["Field", "Type", "Required", "Constraints", "Description"],
    o.properties.map((p: Property) => [codeSpan(p.name), typeText(p.type, alias), p.required ? "required" : "optional", constraintsOf(p.type, alias).join("; ") || "—", describe(p.description, p.deprecated)]),
  );
}

/** 4194304 -> "4,194,304" (fixed, not locale-dependent). */
function grouped(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

function extrasLine(o: ObjectType): string {
  return o.extras === "reject" ? "Unknown fields are rejected." : "Open object: unknown fields are kept and written back after the declared ones.";
}

/** For each variant, the condition under which the union picks it. */
function conditions(u: UnionType): string[][] {
  const out: string[][] = u.variants.map(() => []);
  const walk = (d: Dispatch, path: string[]): void => {
    switch (d.by) {
      case "leaf":
        out[d.variant]!.push(path.length === 0 ? "always" : path.join(" and "));
        return;
      case "none":
        return;
      case "kind":
        for (const c of d.cases) walk(c.next, [...path, `the value is ${c.kind === "array" || c.kind === "object" ? "an" : "a"} ${c.kind}`]);
        return;
      case "presence":
        walk(d.present, [...path, `${codeSpan(d.key)} present`]);
        walk(d.absent, [...path, `${codeSpan(d.key)} absent`]);
        return;
      case "const":
        for (const c of d.cases) walk(c.next, [...path, `${codeSpan(d.key)} = ${json(c.value)}`]);
        return;
    }
  };
  walk(u.dispatch, []);
  return out;
}

function unionBody(u: UnionType, alias: Aliases): string[] {
  const when = conditions(u);
  return [
    u.open ? "Open union: a value that matches no variant is ignored, not an error." : "Closed union: a value that matches no variant is an error (`unknown_variant`).",
    "",
    ...table(["Variant", "Chosen when"], u.variants.map((v, i) => [typeText(v, alias), when[i]!.join("; or ") || "never"])),
  ];
}

function constOf(t: Type): string | undefined {
  return t.kind === "string" && t.const !== undefined ? t.const : undefined;
}

function propertyOf(d: Decl, name: string): Property | undefined {
  return d.type.kind === "object" ? d.type.properties.find((p) => p.name === name) : undefined;
}

function list(parties: string[]): string {
  return parties.length === 0 ? "the other side" : parties.join(", ");
}

function directionLine(dirs: Directions, d: Decl): string {
  const dir = dirs.of(d.name);
  if (!dir.known) return "Carried by no frame of this protocol.";
  return `Written by ${list(dir.writers)}; read by ${list(dir.readers)}.`;
}

class DocWriter {
  private readonly out: string[] = [];
  private readonly dirs: Directions;

  private readonly alias: Aliases;

  constructor(private readonly p: Protocol) {
    this.dirs = computeDirections(p);
    const byName = new Map(p.decls.map((d) => [d.name, d]));
    this.alias = (name) => {
      const d = byName.get(name);
      return d !== undefined && d.constant === undefined && d.type.kind !== "object" && d.type.kind !== "union" ? d : undefined;
    };
  }

  private push(...lines: string[]): void {
    this.out.push(...lines);
  }

  private section(title: string, decls: Decl[], body: (d: Decl) => void, intro?: string): void {
    if (decls.length === 0) return;
    this.push("", `## ${title}`);
    if (intro !== undefined) this.push("", intro);
    for (const d of decls) {
      this.push("", `### ${d.name}`);
      if (d.description) this.push("", describe(d.description, d.deprecated));
      else if (d.deprecated) this.push("", "**Deprecated.**");
      body(d);
    }
  }

  emit(): string {
    const { p } = this;
    const decls = p.decls;
    const constants = decls.filter((d) => d.constant !== undefined);
    const frames = decls.filter((d) => d.constant === undefined && d.sentBy !== undefined);
    const readers = decls.filter((d) => d.constant === undefined && d.frame === true && d.sentBy === undefined);
    const methods = frames.filter((d) => constOf(propertyOf(d, "method")?.type ?? { kind: "null", origin: d.origin }) !== undefined);
    const events = frames.filter((d) => constOf(propertyOf(d, "event")?.type ?? { kind: "null", origin: d.origin }) !== undefined);
    const rest = decls.filter((d) => d.constant === undefined && d.sentBy === undefined && d.frame !== true);
    const records = rest.filter((d) => d.type.kind === "object");
    const unions = rest.filter((d) => d.type.kind === "union");
    const enums = rest.filter((d) => d.enumMembers !== undefined);
    const others = rest.filter((d) => d.type.kind !== "object" && d.type.kind !== "union" && d.enumMembers === undefined);

    this.push(`<!-- Code generated by codegen from ${schemaSource(p)}. DO NOT EDIT. -->`, "", `# ${p.title ?? `The ${p.name} protocol`}`);
    if (p.description) this.push("", p.description);
    const facts: string[] = [];
    if (p.version !== undefined) facts.push(`- Protocol version: ${json(p.version)}`);
    if (p.frameLimit !== undefined) facts.push(`- Largest frame: ${grouped(p.frameLimit)} bytes (the line without its newline)`);
    facts.push(`- Schema: ${p.files.map(codeSpan).join(", ")}`, `- Schema digest (SHA-256): ${codeSpan(p.digest)}`);
    this.push("", ...facts);

    const parts: [string, boolean][] = [
      ["Constants", constants.length > 0], ["Frames", frames.length + readers.length > 0], ["Methods", methods.length > 0], ["Events", events.length > 0],
      ["Frame definitions", frames.length + readers.length > 0], ["Records", records.length > 0], ["Unions", unions.length > 0], ["Enums", enums.length > 0], ["Other types", others.length > 0],
    ];
    this.push("", "## Contents", "", ...parts.filter(([, has]) => has).map(([t]) => `- [${t}](#${t.toLowerCase().replace(/ /g, "-")})`));

    if (constants.length > 0) {
      this.push("", "## Constants", "", ...table(["Name", "Value", "Description"], constants.map((d) => [codeSpan(d.name), json(d.constant!.value), describe(d.description, d.deprecated)])));
    }
    if (frames.length + readers.length > 0) {
      this.push("", "## Frames");
      if (frames.length > 0) {
        this.push("", "Each frame is one line of JSON. `x-sent-by` says which side writes it; the other side reads it.", "");
        this.push(...table(["Frame", "Written by", "Read by", "Description"], frames.map((d) => {
          const dir = this.dirs.of(d.name);
          return [typeText({ kind: "ref", origin: d.origin, name: d.name }), d.sentBy!.join(", "), list(dir.readers), describe(d.description, d.deprecated)];
        })));
      }
      if (readers.length > 0) {
        this.push("", "Frame readers (`x-frame`): the types a whole line is decoded as.", "");
        this.push(...table(["Frame type", "Variants", "Description"], readers.map((d) => [
          typeText({ kind: "ref", origin: d.origin, name: d.name }),
          d.type.kind === "union" ? d.type.variants.map((v) => typeText(v)).join(", ") : typeText(d.type, this.alias),
          describe(d.description, d.deprecated),
        ])));
      }
    }
    if (methods.length > 0) {
      this.push("", "## Methods", "", "Requests, by the value of `method`; the response's `result` has the result type.", "");
      this.push(...table(["Method", "Called by", "Params", "Result", "Request", "Description"], methods.map((d) => {
        const params = propertyOf(d, "params");
        const paramText = params === undefined ? "—" : `${typeText(params.type, this.alias)}${params.required ? "" : " (or absent)"}`;
        const result = d.result === undefined ? "—" : typeText({ kind: "ref", origin: d.origin, name: d.result }, this.alias);
        return [json(constOf(propertyOf(d, "method")!.type)), d.sentBy!.join(", "), paramText, result, typeText({ kind: "ref", origin: d.origin, name: d.name }), describe(d.description, d.deprecated)];
      })));
    }
    if (events.length > 0) {
      this.push("", "## Events", "", "Events, by the value of `event`.", "");
      this.push(...table(["Event", "Sent by", "Data", "Frame", "Description"], events.map((d) => {
        const data = propertyOf(d, "data");
        return [json(constOf(propertyOf(d, "event")!.type)), d.sentBy!.join(", "), data === undefined ? "—" : typeText(data.type, this.alias), typeText({ kind: "ref", origin: d.origin, name: d.name }), describe(d.description, d.deprecated)];
      })));
    }
    this.section("Frame definitions", [...frames, ...readers], (d) => {
      const facts: string[] = [];
      if (d.sentBy !== undefined) facts.push(`Written by ${d.sentBy.join(", ")}; read by ${list(this.dirs.of(d.name).readers)}.`);
      if (d.result !== undefined) facts.push(`Result: ${typeText({ kind: "ref", origin: d.origin, name: d.result })}.`);
      if (d.type.kind === "object") facts.push(extrasLine(d.type));
      if (facts.length > 0) this.push("", facts.join(" "));
      if (d.type.kind === "object") this.push("", ...fieldTable(d.type, this.alias));
      else if (d.type.kind === "union") this.push("", ...unionBody(d.type, this.alias));
    });
    this.section("Records", records, (d) => {
      const o = d.type as ObjectType;
      this.push("", `${directionLine(this.dirs, d)} ${extrasLine(o)}`, "", ...fieldTable(o, this.alias));
    });
    this.section("Unions", unions, (d) => {
      this.push("", directionLine(this.dirs, d), "", ...unionBody(d.type as UnionType, this.alias));
    });
    if (enums.length > 0) {
      this.push("", "## Enums");
      for (const d of enums) {
        this.push("", `### ${d.name}`);
        if (d.description) this.push("", describe(d.description, d.deprecated));
        this.push("", directionLine(this.dirs, d), "", ...table(["Value", "Go constant"], d.enumMembers!.map((m) => [json(m.value), codeSpan(d.name + m.memberName)])));
      }
    }
    if (others.length > 0) {
      this.push("", "## Other types", "", "Named strings, numbers and arrays, used by the fields above.", "");
      this.push(...table(["Name", "Type", "Constraints", "Description"], others.map((d) => [`<a id="${anchor(d.name)}"></a>${codeSpan(d.name)}`, typeText(d.type, this.alias), constraintsOf(d.type, this.alias).join("; ") || "—", describe(d.description, d.deprecated)])));
    }
    return this.out.join("\n").replace(/\n*$/, "\n");
  }
}

/** The Markdown reference of one protocol (out/docs/<name>.md). */
export function emitDocs(p: Protocol): string {
  return new DocWriter(p).emit();
}
