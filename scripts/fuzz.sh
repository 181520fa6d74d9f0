#!/usr/bin/env bash
# `make fuzz`: builds the fuzz targets of test/fuzz with libFuzzer,
# AddressSanitizer and UndefinedBehaviorSanitizer in build-fuzz/ and runs
# each for FUZZ_SECONDS (default 60) from its inputs (test/fuzz/inputs/T).
# The corpus grows in build-fuzz/corpus/T; a crash is written to
# build-fuzz/crashes/ and fails the run: minimize it (the fuzz target with
# -minimize_crash=1) and add it to test/fuzz/inputs/T, where `make test`
# replays it.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${FUZZ_BUILD_DIR:-$root/build-fuzz}
seconds=${FUZZ_SECONDS:-60}
targets=(NpyFuzzer TensorLiteralFuzzer ModelMetadataFuzzer CheckpointFuzzer
  TensorFlowCheckpointFuzzer ExampleFuzzer GraphDefFuzzer ModuleFuzzer)
if [[ ! -f "$build/build.ninja" ]]; then
  cmake -G Ninja -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DLLVM_USE_LINKER=lld -DTFC_SANITIZER=address -DTFC_FUZZ=ON
fi
cmake --build "$build" --target "${targets[@]/#/tfc-}"
mkdir -p "$build/crashes"
# Buffers over 256 MiB fail with RESOURCE_EXHAUSTED, as they would on a
# machine with less memory, below libFuzzer's own malloc limit (2 GiB).
export TFC_MAX_ALLOC_BYTES=$((256 << 20))
failed=0
for target in "${targets[@]}"; do
  corpus=$build/corpus/$target
  mkdir -p "$corpus"
  echo "== $target: $seconds s"
  if ! "$build/bin/tfc-$target" "$corpus" "$root/test/fuzz/inputs/$target" \
      -max_total_time="$seconds" -print_final_stats=1 \
      -artifact_prefix="$build/crashes/$target-" 2>"$build/$target.log"; then
    failed=1
    echo "FAIL $target: see $build/$target.log and $build/crashes/"
  fi
  grep -E "^stat::(number_of_executed_units|peak_rss_mb)|^#[0-9]+ +DONE" \
    "$build/$target.log" || true
done
exit $failed
