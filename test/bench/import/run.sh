#!/usr/bin/env bash
# Import and compile time of generated deep-MLP text GraphDefs of 1k, 5k and
# 20k nodes (make_mlp_graph.py): the time per node must not grow with size.
# No peer: TensorFlow's own importers are not installable here.
set -euo pipefail
build_dir=$(cd "${1:-build}" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
out="$build_dir/bench/import"
limit=${TFC_BENCH_COMPILE_LIMIT:-300}
mkdir -p "$out"
tfc="$build_dir/bin/tfc"

seconds() { # the wall time of a command, in seconds
  local start end
  start=$(date +%s.%N)
  "$@" >/dev/null 2>"$out/last.err" || return 1
  end=$(date +%s.%N)
  awk -v s="$start" -v e="$end" 'BEGIN { printf "%.2f", e - s }'
}

echo "== TensorFlow import: deep MLP text GraphDefs (tfc import; tfc compile, limit ${limit}s)"
printf '  %8s %12s %14s %14s %16s\n' nodes "import s" "us/node" "compile s" "us/node"
for nodes in 1000 5000 20000; do
  graph="$out/mlp$nodes.pbtxt"
  /usr/bin/python3 "$here/make_mlp_graph.py" "$nodes" "$graph"
  import_s=$(seconds "$tfc" import "$graph" --feed x --fetch out -o "$out/mlp$nodes.mlir")
  if compile_s=$(seconds timeout "$limit" "$tfc" compile "$graph" --feed x \
      --fetch out -o "$out/libmlp$nodes.so"); then
    compile_us=$(awk -v s="$compile_s" -v n="$nodes" 'BEGIN { printf "%.0f", s * 1e6 / n }')
  else
    compile_s="failed"
    compile_us=$(head -c 60 "$out/last.err" | tr '\n' ' ')
    [[ -z "$compile_us" ]] && compile_us="(over ${limit}s)"
  fi
  printf '  %8d %12s %14.0f %14s %16s\n' "$nodes" "$import_s" \
    "$(awk -v s="$import_s" -v n="$nodes" 'BEGIN { print s * 1e6 / n }')" \
    "$compile_s" "$compile_us"
done
