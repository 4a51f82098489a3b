#!/usr/bin/env bash
# Fuzzes the litmus parser with libFuzzer (docs/architecture.md "Bad input": no input
# may crash or hang it) for ${1:-60} seconds.
#
#   scripts/fuzz.sh [SECONDS]
#
# Builds tests/fuzz/parser_fuzz in build-fuzz/ with clang, libFuzzer,
# AddressSanitizer and UBSan, seeds it with litmus files from
# ../shared/corpora (when present), catalogue/ and tests/bad-input/, and
# runs it. Exits non-zero when the fuzzer finds a crash, a hang, a
# sanitizer report or a failed canonical round trip; the input that caused
# it is kept in build-fuzz/findings/.
set -euo pipefail

seconds=${1:-60}
if ! [[ "$seconds" =~ ^[0-9]+$ ]] || [ "$seconds" -lt 1 ]; then
  echo "usage: scripts/fuzz.sh [SECONDS]" >&2
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
cmake -S "$root" -B "$build" -G Ninja \
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
