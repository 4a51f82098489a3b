#!/usr/bin/env bash
# Installs what is missing, then configures and builds opcheck into build/
# (or the directory given as $1, with any further CMake options after it).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
shift || true
bash "$root/scripts/setup.sh"
cmake -S "$root" -B "$build" -G Ninja "$@" >/dev/null
ninja -C "$build"
