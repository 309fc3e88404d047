// Bounded memory of the frame reader, measured (codegen/SEMANTICS.md, "Frames", "Memory"): while
// readRunnerFrames (4 MiB limit) rejects one endless line of 512 MiB, streamed in 64 KiB chunks made
// on the fly (one buffer, reused: a source may reuse its buffer), the peak of heapUsed + arrayBuffers
// grows by less than 32 MiB; the frame after the line is read. tests/go/memory_test.go measures the
// Go reader the same way.
import { resolve } from "path";

const ROOT = resolve(__dirname, "../..");
// eslint-disable-next-line @typescript-eslint/no-require-imports
const gen = require(resolve(ROOT, "out/ts/runner/generated")) as typeof import("../../out/ts/runner/generated");

const ENDLESS = 512 << 20;
const CHUNK = 64 << 10;
const BOUND = 32 << 20;

jest.setTimeout(120_000);

test("rejecting a 512 MiB line keeps the peak heap growth under 32 MiB", async () => {
  const fill = new Uint8Array(CHUNK).fill(0x78);
  const tail = new TextEncoder().encode('\n{"attachment":"a","id":"1","method":"checkpoint"}\n');
  const heap = (): number => {
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  let sent = 0;
  let peak = 0;
  async function* source(): AsyncGenerator<Uint8Array> {
    for (; sent < ENDLESS; sent += CHUNK) {
      peak = Math.max(peak, heap());
      yield fill;
    }
    yield tail;
    peak = Math.max(peak, heap());
  }
  const before = heap();
  peak = before;
  const out: string[] = [];
  for await (const f of gen.readRunnerFrames(source())) {
    out.push(f.ok ? `ok ${"method" in f.value ? f.value.method : "?"}` : `${(f.error as { code: string }).code} @${JSON.stringify((f.error as { pointer: string }).pointer)}`);
  }
  expect(sent).toBe(ENDLESS);
  expect(out).toEqual(['frame_too_large @""', "ok checkpoint"]);
  const growth = peak - before;
  console.log(`peak heap + array buffers grew by ${(growth / 1048576).toFixed(1)} MiB while ${ENDLESS >> 20} MiB of one line were rejected (bound ${BOUND >> 20} MiB)`);
  expect(growth).toBeLessThan(BOUND);
});
