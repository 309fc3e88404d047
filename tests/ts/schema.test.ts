// The protocol schemas themselves: valid draft 2020-12, described everywhere, internally consistent.
import Ajv2020 from "ajv/dist/2020";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { loadProtocols } from "../../codegen/cli";
import type { Type } from "../../codegen/next/ir/types";

const ROOT = join(__dirname, "../..");
// the new core's IR of each protocol, as `codegen generate` builds it
const ir = new Map(loadProtocols(ROOT).map((p) => [p.name, p]));
const loadProtocol = (name: string) => ir.get(name)!;
/** The single value a const (or one-value enum) string type allows. */
const constValue = (t: Type): unknown => {
  if (t.kind !== "string") return undefined;
  for (const c of t.checks) {
    if (c.family === "const") return c.value;
    if (c.family === "enum" && c.values.length === 1) return c.values[0];
  }
  return undefined;
};
const protocols = readdirSync(join(ROOT, "schema")).sort();

describe.each(protocols)("schema/%s", (name) => {
  const dir = join(ROOT, "schema", name);
  const files = readdirSync(dir).filter((f) => f.endsWith(".json"));

  it.each(files)("%s is valid against the draft 2020-12 meta-schema", (file) => {
    const ajv = new Ajv2020({ strict: false });
    const validate = ajv.getSchema("https://json-schema.org/draft/2020-12/schema")!;
    const ok = validate(JSON.parse(readFileSync(join(dir, file), "utf8")));
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
  });

  it("has a description on every definition and property", () => {
    const p = loadProtocol(name);
    const missing: string[] = [];
    for (const d of p.decls) {
      if (!d.hoisted && !d.doc?.description) missing.push(`${d.origin.file}#${d.origin.pointer}`);
      if (d.type.kind === "object")
        for (const prop of d.type.properties)
          if (!prop.doc?.description) missing.push(`${prop.origin.file}#${prop.origin.pointer}`);
    }
    expect(missing).toEqual([]);
  });
});

describe("schema/runner", () => {
  const p = loadProtocol("runner");
  const decl = (n: string) => p.decls.find((d) => d.name === n)!;
  const constOf = (declName: string, key: string): unknown => {
    const t = decl(declName).type;
    if (t.kind !== "object") throw new Error(`${declName} is not an object`);
    const prop = t.properties.find((x) => x.name === key)!;
    return constValue(prop.type);
  };

  it("lists in Method exactly the methods of the request definitions", () => {
    const methods = p.decls.filter((d) => d.result !== undefined).map((d) => constOf(d.name, "method"));
    expect(new Set(methods)).toEqual(new Set(decl("Method").enumMembers!.map((m) => m.value)));
  });

  it("lists in EventName exactly the events of the event definitions", () => {
    const events = p.decls
      .filter((d) => d.type.kind === "object" && d.type.properties.some((x) => x.name === "event"))
      .map((d) => constOf(d.name, "event"));
    expect(new Set(events)).toEqual(new Set(decl("EventName").enumMembers!.map((m) => m.value)));
  });

  it("declares the protocol constants", () => {
    expect(p.frameLimit).toBe(4 * 1024 * 1024);
    expect(decl("OpenTimeoutSeconds").constant?.value).toBe(30);
    expect(decl("MaxConcurrentToolCalls").constant?.value).toBe(32);
    expect(decl("ChildEnvAllowList").constant?.value).toEqual([
      "PATH",
      "SystemRoot",
      "WINDIR",
      "COMSPEC",
      "PATHEXT",
      "TMP",
      "TEMP",
      "TMPDIR",
      "LANG",
      "LC_ALL",
    ]);
    expect(decl("ChildEnvFixed").constant?.value).toEqual(["NO_COLOR=1"]);
  });

  it("says which side writes every frame variant", () => {
    for (const name of ["RunnerFrame", "HostToRunnerFrame", "RunnerToHostFrame"]) {
      const t = decl(name).type;
      if (t.kind !== "union") throw new Error(`${name} is not a union`);
      for (const v of t.variants) expect(v.kind === "ref" && v.decl.sentBy).toBeTruthy();
    }
  });
});
