#!/usr/bin/env bash
# make bench: every benchmark of BENCHMARKS.md, written to bench/results/latest.md (and a copy named
# after the day and the commit, bench/results/YYYY-MM-DD-<commit>.md): first the targets of issue 15 beside this run's
# figures (bench/summary.mjs), then the full tables.
#   BENCH_QUICK=1 bash bench/run.sh   fewer, shorter rounds and no 5,000-definition protocol (a smoke
#                                     run; figures are noisier)
set -euo pipefail
cd "$(dirname "$0")/.."
quick=${BENCH_QUICK:-0}
data=bench/.data
mkdir -p "$data" bench/results
rm -f "$data"/ts.json "$data"/go.json "$data"/generate.json "$data"/scale.json
out=bench/results/latest.md
body=$(mktemp)
ts_runs=$(mktemp)
trap 'rm -f "$body" "$ts_runs"' EXIT
node_v=$(node --version); go_v=$(go version | awk '{print $3}')
started=$(date +%s)

echo "== generate (codegen) and seeded workloads" >&2
node bin/codegen.cjs generate >&2
npx tsx bench/ts/gen-data.ts
echo "== typia generate (typia's transform, offline)" >&2
npx typia generate --input bench/ts/typia-src --output bench/ts/typia-gen --project tsconfig.json >/dev/null

echo "== TypeScript decode/encode" >&2
# Three processes, their rounds pooled (bench/ts/pool.ts): one process's medians move from run to run
# by more than a target's margin. The pooled tables come first; each process's own follow.
if [ "$quick" = 1 ]; then procs=1; else procs=3; fi
rm -f "$data"/ts-*.json
for i in $(seq 1 "$procs"); do
  echo "== TypeScript decode/encode, process $i of $procs" >&2
  { echo "#### TypeScript process $i of $procs"; echo; } >> "$ts_runs"
  BENCH_QUICK=$quick BENCH_JSON=$data/ts-$i.json npx tsx bench/ts/decode.bench.ts | tee -a "$ts_runs" >&2
done
# shellcheck disable=SC2046
npx tsx bench/ts/pool.ts "$data/ts.json" $(seq -f "$data/ts-%g.json" 1 "$procs") | tee -a "$body"
if [ "$procs" -gt 1 ]; then cat "$ts_runs" >> "$body"; fi

echo "== Go decode/encode" >&2
(cd bench/go && go test -c -o ../.data/wirebench.test . >&2)
if [ "$quick" = 1 ]; then rounds="3 150ms"; else rounds="9 500ms"; fi
# shellcheck disable=SC2086
BENCH_JSON=$data/go.json node bench/rounds.mjs go $rounds | tee -a "$body"

echo "== generate step, whole processes" >&2
if [ "$quick" = 1 ]; then n=3; else n=7; fi
BENCH_JSON=$data/generate.json node bench/rounds.mjs generate $n | tee -a "$body"

echo "== generate at scale, undiscriminated unions" >&2
if [ "$quick" = 1 ]; then q=--quick; else q=; fi
# shellcheck disable=SC2086
node bench/scale.mjs $q --json "$data/scale.json" | tee -a "$body"

echo "== memory" >&2
{
  echo "### Memory (frame readers)"
  echo
  echo '```'
  node --expose-gc --import tsx bench/ts/memory.ts
  (cd bench/go && BENCH_MEM=1 go test -v -count=1 -run '^TestMemory$' . | grep '^{')
  echo '```'
  echo
} | tee -a "$body"

{
  echo "# Benchmark run $(date -u +%Y-%m-%dT%H:%MZ)"
  echo
  echo "node $node_v, $go_v, $(nproc) cores ($(uname -m)), load average at the end: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?'); commit $(git rev-parse --short HEAD 2>/dev/null || echo '?')$(git diff --quiet HEAD -- . ':!bench/results' 2>/dev/null || echo ' + local changes'); $( [ "$quick" = 1 ] && echo 'BENCH_QUICK=1 (smoke run)' || echo 'full run'), $(( $(date +%s) - started )) s"
  echo
  node bench/summary.mjs "$data"
  cat "$body"
} > "$out"
# (named after the day and the commit: a second run on one day keeps the first one's file)
copy="bench/results/$(date -u +%Y-%m-%d)-$(git rev-parse --short HEAD 2>/dev/null || echo nogit).md"
cp "$out" "$copy"
echo "wrote $out and $copy" >&2
