#!/usr/bin/env bash
# The main job: build opcheck and run it on a shipped example test.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/build.sh" "$root/build" >/dev/null
example="$root/catalogue/seed001/Fig6-SB-fence.sc.gpu.litmus"
echo "\$ build/opcheck parse ${example#$root/}"
"$root/build/opcheck" parse "$example"
