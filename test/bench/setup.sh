#!/usr/bin/env bash
# Installs the benchmarks' peer, PyTorch from Debian (python3-torch, for
# /usr/bin/python3), when it is missing. Never fails the benchmark run:
# without it the PyTorch figures are skipped with a message.
set -uo pipefail

if /usr/bin/python3 -c 'import torch' >/dev/null 2>&1; then
  exit 0
fi

echo "bench: installing python3-torch (the PyTorch peer)"
sudo_cmd=()
if [[ $(id -u) -ne 0 ]]; then
  if command -v sudo >/dev/null 2>&1; then
    sudo_cmd=(sudo)
  else
    echo "bench: not root and no sudo: cannot install python3-torch" >&2
    exit 0
  fi
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -q || true
"${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends python3-torch \
  || echo "bench: python3-torch could not be installed" >&2
exit 0
