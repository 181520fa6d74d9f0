"""Writes a small batch for TensorFlow.NET's word CNN (graph/word_cnn.meta)
to DIR: x.npy, int32 [BATCH, 100] word ids below the vocabulary's 50000,
and y.npy, int32 [BATCH] class ids below 14 (BATCH: the second argument,
8 by default). Each class's sentences draw their
words from a range of their own, so the ids tell the class. Written
without NumPy (the .npy format: magic, version 1.0, a header dict, the
little-endian data)."""

import os
import struct
import sys


def save(path, dims, values):
    header = "{'descr': '<i4', 'fortran_order': False, 'shape': (%s), }" % (
        "".join("%d, " % d for d in dims) if len(dims) == 1 else
        ", ".join(str(d) for d in dims))
    # Magic (6) + version (2) + length (2) + header + newline, a multiple
    # of 64 bytes.
    pad = 64 - (10 + len(header) + 1) % 64
    header += " " * pad + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00")
        f.write(struct.pack("<H", len(header)))
        f.write(header.encode("latin1"))
        f.write(struct.pack("<%di" % len(values), *values))


out = sys.argv[1]
batch = int(sys.argv[2]) if len(sys.argv) > 2 else 8
length, classes = 100, 14
labels = [(3 * i) % classes for i in range(batch)]
words = []
for i, label in enumerate(labels):
    for j in range(length):
        words.append(1000 * label + (7 * i + 13 * j) % 97 + 1)
save(os.path.join(out, "x.npy"), [batch, length], words)
save(os.path.join(out, "y.npy"), [batch], labels)
