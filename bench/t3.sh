# Sourced by the t3 benchmarks: finds the project and its build (the
# script's first argument, else build/), unpacks diy-gpu-ptx/t3 into $work
# (removed on exit) and builds the target named in $target.
here=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$here/build}
corpora=${OPCHECK_CORPORA:-$here/../shared/corpora}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tar -xzf "$corpora/diy-gpu-ptx/t3.tar.gz" -C "$work"
ninja -C "$build" "${target:-opcheck}" >/dev/null
# Where the comparing benchmarks write their reports: the script's second
# argument, else a fresh directory.
reports=${2:-$(mktemp -d)}
mkdir -p "$reports"
