// A pipe for the cross-process round trips (tests/go/roundtrip_test.go): reads frames of one type
// from stdin with the generated TypeScript reader and writes each one re-encoded on stdout. A bad
// frame is written as the line "!error CODE POINTER", which no reader accepts.
//   node -r tsx/cjs codegen/next/conformance/echo.ts PROTOCOL TYPE   (from the repository root)
import { resolve } from "node:path";
import { READER_CAP, TsProtocol } from "./ts";

async function main(): Promise<number> {
  const [protocol, type] = process.argv.slice(2);
  if (protocol === undefined || type === undefined) {
    console.error("usage: echo.ts PROTOCOL TYPE");
    return 2;
  }
  const p = TsProtocol.load(resolve(__dirname, "../../.."), protocol);
  const c = p.codec(type);
  if (c.read === undefined) {
    console.error(`${type} has no frame reader`);
    return 2;
  }
  let bad = 0;
  const out: string[] = [];
  const flush = async (): Promise<void> => {
    if (out.length === 0) return;
    const chunk = out.join("");
    out.length = 0;
    if (!process.stdout.write(chunk)) await new Promise((r) => process.stdout.once("drain", r));
  };
  for await (const f of c.read(process.stdin as AsyncIterable<Uint8Array>, p.frameLimit ?? READER_CAP)) {
    if (f.ok) {
      if (f.value !== null) out.push(c.encode(f.value) + "\n");
    } else {
      bad++;
      const e = f.error as { code: string; pointer: string };
      out.push(`!error ${e.code} ${JSON.stringify(e.pointer)}\n`);
    }
    if (out.length >= 256) await flush();
  }
  await flush();
  return bad === 0 ? 0 : 1;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (e) => {
    console.error(e instanceof Error ? e.stack : String(e));
    process.exitCode = 2;
  },
);
