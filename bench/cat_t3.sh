#!/usr/bin/env bash
# The reference cat models (../shared/docs/reference-models/) against the
# built-in models they state, over all of diy-gpu-ptx/t3, one job each, in
# the same run (docs/cat.md "Speed"):
#   1. rmo-asplos15-herd2015.cat against rmo: the output must be the same
#      byte for byte (the Time lines aside), and the CPU seconds of each and
#      their ratio (cat / built-in);
#   2. ptx-v6.0-dat3m.cat against ptx60 and ptx-v7.5-dat3m.cat against ptx:
#      the verdicts (each test's Observation word and States) are compared
#      and the tests that differ written to REPORTS/NAME.differences (a
#      difference is a finding: tests/cat-known-differences.tsv lists those
#      known, with their reasons); CPU seconds and ratio.
# rmo's output differing fails the run.
# Usage: bench/cat_t3.sh [BUILD_DIR [REPORTS]]
set -euo pipefail
target=opcheck
source "$(dirname "$0")/t3.sh"
opcheck="$build/opcheck"
models="$here/../shared/docs/reference-models"
[ -n "${OPCHECK_CORPORA:-}" ] && models="$OPCHECK_CORPORA/../docs/reference-models"
tests=$(find "$work" -name '*.litmus' | wc -l)
"$opcheck" "$work" --model rmo --jobs 1 --quiet >/dev/null  # warms the page cache

# Each test's Observation word and its States lines, one line per test.
verdicts() {
  awk '/^Test /{ name = $2; states = ""; in_states = 0 }
       /^States /{ in_states = 1; next }
       /^(Ok|No)$/{ in_states = 0 }
       in_states { states = states " " $0 }
       /^Observation /{ print name, $3, states }' "$1" | sort
}

failed=0
for pair in "rmo rmo-asplos15-herd2015.cat same" "ptx60 ptx-v6.0-dat3m.cat verdicts" \
  "ptx ptx-v7.5-dat3m.cat verdicts"; do
  read -r builtin cat compare <<<"$pair"
  cpu_run "$work/builtin.out" "$opcheck" "$work" --model "$builtin" --jobs 1 --quiet
  builtin_seconds=$cpu_seconds
  cpu_run "$work/cat.out" "$opcheck" "$work" --model "$models/$cat" --jobs 1 --quiet
  cat_seconds=$cpu_seconds
  if [ "$compare" = same ]; then
    if cmp -s <(grep -v '^Time ' "$work/builtin.out") <(grep -v '^Time ' "$work/cat.out"); then
      agreement="output byte for byte the same"
    else
      agreement="OUTPUT DIFFERS"
      failed=1
    fi
  else
    comm -3 <(verdicts "$work/builtin.out") <(verdicts "$work/cat.out") | awk '{ print $1 }' | sort -u \
      >"$reports/$cat.differences"
    agreement="verdicts differ on $(wc -l <"$reports/$cat.differences") tests (listed in $reports/$cat.differences)"
  fi
  awk -v b="$builtin" -v c="$cat" -v tests="$tests" -v bs="$builtin_seconds" -v cs="$cat_seconds" -v a="$agreement" 'BEGIN {
    printf "%s against %s, %d tests, 1 job: %.2f s CPU against %.2f s, cat / built-in %.2fx; %s\n", c, b, tests, cs, bs, cs / bs, a }'
done
exit "$failed"
