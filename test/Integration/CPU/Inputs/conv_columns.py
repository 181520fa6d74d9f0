"""Inputs and checks of conv-peeled-columns.mlir (pure Python: no NumPy).

  conv_columns.py inputs DIR   writes, for images 7 and 14 pixels wide, an
                               image, a filter, a bias and the float64
                               relu(conv2d(x, w, SAME) + b)
  conv_columns.py check OUT REF [--exact]
                               prints the output's shape and whether every
                               element is within 1e-5 of the reference
"""

import os

from dynamic_batch import Random, main
from dynamic_batch_conv import conv_relu
from tiled_inputs import save

SIZES = (7, 14)
CIN, COUT, K = 4, 16, 3


def inputs(out):
    rng = Random(7)
    w = [rng.uniform(-0.5, 0.5) for _ in range(K * K * CIN * COUT)]
    b = [rng.uniform(-0.5, 0.5) for _ in range(COUT)]
    save(os.path.join(out, "w.npy"), (K, K, CIN, COUT), w)
    save(os.path.join(out, "b.npy"), (COUT,), b)
    for size in SIZES:
        x = [rng.uniform(-1, 1) for _ in range(size * size * CIN)]
        save(os.path.join(out, "x%d.npy" % size), (1, size, size, CIN), x)
        save(os.path.join(out, "y%d.npy" % size), (1, size, size, COUT),
             conv_relu(x, w, b, 1, size, CIN, COUT, K))


if __name__ == "__main__":
    main(inputs, tolerance=1e-5)
