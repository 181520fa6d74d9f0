"""Inputs and checks of split-reductions.mlir: `generate DIR` writes the
inputs (small integers, so that sums are exact in any order), `check DIR`
compares each output with numpy's."""
import sys

import numpy as np

mode, out = sys.argv[1], sys.argv[2]
rng = np.random.default_rng(5)


def integers(shape, dtype=np.float32):
    return rng.integers(-8, 9, size=shape).astype(dtype)


INPUTS = {
    "columns": (3000, 700),
    "everything": (1500, 900),
    "rows": (4, 100000),
    "outer": (256, 3, 500),
    "dynamic_small": (5, 3),
    "dynamic_large": (2500, 3100),
    "dynamic_empty": (0, 70),
    "dynamic_nocolumns": (5, 0),
}

if mode == "generate":
    for name, shape in INPUTS.items():
        np.save(f"{out}/{name}.npy", integers(shape))
    np.save(f"{out}/integers.npy", integers((30000, 40), np.int32))
    sys.exit(0)


def result(case, index):
    return np.load(f"{out}/{case}/output{index}.npy")


def same(got, want):
    return got.shape == want.shape and got.dtype == want.dtype and \
        bool(np.array_equal(got, want))


def load(name):
    return np.load(f"{out}/{name}.npy")


x = load("columns")
mean = x.astype(np.float64).mean(axis=0, keepdims=True)
print("columns",
      "sum", same(result("columns", 0), x.sum(axis=0)),
      "max", same(result("columns", 1), x.max(axis=0)),
      "squares", same(result("columns", 2), (x * x).sum(axis=0)),
      "mean", bool(np.allclose(result("columns", 3), mean, rtol=2e-7,
                               atol=1e-7)) and result("columns", 3).shape ==
      mean.shape)
x = load("everything")
print("everything",
      "sum", same(result("everything", 0), x.sum(dtype=np.float32)),
      "max", same(result("everything", 1), x.max()))
print("rows",
      "sum", same(result("rows", 0), load("rows").sum(axis=1)),
      "outer", same(result("rows", 1), load("outer").sum(axis=(0, 2))))
x = load("integers")
print("integers",
      "sum", same(result("integers", 0), x.sum(axis=0, dtype=np.int32)),
      "min", same(result("integers", 1), x.min(axis=0)))
for size in ("small", "large", "empty", "nocolumns"):
    case = "dynamic_" + size
    x = load(case)
    rows = x.max(axis=1) if x.shape[1] else np.full(x.shape[0], -np.inf,
                                                     np.float32)
    print(case,
          "columns", same(result(case, 0), x.sum(axis=0)),
          "everything", same(result(case, 1), x.sum(dtype=np.float32)),
          "rows", same(result(case, 2), rows))
