#!/usr/bin/env bash
# Times the parsing of all 10554 tests of diy-gpu-ptx/t3 in one process,
# with one thread and with two (target, issue 2: under 2 seconds).
# Usage: bench/parse_t3.sh [BUILD_DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$here/build}
corpora=${OPCHECK_CORPORA:-$here/../shared/corpora}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tar -xzf "$corpora/diy-gpu-ptx/t3.tar.gz" -C "$work"
ninja -C "$build" parse_corpus >/dev/null
"$build/bench/parse_corpus" "$work" >/dev/null  # warms the page cache
for jobs in 1 2; do
  result=$("$build/bench/parse_corpus" --jobs "$jobs" "$work")
  seconds=$(echo "$result" | sed -E 's/.* in ([0-9.e+-]+) s .*/\1/')
  verdict=$(awk -v s="$seconds" 'BEGIN { print (s < 2.0 ? "under 2 s: met" : "under 2 s: NOT met") }')
  echo "t3: $result; $verdict"
done
