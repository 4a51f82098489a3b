#!/usr/bin/env bash
# herd7 as of 2015 (../shared/tools/herd7-2015 beside the checkout: the last
# herd that reads GPU_PTX tests), built once into build/herd7-2015 (or
# $HERD7_DIR) and timed beside opcheck in the same run, so that a ratio never
# rests on a time recorded on another day or machine.
#   bash bench/herd7.sh   builds it if it is not built yet; prints its path
#   source bench/herd7.sh (the benchmarks): herd7_ensure, then $herd7
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
herd7_dir=${HERD7_DIR:-$here/build/herd7-2015}
herd7="$herd7_dir/herd7"

# Debian packages, installed when missing as scripts/setup.sh does (through
# sudo when not root): the OCaml that build.sh compiles herd with, and GNU
# time for the peak memory.
herd7_packages() {
  local missing=() package
  for package in ocaml-nox ocamlbuild time; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed'; then
      missing+=("$package")
    fi
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  local run_as_root=()
  [ "$(id -u)" -ne 0 ] && run_as_root=(sudo)
  echo "herd7.sh: installing ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  "${run_as_root[@]}" apt-get update -q >&2
  "${run_as_root[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}" >&2
}

# Builds herd7 into $herd7_dir unless it is there (a few minutes on two
# cores). build.sh writes the wrapper $herd7 last, so its presence means a
# whole build; a lock keeps two benchmarks from building it at once.
herd7_ensure() {
  [ -x "$herd7" ] && return 0
  herd7_packages
  mkdir -p "$(dirname "$herd7_dir")"
  (
    flock 9
    if [ ! -x "$herd7" ]; then
      echo "herd7.sh: building herd7 2015 into $herd7_dir (once; a few minutes)" >&2
      # The relative path from the checkout's root, as the shared folder's
      # README gives it.
      (cd "$here" && bash ../shared/tools/herd7-2015/build.sh "$herd7_dir" >&2)
    fi
  ) 9>"$herd7_dir.lock"
  [ -x "$herd7" ]
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -euo pipefail
  herd7_ensure
  echo "$herd7"
fi
