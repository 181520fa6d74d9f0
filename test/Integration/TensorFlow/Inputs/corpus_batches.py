"""Writes a small training batch for a model of the TensorFlow.NET corpus
to DIR as int32 .npy files (without NumPy: magic, version 1.0, a header
dict, the little-endian data).

  corpus_batches.py vd_cnn DIR BATCH    x.npy [BATCH, 1014] character ids
                                        below 70, y.npy [BATCH] classes
                                        below 14; each class's texts use
                                        characters of their own
  corpus_batches.py word2vec DIR        inputs.npy [128] word ids below
                                        47135, labels.npy [128, 1] the
                                        word each one predicts (a fixed
                                        pairing the model can learn)
"""

import os
import struct
import sys


def save(path, dims, values):
    shape = "%d," % dims[0] if len(dims) == 1 else ", ".join(map(str, dims))
    header = "{'descr': '<i4', 'fortran_order': False, 'shape': (%s), }" % shape
    # The header, with its newline, ends on a 64-byte boundary.
    header += " " * (63 - (10 + len(header)) % 64) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00")
        f.write(struct.pack("<H", len(header)))
        f.write(header.encode("latin1"))
        f.write(struct.pack("<%di" % len(values), *values))


def vd_cnn(out, batch):
    length, alphabet, classes = 1014, 70, 14
    labels = [(5 * i) % classes for i in range(batch)]
    chars = []
    for i, label in enumerate(labels):
        # Five characters per class; the texts differ by their offsets.
        chars += [5 * label + (i + 3 * j) % 5 for j in range(length)]
    assert max(chars) < alphabet
    save(os.path.join(out, "x.npy"), [batch, length], chars)
    save(os.path.join(out, "y.npy"), [batch], labels)


def word2vec(out):
    batch, vocabulary = 128, 47135
    inputs = [(97 * i) % 1000 for i in range(batch)]
    labels = [(w * 7 + 11) % vocabulary for w in inputs]
    save(os.path.join(out, "inputs.npy"), [batch], inputs)
    save(os.path.join(out, "labels.npy"), [batch, 1], labels)


model, out = sys.argv[1], sys.argv[2]
if model == "vd_cnn":
    vd_cnn(out, int(sys.argv[3]))
elif model == "word2vec":
    word2vec(out)
else:
    sys.exit("unknown model " + model)
