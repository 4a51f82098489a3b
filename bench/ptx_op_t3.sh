#!/usr/bin/env bash
# ptx-op over all 10554 tests of diy-gpu-ptx/t3, with 1 and 2 jobs (tests in
# parallel), against herd7's 43 s for the RMO model alone on this machine
# class (design.md "Performance"). Prints time, tests/s, states/s, the ratio
# to herd7 and the speed-up from the second job.
# Usage: bench/ptx_op_t3.sh [BUILD_DIR]
set -euo pipefail
target=opcheck
source "$(dirname "$0")/t3.sh"
herd_seconds=43

declare -A seconds
for jobs in 1 2; do
  start=$(date +%s.%N)
  "$build/opcheck" "$work" --model ptx-op --jobs "$jobs" --quiet >"$work/out-$jobs.txt"
  end=$(date +%s.%N)
  seconds[$jobs]=$(awk -v a="$start" -v b="$end" 'BEGIN { print b - a }')
  tests=$(grep -c '^Test ' "$work/out-$jobs.txt")
  states=$(awk '/^Explored /{sum += $4} END {print sum + 0}' "$work/out-$jobs.txt")
  peak=$(awk '/^Explored /{print $(NF-2)}' "$work/out-$jobs.txt" | sort -h | tail -1)
  awk -v s="${seconds[$jobs]}" -v t="$tests" -v n="$states" -v h="$herd_seconds" -v j="$jobs" -v p="$peak" 'BEGIN {
    printf "ptx-op (default preset, volta) t3, %d job%s: %d tests in %.1f s (%.0f tests/s), %d states (%.0f states/s), peak memory %s; herd7 RMO %d s: %.1fx %s\n",
      j, (j == 1 ? "" : "s"), t, s, t / s, n, n / s, p, h, h / s, (s < h ? "faster (target met)" : "slower (target NOT met)") }'
done
if ! cmp -s <(grep -vE '^(Time|Explored) ' "$work/out-1.txt") <(grep -vE '^(Time|Explored) ' "$work/out-2.txt"); then
  echo "outcomes differ between 1 and 2 jobs" >&2
  exit 1
fi
awk -v a="${seconds[1]}" -v b="${seconds[2]}" 'BEGIN { printf "scaling: 2 jobs are %.2fx as fast as 1 (same outcomes)\n", a / b }'
