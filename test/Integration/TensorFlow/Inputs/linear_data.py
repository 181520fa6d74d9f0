"""Writes the regression examples' training data to DIR: x.npy, 100 points
uniform in [-1, 1) (seeded, so every run sees the same), and y.npy = 0.1 x +
0.3, as tensorflow/rust's examples/regression.rs makes them. float32."""

import os
import sys

import numpy as np

out = sys.argv[1]
x = np.random.RandomState(0).uniform(-1.0, 1.0, 100).astype(np.float32)
y = (np.float32(0.1) * x + np.float32(0.3)).astype(np.float32)
np.save(os.path.join(out, "x.npy"), x)
np.save(os.path.join(out, "y.npy"), y)
