#!/usr/bin/env bash
# Times the axiomatic models rmo and ptx over diy-gpu-ptx/t3 with one job,
# against herd7 2015 (bench/herd7.sh) timed in the same run on the same
# tests. Figures are CPU seconds (user + sys of the whole process: start-up,
# parsing and printing included, as a user runs it) and peak resident
# memory.
#   1. opcheck alone over all 10554 tests: rmo, ptx60 and ptx, each end to
#      end and the model alone (the sum of --format json's per-test times,
#      parsing excluded), as tests/s; ptx (ptx75, the mixed-proxy model of
#      PTX 7.5) against ptx60, so that the cost of the proxies on tests
#      without any shows (target at most +10%); ptx with every core.
#   2. herd7 -model ptx-nodoc.cat (seed 000's RMO, which opcheck's rmo
#      reproduces) against rmo and ptx on every $HERD7_STRIDE-th test
#      (default 1: all of t3; CI takes every 10th), run $PAIRS times each
#      (default 3), alternated (herd7, rmo, ptx, herd7, ...), so that load
#      from other work on the machine falls on both; the medians and their
#      ratio (target at least 20x). rmo's outcomes must equal herd7's on
#      those tests (opcheck compare --against), or the timing compares
#      different work and the run fails.
# Usage: bench/axiomatic_t3.sh [BUILD_DIR]
set -euo pipefail
target=opcheck
source "$(dirname "$0")/t3.sh"
source "$here/bench/herd7.sh"
herd7_ensure
opcheck="$build/opcheck"
stride=${HERD7_STRIDE:-1}
pairs=${PAIRS:-3}
tests=$(find "$work" -name '*.litmus' | wc -l)
# The first run warms the page cache.
"$opcheck" "$work" --model rmo --jobs 1 --quiet >/dev/null

declare -A alone_seconds
for model in rmo ptx60 ptx; do
  cpu_run "$work/$model.out" "$opcheck" "$work" --model "$model" --jobs 1 --quiet
  "$opcheck" "$work" --model "$model" --jobs 1 --quiet --format json >"$work/$model.json"
  model_seconds=$(grep -o '"time":[0-9.e+-]*' "$work/$model.json" | awk -F: '{ sum += $2 } END { printf "%.3f", sum }')
  alone_seconds[$model]=$model_seconds
  awk -v model="$model" -v tests="$tests" -v total="$cpu_seconds" -v alone="$model_seconds" -v peak="$peak_mib" 'BEGIN {
    printf "%s: %d tests, 1 job: %.2f s CPU end to end (%.0f tests/s), peak memory %.1f MiB; model alone (parsing excluded) %.2f s (%.0f tests/s)\n",
           model, tests, total, tests / total, peak, alone, tests / alone
  }'
done
awk -v new="${alone_seconds[ptx]}" -v old="${alone_seconds[ptx60]}" 'BEGIN {
  printf "ptx (7.5) against ptx60, model alone: %.2f s vs %.2f s (%+.0f%%; target at most +10%%)\n",
         new, old, (new / old - 1) * 100
}'
jobs=$(nproc)
start=$(date +%s.%N)
cpu_run /dev/null "$opcheck" "$work" --model ptx --jobs "$jobs" --quiet
end=$(date +%s.%N)
awk -v jobs="$jobs" -v tests="$tests" -v start="$start" -v end="$end" -v cpu="$cpu_seconds" -v peak="$peak_mib" 'BEGIN {
  printf "ptx: %d jobs: %.2f s wall end to end (%.0f tests/s), %.2f s CPU, peak memory %.1f MiB\n",
         jobs, end - start, tests / (end - start), cpu, peak
}'

# herd7 reads the tests of one folder (its own *.litmus, as its README runs it).
sample=$(t3_every "$stride")
herd_dir=$(dirname "$(find "$sample" -name '*.litmus' | head -1)")
sampled=$(find "$sample" -name '*.litmus' | wc -l)
# shellcheck disable=SC2016  # $1 and $2 are the inner shell's
herd_command=(bash -c 'cd "$1" && exec "$2" -model ptx-nodoc.cat *.litmus' herd7 "$herd_dir" "$herd7")
declare -A runs peaks
for ((pair = 1; pair <= pairs; ++pair)); do
  cpu_run "$work/herd7.out" "${herd_command[@]}"
  runs[herd7]+=" $cpu_seconds"
  peaks[herd7]=$peak_mib
  for model in rmo ptx; do
    cpu_run "$work/sample-$model.out" "$opcheck" "$sample" --model "$model" --jobs 1 --quiet
    runs[$model]+=" $cpu_seconds"
    peaks[$model]=$peak_mib
  done
done
# shellcheck disable=SC2086  # the runs are words
herd_median=$(median ${runs[herd7]})
echo "herd7 2015 (ptx-nodoc.cat) against opcheck, 1 job, on every ${stride}th t3 test ($sampled tests), $pairs runs each, alternated; CPU seconds, median:"
echo "  herd7: $herd_median s (runs:${runs[herd7]}), peak memory ${peaks[herd7]} MiB"
for model in rmo ptx; do
  # shellcheck disable=SC2086
  awk -v model="$model" -v herd="$herd_median" -v own="$(median ${runs[$model]})" -v list="${runs[$model]}" \
      -v peak="${peaks[$model]}" -v tests="$sampled" 'BEGIN {
    printf "  %s: %.3f s (runs:%s; %.0f tests/s), peak memory %.1f MiB: %.1fx faster than herd7 (target 20x: %s)\n",
           model, own, list, tests / own, peak, herd / own, (herd / own >= 20 ? "met" : "NOT met")
  }'
done
if ! "$opcheck" compare "$sample" --against "$work/herd7.out" --model rmo --strict --quiet >"$work/against.txt"; then
  echo "rmo's outcomes differ from herd7's on these tests:" >&2
  grep -E 'differs|Summary' "$work/against.txt" | head -20 >&2
  exit 1
fi
echo "  rmo's outcomes equal herd7's on all $sampled tests ($(grep '^Summary' "$work/against.txt"))"
