#!/usr/bin/env bash
# Times the parsing of all 10554 tests of diy-gpu-ptx/t3 in one process.
# Target (issue 2): under 2 seconds. Usage: bench/parse_t3.sh [BUILD_DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$here/build}
corpora=${OPCHECK_CORPORA:-$here/../shared/corpora}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tar -xzf "$corpora/diy-gpu-ptx/t3.tar.gz" -C "$work"
ninja -C "$build" parse_corpus >/dev/null
# The first run warms the page cache; the second is the measurement.
"$build/bench/parse_corpus" "$work" >/dev/null
result=$("$build/bench/parse_corpus" "$work")
echo "t3: $result"
seconds=$(echo "$result" | sed -E 's/.* in ([0-9.e+-]+) s .*/\1/')
awk -v s="$seconds" 'BEGIN { printf "target: under 2 s: %s\n", (s < 2.0 ? "met" : "NOT met") }'
