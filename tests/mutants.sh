#!/usr/bin/env bash
# `make mutants`: the mutation check of the new core (tests/mutants.ts, tests/mutants.jsonl). Each
# breakage is applied to a temporary copy of the repository, one at a time, and the tests it names
# run there; the report says which were caught. Exit status 1 when any is missed. Not part of
# `make test` (about an hour on two cores).
#   MUTANTS="id1 id2"  only these breakages
#   MUTANTS_BASELINE=1 first check that every test command passes on the unbroken copy
set -euo pipefail
cd "$(dirname "$0")/.."
npx tsx tests/mutants.ts --check
exec npx tsx tests/mutants.ts ${MUTANTS_BASELINE:+--baseline} ${MUTANTS:-}
