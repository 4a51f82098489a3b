#!/usr/bin/env bash
# Runs clang-tidy with the checks .clang-tidy names (bugs and needless
# copies) over opcheck's sources, the tests and the generated grammar
# aside, and exits 1 if it finds anything.
#
#   scripts/tidy.sh [BUILD_DIR]
#
# It reads the compile commands of a unity build configured into BUILD_DIR
# (default build-tidy/): clang-tidy then parses the heavy headers once per
# eight sources, as the compiler does. Needs clang-tidy-19 (Debian's
# clang-tidy-19 package: clang-tidy 14 cannot parse some of the C++20 here).
#
# A whole run takes about twenty minutes on two cores, so a compilation
# found clean is remembered in $OPCHECK_TIDY_CACHE (default
# ~/.cache/opcheck/tidy) under a hash of everything that decides the
# answer: its preprocessed text (every header it reads, with the checkout's
# and the build's paths taken out, so another clone in another place finds
# the same hash), the compiler options, .clang-tidy and clang-tidy's
# version. Only a compilation whose hash is not there is checked again;
# findings are never remembered. OPCHECK_TIDY_CACHE= (empty) checks all.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build-tidy}
tidy=$(command -v clang-tidy-19 || true)
[ -n "$tidy" ] || { echo "tidy: clang-tidy-19 is not installed (apt-get install clang-tidy-19)" >&2; exit 2; }
cache=${OPCHECK_TIDY_CACHE-${XDG_CACHE_HOME:-$HOME/.cache}/opcheck/tidy}
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_UNITY_BUILD=ON -DCMAKE_EXPORT_COMPILE_COMMANDS=ON >/dev/null
# The generated parsers' headers, which the sources include: every grammar's
# (the litmus tests', the PTX modules' and the cat models').
ninja -C "$build" opcheck_grammar opcheck_ptxmodule_grammar opcheck_cat_grammar >/dev/null
build=$(cd "$build" && pwd)

# One line per compilation: its hash, then its source (a file, so that a
# failure here stops the script rather than leave a list cut short).
python3 - "$build" "$root" "$tidy" >"$build/tidy-compilations.txt" <<'PY'
import hashlib, json, shlex, subprocess, sys
build, root, tidy = sys.argv[1:4]
salt = hashlib.sha256()
salt.update(open(f"{root}/.clang-tidy", "rb").read())
salt.update(subprocess.run([tidy, "--version"], capture_output=True, check=True).stdout)
for entry in json.load(open(f"{build}/compile_commands.json")):
    source = entry["file"]
    if any(part in source for part in ("_grammar.dir", "/generated/", "/tests/", "/bench/")):
        continue
    arguments = entry.get("arguments") or shlex.split(entry["command"])
    # The compilation's own command, preprocessing only, to stdout.
    preprocess, skip = [], False
    for argument in arguments:
        if skip:
            skip = False
        elif argument in ("-o", "-MF", "-MT", "-MQ"):
            skip = True
        elif argument not in ("-c", "-MD", "-MMD"):
            preprocess.append(argument)
    text = subprocess.run(preprocess + ["-E", "-P", "-o", "-"], cwd=entry["directory"],
                          capture_output=True, check=True).stdout
    options = " ".join(a for a in preprocess if a.startswith("-")).encode()
    key = salt.copy()
    for part in (text, options):
        key.update(part.replace(build.encode(), b"@BUILD@").replace(root.encode(), b"@ROOT@"))
    print(key.hexdigest(), source)
PY
mapfile -t keyed <"$build/tidy-compilations.txt"
[ ${#keyed[@]} -gt 0 ] || { echo "tidy: no compilation to check in $build/compile_commands.json" >&2; exit 2; }
pending=()
for line in "${keyed[@]}"; do
  if [ -n "$cache" ] && [ -e "$cache/${line%% *}" ]; then continue; fi
  pending+=("$line")
done
echo "tidy: ${#keyed[@]} compilations, $((${#keyed[@]} - ${#pending[@]})) known clean, checking ${#pending[@]}" >&2
[ -n "$cache" ] && mkdir -p "$cache"

# Each compilation on its own, recorded as clean when clang-tidy passes it.
# GCC's own warning options and libstdc++'s deprecations are not ours.
check_one() {
  local key=${1%% *} source=${1#* }
  "$tidy" -p "$build" --quiet --config-file="$root/.clang-tidy" \
    --extra-arg=-Wno-unknown-warning-option --extra-arg=-Wno-deprecated-declarations "$source" || return 1
  if [ -n "$cache" ]; then touch "$cache/$key"; fi
}
export -f check_one
export tidy build root cache
if [ ${#pending[@]} -gt 0 ] &&
  ! printf '%s\0' "${pending[@]}" | xargs -0 -P "$(nproc)" -I{} bash -c 'check_one "$1"' _ {}; then
  echo "tidy: clang-tidy found the above" >&2
  exit 1
fi
echo "tidy: nothing found in ${#keyed[@]} compilations" >&2
