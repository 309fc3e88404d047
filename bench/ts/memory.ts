// Peak memory of the TypeScript frame reader (readRunnerFrames) on (1) a stream of 4 MiB frames and
// (2) an endless line (256 MiB without "\n"). The source makes its chunks on the fly (64 KiB each),
// so the input itself is never held. Prints one JSON line per case.
import { readRunnerFrames, FRAME_LIMIT } from "../../out/ts/runner/generated";

const CHUNK = 64 * 1024;
const FRAMES = Number(process.env.MEM_FRAMES ?? 48);
const ENDLESS = Number(process.env.MEM_ENDLESS_MIB ?? 256) * 1024 * 1024;

/** A 4 MiB frame (exactly FRAME_LIMIT bytes without its newline). */
function bigFrame(): Uint8Array {
  const head = '{"attachment":"att-1","turn":"turn-1","event":"assistant.delta","data":{"text":"';
  const tail = '"}}';
  const fill = FRAME_LIMIT - head.length - tail.length;
  return Buffer.from(head + "x".repeat(fill) + tail + "\n");
}

async function* frames(): AsyncGenerator<Uint8Array> {
  const f = bigFrame();
  for (let i = 0; i < FRAMES; i++) for (let o = 0; o < f.length; o += CHUNK) yield f.subarray(o, Math.min(o + CHUNK, f.length)).slice();
}

async function* endless(): AsyncGenerator<Uint8Array> {
  const c = new Uint8Array(CHUNK).fill(0x61);
  for (let n = 0; n < ENDLESS; n += CHUNK) yield c.slice();
  yield Buffer.from("\n");
}

async function run(name: string, src: AsyncIterable<Uint8Array>): Promise<void> {
  global.gc?.();
  const base = process.memoryUsage();
  let peakRss = base.rss;
  let peakHeap = base.heapUsed + base.arrayBuffers;
  let ok = 0;
  let errors = 0;
  const timer = setInterval(() => sample(), 5);
  const sample = () => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed + m.arrayBuffers);
  };
  for await (const f of readRunnerFrames(src)) {
    if (f.ok) ok++;
    else errors++;
    sample();
  }
  clearInterval(timer);
  sample();
  const mib = (x: number) => +(x / 1048576).toFixed(1);
  console.log(JSON.stringify({ lang: "ts", case: name, frames: ok, errors, base_rss_mib: mib(base.rss), peak_rss_mib: mib(peakRss), peak_heap_plus_buffers_mib: mib(peakHeap), growth_rss_mib: mib(peakRss - base.rss) }));
}

(async () => {
  await run(`${FRAMES} frames of 4 MiB`, frames());
  await run(`endless line (${ENDLESS / 1048576} MiB, no newline until the end)`, endless());
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
