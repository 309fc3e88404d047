#!/usr/bin/env bash
# Instructions per pass of the short-frame TypeScript decode pipeline (4,000 frames), for each
# contender: cachegrind counts a run of N passes and one of 2N, and the difference over N is one
# pass with start-up and compilation taken out. Node runs with V8's --predictable (a fixed GC
# schedule alone was not enough), so that a count repeats to a few hundred instructions in 64 M
# for the same bundle; without it counts moved by 2-4% between runs, more than most A/Bs differ
# (bench/results/2026-12-07-predictable-instructions.md); the machine's load does not move it.
# Needs valgrind (Debian: apt-get install valgrind) and bench/.data (make bench, or
# `npx tsx bench/ts/gen-data.ts`).
#   bash bench/ts/instructions.sh [N=20] [contenders="floor generated typia"]
# BENCH_GENERATED=path/to/generated.ts measures another generated runner module (an A/B).
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v valgrind >/dev/null || { echo "instructions.sh: valgrind is not installed (apt-get install valgrind)"; exit 2; }
test -f bench/.data/small.jsonl || { echo "instructions.sh: bench/.data/small.jsonl is missing: run npx tsx bench/ts/gen-data.ts"; exit 2; }
n=${1:-20}
tmp=$(mktemp -d)
# the bundle sits two levels below the root, as bench/ts does (peers.ts finds schema/ from __dirname)
bundle=bench/.data/instructions.js
trap 'rm -rf "$tmp" "$bundle"' EXIT
# one bundle run by plain node: no loader hooks under valgrind
cat >"$tmp/entry.ts" <<ENTRY
import { run } from "$PWD/bench/ts/instructions";
import { decodeRunnerFrame } from "${BENCH_GENERATED:-$PWD/out/ts/runner/generated.ts}";
run(decodeRunnerFrame, "$PWD/bench/.data").catch((e) => { console.error(e); process.exit(1); });
ENTRY
npx esbuild "$tmp/entry.ts" --bundle --platform=node --outfile="$bundle" --log-level=error
count() {
  valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null --smc-check=all-non-file \
    node --single-threaded --predictable "$bundle" "$1" "$2" >"$tmp/out" 2>&1 || { cat "$tmp/out" >&2; exit 1; }
  sed -n 's/.*I *refs: *//p' "$tmp/out" | tr -d ,
}
printf '| contender | instructions per pass | ÷ floor |\n|---|---:|---:|\n'
floor=
for who in ${2:-floor generated typia}; do
  a=$(count "$who" "$n")
  b=$(count "$who" $((2 * n)))
  per=$(((b - a) / n))
  [ "$who" = floor ] && floor=$per
  ratio=$([ -n "$floor" ] && awk -v x="$per" -v f="$floor" 'BEGIN { printf "%.3f×", x / f }' || echo -)
  printf '| %s | %s | %s |\n' "$who" "$per" "$ratio"
done
