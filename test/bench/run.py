"""run.py - `make bench`: tfc against ONNX Runtime, PyTorch and OpenBLAS.

Builds the cases' models with tfc, twice: for the host CPU and with
`--cpu=haswell` (AVX2 and FMA, the AVX2 target of tfc's code generation),
exports the same models to ONNX from PyTorch (same weights), checks that
every output matches the peers within the case's tolerance, then times each
case with 1 and 2 threads, interleaving the runners round by round in the
same run: tfc (a C driver calling tfc_model_call in a loop), ONNX Runtime
(onnxruntime-node), PyTorch and, for the matmuls, OpenBLAS through NumPy.
The host build runs against the peers with the CPU's own kernels; the
Haswell build against OpenBLAS's Haswell kernel (OPENBLAS_CORETYPE=Haswell)
and PyTorch restricted to AVX2 (ATEN_CPU_CAPABILITY=avx2, its BLAS on the
Haswell kernel too, oneDNN's convolutions by ONEDNN_MAX_CPU_ISA=AVX2). It also measures the machine's limits (FMA peak with
AVX-512 and with AVX2, STREAM triad) and reports each case's fraction of the
limit of its build's vector width.

What the CPU cannot run is skipped, with a message: the AVX-512 peak on a
CPU without AVX-512 (the host build is then an AVX2 or SSE one), the
Haswell build on a CPU without AVX2 and FMA. Without PyTorch (or ONNX
Runtime) their columns stay empty.

Run with Debian's /usr/bin/python3 (which has torch, numpy and onnx) after
setup.sh: /usr/bin/python3 test/bench/run.py --build-dir build
Cases with a batch (the MLPs, softmax, conv_relu) come twice: "variant": "static",
the batch in the model's types, and "variant": "dynamic", the batch a `?`
that the run's inputs set (and `?x?` for softmax), each timed against
the same peers; the summary prints dynamic over static. The MLPs come
twice more with "weights": "variables" (the weights held in variables,
assigned once by the driver) instead of "args" (passed to every call);
the summary prints variables over arguments.

Environment: BENCH_CASES (comma-separated case names), BENCH_CPUS
("native,haswell" by default), BENCH_ROUNDS, BENCH_REPS, BENCH_THREADS
(e.g. "2"), BENCH_SETTLE_S (idle seconds before each timed runner of a
multi-threaded row, default 0.3).
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

import numpy as np

try:
    import torch
except ImportError:  # the PyTorch and ONNX Runtime peers are skipped
    torch = None

SRC = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(SRC))

# ---------------------------------------------------------------------------
# The cases: a tfc model, the ONNX model of the same computation, inputs.
# ---------------------------------------------------------------------------

MLP_LAYERS = [(784, 512), (512, 512), (512, 10)]
# Seconds of idle time before each timed process or request of a multi-
# threaded row (BENCH_SETTLE_S): longer than the peers' thread pools spin
# after their work (libgomp, OpenBLAS; libomp's KMP_BLOCKTIME is 200 ms).
SETTLE_S = float(os.environ.get("BENCH_SETTLE_S", "0.3"))
# The dynamic-shape issue's MLP.
MLP_WIDE_LAYERS = [(1024, 256), (256, 256), (256, 32)]


def mlp_mlir(batch, layers=MLP_LAYERS, weights="args"):
    """`batch` may be "?" (known at run time). `weights`: "args", or
    "variables" (variables w1, b1, ... that the driver assigns)."""
    args = [f"%x: tensor<{batch}x{layers[0][0]}xf32> {{tfc.name = \"x\"}}"]
    body = []
    h = "%x"
    for i, (n_in, n_out) in enumerate(layers, start=1):
        for name, t in ((f"w{i}", f"tensor<{n_in}x{n_out}xf32>"),
                        (f"b{i}", f"tensor<{n_out}xf32>")):
            if weights == "args":
                args.append(f"%{name}: {t} {{tfc.name = \"{name}\"}}")
                continue
            body.append(f"    %v{name} = tfc.get_variable \"{name}\" : {t} init #tfc.zeros")
            body.append(f"    %{name}, %r{name} = tfc.read %v{name} : !tfc.var<{t}>")
        t = f"tensor<{batch}x{n_out}xf32>"
        body.append(f"    %m{i} = tfc.matmul {h}, %w{i} : "
                    f"tensor<{batch}x{n_in}xf32>, tensor<{n_in}x{n_out}xf32>")
        body.append(f"    %z{i} = tfc.bias_add %m{i}, %b{i} : {t}, tensor<{n_out}xf32>")
        if i < len(layers):
            body.append(f"    %h{i} = tfc.relu %z{i} : {t}")
            h = f"%h{i}"
        else:
            body.append(f"    %p = tfc.softmax %z{i} : {t}")
    out = f"tensor<{batch}x{layers[-1][1]}xf32>"
    return (f"func.func @run({', '.join(args)}) -> {out} {{\n"
            f"  %r = tfc.graph -> ({out}) {{\n" + "\n".join(body) +
            f"\n    tfc.fetch %p : {out}\n  }}\n  return %r : {out}\n}}\n")


def softmax_mlir(rows, cols):
    """`rows` and `cols` may be "?" (known at run time)."""
    t = f"tensor<{rows}x{cols}xf32>"
    return (f"func.func @run(%x: {t} {{tfc.name = \"x\"}}) -> {t} {{\n"
            f"  %r = tfc.graph -> ({t}) {{\n"
            f"    %s = tfc.softmax %x : {t}\n"
            f"    tfc.fetch %s : {t}\n  }}\n  return %r : {t}\n}}\n")


def elementwise_mlir(n):
    t = f"tensor<{n}xf32>"
    return (f"func.func @run(%a: {t} {{tfc.name = \"a\"}}, "
            f"%b: {t} {{tfc.name = \"b\"}}, %c: {t} {{tfc.name = \"c\"}}) -> {t} {{\n"
            f"  %r = tfc.graph -> ({t}) {{\n"
            f"    %half = tfc.constant dense<0.5> : tensor<f32>\n"
            f"    %ab = tfc.mul %a, %b : {t}, {t}\n"
            f"    %abc = tfc.add %ab, %c : {t}, {t}\n"
            f"    %relu = tfc.relu %abc : {t}\n"
            f"    %y = tfc.mul %relu, %half : {t}, tensor<f32>\n"
            f"    tfc.fetch %y : {t}\n  }}\n  return %r : {t}\n}}\n")


def matmul_mlir(n):
    t = f"tensor<{n}x{n}xf32>"
    return (f"func.func @run(%a: {t} {{tfc.name = \"a\"}}, %b: {t} {{tfc.name = \"b\"}}) -> {t} {{\n"
            f"  %r = tfc.graph -> ({t}) {{\n"
            f"    %c = tfc.matmul %a, %b : {t}, {t}\n"
            f"    tfc.fetch %c : {t}\n  }}\n  return %r : {t}\n}}\n")


def accumulate_mlir(rows, cols):
    """The guide's slow loop: z = z + x[i] for every row, as written."""
    t, row = f"tensor<{rows}x{cols}xf32>", f"tensor<{cols}xf32>"
    body = [f"    %z0 = tfc.constant dense<0.0> : {row}"]
    for i in range(rows):
        body.append(f"    %s{i} = tfc.strided_slice %x begin [{i}] end [{i + 1}] "
                    f"shrink_axis_mask 1 : {t}")
        body.append(f"    %z{i + 1} = tfc.add %z{i}, %s{i} : {row}, {row}")
    return (f"func.func @run(%x: {t} {{tfc.name = \"x\"}}) -> {row} {{\n"
            f"  %r = tfc.graph -> ({row}) {{\n" + "\n".join(body) +
            f"\n    tfc.fetch %z{rows} : {row}\n  }}\n  return %r : {row}\n}}\n")


def reduce_sum_mlir(rows, cols):
    t, row = f"tensor<{rows}x{cols}xf32>", f"tensor<{cols}xf32>"
    return (f"func.func @run(%x: {t} {{tfc.name = \"x\"}}) -> {row} {{\n"
            f"  %r = tfc.graph -> ({row}) {{\n"
            f"    %s = tfc.reduce_sum %x axes [0] : {t}\n"
            f"    tfc.fetch %s : {row}\n  }}\n  return %r : {row}\n}}\n")
def conv_relu_mlir(batch, size, channels, k):
    """relu(conv2d(x, w, SAME) + b), NHWC input and HWIO filter."""
    x = f"tensor<{batch}x{size}x{size}x{channels}xf32>"
    w = f"tensor<{k}x{k}x{channels}x{channels}xf32>"
    b = f"tensor<{channels}xf32>"
    return (f"func.func @run(%x: {x} {{tfc.name = \"x\"}}, %w: {w} {{tfc.name = \"w\"}}, "
            f"%b: {b} {{tfc.name = \"b\"}}) -> {x} {{\n"
            f"  %r = tfc.graph -> ({x}) {{\n"
            f"    %c = tfc.conv2d %x, %w strides [1, 1, 1, 1] padding \"SAME\" : {x}, {w}\n"
            f"    %z = tfc.bias_add %c, %b : {x}, {b}\n"
            f"    %y = tfc.relu %z : {x}\n"
            f"    tfc.fetch %y : {x}\n  }}\n  return %r : {x}\n}}\n")


class Case:
    """`variants`: other tfc modules of the same computation, timed as
    runners `tfc_<key>`; `torch_cases`: the PyTorch runners and the
    py_peer.py case each times (default: "pytorch", the name's first word)."""

    def __init__(self, name, mlir, inputs, peers, flops=0, bytes_moved=0,
                 rtol=1e-4, atol=1e-6, onnx=None, variants=None,
                 torch_cases=None, variant="static", weights="args"):
        self.name, self.mlir, self.inputs, self.peers = name, mlir, inputs, peers
        # "static" or "dynamic": whether the model's batch is in its types.
        self.variant = variant
        # "args" or "variables": whether the weights (every input after the
        # first) are arguments of each call or variables assigned once.
        self.weights = weights
        self.flops, self.bytes_moved = flops, bytes_moved
        self.rtol, self.atol, self.onnx = rtol, atol, onnx
        self.variants = variants or {}
        self.torch_cases = torch_cases or {"pytorch": name.split("_")[0]}

    @property
    def key(self):
        """The case's name, with `_dynamic` for the dynamic variant and
        `_vars` for weights in variables."""
        return (self.name + ("_dynamic" if self.variant == "dynamic" else "") +
                ("_vars" if self.weights == "variables" else ""))

    @property
    def tfc_inputs(self):
        """The driver's inputs: the weights as @NAME=FILE.npy (assigned to
        the variable NAME, the file's stem after its last `_`) when they
        live in variables."""
        if self.weights == "args":
            return self.inputs
        return self.inputs[:1] + [
            "@" + os.path.basename(p)[:-len(".npy")].rsplit("_", 1)[1] + "=" + p
            for p in self.inputs[1:]]

    def dynamic(self, mlir):
        """The same case with the model `mlir`, whose batch is dynamic."""
        return self.twin(mlir, variant="dynamic")

    def with_variables(self, mlir):
        """The same case with the model `mlir`, whose weights are variables."""
        return self.twin(mlir, weights="variables")

    def twin(self, mlir, variant=None, weights=None):
        return Case(self.name, mlir, self.inputs, self.peers, self.flops,
                    self.bytes_moved, self.rtol, self.atol, self.onnx,
                    torch_cases=self.torch_cases, variant=variant or self.variant,
                    weights=weights or self.weights)


def make_cases(data_dir):
    """Writes the inputs as .npy files and returns the cases."""
    rng = np.random.RandomState(1234)

    def save(name, array):
        path = os.path.join(data_dir, name + ".npy")
        if not os.path.exists(path):
            np.save(path, np.ascontiguousarray(array, dtype=np.float32))
        return path

    weights = []
    for i, (n_in, n_out) in enumerate(MLP_LAYERS, start=1):
        bound = 1.0 / np.sqrt(n_in)
        weights.append(save(f"mlp_w{i}", rng.uniform(-bound, bound, (n_in, n_out))))
        weights.append(save(f"mlp_b{i}", rng.uniform(-bound, bound, (n_out,))))
    mlp_flops = sum(2 * n_in * n_out for n_in, n_out in MLP_LAYERS)
    cases = []
    for batch in (1, 64, 256):
        x = save(f"mlp_x{batch}", rng.uniform(0, 1, (batch, 784)))
        case = Case(f"mlp_b{batch}", mlp_mlir(batch), [x] + weights,
                    ["onnxruntime", "pytorch"], flops=batch * mlp_flops,
                    onnx="mlp")
        dynamic = case.dynamic(mlp_mlir("?"))
        cases += [case, dynamic,
                  case.with_variables(mlp_mlir(batch, weights="variables")),
                  dynamic.with_variables(mlp_mlir("?", weights="variables"))]
    # The dynamic-shape issue's MLP, 1024-256-256-32, from a generator of
    # its own so that the other cases' inputs stay the same.
    wide, wide_rng = [], np.random.RandomState(1024)
    for i, (n_in, n_out) in enumerate(MLP_WIDE_LAYERS, start=1):
        bound = 1.0 / np.sqrt(n_in)
        wide.append(save(f"mlpw_w{i}", wide_rng.uniform(-bound, bound, (n_in, n_out))))
        wide.append(save(f"mlpw_b{i}", wide_rng.uniform(-bound, bound, (n_out,))))
    wide_flops = sum(2 * n_in * n_out for n_in, n_out in MLP_WIDE_LAYERS)
    for batch in (1, 32, 256):
        x = save(f"mlpw_x{batch}", wide_rng.uniform(0, 1, (batch, 1024)))
        case = Case(f"mlpwide_b{batch}", mlp_mlir(batch, MLP_WIDE_LAYERS),
                    [x] + wide, ["onnxruntime", "pytorch"],
                    flops=batch * wide_flops, onnx="mlpwide",
                    torch_cases={"pytorch": "mlp"})
        dynamic = case.dynamic(mlp_mlir("?", MLP_WIDE_LAYERS))
        cases += [case, dynamic,
                  case.with_variables(mlp_mlir(batch, MLP_WIDE_LAYERS, "variables")),
                  dynamic.with_variables(mlp_mlir("?", MLP_WIDE_LAYERS, "variables"))]
    x = save("softmax_x", rng.normal(0, 4, (4096, 1024)))
    case = Case("softmax_4096x1024", softmax_mlir(4096, 1024), [x],
                ["onnxruntime", "pytorch"], bytes_moved=2 * 4 * 4096 * 1024,
                atol=1e-7, onnx="softmax")
    # Dynamic rows, and rows and columns dynamic (`?x?`: whole 64-element
    # steps along each row and a remainder).
    cases += [case, case.dynamic(softmax_mlir("?", 1024))]
    dyndyn = case.dynamic(softmax_mlir("?", "?"))
    dyndyn.name = "softmax_4096x1024_dyncols"
    cases.append(dyndyn)
    # The dynamic-shape issue's softmax, long rows, from a generator of its
    # own so that the other cases' inputs stay the same.
    x = save("softmax_long_x",
             np.random.RandomState(30000).normal(0, 4, (512, 30000)))
    case = Case("softmax_512x30000", softmax_mlir(512, 30000), [x],
                ["onnxruntime", "pytorch"], bytes_moved=2 * 4 * 512 * 30000,
                atol=1e-7, onnx="softmax_any")
    cases += [case, case.dynamic(softmax_mlir("?", 30000))]
    dyndyn = case.dynamic(softmax_mlir("?", "?"))
    dyndyn.name = "softmax_512x30000_dyncols"
    cases.append(dyndyn)
    n = 16 * 1024 * 1024
    abc = [save(f"ew_{k}", rng.normal(0, 1, (n,))) for k in "abc"]
    cases.append(Case("elementwise_16M", elementwise_mlir(n), abc,
                      ["onnxruntime", "pytorch"], bytes_moved=4 * 4 * n,
                      rtol=1e-6, atol=1e-7, onnx="elementwise"))
    for size in (1024, 2048):
        ab = [save(f"mm{size}_{k}", rng.uniform(-1, 1, (size, size))) for k in "ab"]
        cases.append(Case(f"matmul_{size}", matmul_mlir(size), ab,
                          ["openblas", "pytorch"], flops=2 * size ** 3,
                          rtol=1e-3, atol=1e-3))
    # The performance issue's case 7: the 500-slice accumulation, naive
    # (rewritten by tfc-slice-to-reduce) against reduce_sum and PyTorch's
    # loop; sums of 500 values in different orders, hence the tolerance.
    rows, cols = 500, 4096
    x = save("accumulate_x", rng.uniform(-1, 1, (rows, cols)))
    cases.append(Case(f"accumulate_{rows}x{cols}", accumulate_mlir(rows, cols), [x],
                      ["pytorch"], bytes_moved=4 * (rows + 1) * cols,
                      rtol=1e-5, atol=1e-4,
                      variants={"reduce_sum": reduce_sum_mlir(rows, cols)},
                      torch_cases={"pytorch": "accumulate",
                                   "pytorch_sum": "accumulate_sum"}))
    # The guide's conv_relu: 5x5, 32 -> 32 channels, SAME, [8, 64, 64, 32].
    # Sums of 800 products in float32, in different orders: rtol 1e-3.
    conv = [save("conv_x", rng.uniform(-1, 1, (8, 64, 64, 32))),
            save("conv_w", rng.uniform(-0.05, 0.05, (5, 5, 32, 32))),
            save("conv_b", rng.uniform(-0.1, 0.1, (32,)))]
    case = Case("conv_relu", conv_relu_mlir(8, 64, 32, 5), conv,
                ["pytorch"], flops=2 * 8 * 64 * 64 * 32 * 32 * 25,
                rtol=1e-3, atol=1e-5)
    cases += [case, case.dynamic(conv_relu_mlir("?", 64, 32, 5))]
    return cases


def torch_module(kind, weights):
    """The PyTorch module of an ONNX case ("mlp", "softmax", "elementwise")."""
    if kind in ("mlp", "mlpwide"):
        layers = []
        for w, b in zip(weights[0::2], weights[1::2]):
            linear = torch.nn.Linear(w.shape[0], w.shape[1])
            with torch.no_grad():
                linear.weight.copy_(torch.from_numpy(w).t())
                linear.bias.copy_(torch.from_numpy(b))
            layers += [linear, torch.nn.ReLU()]
        layers[-1] = torch.nn.Softmax(dim=1)
        return torch.nn.Sequential(*layers).eval()
    if kind == "softmax":
        return torch.nn.Softmax(dim=1)

    class Elementwise(torch.nn.Module):
        def forward(self, a, b, c):
            return torch.relu(a * b + c) * 0.5

    return Elementwise()


def export_onnx(case, model_dir):
    """Exports the ONNX model of `case` (once) and returns its path."""
    path = os.path.join(model_dir, case.onnx + ".onnx")
    if os.path.exists(path):
        return path
    if case.onnx in ("mlp", "mlpwide"):
        weights = [np.load(p) for p in case.inputs[1:]]
        module, names = torch_module("mlp", weights), ["x"]
        example = (torch.zeros(1, weights[0].shape[0]),)
        dynamic = {"x": {0: "batch"}, "y": {0: "batch"}}
    elif case.onnx == "softmax":
        module, names = torch_module("softmax", []), ["x"]
        example, dynamic = (torch.zeros(4096, 1024),), None
    elif case.onnx == "softmax_any":
        module, names = torch_module("softmax", []), ["x"]
        example = (torch.zeros(4, 16),)
        dynamic = {k: {0: "rows", 1: "cols"} for k in ("x", "y")}
    else:
        module, names = torch_module("elementwise", []), ["a", "b", "c"]
        example, dynamic = tuple(torch.zeros(16) for _ in range(3)), \
            {k: {0: "n"} for k in ("a", "b", "c", "y")}
    torch.onnx.export(module, example, path, input_names=names,
                      output_names=["y"], dynamic_axes=dynamic, opset_version=13)
    return path


# ---------------------------------------------------------------------------
# Runners.
# ---------------------------------------------------------------------------

class Worker:
    """A peer process answering JSON requests line by line."""

    def __init__(self, argv, env=None, greeting=False):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, env=env)
        self.info = json.loads(self.proc.stdout.readline()) if greeting else {}

    def request(self, **request):
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        answer = json.loads(self.proc.stdout.readline())
        if "error" in answer:
            raise RuntimeError(answer["error"])
        return answer["times"]

    def close(self):
        self.proc.stdin.close()
        self.proc.wait()


# The builds tfc is timed with: the host CPU, and Haswell (AVX2 and FMA).
# Each is compared with peers restricted to what that CPU has.
CPUS = {"native": [], "haswell": ["--cpu=haswell"]}


def cpu_flags():
    """The instruction set extensions the CPU reports (Linux)."""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("flags"):
                    return set(line.split(":", 1)[1].split())
    except OSError:
        pass
    return set()


# What restricts each library of the peers to AVX2: OpenBLAS's kernel,
# PyTorch's own vector kernels, and oneDNN (PyTorch's convolutions), which
# ignores ATEN_CPU_CAPABILITY.
AVX2_ENV = {"OPENBLAS_CORETYPE": "Haswell", "ATEN_CPU_CAPABILITY": "avx2",
            "ONEDNN_MAX_CPU_ISA": "AVX2", "DNNL_MAX_CPU_ISA": "AVX2"}


def py_env(threads, cpu):
    """The peers' environment: thread counts, and for `haswell` OpenBLAS's
    Haswell kernel and PyTorch's and oneDNN's AVX2 kernels; for `native` the
    CPU's own (a preset OPENBLAS_CORETYPE or OPENBLAS_L2_SIZE is dropped)."""
    env = dict(os.environ)
    env["OPENBLAS_NUM_THREADS"] = env["OMP_NUM_THREADS"] = str(threads)
    env["MKL_NUM_THREADS"] = str(threads)
    env.pop("OPENBLAS_L2_SIZE", None)
    for key in AVX2_ENV:
        env.pop(key, None)
    if cpu == "haswell":
        env.update(AVX2_ENV)
    return env


def run_tfc(driver, lib, case, threads, warmup, reps, out, inputs=None):
    """Times `lib` in a process of its own: {"times", "rss_base", "rss_peak"}."""
    model = os.path.basename(lib)[len("lib"):-len(".so")]
    argv = [driver, lib, model, "run", str(threads), str(warmup),
            str(reps), out] + (inputs or case.tfc_inputs)
    result = subprocess.run(argv, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"tfc driver failed on {case.name}: {result.stderr}")
    return json.loads(result.stdout)


def build_programs(build, bench):
    """Compiles limits.c and driver.c; returns their paths."""
    clang = "clang-22"
    limits_bin, driver = os.path.join(bench, "limits"), os.path.join(bench, "driver")
    subprocess.run([clang, "-O2", "-march=native", "-pthread",
                    os.path.join(SRC, "limits.c"), "-o", limits_bin], check=True)
    subprocess.run([clang, "-O2", os.path.join(SRC, "driver.c"), "-I",
                    os.path.join(ROOT, "runtime", "include"), "-L",
                    os.path.join(build, "lib"), "-ltfc_runtime",
                    "-Wl,-rpath," + os.path.join(build, "lib"), "-ldl", "-o",
                    driver], check=True)
    return limits_bin, driver


def compile_tfc(tfc, mlir, src, lib, flags=()):
    """Writes `mlir` to `src`, compiles it into `lib`; returns the seconds."""
    with open(src, "w") as f:
        f.write(mlir)
    start = time.perf_counter()
    subprocess.run([tfc, "compile", *flags, src, "-o", lib], check=True)
    return time.perf_counter() - start


def compare(case, runner, ours, theirs):
    """Checks `ours` against `theirs`: |a - b| <= atol + rtol * |b|."""
    a, b = np.load(ours), np.load(theirs)
    if a.shape != b.shape:
        return f"{case.name}: shape {a.shape} vs {runner}'s {b.shape}"
    err = np.abs(a.astype(np.float64) - b)
    bad = err > case.atol + case.rtol * np.abs(b)
    if bad.any():
        return (f"{case.name}: {bad.sum()} elements differ from {runner}'s "
                f"(max abs error {err.max():.3g}, rtol {case.rtol}, atol {case.atol})")
    return None


def measure_limits(limits_bin, previous):
    """Runs limits.c; with `previous`, keeps the better of both runs. A peak
    the CPU cannot reach (no AVX-512, no AVX2) is None."""
    print("measuring the machine's limits")
    limits = json.loads(subprocess.run([limits_bin], check=True, capture_output=True,
                                       text=True).stdout)
    if previous:
        for t, lim in limits.items():
            for key, value in lim.items():
                if value is not None:
                    lim[key] = max(value, previous[t][key])

    def gflops(value, isa):
        return f"{value:.0f} GFLOP/s ({isa})" if value else f"- ({isa}: not on this CPU)"

    for t, lim in limits.items():
        print(f"  {t} thread(s): FMA peak {gflops(lim['fma_avx512_gflops'], 'AVX-512')}, "
              f"{gflops(lim['fma_avx2_gflops'], 'AVX2')}; "
              f"triad {lim['triad_gbs']:.1f} GB/s")
    return limits


# The FMA peak that bounds code of each tfc target.
PEAK_OF_TARGET = {"avx512": "fma_avx512_gflops", "avx2": "fma_avx2_gflops"}


def limit_seconds(case, lim, target):
    """FLOPs at the FMA peak of `target`'s vectors, or bytes at the triad
    bandwidth; None when that peak was not measured."""
    if not case.flops:
        return case.bytes_moved / (lim["triad_gbs"] * 1e9)
    peak = lim.get(PEAK_OF_TARGET.get(target, ""))
    return case.flops / (peak * 1e9) if peak else None


def print_table(results):
    """The summary: medians, tfc/peer ratios, fraction of the limit."""
    print()
    print(f"{'case':<20} {'thr':>3} {'cpu (target)':<17} {'tfc':>10} {'onnxruntime':>18} "
          f"{'pytorch':>18} {'openblas':>18} {'limit':>10} {'tfc/limit':>9}")
    for e in results:
        cols = []
        for peer in ("onnxruntime", "pytorch", "openblas"):
            s = e["peers"].get(peer)
            cols.append(f"{fmt(s)} ({e['tfc_s'] / s:.2f}x)" if s else "-")
        limit = e["limit_s"]
        name = (e["case"] + (" dyn" if e["variant"] == "dynamic" else "") +
                (" vars" if e["weights"] == "variables" else ""))
        print(f"{name:<20} {e['threads']:>3} {e['cpu'] + ' (' + e['target'] + ')':<17} "
              f"{fmt(e['tfc_s']):>10} {cols[0]:>18} {cols[1]:>18} {cols[2]:>18} "
              f"{fmt(limit) if limit else '-':>10} "
              f"{format(limit / e['tfc_s'], '.0%') if limit else '-':>9}")
        others = {k: v for k, v in e["peers"].items()
                  if k not in ("onnxruntime", "pytorch", "openblas")}
        if others:
            print(" " * 25 + "; ".join(f"{k} {fmt(v)} ({e['tfc_s'] / v:.2f}x)"
                                       for k, v in others.items()))
    print("(x: tfc's time over the peer's; tfc/limit: the machine's limit over tfc's "
          "time; haswell rows: tfc --cpu=haswell against OpenBLAS's Haswell kernel "
          "and PyTorch with ATEN_CPU_CAPABILITY=avx2, limit at the AVX2 FMA peak)")
    static = {(e["case"], e["threads"], e["cpu"]): e["tfc_s"] for e in results
              if e["variant"] == "static" and e["weights"] == "args"}
    ratios = [(e, static.get((e["case"].replace("_dyncols", ""), e["threads"], e["cpu"])))
              for e in results if e["variant"] == "dynamic" and e["weights"] == "args"]
    if ratios:
        print("\ndynamic over static (goal: at most 1.15x)")
        for e, s in ratios:
            if s:
                print(f"  {e['case'] + ' dynamic':<34} {e['threads']}T {e['cpu']:<8} "
                      f"{fmt(e['tfc_s'])} / {fmt(s)} = {e['tfc_s'] / s:.2f}x")
    args = {(e["case"], e["variant"], e["threads"], e["cpu"]): e["tfc_s"]
            for e in results if e["weights"] == "args"}
    ratios = [(e, args.get((e["case"], e["variant"], e["threads"], e["cpu"])))
              for e in results if e["weights"] == "variables"]
    if ratios:
        print("\nweights in variables over weights as arguments (goal: at most 1.0x "
              "beyond noise)")
        for e, s in ratios:
            if s:
                name = e["case"] + (" dynamic" if e["variant"] == "dynamic" else "")
                print(f"  {name:<34} {e['threads']}T {e['cpu']:<8} "
                      f"{fmt(e['tfc_s'])} / {fmt(s)} = {e['tfc_s'] / s:.2f}x")


def summary(times):
    return {"median": statistics.median(times), "min": min(times), "max": max(times)}


def fmt(seconds):
    if seconds >= 1:
        return f"{seconds:.3g} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.3g} ms"
    return f"{seconds * 1e6:.3g} us"


def tfc_target(tfc, flags):
    """The CPU target `tfc compile` chooses with `flags` (`avx512`, ...)."""
    out = subprocess.run([tfc, "compile", "--print-target", *flags], check=True,
                         capture_output=True, text=True).stdout
    for line in out.splitlines():
        if line.startswith("target "):
            return line.split()[1].rstrip(":")
    raise RuntimeError("tfc compile --print-target printed no target: " + out)


def choose_cpus(tfc, flags):
    """The builds this CPU can run, each with its target; prints what is
    skipped and why."""
    wanted = os.environ.get("BENCH_CPUS", ",".join(CPUS)).split(",")
    cpus = {}
    for cpu in wanted:
        if cpu not in CPUS:
            raise SystemExit(f"BENCH_CPUS: unknown build {cpu} (use {', '.join(CPUS)})")
        if cpu == "haswell" and not {"avx2", "fma"} <= flags:
            print("  skipping the Haswell build: this CPU has no AVX2 and FMA")
            continue
        cpus[cpu] = tfc_target(tfc, CPUS[cpu])
        print(f"  build {cpu}: tfc compile {' '.join(CPUS[cpu]) or '(host CPU)'} "
              f"-> target {cpus[cpu]}")
    if "avx512f" not in flags:
        print("  this CPU has no AVX-512: its FMA peak is not measured, and the "
              "native build is an AVX2 (or SSE) one")
    return cpus


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build-dir", default=os.path.join(ROOT, "build"))
    args = parser.parse_args()
    build = os.path.abspath(args.build_dir)
    bench = os.path.join(build, "bench")
    data_dir, model_dir = os.path.join(bench, "data"), os.path.join(bench, "models")
    out_dir = os.path.join(bench, "out")
    for d in (data_dir, model_dir, out_dir):
        os.makedirs(d, exist_ok=True)
    rounds = int(os.environ.get("BENCH_ROUNDS", "3"))
    reps = max(10, int(os.environ.get("BENCH_REPS", "10")))
    thread_counts = [int(t) for t in os.environ.get("BENCH_THREADS", "1,2").split(",")]
    only = os.environ.get("BENCH_CASES")

    # The C programs: the machine's limits and the tfc driver.
    limits_bin, driver = build_programs(build, bench)
    tfc = os.path.join(build, "bin", "tfc")
    cpus = choose_cpus(tfc, cpu_flags())
    node = os.path.join(bench, "node")
    have_ort = torch is not None and os.path.isdir(
        os.path.join(node, "node_modules", "onnxruntime-node"))
    if torch is None:
        print("  PyTorch is not installed: no PyTorch and ONNX Runtime peers")
    elif not have_ort:
        print("  onnxruntime-node is not installed: no ONNX Runtime peer")

    cases = make_cases(data_dir)
    if only:
        cases = [c for c in cases if c.name in only.split(",")]
    print("compiling the cases with tfc")
    compile_times = {}
    for case in cases:
        case.libs, case.variant_libs = {}, {}
        for cpu in cpus:
            suffix = "" if cpu == "native" else "_" + cpu
            name = f"bench_{case.key}{suffix}"
            case.libs[cpu] = os.path.join(model_dir, f"lib{name}.so")
            compile_times[f"{case.key} ({cpu})"] = compile_tfc(
                tfc, case.mlir, os.path.join(model_dir, name + ".mlir"),
                case.libs[cpu], CPUS[cpu])
            for key, mlir in case.variants.items():
                name = f"bench_{case.name}_{key}{suffix}"
                case.variant_libs[cpu, key] = os.path.join(model_dir, f"lib{name}.so")
                compile_times[f"{case.name} ({key}, {cpu})"] = compile_tfc(
                    tfc, mlir, os.path.join(model_dir, name + ".mlir"),
                    case.variant_libs[cpu, key], CPUS[cpu])
        if case.onnx and have_ort:
            case.onnx_path = export_onnx(case, model_dir)
    for name, seconds in compile_times.items():
        print(f"  tfc compile {name}: {seconds:.2f} s")

    limits = measure_limits(limits_bin, None)

    ort = None
    if have_ort:
        ort = Worker(["node", os.path.join(SRC, "ort_peer.js")],
                     env=dict(os.environ, NODE_PATH=os.path.join(node, "node_modules")))
    results, failures, kernels = [], [], {}
    for threads in thread_counts:
        # One NumPy/PyTorch process per build: the CPU's own kernels, and
        # Haswell's.
        py = {}
        for cpu in cpus:
            py[cpu] = Worker([sys.executable, os.path.join(SRC, "py_peer.py"),
                              str(threads)], env=py_env(threads, cpu), greeting=True)
            info = py[cpu].info
            kernels[cpu] = info["core"]
            print(f"[{threads} thread(s)] {cpu} peers: OpenBLAS core {info['core']} "
                  f"({info['config']}), torch {info['torch']} with "
                  f"{info['torch_threads']} thread(s), capability "
                  f"{info['torch_capability']}")
        for case in cases:
            for cpu, target in cpus.items():
                entry = time_case(case, cpu, target, threads, driver, py[cpu], ort,
                                  kernels[cpu], rounds, reps, out_dir, limits, failures)
                results.append(entry)
        for worker in py.values():
            worker.close()
    if ort:
        ort.close()

    # The limits again, after the cases: the machine's best of both, and
    # every case's fraction recomputed against it.
    limits = measure_limits(limits_bin, limits)
    for entry in results:
        case = next(c for c in cases if c.name == entry["case"] and
                    c.variant == entry["variant"] and c.weights == entry["weights"])
        entry["limit_s"] = limit_seconds(case, limits[str(entry["threads"])],
                                         entry["target"])
    print_table(results)

    with open(os.path.join(bench, "results.json"), "w") as f:
        json.dump(results, f, indent=1)
    with open(os.path.join(bench, "machine.json"), "w") as f:
        json.dump({"limits": limits, "openblas_kernels": kernels, "targets": cpus,
                   "tfc_compile_s": compile_times, "rounds": rounds, "reps": reps},
                  f, indent=1)
    print(f"wrote {os.path.join(bench, 'results.json')}")
    if failures:
        print(f"{len(failures)} output mismatch(es)")
        return 1
    return 0


def time_case(case, cpu, target, threads, driver, py, ort, kernel, rounds, reps,
              out_dir, limits, failures):
    """Times one build of `case` and its peers, alternating them round by
    round; checks the peers' outputs against tfc's. Returns the results
    entry."""
    warmup = 2
    runners = {"tfc": None}
    for key in case.variants:
        runners[f"tfc_{key}"] = None
    for peer in case.peers:
        if peer == "openblas":
            runners["openblas"] = None
        elif peer == "pytorch" and torch is not None:
            for name in case.torch_cases:
                runners[name] = None
        elif peer == "onnxruntime" and ort and cpu == "native":
            runners[peer] = None
    times = {r: [] for r in runners}
    tag = f"{case.key}_{cpu}_{threads}"
    for rnd in range(rounds):
        for runner in runners:
            # The peers' thread pools (libgomp's, OpenBLAS's) keep spinning
            # for a while after a request; on a machine with as many cores
            # as threads they would take them from whichever runner comes
            # next. Let them fall asleep first.
            if threads > 1:
                time.sleep(SETTLE_S)
            out = os.path.join(out_dir, f"{tag}_{runner}.npy")
            if runner == "tfc":
                t = run_tfc(driver, case.libs[cpu], case, threads, warmup, reps,
                            out)["times"]
            elif runner.startswith("tfc_"):
                t = run_tfc(driver, case.variant_libs[cpu, runner[4:]], case,
                            threads, warmup, reps, out)["times"]
            elif runner == "onnxruntime":
                names = ["x"] if case.onnx != "elementwise" else ["a", "b", "c"]
                t = ort.request(model=case.onnx_path, threads=threads,
                                inputs=dict(zip(names, case.inputs)),
                                warmup=warmup, reps=reps, out=out)
            elif runner in case.torch_cases:
                t = py.request(peer="pytorch", case=case.torch_cases[runner],
                               inputs=case.inputs, warmup=warmup, reps=reps, out=out)
            else:
                t = py.request(peer="openblas", case="matmul", inputs=case.inputs,
                               warmup=warmup, reps=reps, out=out)
            times[runner] += t
            if rnd == 0 and runner != "tfc":
                problem = compare(case, runner, os.path.join(out_dir, f"{tag}_tfc.npy"),
                                  out)
                if problem:
                    failures.append(f"{problem} ({cpu})")
                    print("  MISMATCH " + failures[-1])
    stats = {r: summary(t) for r, t in times.items()}
    limit_s = limit_seconds(case, limits[str(threads)], target)
    tfc_s = stats["tfc"]["median"]
    entry = {"case": case.name, "variant": case.variant, "weights": case.weights,
             "threads": threads,
             "cpu": cpu, "target": target,
             "tfc_s": tfc_s, "peers": {r: s["median"] for r, s in stats.items()
                                        if r != "tfc"},
             "limit_s": limit_s, "times": stats}
    if "openblas" in stats:
        entry["openblas_kernel"] = kernel
    line = (f"[{threads}T {cpu}] {case.key:<18} tfc {fmt(tfc_s)} "
            f"({fmt(stats['tfc']['min'])}-{fmt(stats['tfc']['max'])})")
    for r, s in stats.items():
        if r == "tfc":
            continue
        label = r if r != "openblas" else f"openblas ({kernel})"
        line += (f" | {label} {fmt(s['median'])} ({fmt(s['min'])}-{fmt(s['max'])}) "
                 f"tfc/peer {tfc_s / s['median']:.2f}")
    if limit_s:
        line += f" | limit {fmt(limit_s)}, tfc at {limit_s / tfc_s:.0%} of it"
    print(line, flush=True)
    return entry


if __name__ == "__main__":
    sys.exit(main())
