#!/usr/bin/env python3
"""The compiler, the runtime and the Python loader agree on the ABI.

    check_runtime_symbols.py SOURCE_ROOT LIBTFC_RUNTIME LLVM_NM

runtime/include/tfc/runtime/abi.h is the one source: its table of runtime
calls (TFC_RUNTIME_CALLS) and its tfc_model_abi structure. Checks that
every runtime function name the compiler's sources (lib/, include/) spell
is in the table, that libtfc_runtime.so exports every function of the table
and no tfc_rt_ function outside it, and that the Python loader's copy of
tfc_model_abi has the header's fields in the header's order. Prints each
disagreement and exits 1 if there is any.
"""

import os
import re
import subprocess
import sys

root, runtime, nm = sys.argv[1:4]
bad = 0


def report(message):
    global bad
    print(message)
    bad += 1


abi_path = os.path.join(root, "runtime", "include", "tfc", "runtime", "abi.h")
with open(abi_path) as f:
    abi = f.read()
table = re.findall(r'X\((tfc_\w+), "([^"]*)"\)', abi)
names = {name for name, _ in table}

spelled = {}
for top in ("lib", "include"):
    for directory, _, files in os.walk(os.path.join(root, top)):
        for name in files:
            if not name.endswith((".cpp", ".h", ".td")):
                continue
            path = os.path.join(directory, name)
            with open(path, errors="replace") as f:
                for number, line in enumerate(f, 1):
                    for symbol in re.findall(
                            r'"(tfc_rt_\w+|tfc_runtime_\w+)"', line):
                        spelled.setdefault(
                            symbol, f"{os.path.relpath(path, root)}:{number}")
for symbol, place in sorted(spelled.items()):
    if symbol not in names:
        report(f"{place}: the compiler calls {symbol}, which is not in the "
               f"table of tfc/runtime/abi.h")

listing = subprocess.run([nm, "-D", "--defined-only", runtime],
                         capture_output=True, text=True, check=True).stdout
exported = set(re.findall(r"\bT (tfc_\w+)$", listing, re.M))
library = os.path.basename(runtime)
for name, signature in table:
    if name not in exported:
        report(f"abi.h lists {name} {signature}, which {library} does not "
               f"export")
for symbol in sorted(s for s in exported if s.startswith("tfc_rt_")):
    if symbol not in names:
        report(f"{library} exports {symbol}, which abi.h does not list")

struct = re.search(r"typedef struct tfc_model_abi \{(.*?)\} tfc_model_abi;",
                   abi, re.S).group(1)
header_fields = re.findall(r"(\w+);", struct)
with open(os.path.join(root, "python", "tfc", "_capi.py")) as f:
    capi = f.read()
loader = re.search(r"class ModelAbi\(Structure\):\s*_fields_ = \[(.*?)\]\n",
                   capi, re.S).group(1)
loader_fields = re.findall(r'\("(\w+)",', loader)
if loader_fields != header_fields:
    report(f"python/tfc/_capi.py's ModelAbi has fields {loader_fields}; "
           f"abi.h's tfc_model_abi has {header_fields}")

print(f"{len(table)} runtime calls, {len(header_fields)} fields, "
      f"{bad} mismatch(es)")
sys.exit(1 if bad else 0)
