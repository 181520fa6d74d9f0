"""Inputs and checks of dynamic-batch-conv.mlir (pure Python: no NumPy).

  dynamic_batch_conv.py inputs DIR   writes the filter, the bias, images
                                     of each batch and their float64
                                     relu(conv2d(x, w, SAME) + b)
  dynamic_batch_conv.py check OUT REF [--exact]
                                     prints the output's shape and whether
                                     every element is within 1e-5 of the
                                     reference (or equal)
"""

import os
import sys

from dynamic_batch import Random, load
from tiled_inputs import save

BATCHES = (0, 1, 3)
SIZE, CIN, COUT, K = 8, 4, 8, 3


def conv_relu(x, w, b, batch):
    """SAME padding, stride 1, NHWC images and an HWIO filter."""
    out, pad = [], K // 2
    for n in range(batch):
        for i in range(SIZE):
            for j in range(SIZE):
                for f in range(COUT):
                    v = b[f]
                    for di in range(K):
                        for dj in range(K):
                            y, z = i + di - pad, j + dj - pad
                            if not (0 <= y < SIZE and 0 <= z < SIZE):
                                continue
                            for c in range(CIN):
                                v += (x[((n * SIZE + y) * SIZE + z) * CIN + c] *
                                      w[((di * K + dj) * CIN + c) * COUT + f])
                    out.append(max(v, 0.0))
    return out


def inputs(out):
    rng = Random(3)
    w = [rng.uniform(-0.5, 0.5) for _ in range(K * K * CIN * COUT)]
    b = [rng.uniform(-0.5, 0.5) for _ in range(COUT)]
    save(os.path.join(out, "w.npy"), (K, K, CIN, COUT), w)
    save(os.path.join(out, "b.npy"), (COUT,), b)
    x = [rng.uniform(-1, 1) for _ in range(max(BATCHES) * SIZE * SIZE * CIN)]
    y = conv_relu(x, w, b, max(BATCHES))
    for batch in BATCHES:
        save(os.path.join(out, "x%d.npy" % batch), (batch, SIZE, SIZE, CIN),
             x[:batch * SIZE * SIZE * CIN])
        save(os.path.join(out, "y%d.npy" % batch), (batch, SIZE, SIZE, COUT),
             y[:batch * SIZE * SIZE * COUT])


def check(path, reference, exact):
    shape, values = load(path)
    ref_shape, ref = load(reference)
    if shape != ref_shape:
        print("shape %s, expected %s" % (list(shape), list(ref_shape)))
        return 1
    worst = max((abs(a - b) for a, b in zip(values, ref)), default=0.0)
    ok = worst == 0 if exact else worst <= 1e-5
    print("shape %s %s" % (list(shape), ("identical" if exact else "close")
                           if ok else "max error %g" % worst))
    return 0 if ok else 1


if __name__ == "__main__":
    if sys.argv[1] == "inputs":
        inputs(sys.argv[2])
    else:
        sys.exit(check(sys.argv[2], sys.argv[3], "--exact" in sys.argv))
