"""Checks gradients a TensorFlow graph computes (imported and compiled by
tfc) against central differences of its loss.

Usage: check_imported_gradients.py RUNTIME_LIB TFC LIBMODEL WORKDIR
           --fn NAME --loss NAME [--input NAME=VALUE ...]
           --check VARIABLE=GRADIENT[,UNIQUE] ... [--step H] [--rtol R]

The entry point NAME fetches the loss and every GRADIENT (and, for a
sparse gradient, the UNIQUE indices it is summed over: row i of GRADIENT is
the gradient of row UNIQUE[i] of the variable). A first run saves the
variables (tfc's checkpoint format, docs/runtime.md) and the gradients;
then, for a few elements of each variable (the largest gradients and some
chosen at random), the loss is evaluated with the element moved by +H and
-H, restoring a checkpoint written here with that one change, and
(loss(+H) - loss(-H)) / 2H is compared with the gradient. Prints one line
per variable and "gradients agree" when every element is within
R * |gradient| + A of the difference quotient, where A is what rounding
the float32 loss can change the quotient by (8 units in the last place of
the loss, over 2H).
"""

import argparse
import ctypes
import os
import struct
import subprocess
import sys

import numpy as np

MAGIC = b"\x89TFCKPT\n"
DTYPES = {3: np.float32, 4: np.float64, 7: np.int32, 8: np.int64, 5: np.bool_}


def read_checkpoint(path):
    data = open(path, "rb").read()
    assert data[:8] == MAGIC, "not a tfc checkpoint"
    count = struct.unpack_from("<Q", data, 16)[0]
    pos, records = 24, []
    for _ in range(count):
        name_len, dtype, rank, _, nbytes = struct.unpack_from("<IIIIQ", data, pos)
        name = data[pos + 24:pos + 24 + name_len].decode()
        dims_at = pos + 24 + name_len
        dims = struct.unpack_from("<%dq" % rank, data, dims_at)
        data_at = dims_at + 8 * rank
        records.append({"name": name, "dtype": dtype, "dims": dims,
                        "head": data[pos:data_at],
                        "value": np.frombuffer(data, DTYPES[dtype],
                                               int(np.prod(dims, dtype=np.int64)),
                                               data_at).reshape(dims).copy()})
        pos = data_at + nbytes + 4
    return records


def write_checkpoint(path, records, crc32c):
    out = bytearray(MAGIC + struct.pack("<IIQ", 1, 0, len(records)))
    for r in records:
        body = r["head"] + r["value"].tobytes()
        out += body + struct.pack("<I", crc32c(body))
    out += struct.pack("<I", crc32c(bytes(out))) + b"TEND"
    with open(path, "wb") as f:
        f.write(out)


def npy_path(root, name):
    return os.path.join(root, *name.split("/")) + ".npy"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("runtime_lib")
    parser.add_argument("tfc")
    parser.add_argument("model")
    parser.add_argument("workdir")
    parser.add_argument("--fn", required=True)
    parser.add_argument("--loss", required=True)
    parser.add_argument("--input", action="append", default=[])
    parser.add_argument("--check", action="append", default=[])
    parser.add_argument("--step", type=float, default=1e-2)
    parser.add_argument("--rtol", type=float, default=2e-2)
    parser.add_argument("--count", type=int, default=4)
    args = parser.parse_args()

    runtime = ctypes.CDLL(args.runtime_lib)
    runtime.tfc_crc32c.restype = ctypes.c_uint32
    runtime.tfc_crc32c.argtypes = [ctypes.c_uint32, ctypes.c_char_p,
                                   ctypes.c_size_t]

    def crc32c(data):
        return runtime.tfc_crc32c(0, data, len(data))

    def run(extra, out):
        command = [args.tfc, "run", args.model, "--fn", args.fn,
                   "--max-elements", "0", "--output-dir", out] + extra
        for value in args.input:
            command += ["--input", value]
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        return float(np.load(npy_path(out, args.loss)))

    os.makedirs(args.workdir, exist_ok=True)
    base_ckpt = os.path.join(args.workdir, "base.ckpt")
    base_out = os.path.join(args.workdir, "base")
    run(["--save", base_ckpt], base_out)
    records = read_checkpoint(base_ckpt)
    # A checkpoint written back unchanged must give the same loss.
    same = os.path.join(args.workdir, "same.ckpt")
    write_checkpoint(same, records, crc32c)
    loss0 = run(["--restore", same], os.path.join(args.workdir, "same"))
    atol = 8 * float(np.spacing(np.float32(loss0))) / (2 * args.step)
    print("loss %.7g, rounding bound %.2g" % (loss0, atol))

    rng = np.random.default_rng(0)
    agree = True
    probe = os.path.join(args.workdir, "probe.ckpt")
    for check in args.check:
        variable, grads = check.split("=")
        grad_name, _, unique_name = grads.partition(",")
        record = next(r for r in records if r["name"] == variable)
        grad = np.load(npy_path(base_out, grad_name)).astype(np.float64)
        if unique_name:
            rows = np.load(npy_path(base_out, unique_name))
            dense = np.zeros(record["value"].shape)
            np.add.at(dense, rows, grad)
            grad = dense
        assert grad.shape == record["value"].shape, (grad.shape, record["dims"])
        flat = np.abs(grad).ravel()
        largest = list(np.argsort(-flat)[:args.count])
        # Random elements among the rows the gradient touches.
        touched = np.flatnonzero(np.abs(grad).reshape(grad.shape[0], -1).max(1))
        width = flat.size // grad.shape[0]
        for _ in range(args.count):
            row = rng.choice(touched) if touched.size else 0
            largest.append(row * width + rng.integers(width))
        worst = 0.0
        for index in largest:
            quotient = []
            original = record["value"].ravel()[index]
            for sign in (1, -1):
                record["value"].ravel()[index] = original + sign * args.step
                write_checkpoint(probe, records, crc32c)
                quotient.append(run(["--restore", probe],
                                    os.path.join(args.workdir, "probe")))
            record["value"].ravel()[index] = original
            numeric = (quotient[0] - quotient[1]) / (2 * args.step)
            symbolic = grad.ravel()[index]
            error = abs(numeric - symbolic) / (args.rtol * abs(symbolic) + atol)
            worst = max(worst, error)
            if error > 1:
                agree = False
                print("  %s[%d]: gradient %.6g, central difference %.6g" %
                      (variable, index, symbolic, numeric))
        print("%s: %d elements, largest |gradient| %.3g, worst error %.2g "
              "of the tolerance" % (variable, len(largest), flat.max(), worst))
    print("gradients agree" if agree else "gradients differ")
    return 0 if agree else 1


if __name__ == "__main__":
    sys.exit(main())
