#!/usr/bin/env bash
# ptx-op's state-space reductions (opsem/Reductions.h) over diy-gpu-ptx/t3,
# default preset: the outcomes with a reduction off must be those with every
# reduction on (the test suite checks the other corpora; scripts/
# fuzz-models.sh checks random tests).
#   1. RED-2 (load-request gating) and RED-3 (partial-order reduction) off,
#      on every $WHOLE_STRIDE-th test (default 1: all 10554; CI takes every
#      8th, to stay within its time), each explored to the end.
#   2. Every reduction off, RED-1 (dead cache lines) too, on every $STRIDE-th
#      test (default 20), each cut at $MAX_STATES states (default 200000):
#      without RED-1 a stale L1 line may be filled and dropped forever, which
#      multiplies the states of a test by hundreds, so most t3 tests cannot
#      finish on this machine. The tests that finish are compared; the others
#      are counted.
# Prints states, time and the tests compared; fails if an outcome differs.
# Usage: bench/no_reduction_t3.sh [BUILD_DIR]
set -euo pipefail
target=opcheck
source "$(dirname "$0")/t3.sh"
export LC_ALL=C  # sort and join agree on the order
max_states=${MAX_STATES:-200000}
stride=${STRIDE:-20}
whole_stride=${WHOLE_STRIDE:-1}

# One line per test whose exploration finished: its name, a tab, and its
# herd lines, joined by "|", but the timings and exploration figures, and of
# hangs only whether there are some (their number and trace depend on the
# reductions).
finished_outcomes() {
  awk '/^Test / { name = $2 }
       /^Stopped / { cut[name] = 1 }
       /^Hangs / { block[name] = block[name] "Hangs|"; next }
       /^  / { next }
       !/^(Time|Explored|Stopped) / { block[name] = block[name] $0 "|" }
       END { for (n in block) if (!(n in cut)) print n "\t" block[n] }' "$1" | sort
}

run() {  # $1: label, $2: the tests, the rest: options
  local label=$1 tests=$2
  shift 2
  local start end
  start=$(date +%s.%N)
  "$build/opcheck" "$tests" --model ptx-op --jobs "$(nproc)" --quiet "$@" >"$outputs/$label.txt" 2>/dev/null || true
  end=$(date +%s.%N)
  awk -v a="$start" -v b="$end" -v label="$label" '
    /^Explored / { states += $4 } /^Stopped / { cut++ } /^Test / { tests++ }
    END { printf "  %-22s %5d tests, %d cut, %d states, %.1f s\n", label, tests, cut, states, b - a }' \
    "$outputs/$label.txt"
}

outputs=$(mktemp -d)
sample=$(mktemp -d)
whole=$(mktemp -d)
trap 'rm -rf "$work" "$outputs" "$sample" "$whole"' EXIT
find "$work" -name '*.litmus' | sort | awk -v n="$stride" 'NR % n == 1' |
  while read -r file; do ln -s "$file" "$sample/"; done
# The reduced run covers $whole, so $whole holds the sample too.
find "$work" -name '*.litmus' | sort | awk -v n="$whole_stride" -v s="$stride" 'NR % n == 1 || n == 1 || NR % s == 1' |
  while read -r file; do ln -s "$file" "$whole/"; done

echo "ptx-op (volta) over t3:"
run reduced "$whole"
run red2-red3-off "$whole" --no-reduction=RED-2,RED-3
run all-off "$sample" --no-reduction --max-states "$max_states"

status=0
if join -t $'\t' <(finished_outcomes "$outputs/red2-red3-off.txt") <(finished_outcomes "$outputs/reduced.txt") |
  awk -F'\t' '$2 != $3 { print "  differs: " $1 > "/dev/stderr"; differ++ } END { exit differ > 0 }' &&
  [ "$(finished_outcomes "$outputs/red2-red3-off.txt" | wc -l)" -eq "$(ls "$whole" | wc -l)" ]; then
  echo "RED-2 and RED-3 off (every ${whole_stride}th test and every ${stride}th, $(ls "$whole" | wc -l) tests): the same outcomes on every one"
else
  echo "RED-2 and RED-3 off: outcomes differ" >&2
  status=1
fi
# Compare the tests that finished without any reduction with the same tests reduced.
join -t $'\t' <(finished_outcomes "$outputs/all-off.txt") <(finished_outcomes "$outputs/reduced.txt") |
  awk -F'\t' -v max="$max_states" -v stride="$stride" '{ compared++; if ($2 != $3) { differ++; print "  differs: " $1 > "/dev/stderr" } }
    END { printf "every reduction off (every %sth test, at most %s states each): %d finished and compared, %d differ\n",
          stride, max, compared, differ + 0; exit differ > 0 }' || status=1
exit $status
