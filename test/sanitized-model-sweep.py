#!/usr/bin/env python3
"""ctest's runtime-tests-address and runtime-tests-thread, second part:
every entry point of every CPU integration program, compiled by the main
build's tfc, runs in a tfc-run built with a sanitizer, whose runtime the
library then uses. Under `address` (AddressSanitizer and
UndefinedBehaviorSanitizer) on one thread and on two; under `thread`
(ThreadSanitizer) on two, with LLVM's Archer tool telling it how OpenMP's
threads synchronize, so that the runtime calls that compiled code makes
from parallel loops (the arena's allocations) are checked for races. Each
run must give the outputs (or the error) of the unsanitized run, and no
sanitizer report: the runtime's side of every model call (arguments,
results, variables, checkpoints, host calls, the arena) is checked on real
models. Compiled code itself is not instrumented.

  sanitized-model-sweep.py MAIN_BUILD SANITIZED_BUILD [address|thread]"""

import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from tfc_programs import entry_point_cases, same_result  # noqa: E402

# A report ends the process with this code, told apart from a model's own
# error (1).
SANITIZER_EXIT = 86
SANITIZER_ENV = {
    "address": {
        "ASAN_OPTIONS": "exitcode=%d:detect_leaks=1" % SANITIZER_EXIT,
        "UBSAN_OPTIONS": "halt_on_error=1:print_stacktrace=1:exitcode=%d"
                         % SANITIZER_EXIT,
    },
    "thread": {
        "TSAN_OPTIONS": "halt_on_error=1:ignore_noninstrumented_modules=1:"
                        "exitcode=%d" % SANITIZER_EXIT,
    },
}
THREAD_COUNTS = {"address": (1, 2), "thread": (2,)}
# LLVM's OpenMP tool for ThreadSanitizer: without it, every barrier of
# libomp (not instrumented) would look like no synchronization at all.
ARCHER = "/usr/lib/llvm-22/lib/libarcher.so"


def sanitizer_env(sanitizer):
    env = dict(SANITIZER_ENV[sanitizer])
    if sanitizer == "thread":
        env["OMP_TOOL_LIBRARIES"] = ARCHER
    return env


def run(command, threads=None, extra_env=None):
    env = dict(os.environ)
    if threads:
        env["TFC_NUM_THREADS"] = str(threads)
    env.update(extra_env or {})
    return subprocess.run(command, capture_output=True, text=True, env=env)


def main():
    build = os.path.abspath(sys.argv[1])
    sanitized_run = os.path.join(os.path.abspath(sys.argv[2]), "bin",
                                 "tfc-run")
    sanitizer = sys.argv[3] if len(sys.argv) > 3 else "address"
    if sanitizer == "thread" and not os.path.isfile(ARCHER):
        print("sanitized-model-sweep: no %s, so ThreadSanitizer cannot see "
              "OpenMP's synchronization; skipped" % ARCHER)
        return 0
    extra_env = sanitizer_env(sanitizer)
    passed, failures = 0, []
    with tempfile.TemporaryDirectory() as work:
        for case, library, fn, given, reference, expected in \
                entry_point_cases(ROOT, build, work, run):
            for threads in THREAD_COUNTS[sanitizer]:
                command = [sanitized_run, library, "--fn", fn] + given
                if reference.returncode == 0:
                    command += ["--expect-dir", expected]
                checked = run(command, threads, extra_env)
                if same_result(checked, reference):
                    passed += 1
                else:
                    failures.append(
                        "%s on %d thread(s): exit %d (unsanitized: %d)\n%s"
                        % (case, threads, checked.returncode,
                           reference.returncode,
                           (checked.stdout + checked.stderr)[-2000:]))
    for failure in failures:
        print("FAIL " + failure)
    print("sanitized-model-sweep (%s): %d passed, %d failed" %
          (sanitizer, passed, len(failures)))
    return 1 if failures or passed == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
