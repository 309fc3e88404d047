// Writes the seeded workloads to bench/.data/{small,large}.jsonl for the Go benchmarks.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeFrames, toStream } from "./workload";
import { SMALL, LARGE } from "./config";

const dir = process.argv[2] ?? join(__dirname, "..", ".data");
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, "small.jsonl"), toStream(makeFrames("small", SMALL.count, SMALL.seed)));
writeFileSync(join(dir, "large.jsonl"), toStream(makeFrames("large", LARGE.count, LARGE.seed)));
