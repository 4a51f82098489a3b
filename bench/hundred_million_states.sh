#!/usr/bin/env bash
# A test of more than 10^8 ptx-op states, explored whole within 4 GiB: store
# buffering around seven threads, each loading the next thread's location
# twice and the last thread three times ("PodWR PosRR Fre" six times, then
# "PodWR PosRR PosRR Fre": opcheck generate), one thread a CTA. Prints its
# states, CPU and wall seconds, states/s, the fingerprint set's and the whole
# process's peak memory and bytes per state, and fails unless it explored at
# least 10^8 states in under 4 GiB. It takes minutes; CI does not run it.
# Usage: bench/hundred_million_states.sh [BUILD_DIR] (JOBS=N, default nproc)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$here/build}
jobs=${JOBS:-$(nproc)}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ninja -C "$build" opcheck >/dev/null

cycle=()
for ((i = 0; i < 6; ++i)); do
  cycle+=(PodWR PosRR Fre)
done
cycle+=(PodWR PosRR PosRR Fre)
"$build/opcheck" generate "${cycle[@]}" --name SB7+reads -o "$work" >/dev/null 2>&1
/usr/bin/time -f '%e %U %S %M' -o "$work/time" \
  "$build/opcheck" "$work/SB7+reads.litmus" --model ptx-op --jobs "$jobs" >"$work/out"
read -r wall user system peak_kib <"$work/time"
awk -v jobs="$jobs" -v wall="$wall" -v user="$user" -v sys="$system" -v peak="$peak_kib" '/^Explored / {
  for (i = 3; i < NF; i += 2) f[$i] = $(i + 1)
  cpu = user + sys
  states = f["states"]
  printf "SB7+reads, %d jobs: %d states, %.1f s CPU, %.1f s wall, %.0f states/s of CPU\n",
         jobs, states, cpu, wall, states / (cpu > 0 ? cpu : 0.01)
  printf "fingerprint set %s, peak memory %.1f MiB: %.1f bytes a state in all; a packed state %d bytes\n",
         f["fingerprint-memory"], peak / 1024, peak * 1024 / states, f["state-bytes"]
  ok = states >= 1e8 && peak < 4 * 1024 * 1024
  printf "at least 10^8 states within 4 GiB: %s\n", ok ? "met" : "NOT met"
  exit ok ? 0 : 1
}' "$work/out"
