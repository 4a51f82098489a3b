#!/usr/bin/env bash
# compare over all 10554 tests of diy-gpu-ptx/t3: ptx-op (each preset that
# claims PTX) against ptx, and the default preset's (volta's) every execution
# graph against ptx (--executions). Fails when a test is unsound. rmo is
# multi-copy atomic and volta and partitioned-l2 are not: rmo_differences.sh
# compares them with rmo. Usage: bench/compare_t3.sh [BUILD_DIR] [REPORT_DIR]
set -euo pipefail
target=opcheck
source "$(dirname "$0")/t3.sh"
status=0
graphs_sample=$(t3_every "${EXECUTIONS_STRIDE:-1}")
for run in "volta ptx" "volta ptx --executions" "kepler ptx" "fifo-store-buffer ptx" "no-l1-fills ptx" \
  "partitioned-l2 ptx"; do
  set -- $run
  report="$reports/t3-$1${3:-}.md"
  tests=$work
  [ "${3:-}" = --executions ] && tests=$graphs_sample
  start=$(date +%s.%N)
  "$build/opcheck" compare "$tests" --op "ptx-op,$1" --ax "$2" ${3:-} --jobs "$(nproc)" --quiet \
    --report "$report" | grep '^Summary' || status=$?
  end=$(date +%s.%N)
  awk -v a="$start" -v b="$end" -v run="$run" -v report="$report" \
    'BEGIN { printf "  (%s: %.1f s; report %s)\n", run, b - a, report }'
done
exit $status
