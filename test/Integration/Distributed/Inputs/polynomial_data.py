"""Data and comparisons for the data-parallel polynomial fit tests.

  polynomial_data.py data DIR N     x.npy, y.npy: N points of
                                    y = 3x^2 - 2x + 1 + noise, float32
  polynomial_data.py compare A B RTOL
                                    prints "match" when the arrays agree
                                    within RTOL relative to their largest
                                    magnitude, else "differ" and by how much
"""
import sys

import numpy as np


def data(directory, n):
    rng = np.random.default_rng(20)
    x = rng.uniform(-2.0, 2.0, size=n).astype(np.float32)
    y = (3 * x * x - 2 * x + 1 + rng.normal(0, 0.1, size=n)).astype(np.float32)
    np.save(f"{directory}/x.npy", x)
    np.save(f"{directory}/y.npy", y)


def compare(a_path, b_path, rtol):
    a = np.load(a_path).astype(np.float64)
    b = np.load(b_path).astype(np.float64)
    if a.shape != b.shape:
        print(f"differ: shapes {a.shape} and {b.shape}")
        return
    scale = max(np.abs(a).max(), np.abs(b).max(), 1e-30)
    difference = np.abs(a - b).max() / scale
    print(("match" if difference <= rtol else "differ") +
          f": relative difference {difference:.3g}")


if __name__ == "__main__":
    if sys.argv[1] == "data":
        data(sys.argv[2], int(sys.argv[3]))
    else:
        compare(sys.argv[2], sys.argv[3], float(sys.argv[4]))
