#!/usr/bin/env bash
# `make fuzz`: longer runs than `make test` of the Go native fuzz targets (tests/go/fuzz_test.go)
# and of the property-based and differential tests (tests/ts/property*.test.ts,
# tests/ts/freeform.test.ts, tests/ts/differential*.test.ts, tests/ts/conformance-roundtrip.test.ts) with more cases.
#   FUZZ_TIME=60s            time per Go fuzz target
#   WIRE_PROPERTY_SCALE=20   multiplier of the number of generated cases of the TypeScript tests
#   WIRE_PROPERTY_SEED=random  fast-check seed (a number to replay a run)
set -euo pipefail
cd "$(dirname "$0")/.."

FUZZ_TIME="${FUZZ_TIME:-60s}"
export WIRE_PROPERTY_SCALE="${WIRE_PROPERTY_SCALE:-20}"
export WIRE_PROPERTY_SEED="${WIRE_PROPERTY_SEED:-random}"

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
  tests/ts/property.test.ts tests/ts/freeform.test.ts tests/ts/differential.test.ts tests/ts/conformance-roundtrip.test.ts
