#!/usr/bin/env bash
# Completeness of ptx-op against ptx, by shape: for the kepler preset (the
# default until 2026-11-23) and volta (the default since), how many tests of
# cuda-litmus and of diy-gpu-ptx t3 have exactly ptx's final states. A test
# that is not equal is incomplete, never unsound here (compare_t3.sh and the
# test suite fail on unsound ones). A shape is a test name's first part:
# before "_TB_" in cuda-litmus, before the first "+" in t3 (2+2W and W+RWC whole).
# Usage: bench/completeness_by_shape.sh [BUILD_DIR]
set -euo pipefail
target=opcheck
source "$(dirname "$0")/t3.sh"

# Per shape, "equal/total" for each preset, from compare's line per test
# ("NAME: ptx-op N states; ptx M equal").
by_shape() {  # $1: corpus directory, $2: "cuda" or "t3"
  for preset in kepler volta; do
    "$build/opcheck" compare "$1" --op "ptx-op,$preset" --ax ptx --jobs "$(nproc)" --quiet |
      awk -v preset="$preset" -v kind="$2" '/: ptx-op / {
          name = substr($1, 1, length($1) - 1)
          shape = kind == "cuda" ? substr(name, 1, index(name, "_TB_") - 1) : name
          if (kind != "cuda" && index(name, "+") > 0) shape = substr(name, 1, index(name, "+") - 1)
          if (kind != "cuda" && name ~ /^(2\+2W|W\+RWC)/) shape = substr(name, 1, index(substr(name, 3), "+") + 1)
          total[shape]++; if ($NF == "equal") equal[shape]++
        }
        END { for (s in total) printf "%s %s %d %d\n", s, preset, equal[s], total[s] }'
  done | awk '{ key[$1] = 1; cell[$1, $2] = $3 "/" $4; n[$1] = $4
                eq[$2] += $3; all[$2] += $4 }
    END {
      printf "| shape | tests | kepler equal | volta equal |\n|---|---|---|---|\n"
      count = 0; for (s in key) names[++count] = s
      for (i = 1; i <= count; i++) for (j = i + 1; j <= count; j++) if (names[j] < names[i]) { t = names[i]; names[i] = names[j]; names[j] = t }
      for (i = 1; i <= count; i++) { s = names[i]; split(cell[s, "kepler"], k, "/"); split(cell[s, "volta"], v, "/")
        printf "| %s | %d | %d | %d |\n", s, n[s], k[1], v[1] }
      printf "| all | %d | %d | %d |\n", all["volta"], eq["kepler"], eq["volta"] }'
}

echo "cuda-litmus: tests whose final states equal ptx's"
by_shape "$corpora/cuda-litmus/tests" cuda
echo
echo "diy-gpu-ptx t3: tests whose final states equal ptx's"
by_shape "$work" t3
