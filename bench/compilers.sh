#!/usr/bin/env bash
# Real compilers against src11 (docs/mappings.md "Real compilers"): for each
# installed clang and each target, opcheck compare --source src11 --mapping
# CLANG:TARGET over small C tests, one construct each (load, store, RMW,
# CAS, fence at each memory order) at each scope, the threads placed where
# that scope is the narrowest that includes both (a block-scope test in one
# CTA, a cluster-scope test in two CTAs of one cluster, a device-scope test
# in two CTAs of one GPU, a system-scope test on two GPUs), and prints
# compiler x target x construct -> sound / UNSOUND / refused, then each
# unsound test with its C test and the PTX the compiler wrote.
#   bash bench/compilers.sh [OPCHECK]   (default build/opcheck)
#   COMPILERS="clang-19 clang-22" TARGETS="sm_70 sm_80 sm_90" override the lists.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
opcheck=${1:-$here/build/opcheck}
compilers=${COMPILERS:-"clang-19 clang-22"}
targets=${TARGETS:-"sm_70 sm_80 sm_90"}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The placement of P0 and P1 at which SCOPE is the narrowest that includes both.
placement() {
  case $1 in
    block) echo "cta 0,gpu 0|cta 0,gpu 0" ;;
    cluster) echo "cta 0,cluster 0,gpu 0|cta 1,cluster 0,gpu 0" ;;
    device) echo "cta 0,gpu 0|cta 1,gpu 0" ;;
    system) echo "cta 0,gpu 0|cta 0,gpu 1" ;;
  esac
}

# write NAME SCOPE P0-BODY P1-BODY CONDITION: one two-thread test; in the
# bodies, S is the scope argument.
write() {
  local name=$1 scope=$2 p0=$3 p1=$4 condition=$5 places
  places=$(placement "$scope")
  local s="thread_scope_$scope"
  {
    echo "C $name+$scope"
    echo "{ x = 0; y = 0; }"
    echo
    echo "P0@${places%%|*} (atomic_int* x, atomic_int* y) {"
    echo "  ${p0//S/$s}"
    echo "}"
    echo
    echo "P1@${places##*|} (atomic_int* x, atomic_int* y) {"
    echo "  ${p1//S/$s}"
    echo "}"
    echo
    echo "exists ($condition)"
  } >"$work/tests/$name+$scope.litmus"
}

mkdir -p "$work/tests"
st() { echo "atomic_store_explicit($1, $2, memory_order_$3, S);"; }
ld() { echo "int $1 = atomic_load_explicit($2, memory_order_$3, S);"; }
xchg() { echo "int $1 = atomic_exchange_explicit($2, $3, memory_order_$4, S);"; }
fadd() { echo "int $1 = atomic_fetch_add_explicit($2, 0, memory_order_$3, S);"; }
cas() {
  echo "int $1 = atomic_compare_exchange_strong_explicit($2, $3, $4, memory_order_$5, memory_order_$6, S);"
}
fence() { echo "atomic_thread_fence(memory_order_$1, S);"; }
for scope in block cluster device system; do
  # Coherence of two relaxed reads of one location (CoRR).
  write "load-rlx" $scope "$(st x 1 relaxed)" "$(ld r0 x relaxed) $(ld r1 x relaxed)" "1:r0=1 /\\ 1:r1=0"
  # Coherence of two relaxed writes (CoWW seen by a reader).
  write "store-rlx" $scope "$(st x 1 relaxed) $(st x 2 relaxed)" "$(ld r0 x relaxed) $(ld r1 x relaxed)" \
    "1:r0=2 /\\ 1:r1=1"
  # Message passing through a release store and an acquire load.
  write "load-acq+store-rel" $scope "$(st x 1 relaxed) $(st y 1 release)" \
    "$(ld r0 y acquire) $(ld r1 x relaxed)" "1:r0=1 /\\ 1:r1=0"
  # Store buffering with seq_cst stores and loads.
  write "load-sc+store-sc" $scope "$(st x 1 seq_cst) $(ld r0 y seq_cst)" "$(st y 1 seq_cst) $(ld r0 x seq_cst)" \
    "0:r0=0 /\\ 1:r0=0"
  # Atomicity of two relaxed exchanges / compare-exchanges.
  write "rmw-rlx" $scope "$(xchg r0 x 1 relaxed)" "$(xchg r0 x 2 relaxed)" "0:r0=0 /\\ 1:r0=0 /\\ x=1"
  write "cas-rlx" $scope "$(cas r0 x 0 1 relaxed relaxed)" "$(cas r0 x 0 2 relaxed relaxed)" "0:r0=0 /\\ 1:r0=0"
  # Message passing with the flag written by a release RMW and read by an acquire one.
  write "rmw-acq+rmw-rel" $scope "$(st x 1 relaxed) $(xchg r0 y 1 release)" \
    "$(xchg r0 y 2 acquire) $(ld r1 x relaxed)" "1:r0=1 /\\ 1:r1=0"
  write "rmw-acq_rel" $scope "$(st x 1 relaxed) $(xchg r0 y 1 acq_rel)" \
    "$(xchg r0 y 2 acq_rel) $(ld r1 x relaxed)" "1:r0=1 /\\ 1:r1=0"
  write "cas-acq+cas-rel" $scope "$(st x 1 relaxed) $(cas r0 y 0 1 release relaxed)" \
    "$(cas r0 y 1 2 acquire acquire) $(ld r1 x relaxed)" "1:r0=1 /\\ 1:r1=0"
  write "cas-acq_rel" $scope "$(st x 1 relaxed) $(cas r0 y 0 1 acq_rel acquire)" \
    "$(cas r0 y 1 2 acq_rel acquire) $(ld r1 x relaxed)" "1:r0=1 /\\ 1:r1=0"
  # Store buffering through seq_cst RMWs.
  # (the reads are seq_cst RMWs too: a relaxed read after them may be reordered under src11 as well).
  write "rmw-sc" $scope "$(xchg r0 x 1 seq_cst) $(fadd r1 y seq_cst)" "$(xchg r0 y 1 seq_cst) $(fadd r1 x seq_cst)" \
    "0:r1=0 /\\ 1:r1=0"
  write "cas-sc" $scope "$(cas r0 x 0 1 seq_cst seq_cst) $(cas r1 y 5 6 seq_cst seq_cst)" \
    "$(cas r0 y 0 1 seq_cst seq_cst) $(cas r1 x 5 6 seq_cst seq_cst)" "0:r1=0 /\\ 1:r1=0"
  # Message passing through a release and an acquire fence; store buffering through seq_cst fences.
  write "fence-acq+fence-rel" $scope "$(st x 1 relaxed) $(fence release) $(st y 1 relaxed)" \
    "$(ld r0 y relaxed) $(fence acquire) $(ld r1 x relaxed)" "1:r0=1 /\\ 1:r1=0"
  write "fence-acq_rel" $scope "$(st x 1 relaxed) $(fence acq_rel) $(st y 1 relaxed)" \
    "$(ld r0 y relaxed) $(fence acq_rel) $(ld r1 x relaxed)" "1:r0=1 /\\ 1:r1=0"
  write "fence-sc" $scope "$(st x 1 relaxed) $(fence seq_cst) $(ld r0 y relaxed)" \
    "$(st y 1 relaxed) $(fence seq_cst) $(ld r0 x relaxed)" "0:r0=0 /\\ 1:r0=0"
done

constructs=$(cd "$work/tests" && ls | sed 's/+\(block\|cluster\|device\|system\)\.litmus$//' | sort -u)
scopes="block cluster device system"
results=()
details=""
for compiler in $compilers; do
  if ! command -v "$compiler" >/dev/null; then
    echo "compilers.sh: $compiler is not installed, left out (scripts/setup.sh installs clang-22)" >&2
    continue
  fi
  for target in $targets; do
    out="$work/$compiler-$target.txt"
    "$opcheck" compare "$work/tests" --source src11 --mapping "$compiler:$target" --quiet >"$out" 2>&1 || true
    results+=("$compiler:$target")
    details+=$(awk -v m="$compiler:$target" '/^== /{show=1; print "\n### " m} show' "$out")
  done
done

# The table: one row per construct and mapping, one column per scope.
printf '| construct | compiler:target |'
for scope in $scopes; do printf ' %s |' "$scope"; done
printf '\n|---|---|'
for scope in $scopes; do printf -- '---|'; done
printf '\n'
for construct in $constructs; do
  for mapping in "${results[@]}"; do
    printf '| %s | %s |' "$construct" "$mapping"
    for scope in $scopes; do
      line=$(grep -F "$construct+$scope: " "$work/${mapping/:/-}.txt" | head -1 || true)
      case $line in
        *": sound"*) verdict=sound ;;
        *": UNSOUND"*) verdict=UNSOUND ;;
        *": refused"*) verdict=refused ;;
        *": undefined"*) verdict=undefined ;;
        *) verdict="error" ;;
      esac
      printf ' %s |' "$verdict"
    done
    printf '\n'
  done
done
for mapping in "${results[@]}"; do
  echo
  echo "$mapping refusals:"
  grep -h ": refused: " "$work/${mapping/:/-}.txt" | sed 's/^/  /' | cut -c1-220 | sort -u -t: -k3 | head -5 || true
done
echo
echo "Unsound tests, with the C test and the PTX the compiler wrote:"
echo "$details"
