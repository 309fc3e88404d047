#!/usr/bin/env bash
# The review step of a pull request, for GitHub Actions (ci/github-workflow.yml) or any shell:
#   1. `codegen check --format github`: every generated file is what the schema gives, else an
#      annotation and a unified diff per stale, missing or orphaned file;
#   2. `codegen diff --base BASE --format markdown`: the schema changes, classified by the
#      breaking-change rules, appended to $GITHUB_STEP_SUMMARY (and written to
#      $CODEGEN_DIFF_MARKDOWN when set, e.g. for a pull request comment), plus annotations on the
#      schema lines.
# BASE is $CODEGEN_BASE, else origin/$GITHUB_BASE_REF (a pull request); without either, step 2 is
# skipped. $CODEGEN is the command (default: the project's installed codegen, through npx).
# Exit 1 when either step finds a problem (both always run), 2 on a usage error.
set -uo pipefail

read -r -a codegen <<< "${CODEGEN:-npx --no-install codegen}"
status=0

echo "== codegen check"
"${codegen[@]}" check --format github
rc=$?
if [ "$rc" -ne 0 ]; then status=$rc; fi

base="${CODEGEN_BASE:-}"
if [ -z "$base" ] && [ -n "${GITHUB_BASE_REF:-}" ]; then base="origin/${GITHUB_BASE_REF}"; fi
if [ -z "$base" ]; then
  echo "== codegen diff: skipped (no CODEGEN_BASE and not a pull request)"
  exit "$status"
fi

echo "== codegen diff --base $base"
report="$(mktemp)"
trap 'rm -f "$report"' EXIT
"${codegen[@]}" diff --base "$base" --format markdown > "$report"
rc=$?
"${codegen[@]}" diff --base "$base" --format github || true
if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then cat "$report" >> "$GITHUB_STEP_SUMMARY"; else cat "$report"; fi
if [ -n "${CODEGEN_DIFF_MARKDOWN:-}" ]; then cp "$report" "$CODEGEN_DIFF_MARKDOWN"; fi
if [ "$rc" -ne 0 ] && [ "$status" -ne 2 ]; then status=$rc; fi
exit "$status"
