#!/usr/bin/env python3
"""`make gpu-bundle`: everything a machine with an NVIDIA driver (and no
LLVM, MLIR or tfc build) needs to check the CUDA target, in one directory.

For each program (the examples device.test runs, and every program of the
CPU integration tests that the CUDA emulator also runs) the bundle holds its
library compiled with `tfc compile --target=cuda`, and for each entry point
the inputs and the outputs of the same program compiled for the CPU: the
CPU target is the reference. run.sh runs every case with tfc-run, compares
with the CPU's outputs and prints PASS or FAIL per case with the numbers;
with --calls-only it only checks that every call completes (the fake
driver of the tests, which runs no kernel).
"""

import argparse
import os
import shlex
import shutil
import subprocess
import sys

from tfc_programs import input_flags, integration_programs

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The programs of test/Integration/CUDA/device.test, with its inputs.
DEVICE_TEST_CASES = [
    ("softmax", "examples/cuda/softmax.mlir", "softmax",
     ["--input", "logits=[[1000,0],[1,2],[-1,0.5]]"]),
    ("mlp", "examples/cuda/mlp.mlir", "predict",
     ["--input", "x=[[1,2,3,4],[0.5,-1,0,2]]"]),
    ("mlp", "examples/cuda/mlp.mlir", "train_step",
     ["--steps", "3", "--input", "x=[[1,2,3,4],[0.5,-1,0,2]]",
      "--input", "y=[[1,0,0],[0,0,1]]"]),
    ("polynomial_fit", "examples/polynomial_fit/polynomial_fit.mlir",
     "train_step",
     ["--steps", "300", "--input", "x=[-4,-3,-2,-1,0,1,2,3,4,5]",
      "--input", "y=[83,48,23,8,3,8,23,48,83,128]"]),
    ("fibonacci_sequence", "examples/control_flow/fibonacci_sequence.mlir",
     None, []),
    ("cond", "examples/control_flow/cond.mlir", "cond_fed",
     ["--input", "arg0=false"]),
]

# Calls of runtime-checks.mlir that the runtime checks must fail, with the
# CPU target's message: kernels compute the conditions, the runtime reads
# them at the end of the call.
RUNTIME_CHECK_FAILURES = [
    ("divide", ["--input", "x=[7,-7,9]", "--input", "y=[2,0,-4]"]),
    ("pick", ["--input", "p=[1,2,3]", "--input", "i=[0,-1]"]),
    ("pick", ["--input", "p=[1,2,3]", "--input", "i=[2,3]"]),
    ("segments", ["--input", "d=[1,2,3]", "--input", "i=[1,2,0]"]),
    ("add_rows", ["--input", "a=[[1,2],[3,4]]",
                  "--input", "b=[[10,20],[30,40],[50,60]]"]),
]

# Programs compiled for CUDA with extra flags (their CPU reference as
# usual): the tensor cores' matmuls on TF32 and BF16, whose integer cases
# must equal the CPU's; their rounded case is within the format's error,
# which the comparison's tolerance does not cover, so it is left out.
FLAGGED_PROGRAMS = [
    ("%s_matmul" % precision,
     "test/Integration/CUDA/Inputs/tensor_core_matmul.mlir",
     ["--gpu-matmul-precision=" + precision],
     ["exact", "transposed", "batched", "dense"])
    for precision in ("tf32", "bf16")
]

# Cases compute-sanitizer checks when the machine has it.
SANITIZED = ["softmax.softmax", "mlp.train_step", "cond.cond_fed",
             "tf32_matmul.exact", "bf16_matmul.exact"]


def run(command, **kwargs):
    return subprocess.run(command, capture_output=True, text=True, **kwargs)


class Bundle:
    def __init__(self, build, out):
        self.build = os.path.abspath(build)
        self.out = os.path.abspath(out)
        self.tfc = os.path.join(self.build, "bin", "tfc")
        self.tfc_run = os.path.join(self.build, "bin", "tfc-run")
        self.work = self.out + "-work"
        self.cases = []  # (case name, lines of run.sh)
        self.notes = []
        self.compiled = {}

    def compile(self, name, source, cuda_flags=()):
        """Compiles `source` for CUDA (into the bundle, with `cuda_flags`)
        and for the CPU; returns the two paths, or None after noting why
        not."""
        if name in self.compiled:
            return self.compiled[name]
        cuda = os.path.join(self.out, "models", "lib%s.so" % name)
        cpu = os.path.join(self.work, "lib%s.so" % name)
        result = None
        for target, path in (("cpu", cpu), ("cuda", cuda)):
            flags = list(cuda_flags) if target == "cuda" else []
            made = run([self.tfc, "compile", "--target=" + target, source,
                        "-o", path] + flags)
            if made.returncode != 0:
                first = (made.stderr.strip().splitlines() or ["?"])[0]
                what = ("an example of an error (it does not compile for the "
                        "CPU either)" if target == "cpu" else
                        "does not compile for CUDA")
                self.notes.append("not in the bundle: %s: %s: %s" %
                                  (name, what, first))
                break
        else:
            # The C header tfc compile writes beside the library.
            header = os.path.join(os.path.dirname(cuda), name + ".h")
            if os.path.exists(header):
                os.remove(header)
            result = (cuda, cpu)
        self.compiled[name] = result
        return result

    def add_case(self, name, libraries, fn, args, loops=False):
        """Runs the CPU library for one entry point and adds the case;
        `loops`: the program has loops whose conditions kernels compute."""
        cuda, cpu = libraries
        case = "%s.%s" % (name, fn or "main")
        directory = os.path.join(self.out, "cases", case)
        inputs = os.path.join(directory, "inputs")
        expected = os.path.join(directory, "expected")
        os.makedirs(directory, exist_ok=True)
        command = [self.tfc_run, cpu] + (["--fn", fn] if fn else []) + args
        reference = run(command + ["--generate-inputs", inputs,
                                   "--output-dir", expected])
        if reference.returncode != 0:
            first = (reference.stderr.strip().splitlines() or ["?"])[0]
            self.notes.append("not in the bundle: %s fails on the CPU with "
                              "generated inputs: %s" % (case, first))
            shutil.rmtree(directory)
            return
        # The bundle's run reads the same inputs back.
        given = input_flags(inputs, "cases/%s/inputs" % case)
        line = ["check_loop" if loops else "check", case,
                "models/" + os.path.basename(cuda)]
        line += (["--fn", fn] if fn else []) + list(args) + given
        self.cases.append((case, " ".join(shlex.quote(a) for a in line)))

    def add_error_case(self, name, libraries, fn, args):
        """A call the runtime checks must fail: the case expects the CPU
        target's error message."""
        cuda, cpu = libraries
        taken = sum(1 for c, _ in self.cases if c.startswith(
            "%s.%s.fails" % (name, fn)))
        case = "%s.%s.fails%d" % (name, fn, taken + 1)
        failed = run([self.tfc_run, cpu, "--fn", fn] + args)
        lines = failed.stderr.strip().splitlines()
        if failed.returncode != 1 or not lines:
            self.notes.append("not in the bundle: %s does not fail on the "
                              "CPU" % case)
            return
        message = lines[-1].split(": ", 1)[-1]
        line = ["check_error", case, "models/" + os.path.basename(cuda),
                message, "--fn", fn] + args
        self.cases.append((case, " ".join(shlex.quote(a) for a in line)))

    def entries(self, cpu):
        listed = run([self.tfc_run, cpu, "--list"])
        return listed.stdout.split() if listed.returncode == 0 else []

    def write_run_script(self):
        path = os.path.join(self.out, "run.sh")
        with open(path, "w") as f:
            f.write(RUN_SH_HEAD)
            for case, line in self.cases:
                f.write(line + "\n")
            f.write(RUN_SH_TAIL % " ".join(SANITIZED))
        os.chmod(path, 0o755)
        with open(os.path.join(self.out, "NOTES.txt"), "w") as f:
            f.write("\n".join(self.notes) + ("\n" if self.notes else ""))

    def make(self):
        shutil.rmtree(self.out, ignore_errors=True)
        shutil.rmtree(self.work, ignore_errors=True)
        for d in ("models", "lib", "bin", "cases"):
            os.makedirs(os.path.join(self.out, d))
        os.makedirs(self.work)
        shutil.copy2(os.path.join(self.build, "lib", "libtfc_runtime.so"),
                     os.path.join(self.out, "lib"))
        shutil.copy2(self.tfc_run, os.path.join(self.out, "bin"))
        for name, source, fn, args in DEVICE_TEST_CASES:
            path = os.path.join(ROOT, source)
            libraries = self.compile(name, path)
            if libraries:
                self.add_case(name, libraries, fn, args,
                              loops="tfc.while" in open(path).read())
        for name, source, flags, fns in FLAGGED_PROGRAMS:
            libraries = self.compile(name, os.path.join(ROOT, source), flags)
            if libraries:
                for fn in fns:
                    self.add_case(name, libraries, fn, [])
        for source in integration_programs(ROOT):
            name = os.path.splitext(os.path.basename(source))[0]
            name = "cpu_" + name.replace("-", "_")
            libraries = self.compile(name, source)
            if not libraries:
                continue
            loops = "tfc.while" in open(source).read()
            for fn in self.entries(libraries[1]):
                self.add_case(name, libraries, fn, [], loops)
            print("gpu-bundle: %s" % name, flush=True)
        for fn, args in RUNTIME_CHECK_FAILURES:
            source = os.path.join(ROOT, "test", "Integration", "CPU",
                                  "runtime-checks.mlir")
            libraries = self.compile("cpu_runtime_checks", source)
            if libraries:
                self.add_error_case("cpu_runtime_checks", libraries, fn, args)
        self.write_run_script()
        shutil.rmtree(self.work, ignore_errors=True)
        print("gpu-bundle: %d cases in %s" % (len(self.cases), self.out))
        for note in self.notes:
            print("gpu-bundle: " + note)


RUN_SH_HEAD = r"""#!/usr/bin/env bash
# Runs every case of this bundle on the machine's GPU and compares with the
# CPU target's outputs. Needs only an NVIDIA driver (libcuda.so.1).
#   ./run.sh               every case, PASS/FAIL each, then a summary
#   ./run.sh --calls-only  only check that each call completes (for a
#                          driver that runs no kernel, like the tests' fake)
cd "$(dirname "$0")"
export LD_LIBRARY_PATH="$PWD/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
calls_only=0
[[ "${1:-}" == --calls-only ]] && calls_only=1
passed=0 failed=0
failures=()
record() {  # record CASE OK OUTPUT
  if (( $2 )); then
    passed=$((passed + 1))
    echo "PASS $1"
  else
    failed=$((failed + 1))
    echo "FAIL $1"
    echo "$3" | sed 's/^/    /' | head -20
  fi
}
# check CASE LIB ARGS...: the outputs are the CPU's (with --calls-only: the
# call completes; the fake's device memory starts as bytes of 1, so the
# runtime checks' deferred assertions hold).
check() {
  local case=$1 lib=$2
  shift 2
  local expect=(--expect-dir "cases/$case/expected") output ok=0
  (( calls_only )) && expect=()
  output=$(TFC_FAKE_CUDA_FILL=${fill:-1} bin/tfc-run "$lib" "$@" "${expect[@]}" 2>&1) && ok=1
  record "$case" $ok "$output"
}
# check_loop: the same, for programs whose loop conditions kernels compute;
# on the fake, which runs no kernel, memory of zeros ends each loop at once.
check_loop() { fill=0 check "$@"; }
# check_error CASE LIB MESSAGE ARGS...: the call fails with the CPU target's
# message (with --calls-only: it fails with an error, as every condition
# read is false).
check_error() {
  local case=$1 lib=$2 message=$3
  shift 3
  local output ok=0 code=0
  output=$(TFC_FAKE_CUDA_FILL=0 bin/tfc-run "$lib" "$@" 2>&1) || code=$?
  if (( code == 1 )) && { (( calls_only )) || [[ "$output" == *"$message"* ]]; }; then
    ok=1
  fi
  record "$case" $ok "expected: $message"$'\n'"got (exit $code): $output"
}
bin/tfc-run --devices
"""

RUN_SH_TAIL = r"""
if (( ! calls_only )); then
  sanitizer=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null || true)
  if [[ -n "$sanitizer" ]]; then
    for case in %s; do
      [[ -d "cases/$case" ]] || continue
      line=$(grep -m1 -E "^check(_loop)? $case " "$0" | sed -E "s/^check(_loop)? $case //")
      eval "args=($line)"
      for tool in memcheck racecheck; do
        if report=$("$sanitizer" --tool $tool --error-exitcode 1 bin/tfc-run "${args[@]}" 2>&1); then
          echo "PASS compute-sanitizer $tool $case: $(echo "$report" | grep -m1 'SUMMARY' || echo 'no errors')"
        else
          failed=$((failed + 1))
          echo "FAIL compute-sanitizer $tool $case"
          echo "$report" | tail -20 | sed 's/^/    /'
        fi
      done
    done
  else
    echo "compute-sanitizer not found: memcheck and racecheck not run"
  fi
fi
echo "gpu-bundle: $passed passed, $failed failed"
(( failed == 0 ))
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build-dir", default="build")
    parser.add_argument("--out", help="default: BUILD/gpu-bundle")
    options = parser.parse_args()
    out = options.out or os.path.join(options.build_dir, "gpu-bundle")
    bundle = Bundle(options.build_dir, out)
    for tool in (bundle.tfc, bundle.tfc_run):
        if not os.access(tool, os.X_OK):
            sys.exit("gpu-bundle: %s is missing: build first" % tool)
    bundle.make()


if __name__ == "__main__":
    main()
