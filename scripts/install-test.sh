#!/usr/bin/env bash
# Checks what `cmake --install` and `cpack` make of a build directory, as a
# user on a fresh machine would meet them:
#
#   scripts/install-test.sh [BUILD]      (default build/)
#
# installs into a scratch prefix, then reads the manual page with man(1),
# completes a few words with the installed bash completion, runs the
# installed binary, and makes the Debian package and lists what it holds.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/opcheck-install.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() {
  echo "install-test: $*" >&2
  exit 1
}

prefix="$work/prefix"
cmake --install "$build" --prefix "$prefix" >/dev/null
"$prefix/bin/opcheck" --version | grep -q '^opcheck [0-9]' || fail "the installed opcheck gives no version"

page=$(MANPATH="$prefix/share/man" MANWIDTH=100 man -P cat opcheck 2>/dev/null) || fail "man opcheck finds no page"
for expected in "NAME" "opcheck compare" "opcheck races" "--model MODEL" "Exit status:"; do
  grep -qF -- "$expected" <<<"$page" || fail "the manual page lacks '$expected'"
done

completion="$prefix/share/bash-completion/completions/opcheck"
[ -f "$completion" ] || fail "no bash completion at $completion"
# In an empty folder: the completion offers file names too.
mkdir "$work/empty"
complete_words() {
  (cd "$work/empty" && bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _opcheck; echo "${COMPREPLY[*]}"' \
    completion "$completion" "$@")
}
[ "$(complete_words opcheck comp)" = "compare compile" ] || fail "'opcheck comp<TAB>' does not offer compare and compile"
[ "$(complete_words opcheck compare --form)" = "--format" ] || fail "'opcheck compare --form<TAB>' does not offer --format"
[ "$(complete_words opcheck --format j)" = "json" ] || fail "'opcheck --format j<TAB>' does not offer json"
[ "$(complete_words opcheck --model ptx-op,vol)" = "ptx-op,volta" ] || fail "'--model ptx-op,vol<TAB>' does not offer ptx-op,volta"

if ! (cd "$work" && cpack -G DEB --config "$build/CPackConfig.cmake" -B "$work/package" >"$work/cpack.log" 2>&1); then
  cat "$work/cpack.log" >&2
  fail "cpack failed"
fi
deb=$(find "$work/package" -maxdepth 1 -name 'opcheck_*.deb' | head -1)
[ -n "$deb" ] || fail "cpack made no .deb"
contents=$(dpkg-deb --contents "$deb")
for file in ./usr/bin/opcheck ./usr/share/man/man1/opcheck.1 ./usr/share/bash-completion/completions/opcheck; do
  grep -qF " $file" <<<"$contents" || fail "the package lacks $file"
done
depends=$(dpkg-deb --field "$deb" Depends)
grep -q libtbb <<<"$depends" || fail "the package's Depends ($depends) lacks oneTBB"
echo "install-test: cmake --install, man opcheck and the bash completion work; $(basename "$deb") holds them, Depends: $depends"
