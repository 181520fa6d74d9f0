# tfc: thin wrapper around CMake/Ninja. `make demo`, `make test` and
# `make bench` install what is missing, configure once, build incrementally,
# then run.

BUILD_DIR ?= build
BUILD_TYPE ?= Release
CMAKE ?= cmake
# Ninja's default is cores + 2; MLIR translation units need ~1 GiB each.
JOBS ?= $(shell nproc)

.PHONY: all deps configure build test check demo bench gpu-bundle bench-gpu fuzz \
	package clean

all: build

deps:
	@scripts/install-deps.sh

$(BUILD_DIR)/build.ninja:
	$(CMAKE) -G Ninja -S . -B $(BUILD_DIR) \
	  -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) \
	  -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
	  -DLLVM_USE_LINKER=lld \
	  -DLLVM_ENABLE_ASSERTIONS=ON

configure: deps $(BUILD_DIR)/build.ninja

build: configure
	$(CMAKE) --build $(BUILD_DIR) -j $(JOBS)

# Every test: the lit suite (as one ctest test) and the GoogleTest cases.
test: build
	cd $(BUILD_DIR) && ctest --output-on-failure -j $(JOBS)

check: test

# A Debian package of the installed tree (cmake/TfcPackage.cmake) in
# $(BUILD_DIR)/deb, checked by unpacking it and compiling and running a
# model with it.
package: build
	cd $(BUILD_DIR) && cpack -G DEB
	scripts/test-deb.sh $(BUILD_DIR)

demo: build
	@scripts/demo.sh $(BUILD_DIR)

# tfc against ONNX Runtime, PyTorch and OpenBLAS (docs/performance.md), and
# each rewrite with and without (test/bench/rewrites), the training step
# against PyTorch (test/bench/polynomial_fit), data-parallel training
# against PyTorch DDP (test/bench/distributed), compile time and memory of
# large graphs (test/bench/compile). Installs its peers, writes
# $(BUILD_DIR)/bench/results.json. Not part of `make test`. The default
# 8 MiB stack: compiled code must run on it (docs/codegen.md).
bench: build
	@test/bench/setup.sh $(BUILD_DIR)/bench
	ulimit -s 8192 && /usr/bin/python3 test/bench/run.py --build-dir $(BUILD_DIR)
	@test/bench/rewrites/run.sh $(BUILD_DIR)
	@test/bench/polynomial_fit/run.sh $(BUILD_DIR)
	@test/bench/distributed/run.sh $(BUILD_DIR)
	@test/bench/import/run.sh $(BUILD_DIR)
	@/usr/bin/python3 test/bench/compile/run.py --build-dir $(BUILD_DIR)

# Everything a machine with an NVIDIA driver needs to check the CUDA target
# (libraries, runtime, tfc-run, the CPU's outputs, run.sh) in
# $(BUILD_DIR)/gpu-bundle; see docs/codegen.md. Needs the CUDA toolkit here.
gpu-bundle: build
	/usr/bin/python3 scripts/gpu-bundle.py --build-dir $(BUILD_DIR)

# tfc's CUDA libraries against PyTorch and the GPU's limits (test/bench/gpu,
# docs/bench.md): builds the bundle $(BUILD_DIR)/bench-gpu (libraries,
# runtime, tfc-run, run.py; no data) and runs it, which on a machine without
# a GPU only says so and how to run it where there is one. Needs the CUDA
# toolkit here.
bench-gpu: build
	/usr/bin/python3 scripts/bench-gpu.py --build-dir $(BUILD_DIR)
	python3 $(BUILD_DIR)/bench-gpu/run.py

# The fuzz targets of the runtime's readers (test/fuzz) with libFuzzer, in
# build-fuzz/, each for FUZZ_SECONDS (default 60). Not part of `make test`,
# which replays their inputs.
fuzz: deps
	@scripts/fuzz.sh

clean:
	rm -rf $(BUILD_DIR)
