#!/usr/bin/env python3
"""The compiler and the runtime agree on the runtime's entry points.

    check_runtime_symbols.py SOURCE_ROOT LIBTFC_RUNTIME LLVM_NM

Every `"tfc_rt_..."` name the compiler's sources (lib/, include/) spell
must be a function libtfc_runtime.so exports, and every `tfc_rt_` function
the runtime exports must be one the compiler can call. Prints each one
missing on either side and exits 1 if there is any.
"""

import os
import re
import subprocess
import sys

root, runtime, nm = sys.argv[1:4]

emitted = {}
for top in ("lib", "include"):
    for directory, _, files in os.walk(os.path.join(root, top)):
        for name in files:
            if not name.endswith((".cpp", ".h", ".td")):
                continue
            path = os.path.join(directory, name)
            with open(path, errors="replace") as f:
                for number, line in enumerate(f, 1):
                    for symbol in re.findall(r'"(tfc_rt_[A-Za-z0-9_]+)"', line):
                        emitted.setdefault(
                            symbol, f"{os.path.relpath(path, root)}:{number}")

listing = subprocess.run([nm, "-D", "--defined-only", runtime],
                         capture_output=True, text=True, check=True).stdout
exported = set(re.findall(r"\bT (tfc_rt_[A-Za-z0-9_]+)$", listing, re.M))

bad = 0
for symbol, place in sorted(emitted.items()):
    if symbol not in exported:
        print(f"{place}: the compiler calls {symbol}, which "
              f"{os.path.basename(runtime)} does not export")
        bad += 1
for symbol in sorted(exported - set(emitted)):
    print(f"{os.path.basename(runtime)} exports {symbol}, which the "
          f"compiler never calls")
    bad += 1
print(f"{len(emitted)} runtime entry points, {bad} mismatch(es)")
sys.exit(1 if bad else 0)
