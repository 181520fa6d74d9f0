"""The programs of tfc's CPU integration tests, for the scripts that run
them outside lit (the GPU check bundle, the small-stack sweep)."""

import os
import re


def integration_programs(root, emulator_only=True):
    """The programs of the CPU integration tests: each .mlir test, and the
    .mlir files the .test files compile. With `emulator_only`, those the
    lit-cuda-emulator suite compiles (tests not marked unsupported on the
    emulator)."""
    directory = os.path.join(root, "test", "Integration", "CPU")
    programs = []
    for name in sorted(os.listdir(directory)):
        path = os.path.join(directory, name)
        if not os.path.isfile(path):
            continue
        text = open(path).read()
        if emulator_only and "UNSUPPORTED: target-cuda-emulator" in text:
            continue
        if name.endswith(".mlir"):
            programs.append(path)
        elif name.endswith(".test"):
            variables = dict(re.findall(r"export (\w+)=(\S+)", text))
            for source in re.findall(r"tfc compile .*?(\S+\.mlir)", text):
                source = re.sub(r"\$(\w+)",
                                lambda m: variables.get(m.group(1), m.group(0)),
                                source)
                source = source.replace("%tfc_src_root", root)
                source = source.replace("%S", directory)
                programs.append(os.path.normpath(source))
    seen, unique = set(), []
    for program in programs:
        if program not in seen:
            seen.add(program)
            unique.append(program)
    return unique


def input_flags(directory, shown_as=None):
    """`--input NAME=PATH` for each NAME.npy that `tfc-run --generate-inputs
    DIRECTORY` wrote (none when it wrote nothing), PATH under `shown_as`
    instead of `directory` when given."""
    if not os.path.isdir(directory):
        return []
    flags = []
    for file in sorted(os.listdir(directory)):
        path = os.path.join(shown_as or directory, file)
        flags += ["--input", "%s=%s" % (file[:-len(".npy")], path)]
    return flags

