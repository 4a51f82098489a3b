#!/usr/bin/env bash
# The guarantee the race definitions exist for (docs/races.md "The
# guarantee"), over every corpus and the catalogue, t3 included: a test whose
# SC executions have no race (PTX ISA 9.1 8.7.1 data races, and relaxed
# races DRFrlx does not make safe, seed 003) must get exactly its SC
# outcomes under ptx. Prints per corpus the tests, the race-free ones and
# how many of those have ptx outcomes = sc outcomes, then every exception.
# Exit status 1 when a race-free test has outcomes SC does not.
# Usage: bench/drf_guarantee.sh [BUILD_DIR] [REPORT_DIR]
set -euo pipefail
target=opcheck
source "$(dirname "$0")/t3.sh"
opcheck="$build/opcheck"
jobs=$(nproc)
printf '%-14s %7s %10s %9s %10s %8s %9s %s\n' corpus tests race-free "ptx = sc" different racy "ptx = sc" "not checked"
run() {
  local name=$1
  shift
  "$opcheck" races --guarantee "$@" --jobs "$jobs" --quiet >"$reports/$name.txt" 2>"$reports/$name.err" || true
  awk -v name="$name" '/^Guarantee summary:/ {
    printf "%-14s %7d %10d %9d %10d %8d %9d %d\n", name, $3, $8, $10, $19, $22, $23, $5
  }' "$reports/$name.txt"
}
start=$(date +%s.%N)
run catalogue "$here/catalogue"
run dat3m-ptx "$corpora/dat3m-ptx"
run herd-gpu-ptx "$corpora/herd-gpu-ptx"
run cuda-litmus "$corpora/cuda-litmus"
run hardware "$corpora/hardware"
run diy-t1-t2 "$corpora/diy-gpu-ptx/t1" "$corpora/diy-gpu-ptx/t2"
run diy-t3 "$work"
end=$(date +%s.%N)
awk -v start="$start" -v end="$end" -v jobs="$jobs" 'BEGIN { printf "time: %.1f s with %d jobs\n", end - start, jobs }'
echo "reports: $reports"
echo "exceptions (race-free, ptx outcomes differ from sc):"
# An exception is a finding about the model or the definitions: it fails
# the run until docs/races.md explains it and the definitions or the model
# change.
if grep -h DIFFERENT "$reports"/*.txt; then
  exit 1
fi
echo "  none"
