#!/usr/bin/env bash
# Rewrites the supported-op table of docs/import.md from the importer's
# registry (tfc import --list-ops).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build_dir=${1:-"$root/build"}
table=$("$build_dir/bin/tfc" import --list-ops)
/usr/bin/python3 - "$root/docs/import.md" "$table" <<'PY'
import re, sys
path, table = sys.argv[1], sys.argv[2]
text = open(path).read()
begin, end = "<!-- supported-ops:begin -->", "<!-- supported-ops:end -->"
new = re.sub(re.escape(begin) + ".*?" + re.escape(end),
             begin + "\n" + table.strip() + "\n" + end, text, flags=re.S)
open(path, "w").write(new)
PY
