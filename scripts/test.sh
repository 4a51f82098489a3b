#!/usr/bin/env bash
# Builds opcheck and runs the whole test suite with CTest. The corpus tests
# read ../shared/corpora beside the checkout (or $OPCHECK_CORPORA) and skip,
# saying so, when it is absent.
#   scripts/test.sh              the Release build in build/
#   scripts/test.sh --sanitize   the unit tests (not the corpus suites, which
#                                take an hour instrumented, nor [must-fail]
#                                or [slow]) in an AddressSanitizer + UBSan
#                                build in build-asan/, where ptx-op checks its
#                                invariants
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
if [ "${1:-}" = "--sanitize" ]; then
  build="$root/build-asan"
  # -O1 -g1 (file and line in the reports, no variables): the sanitizers'
  # own advice for speed, and a third less compile time than RelWithDebInfo's
  # -O2 -g on this code.
  bash "$root/scripts/build.sh" "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" -DOPCHECK_SANITIZE=ON
  export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
  # Neither the corpus suites nor the broken presets run over the whole
  # catalogue ([must-fail]), nor the reductions' comparison under every
  # preset over the whole catalogue ([slow]): instrumented, with ptx-op
  # checking its invariants after every step, they take tens of minutes
  # (the last half an hour of one core); the Release suite runs them.
  # The rest runs in batches, as many at once as there are cores, each batch
  # going to the next free core: most of the time goes to tests that start
  # the instrumented opcheck over and over, and to a few that take minutes
  # instrumented (tagged [long]: ptx-op's invariants under every preset),
  # which fixed shards would pile onto one core. Each [long] case is a batch
  # of its own, started first; the other batches take every Nth remaining
  # case. Catch2 reads a test name from a file as a test spec, where
  # , [ ] * ~ and \ need a backslash.
  cores=$(nproc)
  # Catch2 exits with the number of test cases it lists, so a listing's
  # status says nothing; the counts below check it instead.
  listNames() { "$build/opcheck_tests" "$@" --list-test-names-only || true; }
  listNames "~[corpus]~[must-fail]~[slow]" | grep . >"$build/unit-tests.txt" || true
  listNames "[long]~[corpus]~[must-fail]~[slow]" | grep . >"$build/unit-tests-long.txt" || true
  listNames "~[long]~[corpus]~[must-fail]~[slow]" | grep . >"$build/unit-tests-short.txt" || true
  total=$(wc -l <"$build/unit-tests.txt")
  long=$(wc -l <"$build/unit-tests-long.txt")
  batches=$((long + 8 * cores))
  rm -f "$build"/unit-tests-[0-9]*.txt "$build"/unit-tests-[0-9]*.log
  escape() { sed 's/[],[*~\\]/\\&/g'; }
  for ((batch = 0; batch < long; ++batch)); do
    sed -n "$((batch + 1))p" "$build/unit-tests-long.txt" | escape >"$build/unit-tests-$batch.txt"
  done
  for ((batch = long; batch < batches; ++batch)); do
    awk -v n="$((batches - long))" -v k="$((batch - long))" 'NR % n == k' "$build/unit-tests-short.txt" |
      escape >"$build/unit-tests-$batch.txt"
  done
  listed=0
  for ((batch = 0; batch < batches; ++batch)); do
    count=$(listNames -f "$build/unit-tests-$batch.txt" | grep -c . || true)
    listed=$((listed + count))
  done
  if [ "$total" -eq 0 ] || [ "$listed" -ne "$total" ]; then
    echo "test.sh: the batches select $listed test cases, not every one of $total" >&2
    exit 1
  fi
  status=0
  seq 0 $((batches - 1)) | xargs -P "$cores" -I{} sh -c '"$1" -f "$2/unit-tests-$3.txt" >"$2/unit-tests-$3.log" 2>&1' \
    run "$build/opcheck_tests" "$build" {} || status=1
  for ((batch = 0; batch < batches; ++batch)); do
    cat "$build/unit-tests-$batch.log"
  done
  exit $status
else
  build="$root/build"
  bash "$root/scripts/build.sh" "$build"
fi
ctest --test-dir "$build" --output-on-failure -j "$(nproc)"
