"""torch_peer.py - one PyTorch variant of a rewrite benchmark, in its own
process, so that its peak resident set is its own.

  torch_peer.py CASE THREADS WARMUP REPS OUT.npy IN.npy...

CASE is accumulate_loop, accumulate_sum, merge or softmax. Prints one JSON
line: {"times": [seconds...], "rss_base": bytes, "rss_peak": bytes}, the
resident set before the first call and its peak during the calls (VmRSS,
then VmHWM after resetting it through /proc/self/clear_refs).
"""

import json
import resource
import sys
import time

import numpy as np
import torch


def status_bytes(field):
    """A field of /proc/self/status ("VmRSS", "VmHWM") in bytes."""
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1]) * 1024
    raise KeyError(field)


def reset_peak_resident():
    """Starts a new peak of the resident set at its current size (as
    driver.c does) and returns that size."""
    try:
        with open("/proc/self/clear_refs", "w") as f:
            f.write("5")
        return status_bytes("VmRSS")
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def peak_resident_bytes():
    try:
        return status_bytes("VmHWM")
    except (OSError, KeyError):
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def accumulate_loop(x):
    """The guide's slow loop, as a PyTorch user writes it."""
    z = torch.zeros(x.shape[1:])
    for i in range(x.shape[0]):
        z = z + x[i]
    return z


def merge(a, b, w, bias):
    """dense(concat([tile(a), tile(b)], -1)), tiles materialized as
    tf.tile does."""
    m, n = a.shape[0], b.shape[1]
    c = torch.cat([a.repeat(1, n, 1), b.repeat(m, 1, 1)], -1)
    return torch.relu(torch.matmul(c, w) + bias)


def kernel(case, tensors):
    if case == "accumulate_loop":
        return lambda: accumulate_loop(tensors[0])
    if case == "accumulate_sum":
        return lambda: torch.sum(tensors[0], 0)
    if case == "merge":
        return lambda: merge(*tensors)
    if case == "softmax":
        return lambda: torch.softmax(tensors[0], dim=1)
    raise ValueError("unknown case " + case)


def main():
    case, out = sys.argv[1], sys.argv[5]
    threads, warmup, reps = (int(a) for a in sys.argv[2:5])
    torch.set_num_threads(threads)
    tensors = [torch.from_numpy(np.load(p)) for p in sys.argv[6:]]
    run = kernel(case, tensors)
    # BLAS buffers and worker threads are set up once per process, on the
    # first product: before the peak starts, so that it counts the calls.
    torch.mm(torch.ones(64, 64), torch.ones(64, 64))
    base = reset_peak_resident()
    times = []
    with torch.no_grad():
        for r in range(warmup + reps):
            start = time.perf_counter()
            result = run()
            elapsed = time.perf_counter() - start
            if r >= warmup:
                times.append(elapsed)
    peak = peak_resident_bytes()
    np.save(out, np.ascontiguousarray(result.numpy(), dtype=np.float32))
    print(json.dumps({"times": times, "rss_base": base, "rss_peak": peak}))


if __name__ == "__main__":
    main()
