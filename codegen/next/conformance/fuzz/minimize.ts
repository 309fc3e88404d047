// A finding's schema shrunk to a small one that still shows the same finding (same kind and
// signature), for a named test case and a report a person can read.
import type { SchemaSet } from "../../../schema/set";
import type { Oracle } from "../arbitrary";
import type { GeneratedSchema } from "./grammar";
import { replay, type Finding } from "./run";
import { shrinkSchema } from "./shrink";

/** What makes two findings the same one: the kind and the first distinctive words of the detail. */
export function signature(f: Finding): string {
  const d = f.detail.replace(/^[\w+-]+: /, "");
  if (f.kind === "ts-compile") return `${f.kind} ${[...new Set(d.match(/TS\d+/g) ?? [])].sort().join(",")}`;
  if (f.kind === "go-compile") {
    const first = /\.go:\d+:\d+: (.*)/.exec(f.detail)?.[1] ?? f.detail.split("\n")[0]!;
    return `${f.kind} ${first.replace(/\b[SF]\d*[A-Z]\w*|\b\d+\b/g, "_").slice(0, 80)}`;
  }
  if (f.kind === "fault" || f.kind === "crash")
    return `${f.kind} ${(d.match(/threw (\w+(?:: [^\n(]{0,40})?)/) ?? ["", d.slice(0, 40)])[1]}`;
  // verdict disagreements: which way round
  const verdicts = [...d.matchAll(/(TS|Go) (ok|ignored|error \w+)/g)].map((m) => `${m[1]} ${m[2]}`);
  const oracle = /evaluator: (valid|invalid)/.exec(d)?.[1] ?? "";
  return `${f.kind} ${verdicts.join(" ")} ${oracle}`.trim();
}

export async function minimize(
  root: string,
  oracle: (set: SchemaSet) => Oracle,
  f: Finding,
  budget = 300,
): Promise<{ schema: string; calls: number }> {
  const want = signature(f);
  const input =
    f.input === undefined
      ? []
      : [
          {
            type: f.type!,
            input:
              "text" in f.input
                ? new TextEncoder().encode(f.input.text)
                : new Uint8Array(Buffer.from(f.input.base64, "base64")),
          },
        ];
  const go =
    f.kind === "go-compile" ||
    f.kind === "ts-go" ||
    f.kind === "go-validity" ||
    f.kind === "go-encode" ||
    (f.kind === "fault" && f.detail.includes("Go:"));
  const holds = async (text: string): Promise<boolean> => {
    const schema: GeneratedSchema = { draft: f.draft as GeneratedSchema["draft"], text, defs: [] };
    const r = await replay({
      root,
      oracle,
      index: f.index,
      schema,
      instances: input,
      go,
      tsc: f.kind === "ts-compile",
      ajv: f.kind === "oracles",
    });
    return r.findings.some((x) => x.kind === f.kind && signature(x) === want);
  };
  const out = await shrinkSchema(f.schema, holds, go ? Math.min(budget, 60) : budget);
  return { schema: out.text, calls: out.calls };
}
