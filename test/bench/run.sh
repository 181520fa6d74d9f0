#!/usr/bin/env bash
# `make bench`: every benchmark under test/bench, each printing its own
# figures next to its peer's, measured in the same run. Not part of
# `make test`.
set -euo pipefail
build_dir=$(cd "${1:-build}" && pwd)
here=$(cd "$(dirname "$0")" && pwd)

"$here/setup.sh"
for bench in "$here"/*/run.sh; do
  "$bench" "$build_dir"
done
