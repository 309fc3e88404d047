// The short-frame decode pipeline of one contender, a given number of passes: what
// bench/ts/instructions.sh bundles (with the generated runner module it measures) and counts
// under cachegrind.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pipeline, text } from "./pipeline";
import { peers } from "./peers";

/** argv: floor|generated|typia|ajv PASSES */
export async function run(generated: (line: Uint8Array) => unknown, dataDir: string): Promise<void> {
  const [who, passes] = process.argv.slice(2);
  const buf = new Uint8Array(readFileSync(join(dataDir, "small.jsonl")));
  let decode: (line: Uint8Array) => unknown;
  if (who === "floor") decode = (l) => JSON.parse(text(l));
  else if (who === "generated") decode = generated;
  else {
    const peer = (await peers()).find((p) => p.name.startsWith(who ?? "-"));
    if (peer === undefined) throw new Error(`no contender ${who}: floor, generated, typia or ajv`);
    decode = peer.decode;
  }
  for (let r = 0; r < Number(passes); r++) pipeline(buf, decode);
}
