#!/usr/bin/env python3
"""`make bench-gpu`: tfc's CUDA benchmark bundle, in one directory that a
machine with an NVIDIA driver (and no LLVM, MLIR or tfc build) runs.

The bundle holds the programs of test/bench/gpu (and the polynomial fit
example) compiled with `tfc compile --target=cuda` in models/,
libtfc_runtime.so in lib/, tfc-run in bin/, the runner run.py and
bundle.json. It holds no data: the variables' random initializers run when
a library is loaded, and the runner has tfc-run generate the inputs. With
--small every dimension of 2048, 4096 or 8192 in the programs' tensor types
shrinks (SMALL_SIZES), for the fake driver of the tests, whose device has
1 GiB; bundle.json tells the runner.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCES = os.path.join(ROOT, "test", "bench", "gpu")

# Library name -> program.
PROGRAMS = {
    "softmax": "test/bench/gpu/softmax.mlir",
    "elementwise": "test/bench/gpu/elementwise.mlir",
    "reductions": "test/bench/gpu/reductions.mlir",
    "matmul": "test/bench/gpu/matmul.mlir",
    "mlp": "test/bench/gpu/mlp.mlir",
    "polynomial_fit": "examples/polynomial_fit/polynomial_fit.mlir",
    "matmul_tf32": "test/bench/gpu/matmul.mlir",
    "matmul_bf16": "test/bench/gpu/matmul.mlir",
}
# Library name -> extra flags of its `tfc compile`.
FLAGS = {"matmul_tf32": ["--gpu-matmul-precision=tf32"],
         "matmul_bf16": ["--gpu-matmul-precision=bf16"]}

SMALL_SIZES = {8192: 64, 4096: 48, 2048: 32}

# A dimension inside a tensor type: `<8192x`, `x8192x`, `x8192>`.
DIMENSION = re.compile(r"(?<=[<x])(\d+)(?=[x>])")


def shrink(text):
    return DIMENSION.sub(
        lambda m: str(SMALL_SIZES.get(int(m.group(1)), m.group(1))), text)


def directory_bytes(path):
    return sum(os.path.getsize(os.path.join(d, f))
               for d, _, files in os.walk(path) for f in files)


def make(build, out, small):
    tfc = os.path.join(build, "bin", "tfc")
    tfc_run = os.path.join(build, "bin", "tfc-run")
    for tool in (tfc, tfc_run):
        if not os.access(tool, os.X_OK):
            sys.exit("bench-gpu: %s is missing: build first" % tool)
    shutil.rmtree(out, ignore_errors=True)
    for d in ("models", "lib", "bin", "sources"):
        os.makedirs(os.path.join(out, d))
    shutil.copy2(os.path.join(build, "lib", "libtfc_runtime.so"),
                 os.path.join(out, "lib"))
    shutil.copy2(tfc_run, os.path.join(out, "bin"))
    shutil.copy2(os.path.join(SOURCES, "run.py"), out)
    for name, program in PROGRAMS.items():
        with open(os.path.join(ROOT, program)) as f:
            text = f.read()
        # The bundle keeps the source it was compiled from.
        source = os.path.join(out, "sources", name + ".mlir")
        with open(source, "w") as f:
            f.write(shrink(text) if small else text)
        library = os.path.join(out, "models", "lib%s.so" % name)
        made = subprocess.run([tfc, "compile", "--target=cuda", source,
                               "-o", library] + FLAGS.get(name, []),
                              capture_output=True, text=True)
        if made.returncode != 0:
            sys.exit("bench-gpu: %s does not compile for CUDA:\n%s" %
                     (program, made.stderr))
        # The C header tfc compile writes beside the library.
        header = os.path.join(out, "models", name + ".h")
        if os.path.exists(header):
            os.remove(header)
        print("bench-gpu: %s" % name, flush=True)
    with open(os.path.join(out, "bundle.json"), "w") as f:
        json.dump({"sizes": SMALL_SIZES if small else {}}, f, indent=2)
    os.chmod(os.path.join(out, "run.py"), 0o755)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build-dir", default="build")
    parser.add_argument("--out", help="default: BUILD/bench-gpu")
    parser.add_argument("--small", action="store_true",
                        help="shrink the sizes (for the fake driver)")
    options = parser.parse_args()
    build = os.path.abspath(options.build_dir)
    out = os.path.abspath(options.out or os.path.join(build, "bench-gpu"))
    make(build, out, options.small)
    print("bench-gpu: bundle in %s (%.1f MB)%s" %
          (out, directory_bytes(out) / 1e6,
           ", sizes reduced" if options.small else ""))
    print("bench-gpu: on a machine with an NVIDIA driver (PyTorch for the "
          "peers): copy it there and run `python3 %s/run.py`" %
          os.path.basename(out))


if __name__ == "__main__":
    main()
