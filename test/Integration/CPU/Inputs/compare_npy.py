"""Compares two float32 .npy files of the same shape without NumPy: prints
how many values agree within an absolute tolerance, or the first mismatch."""
import struct
import sys


def read_npy(path):
    data = open(path, "rb").read()
    header_len = struct.unpack("<H", data[8:10])[0]
    header = data[10:10 + header_len].decode("latin1")
    assert "'<f4'" in header, header
    body = data[10 + header_len:]
    return struct.unpack("<%df" % (len(body) // 4), body)


a, b, tol = read_npy(sys.argv[1]), read_npy(sys.argv[2]), float(sys.argv[3])
if len(a) != len(b):
    sys.exit("different sizes: %d vs %d" % (len(a), len(b)))
for i, (x, y) in enumerate(zip(a, b)):
    if abs(x - y) > tol:
        sys.exit("value %d differs: %r vs %r" % (i, x, y))
print("equal within %g: %d values" % (tol, len(a)))
