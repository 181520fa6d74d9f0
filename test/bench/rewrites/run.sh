#!/usr/bin/env bash
# The rewrites with and without, in time and peak memory (rewrites.py).
set -euo pipefail
build_dir=$(cd "${1:-build}" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
exec /usr/bin/python3 "$here/rewrites.py" --build-dir "$build_dir"
