"""Checks tf32-matmul.test's outputs: the integer cases equal, bit for bit,
on the TF32 emulator, the f32 emulator and the CPU; `rounded`'s error
against float64, relative to the sum of the products' magnitudes, is at
most 2^-10 with TF32 (each operand rounded to 10 bits of mantissa) and
above f32's, and at most 2^-20 in f32."""
import sys

import numpy as np

out = sys.argv[1]


def result(lib, case):
    return np.load(f"{out}/{lib}.{case}/output0.npy")


for case in ("exact", "transposed", "batched", "dense"):
    outputs = [result(lib, case) for lib in ("tf32", "f32", "cpu")]
    same = all(o.dtype == np.float32 and o.shape == outputs[2].shape and
               np.array_equal(o, outputs[2]) for o in outputs)
    print(case, "same", same)

a = np.load(f"{out}/ra.npy").astype(np.float64)
b = np.load(f"{out}/rb.npy").astype(np.float64)
scale = np.abs(a) @ np.abs(b)
errors = {lib: np.max(np.abs(result(lib, "rounded") - a @ b) / scale)
          for lib in ("tf32", "f32")}
print("rounded tf32 within 2^-10", bool(errors["tf32"] <= 2.0 ** -10),
      "above f32", bool(errors["tf32"] > 16 * errors["f32"]),
      "f32 within 2^-20", bool(errors["f32"] <= 2.0 ** -20))
