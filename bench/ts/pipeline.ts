// The decode pipeline every contender runs: bytes in, split on "\n", 4 MiB byte cap per line, then
// the contender's line decoder (UTF-8 check, parse, rules, typed value out).
export const FRAME_CAP = 4 * 1024 * 1024;

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** UTF-8 check (fatal) of one line: what every contender but the generated decoder runs first. */
export function text(line: Uint8Array): string {
  return utf8.decode(line);
}

/** Runs `decode` on every line of `buf`; returns the number of frames decoded (errors are fatal here). */
export function pipeline(buf: Uint8Array, decode: (line: Uint8Array) => unknown): number {
  let n = 0;
  let start = 0;
  for (;;) {
    const nl = buf.indexOf(0x0a, start);
    if (nl < 0) break;
    if (nl - start > FRAME_CAP) throw new Error("frame_too_large");
    const v = decode(buf.subarray(start, nl));
    if (v === null || v === undefined) throw new Error("rejected");
    n++;
    start = nl + 1;
  }
  return n;
}
