#!/usr/bin/env bash
# `make fuzz`: longer runs than `make test` of the Go native fuzz targets (tests/go/fuzz_test.go)
# and of the property-based and differential tests (tests/ts/next-property.test.ts,
# tests/ts/freeform.test.ts, tests/ts/differential.test.ts, tests/ts/conformance-roundtrip.test.ts) with more cases.
#   FUZZ_TIME=60s            time per Go fuzz target
#   WIRE_PROPERTY_SCALE=20   multiplier of the number of generated cases of the TypeScript tests
#   WIRE_PROPERTY_SEED=random  fast-check seed (a number to replay a run)
# and then fuzzes the generator itself (tests/ts/next-fuzz.test.ts, codegen/next/conformance/fuzz/):
#   WIRE_FUZZ_COUNT=1000     random schemas to draw
#   WIRE_FUZZ_SEED=random    the grammar's seed (printed; a number to replay a run)
#   WIRE_FUZZ_OUT=<file>     the findings, each new one shrunk to a small schema (default: a file in /tmp)
#   WIRE_FUZZ_ONLY=i,j       only these schemas of the seed's run (to replay one)
#   FUZZ_SKIP_PROPERTY=1     only the generator fuzzing
set -euo pipefail
cd "$(dirname "$0")/.."

FUZZ_TIME="${FUZZ_TIME:-60s}"
export WIRE_PROPERTY_SCALE="${WIRE_PROPERTY_SCALE:-20}"
export WIRE_PROPERTY_SEED="${WIRE_PROPERTY_SEED:-random}"

if [ -z "${FUZZ_SKIP_PROPERTY:-}" ]; then
total=0
for target in FuzzRunnerDecode FuzzJsonlDecode FuzzRunnerStream FuzzJsonlStream; do
  echo "== go test -fuzz=^${target}\$ -fuzztime=${FUZZ_TIME}"
  log="$(mktemp)"
  if ! (cd tests/go && go test -run='^$' -fuzz="^${target}\$" -fuzztime="${FUZZ_TIME}" .) 2>&1 | tee "$log"; then
    echo "fuzz: ${target} failed; the failing input is under tests/go/testdata/fuzz/${target}/ (replay: cd tests/go && go test -run=${target})"
    rm -f "$log"
    exit 1
  fi
  execs="$(grep -o 'execs: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*' || echo 0)"
  rm -f "$log"
  echo "fuzz: ${target}: ${execs} executions"
  total=$((total + execs))
done
echo "fuzz: Go native fuzzing: ${total} executions in all"

echo "== property, differential and round-trip tests, WIRE_PROPERTY_SCALE=${WIRE_PROPERTY_SCALE} WIRE_PROPERTY_SEED=${WIRE_PROPERTY_SEED}"
NODE_OPTIONS=--experimental-vm-modules npx jest --verbose=false \
  tests/ts/next-property.test.ts tests/ts/freeform.test.ts tests/ts/differential.test.ts tests/ts/conformance-roundtrip.test.ts
fi

seed="${WIRE_FUZZ_SEED:-random}"
if [ "$seed" = random ]; then seed=$(( (RANDOM << 15 | RANDOM) )); fi
out="${WIRE_FUZZ_OUT:-$(mktemp -t wire-generator-fuzz-XXXXXX.json)}"
echo "== generator fuzzing: WIRE_FUZZ_SEED=${seed} WIRE_FUZZ_COUNT=${WIRE_FUZZ_COUNT:-1000} (findings: ${out})"
status=0
WIRE_FUZZ_SEED="$seed" WIRE_FUZZ_COUNT="${WIRE_FUZZ_COUNT:-1000}" WIRE_FUZZ_OUT="$out" NODE_OPTIONS=--experimental-vm-modules \
  npx jest --verbose=false tests/ts/next-fuzz.test.ts -t "generator fuzzing" || status=$?
echo "fuzz: generator fuzzing with WIRE_FUZZ_SEED=${seed}: figures and findings in ${out} (replay a schema: WIRE_FUZZ_SEED=${seed} WIRE_FUZZ_ONLY=<index>)"
exit "$status"
