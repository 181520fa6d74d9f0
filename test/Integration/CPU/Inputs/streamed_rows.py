"""Checks streamed-rows.mlir's outputs: every case equal, bit for bit, on
one and two threads, to the library compiled without the row rewrites, and
within 3e-6 relative of float64 softmax (log-softmax: plus 1e-5 absolute,
float32's rounding of x - max - log(sum) for logits of magnitude 20)."""
import sys

import numpy as np

out = sys.argv[1]


def reference(x, log):
    x = x.astype(np.float64)
    shifted = x - x.max(axis=1, keepdims=True) if x.size else x
    lse = np.log(np.exp(shifted).sum(axis=1, keepdims=True))
    return shifted - lse if log else np.exp(shifted - lse)


for case in ("wide", "cols", "short", "log", "b0", "b1", "b7", "b300", "b2200"):
    x = np.load(f"{out}/{case}.npy")
    results = [np.load(f"{out}/{lib}{threads}{case}/output0.npy")
               for lib in "sp" for threads in (1, 2)]
    same = all(r.shape == x.shape and r.dtype == np.float32 and
               np.array_equal(r, results[0]) for r in results)
    want = reference(x, case == "log")
    atol = 1e-5 if case == "log" else 1e-12
    close = bool(np.allclose(results[0], want, rtol=3e-6, atol=atol))
    print(case, "same", same, "close", close)
