#!/usr/bin/env bash
# The main job: build opcheck and run it on a shipped example test.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/build.sh" "$root/build" >/dev/null
example="$root/catalogue/seed001/Fig6-SB-no-fence.litmus"
echo "\$ build/opcheck ${example#$root/} --model ptx-op --witness"
"$root/build/opcheck" "$example" --model ptx-op --witness
