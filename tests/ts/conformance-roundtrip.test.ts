// Round trip across processes: TypeScript encodes frames, pipes them to a Go program that reads,
// decodes and re-encodes them (tests/go/cmd/conformance -echo), and TypeScript reads the result:
// the bytes are identical. tests/go/roundtrip_test.go does the other direction (Go encodes,
// TypeScript decodes and re-encodes, Go decodes).
import { spawn } from "child_process";
import fc from "fast-check";
import { resolve } from "path";
import { serialize } from "../../codegen/conformance/arbitrary";
import { GoProcess } from "../../codegen/conformance/go";
import { loadAll, runs, scale } from "../../codegen/conformance/harness";
import { READER_CAP } from "../../codegen/conformance/ts";

const ROOT = resolve(__dirname, "../..");
const FRAMES = Math.round(300 * scale());

jest.setTimeout(300_000);

let go: GoProcess;
beforeAll(() => {
  go = GoProcess.start(ROOT);
});
afterAll(async () => {
  await go?.close();
});

const enc = new TextEncoder();

for (const p of loadAll(ROOT)) {
  const frames = p.gen.testable().filter((d) => d.frame);
  describe(`round trip ${p.name}`, () => {
    if (frames.length === 0) return;
    test.each(frames.map((d) => [d.name]))("%s: TypeScript -> Go -> TypeScript keeps every byte", async (name) => {
      const codec = p.ts.codec(name);
      const sent: string[] = [];
      for (const doc of fc.sample(p.gen.valid(name), runs(FRAMES))) {
        const v = codec.decode(enc.encode(serialize(doc)));
        if (v !== null) sent.push(codec.encode(v));
      }
      expect(sent.length).toBeGreaterThan(FRAMES / 2);
      const child = spawn(go.binary, ["-echo", `${p.name}/${name}`], { stdio: ["pipe", "pipe", "pipe"] });
      let stderr = "";
      child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
      const exited = new Promise<number | null>((r) => child.on("exit", (code) => r(code)));
      child.stdin.end(sent.join("\n") + "\n");
      const back: string[] = [];
      const errors: string[] = [];
      for await (const f of codec.read!(child.stdout as AsyncIterable<Uint8Array>, p.ts.frameLimit ?? READER_CAP)) {
        if (f.ok) back.push(codec.encode(f.value));
        else errors.push(String((f.error as Error).message));
      }
      expect({ code: await exited, stderr, errors }).toEqual({ code: 0, stderr: "", errors: [] });
      expect(back.length).toBe(sent.length);
      const firstDiff = back.findIndex((b, i) => b !== sent[i]);
      expect(firstDiff === -1 ? "identical" : `frame ${firstDiff}: sent ${sent[firstDiff]} got ${back[firstDiff]}`).toBe("identical");
    });
  });
}
