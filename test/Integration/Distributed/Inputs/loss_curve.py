"""The loss curve of a data-parallel MLP classifier with 1, 2 and 4
processes (docs/distributed.md).

Usage: loss_curve.py TFC "MPIRUN" LIBMODEL WORKDIR STEPS EVERY NPROCS...

Writes 3 classes of 8 features (60 rows, seeded), then for each process
count trains STEPS steps of `train_step` on the whole batch, split over
the ranks (`--shard-inputs`), in runs of EVERY steps that each restore the
checkpoint the last one saved (weights, Adam's slots and powers). After
each run, one process evaluates `loss` on the whole batch from that
checkpoint: the curve. Prints each curve and the largest difference to
the first process count's, and "curves agree" when it is below 1e-4.
"""
import os
import shlex
import subprocess
import sys

import numpy as np


def data(workdir):
    rng = np.random.default_rng(7)
    centers = rng.normal(0, 2, size=(3, 8))
    labels = rng.integers(0, 3, size=60)
    x = centers[labels] + rng.normal(0, 3, size=(60, 8))
    y = np.eye(3)[labels]
    np.save(os.path.join(workdir, "x.npy"), x.astype(np.float32))
    np.save(os.path.join(workdir, "y.npy"), y.astype(np.float32))


def main():
    tfc, mpirun, model, workdir = sys.argv[1:5]
    steps, every = int(sys.argv[5]), int(sys.argv[6])
    counts = [int(n) for n in sys.argv[7:]]
    os.makedirs(workdir, exist_ok=True)
    data(workdir)
    inputs = ["--input", "x=" + os.path.join(workdir, "x.npy"),
              "--input", "y=" + os.path.join(workdir, "y.npy")]
    env = dict(os.environ, TFC_NUM_THREADS="1")
    curves = {}
    for count in counts:
        curve, previous = [], []
        for done in range(every, steps + 1, every):
            ckpt = os.path.join(workdir, f"np{count}-{done}.ckpt")
            command = [tfc, "run", model, "--fn", "train_step", "--steps",
                       str(every), "--save", ckpt] + inputs + previous
            if count > 1:
                command = (shlex.split(mpirun) + ["-np", str(count)] +
                           command + ["--shard-inputs"])
            subprocess.run(command, check=True, env=env,
                           stdout=subprocess.DEVNULL)
            out = subprocess.run(
                [tfc, "run", model, "--fn", "loss", "--restore", ckpt] + inputs,
                check=True, env=env, capture_output=True, text=True).stdout
            curve.append(float(out.split()[-1]))
            previous = ["--restore", ckpt]
        curves[count] = curve
        print("np %d: %s" % (count, " ".join("%.6f" % v for v in curve)))
    first = curves[counts[0]]
    worst = max(abs(a - b) for c in counts[1:] for a, b in zip(first, curves[c]))
    print("largest difference %.3g" % worst)
    print("decreased" if first[-1] < first[0] else "not decreased")
    print("curves agree" if worst < 1e-4 else "curves differ")


if __name__ == "__main__":
    main()
