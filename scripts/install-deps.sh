#!/usr/bin/env bash
# Installs the Debian packages tfc needs to build and test, and only those that
# are missing. Called by the Makefile before every configure; a no-op (a dpkg
# query) when everything is present.
set -euo pipefail

packages=(
  # Toolchain and build system.
  cmake ninja-build ccache g++ make python3
  # LLVM/MLIR 22: libraries, CMake packages, mlir-tblgen, lit, FileCheck.
  llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools clang-22 lld-22
  # clang-22's sanitizer runtimes (TFC_SANITIZER=thread|address builds).
  libclang-rt-22-dev
  # OpenMP runtime the compiled models' parallel loops call.
  libomp-22-dev
  # Unit tests.
  libgtest-dev
  # Data-parallel training over MPI: libtfc_runtime_mpi.so and the mpirun
  # tests (docs/distributed.md).
  libopenmpi-dev openmpi-bin
  # TensorFlow's file formats (GraphDef, MetaGraphDef, SavedModel).
  libprotobuf-dev protobuf-compiler
  # The installed prefix's tests: the pkg-config consumer and the Python
  # loader with its tests.
  pkgconf python3-numpy python3-pytest
  # tfc graph -o graph.svg|png|pdf (Graphviz's dot).
  graphviz
  # AArch64: the cross toolchain the build cross-builds the runtime with
  # (clang-22 --target=aarch64-linux-gnu over Debian's arm64 glibc and
  # libstdc++), and qemu-aarch64, which runs the AArch64 tests.
  crossbuild-essential-arm64 libc6-dev-arm64-cross libstdc++-12-dev-arm64-cross
  qemu-user
)

missing=()
for pkg in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${db:Status-Status}' "$pkg" 2>/dev/null || true)
  [[ "$status" == "installed" ]] || missing+=("$pkg")
done

if [[ ${#missing[@]} -eq 0 ]]; then
  exit 0
fi

echo "tfc: installing missing packages: ${missing[*]}"
sudo_cmd=()
if [[ $(id -u) -ne 0 ]]; then
  if command -v sudo >/dev/null 2>&1; then
    sudo_cmd=(sudo)
  else
    echo "tfc: error: not root and no sudo; install these packages by hand:" >&2
    echo "  apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
fi

export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -q
"${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
