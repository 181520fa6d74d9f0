#!/usr/bin/env python3
"""Compile time and peak memory of `tfc compile` on the layer chain
(layer_chain.py: LAYERS x tanh(matmul(h, w) + b) on [8, 64], three ops a
layer) at 100 to 3,200 layers: seconds and peak resident memory per 1,000
ops must stay flat as the graph grows (issue 21's goals: within 1.5x from
100 to 3,200 layers, 3,200 layers in under 10 s, under 1 GB).

    run.py --build-dir build [--layers 100,200,...] [--threads N]

Each compile runs in its own process; its wall time, CPU time (user +
system: the figure to compare on a busy machine) and peak resident set
(getrusage of the child) are reported, and the entries `compile_chain_L`
are added to build/bench/results.json. No peer: TensorFlow's XLA AOT
compiler is not installable here.
"""
import argparse
import json
import os
import resource
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
OPS_PER_LAYER = 3


def compile_once(tfc, model, library, env):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    proc = subprocess.Popen([tfc, "compile", model, "-o", library], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    _, err = proc.communicate()
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    # ru_maxrss of RUSAGE_CHILDREN is the largest child's so far: each size
    # is compiled in increasing order, so it is this compile's.
    peak_mib = after.ru_maxrss / 1024
    return proc.returncode, wall, cpu, peak_mib, err


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

    print("== compile time: layer chain tanh(matmul(h, w) + b) on [8, 64]")
    print(f"  {'layers':>6} {'ops':>6} {'wall s':>8} {'cpu s':>8} "
          f"{'peak MiB':>9} {'cpu s/1k ops':>13} {'MiB/1k ops':>11}")
    results = []
    for layers in [int(n) for n in args.layers.split(",")]:
        model = os.path.join(out, f"chain{layers}.mlir")
        subprocess.run([sys.executable, os.path.join(HERE, "layer_chain.py"),
                        str(layers), model], check=True)
        library = os.path.join(out, f"libchain{layers}.so")
        rc, wall, cpu, peak, err = compile_once(tfc, model, library, env)
        ops = layers * OPS_PER_LAYER
        if rc != 0:
            print(f"  {layers:>6} {ops:>6} failed: {err.strip()[:200]}")
            results.append({"case": f"compile_chain_{layers}", "ops": ops,
                            "failed": err.strip()[:500]})
            continue
        print(f"  {layers:>6} {ops:>6} {wall:>8.2f} {cpu:>8.2f} {peak:>9.0f} "
              f"{cpu * 1000 / ops:>13.3f} {peak * 1000 / ops:>11.1f}")
        results.append({"case": f"compile_chain_{layers}", "ops": ops,
                        "wall_s": round(wall, 3), "cpu_s": round(cpu, 3),
                        "peak_mib": round(peak, 1),
                        "cpu_s_per_1k_ops": round(cpu * 1000 / ops, 4),
                        "peak_mib_per_1k_ops": round(peak * 1000 / ops, 2)})
    ok = [r for r in results if "cpu_s" in r]
    if len(ok) >= 2:
        flat = ok[-1]["cpu_s_per_1k_ops"] / ok[0]["cpu_s_per_1k_ops"]
        print(f"  cpu time per op, largest / smallest: {flat:.2f}x "
              f"(goal: within 1.5x)")

    path = os.path.join(build, "bench", "results.json")
    previous = []
    if os.path.exists(path):
        with open(path) as f:
            previous = [e for e in json.load(f)
                        if not e["case"].startswith("compile_chain_")]
    with open(path, "w") as f:
        json.dump(previous + results, f, indent=1)
    print(f"  added {len(results)} entries to {path}")
    return 0 if len(ok) == len(results) else 1


if __name__ == "__main__":
    sys.exit(main())
