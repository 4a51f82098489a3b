#!/usr/bin/env bash
# Where ptx-op allows what rmo forbids, over the GPU_PTX corpora (diy-gpu-ptx
# t1, t2, t3; herd-gpu-ptx; hardware), for every preset that claims PTX:
# each such outcome must be allowed by ptx too, a difference between PTX and
# seed 000's older RMO model rather than a fault of the machine (README
# "Compare" says which shapes and why).
# Prints, per preset, the outcomes by shape and the rmo axioms they break;
# fails when one is not explained by ptx.
# With T3_STRIDE=N (default 1) only every N-th t3 test is compared (CI takes
# every 8th, to stay within its time); the other corpora always in full.
# Usage: bench/rmo_differences.sh [BUILD_DIR] [REPORT_DIR]
set -euo pipefail
target=opcheck
source "$(dirname "$0")/t3.sh"
status=0
t3_tests=$(t3_every "${T3_STRIDE:-1}")
# The presets `opcheck models` lists that claim PTX.
# A preset's line starts with its name; its description may wrap onto more.
# The presets: the names in the list after "presets (" (the axioms of the
# axiomatic models are listed with the same indentation before it).
for preset in $("$build/opcheck" models | awk '
    /presets \(/ { presets = 1; next }
    presets && /^          [a-z0-9-]+  / { if (name != "" && claims) print name; name = $1; claims = 1 }
    /^Options/ { if (name != "" && claims) print name; name = "" }
    /does not claim PTX/ { claims = 0 }'); do
  report="$reports/rmo-differences-$preset.md"
  "$build/opcheck" compare "$t3_tests" "$corpora/diy-gpu-ptx" "$corpora/herd-gpu-ptx" "$corpora/hardware" \
    --op "ptx-op,$preset" --ax rmo,ptx --jobs "$(nproc)" --quiet --report "$report" >/dev/null || true
  if [ ! -f "$report" ]; then
    echo "ptx-op,$preset: compare wrote no report" >&2
    status=1
    continue
  fi
  # Rows of the report's table: | test | outcome | forbidden by | axioms | allowed by |
  rows=$(grep '^| \[' "$report" || true)
  count=$(printf '%s' "$rows" | grep -c . || true)
  unexplained=$(printf '%s' "$rows" | awk -F'|' '$4 ~ /rmo/ && $6 !~ /ptx/' | grep -c . || true)
  echo "ptx-op,$preset: $count outcomes rmo forbids, $unexplained not allowed by ptx (report $report)"
  printf '%s\n' "$rows" | awk -F'|' 'NF > 5 {
      name = $2; sub(/^ *\[/, "", name); sub(/\].*/, "", name); split(name, parts, "+");
      axioms = $5; gsub(/^ +| +$/, "", axioms);
      shape[parts[1] " (" axioms ")"]++ }
    END { for (s in shape) printf "  %-45s %d\n", s, shape[s] }' | sort
  [ "$unexplained" -eq 0 ] || status=1
done
exit $status
