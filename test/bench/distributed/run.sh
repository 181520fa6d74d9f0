#!/usr/bin/env bash
# Data-parallel scaling of a training step (docs/distributed.md): the MLP
# 784-512-512-10 (softmax cross-entropy, SGD) on a global batch of 256, one
# thread per process, with 1 and 2 processes under mpirun, against PyTorch's
# DistributedDataParallel (gloo) on the same model in the same run. Also the
# exchange's share of the step: the same job compiled without
# --data-parallel (each rank trains alone, no exchange) under mpirun -np 2.
# Last, a probe of whether overlapping the exchange with the backward pass
# would pay (overlap_probe.c).
set -euo pipefail
build_dir=$(cd "${1:-build}" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
out="$build_dir/bench/distributed"
calls=${TFC_BENCH_CALLS:-60}
batch=256
mkdir -p "$out"

mpirun=$(command -v mpirun || true)
if [[ -z "$mpirun" || ! -e "$build_dir/lib/libtfc_runtime_mpi.so" ]]; then
  echo "== data-parallel training: no mpirun or no libtfc_runtime_mpi.so: skipped"
  exit 0
fi
# Open MPI refuses root without these; its session directory needs HOME.
mpi=("$mpirun" --oversubscribe --allow-run-as-root --bind-to none)
export HOME=${HOME:-$out}

/usr/bin/python3 "$here/mlp_train.py" data "$out" "$batch"
for rows in "$batch" $((batch / 2)); do
  /usr/bin/python3 "$here/mlp_train.py" model "$rows" > "$out/mlp$rows.mlir"
  "$build_dir/bin/tfc" compile --data-parallel "$out/mlp$rows.mlir" \
    -o "$out/libparallel$rows.so"
done
"$build_dir/bin/tfc" compile "$out/mlp$((batch / 2)).mlir" \
  -o "$out/libalone$((batch / 2)).so"

# The median step of rank 0 (tfc-run prints for rank 0 only).
median_ms() {
  awk -F'"median_us": ' '/median_us/ {split($2, a, ","); printf "%.3f", a[1] / 1000}'
}
tfc_step() {
  local procs=$1 lib=$2
  local run=(env TFC_NUM_THREADS=1 "$build_dir/bin/tfc-run" "$lib"
             --input "x=$out/x.npy" --input "y=$out/y.npy" --steps 5
             --benchmark "$calls")
  if [[ $procs == 1 ]]; then
    "${run[@]}" | median_ms
  else
    "${mpi[@]}" -np "$procs" "${run[@]}" --shard-inputs | median_ms
  fi
}

echo "== data-parallel training: MLP 784-512-512-10, SGD, global batch $batch," \
  "1 thread per process (median of $calls steps)"
tfc1=$(tfc_step 1 "$out/libparallel$batch.so")
tfc2=$(tfc_step 2 "$out/libparallel$((batch / 2)).so")
alone2=$(tfc_step 2 "$out/libalone$((batch / 2)).so")
torch1="" torch2="" torch_version=""
if /usr/bin/python3 -c 'import torch' >/dev/null 2>&1; then
  for procs in 1 2; do
    result=$(OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 /usr/bin/python3 \
      "$here/bench_ddp.py" "$procs" "$batch" "$calls")
    declare "torch$procs=$(awk '/^ddp_ms_per_step/ {print $2}' <<<"$result")"
    torch_version=$(awk '/^torch_version/ {print $2}' <<<"$result")
  done
else
  echo "  PyTorch: not available (python3-torch could not be installed): peer skipped"
fi

/usr/bin/python3 - "$build_dir/bench/results.json" "$tfc1" "$tfc2" "$alone2" \
  "$torch1" "$torch2" "$torch_version" <<'PY'
import json, os, sys
path = sys.argv[1]
tfc = {1: float(sys.argv[2]), 2: float(sys.argv[3])}
alone2 = float(sys.argv[4])
torch = {p: float(v) for p, v in ((1, sys.argv[5]), (2, sys.argv[6])) if v}
version = sys.argv[7]
print("  processes  tfc step   PyTorch DDP %-8s PyTorch / tfc" % version)
for p in (1, 2):
    peer = "%8.2f ms" % torch[p] if p in torch else "       -"
    ratio = "%8.2fx" % (torch[p] / tfc[p]) if p in torch else "       -"
    print("  %9d  %7.2f ms  %s        %s" % (p, tfc[p], peer, ratio))
print("  tfc scaling, 2 processes over 1: %.2fx the throughput (goal 1.7x)"
      % (tfc[1] / tfc[2]))
if 2 in torch:
    print("  PyTorch scaling: %.2fx" % (torch[1] / torch[2]))
print("  tfc exchange at 2 processes: %.2f ms of %.2f (%.0f %%; each rank "
      "alone: %.2f ms)" % (tfc[2] - alone2, tfc[2],
                           100 * (tfc[2] - alone2) / tfc[2], alone2))
results = json.load(open(path)) if os.path.exists(path) else []
results = [r for r in results if r.get("case") != "train_step_data_parallel"]
for p in (1, 2):
    row = {"case": "train_step_data_parallel", "processes": p, "threads": 1,
           "tfc_s": tfc[p] * 1e-3, "peers": {}}
    if p in torch:
        row["peers"]["pytorch_ddp"] = torch[p] * 1e-3
    if p == 2:
        row["exchange_s"] = (tfc[2] - alone2) * 1e-3
    results.append(row)
os.makedirs(os.path.dirname(path), exist_ok=True)
with open(path, "w") as f:
    json.dump(results, f, indent=1)
print("  appended to", path)
PY

# Would overlapping the exchange with the backward pass pay? A probe of
# Open MPI alone with the MLP's gradient sizes (docs/distributed.md).
if mpicc=$(command -v mpicc); then
  "$mpicc" -O2 -o "$out/overlap_probe" "$here/overlap_probe.c"
  echo "== exchange overlap probe: 2 processes, the MLP's weight gradients," \
    "0.7 ms of backward compute (mean per step)"
  "${mpi[@]}" -np 2 "$out/overlap_probe"
else
  echo "== exchange overlap probe: no mpicc: skipped"
fi
