#!/usr/bin/env bash
# make bench: every benchmark of BENCHMARKS.md, written to bench/results/latest.md.
#   BENCH_QUICK=1 bash bench/run.sh   fewer, shorter rounds (a smoke run; figures are noisier)
set -euo pipefail
cd "$(dirname "$0")/.."
quick=${BENCH_QUICK:-0}
mkdir -p bench/.data bench/results
out=bench/results/latest.md
node_v=$(node --version); go_v=$(go version | awk '{print $3}')
{
  echo "# Benchmark run $(date -u +%Y-%m-%dT%H:%MZ)"
  echo
  echo "node $node_v, $go_v, $(nproc) cores ($(uname -m)); commit $(git rev-parse --short HEAD 2>/dev/null || echo '?')$(git diff --quiet 2>/dev/null || echo ' + local changes')"
  echo
} > "$out"

echo "== generate (codegen) and seeded workloads" >&2
node bin/codegen.cjs generate >&2
npx tsx bench/ts/gen-data.ts
echo "== typia generate (typia's transform, offline)" >&2
npx typia generate --input bench/ts/typia-src --output bench/ts/typia-gen --project tsconfig.json >/dev/null

echo "== TypeScript decode/encode" >&2
BENCH_QUICK=$quick npx tsx bench/ts/decode.bench.ts | tee -a "$out"

echo "== Go decode/encode" >&2
(cd bench/go && go test -c -o ../.data/wirebench.test . >&2)
if [ "$quick" = 1 ]; then node bench/rounds.mjs go 3 150ms; else node bench/rounds.mjs go 9 500ms; fi | tee -a "$out"

echo "== generate step, whole processes" >&2
if [ "$quick" = 1 ]; then node bench/rounds.mjs generate 3; else node bench/rounds.mjs generate 9; fi | tee -a "$out"

echo "== memory" >&2
{
  echo "### Memory (frame readers)"
  echo
  echo '```'
  node --expose-gc --import tsx bench/ts/memory.ts
  (cd bench/go && BENCH_MEM=1 go test -v -count=1 -run '^TestMemory$' . | grep '^{')
  echo '```'
  echo
} | tee -a "$out"
echo "wrote $out" >&2
