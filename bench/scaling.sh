#!/usr/bin/env bash
# The parallel explorer's speed-up: one test of more than 10^7 ptx-op states
# (store buffering around eight threads, the first loading the next thread's
# location twice: "PodWR PosRR Fre", then "PodWR Fre" seven times; opcheck
# generate; one thread a CTA), explored with 1, 2, 4, ... jobs up to
# $MAX_JOBS (default nproc), or the counts JOBS lists ("1 16"; the first
# is the base). Per job count: states, wall and CPU seconds, states/s of
# wall time, speed-up over the base and its efficiency. Fails unless every
# job count finds the same states and outcome.
# Usage: bench/scaling.sh [BUILD_DIR] (MAX_JOBS=N or JOBS="1 2 ..."; OPCHECK=FILE
# runs that binary instead of building one)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$here/build}
max_jobs=${MAX_JOBS:-$(nproc)}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -n "${OPCHECK:-}" ]; then
  opcheck=$OPCHECK
else
  ninja -C "$build" opcheck >/dev/null
  opcheck=$build/opcheck
fi

cycle=(PodWR PosRR Fre)
for ((i = 0; i < 7; ++i)); do
  cycle+=(PodWR Fre)
done
"$opcheck" generate "${cycle[@]}" --name SB8+read -o "$work" >/dev/null 2>&1

printf '%-5s %11s %8s %8s %12s %9s %11s\n' jobs states "wall s" "CPU s" "states/s" speed-up efficiency
one_job_wall=""
reference=""
if [ -z "${JOBS:-}" ]; then
  JOBS=""
  for ((jobs = 1; jobs <= max_jobs; jobs *= 2)); do
    JOBS="$JOBS $jobs"
  done
fi
base_jobs=""
for jobs in $JOBS; do
  # bash's own clock: the machine may have no /usr/bin/time.
  TIMEFORMAT='%R %U %S'
  { time "$opcheck" "$work/SB8+read.litmus" --model ptx-op --jobs "$jobs" >"$work/out" 2>"$work/err"; } 2>"$work/time"
  read -r wall user system <"$work/time"
  states=$(awk '/^Explored / { for (i = 3; i < NF; i += 2) if ($i == "states") print $(i + 1) }' "$work/out")
  outcome=$(grep -E '^(Observation|States|[0-9]+:)' "$work/out" | sort | md5sum)
  if [ -z "$reference" ]; then
    reference="$states $outcome"
    one_job_wall=$wall
    base_jobs=$jobs
  elif [ "$reference" != "$states $outcome" ]; then
    echo "scaling: $jobs jobs found other states or outcomes than $base_jobs" >&2
    exit 1
  fi
  awk -v jobs="$jobs" -v states="$states" -v wall="$wall" -v user="$user" -v sys="$system" \
      -v one="$one_job_wall" -v base="$base_jobs" 'BEGIN {
    w = wall > 0 ? wall : 0.01
    cpu = user + sys
    printf "%-5d %11d %8.2f %8.2f %12.0f %8.2fx %10.0f%%\n", jobs, states, wall, cpu, states / w,
           one / w, 100 * one / w * base / jobs
  }'
done
