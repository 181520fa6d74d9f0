#!/usr/bin/env python3
"""ctest's runtime-tests-address, second part: every entry point of every
CPU integration program, compiled by the main build's tfc, runs in a
tfc-run built with AddressSanitizer and UndefinedBehaviorSanitizer, whose
runtime the library then uses, on one thread and on two. Each run must
give the outputs (or the error) of the unsanitized run, and no sanitizer
report: the runtime's side of every model call (arguments, results,
variables, checkpoints, host calls, the arena) is checked on real models.

  sanitized-model-sweep.py MAIN_BUILD SANITIZED_BUILD"""

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
    "ASAN_OPTIONS": "exitcode=%d:detect_leaks=1" % SANITIZER_EXIT,
    "UBSAN_OPTIONS": "halt_on_error=1:print_stacktrace=1:exitcode=%d"
                     % SANITIZER_EXIT,
}


def run(command, threads=None, sanitized=False):
    env = dict(os.environ)
    if threads:
        env["TFC_NUM_THREADS"] = str(threads)
    if sanitized:
        env.update(SANITIZER_ENV)
    return subprocess.run(command, capture_output=True, text=True, env=env)


def main():
    build = os.path.abspath(sys.argv[1])
    sanitized_run = os.path.join(os.path.abspath(sys.argv[2]), "bin",
                                 "tfc-run")
    passed, failures = 0, []
    with tempfile.TemporaryDirectory() as work:
        for case, library, fn, given, reference, expected in \
                entry_point_cases(ROOT, build, work, run):
            for threads in (1, 2):
                command = [sanitized_run, library, "--fn", fn] + given
                if reference.returncode == 0:
                    command += ["--expect-dir", expected]
                checked = run(command, threads, sanitized=True)
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
    print("sanitized-model-sweep: %d passed, %d failed" %
          (passed, len(failures)))
    return 1 if failures or passed == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
