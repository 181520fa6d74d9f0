"""py_peer.py - times the PyTorch and NumPy (OpenBLAS) peers.

Started once per thread count (and OpenBLAS setting) by run.py, with
OPENBLAS_NUM_THREADS and OMP_NUM_THREADS already in its environment; reads
one JSON request per line on stdin and answers one JSON line:

  {"peer": "pytorch"|"openblas", "case": "mlp"|"softmax"|"elementwise"|
   "matmul"|"accumulate"|"accumulate_sum"|"conv", "inputs": [npy...],
   "warmup": 3, "reps": 10, "out": "out.npy"}
  -> {"times": [seconds...]}

The first line it prints describes itself: thread counts, the OpenBLAS
kernel ("core") that runs and PyTorch's CPU capability (its vector kernels:
AVX2, AVX512, ...; ATEN_CPU_CAPABILITY chooses). Without PyTorch, only the
"openblas" peer answers.
"""

import ctypes
import json
import sys
import time

import numpy as np

try:
    import torch
except ImportError:
    torch = None


def openblas_info():
    """The OpenBLAS library NumPy loaded, its core and configuration."""
    np.dot(np.ones((64, 64), np.float32), np.ones((64, 64), np.float32))
    with open("/proc/self/maps") as maps:
        paths = sorted({line.split()[-1] for line in maps
                        if "openblas" in line and "/" in line})
    for path in paths:
        try:
            lib = ctypes.CDLL(path)
            lib.openblas_get_corename.restype = ctypes.c_char_p
            lib.openblas_get_config.restype = ctypes.c_char_p
            return {"library": path,
                    "core": lib.openblas_get_corename().decode(),
                    "config": lib.openblas_get_config().decode().strip()}
        except (OSError, AttributeError):
            continue
    return {"library": None, "core": "reference BLAS (no OpenBLAS loaded)",
            "config": ""}


_models = {}


def mlp_model(weights):
    """784-512-512-10 with tfc's [in, out] weights as torch Linear layers."""
    key = tuple(weights)
    if key not in _models:
        w1, b1, w2, b2, w3, b3 = [torch.from_numpy(np.load(p)) for p in weights]
        layers = []
        for w, b in ((w1, b1), (w2, b2), (w3, b3)):
            linear = torch.nn.Linear(w.shape[0], w.shape[1])
            with torch.no_grad():
                linear.weight.copy_(w.t())
                linear.bias.copy_(b)
            layers += [linear, torch.nn.ReLU()]
        layers[-1] = torch.nn.Softmax(dim=1)
        _models[key] = torch.nn.Sequential(*layers).eval()
    return _models[key]


def accumulate_loop(x):
    """The guide's slow loop as a PyTorch user writes it."""
    z = torch.zeros(x.shape[1:])
    for i in range(x.shape[0]):
        z = z + x[i]
    return z


def kernel(request):
    """A function of no arguments computing the case once."""
    peer, case = request["peer"], request["case"]
    arrays = [np.load(p) for p in request["inputs"]]
    if peer == "openblas":
        a, b = arrays
        return lambda: np.matmul(a, b)
    tensors = [torch.from_numpy(a) for a in arrays]
    if case == "mlp":
        model = mlp_model(request["inputs"][1:])
        x = tensors[0]
        return lambda: model(x)
    if case == "softmax":
        x = tensors[0]
        return lambda: torch.softmax(x, dim=1)
    if case == "elementwise":
        a, b, c = tensors
        return lambda: torch.relu(a * b + c) * 0.5
    if case == "conv":
        # NHWC data seen as NCHW is PyTorch's channels_last layout: no copy.
        x = tensors[0].permute(0, 3, 1, 2)
        w = tensors[1].permute(3, 2, 0, 1).contiguous(
            memory_format=torch.channels_last)
        b = tensors[2]
        return lambda: torch.relu(
            torch.nn.functional.conv2d(x, w, b, padding="same")
        ).permute(0, 2, 3, 1)
    if case == "matmul":
        a, b = tensors
        return lambda: torch.matmul(a, b)
    if case == "accumulate":
        return lambda: accumulate_loop(tensors[0])
    if case == "accumulate_sum":
        x = tensors[0]
        return lambda: torch.sum(x, 0)
    raise ValueError("unknown case " + case)


def handle(request):
    run = kernel(request)
    times = []
    for r in range(request["warmup"] + request["reps"]):
        start = time.perf_counter()
        result = run()
        elapsed = time.perf_counter() - start
        if r >= request["warmup"]:
            times.append(elapsed)
    if torch is not None and isinstance(result, torch.Tensor):
        result = result.numpy()
    np.save(request["out"], np.ascontiguousarray(result, dtype=np.float32))
    return {"times": times}


def torch_capability():
    """The vector kernels PyTorch dispatches to, as its configuration says."""
    for line in torch.__config__.show().splitlines():
        if "CPU capability usage:" in line:
            return line.split(":", 1)[1].strip()
    return "unknown"


def main():
    threads = int(sys.argv[1])
    info = openblas_info()
    if torch is not None:
        torch.set_num_threads(threads)
        # Inference: no autograd graph is recorded for the timed calls.
        torch.set_grad_enabled(False)
        info.update({"torch": torch.__version__,
                     "torch_threads": torch.get_num_threads(),
                     "torch_capability": torch_capability()})
    else:
        info.update({"torch": None, "torch_threads": 0, "torch_capability": None})
    print(json.dumps(info), flush=True)
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            answer = handle(json.loads(line))
        except Exception as error:  # reported to run.py, which stops
            answer = {"error": repr(error)}
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    main()
