"""rewrites.py - `make bench`: what each rewrite buys, in time and memory.

Every case is compiled with the rewrite (the default -O2) and without it
(`tfc compile --disable-rewrite=NAME`: the same pipeline less that one
rewrite), and timed next to a hand-written form and PyTorch in the same
run:

  accumulate  z = z + x[i] for the 500 rows of x [500, 4096]: rewritten by
              slice-to-reduce, as written, reduce_sum(x, 0); PyTorch's loop
              and torch.sum
  merge       relu(concat([tile(a), tile(b)], -1) @ w + bias) with a
              [256,1,64], b [1,256,64]: broadcast-merge or the tiles and
              the concatenation built; PyTorch with materialized tiles
  softmax     [4096, 1024] with the row-wise fusion of tfc-tile-and-fuse
              and without it (row-fusion); torch.softmax

Each variant runs in a process of its own (test/bench/driver.c for tfc,
torch_peer.py for PyTorch), 2 warm-up calls and BENCH_REPS (>= 10) timed
calls, in BENCH_ROUNDS rounds that alternate the variants. Peak memory is
the growth of the process's peak resident set (getrusage ru_maxrss) from
before the first call to after the last: what the calls touched beyond the
model and its inputs, outputs included. Before timing, every variant's
output is checked against a float64 NumPy reference of the formula.

Results are printed as a table and appended to build/bench/results.json
(entries with "variant" and "peak_bytes"). Environment: BENCH_REWRITES
(comma-separated case names), BENCH_THREADS, BENCH_ROUNDS, BENCH_REPS.
Run with Debian's /usr/bin/python3 after setup.sh.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import run as bench  # noqa: E402  the main benchmark's helpers


class Variant:
    """One way to compute a case: a tfc module and flags, or a PyTorch form."""

    def __init__(self, name, mlir=None, flags=(), torch=None):
        self.name, self.mlir, self.flags, self.torch = name, mlir, flags, torch


class RewriteCase:
    def __init__(self, name, rewrite, inputs, reference, variants, rtol, atol,
                 bytes_moved, goal=None, removed_bytes=0):
        self.name, self.rewrite, self.inputs = name, rewrite, inputs
        self.reference, self.variants = reference, variants
        self.rtol, self.atol, self.bytes_moved = rtol, atol, bytes_moved
        # (variant, baseline, ratio): the goal variant's median over the
        # baseline's must be at most ratio.
        self.goal = goal
        # The bytes of the tensors the rewrite removes, from their types.
        self.removed_bytes = removed_bytes


def merge_mlir(m, n, d1, d2, units):
    a, b = f"tensor<{m}x1x{d1}xf32>", f"tensor<1x{n}x{d2}xf32>"
    w, bias = f"tensor<{d1 + d2}x{units}xf32>", f"tensor<{units}xf32>"
    out = f"tensor<{m}x{n}x{units}xf32>"
    return (f"func.func @run(%a: {a} {{tfc.name = \"a\"}}, %b: {b} {{tfc.name = \"b\"}}, "
            f"%w: {w} {{tfc.name = \"w\"}}, %bias: {bias} {{tfc.name = \"bias\"}}) "
            f"-> {out} {{\n"
            f"  %r = tfc.graph -> ({out}) {{\n"
            f"    %ta = tfc.tile %a multiples [1, {n}, 1] : {a}\n"
            f"    %tb = tfc.tile %b multiples [{m}, 1, 1] : {b}\n"
            f"    %c = tfc.concat %ta, %tb axis -1 : tensor<{m}x{n}x{d1}xf32>, "
            f"tensor<{m}x{n}x{d2}xf32>\n"
            f"    %y = tfc.matmul %c, %w : tensor<{m}x{n}x{d1 + d2}xf32>, {w}\n"
            f"    %z = tfc.bias_add %y, %bias : {out}, {bias}\n"
            f"    %h = tfc.relu %z : {out}\n"
            f"    tfc.fetch %h : {out}\n  }}\n  return %r : {out}\n}}\n")


def make_cases(data_dir):
    rng = np.random.RandomState(4321)

    def save(name, array):
        path = os.path.join(data_dir, name + ".npy")
        if not os.path.exists(path):
            np.save(path, np.ascontiguousarray(array, dtype=np.float32))
        return path

    cases = []
    rows, cols = 500, 4096
    x = save("rw_accumulate_x", rng.uniform(-1, 1, (rows, cols)))
    naive = bench.accumulate_mlir(rows, cols)
    cases.append(RewriteCase(
        f"accumulate_{rows}x{cols}", "slice-to-reduce", [x],
        lambda x: x.sum(0),
        [Variant("rewritten", naive), Variant("as written", naive,
                                              ["--disable-rewrite=slice-to-reduce"]),
         Variant("reduce_sum", bench.reduce_sum_mlir(rows, cols)),
         Variant("torch loop", torch="accumulate_loop"),
         Variant("torch.sum", torch="accumulate_sum")],
        rtol=1e-5, atol=2e-4, bytes_moved=4 * (rows + 1) * cols,
        goal=("rewritten", "reduce_sum", 1.1)))

    m, n, d1, d2, units = 256, 256, 64, 64, 64
    scale = 1 / np.sqrt(d1 + d2)
    inputs = [save("rw_merge_a", rng.uniform(-1, 1, (m, 1, d1))),
              save("rw_merge_b", rng.uniform(-1, 1, (1, n, d2))),
              save("rw_merge_w", rng.uniform(-scale, scale, (d1 + d2, units))),
              save("rw_merge_bias", rng.uniform(-0.1, 0.1, (units,)))]

    def merge_reference(a, b, w, bias):
        c = np.concatenate([np.broadcast_to(a, (m, n, d1)),
                            np.broadcast_to(b, (m, n, d2))], -1)
        return np.maximum(c @ w + bias, 0)

    mlir = merge_mlir(m, n, d1, d2, units)
    cases.append(RewriteCase(
        f"merge_{m}x{n}", "broadcast-merge", inputs, merge_reference,
        [Variant("rewritten", mlir),
         Variant("as written", mlir, ["--disable-rewrite=broadcast-merge"]),
         Variant("torch (tiles)", torch="merge")],
        rtol=1e-4, atol=1e-5, bytes_moved=4 * m * n * units,
        removed_bytes=4 * m * n * (d1 + d2 + (d1 + d2))))

    x = save("rw_softmax_x", rng.normal(0, 4, (4096, 1024)))

    def softmax_reference(x):
        e = np.exp(x - x.max(1, keepdims=True))
        return e / e.sum(1, keepdims=True)

    mlir = bench.softmax_mlir(4096, 1024)
    cases.append(RewriteCase(
        "softmax_4096x1024", "row-fusion", [x], softmax_reference,
        [Variant("fused", mlir),
         Variant("unfused", mlir, ["--disable-rewrite=row-fusion"]),
         Variant("torch", torch="softmax")],
        rtol=1e-4, atol=1e-7, bytes_moved=2 * 4 * 4096 * 1024))
    return cases


def run_variant(case, variant, driver, threads, warmup, reps, out):
    """Times one variant in a process of its own."""
    if variant.torch is None:
        return bench.run_tfc(driver, variant.lib, case, threads, warmup, reps, out,
                             inputs=case.inputs)
    argv = [sys.executable, os.path.join(HERE, "torch_peer.py"), variant.torch,
            str(threads), str(warmup), str(reps), out] + case.inputs
    env = bench.py_env(threads, False)
    result = subprocess.run(argv, capture_output=True, text=True, env=env)
    if result.returncode != 0:
        raise RuntimeError(f"{variant.torch} failed: {result.stderr}")
    return json.loads(result.stdout)


def check(case, variant, out, expected):
    """|out - expected| <= atol + rtol |expected|, or a description of why not."""
    got = np.load(out).astype(np.float64)
    if got.shape != expected.shape:
        return f"{case.name} {variant.name}: shape {got.shape}, expected {expected.shape}"
    err = np.abs(got - expected)
    bad = err > case.atol + case.rtol * np.abs(expected)
    if bad.any():
        return (f"{case.name} {variant.name}: {bad.sum()} elements differ from the "
                f"float64 reference (max abs error {err.max():.3g}, rtol {case.rtol}, "
                f"atol {case.atol})")
    return None


def mib(n):
    return f"{n / 2**20:.1f} MiB"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build-dir", default=os.path.join(bench.ROOT, "build"))
    args = parser.parse_args()
    build = os.path.abspath(args.build_dir)
    bench_dir = os.path.join(build, "bench")
    data_dir = os.path.join(bench_dir, "data")
    model_dir = os.path.join(bench_dir, "rewrites")
    for d in (data_dir, model_dir):
        os.makedirs(d, exist_ok=True)
    rounds = int(os.environ.get("BENCH_ROUNDS", "3"))
    reps = max(10, int(os.environ.get("BENCH_REPS", "10")))
    warmup = 2
    thread_counts = [int(t) for t in os.environ.get("BENCH_THREADS", "1,2").split(",")]
    only = os.environ.get("BENCH_REWRITES")

    limits_bin, driver = bench.build_programs(build, bench_dir)
    cases = make_cases(data_dir)
    if only:
        cases = [c for c in cases if c.name.split("_")[0] in only.split(",")]

    print("== rewrites: compiling every variant with tfc")
    tfc = os.path.join(build, "bin", "tfc")
    for case in cases:
        for i, v in enumerate(case.variants):
            if v.mlir is None:
                continue
            stem = f"rw_{case.name}_{i}"
            v.lib = os.path.join(model_dir, f"lib{stem}.so")
            seconds = bench.compile_tfc(tfc, v.mlir, os.path.join(model_dir, stem + ".mlir"),
                                        v.lib, v.flags)
            print(f"  {case.name} {v.name} ({' '.join(v.flags) or '-O2'}): "
                  f"compiled in {seconds:.2f} s")
    limits = bench.measure_limits(limits_bin, None)

    results, failures = [], []
    for threads in thread_counts:
        for case in cases:
            expected = case.reference(*[np.load(p).astype(np.float64)
                                        for p in case.inputs])
            times = {v.name: [] for v in case.variants}
            peaks = {v.name: 0 for v in case.variants}
            for rnd in range(rounds):
                for i, v in enumerate(case.variants):
                    out = os.path.join(model_dir, f"out_{case.name}_{i}_{threads}.npy")
                    answer = run_variant(case, v, driver, threads, warmup, reps, out)
                    times[v.name] += answer["times"]
                    peaks[v.name] = max(peaks[v.name],
                                        answer["rss_peak"] - answer["rss_base"])
                    if rnd == 0:
                        problem = check(case, v, out, expected)
                        if problem:
                            failures.append(problem)
                            print("  MISMATCH " + problem)
            stats = {name: bench.summary(t) for name, t in times.items()}
            limit_s = case.bytes_moved / (limits[str(threads)]["triad_gbs"] * 1e9)
            torch_medians = {v.name: stats[v.name]["median"] for v in case.variants
                             if v.torch}
            first = case.variants[0].name
            print(f"\n[{threads}T] {case.name} ({case.rewrite}; outputs within "
                  f"rtol {case.rtol}, atol {case.atol} of float64)")
            print(f"  {'variant':<14} {'median':>10} {'min-max':>21} {'peak mem':>11} "
                  f"{'vs ' + first:>14}")
            for v in case.variants:
                s = stats[v.name]
                print(f"  {v.name:<14} {bench.fmt(s['median']):>10} "
                      f"{bench.fmt(s['min']) + ' - ' + bench.fmt(s['max']):>21} "
                      f"{mib(peaks[v.name]):>11} "
                      f"{s['median'] / stats[first]['median']:>13.2f}x")
                if v.torch:
                    continue
                results.append({
                    "case": f"rewrite_{case.name}", "variant": v.name,
                    "flags": list(v.flags), "threads": threads,
                    "tfc_s": s["median"], "peers": torch_medians,
                    "limit_s": limit_s, "peak_bytes": peaks[v.name],
                    "peer_peak_bytes": {v2.name: peaks[v2.name]
                                        for v2 in case.variants if v2.torch},
                    "times": s})
            if case.goal:
                variant, baseline, ratio = case.goal
                got = stats[variant]["median"] / stats[baseline]["median"]
                verdict = "met" if got <= ratio else "MISSED"
                print(f"  goal {variant} <= {ratio}x {baseline}: {got:.2f}x ({verdict})")
            if case.removed_bytes:
                saved = peaks[case.variants[1].name] - peaks[first]
                print(f"  not allocated thanks to the rewrite: {mib(saved)} of peak "
                      f"memory measured; the tiles and the concatenation are "
                      f"{mib(case.removed_bytes)} by their types")
                for entry in results:
                    if entry["case"] == f"rewrite_{case.name}":
                        entry["removed_bytes"] = case.removed_bytes

    path = os.path.join(bench_dir, "results.json")
    previous = []
    if os.path.exists(path):
        with open(path) as f:
            previous = [e for e in json.load(f)
                        if not e["case"].startswith("rewrite_")]
    with open(path, "w") as f:
        json.dump(previous + results, f, indent=1)
    print(f"\nadded {len(results)} entries to {path}")
    if failures:
        print(f"{len(failures)} output mismatch(es)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
