#!/usr/bin/env bash
# Differential fuzzing of the models (README "Differential fuzzing"):
# random tests from `opcheck generate --random`, checked for SECONDS
# seconds against properties that must hold whatever the test:
#
#   op-within-ax     ptx-op's outcomes and execution graphs within ptx's
#                    (`compare --executions` finds nothing unsound)
#   sc-within-ptx    every sc outcome is a ptx outcome
#   sc-within-rmo    every sc outcome is an rmo outcome
#   jobs             ptx-op prints the same for a directory with --jobs 1
#                    and --jobs 2 (tests side by side), witness traces
#                    included
#   one-test-jobs    one test explored by two workers (--jobs 2 on the file
#                    alone) prints the same as by one, states, transitions
#                    and hangs included
#   reductions       ptx-op prints the same outcomes with --no-reduction
#   round-trip       parse(print(t)) = print(t)
#   no-crash         every run exits 0, 1 or 2, and 2 only to refuse a value
#                    a model cannot hold (its FILE:LINE:COL: error)
#
#   scripts/fuzz-models.sh SECONDS [--opcheck PATH] [--seed S] [--keep DIR]
#
# The seed defaults to the clock and is printed, so a run can be repeated.
# A test that breaks a property is copied to DIR/PROPERTY/ (default
# build/fuzz-models-findings) with the output that shows it; the script
# then exits 1. Shrinking a finding to a regression test under tests/ is
# done by hand (tests/fuzz-models/README.md).
set -euo pipefail

usage() {
  echo "usage: scripts/fuzz-models.sh SECONDS [--opcheck PATH] [--seed S] [--keep DIR]" >&2
  exit 2
}

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
[ $# -ge 1 ] || usage
seconds=$1
shift
[[ "$seconds" =~ ^[0-9]+$ ]] && [ "$seconds" -ge 1 ] || usage
opcheck="$root/build/opcheck"
seed=$(date +%s)
keep="$root/build/fuzz-models-findings"
while [ $# -gt 0 ]; do
  case "$1" in
    --opcheck) opcheck=$2 ;;
    --seed) seed=$2 ;;
    --keep) keep=$2 ;;
    *) usage ;;
  esac
  shift 2 || usage
done
[ -x "$opcheck" ] || { echo "fuzz-models: no opcheck at $opcheck (build it first)" >&2; exit 2; }
[[ "$seed" =~ ^[0-9]+$ ]] || usage

work=$(mktemp -d "${TMPDIR:-/tmp}/opcheck-fuzz-models.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$keep"

# Every run is bounded; a random test is small, so one that needs longer
# is itself a finding (no-crash reports it).
limits=(--timeout 60)
# A few random tests have millions of ptx-op states (random-6-19: 2.9M,
# and 1768 outcomes whose witness traces and execution graphs took two
# minutes): ptx-op's runs stop at 500,000 states. What a cut run reached is
# still checked against ptx (a subset of a sound answer is sound); where
# two runs must agree, cut ones are left out (differing_tests).
operational_limits=(--max-states 500000)
# Tests are generated and checked in batches (one opcheck run per property
# and batch); the clock is read between batches. A test costs ~0.5 s on the
# Release build and ~4 s on the ASan build here, so a fixed batch would
# overrun SECONDS by up to a whole batch: the first batch is small, and each
# next one as large as the time left allows at the cost per test seen so
# far (at most max_batch). A test depends only on its seed and index
# (random-S-I), so a finding can be generated again whatever the batches.
first_batch=5
max_batch=20
declare -A broken=()
tests=0
refused=0
failures=0

# finding PROPERTY TEST DETAIL: keep the test and say what broke.
finding() {
  local property=$1 name=$2 detail=$3
  mkdir -p "$keep/$property"
  cp "$batch_dir/$name.litmus" "$keep/$property/"
  printf '%s\n' "$detail" >"$keep/$property/$name.txt"
  echo "fuzz-models: $property broken by $name: $(head -c 300 <<<"$detail")" >&2
  broken[$property]=$((${broken[$property]:-0} + 1))
  failures=$((failures + 1))
}

# run OUTPUT ARGUMENTS...: runs opcheck with stdout in OUTPUT and stderr in
# OUTPUT.err; prints the exit status.
run() {
  local output=$1
  shift
  local status=0
  "$opcheck" "$@" >"$output" 2>"$output.err" || status=$?
  echo "$status"
}

# The errors a random test may meet: values a model cannot hold.
refusal='error: .*(cannot represent|cannot hold)'

# checked_run PROPERTY OUTPUT ARGUMENTS... (over the batch): exit 0 and 1 are
# answers; an error other than a refusal, or an exit above 2 (a signal, an
# abort), is a finding, located by running the tests one at a time.
checked_run() {
  local property=$1 output=$2
  shift 2
  local status
  status=$(run "$output" "$@" "$batch_dir")
  grep ': error: ' "$output.err" | grep -Ev "$refusal" | while IFS= read -r line; do
    echo "$line"
  done >"$output.unexpected" || true
  if [ -s "$output.unexpected" ]; then
    local file
    for file in $(sed -E 's/:[0-9]+:[0-9]+: error: .*//; s/: error: .*//' "$output.unexpected" | sort -u); do
      [ -f "$file" ] && finding no-crash "$(basename "$file" .litmus)" "$property: $(grep -F "$file" "$output.unexpected")"
    done
  fi
  if [ "$status" -gt 2 ]; then
    local file single
    for file in "$batch_dir"/*.litmus; do
      single=$(run "$work/single" "$@" "$file")
      if [ "$single" -gt 2 ]; then
        finding no-crash "$(basename "$file" .litmus)" "$property: exit $single: $(tail -5 "$work/single.err")"
      fi
    done
  fi
}

# Every line of a herd text output, prefixed with its test's name, without
# what may differ from run to run: times, rates and memory. Of the
# exploration's statistics, the states and transitions stay (the reduced
# state graph does not depend on the order of discovery: RED-3).
by_test() {
  awk '/^Test /{name=$2}
       /^Explored / {print name "\t" $1, $2, $3, $4, $5, $6; next}
       !/^Time / && name != "" {print name "\t" $0}' "$1"
}

# The states of a herd text output, "TEST<TAB>STATE" each, sorted.
states() {
  awk '/^Test /{name=$2} /^States /{n=$2; for (i = 0; i < n; i++) {getline; print name "\t" $0}}' "$1" | sort
}

# The tests whose lines differ between two by_test or states listings,
# but for those whose run was cut by a limit in any of OUTPUTS (their
# outcomes may be missing, so they prove nothing).
#   differing_tests LISTING LISTING OUTPUT...
differing_tests() {
  local left=$1 right=$2
  shift 2
  comm -23 <(diff "$left" "$right" | sed -n 's/^[<>] \([^\t]*\)\t.*/\1/p' | sort -u) \
    <(cat "$@" | sed -n 's/^Stopped \([^ ]*\) .*/\1/p' | sort -u)
}

check_batch() {
  local out=$work/out name file
  tests=$((tests + $(ls "$batch_dir" | wc -l)))

  # round-trip, one file at a time (a file holds one test)
  for file in "$batch_dir"/*.litmus; do
    name=$(basename "$file" .litmus)
    if [ "$(run "$out.p1" parse "$file")" -ne 0 ] || [ "$(run "$out.p2" parse "$out.p1")" -ne 0 ] ||
      ! cmp -s "$out.p1" "$out.p2"; then
      finding round-trip "$name" "$(cat "$out.p1.err" "$out.p2.err"; diff "$out.p1" "$out.p2" 2>&1 | head -20)"
    fi
  done

  # sc within ptx and within rmo, outcome by outcome
  local model
  for model in sc ptx rmo; do
    checked_run "$model" "$out.$model" --model "$model" "${limits[@]}"
    states "$out.$model" >"$out.$model.states"
  done
  for model in ptx rmo; do
    for name in $(comm -23 <(comm -23 "$out.sc.states" "$out.$model.states" | cut -f1 | sort -u) \
      <(sed -n 's/^Stopped \([^ ]*\) .*/\1/p' "$out.sc" "$out.$model" | sort -u)); do
      finding "sc-within-$model" "$name" "sc outcomes that $model forbids:
$(comm -23 "$out.sc.states" "$out.$model.states" | grep "^$name	")"
    done
  done

  # ptx-op within ptx, outcomes and execution graphs
  checked_run compare "$out.cmp" compare --op ptx-op --ax ptx --executions "${limits[@]}" "${operational_limits[@]}"
  refused=$((refused + $(grep -Ec "$refusal" "$out.cmp.err" || true)))
  for name in $(grep -E '^random-[0-9]+-[0-9]+: .*(UNSOUND|[1-9][0-9]* break a ptx axiom)' "$out.cmp" | cut -d: -f1); do
    finding op-within-ax "$name" "$(grep "^$name:" "$out.cmp")"
  done

  # ptx-op: the same for any --jobs (witness traces included), the same
  # outcomes without the reductions
  checked_run ptx-op "$out.j1" --model ptx-op --witness --jobs 1 "${limits[@]}" "${operational_limits[@]}"
  checked_run ptx-op "$out.j2" --model ptx-op --witness --jobs 2 "${limits[@]}" "${operational_limits[@]}"
  by_test "$out.j1" >"$out.j1.lines"
  by_test "$out.j2" >"$out.j2.lines"
  for name in $(differing_tests "$out.j1.lines" "$out.j2.lines" "$out.j1" "$out.j2"); do
    finding jobs "$name" "$(diff <(grep "^$name	" "$out.j1.lines") <(grep "^$name	" "$out.j2.lines"))"
  done
  # The same test by test: a directory run with --jobs 2 runs two tests
  # side by side, each on one worker; alone, a test is explored by two.
  : >"$out.one"
  for file in "$batch_dir"/*.litmus; do
    name=$(basename "$file" .litmus)
    status=$(run "$out.one.test" --model ptx-op --witness --jobs 2 "${limits[@]}" "${operational_limits[@]}" "$file")
    if [ "$status" -gt 2 ]; then
      finding no-crash "$name" "one-test-jobs: exit $status: $(tail -5 "$out.one.test.err")"
    fi
    cat "$out.one.test" >>"$out.one"
  done
  by_test "$out.one" >"$out.one.lines"
  for name in $(differing_tests "$out.j1.lines" "$out.one.lines" "$out.j1" "$out.one"); do
    finding one-test-jobs "$name" "$(diff <(grep "^$name	" "$out.j1.lines") <(grep "^$name	" "$out.one.lines"))"
  done
  # Without the reductions a few random tests have millions of states:
  # those stop at the limit and are left out.
  checked_run reductions "$out.nr" --model ptx-op --no-reduction --max-states 200000 "${limits[@]}"
  states "$out.j1" >"$out.j1.states"
  states "$out.nr" >"$out.nr.states"
  for name in $(differing_tests "$out.j1.states" "$out.nr.states" "$out.j1" "$out.nr"); do
    finding reductions "$name" "$(diff <(grep "^$name	" "$out.j1.states") <(grep "^$name	" "$out.nr.states"))"
  done
}

echo "fuzz-models: $seconds s with $opcheck, seed $seed" >&2
started=$SECONDS
deadline=$((started + seconds))
batch=0
batch_size=$first_batch
batch_dir="$work/batch"
while [ "$SECONDS" -lt "$deadline" ]; do
  rm -rf "$batch_dir"
  "$opcheck" generate --random "$batch_size" --seed "$((seed + batch))" -o "$batch_dir" 2>/dev/null
  check_batch
  batch=$((batch + 1))
  # tests / seconds spent so far, times the seconds left
  batch_size=$((tests * (deadline - SECONDS) / (SECONDS - started + 1)))
  [ "$batch_size" -ge 1 ] || batch_size=1
  [ "$batch_size" -le "$max_batch" ] || batch_size=$max_batch
done

echo "fuzz-models: $tests random tests (seeds $seed to $((seed + batch - 1))), $refused refused by ptx-op (values it cannot hold), $failures findings" >&2
for property in "${!broken[@]}"; do
  echo "fuzz-models:   $property: ${broken[$property]} (kept in $keep/$property/)" >&2
done
[ "$failures" -eq 0 ]
