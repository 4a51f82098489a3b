#!/usr/bin/env bash
# Builds every commit after BASE up to HEAD, oldest first, and stops at the
# first that does not compile: a series of commits lands only if each step
# builds, so that bisection never meets a broken one.
#
#   scripts/build-each-commit.sh BASE [BUILD_DIR]
#
# One scratch worktree and one build directory serve every commit, so each
# rebuilds only what it changed (Ninja); -O0, as only compiling matters.
# The default BUILD_DIR is build-each-commit/ in the checkout; the worktree
# is BUILD_DIR/source and the objects BUILD_DIR/objects, so a later run
# finds its sources where CMake's cache says they are.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
[ $# -ge 1 ] || { echo "usage: scripts/build-each-commit.sh BASE [BUILD_DIR]" >&2; exit 2; }
base=$1
work=${2:-$root/build-each-commit}
git -C "$root" rev-parse --verify --quiet "$base^{commit}" >/dev/null ||
  { echo "build-each-commit: no commit $base" >&2; exit 2; }
mkdir -p "$work"
work=$(cd "$work" && pwd)
tree="$work/source"
build="$work/objects"
git -C "$root" worktree remove --force "$tree" >/dev/null 2>&1 || rm -rf "$tree"
git -C "$root" worktree prune
trap 'git -C "$root" worktree remove --force "$tree" >/dev/null 2>&1 || true; rm -rf "$tree"' EXIT
git -C "$root" worktree add --detach --quiet "$tree" "$base"
commits=$(git -C "$root" rev-list --reverse "$base..HEAD")
count=$(wc -w <<<"$commits")
built=0
for commit in $commits; do
  built=$((built + 1))
  echo "build-each-commit: [$built/$count] $(git -C "$root" log -1 --format='%h %s' "$commit")" >&2
  git -C "$tree" checkout --quiet --detach "$commit"
  cmake -S "$tree" -B "$build" -G Ninja -DCMAKE_UNITY_BUILD=ON -DCMAKE_BUILD_TYPE=Debug \
    -DCMAKE_CXX_FLAGS_DEBUG=-O0 >/dev/null
  if ! ninja -C "$build" >"$build/each-commit.log" 2>&1; then
    tail -40 "$build/each-commit.log" >&2
    echo "build-each-commit: $(git -C "$root" log -1 --format='%h %s' "$commit") does not build" >&2
    exit 1
  fi
done
echo "build-each-commit: all $count commits after $base build" >&2
