// `codegen conformance --vectors FILE... [--protocol NAME]`: runs vector files (vectors/README.md)
// through the generated TypeScript (in-process) and the generated Go (one long-lived process) and
// reports every disagreement and every failure; exit 1 when there is any.
import { GoProcess } from "./go";
import { runVectors } from "./run";
import { readVectorFile, type Vector } from "./vectors";

export const CONFORMANCE_USAGE = `usage: codegen conformance --vectors FILE... [--protocol NAME]
  Runs vector files (format: vectors/README.md) through the TypeScript and the Go decoders and encoders.
  The protocol of a file is the name of its folder (vectors/runner/x.jsonl: runner) unless --protocol says.`;

export async function runConformance(args: string[], root: string): Promise<number> {
  const files: string[] = [];
  let protocol: string | undefined;
  let inVectors = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--vectors") inVectors = true;
    else if (a === "--protocol") {
      protocol = args[++i];
      if (protocol === undefined) {
        console.error(CONFORMANCE_USAGE);
        return 2;
      }
    } else if (a.startsWith("--")) {
      console.error(`codegen conformance: unknown option ${a}\n${CONFORMANCE_USAGE}`);
      return 2;
    } else if (inVectors) files.push(a);
    else {
      console.error(`codegen conformance: ${a}: give vector files after --vectors\n${CONFORMANCE_USAGE}`);
      return 2;
    }
  }
  if (files.length === 0) {
    console.error(CONFORMANCE_USAGE);
    return 2;
  }
  const vectors: Vector[] = [];
  for (const f of files) {
    try {
      vectors.push(...readVectorFile(f, protocol));
    } catch (e) {
      console.error(`codegen conformance: ${e instanceof Error ? e.message : String(e)}`);
      return 1;
    }
  }
  const go = GoProcess.start(root);
  try {
    const started = Date.now();
    const report = await runVectors(root, vectors, go);
    for (const p of report.problems) {
      const v = p.vector;
      console.log(
        `${v.file}:${v.line}: ${v.id}: ${p.kind === "disagreement" ? "DISAGREEMENT" : "FAILURE"}: ${p.detail}`,
      );
    }
    const disagreements = report.problems.filter((p) => p.kind === "disagreement").length;
    const failures = report.problems.length - disagreements;
    console.log(
      `codegen conformance: ${report.vectors} vectors from ${files.length} files, TypeScript and Go (${go.requests} Go requests) in ${((Date.now() - started) / 1000).toFixed(1)} s: ${disagreements} disagreements, ${failures} failures`,
    );
    return report.problems.length === 0 ? 0 : 1;
  } finally {
    await go.close();
  }
}
