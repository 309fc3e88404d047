// Reads the emitted TypeScript declarations with ts-morph (the compiler's view, not our printer's)
// and checks them against the IR: every definition has its decoder and encoder with the promised
// signatures, optional properties are exactly the non-required ones, and doc comments are there.
// The IR is the new core's (codegen/next/ir), as `codegen generate` builds it.
import { join } from "node:path";
import { Node, Project, type SourceFile } from "ts-morph";
import { loadProtocols } from "../../codegen/cli";
import type { Protocol } from "../../codegen/next/ir/types";

const ROOT = join(__dirname, "../..");
const protocols = new Map(loadProtocols(ROOT).map((p) => [p.name, p]));

describe.each(["runner", "jsonl"])("out/ts/%s/generated.ts", (name) => {
  let p: Protocol;
  let file: SourceFile;
  beforeAll(() => {
    p = protocols.get(name)!;
    const project = new Project({
      compilerOptions: {
        strict: true,
        exactOptionalPropertyTypes: true,
        noUncheckedIndexedAccess: true,
        lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
      },
    });
    file = project.addSourceFileAtPath(join(ROOT, "out/ts", name, "generated.ts"));
  });

  it("has decodeX and encodeX with the promised signatures for every definition", () => {
    for (const d of p.decls.filter((x) => x.constant === undefined)) {
      expect([d.names.ts.decode, d.names.ts.encode]).toEqual([`decode${d.name}`, `encode${d.name}`]);
      const dec = file.getFunctionOrThrow(`decode${d.name}`);
      const enc = file.getFunctionOrThrow(`encode${d.name}`);
      expect(dec.isExported() && enc.isExported()).toBe(true);
      expect(dec.getParameters().map((x) => x.getTypeNode()?.getText())).toEqual(["string | Uint8Array"]);
      const open = d.type.kind === "union" && d.type.open;
      expect(dec.getReturnTypeNode()?.getText()).toBe(open ? `${d.name} | null` : d.name);
      expect(enc.getParameters().map((x) => x.getTypeNode()?.getText())).toEqual([d.name]);
      expect(enc.getReturnTypeNode()?.getText()).toBe("string");
    }
  });

  it("declares objects as type literals whose optional properties are exactly the non-required ones, with doc comments", () => {
    for (const d of p.decls) {
      if (d.type.kind !== "object") continue;
      const alias = file.getTypeAliasOrThrow(d.name);
      expect(alias.getJsDocs().length).toBe(1);
      const iface = alias.getTypeNodeOrThrow();
      if (!Node.isTypeLiteral(iface)) throw new Error(`${d.name} is not an object type literal`);
      for (const prop of d.type.properties) {
        const sig = iface.getPropertyOrThrow(JSON.stringify(prop.name).slice(1, -1));
        expect([prop.name, sig.hasQuestionToken()]).toEqual([prop.name, !prop.required]);
        const description = prop.doc?.description;
        if (description !== undefined)
          expect(
            sig
              .getJsDocs()
              .map((j) => j.getDescription())
              .join(" "),
          ).toContain(description.split("\n")[0]!.slice(0, 20));
      }
      expect(iface.getIndexSignatures().length).toBe(d.type.extras.kind === "keep" ? 1 : 0);
    }
  });

  it("exports every constant and enum member with its value", () => {
    for (const d of p.decls) {
      if (d.constant === undefined && d.enumMembers === undefined) continue;
      const v = file.getVariableDeclarationOrThrow(d.name);
      expect(v.getVariableStatementOrThrow().isExported()).toBe(true);
      const text = v.getInitializerOrThrow().getText();
      if (d.constant !== undefined)
        expect(
          text
            .replace(/\s+as const$/, "")
            .replace(/\s/g, "")
            .replace(/,\]$/, "]"),
        ).toBe(JSON.stringify(d.constant.value));
      for (const m of d.enumMembers ?? []) expect(text).toContain(`${m.name}: ${JSON.stringify(m.value)}`);
    }
  });

  it("has no type errors under the strict flags", () => {
    const diags = file.getPreEmitDiagnostics().map((x) => x.getMessageText().toString());
    expect(diags).toEqual([]);
  });
});
