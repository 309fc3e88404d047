// Generated TypeScript of the new emitter, loaded in memory (transpiled, then run as a CommonJS
// module: the file is self-contained), and type-checked in batches with the options a user's
// project has (tsc --strict --exactOptionalPropertyTypes --noUncheckedIndexedAccess).
import ts from "typescript";
import { TsProtocol } from "./ts";
import { emitTypeScript } from "../ts/emit";
import type { Protocol } from "../ir/types";

/** The module of a generated file's text. */
export function loadModule(source: string): Record<string, unknown> {
  const js = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const module = { exports: {} as Record<string, unknown> };
  new Function("module", "exports", "require", js)(module, module.exports, () => {
    throw new Error("generated TypeScript must not import anything");
  });
  return module.exports;
}

/** A protocol's generated TypeScript, loaded: the same API the vector and property checks use. */
export function loadTs(p: Protocol, source: string = emitTypeScript(p)): TsProtocol {
  const open = new Set(p.decls.filter((d) => d.type.kind === "union" && d.type.open).map((d) => d.name));
  return new TsProtocol(p.name, loadModule(source), open);
}

export const STRICT: ts.CompilerOptions = {
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
  types: [],
  skipLibCheck: true,
};

/**
 * Type-checks generated files together in one program (each is its own module); the diagnostics
 * of each file by name (empty: it compiles). A host over memory: nothing is written.
 */
export function typecheck(files: Map<string, string>, options: ts.CompilerOptions = STRICT): Map<string, string[]> {
  const host = ts.createCompilerHost(options);
  const read = host.readFile.bind(host);
  const exists = host.fileExists.bind(host);
  const getSource = host.getSourceFile.bind(host);
  host.readFile = (f) => files.get(f) ?? read(f);
  host.fileExists = (f) => files.has(f) || exists(f);
  host.getSourceFile = (f, lang, onError, create) =>
    files.has(f) ? ts.createSourceFile(f, files.get(f)!, lang) : getSource(f, lang, onError, create);
  host.writeFile = () => undefined;
  const program = ts.createProgram([...files.keys()], options, host);
  const out = new Map<string, string[]>([...files.keys()].map((f) => [f, []]));
  for (const d of ts.getPreEmitDiagnostics(program)) {
    const name = d.file?.fileName ?? "(global)";
    const text = ts.flattenDiagnosticMessageText(d.messageText, "\n");
    const where =
      d.file !== undefined && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
    const list = out.get(name) ?? [];
    list.push(`${where ? `${where.line + 1}:${where.character + 1} ` : ""}TS${d.code}: ${text}`);
    out.set(name, list);
  }
  return out;
}
