"""Inputs and checks of dynamic-row-length.mlir (pure Python: no NumPy).

  dynamic_row_length.py inputs DIR   writes logits of each shape and their
                                     float64 softmax
  dynamic_row_length.py check OUT REF [--exact]
                                     prints the output's shape and whether
                                     every element is within 5e-6 of the
                                     reference relative to it (or equal)
"""

import os

from dynamic_batch import Random, main, softmax_rows
from tiled_inputs import save

# Rows and columns: whole 64-element steps and a remainder (30000 = 468 *
# 64 + 48), steps only (1024), a remainder only (63, 1), and empty ones;
# and static rows longer than max-row, enough of them to be kept whole,
# whose prime length has no divisor to step by (5003 = 78 * 64 + 11).
SHAPES = ((3, 30000), (5, 1000), (4, 1024), (2, 63), (2, 1), (0, 7), (3, 0),
          (64, 5003))

# A sum of 30000 exponentials added one by one in float32 is off by about
# 1.5e-5 relative here; in vectors of partial sums, by 2e-7 (and the
# approximate exponential adds 2e-6).
RTOL = 5e-6


def inputs(out):
    rng = Random(30000)
    for rows, cols in SHAPES:
        logits = [rng.uniform(-20, 20) for _ in range(rows * cols)]
        name = "%dx%d" % (rows, cols)
        save(os.path.join(out, "x%s.npy" % name), (rows, cols), logits)
        save(os.path.join(out, "s%s.npy" % name), (rows, cols),
             softmax_rows(logits, cols) if cols else [])


if __name__ == "__main__":
    main(inputs, tolerance=RTOL, relative=True)
