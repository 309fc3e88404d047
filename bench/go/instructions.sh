#!/usr/bin/env bash
# Instructions per op (one pass over the 4,000 short frames) of the Go decode benchmarks: cachegrind
# counts a run of N ops and one of 2N, and the difference over N is one op with start-up and the
# workload's loading taken out. GOGC=off and GOMAXPROCS=1: with the collector on, its background
# work made json.Valid's count move between 18 and 44 M per op; with it off a count repeats to
# about 0.1%. The count leaves out collection work, so it is a guide for A/Bs of the decoder's own
# code, not a time (bench/results/2026-12-07-go-decode-inline-ab.md).
# Needs valgrind (Debian: apt-get install valgrind) and bench/.data (make bench, or
# `npx tsx bench/ts/gen-data.ts`).
#   bash bench/go/instructions.sh [N=20] [benchmarks="DecodeSmallValid DecodeSmallGenerated DecodeSmallEnvelope"]
# BENCH_BINARY=path measures another build of the benchmarks (an A/B: `go test -c` in bench/go).
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v valgrind >/dev/null || { echo "instructions.sh: valgrind is not installed (apt-get install valgrind)"; exit 2; }
test -f bench/.data/small.jsonl || { echo "instructions.sh: bench/.data/small.jsonl is missing: run npx tsx bench/ts/gen-data.ts"; exit 2; }
n=${1:-20}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bin=${BENCH_BINARY:-}
if [ -z "$bin" ]; then
  bin=$tmp/wirebench.test
  (cd bench/go && go test -c -o "$bin" .)
fi
bin=$(realpath "$bin")
count() {
  (cd bench/.data && GOGC=off GOMAXPROCS=1 valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
    "$bin" -test.run '^$' -test.bench "^Benchmark$1\$" -test.benchtime "$2x") >"$tmp/out" 2>&1 || { cat "$tmp/out" >&2; exit 1; }
  grep -q "^Benchmark$1" "$tmp/out" || { echo "instructions.sh: no benchmark $1" >&2; exit 1; }
  sed -n 's/.*I *refs: *//p' "$tmp/out" | tr -d ,
}
printf '| benchmark | instructions per op | ÷ first |\n|---|---:|---:|\n'
first=
for who in ${2:-DecodeSmallValid DecodeSmallGenerated DecodeSmallEnvelope}; do
  a=$(count "$who" "$n")
  b=$(count "$who" $((2 * n)))
  per=$(((b - a) / n))
  [ -z "$first" ] && first=$per
  ratio=$(awk -v x="$per" -v f="$first" 'BEGIN { printf "%.3f×", x / f }')
  printf '| %s | %s | %s |\n' "$who" "$per" "$ratio"
done
