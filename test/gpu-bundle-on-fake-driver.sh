#!/usr/bin/env bash
# ctest's gpu-bundle-on-fake-driver: builds the GPU check bundle into
# OUT and runs every call of it on the driver TFC_CUDA_DRIVER names.
set -euo pipefail
build=$1 out=$2
root=$(cd "$(dirname "$0")/.." && pwd)
/usr/bin/python3 "$root/scripts/gpu-bundle.py" --build-dir "$build" --out "$out"
"$out/run.sh" --calls-only
