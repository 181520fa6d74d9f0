#!/usr/bin/env python3
"""Writes a chain of LAYERS layers h = tanh(matmul(h, w_i) + b_i) on
[BATCH, WIDTH] as a tfc-dialect model (three ops a layer), the graph of the
compile-time benchmark and of the 1,000-layer integration test.

    layer_chain.py LAYERS OUT.mlir [--distinct] [--dynamic-batch] [--expect DIR]

The weights and biases are constants taken from a small pool of distinct,
deterministic matrices (the pool keeps the file small; every layer is still
its own matmul, add and tanh). Layers of one shape are compiled once
(tfc-merge-identical-functions); with --distinct, each layer adds a bias of
its own value (a splat) instead, so that no two parts of the graph are
equal and nothing merges. With --dynamic-batch, the batch is `?` in the model
(the input still has 8 rows). With --expect, the input `x` and the output that
NumPy computes are written to DIR as x.npy and y.npy (the names
`tfc-run --input` and `--expect-dir` read).
"""
import argparse
import math
import os
import struct

BATCH = 8
WIDTH = 64
POOL = 4


def weight(k):
    # Spectral norms below 1: the chain contracts, so float32 and float64
    # agree after any number of layers (with larger weights it is chaotic),
    # while leaving out or repeating a layer changes the output by ~0.1.
    scale = 0.5 / math.sqrt(WIDTH)
    return [[scale * math.sin(0.37 * (i + 1) * (j + 3) + 1.3 * k)
             for j in range(WIDTH)] for i in range(WIDTH)]


def bias(k):
    return [0.05 * math.cos(0.21 * j + 0.7 * k) for j in range(WIDTH)]


def distinct_bias(i):
    # A value of its own per layer (float32 tells them apart).
    return 0.01 + 1e-5 * i


def hex_dense(values):
    return "0x" + b"".join(struct.pack("<f", v) for v in values).hex().upper()


def model(layers, distinct=False, dynamic_batch=False):
    rows = "?" if dynamic_batch else BATCH
    t = f"tensor<{rows}x{WIDTH}xf32>"
    wt = f"tensor<{WIDTH}x{WIDTH}xf32>"
    bt = f"tensor<{WIDTH}xf32>"
    lines = [f'func.func @run(%x: {t} {{tfc.name = "x"}}) -> ({t} {{tfc.name = "y"}}) {{',
             f"  %r = tfc.graph -> ({t}) {{"]
    for k in range(POOL):
        flat = [v for row in weight(k) for v in row]
        lines.append(f'    %w{k} = tfc.constant dense<"{hex_dense(flat)}"> : {wt}')
        lines.append(f'    %b{k} = tfc.constant dense<"{hex_dense(bias(k))}"> : {bt}')
    h = "%x"
    for i in range(layers):
        k = i % POOL
        b = f"%b{k}"
        if distinct:
            b = f"%c{i}"
            lines.append(f"    {b} = tfc.constant dense<{distinct_bias(i)!r}> : {bt}")
        lines.append(f"    %m{i} = tfc.matmul {h}, %w{k} : {t}, {wt}")
        lines.append(f"    %z{i} = tfc.add %m{i}, {b} : {t}, {bt}")
        lines.append(f"    %h{i} = tfc.tanh %z{i} : {t}")
        h = f"%h{i}"
    lines.append(f"    tfc.fetch {h} : {t}")
    lines.append("  }")
    lines.append(f"  return %r : {t}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def write_expected(layers, directory, distinct=False):
    import numpy as np
    os.makedirs(directory, exist_ok=True)
    x = np.array([[math.sin(0.1 * i + 0.03 * j) for j in range(WIDTH)]
                  for i in range(BATCH)], dtype=np.float32)
    ws = [np.array(weight(k), dtype=np.float32) for k in range(POOL)]
    bs = [np.array(bias(k), dtype=np.float32) for k in range(POOL)]
    h = x.astype(np.float64)
    for i in range(layers):
        b = np.float32(distinct_bias(i)) if distinct else bs[i % POOL]
        h = np.tanh(h @ ws[i % POOL] + b)
    np.save(os.path.join(directory, "x.npy"), x)
    np.save(os.path.join(directory, "y.npy"), h.astype(np.float32))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("layers", type=int)
    parser.add_argument("out")
    parser.add_argument("--distinct", action="store_true")
    parser.add_argument("--dynamic-batch", action="store_true")
    parser.add_argument("--expect", metavar="DIR")
    args = parser.parse_args()
    with open(args.out, "w") as f:
        f.write(model(args.layers, args.distinct, args.dynamic_batch))
    if args.expect:
        write_expected(args.layers, args.expect, args.distinct)


if __name__ == "__main__":
    main()
