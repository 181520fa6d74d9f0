"""Writes the inputs of matmul-shapes.mlir and their products as .npy
files. Every value is a small integer, so every partial sum is exact in
float32 whatever the order of the additions. Usage: matmul_shapes_inputs.py
DIR"""

import os
import sys

import numpy as np


def operand(shape, seed):
    """Integers in [-2, 2], different for every seed."""
    index = np.arange(np.prod(shape), dtype=np.int64).reshape(shape)
    return ((index * 7 + seed * 3 + index // 5) % 5 - 2).astype(np.float32)


def main():
    out = sys.argv[1]

    def save(name, value):
        np.save(os.path.join(out, name + ".npy"), value.astype(np.float32))

    # Sizes no tile divides: 70 rows, 45 columns, 37 along k.
    a, b = operand((70, 37), 1), operand((37, 45), 2)
    save("a", a)
    save("b", b)
    save("a_t", a.T.copy())
    save("b_t", b.T.copy())
    save("c", a @ b)
    # A batch of three.
    ba, bb = operand((3, 70, 37), 3), operand((3, 37, 45), 4)
    save("ba", ba)
    save("bb", bb)
    save("bc", np.matmul(ba, bb))
    # Enough blocks for 128x128 tiles: 64 x 2 x 2, rows and columns past the
    # first 128 in every tile.
    la, lb = operand((64, 130, 20), 5), operand((64, 20, 129), 6)
    save("la", la)
    save("lb", lb)
    save("lc", np.matmul(la, lb))
    # Columns the register tiles must divide in whole vectors: 784 (blocks
    # of whole tiles exist, but not of the widest block) and 10 (B padded
    # with zero columns to whole vectors), with enough rows to pack B.
    wa, wb = operand((256, 64), 7), operand((64, 784), 8)
    save("wa", wa)
    save("wb", wb)
    save("wc", wa @ wb)
    ka, kb = operand((256, 512), 9), operand((512, 10), 10)
    save("ka", ka)
    save("kb", kb)
    save("kc", ka @ kb)


if __name__ == "__main__":
    main()
