#!/usr/bin/env bash
# The n.SB family (n threads in a store-buffering ring, "PodWR Fre" n times,
# one thread a CTA: opcheck generate) under ptx-op, one job: per n, the
# states, CPU seconds, states/s, the bytes a packed state takes, and the peak
# memory of the process. Up to n = $NSB_MAX (default 7; CI takes 6).
# Usage: bench/nsb_curve.sh [BUILD_DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$here/build}
max=${NSB_MAX:-7}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ninja -C "$build" opcheck >/dev/null

printf '%-4s %12s %9s %12s %12s %12s\n' n states "CPU s" "states/s" "state bytes" "peak MiB"
for ((n = 2; n <= max; ++n)); do
  cycle=()
  for ((i = 0; i < n; ++i)); do
    cycle+=(PodWR Fre)
  done
  "$build/opcheck" generate "${cycle[@]}" --name "SB$n" -o "$work" >/dev/null 2>&1
  /usr/bin/time -f '%U %S %M' -o "$work/time" \
    "$build/opcheck" "$work/SB$n.litmus" --model ptx-op --jobs 1 >"$work/out"
  read -r user system peak_kib <"$work/time"
  awk -v n="$n" -v user="$user" -v sys="$system" -v peak="$peak_kib" '/^Explored / {
    for (i = 3; i < NF; i += 2) f[$i] = $(i + 1)
    cpu = user + sys
    printf "%-4s %12d %9.2f %12.0f %12d %12.1f\n", "SB" n, f["states"], cpu, f["states"] / (cpu > 0 ? cpu : 0.01),
           f["state-bytes"], peak / 1024
  }' "$work/out"
done
