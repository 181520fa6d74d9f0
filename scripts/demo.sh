#!/usr/bin/env bash
# `make demo`: an example graph through tfc-opt, then compiled into a shared
# library and run.
set -euo pipefail
build_dir=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
opt="$build_dir/bin/tfc-opt"
tfc="$build_dir/bin/tfc"
example="$root/examples/broadcasting/pitfall.mlir"
out="$build_dir/demo"
mkdir -p "$out"

echo "== tfc demo: the broadcasting pitfall from Effective TensorFlow =="
echo
echo "-- input: $example"
grep -v '^//' "$example" | sed '/^$/d'
echo
echo "-- the inferred types (tfc-opt, generic form): note tensor<2x2xf32>"
"$opt" "$example" --mlir-print-op-generic | grep -E '"tfc\.(add|reduce_sum)"' | sed 's/^ *//'
echo
echo "-- tfc compile $example -o $out/libpitfall.so"
"$tfc" compile "$example" -o "$out/libpitfall.so" -v
echo
echo "-- tfc inspect $out/libpitfall.so"
"$tfc" inspect "$out/libpitfall.so"
echo
echo "-- tfc run --fn pitfall: reduce_sum(a + b) is 12, not 6; with axis 0: [5 7]"
"$tfc" run "$out/libpitfall.so" --fn pitfall
echo
echo "-- tfc run --fn dense, batch of 2 (relu(x @ w + b), dynamic batch)"
"$tfc" run "$out/libpitfall.so" --fn dense --input "x=[[1,2,3],[-1,-2,-3]]" \
  --input "w=[[1,0,0,1],[0,1,0,1],[0,0,1,1]]" --input "b=[0.5,0.5,0.5,-6]"

scopes="$root/examples/variables_and_scopes/scopes_explained.mlir"
echo
echo "== tf.variable_scope / tf.name_scope, resolved with TensorFlow's rules =="
echo "-- tfc-opt --tfc-resolve-scopes $scopes (variables and op names)"
"$opt" "$scopes" --tfc-resolve-scopes |
  grep -oE 'tfc\.global_variable @[^ ]+|tfc\.name = "[^"]+"' | sort -u

counter="$root/examples/variables_and_scopes/counter.mlir"
echo
echo "== variables persist across calls and processes =="
"$tfc" compile "$counter" -o "$out/libcounter.so"
echo "-- tfc run --steps 3 --save $out/counter.ckpt"
"$tfc" run "$out/libcounter.so" --steps 3 --save "$out/counter.ckpt"
echo "-- a new process: tfc run --restore $out/counter.ckpt"
"$tfc" run "$out/libcounter.so" --restore "$out/counter.ckpt"

poly="$root/examples/polynomial_fit"
echo
echo "== training in compiled code: the guide's polynomial fit (y = 5x^2 + 3, Adam 0.1) =="
"$tfc" compile "$poly/polynomial_fit.mlir" -o "$out/libpolynomial_fit.so"
clang-22 -std=c99 -O2 -I"$out" -I"$root/runtime/include" "$poly/polynomial_fit.c" \
  -o "$out/polynomial_fit" -L"$out" -lpolynomial_fit -L"$build_dir/lib" \
  -ltfc_runtime -fuse-ld=lld -Wl,-rpath,"$(cd "$out" && pwd)" \
  -Wl,-rpath,"$(cd "$build_dir/lib" && pwd)"
echo "-- 1000 steps, then a checkpoint (w should be near [5, 0, 3])"
"$out/polynomial_fit" train "$out/polynomial_fit.ckpt"
echo "-- a new process restores the checkpoint and predicts x = 0, 1, -2"
"$out/polynomial_fit" predict "$out/polynomial_fit.ckpt" 0 1 -2
