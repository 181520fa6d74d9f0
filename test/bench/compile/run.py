#!/usr/bin/env python3
"""Compile time and peak memory of `tfc compile` on the layer chain
(layer_chain.py: LAYERS x tanh(matmul(h, w) + b) on [8, 64], three ops a
layer) at 100 to 3,200 layers: seconds and peak resident memory per 1,000
ops must stay flat as the graph grows (issue 21's goals: within 1.5x from
100 to 3,200 layers, 3,200 layers in under 10 s, under 1 GB). Two chains:
`chain`, whose layers differ only in their weights (as a deep network's
layers of one shape do: their pieces are compiled once), and `distinct`,
whose layers each add a bias of their own value, so that nothing merges
and every layer is compiled. Then the largest graphs of the TensorFlow 1
corpus (`shared/tf1-graphs` beside the source tree, or $TFC_TF1_GRAPHS;
skipped when absent), compiled as the integration tests compile them:
seconds and peak memory per 1,000 nodes.

    run.py --build-dir build [--layers 100,200,...] [--threads N]

Each compile runs in its own process; its wall time, CPU time (user +
system: the figure to compare on a busy machine) and peak resident set
(getrusage of the child) are reported, and the entries `compile_chain_L`
`compile_distinct_L` and `compile_tf1_NAME` are added to
build/bench/results.json. No peer: TensorFlow's XLA AOT
compiler is not installable here.
"""
import argparse
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
OPS_PER_LAYER = 3


# The corpus's largest graphs that import: (name, file, nodes in the
# MANIFEST, entry points).
CORPUS = [
    ("vd_cnn", "scisharp-tensorflow-net/graph/vd_cnn.meta", 1605,
     ["train=x:2x1014,y:2,is_training:loss/value:loss/optimizer",
      "evaluate=x:2x1014,y:2,is_training:loss/value,accuracy/value"]),
    ("lstm_crf_ner", "scisharp-tensorflow-net/graph/lstm_crf_ner.meta", 3337,
     ["loss=word_ids:1x3,sequence_lengths:1,char_ids:1x3x4,word_lengths:1x3,"
      "labels:1x3,dropout:scalar:Mean,proj/Reshape_1,transitions",
      "train=word_ids:2x3,sequence_lengths:2,char_ids:2x3x4,word_lengths:2x3,"
      "labels:2x3,dropout:scalar,lr:scalar:Mean:train_step/Adam"]),
    ("word_cnn", "scisharp-tensorflow-net/graph/word_cnn.meta", 403,
     ["train=x:2x100,y:2,is_training:loss/Mean,accuracy/accuracy:loss/Adam"]),
]


def find_corpus():
    here_root = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
    for candidate in [os.environ.get("TFC_TF1_GRAPHS", ""),
                      os.path.join(here_root, "..", "shared", "tf1-graphs")]:
        if candidate and os.path.isfile(os.path.join(candidate, "MANIFEST.md")):
            return candidate
    return None


def compile_once(tfc, model, library, env, extra=()):
    start = time.monotonic()
    proc = subprocess.Popen([tfc, "compile", model, "-o", library, *extra],
                            env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True)
    err = proc.stderr.read()
    # The child's own resource use: its CPU time and its peak resident set.
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    wall = time.monotonic() - start
    cpu = usage.ru_utime + usage.ru_stime
    peak_mib = usage.ru_maxrss / 1024
    return proc.returncode, wall, cpu, peak_mib, err


def run_chain(tfc, out, env, name, flags, layer_counts):
    """Compiles the chain `name` at each size; one result entry per size."""
    results = []
    for layers in [int(n) for n in layer_counts.split(",")]:
        model = os.path.join(out, f"{name}{layers}.mlir")
        subprocess.run([sys.executable, os.path.join(HERE, "layer_chain.py"),
                        str(layers), model] + flags, check=True)
        library = os.path.join(out, f"lib{name}{layers}.so")
        rc, wall, cpu, peak, err = compile_once(tfc, model, library, env)
        ops = layers * OPS_PER_LAYER
        case = f"compile_{name}_{layers}"
        if rc != 0:
            results.append({"case": case, "layers": layers, "ops": ops,
                            "failed": err.strip()[:500]})
            continue
        results.append({"case": case, "layers": layers, "ops": ops,
                        "wall_s": round(wall, 3), "cpu_s": round(cpu, 3),
                        "peak_mib": round(peak, 1),
                        "cpu_s_per_1k_ops": round(cpu * 1000 / ops, 4),
                        "peak_mib_per_1k_ops": round(peak * 1000 / ops, 2)})
    return results


def print_rows(title, rows):
    print(f"== compile time: {title}")
    print(f"  {'layers':>6} {'ops':>6} {'wall s':>8} {'cpu s':>8} "
          f"{'peak MiB':>9} {'cpu s/1k ops':>13} {'MiB/1k ops':>11}")
    for r in rows:
        if "failed" in r:
            print(f"  {r['layers']:>6} {r['ops']:>6} failed: {r['failed'][:200]}")
            continue
        print(f"  {r['layers']:>6} {r['ops']:>6} {r['wall_s']:>8.2f} "
              f"{r['cpu_s']:>8.2f} {r['peak_mib']:>9.0f} "
              f"{r['cpu_s_per_1k_ops']:>13.3f} {r['peak_mib_per_1k_ops']:>11.1f}")
    ok = [r for r in rows if "cpu_s" in r]
    if len(ok) >= 2:
        flat = ok[-1]["cpu_s_per_1k_ops"] / ok[0]["cpu_s_per_1k_ops"]
        print(f"  cpu time per op, largest / smallest: {flat:.2f}x "
              f"(goal: within 1.5x)")


def run_corpus(tfc, out, env, corpus):
    """Compiles each graph of CORPUS; one result entry per graph."""
    results = []
    for name, path, nodes, entries in CORPUS:
        library = os.path.join(out, f"lib{name}.so")
        extra = [arg for entry in entries for arg in ("--entry", entry)]
        rc, wall, cpu, peak, err = compile_once(
            tfc, os.path.join(corpus, path), library, env, extra)
        case = f"compile_tf1_{name}"
        if rc != 0:
            results.append({"case": case, "nodes": nodes,
                            "failed": err.strip()[:500]})
            continue
        results.append({"case": case, "nodes": nodes,
                        "wall_s": round(wall, 3), "cpu_s": round(cpu, 3),
                        "peak_mib": round(peak, 1),
                        "cpu_s_per_1k_nodes": round(cpu * 1000 / nodes, 3),
                        "peak_mib_per_1k_nodes": round(peak * 1000 / nodes, 1)})
    return results


def print_corpus(rows):
    print("== compile time: the TensorFlow 1 corpus's largest graphs")
    print(f"  {'graph':<14} {'nodes':>6} {'wall s':>8} {'cpu s':>8} "
          f"{'peak MiB':>9} {'cpu s/1k nodes':>15}")
    for r in rows:
        name = r["case"][len("compile_tf1_"):]
        if "failed" in r:
            print(f"  {name:<14} {r['nodes']:>6} failed: {r['failed'][:200]}")
            continue
        print(f"  {name:<14} {r['nodes']:>6} {r['wall_s']:>8.2f} "
              f"{r['cpu_s']:>8.2f} {r['peak_mib']:>9.0f} "
              f"{r['cpu_s_per_1k_nodes']:>15.2f}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build-dir", default="build")
    parser.add_argument("--layers", default=os.environ.get(
        "BENCH_COMPILE_LAYERS", "100,200,400,800,1600,3200"))
    parser.add_argument("--threads", default=os.environ.get(
        "TFC_COMPILE_THREADS"))
    args = parser.parse_args()
    build = os.path.abspath(args.build_dir)
    tfc = os.path.join(build, "bin", "tfc")
    out = os.path.join(build, "bench", "compile")
    os.makedirs(out, exist_ok=True)
    env = dict(os.environ)
    if args.threads:
        env["TFC_COMPILE_THREADS"] = args.threads

    results = []
    ok = True
    for name, flags, title in [
            ("chain", [], "layers of one shape"),
            ("distinct", ["--distinct"], "every layer distinct")]:
        rows = run_chain(tfc, out, env, name, flags, args.layers)
        print_rows(f"layer chain tanh(matmul(h, w) + b) on [8, 64], {title}",
                   rows)
        ok = ok and all("cpu_s" in r for r in rows)
        results += rows

    corpus = find_corpus()
    if corpus:
        rows = run_corpus(tfc, out, env, corpus)
        print_corpus(rows)
        ok = ok and all("cpu_s" in r for r in rows)
        results += rows
    else:
        print("== compile time: TensorFlow 1 corpus skipped (no "
              "shared/tf1-graphs; set TFC_TF1_GRAPHS)")

    path = os.path.join(build, "bench", "results.json")
    previous = []
    if os.path.exists(path):
        with open(path) as f:
            previous = [e for e in json.load(f)
                        if not e["case"].startswith(("compile_chain_",
                                                     "compile_distinct_",
                                                     "compile_tf1_"))]
    with open(path, "w") as f:
        json.dump(previous + results, f, indent=1)
    print(f"  added {len(results)} entries to {path}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
