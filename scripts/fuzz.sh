#!/usr/bin/env bash
# Fuzzes opcheck (docs/architecture.md "Bad input": no input may crash or
# hang it).
#
#   scripts/fuzz.sh [SECONDS]
#
# Fuzzes the litmus parser with libFuzzer for SECONDS (default 60): builds
# tests/fuzz/parser_fuzz in build-fuzz/ with clang, libFuzzer,
# AddressSanitizer and UBSan, seeds it with litmus files from
# ../shared/corpora (when present), catalogue/ and tests/bad-input/, and
# runs it. Exits non-zero when the fuzzer finds a crash, a hang, a
# sanitizer report or a failed canonical round trip; the input that caused
# it is kept in build-fuzz/findings/.
#
#   scripts/fuzz.sh --commands [SECONDS] [--opcheck PATH] [--seed S]
#
# Mutation fuzzing of every command for SECONDS (default 60): catalogue
# tests with a line dropped, doubled or swapped, or a number changed, run
# through run (ptx, ptx-op --witness), compare (with and without
# --executions), races (ptx, ptx-op), harness and parse, each but parse with
# --timeout 5. A run that exits other than 0, 1 or 2 (a crash), or that
# takes more than 10 s (the time limit does not bound it), is a finding:
# the mutant and the command are kept in build/fuzz-commands-findings/ and
# the script exits 1.
set -euo pipefail

if [ "${1:-}" = "--commands" ]; then
  shift
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
  seconds=60
  if [ $# -gt 0 ] && [[ "$1" =~ ^[0-9]+$ ]]; then
    seconds=$1
    shift
  fi
  opcheck="$root/build/opcheck"
  seed=$(date +%s)
  while [ $# -gt 0 ]; do
    case "$1" in
      --opcheck) opcheck=$2; shift ;;
      --seed) seed=$2; shift ;;
      *) echo "usage: scripts/fuzz.sh --commands [SECONDS] [--opcheck PATH] [--seed S]" >&2; exit 2 ;;
    esac
    shift
  done
  [ -x "$opcheck" ] || { echo "fuzz: no opcheck at $opcheck (build it first)" >&2; exit 2; }
  findings="$root/build/fuzz-commands-findings"
  work=$(mktemp -d "${TMPDIR:-/tmp}/opcheck-fuzz-commands.XXXXXX")
  trap 'rm -rf "$work"' EXIT
  mapfile -d '' seeds < <(find "$root/catalogue" -name '*.litmus' -type f -print0 | sort -z)
  printf 'test,chip,outcome,observed,runs,source\nT,X,0:r0=1,1,10,fuzz\n' >"$work/seen.csv"
  limit="--timeout 5 --quiet"
  commands=(
    "--model ptx $limit"
    "--model ptx-op --witness $limit"
    "compare $limit"
    "compare --executions $limit"
    "races $limit"
    "races --model ptx-op $limit"
    "harness --observations $work/seen.csv --model ptx-op $limit"
    "parse"
  )
  echo "fuzz: $seconds s of mutants through ${#commands[@]} commands, seed $seed" >&2
  RANDOM=$seed
  end=$((SECONDS + seconds))
  runs=0
  found=0
  while [ "$SECONDS" -lt "$end" ]; do
    source=${seeds[$((RANDOM % ${#seeds[@]}))]}
    mutant="$work/mutant.litmus"
    # One mutation a mutant: a line dropped, doubled or swapped with the
    # next, or a number replaced by one at the edge of a range.
    awk -v seed="$RANDOM" -v kind="$((RANDOM % 4))" '
      BEGIN { srand(seed) }
      { line[NR] = $0 }
      END {
        at = int(rand() * NR) + 1
        split("0 1 -1 2147483647 2147483648 4294967296 -9223372036854775808 99999999999999999999", edge, " ")
        for (i = 1; i <= NR; i++) {
          if (i == at && kind == 0) continue
          if (i == at && kind == 1) print line[i]
          if (i == at && kind == 2 && i < NR) { print line[i + 1]; print line[i]; i++; continue }
          if (i == at && kind == 3) sub(/[0-9]+/, edge[int(rand() * 8) + 1], line[i])
          print line[i]
        }
      }' "$source" >"$mutant"
    for command in "${commands[@]}"; do
      read -r -a arguments <<<"$command"
      start=$(date +%s%N)
      status=0
      timeout -s KILL 60 "$opcheck" "${arguments[@]}" "$mutant" >/dev/null 2>&1 || status=$?
      elapsed=$((($(date +%s%N) - start) / 1000000))
      runs=$((runs + 1))
      if [ "$status" -gt 2 ] || [ "$elapsed" -gt 10000 ]; then
        found=$((found + 1))
        mkdir -p "$findings"
        cp "$mutant" "$findings/$found.litmus"
        echo "opcheck $command $found.litmus: exit $status after ${elapsed} ms (from $source)" \
          >>"$findings/$found.txt"
        echo "fuzz: finding $found: opcheck $command: exit $status after ${elapsed} ms" >&2
      fi
    done
  done
  if [ "$found" -gt 0 ]; then
    echo "fuzz: $found findings in $runs runs; mutants in $findings/" >&2
    exit 1
  fi
  echo "fuzz: no findings in $runs runs (${seconds}s)" >&2
  exit 0
fi

seconds=${1:-60}
if ! [[ "$seconds" =~ ^[0-9]+$ ]] || [ "$seconds" -lt 1 ]; then
  echo "usage: scripts/fuzz.sh [SECONDS] | scripts/fuzz.sh --commands [SECONDS] [--opcheck PATH] [--seed S]" >&2
  exit 2
fi

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build="$root/build-fuzz"
cd "$root"

"$root/scripts/setup.sh"

# The whole build is instrumented for coverage and the sanitizers; only the
# fuzz target links libFuzzer's main (tests/fuzz/CMakeLists.txt). UBSan
# aborts on its first report so that the fuzzer sees it.
flags="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -gline-tables-only"
# A unity build, as scripts/build.sh makes: half the compile time.
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_UNITY_BUILD=ON \
  -DCMAKE_CXX_COMPILER=clang++ \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS="$flags" \
  -DOPCHECK_FUZZ=ON -DOPCHECK_TESTS=ON >/dev/null
# tests/ must be configured for tests/fuzz/ to exist; only the fuzz target
# is built.
ninja -C "$build" parser_fuzz

work=$(mktemp -d "${TMPDIR:-/tmp}/opcheck-fuzz.XXXXXX")
trap 'rm -rf "$work"' EXIT
corpus="$work/corpus"
seeds="$work/seeds"
mkdir -p "$corpus" "$seeds" "$build/findings"

# Seeds: a few hundred files at most, spread over the corpora's folders.
add_seeds() {
  local limit=$1
  shift
  local count=0 file
  while IFS= read -r -d '' file; do
    [ "$count" -ge "$limit" ] && break
    # libFuzzer ignores seeds above -max_len; no need to copy them.
    [ "$(stat -c %s "$file")" -le 8192 ] || continue
    cp "$file" "$seeds/$(printf '%05d' $((count))).$(basename "$1").litmus"
    count=$((count + 1))
  done < <(find "$@" -name '*.litmus' -type f -print0 2>/dev/null | sort -z)
}
if [ -d "$root/../shared/corpora" ]; then
  for directory in "$root"/../shared/corpora/*/; do
    add_seeds 80 "$directory"
  done
fi
[ -d "$root/catalogue" ] && add_seeds 200 "$root/catalogue"
[ -d "$root/tests/bad-input" ] && add_seeds 100 "$root/tests/bad-input"
echo "fuzz: $(find "$seeds" -type f | wc -l) seed files, running for ${seconds}s" >&2

# A dictionary of the litmus syntax helps the fuzzer past the keywords.
dictionary="$work/litmus.dict"
for word in PTX GPU_PTX LISA exists forall filter locations scopeTree scopes aliases \
  true false '/\\' '\\/' '~' '==' '!=' '@' '(*' '*)' '{' '}' '[' ']' '|' ';' \
  .reg .s32 .b64 .pred cta gpu sys device kernel warp system global shared \
  ld st atom red fence fence.proxy membar bar mov add setp bra bne beq \
  .relaxed .acquire .release .acq_rel .sc .weak .volatile .cta .gpu .sys .gl \
  .cas .exch .add .sync .arrive .eq .ne .constant .alias .cg .wt P0 P1 P2 0: 1: r0 r1 x y; do
  printf '"%s"\n' "$word" >>"$dictionary"
done

status=0
ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1} \
UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1} \
  "$build/parser_fuzz" "$corpus" "$seeds" \
  -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=8192 \
  -dict="$dictionary" -artifact_prefix="$build/findings/" -print_final_stats=1 || status=$?

if [ "$status" -ne 0 ]; then
  echo "fuzz: the fuzzer found a problem (exit status $status); inputs in $build/findings/" >&2
  exit 1
fi
echo "fuzz: no findings in ${seconds}s" >&2
