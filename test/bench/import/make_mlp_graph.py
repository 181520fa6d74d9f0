#!/usr/bin/env python3
"""Writes a text GraphDef of a deep MLP: LAYERS x (MatMul, BiasAdd, Relu) with
their weight and bias constants, about five nodes a layer, the shape of what
tf.layers.dense writes (without variables, so that only graph size counts).

    make_mlp_graph.py NODES OUT.pbtxt

The input is `x` (float [BATCH, WIDTH]), the output `out`.
"""
import sys

WIDTH = 16
BATCH = 4


def tensor(shape, value):
    dims = " ".join(f"dim {{ size: {d} }}" for d in shape)
    return (f'tensor {{ dtype: DT_FLOAT tensor_shape {{ {dims} }} '
            f'float_val: {value} }}')


def main():
    nodes, path = int(sys.argv[1]), sys.argv[2]
    layers = max(1, (nodes - 2) // 5)
    out = []
    out.append('node { name: "x" op: "Placeholder" '
               'attr { key: "dtype" value { type: DT_FLOAT } } '
               f'attr {{ key: "shape" value {{ shape {{ dim {{ size: {BATCH} }} '
               f'dim {{ size: {WIDTH} }} }} }} }} }}')
    prev = "x"
    for i in range(layers):
        scope = f"dense_{i}"
        scale = 1.0 / WIDTH
        out.append(f'node {{ name: "{scope}/kernel" op: "Const" '
                   'attr { key: "dtype" value { type: DT_FLOAT } } '
                   f'attr {{ key: "value" value {{ {tensor([WIDTH, WIDTH], scale)} }} }} }}')
        out.append(f'node {{ name: "{scope}/bias" op: "Const" '
                   'attr { key: "dtype" value { type: DT_FLOAT } } '
                   f'attr {{ key: "value" value {{ {tensor([WIDTH], 0.01)} }} }} }}')
        out.append(f'node {{ name: "{scope}/MatMul" op: "MatMul" input: "{prev}" '
                   f'input: "{scope}/kernel" '
                   'attr { key: "T" value { type: DT_FLOAT } } }')
        out.append(f'node {{ name: "{scope}/BiasAdd" op: "BiasAdd" '
                   f'input: "{scope}/MatMul" input: "{scope}/bias" '
                   'attr { key: "T" value { type: DT_FLOAT } } }')
        out.append(f'node {{ name: "{scope}/Relu" op: "Relu" '
                   f'input: "{scope}/BiasAdd" '
                   'attr { key: "T" value { type: DT_FLOAT } } }')
        prev = f"{scope}/Relu"
    out.append(f'node {{ name: "out" op: "Identity" input: "{prev}" '
               'attr { key: "T" value { type: DT_FLOAT } } }')
    out.append("versions { producer: 27 }")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
