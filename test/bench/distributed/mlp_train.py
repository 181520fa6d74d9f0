"""Writes the data-parallel benchmark's training step, the MLP 784-512-512-10
(ReLU, softmax cross-entropy averaged over the batch, SGD 0.01), for a
static batch, and its data.

Usage: mlp_train.py model BATCH > model.mlir
       mlp_train.py data DIR ROWS
"""
import os
import sys

LAYERS = [("dense1", 784, 512, True), ("dense2", 512, 512, True),
          ("logits", 512, 10, False)]


def model(batch):
    body, h = [], "%x"
    for name, n_in, n_out, relu in LAYERS:
        k, b = f"tensor<{n_in}x{n_out}xf32>", f"tensor<{n_out}xf32>"
        t = f"tensor<{batch}x{n_out}xf32>"
        body += [
            f'%{name}:2 = tfc.variable_scope "{name}" auto_reuse -> '
            f'(!tfc.var<{k}>, !tfc.var<{b}>) {{',
            f'  %k = tfc.get_variable "kernel" : {k}',
            f'  %b = tfc.get_variable "bias" : {b} init #tfc.zeros',
            f'  tfc.yield %k, %b : !tfc.var<{k}>, !tfc.var<{b}>',
            '}',
            f'%{name}_k, %{name}_kt = tfc.read %{name}#0 : !tfc.var<{k}>',
            f'%{name}_b, %{name}_bt = tfc.read %{name}#1 : !tfc.var<{b}>',
            f'%{name}_m = tfc.matmul {h}, %{name}_k : '
            f'tensor<{batch}x{n_in}xf32>, {k}',
            f'%{name}_z = tfc.bias_add %{name}_m, %{name}_b : {t}, {b}']
        h = f"%{name}_z"
        if relu:
            body.append(f"%{name}_h = tfc.relu %{name}_z : {t}")
            h = f"%{name}_h"
    logits = f"tensor<{batch}x10xf32>"
    body += [
        f"%xent = tfc.softmax_cross_entropy_with_logits %y, {h} : "
        f"{logits}, {logits}",
        f"%loss = tfc.reduce_mean %xent axes [0] : tensor<{batch}xf32>",
        "%train = tfc.minimize #tfc.sgd<learning_rate = 0.01> %loss : "
        "tensor<f32>",
        "tfc.fetch %loss : tensor<f32> targets(%train)"]
    return (f'func.func @train_step(%x: tensor<{batch}x784xf32> '
            f'{{tfc.name = "x"}}, %y: {logits} {{tfc.name = "y"}}) '
            f'-> (tensor<f32> {{tfc.name = "loss"}}) {{\n'
            "  %r = tfc.graph -> (tensor<f32>) {\n" +
            "\n".join("    " + line for line in body) +
            "\n  }\n  return %r : tensor<f32>\n}\n")


def data(directory, rows):
    import numpy as np
    rng = np.random.default_rng(0)
    np.save(os.path.join(directory, "x.npy"),
            rng.normal(size=(rows, 784)).astype(np.float32))
    labels = rng.integers(0, 10, rows)
    np.save(os.path.join(directory, "y.npy"),
            np.eye(10, dtype=np.float32)[labels])


if __name__ == "__main__":
    if sys.argv[1] == "model":
        sys.stdout.write(model(int(sys.argv[2])))
    else:
        data(sys.argv[2], int(sys.argv[3]))
