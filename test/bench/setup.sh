#!/usr/bin/env bash
# Installs the peers `make bench` compares tfc with, and only what is missing:
#   - Debian: PyTorch, NumPy, ONNX (to export the peers' models) and the
#     threaded OpenBLAS (without it NumPy falls back to the reference BLAS);
#   - npm: onnxruntime-node into BENCH_DIR/node. Its postinstall step would
#     download extra binaries this machine cannot reach; the CPU binary ships
#     inside the package, so ONNXRUNTIME_NODE_INSTALL=skip is enough.
# Usage: test/bench/setup.sh BENCH_DIR
set -euo pipefail

bench_dir=${1:?usage: setup.sh BENCH_DIR}
ort_version=1.30.0

packages=(python3-torch python3-numpy python3-onnx libopenblas0-pthread nodejs)
missing=()
for pkg in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${db:Status-Status}' "$pkg" 2>/dev/null || true)
  [[ "$status" == "installed" ]] || missing+=("$pkg")
done
# nodejs may come from elsewhere than Debian: only node itself matters.
if command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1; then
  missing=("${missing[@]/nodejs}")
else
  missing+=(npm)
fi
read -r -a missing <<<"${missing[*]}"

if [[ ${#missing[@]} -gt 0 ]]; then
  echo "bench: installing ${missing[*]}"
  sudo_cmd=()
  if [[ $(id -u) -ne 0 ]]; then
    sudo_cmd=(sudo)
  fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo_cmd[@]}" apt-get update -q
  "${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

node_dir="$bench_dir/node"
if [[ ! -f "$node_dir/node_modules/onnxruntime-node/package.json" ]]; then
  echo "bench: installing onnxruntime-node@$ort_version into $node_dir"
  mkdir -p "$node_dir"
  (cd "$node_dir" &&
    ONNXRUNTIME_NODE_INSTALL=skip npm install --no-audit --no-fund \
      --loglevel=error "onnxruntime-node@$ort_version")
fi
