#!/usr/bin/env python3
"""ctest's small-stack-sweep: every entry point of every CPU integration
program runs on a thread with a 256 KiB stack (tfc-run --thread-stack), as
a caller's thread pool would, on one thread and on two, and gives the
outputs (or the error) of a run on the main thread."""

import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from tfc_programs import entry_point_cases, same_result  # noqa: E402

STACK = 256 * 1024


def run(command, threads=None):
    env = dict(os.environ)
    if threads:
        env["TFC_NUM_THREADS"] = str(threads)
    return subprocess.run(command, capture_output=True, text=True, env=env)


def main():
    build = os.path.abspath(sys.argv[1])
    tfc_run = os.path.join(build, "bin", "tfc-run")
    passed, failures = 0, []
    with tempfile.TemporaryDirectory() as work:
        for case, library, fn, given, reference, expected in \
                entry_point_cases(ROOT, build, work, run):
            for threads in (1, 2):
                command = [tfc_run, library, "--fn", fn,
                           "--thread-stack", str(STACK)] + given
                if reference.returncode == 0:
                    command += ["--expect-dir", expected]
                small = run(command, threads)
                # The same success, or the same error (never a signal).
                if same_result(small, reference):
                    passed += 1
                else:
                    failures.append(
                        "%s on %d thread(s): exit %d (main thread: %d)\n%s"
                        % (case, threads, small.returncode,
                           reference.returncode,
                           (small.stdout + small.stderr)[-600:]))
    for failure in failures:
        print("FAIL " + failure)
    print("small-stack-sweep: %d passed, %d failed" % (passed, len(failures)))
    return 1 if failures or passed == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
