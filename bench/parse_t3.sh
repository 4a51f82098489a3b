#!/usr/bin/env bash
# Times the parsing of all 10554 tests of diy-gpu-ptx/t3 in one process,
# with one thread and with two (target: under 2 seconds): the parse time
# parse_corpus measures, and the whole process's CPU seconds (user + sys,
# start-up included) and peak memory.
# Usage: bench/parse_t3.sh [BUILD_DIR]
set -euo pipefail
target=parse_corpus
source "$(dirname "$0")/t3.sh"
"$build/bench/parse_corpus" "$work" >/dev/null  # warms the page cache
for jobs in 1 2; do
  cpu_run "$work/parse.txt" "$build/bench/parse_corpus" --jobs "$jobs" "$work"
  result=$(cat "$work/parse.txt")
  seconds=$(echo "$result" | sed -E 's/.* in ([0-9.e+-]+) s .*/\1/')
  verdict=$(awk -v s="$seconds" 'BEGIN { print (s < 2.0 ? "under 2 s: met" : "under 2 s: NOT met") }')
  echo "t3: $result; $verdict; process: $cpu_seconds s CPU, peak memory $peak_mib MiB"
done
