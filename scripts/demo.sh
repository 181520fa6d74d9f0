#!/usr/bin/env bash
# `make demo`: shows an example graph going through tfc-opt.
set -euo pipefail
build_dir=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
opt="$build_dir/bin/tfc-opt"
example="$root/examples/broadcasting/pitfall.mlir"

echo "== tfc demo: the broadcasting pitfall from Effective TensorFlow =="
echo
echo "-- input: $example"
grep -v '^//' "$example" | sed '/^$/d'
echo
echo "-- tfc-opt: parsed, verified, printed back"
"$opt" "$example"
echo
echo "-- the inferred types, in the generic form (note tensor<2x2xf32>)"
"$opt" "$example" --mlir-print-op-generic | grep -E '"tfc\.(add|reduce_sum)"'

scopes="$root/examples/variables_and_scopes/scopes_explained.mlir"
echo
echo "== tf.variable_scope / tf.name_scope, resolved with TensorFlow's rules =="
echo "-- tfc-opt --tfc-resolve-scopes $scopes (variables and op names)"
"$opt" "$scopes" --tfc-resolve-scopes |
  grep -oE 'tfc\.global_variable @[^ ]+|tfc\.name = "[^"]+"' | sort -u
