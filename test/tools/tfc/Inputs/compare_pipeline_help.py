"""Checks that `tfc compile`'s pipeline flags and the options of tfc-opt's
pipelines have one description each (PipelineOptions.def): reads both
`--help` texts and prints each option with whether the two agree."""

import re
import sys

# tfc compile spells these flags its own way.
DRIVER_NAMES = {"opt-level": "O", "strict": "tfc-strict",
                "disable-rewrites": "disable-rewrite"}


def options(text, start=None):
    """Maps each option of `text` (from the line after `start`, up to the
    next pipeline, when given) to its description."""
    lines = text.splitlines()
    if start is not None:
        begin = next(i for i, line in enumerate(lines)
                     if line.strip().startswith(start + " "))
        indent = len(lines[begin]) - len(lines[begin].lstrip())
        block = []
        for line in lines[begin + 1:]:
            stripped = line.lstrip()
            if stripped.startswith("--") and \
                    len(line) - len(stripped) <= indent:
                break
            block.append(line)
        lines = block
    result = {}
    for line in lines:
        match = re.match(r"\s+--?([\w-]+)(?:[=< ][^ ]*)?\s+- (.*)$", line)
        if match:
            result[match.group(1)] = match.group(2).strip()
    return result


def main():
    opt_help, compile_help = (open(path).read() for path in sys.argv[1:3])
    driver = options(compile_help)
    failed = False
    for pipeline in ("--tfc-cpu-pipeline", "--tfc-cuda-pipeline"):
        for name, text in sorted(options(opt_help, pipeline).items()):
            flag = DRIVER_NAMES.get(name, name)
            if flag not in driver:
                # Options the driver sets itself (openmp, runtime-checks).
                print(f"{pipeline} {name}: not a tfc compile flag")
                continue
            same = driver[flag] == text
            failed |= not same
            print(f"{pipeline} {name} = tfc compile -{flag}: "
                  f"{'same' if same else 'DIFFERENT'}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
