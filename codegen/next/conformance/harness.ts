// Shared pieces of the cross-language tests of the shipped code (tests/ts/differential.test.ts,
// freeform.test.ts, conformance*.test.ts, next-property.test.ts): the protocols under schema/ with
// their IR on the new core (as `codegen generate` builds it: no name prefix), a value generator, and
// the committed TypeScript (out/ts/<protocol>/generated.ts) loaded in-process; run sizes and seeds.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { SchemaSet } from "../../schema/set";
import { protocolFromFiles } from "../ir/load";
import type { Protocol } from "../ir/types";
import { Generator, type Oracle } from "./arbitrary";
import { schemaFolder } from "./load";
import { TsProtocol } from "./ts";

export interface Shipped {
  name: string;
  ir: Protocol;
  set: SchemaSet;
  gen: Generator;
  /** out/ts/<name>/generated.ts */
  ts: TsProtocol;
}

/**
 * Every protocol under schema/ that has generated TypeScript; `oracle` makes the reference evaluator
 * of a schema set (tests/ts/helpers/evaluate.ts), so that generated valid values are valid.
 */
export function loadShipped(root: string, oracle?: (set: SchemaSet) => Oracle): Shipped[] {
  const dir = join(root, "schema");
  return readdirSync(dir)
    .filter((n) => statSync(join(dir, n)).isDirectory() && existsSync(join(root, "out", "ts", n, "generated.ts")))
    .sort()
    .map((name) => {
      const files = schemaFolder(root, name);
      const set = SchemaSet.load(files);
      const ir = protocolFromFiles(name, files);
      const gen = new Generator(ir, oracle !== undefined ? { oracle: oracle(set) } : {});
      return { name, ir, set, gen, ts: TsProtocol.load(root, name) };
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
