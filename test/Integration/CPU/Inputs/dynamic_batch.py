"""Inputs and checks of dynamic-batch.mlir (pure Python: no NumPy needed).

  dynamic_batch.py inputs DIR      writes the weights, the inputs of each
                                   batch and their float64 results
  dynamic_batch.py check OUT REF   compares an output with its reference:
                                   prints its shape and whether every
                                   element is within 2e-6 (or, with
                                   --exact, equal)
"""

import ast
import math
import os
import struct
import sys

from tiled_inputs import f32, save

BATCHES = (0, 1, 7, 64, 1000)
LAYERS = ((40, 64), (64, 32))
SOFTMAX_COLS = 300


def load(path):
    with open(path, "rb") as f:
        data = f.read()
    length = struct.unpack("<H", data[8:10])[0]
    header = ast.literal_eval(data[10:10 + length].decode("latin1"))
    assert header["descr"] == "<f4", header
    shape = tuple(header["shape"])
    count = 1
    for d in shape:
        count *= d
    values = struct.unpack_from("<%df" % count, data, 10 + length)
    return shape, list(values)


class Random:
    """A small linear congruential generator: the same numbers everywhere."""

    def __init__(self, seed):
        self.state = seed

    def uniform(self, low, high):
        self.state = (self.state * 6364136223846793005 + 1442695040888963407) % 2**64
        return f32(low + (high - low) * (self.state >> 11) / 2.0**53)


def softmax_rows(values, cols):
    out = []
    for i in range(0, len(values), cols):
        row = values[i:i + cols]
        top = max(row)
        e = [math.exp(v - top) for v in row]
        s = sum(e)
        out += [v / s for v in e]
    return out


def inputs(out):
    rng = Random(16)
    weights = []
    for i, (n_in, n_out) in enumerate(LAYERS, start=1):
        bound = 1.0 / math.sqrt(n_in)
        w = [rng.uniform(-bound, bound) for _ in range(n_in * n_out)]
        b = [rng.uniform(-bound, bound) for _ in range(n_out)]
        save(os.path.join(out, "w%d.npy" % i), (n_in, n_out), w)
        save(os.path.join(out, "b%d.npy" % i), (n_out,), b)
        weights.append((w, b))
    rows = max(BATCHES)
    x = [rng.uniform(0, 1) for _ in range(rows * LAYERS[0][0])]
    # The MLP in float64: relu(x w1 + b1) w2 + b2, softmax.
    h, width = x, LAYERS[0][0]
    for layer, ((w, b), (n_in, n_out)) in enumerate(zip(weights, LAYERS)):
        nxt = []
        for r in range(rows):
            row = h[r * n_in:(r + 1) * n_in]
            for j in range(n_out):
                v = b[j] + sum(row[t] * w[t * n_out + j] for t in range(n_in))
                nxt.append(max(v, 0.0) if layer + 1 < len(LAYERS) else v)
        h = nxt
    y = softmax_rows(h, LAYERS[-1][1])
    logits = [rng.uniform(-30, 30) for _ in range(rows * SOFTMAX_COLS)]
    s = softmax_rows(logits, SOFTMAX_COLS)
    for batch in BATCHES:
        n_in, n_out = LAYERS[0][0], LAYERS[-1][1]
        save(os.path.join(out, "x%d.npy" % batch), (batch, n_in), x[:batch * n_in])
        save(os.path.join(out, "y%d.npy" % batch), (batch, n_out), y[:batch * n_out])
        save(os.path.join(out, "l%d.npy" % batch), (batch, SOFTMAX_COLS),
             logits[:batch * SOFTMAX_COLS])
        save(os.path.join(out, "s%d.npy" % batch), (batch, SOFTMAX_COLS),
             s[:batch * SOFTMAX_COLS])


def check(path, reference, exact, tolerance=2e-6, relative=False):
    """Prints the output's shape and whether every element equals the
    reference (`exact`) or is within `tolerance` of it, absolute or relative
    to it; returns the exit status."""
    shape, values = load(path)
    ref_shape, ref = load(reference)
    if shape != ref_shape:
        print("shape %s, expected %s" % (list(shape), list(ref_shape)))
        return 1
    if relative and not exact:
        worst = max((abs(a - b) / abs(b) for a, b in zip(values, ref)),
                    default=0.0)
    else:
        worst = max((abs(a - b) for a, b in zip(values, ref)), default=0.0)
    ok = worst == 0 if exact else worst <= tolerance
    print("shape %s %s" % (list(shape), ("identical" if exact else "close")
                           if ok else "max error %g" % worst))
    return 0 if ok else 1


def main(write_inputs, tolerance=2e-6, relative=False):
    """`SCRIPT inputs DIR` or `SCRIPT check OUT REF [--exact]`."""
    if sys.argv[1] == "inputs":
        write_inputs(sys.argv[2])
    else:
        sys.exit(check(sys.argv[2], sys.argv[3], "--exact" in sys.argv,
                       tolerance, relative))


if __name__ == "__main__":
    main(inputs)
