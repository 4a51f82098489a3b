#!/usr/bin/env bash
# Times the axiomatic models rmo and ptx over all 10554 tests of
# diy-gpu-ptx/t3 with one job, against herd7's 43 s for rmo (design.md
# "Performance": target at least 10x faster). Prints, per model, the whole
# run (parsing included, as a user runs it) and the models' own time (the
# sum of the per-test times of --format json, parsing excluded), as tests/s
# and as the ratio to 43 s. ptx is ptx75, the mixed-proxy model of PTX 7.5;
# ptx60 runs too, so that the cost of the proxies on tests without any shows
# (issue 14: at most a tenth). Usage: bench/axiomatic_t3.sh [BUILD_DIR]
set -euo pipefail
target=opcheck
source "$(dirname "$0")/t3.sh"
herd_seconds=43
opcheck="$build/opcheck"
tests=$(find "$work" -name '*.litmus' | wc -l)
# The first run warms the page cache.
"$opcheck" "$work" --model rmo --jobs 1 --quiet >/dev/null

declare -A alone_seconds
for model in rmo ptx60 ptx; do
  start=$(date +%s.%N)
  "$opcheck" "$work" --model "$model" --jobs 1 --quiet >"$work/$model.out"
  end=$(date +%s.%N)
  "$opcheck" "$work" --model "$model" --jobs 1 --quiet --format json >"$work/$model.json"
  model_seconds=$(grep -o '"time":[0-9.e+-]*' "$work/$model.json" | awk -F: '{ sum += $2 } END { printf "%.3f", sum }')
  alone_seconds[$model]=$model_seconds
  awk -v model="$model" -v tests="$tests" -v start="$start" -v end="$end" -v alone="$model_seconds" \
      -v herd="$herd_seconds" 'BEGIN {
    total = end - start
    printf "%s: %d tests, 1 job: %.2f s end to end (%.0f tests/s, %.1fx faster than herd7'"'"'s %d s; target 10x: %s)\n",
           model, tests, total, tests / total, herd / total, herd, (herd / total >= 10 ? "met" : "NOT met")
    printf "%s: model alone (parsing excluded): %.2f s (%.0f tests/s, %.1fx)\n",
           model, alone, tests / alone, herd / alone
  }'
done
awk -v new="${alone_seconds[ptx]}" -v old="${alone_seconds[ptx60]}" 'BEGIN {
  printf "ptx (7.5) against ptx60, model alone: %.2f s vs %.2f s (%+.0f%%; target at most +10%%)\n",
         new, old, (new / old - 1) * 100
}'
jobs=$(nproc)
start=$(date +%s.%N)
"$opcheck" "$work" --model ptx --jobs "$jobs" --quiet >/dev/null
end=$(date +%s.%N)
awk -v jobs="$jobs" -v tests="$tests" -v start="$start" -v end="$end" 'BEGIN {
  printf "ptx: %d jobs: %.2f s end to end (%.0f tests/s)\n", jobs, end - start, tests / (end - start)
}'
