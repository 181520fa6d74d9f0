# The lit configuration of the tfc regression tests.

import os
import shutil

import lit.formats
from lit.llvm import llvm_config

config.name = "tfc"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tfc_obj_root, "test")
config.excludes = ["CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py", "unit", "bench", "fuzz", "Inputs"]

# FileCheck, not, count and split-file from LLVM 22.
llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.add_tool_substitutions(["tfc-opt", "tfc-translate", "tfc-run", "tfc"], [config.tfc_tools_dir])
config.substitutions.append(("%tfc_src_root", config.tfc_src_root))

import sys
config.substitutions.append(("%python", sys.executable))
# The C++ compiler tfc itself was built with.
config.substitutions.append(("%cxx", config.tfc_cxx_compiler))
config.substitutions.append(("%tfc_obj_root", config.tfc_obj_root))

# The shared corpus of real TensorFlow 1 files (read-only): `%tf1_graphs`
# and the feature `tf1-graphs` when it is found ($TFC_TF1_GRAPHS, or
# shared/tf1-graphs beside the source tree).
def find_tf1_graphs():
    candidates = [os.environ.get("TFC_TF1_GRAPHS", ""),
                  os.path.join(config.tfc_src_root, "..", "shared", "tf1-graphs"),
                  "/work/shared/tf1-graphs"]
    for candidate in candidates:
        if candidate and os.path.isfile(os.path.join(candidate, "MANIFEST.md")):
            return os.path.realpath(candidate)
    return None

tf1_graphs = find_tf1_graphs()
if tf1_graphs:
    config.available_features.add("tf1-graphs")
    config.substitutions.append(("%tf1_graphs", tf1_graphs))
else:
    lit_config.note("TensorFlow corpus tests skipped: no shared/tf1-graphs (set TFC_TF1_GRAPHS)")

# Graphviz's dot renders `tfc graph -o graph.svg`.
if shutil.which("dot"):
    config.available_features.add("graphviz")
# util-linux's script gives a command a terminal (tfc compile's status line).
if shutil.which("script"):
    config.available_features.add("script")

# Drivers of the examples link against the runtime the build made.
config.substitutions.append(("%tfc_lib_dir", os.path.join(config.tfc_obj_root, "lib")))

# Data-parallel jobs: `mpirun` when Open MPI's mpirun is installed and the
# build made libtfc_runtime_mpi.so (docs/distributed.md). `%mpirun` runs
# N processes on however many cores there are, as root too (containers),
# and never waits forever: a hang fails the test after two minutes.
mpirun = shutil.which("mpirun")
if mpirun and os.path.exists(os.path.join(config.tfc_obj_root, "lib", "libtfc_runtime_mpi.so")):
    config.available_features.add("mpirun")
    config.substitutions.append(
        ("%mpirun", "timeout 120 " + mpirun + " --oversubscribe --allow-run-as-root"))
    # mpirun needs HOME for its session directory.
    for name in ("HOME", "TMPDIR"):
        if name in os.environ:
            config.environment[name] = os.environ[name]
else:
    lit_config.note("data-parallel tests skipped: " +
                    ("no mpirun (install openmpi-bin)" if not mpirun else
                     "the build made no libtfc_runtime_mpi.so (install libopenmpi-dev)"))

# AArch64: `aarch64-qemu` when the build cross-built the runtime and tfc-run
# (cmake/TfcCrossRuntime.cmake) and qemu-aarch64 (Debian's qemu-user) runs
# them; `%aarch64_run` runs an AArch64 program with Debian's cross libc.
qemu_aarch64 = shutil.which("qemu-aarch64")
aarch64_tfc_run = os.path.join(config.tfc_aarch64_bin_dir or "", "tfc-run")
if config.tfc_aarch64_lib_dir and qemu_aarch64 and os.path.exists(aarch64_tfc_run):
    config.available_features.add("aarch64-qemu")
    config.substitutions.append(("%aarch64_run", qemu_aarch64 + " -L /usr/aarch64-linux-gnu"))
    config.substitutions.append(("%aarch64_tfc_run", aarch64_tfc_run))
    config.substitutions.append(("%aarch64_lib_dir", config.tfc_aarch64_lib_dir))
else:
    lit_config.note("AArch64 tests skipped: " +
                    ("no qemu-aarch64 (install qemu-user)" if not qemu_aarch64 else
                     "the build cross-built no AArch64 runtime (install crossbuild-essential-arm64)"))

# `x86-lacks-feature` with `%missing_cpu_feature`: an x86-64 feature LLVM
# can compile for that this CPU lacks (/proc/cpuinfo's name differs), so a
# test can check that loading code compiled for it fails cleanly.
def find_missing_x86_feature():
    import platform
    if platform.machine() not in ("x86_64", "AMD64") or not os.path.exists("/proc/cpuinfo"):
        return None
    flags = set()
    with open("/proc/cpuinfo") as cpuinfo:
        for line in cpuinfo:
            if line.startswith("flags"):
                flags = set(line.split(":", 1)[1].split())
                break
    candidates = [("avx512fp16", "avx512_fp16"), ("avx512vp2intersect", "avx512_vp2intersect"),
                  ("avx512bf16", "avx512_bf16"), ("avxvnni", "avx_vnni"),
                  ("avx512f", "avx512f"), ("avx2", "avx2"), ("fma", "fma")]
    for llvm_name, flag in candidates:
        if flag not in flags:
            return llvm_name
    return None

missing_x86_feature = find_missing_x86_feature()
if missing_x86_feature:
    config.available_features.add("x86-lacks-feature")
    config.substitutions.append(("%missing_cpu_feature", missing_x86_feature))

# CUDA: `ptxas` when the build found a whole toolkit (ptxas, fatbinary and
# libdevice, all needed by --target=cuda; cmake/TfcCudaToolkit.cmake);
# `cuda-device` only when the runtime finds a usable GPU.
if config.tfc_cuda_toolkit:
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", os.path.join(config.tfc_cuda_toolkit, "bin", "ptxas")))
    config.substitutions.append(("%cuda_toolkit", config.tfc_cuda_toolkit))
else:
    lit_config.note("CUDA tests skipped: the build found no CUDA toolkit (bin/ptxas, bin/fatbinary, "
                    "nvvm/libdevice) in $CUDA_HOME, $CUDA_PATH, /usr/local/cuda or beside ptxas on PATH")

def cuda_device_usable():
    # The runtime's own answer: it opens the driver as compiled models do.
    import ctypes
    try:
        runtime = ctypes.CDLL(os.path.join(config.tfc_obj_root, "lib", "libtfc_runtime.so"))
        return runtime.tfc_cuda_device_count() > 0
    except (OSError, AttributeError):
        return False

if cuda_device_usable():
    config.available_features.add("cuda-device")
else:
    lit_config.note("CUDA device tests skipped: no CUDA device available")

# `--param tfc_compile_target=cuda-emulator` (the ctest lit-cuda-emulator)
# runs the CPU integration tests and examples with every `tfc compile`
# compiling for that target, so they check its numbers; tests it cannot
# compile say `UNSUPPORTED: target-cuda-emulator`.
compile_target = lit_config.params.get("tfc_compile_target")
if compile_target:
    # Outputs of its own: ctest runs this suite next to the plain one.
    config.test_exec_root = os.path.join(config.tfc_obj_root, "test-" + compile_target)
    config.available_features.add("target-" + compile_target)
    config.substitutions.insert(
        0, (r"\btfc compile\b", "tfc compile --target=" + compile_target))

# `--param tfc_compile_cpu=haswell` (the ctests lit-cpu-*) runs them with
# every `tfc compile` compiling for that CPU, so code generation for each
# CPU target (docs/performance.md) is checked on this machine; skipped where
# the host cannot run the CPU's code.
CPU_FLAGS = {"x86-64": set(), "haswell": {"avx2", "fma", "bmi2", "f16c", "movbe"}}
compile_cpu = lit_config.params.get("tfc_compile_cpu")
if compile_cpu:
    config.test_exec_root = os.path.join(config.tfc_obj_root, "test-cpu-" + compile_cpu)
    config.available_features.add("cpu-" + compile_cpu)
    host_flags = set()
    if os.path.exists("/proc/cpuinfo"):
        with open("/proc/cpuinfo") as cpuinfo:
            for line in cpuinfo:
                if line.startswith("flags"):
                    host_flags = set(line.split(":", 1)[1].split())
                    break
    if compile_cpu not in CPU_FLAGS:
        lit_config.fatal(f"tfc_compile_cpu: no flags known for {compile_cpu}")
    missing = CPU_FLAGS[compile_cpu] - host_flags
    import platform
    if platform.machine() not in ("x86_64", "AMD64"):
        missing = {"x86-64"}
    if missing:
        lit_config.note(f"skipped: this CPU cannot run {compile_cpu} code "
                        f"(no {', '.join(sorted(missing))})")
        config.unsupported = True
    config.substitutions.insert(
        0, (r"\btfc compile\b", "tfc compile --cpu=" + compile_cpu))
