// Loads generated TypeScript text as a module, in memory (transpile only; type checks are separate tests).
import ts from "typescript";

export function loadGenerated(source: string): Record<string, unknown> {
  const js = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const module = { exports: {} as Record<string, unknown> };
  new Function("module", "exports", "require", js)(module, module.exports, require);
  return module.exports;
}
