#!/usr/bin/env bash
# Installs what is missing, then configures and builds opcheck into build/
# (or the directory given as $1, with any further CMake options after it).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
shift || true
bash "$root/scripts/setup.sh"
# A unity build (CMake's, eight sources to a compilation) takes less than
# half the CPU time of a plain one here: the headers of Boost, oneTBB,
# nlohmann-json, CLI11 and Catch2 are compiled once per eight files. A
# developer's own build directory can leave it off; names in the anonymous
# namespaces of one library's files must then differ (or the file is
# listed with SKIP_UNITY_BUILD_INCLUSION, as axiomcheck's models are).
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_UNITY_BUILD=ON "$@" >/dev/null
ninja -C "$build"
