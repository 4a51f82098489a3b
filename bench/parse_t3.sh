#!/usr/bin/env bash
# Times the parsing of all 10554 tests of diy-gpu-ptx/t3 in one process,
# with one thread and with two (target, issue 2: under 2 seconds).
# Usage: bench/parse_t3.sh [BUILD_DIR]
set -euo pipefail
target=parse_corpus
source "$(dirname "$0")/t3.sh"
"$build/bench/parse_corpus" "$work" >/dev/null  # warms the page cache
for jobs in 1 2; do
  result=$("$build/bench/parse_corpus" --jobs "$jobs" "$work")
  seconds=$(echo "$result" | sed -E 's/.* in ([0-9.e+-]+) s .*/\1/')
  verdict=$(awk -v s="$seconds" 'BEGIN { print (s < 2.0 ? "under 2 s: met" : "under 2 s: NOT met") }')
  echo "t3: $result; $verdict"
done
