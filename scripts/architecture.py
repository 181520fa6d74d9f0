#!/usr/bin/env python3
"""tfc's layers, checked against the build's real dependencies, and drawn.

    architecture.py TARGETS_TXT [--check] [--dot OUT.dot]

TARGETS_TXT is what cmake/TfcArchitecture.cmake writes at configure time:
one "target: dependency ..." line per library or tool of tfc. Every target
must belong to a layer below; a dependency may only point to a lower layer,
and the runtime group depends on nothing but itself. --check prints each
edge against these rules (and each target no layer claims) and exits 1 if
there is any; --dot writes the graph, one box per layer
(docs/architecture.md).
"""

import argparse
import re
import sys

# Top to bottom: (layer, description, patterns of target names).
LAYERS = [
    ("tools", "command-line tools", [r"tfc", r"tfc-opt", r"tfc-translate", r"tfc-run"]),
    ("tool libraries", "what the tools share", [r"TFCGradientCheck"]),
    ("driver", "lib/Driver: tfc compile's steps, checkpoint, linking", [r"TFCDriver"]),
    ("pipelines", "lib/Pipelines", [r"TFCPipelines"]),
    ("conversion, codegen and translation", "lib/Conversion, lib/Codegen, lib/Target",
     [r"TFCTo\w+", r"TFCCodegen\w*", r"TFCTarget", r"TFCGraphDefImport"]),
    ("dialect transforms", "lib/Dialect/TFC/Transforms", [r"TFCTransforms"]),
    ("dialect", "lib/Dialect/TFC/IR", [r"TFCDialect"]),
    ("support", "generated and shared code", [r"TFCTensorFlowProtos"]),
]
# Beside the compiler, below everything: what compiled models and their
# drivers link. It must never depend on the compiler.
RUNTIME = ("runtime", "runtime/: libtfc_runtime, the runner", [r"tfc_runtime\w*", r"tfc_runner\w*"])


def place(target):
    """(rank, layer name) of `target`; the runtime ranks lowest."""
    for rank, (name, _, patterns) in enumerate(LAYERS):
        if any(re.fullmatch(p, target) for p in patterns):
            return len(LAYERS) - rank, name
    if any(re.fullmatch(p, target) for p in RUNTIME[2]):
        return 0, RUNTIME[0]
    return None


def read(path):
    graph = {}
    with open(path) as f:
        for line in f:
            if ":" not in line:
                continue
            target, deps = line.split(":", 1)
            graph[target.strip()] = deps.split()
    return graph


def problems(graph):
    found = []
    for target in sorted(graph):
        if place(target) is None:
            found.append(f"{target}: in no layer of scripts/architecture.py")
    for target, deps in sorted(graph.items()):
        here = place(target)
        for dep in deps:
            there = place(dep)
            if here is None or there is None:
                continue
            if here[1] == RUNTIME[0] and there[1] != RUNTIME[0]:
                found.append(f"{target} ({here[1]}) -> {dep} ({there[1]}): "
                             f"the runtime must not depend on the compiler")
            elif here[1] != RUNTIME[0] and there[0] >= here[0] and here != there:
                found.append(f"{target} ({here[1]}) -> {dep} ({there[1]}): "
                             f"points up the layers")
            elif here == there and here[1] != RUNTIME[0]:
                found.append(f"{target} -> {dep}: within the layer "
                             f"'{here[1]}'")
    return found


def dot(graph):
    lines = ["digraph tfc {", "  rankdir=TB;", "  newrank=true;",
             '  node [shape=box, style="rounded,filled", fillcolor=white, '
             'fontname="Helvetica"];', '  graph [fontname="Helvetica"];']
    previous = None
    for index, (name, description, _) in enumerate(LAYERS + [RUNTIME]):
        members = sorted(t for t in graph if (place(t) or (0, ""))[1] == name)
        # Layers stacked in order, whatever the edges say.
        if previous and members:
            lines.append(f'  "{previous}" -> "{members[0]}" [style=invis, weight=10];')
        previous = members[0] if members else previous
        lines.append(f"  subgraph cluster_{index} {{")
        lines.append(f'    label="{name}: {description}"; style=filled; '
                     f'fillcolor="{"#fde7e7" if name == RUNTIME[0] else "#eef3fb"}";')
        for target in members:
            lines.append(f'    "{target}";')
        if members and name != RUNTIME[0]:
            same = "; ".join(f'"{t}"' for t in members)
            lines.append(f"    {{rank=same; {same};}}")
        lines.append("  }")
    for target, deps in sorted(graph.items()):
        for dep in deps:
            lines.append(f'  "{target}" -> "{dep}";')
    lines.append("}")
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("targets")
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--dot")
    args = parser.parse_args()
    graph = read(args.targets)
    if args.dot:
        with open(args.dot, "w") as f:
            f.write(dot(graph))
    if args.check:
        found = problems(graph)
        for problem in found:
            print(problem)
        edges = sum(len(deps) for deps in graph.values())
        print(f"{len(graph)} targets, {edges} dependencies, "
              f"{len(found)} against the layering")
        return 1 if found else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
