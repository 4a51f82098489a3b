#!/usr/bin/env bash
# Runs the tests of scripts/gpu-tests.txt on this machine's NVIDIA GPU
# (docs/gpu.md "On a GPU"): `opcheck gpu` with N iterations each, the SASS
# of every harness checked with cuobjdump for reordered accesses (seed 000
# Sec. 4.4), then `opcheck harness` over the logs. Writes under OUT:
#   logs/NAME.log (litmus7 logs), harnesses/NAME.{ptx,cubin,sass,sass-order},
#   harness.txt (models against the logs), summary.tsv and summary.txt.
#
#   scripts/gpu-run.sh [--iterations N] [--emit-only] OUT
#     (GPU_TESTS=FILE names another list of tests; GPU_RUN_SECONDS=N starts
#     no test after N seconds, 360 by default; GPU_TEST_SECONDS=N stops a
#     test after N seconds, 60 by default)
#   scripts/gpu-run.sh --check-sass FILE.sass FILE.sass-order
#   scripts/gpu-run.sh --bundle
#
# --emit-only writes the harnesses and their SASS expectations and runs
# nothing: no GPU, driver or cuobjdump needed (the parts a CI machine checks).
# --check-sass compares one disassembly (cuobjdump -sass) with what
# `opcheck gpu` says it must hold, prints "ok" or the first mismatch, and
# exits 0 or 1. --bundle copies the shared libraries build/opcheck needs
# beyond the C library (oneTBB, libstdc++) into build/gpu-libs/, so that a
# build/opcheck made on another Debian machine runs on the GPU machine
# (bring both; the script puts build/gpu-libs on LD_LIBRARY_PATH for
# opcheck alone).
# opcheck is build/opcheck when it runs here, else it is built into
# build-gpu/ (which needs cmake, ninja, g++, antlr4 and the Debian packages
# of scripts/setup.sh; the script says which are missing and stops).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)

# The SASS opcodes of global and generic accesses (sm_90): what each
# "load", "store" or "atomic" of a .sass-order line may be. Constant (LDC),
# shared (LDS, STS) and local (LDL, STL: spills) accesses are not the test's.
classify='
  /Function :/ { name = $3; next }
  /\/\*[0-9a-f]+\*\// {
    line = $0; sub(/.*\/\*[0-9a-f]+\*\/[ \t]*/, "", line); sub(/^@!?U?P[0-9T]+[ \t]+/, "", line)
    split(line, words, /[ \t]+/); split(words[1], parts, "."); op = parts[1]
    kind = ""
    if (op == "LDG" || op == "LD") kind = "load"
    else if (op == "STG" || op == "ST") kind = "store"
    else if (op == "ATOMG" || op == "ATOM" || op == "REDG" || op == "RED") kind = "atomic"
    if (kind != "") print name, kind
  }'

# Seed 000 Sec. 4.4: each check kernel's accesses, in the SASS's order, must
# be the test's accesses in the test's order, then its record stores.
check_sass() {
  local sass=$1 order=$2 kernel records accesses expected found
  while read -r kernel records accesses; do
    expected="$accesses"
    for _ in $(seq 1 "$records"); do expected="$expected store"; done
    found=$(awk "$classify" "$sass" | awk -v k="$kernel" '$1 == k { printf "%s ", $2 }')
    # shellcheck disable=SC2086
    if [ "$(echo $expected)" != "$(echo $found)" ]; then
      # shellcheck disable=SC2086
      echo "MISMATCH in $kernel: expected [$(echo $expected)], SASS has [$(echo $found)]"
      return 1
    fi
  done < "$order"
  echo ok
}

if [ "${1:-}" = "--bundle" ]; then
  mkdir -p "$root/build/gpu-libs"
  ldd "$root/build/opcheck" | awk '$3 ~ /^\// { print $3 }' |
    grep -Ev '/(libc|libm|libdl|libpthread|librt|ld-linux[^/]*)\.so' |
    while read -r library; do cp -L "$library" "$root/build/gpu-libs/"; done
  ls "$root/build/gpu-libs"
  exit 0
fi

if [ "${1:-}" = "--check-sass" ]; then
  [ $# -eq 3 ] || { echo "gpu-run: --check-sass FILE.sass FILE.sass-order" >&2; exit 2; }
  check_sass "$2" "$3"
  exit $?
fi

iterations=100000
emit_only=false
out=""
while [ $# -gt 0 ]; do
  case "$1" in
    --iterations) iterations=$2; shift 2 ;;
    --emit-only) emit_only=true; shift ;;
    -h|--help) sed -n '2,27p' "$0"; exit 0 ;;
    -*) echo "gpu-run: unknown option $1" >&2; exit 2 ;;
    *) out=$1; shift ;;
  esac
done
if [ -z "$out" ]; then
  echo "gpu-run: give the output directory (scripts/gpu-run.sh --help)" >&2
  exit 2
fi
mkdir -p "$out/logs" "$out/harnesses"
started=$(date +%s)

# --- opcheck ---------------------------------------------------------------
# The bundled libraries go to opcheck alone: the machine's own programs
# (cuobjdump, nvidia-smi) keep the machine's newer C++ library.
opcheck=(env "LD_LIBRARY_PATH=$root/build/gpu-libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" "$root/build/opcheck")
if ! "${opcheck[@]}" --version >/dev/null 2>&1; then
  missing=()
  for tool in cmake ninja g++ antlr4; do
    command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
  done
  for header in boost/container/static_vector.hpp tbb/tbb.h CLI/CLI.hpp nlohmann/json.hpp xxhash.h \
                antlr4-runtime/antlr4-runtime.h; do
    [ -e "/usr/include/$header" ] || missing+=("/usr/include/$header")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "gpu-run: no runnable build/opcheck, and building one needs: ${missing[*]}" >&2
    echo "gpu-run: install them (scripts/setup.sh lists the Debian packages) or bring build/opcheck" >&2
    exit 2
  fi
  echo "gpu-run: building opcheck into build-gpu/" >&2
  cmake -S "$root" -B "$root/build-gpu" -G Ninja -DCMAKE_UNITY_BUILD=ON -DOPCHECK_TESTS=OFF >/dev/null
  ninja -C "$root/build-gpu" opcheck >&2
  opcheck=("$root/build-gpu/opcheck")
fi

# --- the tests -------------------------------------------------------------
tests=()
while IFS= read -r line; do
  case "$line" in ''|'#'*) continue ;; esac
  tests+=("$root/catalogue/$line")
done < "${GPU_TESTS:-$root/scripts/gpu-tests.txt}"

if $emit_only; then
  status=0
  for test in "${tests[@]}"; do
    "${opcheck[@]}" gpu --emit-ptx "$out/harnesses" "$test" 2>>"$out/refused.txt" || status=$?
  done
  echo "gpu-run: harnesses in $out/harnesses; refusals in $out/refused.txt" >&2
  # A refusal is exit 2 with its reason; anything else is a failure.
  [ "$status" -eq 0 ] || [ "$status" -eq 2 ] || exit "$status"
  exit 0
fi

# The CUDA toolkit's tools and the driver's library where CUDA images keep
# them, if they are not on the usual paths.
[ -d /usr/local/cuda/bin ] && PATH="$PATH:/usr/local/cuda/bin"
command -v cuobjdump >/dev/null 2>&1 ||
  { echo "gpu-run: needs cuobjdump (the CUDA toolkit) for the SASS check" >&2; exit 2; }
cuda_library=libcuda.so.1
if ! ldconfig -p 2>/dev/null | grep -q 'libcuda\.so\.1'; then
  cuda_library=""
  for directory in /usr/local/nvidia/lib64 /usr/lib/x86_64-linux-gnu /usr/lib64 /usr/local/cuda/compat; do
    if [ -e "$directory/libcuda.so.1" ]; then
      cuda_library="$directory/libcuda.so.1"
      break
    fi
  done
  if [ -z "$cuda_library" ]; then
    echo "gpu-run: no libcuda.so.1 (the NVIDIA driver) on this machine" >&2
    exit 2
  fi
fi
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$out/device.txt" 2>/dev/null || true

summary="$out/summary.tsv"
printf 'test\tstatus\truns\tpositive\tper_million\tsass\n' > "$summary"
# The run fits in 8 minutes: a test that would start after 6 (or after
# GPU_RUN_SECONDS) is not run. Three failures before any test ran say the
# harness or the driver is broken, not a test: the rest is not tried.
deadline=$((started + ${GPU_RUN_SECONDS:-360}))
test_seconds=${GPU_TEST_SECONDS:-60}
ran=0
failed=0
for test in "${tests[@]}"; do
  name=$(basename "$test" .litmus)
  if [ "$(date +%s)" -ge "$deadline" ]; then
    printf '%s\tnot run: out of time\t0\t0\t0\t-\n' "$name" >> "$summary"
    continue
  fi
  if [ "$ran" -eq 0 ] && [ "$failed" -ge 3 ]; then
    printf '%s\tnot run: the first three tests failed\t0\t0\t0\t-\n' "$name" >> "$summary"
    continue
  fi
  status=0
  timeout "$test_seconds" "${opcheck[@]}" gpu --cuda-library "$cuda_library" --iterations "$iterations" \
    -o "$out/harnesses" "$test" 2>"$out/harnesses/$name.err" || status=$?
  if [ "$status" -ne 0 ]; then
    reason=$(head -n 1 "$out/harnesses/$name.err" | sed 's/.*error: //' | cut -c1-100)
    [ "$status" -eq 124 ] && reason="over $test_seconds seconds"
    printf '%s\tnot run: %s\t0\t0\t0\t-\n' "$name" "$reason" >> "$summary"
    # A refusal by position (exit 2 with FILE:LINE:COL) is the test's; any
    # other failure counts against the harness.
    grep -q '^[^ ]*:[0-9]*:[0-9]*: error: the GPU harness cannot run' "$out/harnesses/$name.err" ||
      failed=$((failed + 1))
    continue
  fi
  ran=$((ran + 1))
  mv "$out/harnesses/$name.log" "$out/logs/$name.log"
  sass="$out/harnesses/$name.sass"
  cuobjdump -sass "$out/harnesses/$name.cubin" > "$sass" 2>&1 || true
  verdict=$(check_sass "$sass" "$out/harnesses/$name.sass-order" || true)
  totals=$(grep -m1 '^Positive:' "$out/logs/$name.log" | tr -d ',')
  positive=$(echo "$totals" | awk '{ print $2 }')
  negative=$(echo "$totals" | awk '{ print $4 }')
  runs=$((positive + negative))
  per_million=$(awk -v p="$positive" -v r="$runs" 'BEGIN { printf "%.1f", r ? p * 1000000 / r : 0 }')
  printf '%s\tran\t%s\t%s\t%s\t%s\n' "$name" "$runs" "$positive" "$per_million" "$verdict" >> "$summary"
done

# Every model against what the GPU showed (exit 1: some model forbids a
# state seen, which is a finding, not a failure of this script).
timeout 60 "${opcheck[@]}" harness --observations "$out"/logs/*.log --model ptx --model ptx-op "${tests[@]}" \
  > "$out/harness.txt" 2>&1 || true

{
  echo "GPU: $(cat "$out/device.txt" 2>/dev/null || echo unknown)"
  echo "Date: $(date -u +%Y-%m-%dT%H:%MZ)  iterations: $iterations  seconds: $(( $(date +%s) - started ))"
  echo "Incantations: stress,shuffle,sync,spread (opcheck gpu's default)"
  column -t -s $'\t' "$summary" 2>/dev/null || cat "$summary"
} > "$out/summary.txt"
cat "$out/summary.txt"
