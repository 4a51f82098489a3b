#!/usr/bin/env bash
# ptx-op's state-space reductions (opsem/Reductions.h) over all 10554 tests
# of diy-gpu-ptx/t3, default preset: the outcomes with a reduction off must
# be those with every reduction on (the test suite checks the other corpora).
#   1. RED-2 (load-request gating) and RED-3 (partial-order reduction) off,
#      every test explored to the end.
#   2. Every reduction off, RED-1 (dead cache lines) too, each test cut at
#      $MAX_STATES states (default 300000): without RED-1 a stale L1 line may
#      be filled and dropped forever, which multiplies the states of a test by
#      hundreds, so most t3 tests cannot finish on this machine. The tests that
#      finish are compared; the others are counted.
# Prints states, time and the tests compared; fails if an outcome differs.
# Usage: bench/no_reduction_t3.sh [BUILD_DIR]
set -euo pipefail
target=opcheck
source "$(dirname "$0")/t3.sh"
max_states=${MAX_STATES:-300000}

# The herd lines of a run but its timings and exploration figures, one block
# per test, for the tests whose exploration finished.
finished_outcomes() {
  awk '/^Test / { name = $2 } { block[name] = block[name] $0 "\n" }
       /^Stopped / { cut[name] = 1 }
       END { for (n in block) if (!(n in cut)) printf "%s", block[n] }' "$1" |
    grep -vE '^(Time|Explored|Stopped) ' | sort
}

run() {  # $1: label, the rest: options
  local label=$1
  shift
  local start end
  start=$(date +%s.%N)
  "$build/opcheck" "$work" --model ptx-op --jobs "$(nproc)" --quiet "$@" >"$work/$label.txt" 2>/dev/null || true
  end=$(date +%s.%N)
  awk -v a="$start" -v b="$end" -v label="$label" '
    /^Explored / { states += $4 } /^Stopped / { cut++ } /^Test / { tests++ }
    END { printf "  %-22s %5d tests, %d cut, %d states, %.1f s\n", label, tests, cut, states, b - a }' \
    "$work/$label.txt"
}

echo "ptx-op (volta) over t3:"
run reduced
run red2-red3-off --no-reduction=RED-2,RED-3
run all-off --no-reduction --max-states "$max_states"

status=0
if cmp -s <(finished_outcomes "$work/reduced.txt") <(finished_outcomes "$work/red2-red3-off.txt"); then
  echo "RED-2 and RED-3 off: the same outcomes on every test"
else
  echo "RED-2 and RED-3 off: outcomes differ" >&2
  status=1
fi
# Compare the tests that finished without any reduction with the same tests reduced.
join -t $'\t' \
  <(finished_outcomes "$work/all-off.txt" | awk '/^Test /{n=$2} {b[n]=b[n] $0 "|"} END {for (n in b) print n "\t" b[n]}' | sort) \
  <(finished_outcomes "$work/reduced.txt" | awk '/^Test /{n=$2} {b[n]=b[n] $0 "|"} END {for (n in b) print n "\t" b[n]}' | sort) |
  awk -F'\t' -v max="$max_states" '{ compared++; if ($2 != $3) { differ++; print "  differs: " $1 > "/dev/stderr" } }
    END { printf "every reduction off (at most %s states a test): %d tests finished and compared, %d differ\n",
          max, compared, differ + 0; exit differ > 0 }' || status=1
exit $status
