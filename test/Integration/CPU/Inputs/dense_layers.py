"""Inputs and checks of dense-layers.mlir: `generate DIR` writes small
integer inputs (every sum exact in float32), `check DIR` compares each
output with numpy's, computed in integers."""
import sys

import numpy as np

mode, out = sys.argv[1], sys.argv[2]
rng = np.random.default_rng(11)

SHAPES = {"x": (70, 37), "w1": (37, 45), "b1": (45,), "w2": (45, 45),
          "b2": (45,), "w3": (45, 20), "b3": (20,), "a": (300, 200),
          "b": (200, 300), "v1": (37, 100), "c1": (100,),
          "v2": (100, 100), "c2": (100,), "x0": (0, 37), "x1": (1, 37), "x70": (70, 37),
          "x300": (300, 37)}

if mode == "generate":
    for name, shape in SHAPES.items():
        np.save(f"{out}/{name}.npy",
                rng.integers(-2, 3, size=shape).astype(np.float32))
    sys.exit(0)


def load(name):
    return np.load(f"{out}/{name}.npy").astype(np.int64)


def result(case, index):
    return np.load(f"{out}/{case}/output{index}.npy")


def same(got, want):
    return got.dtype == np.float32 and got.shape == want.shape and \
        bool(np.array_equal(got, want.astype(np.float32)))


def relu(v):
    return np.maximum(v, 0)


x, w1, b1, w2, b2, w3, b3 = (load(n) for n in
                             ("x", "w1", "b1", "w2", "b2", "w3", "b3"))
p1 = x @ w1
h1 = relu(p1 + b1)
h2 = np.clip(h1 @ w2 + b2, 0, 6)
h3 = h2 @ w3 + b3
print("mlp", "product", same(result("mlp", 0), p1),
      "layer1", same(result("mlp", 1), h1),
      "layer2", same(result("mlp", 2), h2),
      "layer3", same(result("mlp", 3), h3))
for n in (0, 1, 70, 300):
    want = relu(relu(load(f"x{n}") @ load("v1") + load("c1")) @ load("v2") +
                load("c2"))
    print(f"batch{n}", same(result(f"batch{n}", 0), want))
half = (load("a") @ load("b")).astype(np.float32) * np.float32(0.5)
print("wide", "halves", same(result("wide", 0), half))
