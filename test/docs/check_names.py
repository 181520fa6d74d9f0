#!/usr/bin/env python3
"""Checks that every `tfc-...` name the docs give in backquotes exists.

    check_names.py SOURCE_ROOT TFC_OPT TFC

A name exists when it is a pass, pipeline or option of tfc-opt or of `tfc
compile`, a program, library, CMake target or ctest test that the CMake
files declare, or the stem of a file in test/ or examples/. Prints each
missing name with the file and line naming it, and exits 1 if there is any.
"""

import os
import re
import subprocess
import sys

root, tfc_opt, tfc = sys.argv[1:4]

known = set()
for command in ([tfc_opt, "--help"], [tfc, "compile", "--help"],
                [tfc, "--help"]):
    help_text = subprocess.run(command, capture_output=True, text=True).stdout
    known.update(re.findall(r"--(tfc-[a-z0-9-]+)", help_text))

cmake_text = ""
for directory, _, files in os.walk(root):
    if "/build" in directory or "/.git" in directory:
        continue
    for name in files:
        if name == "CMakeLists.txt" or name.endswith(".cmake"):
            with open(os.path.join(directory, name)) as f:
                cmake_text += f.read()
        stem = name.split(".")[0]
        if directory.startswith((os.path.join(root, "test"),
                                 os.path.join(root, "examples"))):
            known.add(stem)
known.update(re.findall(r"\b(tfc-[A-Za-z0-9_-]+)", cmake_text))

docs = [os.path.join(root, "README.md")] + sorted(
    os.path.join(root, "docs", name)
    for name in os.listdir(os.path.join(root, "docs")) if name.endswith(".md"))
missing = 0
for path in docs:
    with open(path) as f:
        for number, line in enumerate(f, 1):
            for name in re.findall(r"`-{0,2}(tfc-[A-Za-z0-9_-]+)", line):
                if name not in known:
                    print(f"{os.path.relpath(path, root)}:{number}: "
                          f"`{name}` names no pass, option, program, target "
                          f"or test file")
                    missing += 1
sys.exit(1 if missing else 0)
