#!/usr/bin/env bash
# Installs what opcheck needs to build and test on a fresh Debian machine.
# Idempotent: packages already present are not fetched again. Runs as root,
# or through sudo when it is available.
set -euo pipefail

packages=(
  cmake ninja-build g++ clang clang-format libclang-rt-14-dev
  libboost-dev libxxhash-dev libtbb-dev
  antlr4 libantlr4-runtime-dev default-jre-headless
  catch2
  libcli11-dev  # the command line (cli/CommandLine.h)
  nlohmann-json3-dev  # JSON output (docs/json.md)
  graphviz  # renders the execution graphs (docs/graphs.md); opcheck runs without it
  clang-tidy-19  # scripts/tidy.sh (clang-tidy 14 cannot parse all of this C++20)
  ccache  # CI compiles only what changed since its last run (.ci/run)
  man-db dpkg-dev  # scripts/install-test.sh: man reads the installed page; cpack finds the Depends
  clang-19 clang-22  # real compilers as mappings (docs/mappings.md "Real compilers"); opcheck builds without them
)

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$package")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

run_as_root=()
if [ "$(id -u)" -ne 0 ]; then
  run_as_root=(sudo)
fi
echo "setup: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
"${run_as_root[@]}" apt-get update -q
"${run_as_root[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
