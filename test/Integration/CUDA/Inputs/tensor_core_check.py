"""Checks tensor-core-matmul.test's outputs: the integer cases equal, bit
for bit, on the TF32, BF16 and f32 emulators and the CPU; `rounded`'s error
against float64, relative to the sum of the products' magnitudes, is at
most 2^-10 with TF32 (each operand rounded to 11 significant bits), 2^-7
with BF16 (8 bits), each above the next finer format's, and at most 2^-20
in f32."""
import sys

import numpy as np

out = sys.argv[1]
LIBS = ("tf32", "bf16", "f32", "cpu")


def result(lib, case):
    return np.load(f"{out}/{lib}.{case}/output0.npy")


for case in ("exact", "transposed", "batched", "dense"):
    outputs = [result(lib, case) for lib in LIBS]
    same = all(o.dtype == np.float32 and o.shape == outputs[-1].shape and
               np.array_equal(o, outputs[-1]) for o in outputs)
    print(case, "same", same)

a = np.load(f"{out}/ra.npy").astype(np.float64)
b = np.load(f"{out}/rb.npy").astype(np.float64)
scale = np.abs(a) @ np.abs(b)
error = {lib: np.max(np.abs(result(lib, "rounded") - a @ b) / scale)
         for lib in ("tf32", "bf16", "f32")}
print("rounded tf32 within 2^-10", bool(error["tf32"] <= 2.0 ** -10),
      "above f32", bool(error["tf32"] > 16 * error["f32"]))
print("rounded bf16 within 2^-7", bool(error["bf16"] <= 2.0 ** -7),
      "above tf32", bool(error["bf16"] > 2 * error["tf32"]))
print("rounded f32 within 2^-20", bool(error["f32"] <= 2.0 ** -20))
for lib in ("tf32", "bf16", "f32"):
    print("#", lib, "largest error / sum of |products|", error[lib],
          file=sys.stderr)
