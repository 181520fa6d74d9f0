#!/usr/bin/env bash
# ctest's bench-gpu-on-fake-driver: builds the GPU benchmark bundle with
# reduced sizes into OUT and runs each case's calls on the driver
# TFC_CUDA_DRIVER names (the fake, which runs no kernel and logs launches).
set -euo pipefail
build=$1 out=$2
root=$(cd "$(dirname "$0")/.." && pwd)
/usr/bin/python3 "$root/scripts/bench-gpu.py" --build-dir "$build" --out "$out" --small
/usr/bin/python3 "$out/run.py" --calls-only
