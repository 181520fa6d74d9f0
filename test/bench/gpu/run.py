#!/usr/bin/env python3
"""`make bench-gpu`'s runner: tfc's CUDA libraries against PyTorch and
against the GPU's limits, on the machine's GPU, all measured in one run.

Runs from its bundle directory (build/bench-gpu: models/, lib/, bin/,
bundle.json), needs Python 3's standard library, an NVIDIA driver and,
for the peers, PyTorch with CUDA; nvcc, where present, builds the probe
of the FMA peak.

  python3 run.py                 every case, the peers and the limits;
                                 prints a table, writes results-gpu.json
  python3 run.py --calls-only    only check that every case's calls
                                 complete (no timing claims, no PyTorch):
                                 for the tests' fake driver, which runs no
                                 kernel

Each tfc case is `tfc-run LIB --fn F --benchmark N` (the median and
minimum of N calls after warm-up calls). Each PyTorch peer does the same
computation on the same GPU in f32 (no TF32), each call timed on its own
and ended with torch.cuda.synchronize(); results come back to host memory
as tfc's do, and for the cases through host memory the peer copies its
inputs from host memory too. A machine without a GPU is skipped (exit 0).
"""

import argparse
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
MIB = 1 << 20
# Calls before the timed ones (tfc-run --steps), for tfc and for PyTorch.
WARMUP_CALLS = 2

# --------------------------------------------------------------------------
# The cases. Sizes are the full ones; a bundle built with --small (the
# tests') maps them through bundle.json's "sizes", as its programs are.
# --------------------------------------------------------------------------


class Case:
    """One timed computation: a tfc entry point and its PyTorch peer.

    `peer(torch, s)` returns a function doing one call (`s` maps a full
    size to the bundle's). `work(s)` returns what bounds the call from
    below: a dict of "device_bytes" (read + written in device memory),
    "flops", "h2d_bytes" and "d2h_bytes" (copies through host memory)."""

    def __init__(self, name, library, fn, calls, what, peer, work,
                 tfc_args=(), generate_inputs=False):
        self.name = name
        self.library = library
        self.fn = fn
        self.calls = calls
        self.what = what
        self.peer = peer
        self.work = work
        self.tfc_args = list(tfc_args)
        self.generate_inputs = generate_inputs


def f32_bytes(*shape):
    count = 1
    for d in shape:
        count *= d
    return 4 * count


def random_on_device(torch, *shape):
    return torch.rand(*shape, device="cuda") * 2 - 1


def random_on_host(torch, *shape):
    return torch.rand(*shape) * 2 - 1


def peer_softmax_variable(torch, s):
    x = random_on_device(torch, s(8192), s(8192)) * 4
    return lambda: torch.softmax(x, dim=1).amax(dim=1).cpu()


def work_read_8192_square(s):
    return {"device_bytes": f32_bytes(s(8192), s(8192))}


def peer_elementwise(torch, s):
    a, b, c = (random_on_device(torch, s(8192), s(8192)) for _ in range(3))
    return lambda: (torch.relu(a * b + c) * 0.5).amax(dim=1).cpu()


def work_elementwise(s):
    return {"device_bytes": 3 * f32_bytes(s(8192), s(8192))}


def peer_matmul_variables(torch, s):
    a = random_on_device(torch, s(4096), s(4096))
    b = random_on_device(torch, s(4096), s(4096))
    return lambda: torch.matmul(a, b).amax(dim=1).cpu()


def work_matmul_variables(s):
    n = s(4096)
    return {"flops": 2 * n ** 3}


def peer_matmul_host(torch, s):
    a = random_on_host(torch, s(2048), s(2048))
    b = random_on_host(torch, s(2048), s(2048))
    return lambda: torch.matmul(a.cuda(), b.cuda()).cpu()


def work_matmul_host(s):
    n = s(2048)
    return {"flops": 2 * n ** 3, "h2d_bytes": 2 * f32_bytes(n, n),
            "d2h_bytes": f32_bytes(n, n)}


MLP_LAYERS = [(784, 512), (512, 512), (512, 10)]


def mlp_peer(batch):
    def peer(torch, s):
        layers = []
        for fan_in, fan_out in MLP_LAYERS:
            limit = (6.0 / (fan_in + fan_out)) ** 0.5
            w = random_on_device(torch, fan_in, fan_out) * limit
            layers.append((w, torch.zeros(fan_out, device="cuda")))
        x = random_on_host(torch, s(batch), 784) * 2

        def call():
            h = x.cuda()
            for i, (w, b) in enumerate(layers):
                h = torch.matmul(h, w) + b
                if i + 1 < len(layers):
                    h = torch.relu(h)
            return torch.softmax(h, dim=1).cpu()
        return call
    return peer


def mlp_work(batch):
    def work(s):
        n = s(batch)
        return {"flops": sum(2 * n * i * o for i, o in MLP_LAYERS),
                "h2d_bytes": f32_bytes(n, 784), "d2h_bytes": f32_bytes(n, 10)}
    return work


def peer_softmax_host(torch, s):
    x = random_on_host(torch, s(8192), s(8192)) * 4
    return lambda: torch.softmax(x.cuda(), dim=1).cpu()


def work_softmax_host(s):
    size = f32_bytes(s(8192), s(8192))
    return {"device_bytes": 2 * size, "h2d_bytes": size, "d2h_bytes": size}


def pinned_on_host(torch, *shape):
    return torch.empty(*shape).pin_memory()


def peer_softmax_pinned(torch, s):
    """PyTorch's fastest way through host memory: page-locked input and a
    page-locked result buffer, reused."""
    x = random_on_host(torch, s(8192), s(8192)).mul_(4).pin_memory()
    out = pinned_on_host(torch, s(8192), s(8192))
    return lambda: out.copy_(torch.softmax(x.cuda(), dim=1))


def work_softmax_pinned(s):
    return dict(work_softmax_host(s), pinned_inputs=True)


def peer_matmul_pinned(torch, s):
    a = random_on_host(torch, s(2048), s(2048)).pin_memory()
    b = random_on_host(torch, s(2048), s(2048)).pin_memory()
    out = pinned_on_host(torch, s(2048), s(2048))
    return lambda: out.copy_(torch.matmul(a.cuda(), b.cuda()))


def work_matmul_pinned(s):
    return dict(work_matmul_host(s), pinned_inputs=True)


# The 10 points of examples/polynomial_fit (y = 5x^2 + 3).
POLY_X = [-4, -3, -2, -1, 0, 1, 2, 3, 4, 5]
POLY_Y = [83, 48, 23, 8, 3, 8, 23, 48, 83, 128]


def peer_adam_step(torch, s):
    x = torch.tensor(POLY_X, dtype=torch.float32)
    y = torch.tensor(POLY_Y, dtype=torch.float32)
    w = torch.nn.Parameter(torch.rand(3, 1, device="cuda") - 0.5)
    optimizer = torch.optim.Adam([w], lr=0.1)

    def call():
        xd, yd = x.cuda(), y.cuda()
        optimizer.zero_grad()
        f = torch.stack([xd * xd, xd, torch.ones_like(xd)], 1)
        yhat = torch.matmul(f, w).squeeze(1)
        loss = 0.5 * torch.sum((yhat - yd) ** 2) + 0.05 * torch.sum(w * w)
        loss.backward()
        optimizer.step()
        return loss.item()
    return call


def peer_matmul_tf32(torch, s):
    a = random_on_device(torch, s(4096), s(4096))
    b = random_on_device(torch, s(4096), s(4096))

    def call():
        # TF32 for this peer only; the others multiply in f32.
        torch.backends.cuda.matmul.allow_tf32 = True
        try:
            return torch.matmul(a, b).amax(dim=1).cpu()
        finally:
            torch.backends.cuda.matmul.allow_tf32 = False
    return call


def peer_matmul_bf16(torch, s):
    # PyTorch's operands are BF16 already (converted once, not timed); tfc
    # reads f32 variables and rounds them as it stages them.
    a = random_on_device(torch, s(4096), s(4096)).bfloat16()
    b = random_on_device(torch, s(4096), s(4096)).bfloat16()
    return lambda: torch.matmul(a, b).float().amax(dim=1).cpu()


def peer_column_sums(torch, s):
    x = random_on_device(torch, s(8192), s(8192))
    return lambda: x.sum(dim=0).cpu()


def peer_total(torch, s):
    x = random_on_device(torch, s(8192), s(8192))
    return lambda: x.sum().cpu()


def peer_bias_gradient(torch, s):
    g = random_on_device(torch, 256, 512)
    return lambda: g.sum(dim=0).cpu()


def literal(values):
    return "[%s]" % ",".join(str(v) for v in values)


CASES = [
    Case("softmax_variable", "softmax", "rowmax_of_variable", 20,
         "softmax [8192, 8192] in a variable, row max out",
         peer_softmax_variable, work_read_8192_square),
    Case("relu_fma_variables", "elementwise", "rowmax", 20,
         "relu(a*b+c)*0.5 on three [8192, 8192] variables, row max out",
         peer_elementwise, work_elementwise),
    Case("column_sums_variable", "reductions", "columns", 20,
         "reduce_sum over axis 0 of a [8192, 8192] variable",
         peer_column_sums, work_read_8192_square),
    Case("total_variable", "reductions", "total", 20,
         "reduce_sum of all of a [8192, 8192] variable",
         peer_total, work_read_8192_square),
    Case("bias_gradient_variable", "reductions", "bias_gradient", 1000,
         "reduce_sum over axis 0 of a [256, 512] variable",
         peer_bias_gradient, lambda s: {"device_bytes": f32_bytes(256, 512)}),
    Case("matmul_4096_variables", "matmul", "rowmax_of_variables", 5,
         "matmul 4096^3, operands in variables, row max out",
         peer_matmul_variables, work_matmul_variables),
    Case("matmul_4096_tf32", "matmul_tf32", "rowmax_of_variables", 5,
         "matmul 4096^3 on TF32 tensor cores (--gpu-matmul-precision=tf32; "
         "PyTorch allow_tf32), operands in variables, row max out",
         # No limit: the FMA probe measures the f32 peak, not the tensor
         # cores'.
         peer_matmul_tf32, lambda s: {}),
    Case("matmul_4096_bf16", "matmul_bf16", "rowmax_of_variables", 5,
         "matmul 4096^3 on BF16 tensor cores (--gpu-matmul-precision=bf16; "
         "PyTorch on BF16 tensors), operands in variables, row max out",
         peer_matmul_bf16, lambda s: {}),
    Case("matmul_2048_host", "matmul", "through_host", 10,
         "matmul 2048^3, operands and product through host memory",
         peer_matmul_host, work_matmul_host, generate_inputs=True),
    Case("mlp_batch_256", "mlp", "predict_256", 100,
         "MLP 784-512-512-10, batch 256 in, probabilities out",
         mlp_peer(256), mlp_work(256), generate_inputs=True),
    Case("mlp_batch_4096", "mlp", "predict_4096", 20,
         "MLP 784-512-512-10, batch 4096 in, probabilities out",
         mlp_peer(4096), mlp_work(4096), generate_inputs=True),
    Case("softmax_host", "softmax", "through_host", 10,
         "softmax [8192, 8192] through host memory",
         peer_softmax_host, work_softmax_host, generate_inputs=True),
    Case("matmul_2048_pinned", "matmul", "through_host", 10,
         "matmul 2048^3 through page-locked host memory",
         peer_matmul_pinned, work_matmul_pinned,
         tfc_args=["--pinned-inputs"], generate_inputs=True),
    Case("softmax_pinned", "softmax", "through_host", 10,
         "softmax [8192, 8192] through page-locked host memory",
         peer_softmax_pinned, work_softmax_pinned,
         tfc_args=["--pinned-inputs"], generate_inputs=True),
    Case("adam_polynomial_fit", "polynomial_fit", "train_step", 1000,
         "Adam step of examples/polynomial_fit, 10 points",
         peer_adam_step, lambda s: {},
         tfc_args=["--input", "x=" + literal(POLY_X),
                   "--input", "y=" + literal(POLY_Y)]),
]

# --------------------------------------------------------------------------
# The machine
# --------------------------------------------------------------------------


def tfc_env(calls_only):
    env = dict(os.environ)
    lib = os.path.join(HERE, "lib")
    env["LD_LIBRARY_PATH"] = lib + (":" + env["LD_LIBRARY_PATH"]
                                    if env.get("LD_LIBRARY_PATH") else "")
    if calls_only:
        # The fake driver's memory starts as bytes of 1, so a deferred
        # assertion's condition reads true.
        env.setdefault("TFC_FAKE_CUDA_FILL", "1")
    return env


def run_command(command, timeout, env=None):
    """(exit status, stdout, stderr); a timeout or a missing program is a
    failed command with the reason in stderr, never an exception."""
    try:
        done = subprocess.run(command, capture_output=True, text=True,
                              timeout=timeout, env=env)
        return done.returncode, done.stdout, done.stderr
    except subprocess.TimeoutExpired:
        return -1, "", "timed out after %d s: %s" % (timeout,
                                                     " ".join(command))
    except OSError as error:
        return -1, "", "cannot run %s: %s" % (command[0], error)


def tfc_devices(env):
    """The lines of `tfc-run --devices`, and whether it found a device."""
    code, out, err = run_command([os.path.join(HERE, "bin", "tfc-run"),
                                  "--devices"], 60, env)
    lines = (out + err).strip().splitlines()
    return lines, code == 0 and any(l.startswith("device 0") for l in lines)


def describe_devices(lines):
    """The device's name and the driver's CUDA version from tfc-run
    --devices ("driver: PATH (CUDA 13.0)", "device 0: NAME, compute ...")."""
    found = {}
    for line in lines:
        version = re.search(r"\(CUDA ([0-9.]+)\)", line)
        if line.startswith("driver:") and version:
            found["driver_cuda_version"] = version.group(1)
        if line.startswith("device 0: "):
            found["device"] = line[len("device 0: "):].split(",")[0]
    return found


def nvcc_version():
    nvcc = find_nvcc()
    if not nvcc:
        return {}
    code, out, _ = run_command([nvcc, "--version"], 30)
    release = re.search(r"release ([0-9.]+)", out)
    return {"nvcc": release.group(1)} if code == 0 and release else {}


def nvidia_smi():
    smi = shutil.which("nvidia-smi")
    if not smi:
        return {}
    code, out, _ = run_command(
        [smi, "--query-gpu=name,driver_version", "--format=csv,noheader"], 30)
    if code != 0 or not out.strip():
        return {}
    name, _, driver = out.strip().splitlines()[0].partition(",")
    return {"name": name.strip(), "driver": driver.strip()}


def load_torch():
    """torch with a CUDA device, or None with the reason printed."""
    try:
        import torch
    except ImportError:
        print("bench-gpu: PyTorch is not installed: no peers, no "
              "bandwidths; the FMA peak from the nvcc probe only")
        return None
    if not torch.cuda.is_available():
        print("bench-gpu: PyTorch %s sees no CUDA device: no peers" %
              torch.__version__)
        return None
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    torch.manual_seed(0)
    return torch


# --------------------------------------------------------------------------
# Timing
# --------------------------------------------------------------------------


def time_tfc(case, timeout, calls_only):
    """{"median_us", "min_us", "calls"} of `tfc-run --benchmark` ({"calls",
    "launches"} with `calls_only`), or {"error": why}."""
    library = os.path.join(HERE, "models", "lib%s.so" % case.library)
    calls = 2 if calls_only else case.calls
    command = [os.path.join(HERE, "bin", "tfc-run"), library,
               "--fn", case.fn, "--steps", str(WARMUP_CALLS),
               "--benchmark", str(calls), "--max-elements", "0"]
    command += case.tfc_args
    env = tfc_env(calls_only)
    with tempfile.TemporaryDirectory(prefix="bench-gpu-") as work:
        if case.generate_inputs:
            command += ["--generate-inputs", os.path.join(work, "inputs")]
        # The tests' fake driver logs each launch there (a real one does not).
        launch_log = os.path.join(work, "launches")
        env["TFC_FAKE_CUDA_LOG"] = launch_log
        code, out, err = run_command(command, timeout, env)
        launches = None
        if os.path.exists(launch_log):
            with open(launch_log) as f:
                launches = sum(1 for line in f
                               if line.startswith("launch %s_" % case.fn))
    if code != 0:
        lines = (err or out).strip().splitlines()
        return {"error": "exit %d: %s" % (code, " | ".join(lines[-5:]))}
    if launches == 0:
        return {"error": "the fake driver logged no launch of %s's kernels"
                % case.fn}
    for line in reversed(out.splitlines()):
        if line.startswith("{"):
            try:
                report = json.loads(line)
            except ValueError:
                break
            if calls_only:  # The fake driver's times mean nothing.
                return {"calls": report["calls"], "launches": launches}
            return {"median_us": report["median_us"],
                    "min_us": report["min_us"], "calls": report["calls"]}
    return {"error": "no --benchmark line in tfc-run's output"}


def time_torch_calls(torch, call, calls, warmup=WARMUP_CALLS):
    """Median and minimum microseconds of `calls` calls, each synchronized."""
    for _ in range(warmup):
        call()
    torch.cuda.synchronize()
    samples = []
    for _ in range(calls):
        start = time.perf_counter()
        call()
        torch.cuda.synchronize()
        samples.append((time.perf_counter() - start) * 1e6)
    return {"median_us": statistics.median(samples), "min_us": min(samples),
            "calls": calls}


def time_peer(torch, case, sizes):
    try:
        call = case.peer(torch, lambda n: sizes.get(n, n))
        result = time_torch_calls(torch, call, case.calls)
        del call
    except Exception as error:  # A peer's failure is reported, not fatal.
        result = {"error": "%s: %s" % (type(error).__name__, error)}
    torch.cuda.empty_cache()
    return result


# --------------------------------------------------------------------------
# The limits
# --------------------------------------------------------------------------


def event_seconds(torch, work, repeats=20):
    """Median seconds of `work` on the GPU, by CUDA events."""
    work()
    torch.cuda.synchronize()
    samples = []
    for _ in range(repeats):
        start = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        start.record()
        work()
        end.record()
        end.synchronize()
        samples.append(start.elapsed_time(end) / 1e3)
    return statistics.median(samples)


def torch_bandwidths(torch):
    """Bytes per second: device-to-device copy (bytes read + written), and
    copies from and to host memory, pageable (ordinary arrays) and
    page-locked (the link's speed)."""
    size = 256 * MIB
    src = torch.empty(size // 4, device="cuda")
    dst = torch.empty_like(src)
    host = torch.empty(size // 4)
    pinned = torch.empty(size // 4).pin_memory()
    d2d = 2 * size / event_seconds(torch, lambda: dst.copy_(src))
    h2d = size / event_seconds(torch, lambda: dst.copy_(host), 5)
    d2h = size / event_seconds(torch, lambda: host.copy_(src), 5)
    h2d_pinned = size / event_seconds(torch, lambda: dst.copy_(pinned), 5)
    d2h_pinned = size / event_seconds(torch, lambda: pinned.copy_(src), 5)
    del src, dst, host, pinned
    torch.cuda.empty_cache()
    return {"d2d_bytes_per_s": d2d, "h2d_bytes_per_s": h2d,
            "d2h_bytes_per_s": d2h, "h2d_pinned_bytes_per_s": h2d_pinned,
            "d2h_pinned_bytes_per_s": d2h_pinned}


# The fallback FMA peak without nvcc: an f32 matmul of this size.
PEAK_MATMUL_SIZE = 8192


def torch_matmul_flops(torch):
    """f32 matmul throughput (no TF32): a lower bound of the FMA peak."""
    n = PEAK_MATMUL_SIZE
    a = torch.rand(n, n, device="cuda")
    b = torch.rand(n, n, device="cuda")
    seconds = event_seconds(torch, lambda: torch.matmul(a, b), 5)
    del a, b
    torch.cuda.empty_cache()
    return 2 * n ** 3 / seconds


# Each thread runs 8 independent chains of dependent FMAs, enough in flight
# to keep every FP32 lane busy; the sum is stored so nothing is dropped.
FMA_PROBE = r"""
#include <cstdio>
#include <cuda_runtime.h>

__global__ void fmaChains(float *out, float a, float b, int iterations) {
  float x[8];
  for (int c = 0; c < 8; ++c)
    x[c] = threadIdx.x * 1e-3f + c;
#pragma unroll 4
  for (int i = 0; i < iterations; ++i) {
#pragma unroll
    for (int c = 0; c < 8; ++c)
      x[c] = fmaf(x[c], a, b);
  }
  float sum = 0;
  for (int c = 0; c < 8; ++c)
    sum += x[c];
  out[blockIdx.x * blockDim.x + threadIdx.x] = sum;
}

int main() {
  int sms = 0;
  if (cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0) !=
      cudaSuccess) {
    std::fprintf(stderr, "no device\n");
    return 1;
  }
  const int threads = 256, blocks = sms * 16, iterations = 1 << 14;
  float *out;
  cudaMalloc(&out, sizeof(float) * threads * blocks);
  cudaEvent_t start, end;
  cudaEventCreate(&start);
  cudaEventCreate(&end);
  float best = 1e30f;
  for (int r = 0; r < 6; ++r) {
    cudaEventRecord(start);
    fmaChains<<<blocks, threads>>>(out, 0.999f, 0.001f, iterations);
    cudaEventRecord(end);
    cudaEventSynchronize(end);
    float ms = 0;
    cudaEventElapsedTime(&ms, start, end);
    if (r > 0 && ms < best)
      best = ms;
  }
  if (cudaGetLastError() != cudaSuccess) {
    std::fprintf(stderr, "%s\n", cudaGetErrorString(cudaGetLastError()));
    return 1;
  }
  double flops = 2.0 * 8 * iterations * double(threads) * blocks;
  std::printf("%.6e\n", flops / (best * 1e-3));
  return 0;
}
"""


def find_nvcc():
    default = "/usr/local/cuda/bin/nvcc"
    return shutil.which("nvcc") or (default if os.access(default, os.X_OK)
                                    else None)


def nvcc_fma_flops(timeout):
    """FMA peak (flops/s, an FMA being 2) of the probe, or (None, why)."""
    nvcc = find_nvcc()
    if not nvcc:
        return None, "nvcc not found"
    with tempfile.TemporaryDirectory(prefix="bench-gpu-probe-") as work:
        source = os.path.join(work, "fma.cu")
        probe = os.path.join(work, "fma")
        with open(source, "w") as f:
            f.write(FMA_PROBE)
        code, _, err = run_command([nvcc, "-O3", "-arch=native", source,
                                    "-o", probe], timeout)
        if code != 0:
            return None, "nvcc failed: " + " | ".join(
                err.strip().splitlines()[-3:])
        code, out, err = run_command([probe], timeout)
        if code != 0:
            return None, "the probe failed: " + err.strip()
        return float(out.strip()), None


def measure_limits(torch, timeout):
    limits = {}
    if torch:
        try:
            limits.update(torch_bandwidths(torch))
            limits["bandwidth_source"] = "torch copy_ (256 MiB)"
        except Exception as error:  # Reported; the cases still run.
            print("bench-gpu: the copy bandwidths failed: %s: %s" %
                  (type(error).__name__, error))
    flops, why = nvcc_fma_flops(timeout)
    if flops:
        limits["fma_flops_per_s"] = flops
        limits["fma_source"] = "nvcc probe (FMA chains)"
    elif torch:
        print("bench-gpu: %s: the FMA peak is torch's f32 matmul (a lower "
              "bound)" % why)
        try:
            limits["fma_flops_per_s"] = torch_matmul_flops(torch)
            limits["fma_source"] = "torch f32 matmul %d^3 (%s)" % (
                PEAK_MATMUL_SIZE, why)
        except Exception as error:  # Reported; the cases still run.
            print("bench-gpu: torch's matmul failed: %s: %s" %
                  (type(error).__name__, error))
    else:
        print("bench-gpu: %s, and no PyTorch with CUDA: no FMA peak" % why)
    return limits


def limit_us(work, limits):
    """The least time the work can take, and what bounds it: device traffic
    at the copy bandwidth or flops at the FMA peak (whichever is longer),
    plus the copies through host memory; (None, "") where a figure is
    missing or the case has no bound."""
    device = []  # (seconds, what)
    if "device_bytes" in work and "d2d_bytes_per_s" in limits:
        device.append((work["device_bytes"] / limits["d2d_bytes_per_s"],
                       "%.4g MiB device" % (work["device_bytes"] / MIB)))
    if "flops" in work and "fma_flops_per_s" in limits:
        device.append((work["flops"] / limits["fma_flops_per_s"],
                       "%.3g GFLOP" % (work["flops"] / 1e9)))
    host = sum(work.get(k, 0) for k in ("h2d_bytes", "d2h_bytes"))
    needed = {"device_bytes", "flops"} & set(work)
    # Inputs come from pageable memory unless the case pins them; results
    # can always land in page-locked memory (tfc's do).
    h2d_rate = ("h2d_pinned_bytes_per_s" if work.get("pinned_inputs")
                else "h2d_bytes_per_s")
    d2h_rate = "d2h_pinned_bytes_per_s"
    if (not work or len(device) < len(needed) or
            (host and not {h2d_rate, d2h_rate} <= set(limits))):
        return None, ""
    seconds, what = max(device, default=(0.0, ""))
    if host:
        seconds += (work.get("h2d_bytes", 0) / limits[h2d_rate] +
                    work.get("d2h_bytes", 0) / limits[d2h_rate])
        what += "%s%.4g MiB host copies" % (" + " if what else "",
                                            host / MIB)
    return seconds * 1e6, what


# --------------------------------------------------------------------------
# Report
# --------------------------------------------------------------------------


def ratio(a, b):
    return a / b if a is not None and b else None


def cell(value, digits=1):
    if value is None:
        return "-"
    return "%.*f" % (digits, value)


def print_table(rows):
    header = ["case", "tfc us", "PyTorch us", "limit us", "tfc/limit",
              "tfc/PyTorch", "limit: what"]
    lines = [header]
    for row in rows:
        tfc = row["tfc"]
        lines.append([row["case"],
                      "FAILED" if "error" in tfc else cell(
                          tfc.get("median_us")),
                      cell(row["torch"].get("median_us")),
                      cell(row["limit_us"]),
                      cell(row["tfc_over_limit"], 2),
                      cell(row["tfc_over_torch"], 2),
                      row["limit_what"]])
    widths = [max(len(line[i]) for line in lines) for i in range(7)]
    for line in lines:
        print("  ".join(line[i].ljust(widths[i]) if i in (0, 6) else
                        line[i].rjust(widths[i]) for i in range(7)).rstrip())


def print_limits(limits):
    for key, what, unit, scale in (
            ("d2d_bytes_per_s", "device-to-device copy (read + written)",
             "GB/s", 1e9),
            ("h2d_bytes_per_s", "pageable host to device", "GB/s", 1e9),
            ("d2h_bytes_per_s", "device to pageable host", "GB/s", 1e9),
            ("h2d_pinned_bytes_per_s", "page-locked host to device", "GB/s",
             1e9),
            ("d2h_pinned_bytes_per_s", "device to page-locked host", "GB/s",
             1e9),
            ("fma_flops_per_s", "f32 FMA peak", "TFLOP/s", 1e12)):
        if key in limits:
            print("bench-gpu: %s: %.1f %s" % (what, limits[key] / scale, unit))
    for key in ("bandwidth_source", "fma_source"):
        if key in limits:
            print("bench-gpu: %s: %s" % (key.replace("_", " "), limits[key]))


def parse_options():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls-only", action="store_true",
                        help="only check that every call completes")
    parser.add_argument("--out", help="default: results-gpu.json here")
    parser.add_argument("--cases", help="comma-separated case names")
    parser.add_argument("--timeout", type=int, default=120,
                        help="seconds for each tfc-run (default 120)")
    parser.add_argument("--budget", type=int, default=170,
                        help="seconds for the whole run: cases that would "
                        "start later are skipped (default 170)")
    return parser.parse_args()


def bundle_sizes():
    """Full size -> the bundle's (empty unless built with --small)."""
    try:
        with open(os.path.join(HERE, "bundle.json")) as f:
            bundle = json.load(f)
    except (OSError, ValueError) as error:
        sys.exit("bench-gpu: run.py runs from the bundle `make bench-gpu` "
                 "builds: %s" % error)
    return {int(k): v for k, v in bundle.get("sizes", {}).items()}


def selected_cases(names):
    if not names:
        return CASES
    wanted = names.split(",")
    unknown = set(wanted) - {c.name for c in CASES}
    if unknown:
        sys.exit("bench-gpu: unknown cases: " + ", ".join(sorted(unknown)))
    return [c for c in CASES if c.name in wanted]


def describe_machine(devices, torch):
    machine = {"tfc_devices": devices, "host": platform.node(),
               "python": platform.python_version()}
    machine.update(describe_devices(devices))
    machine.update(nvidia_smi())
    machine.update(nvcc_version())
    if torch:
        machine.update({"torch": torch.__version__,
                        "torch_cuda": torch.version.cuda,
                        "torch_device": torch.cuda.get_device_name(0)})
    return machine


def run_case(case, sizes, torch, limits, options, seconds_left):
    """The case's row of the results; prints a line as it goes."""
    if seconds_left < 10:
        print("bench-gpu: %s: skipped, the run's --budget is spent" %
              case.name)
        return {"case": case.name, "what": case.what, "skipped": True}
    tfc = time_tfc(case, min(options.timeout, int(seconds_left)),
                   options.calls_only)
    peer = time_peer(torch, case, sizes) if torch else {}
    work = case.work(lambda n: sizes.get(n, n))
    limit, limit_what = limit_us(work, limits)
    if "error" in tfc:
        print("FAIL %s: %s" % (case.name, tfc["error"]), flush=True)
    elif options.calls_only:
        launches = tfc.get("launches")
        print("PASS %s%s" % (case.name, "" if launches is None else
                             " (%d kernel launches in %d calls)" %
                             (launches, WARMUP_CALLS + tfc["calls"])),
              flush=True)
    else:
        print("bench-gpu: %s: tfc %s us, PyTorch %s us" %
              (case.name, cell(tfc["median_us"]),
               cell(peer.get("median_us"))), flush=True)
    if "error" in peer:
        print("bench-gpu: %s: PyTorch failed: %s" % (case.name,
                                                     peer["error"]))
    return {"case": case.name, "what": case.what, "tfc": tfc, "torch": peer,
            "work": work, "limit_us": limit, "limit_what": limit_what,
            "tfc_over_limit": ratio(tfc.get("median_us"), limit),
            "tfc_over_torch": ratio(tfc.get("median_us"),
                                    peer.get("median_us"))}


def main():
    started = time.monotonic()
    options = parse_options()
    sizes = bundle_sizes()
    cases = selected_cases(options.cases)

    devices, found = tfc_devices(tfc_env(options.calls_only))
    for line in devices:
        print("bench-gpu: " + line)
    if not found and options.calls_only:
        print("bench-gpu: --calls-only needs a CUDA driver with a device "
              "(TFC_CUDA_DRIVER)")
        return 1
    if not found:
        print("bench-gpu: no CUDA device here: skipped. On a machine with "
              "an NVIDIA driver: python3 %s" % os.path.join(HERE, "run.py"))
        return 0

    torch = None if options.calls_only else load_torch()
    machine = describe_machine(devices, torch)
    limits = {} if options.calls_only else measure_limits(torch,
                                                          options.timeout)
    if sizes:
        print("bench-gpu: sizes reduced (built with --small): %s" % sizes)
    rows, skipped = [], []
    for case in cases:
        seconds_left = options.budget - (time.monotonic() - started)
        row = run_case(case, sizes, torch, limits, options, seconds_left)
        if not row.get("skipped"):
            rows.append(row)
        else:
            skipped.append(case.name)

    failed = [r["case"] for r in rows if "error" in r["tfc"]]
    failed += skipped if options.calls_only else []
    if options.calls_only:
        print("bench-gpu: %d of %d cases' calls complete" %
              (len(cases) - len(failed), len(cases)))
    else:
        print_table(rows)
        print_limits(limits)
    seconds = time.monotonic() - started
    results = {"date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
               "seconds": round(seconds, 1),
               "calls_only": options.calls_only, "sizes": sizes,
               "machine": machine, "limits": limits, "cases": rows,
               "skipped": skipped}
    out = options.out or os.path.join(HERE, "results-gpu.json")
    with open(out, "w") as f:
        json.dump(results, f, indent=2)
    print("bench-gpu: results in %s (%.0f s)" % (out, seconds))
    if skipped:
        print("bench-gpu: not run (--budget): " + ", ".join(skipped))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
