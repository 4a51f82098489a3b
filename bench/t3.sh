# Sourced by the t3 benchmarks: finds the project and its build (the
# script's first argument, else build/), unpacks diy-gpu-ptx/t3 into $work
# (removed on exit) and builds the target named in $target.
here=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$here/build}
corpora=${OPCHECK_CORPORA:-$here/../shared/corpora}
work=$(mktemp -d)
trap 'rm -rf "$work" "$work".every-*' EXIT
tar -xzf "$corpora/diy-gpu-ptx/t3.tar.gz" -C "$work"
ninja -C "$build" "${target:-opcheck}" >/dev/null
# Where the comparing benchmarks write their reports: the script's second
# argument, else a fresh directory.
reports=${2:-$(mktemp -d)}
mkdir -p "$reports"

# A directory of links to every $1-th t3 test (sorted by path; 1: all of
# them), beside $work (a run over $work must not meet them twice) and
# removed on exit with it. CI samples the slowest runs this way
# to stay within its time; a benchmark run by hand takes every test.
t3_every() {
  local stride=$1 sample
  if [ "$stride" -le 1 ]; then
    echo "$work"
    return
  fi
  sample="$work.every-$stride"
  mkdir -p "$sample"
  find "$work" -name '*.litmus' | sort |
    awk -v n="$stride" 'NR % n == 1' | while read -r file; do ln -s "$file" "$sample/"; done
  echo "$sample"
}
