#!/usr/bin/env bash
# ptx-op (the default preset, volta) over diy-gpu-ptx/t3, against herd7 2015
# (bench/herd7.sh, -model ptx-nodoc.cat: seed 000's RMO) timed in the same
# run on the same tests: every $T3_STRIDE-th test (default 1: all 10554; CI
# takes every 4th).
#   1. One job, $PAIRS runs (default 3) alternated with herd7's (herd7,
#      ptx-op, herd7, ...), so that load from other work on the machine
#      falls on both: the median CPU seconds (user + sys of the whole
#      process) of each and their ratio, tests/s, states/s, bytes per state
#      (ptx-op's State, and the fingerprints and the peak memory of the test
#      with the most states, per state) and the peak memory of the process.
#   2. Two jobs (tests in parallel): wall time, the speed-up over one job's
#      median wall time, and the outcomes, which must be those of one job.
# Usage: bench/ptx_op_t3.sh [BUILD_DIR]
set -euo pipefail
target=opcheck
source "$(dirname "$0")/t3.sh"
source "$here/bench/herd7.sh"
herd7_ensure
stride=${T3_STRIDE:-1}
pairs=${PAIRS:-3}
sample=$(t3_every "$stride")
herd_dir=$(dirname "$(find "$sample" -name '*.litmus' | head -1)")
# shellcheck disable=SC2016  # $1 and $2 are the inner shell's
herd_command=(bash -c 'cd "$1" && exec "$2" -model ptx-nodoc.cat *.litmus' herd7 "$herd_dir" "$herd7")

herd_runs=""
own_runs=""
walls=""
for ((pair = 1; pair <= pairs; ++pair)); do
  cpu_run "$work/herd7.out" "${herd_command[@]}"
  herd_runs+=" $cpu_seconds"
  herd_peak=$peak_mib
  start=$(date +%s.%N)
  cpu_run "$work/out-1.txt" "$build/opcheck" "$sample" --model ptx-op --jobs 1 --quiet
  end=$(date +%s.%N)
  own_runs+=" $cpu_seconds"
  own_peak=$peak_mib
  walls+=" $(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }')"
done
# shellcheck disable=SC2086  # the runs are words
herd_median=$(median $herd_runs)
# shellcheck disable=SC2086
own_median=$(median $own_runs)
# shellcheck disable=SC2086
wall_median=$(median $walls)

# The Explored line: "Explored NAME states N transitions T fingerprints F
# fingerprint-memory XMiB state-bytes B peak-memory YMiB states/s S".
explored() {
  awk '/^Explored / { for (i = 3; i < NF; i += 2) { v = $(i + 1); sub(/MiB$/, "", v); f[$i] = v }
         states += f["states"]; bytes = f["state-bytes"]
         if (f["states"] > most) { most = f["states"]; fp = f["fingerprint-memory"]; peak = f["peak-memory"] } }
       /^Test / { tests++ }
       END { printf "%d %d %d %d %.1f %.1f\n", tests, states, bytes, most, fp, peak }' "$1"
}
read -r tests states state_bytes most fingerprint_mib test_peak_mib < <(explored "$work/out-1.txt")
echo "ptx-op (volta) over every ${stride}th t3 test, 1 job, $pairs runs each alternated with herd7's; CPU seconds, median:"
awk -v t="$tests" -v n="$states" -v s="$own_median" -v h="$herd_median" -v list="$own_runs" -v hlist="$herd_runs" \
    -v peak="$own_peak" -v hpeak="$herd_peak" -v b="$state_bytes" -v most="$most" -v fp="$fingerprint_mib" \
    -v tp="$test_peak_mib" 'BEGIN {
  printf "  herd7 2015 (ptx-nodoc.cat, RMO): %.2f s (runs:%s), peak memory %.1f MiB\n", h, hlist, hpeak
  printf "  ptx-op: %d tests in %.2f s (runs:%s; %.0f tests/s), %d states (%.0f states/s), peak memory %.1f MiB: %.2fx as fast as herd7 %s\n",
         t, s, list, t / s, n, n / s, peak, h / s, (h / s >= 5 ? "(target 5x: met)" : "(target 5x: NOT met)")
  printf "  bytes per state: State %d B; the test with the most states (%d): fingerprints %.1f B/state, peak memory %.1f MiB (%.0f B/state)\n",
         b, most, fp * 1048576 / most, tp, tp * 1048576 / most
}'

start=$(date +%s.%N)
cpu_run "$work/out-2.txt" "$build/opcheck" "$sample" --model ptx-op --jobs 2 --quiet
end=$(date +%s.%N)
if ! cmp -s <(grep -vE '^(Time|Explored) ' "$work/out-1.txt") <(grep -vE '^(Time|Explored) ' "$work/out-2.txt"); then
  echo "outcomes differ between 1 and 2 jobs" >&2
  exit 1
fi
awk -v a="$start" -v b="$end" -v one="$wall_median" -v cpu="$cpu_seconds" -v peak="$peak_mib" -v t="$tests" -v n="$states" 'BEGIN {
  printf "  2 jobs: %.2f s wall (%.0f tests/s, %.0f states/s), %.2f s CPU, peak memory %.1f MiB; %.2fx the speed of 1 job (%.2f s wall); the same outcomes\n",
         b - a, t / (b - a), n / (b - a), cpu, peak, one / (b - a), one }'
