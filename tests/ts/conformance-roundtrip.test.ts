// Round trip across processes: TypeScript encodes frames, pipes them to a Go program that reads,
// decodes and re-encodes them (tests/go/cmd/conformance -echo), and the bytes Go writes are compared
// as they are, never re-encoded on this side, with the canonical bytes sent: identical, line for line.
// tests/go/roundtrip_test.go does the other direction (Go encodes, TypeScript decodes and re-encodes,
// Go compares the bytes TypeScript wrote).
import { spawn } from "child_process";
import fc from "fast-check";
import { resolve } from "path";
import { serialize, type Doc } from "../../codegen/next/conformance/arbitrary";
import { GoProcess } from "../../codegen/next/conformance/go";
import { loadShipped, runs, scale } from "../../codegen/next/conformance/harness";
import { Evaluator } from "./helpers/evaluate";

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

// valid values of the new core's generator, judged by the reference evaluator
const shipped = loadShipped(ROOT, (set) => {
  const ev = new Evaluator(set);
  return { accepts: (at, v) => ev.evaluate(at, v, [], 0) !== undefined };
});

for (const p of shipped) {
  const frames = p.gen.testable().filter((d) => d.frame);
  describe(`round trip ${p.name}`, () => {
    if (frames.length === 0) return;
    test.each(frames.map((d) => [d.name] as const))(
      "%s: TypeScript -> Go: Go writes back the exact canonical bytes",
      async (name) => {
        const codec = p.ts.codec(name);
        const sent: string[] = [];
        const valid = p.gen.arbValid(name).filter((d): d is Doc => d !== undefined);
        for (const doc of fc.sample(valid, runs(FRAMES))) {
          const v = codec.decode(enc.encode(serialize(doc)));
          if (v === null) throw new Error(`a valid ${name} was ignored: ${serialize(doc).slice(0, 200)}`);
          const line = codec.encode(v);
          // what is sent is the canonical form: it decodes and re-encodes to itself
          expect(codec.encode(codec.decode(enc.encode(line)))).toBe(line);
          sent.push(line);
        }
        expect(sent.length).toBe(runs(FRAMES).numRuns);
        const child = spawn(go.binary, ["-echo", `${p.name}/${name}`], { stdio: ["pipe", "pipe", "pipe"] });
        let stderr = "";
        child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
        const out: string[] = [];
        child.stdout.on("data", (d: Buffer) => out.push(d.toString("latin1")));
        const exited = new Promise<number | null>((r) => child.on("close", (code) => r(code)));
        child.stdin.end(sent.join("\n") + "\n");
        expect({ code: await exited, stderr }).toEqual({ code: 0, stderr: "" });
        // The exact bytes Go wrote, line by line, against the canonical bytes sent: one line per frame,
        // each ended by "\n", nothing else.
        // compared as latin1 strings: one character per byte
        const written = Buffer.from(out.join(""), "latin1");
        const expected = Buffer.from(sent.join("\n") + "\n", "utf8");
        if (written.toString("latin1") !== expected.toString("latin1")) {
          const lines = written.toString("latin1").split("\n");
          const want = expected.toString("latin1").split("\n");
          const i = want.findIndex((w, k) => lines[k] !== w);
          const at = i < 0 ? Math.min(lines.length, want.length) : i;
          throw new Error(
            `Go wrote ${written.length} bytes in ${lines.length - 1} lines for ${sent.length} frames (${expected.length} bytes); first difference at line ${at}:\n  sent ${JSON.stringify(want[at]?.slice(0, 300))}\n  got  ${JSON.stringify(lines[at]?.slice(0, 300))}`,
          );
        }
      },
    );
  });
}
