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

# cpu_run OUT COMMAND...: runs COMMAND with its standard output in OUT and
# sets cpu_seconds (user + sys of the whole process tree, from bash's
# `time`) and peak_mib (the largest resident set, from GNU time, "?" without
# it: Debian's package time, which bench/herd7.sh installs). A command that
# fails stops the benchmark: the time of a failed run means nothing.
cpu_run() {
  local out=$1 stats times errors status=0
  shift
  stats=$(mktemp)
  times=$(mktemp)
  errors=$(mktemp)
  local measure=()
  [ -x /usr/bin/time ] && measure=(/usr/bin/time -f '%M' -o "$stats")
  local TIMEFORMAT='%3U %3S'
  { time "${measure[@]}" "$@" >"$out" 2>"$errors"; } 2>"$times" || status=$?
  if [ "$status" -ne 0 ]; then
    echo "failed ($status): $*" >&2
    tail -5 "$errors" >&2
  fi
  cpu_seconds=$(awk '{ printf "%.3f", $1 + $2 }' "$times")
  peak_mib=$(tail -1 "$stats" | awk '{ printf "%.1f", $1 / 1024 } END { if (NR == 0) print "?" }')
  rm -f "$stats" "$times" "$errors"
  return "$status"
}

# median NUMBER...: the middle one (the mean of the two middle ones).
median() {
  printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { printf "%.3f", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
