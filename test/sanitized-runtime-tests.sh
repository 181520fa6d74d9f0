#!/usr/bin/env bash
# ctest's runtime-tests-asan and runtime-tests-tsan: the runtime's GoogleTest
# suite (and, where a CUDA toolkit is, the fake-driver suite) built with a
# sanitizer in a build directory of its own, then run. Then the CPU
# integration programs, compiled by the main build, run in a tfc-run built
# with the same sanitizer (sanitized-model-sweep.py).
#   sanitized-runtime-tests.sh address|thread SOURCE_DIR BUILD_DIR MAIN_BUILD
set -euo pipefail
sanitizer=$1 source=$2 build=$3 main_build=$4
if [[ ! -f "$build/build.ninja" ]]; then
  cmake -G Ninja -S "$source" -B "$build" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DLLVM_USE_LINKER=lld -DLLVM_ENABLE_ASSERTIONS=ON \
    -DTFC_SANITIZER="$sanitizer" > "$build.configure.log" 2>&1 ||
    { cat "$build.configure.log"; exit 1; }
fi
targets=(tfc-runtime-tests tfc-run)
# The fake-driver tests exist where the build found a CUDA toolkit.
if grep -q "build bin/tfc-cuda-fake-tests:" "$build/build.ninja"; then
  targets+=(tfc-cuda-fake-tests)
fi
cmake --build "$build" --target "${targets[@]}"
export ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1
for target in "${targets[@]}"; do
  [[ "$target" == tfc-run ]] && continue
  "$build/bin/$target" --gtest_brief=1
done
/usr/bin/python3 "$source/test/sanitized-model-sweep.py" "$main_build" \
  "$build" "$sanitizer"
