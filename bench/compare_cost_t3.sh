#!/usr/bin/env bash
# What cross-validation costs beside a plain ptx-op run, measured in the same
# run over the same tests of diy-gpu-ptx/t3 (every STRIDE-th, sorted by
# path; 1: all of them), one job: `compare --op ptx-op --ax
# ptx,ptx60,rmo,sc`, with --executions (compare) and without (outcomes),
# and `races --model ptx-op`, each against `opcheck DIR --model ptx-op`.
# The four run in turn, $PAIRS rounds
# (default 3), so that load from other work on the machine falls on all of
# them; prints the median wall and CPU seconds and their ratios to the
# plain run (docs/crosscheck.md says what the ratio is made of).
# Usage: bench/compare_cost_t3.sh [BUILD_DIR] [STRIDE]   (STRIDE: default 4)
set -euo pipefail
target=opcheck
source "$(dirname "$0")/t3.sh" "${1:-}"
tests=$(t3_every "${2:-4}")
count=$(find -L "$tests" -name '*.litmus' | wc -l)
rounds=${PAIRS:-3}

# Runs the command after the label; adds to walls[LABEL] and cpus[LABEL]
# (user + system seconds of the command and its children). compare exits 1
# for the tests sc finds unsound: the status is not what is measured.
declare -A walls cpus
measure() {
  local label=$1 times
  shift
  /usr/bin/time -o "$work/times" -f '%e %U %S' "$@" >/dev/null 2>&1 || true
  times=$(tail -1 "$work/times")
  walls[$label]+=" $(awk '{ print $1 }' <<<"$times")"
  cpus[$label]+=" $(awk '{ print $2 + $3 }' <<<"$times")"
}

for _ in $(seq "$rounds"); do
  measure plain "$build/opcheck" "$tests" --model ptx-op --jobs 1 --quiet
  measure compare "$build/opcheck" compare "$tests" --op ptx-op --ax ptx,ptx60,rmo,sc --executions --jobs 1 \
    --quiet
  measure outcomes "$build/opcheck" compare "$tests" --op ptx-op --ax ptx,ptx60,rmo,sc --jobs 1 --quiet
  measure races "$build/opcheck" races "$tests" --model ptx-op --jobs 1 --quiet
done

declare -A wall cpu
for label in plain compare outcomes races; do
  # shellcheck disable=SC2086 # the lists are meant to split
  wall[$label]=$(median ${walls[$label]})
  # shellcheck disable=SC2086
  cpu[$label]=$(median ${cpus[$label]})
done
echo "t3, every ${2:-4}th test ($count tests), one job, medians of $rounds rounds:"
for label in plain compare outcomes races; do
  awk -v l="$label" -v w="${wall[$label]}" -v c="${cpu[$label]}" -v pw="${wall[plain]}" -v pc="${cpu[plain]}" \
    'BEGIN { printf "  %-8s %7.2f s wall (%5.2fx plain)  %7.2f s CPU (%5.2fx plain)\n", l, w, w / pw, c, c / pc }'
done
