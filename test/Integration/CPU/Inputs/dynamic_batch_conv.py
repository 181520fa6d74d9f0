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

from dynamic_batch import Random, main
from tiled_inputs import save

BATCHES = (0, 1, 3)
SIZE, CIN, COUT, K = 8, 4, 8, 3


def conv_relu(x, w, b, batch, size=SIZE, cin=CIN, cout=COUT, k=K):
    """SAME padding, stride 1, NHWC images and an HWIO filter."""
    out, pad = [], k // 2
    for n in range(batch):
        for i in range(size):
            for j in range(size):
                for f in range(cout):
                    v = b[f]
                    for di in range(k):
                        for dj in range(k):
                            y, z = i + di - pad, j + dj - pad
                            if not (0 <= y < size and 0 <= z < size):
                                continue
                            for c in range(cin):
                                v += (x[((n * size + y) * size + z) * cin + c] *
                                      w[((di * k + dj) * cin + c) * cout + f])
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


if __name__ == "__main__":
    main(inputs, tolerance=1e-5)
