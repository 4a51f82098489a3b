#!/usr/bin/env bash
# Runs clang-tidy with the checks .clang-tidy names (bugs and needless
# copies) over opcheck's sources, the tests and the generated grammar
# aside, and exits 1 if it finds anything.
#
#   scripts/tidy.sh [BUILD_DIR]
#
# It reads the compile commands of a unity build configured into BUILD_DIR
# (default build-tidy/): clang-tidy then parses the heavy headers once per
# eight sources, as the compiler does. Needs clang-tidy-19 (Debian's
# clang-tidy-19 package: clang-tidy 14 cannot parse some of the C++20 here).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build-tidy}
tidy=$(command -v clang-tidy-19 || true)
[ -n "$tidy" ] || { echo "tidy: clang-tidy-19 is not installed (apt-get install clang-tidy-19)" >&2; exit 2; }
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_UNITY_BUILD=ON -DCMAKE_EXPORT_COMPILE_COMMANDS=ON >/dev/null
# The generated parsers' headers, which the sources include: every grammar's.
ninja -C "$build" opcheck_grammar >/dev/null
mapfile -t sources < <(python3 -c '
import json, sys
for entry in json.load(open(sys.argv[1])):
    f = entry["file"]
    if not any(part in f for part in ("opcheck_grammar", "/tests/", "/bench/")):
        print(f)' "$build/compile_commands.json")
# GCC's own warning options and libstdc++'s deprecations are not ours.
if ! printf '%s\n' "${sources[@]}" |
  xargs -P "$(nproc)" -n 1 "$tidy" -p "$build" --quiet --config-file="$root/.clang-tidy" \
    --extra-arg=-Wno-unknown-warning-option --extra-arg=-Wno-deprecated-declarations; then
  echo "tidy: clang-tidy found the above" >&2
  exit 1
fi
echo "tidy: nothing found in ${#sources[@]} compilations" >&2
