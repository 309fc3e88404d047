// Shared pieces of the cross-language tests (tests/ts/property*.test.ts, differential*.test.ts,
// conformance*.test.ts): protocols with their IR, generators and generated modules; run sizes.
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { loadProtocol } from "../ir/load";
import type { Protocol } from "../ir/types";
import { Generator } from "./arbitrary";
import { TsProtocol } from "./ts";

export interface Loaded {
  name: string;
  ir: Protocol;
  gen: Generator;
  ts: TsProtocol;
}

/** Every protocol under schema/ that has generated TypeScript. */
export function loadAll(root: string): Loaded[] {
  const dir = join(root, "schema");
  return readdirSync(dir)
    .filter((n) => statSync(join(dir, n)).isDirectory())
    .sort()
    .map((name) => {
      const ir = loadProtocol(join(dir, name), root);
      return { name, ir, gen: new Generator(ir), ts: TsProtocol.load(root, name) };
    });
}

/**
 * Multiplier of the number of generated cases: 1 in `make test`; `make fuzz` sets WIRE_PROPERTY_SCALE
 * (tests/fuzz.sh) for longer runs.
 */
export function scale(): number {
  const n = Number(process.env.WIRE_PROPERTY_SCALE ?? "1");
  return Number.isFinite(n) && n > 0 ? n : 1;
}

/** fast-check seed: fixed in `make test` (reproducible), random when WIRE_PROPERTY_SEED=random. */
export function seed(): number | undefined {
  const s = process.env.WIRE_PROPERTY_SEED;
  if (s === "random") return undefined;
  if (s !== undefined && s !== "") return Number(s);
  return 20240601;
}

/** fast-check parameters: numRuns and, unless random, the seed. */
export function runs(numRuns: number): { numRuns: number; seed?: number } {
  const s = seed();
  return s === undefined ? { numRuns } : { numRuns, seed: s };
}
