"""Writes the inputs of tiled-codegen.mlir and their expected results as
.npy files (pure Python: no NumPy needed). Usage: tiled_inputs.py DIR"""

import math
import os
import struct
import sys


def f32(x):
    """Rounds a double to float32."""
    return struct.unpack("<f", struct.pack("<f", x))[0]


def save(path, shape, values):
    header = "{'descr': '<f4', 'fortran_order': False, 'shape': (%s), }" % (
        ", ".join(str(d) for d in shape) + ("," if len(shape) == 1 else ""))
    header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)))
        f.write(header.encode("latin1"))
        f.write(struct.pack("<%df" % len(values), *values))


def main():
    out = sys.argv[1]
    # Matmul with integer values: every partial sum is exact in float32,
    # whatever the order of the additions.
    m, k, n = 512, 40, 64
    a = [float((i * 7 + j) % 13) for i in range(m) for j in range(k)]
    b = [float((i * 5 + j * 3) % 11) - 5 for i in range(k) for j in range(n)]
    c = [sum(a[i * k + t] * b[t * n + j] for t in range(k))
         for i in range(m) for j in range(n)]
    save(os.path.join(out, "mm_a.npy"), (m, k), a)
    save(os.path.join(out, "mm_b.npy"), (k, n), b)
    save(os.path.join(out, "mm_c.npy"), (m, n), c)

    # Softmax rows of 1000 (tiled in steps of 50) and their exact values.
    rows, cols = 160, 1000
    x = [f32(math.sin(i * 0.37 + j * 0.011) * 8) for i in range(rows)
         for j in range(cols)]
    y = []
    for i in range(rows):
        row = x[i * cols:(i + 1) * cols]
        top = max(row)
        e = [math.exp(v - top) for v in row]
        s = sum(e)
        y += [v / s for v in e]
    save(os.path.join(out, "sm_x.npy"), (rows, cols), x)
    save(os.path.join(out, "sm_y.npy"), (rows, cols), y)

    # relu(a * b + c) * 0.5 over 300000 elements, rounded as float32 does
    # step by step.
    size = 300000
    p = [f32(math.sin(i * 0.001) * 3) for i in range(size)]
    q = [f32(math.cos(i * 0.0007) * 2) for i in range(size)]
    r = [f32(((i * 37) % 101) / 50.0 - 1) for i in range(size)]
    z = [f32(max(f32(f32(p[i] * q[i]) + r[i]), 0.0) * 0.5) for i in range(size)]
    for name, values in (("ew_a", p), ("ew_b", q), ("ew_c", r), ("ew_y", z)):
        save(os.path.join(out, name + ".npy"), (size,), values)


if __name__ == "__main__":
    main()
