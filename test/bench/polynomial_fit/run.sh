#!/usr/bin/env bash
# The polynomial fit's training step: the compiled library against PyTorch,
# both single-threaded, in the same run.
set -euo pipefail
build_dir=$(cd "${1:-build}" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
out="$build_dir/bench/polynomial_fit"
steps=${TFC_BENCH_STEPS:-2000}
repeats=${TFC_BENCH_REPEATS:-7}
mkdir -p "$out"

"$build_dir/bin/tfc" compile "$root/examples/polynomial_fit/polynomial_fit.mlir" \
  -o "$out/libpolynomial_fit.so"
clang-22 -O2 -std=c99 -I"$out" -I"$root/runtime/include" "$here/bench_tfc.c" \
  -o "$out/bench_tfc" -L"$out" -lpolynomial_fit -L"$build_dir/lib" \
  -ltfc_runtime -fuse-ld=lld -Wl,-rpath,"$out" -Wl,-rpath,"$build_dir/lib"

echo "== polynomial fit: one Adam(0.1) step on 100 points (median of $repeats runs of $steps steps)"
tfc_out=$("$out/bench_tfc" "$steps" "$repeats")
tfc_us=$(awk '/^tfc_us_per_step/ {print $2}' <<<"$tfc_out")
printf '  tfc (compiled .so, 1 thread)   %10.2f us/step   w = [%s]\n' "$tfc_us" \
  "$(awk '/^tfc_w/ {print $2", "$3", "$4}' <<<"$tfc_out")"

if ! /usr/bin/python3 -c 'import torch' >/dev/null 2>&1; then
  echo "  PyTorch: not available (python3-torch could not be installed): peer skipped"
  exit 0
fi
# One thread each: the compiled step is single-threaded, and PyTorch's
# OpenMP and OpenBLAS threads only add overhead at this size.
torch_out=$(OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 /usr/bin/python3 \
  "$here/bench_torch.py" "$steps" "$repeats" 1)
torch_us=$(awk '/^torch_us_per_step/ {print $2}' <<<"$torch_out")
printf '  PyTorch %-8s (1 thread)     %10.2f us/step   w = [%s]\n' \
  "$(awk '/^torch_version/ {print $2}' <<<"$torch_out")" "$torch_us" \
  "$(awk '/^torch_w/ {print $2", "$3", "$4}' <<<"$torch_out")"
awk -v t="$tfc_us" -v p="$torch_us" \
  'BEGIN { printf "  PyTorch / tfc                  %10.1fx\n", p / t }'

# The step joins the other cases in results.json (written by run.py and the
# rewrite benchmark before this script runs).
/usr/bin/python3 - "$build_dir/bench/results.json" "$tfc_us" "$torch_us" <<'PY'
import json, os, sys
path, tfc_us, torch_us = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
results = json.load(open(path)) if os.path.exists(path) else []
results = [r for r in results if r.get("case") != "train_step_polynomial_fit"]
results.append({"case": "train_step_polynomial_fit", "threads": 1,
                "tfc_s": tfc_us * 1e-6, "peers": {"pytorch": torch_us * 1e-6}})
with open(path, "w") as f:
    json.dump(results, f, indent=1)
print(f"  appended to {path}")
PY
