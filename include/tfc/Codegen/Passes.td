//===- Passes.td - tfc CPU code generation passes ----------*- tablegen -*-===//
//
// The passes that make tfc's CPU code fast: tiling and fusion, threading,
// vectorization, polynomial approximations and the runtime's thread count.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_CODEGEN_PASSES_TD
#define TFC_CODEGEN_PASSES_TD

include "mlir/Pass/PassBase.td"

def TFCTileAndFuse : Pass<"tfc-tile-and-fuse", "::mlir::func::FuncOp"> {
  let summary = "Tile linalg ops on tensors for threads, caches and registers";
  let description = [{
    Tiles every statically shaped linalg op on tensors, from the last to the
    first, so that the code generator can vectorize the tiles:

    The tile sizes come from the CPU target named by `target`
    (`include/tfc/Codegen/TargetDescription.h`); the figures below are the
    AVX-512 target's, the AVX2 target's follow in parentheses.

    - Contractions (`linalg.matmul` and 2-d matmul-like generics) get three
      levels: an outer `scf.forall` over blocks of the output (64x256 at
      most; 48x64), the block is what one thread computes and what stays in
      cache, an `scf.for` over blocks of the reduction dimension (256 at
      most), and a register tile (8x32x1 at most; 6x16x1) that vectorizes
      into outer-product FMAs. From 512 rows on (256), B is first copied
      into panels of the register tile's width, so a register tile streams
      B from consecutive addresses. Each tile size divides its dimension
      (the largest divisor not above the target), so tiles are static and
      vectorize without masks; when no divisor of the rows is near the
      register tile's (64 or 1024 rows, 6-row tiles), the rows left after
      whole register tiles (4) get a register tile of their own: inside
      each block when the rows fit in two blocks (one block then holds
      them all), else as a contraction of their own, tiled alike.
    - Convolutions (`linalg.conv_2d_nhwc_hwcf`), with the element-wise op
      that consumes their output (bias and activation) fused in: blocks of
      output rows per image over threads, then register tiles of output
      columns by output channels (the matmul's register tile), and a
      reduction loop over filter rows,
      filter columns and input channels (one outer product per step). Pads
      become a fill and a copy into the interior first.
    - Other ops (element-wise chains, reductions, softmax) are roots of a
      row-wise tile-and-fuse: the root is tiled along its outer dimensions
      with an `scf.forall` and then row by row with an `scf.for`, and its
      linalg producers are fused into both loops, so a softmax runs as one
      pass over each row. Inside a row, each op steps 64 elements at a
      time, reductions keep as many partial results, and an element-wise op
      that is the last reader of another's result overwrites it in place.
      Rows longer than `max-row` elements, and 1-d ops longer than a step, are
      tiled along their last dimension instead, where every fused op is
      parallel.

    With `fuse-producers=false` every op is a root of its own: it is still
    tiled, threaded and vectorized, but only the fill of its own output is
    fused, so a softmax writes its maxima, exponentials and sums to whole
    intermediate tensors and reads them back. Contractions are unaffected.

    The `scf.forall` is only created when the op does at least
    `parallel-threshold` units of work (multiply-adds or elements), so small
    ops never pay for threads; below it the outer level is an `scf.for`.
    Ops whose first loop (a batch) is dynamic while the others are static
    take the same path. A contraction's blocks of rows (an `scf.forall` of
    fixed-size blocks, the last one partial) are split into `scf.for` loops
    over tiles of static row counts: register tiles; the rows left, when at
    least half a register tile, in one register tile whose rows of A are
    padded with zeros; fewer rows in tiles of 2 and 1 rows. A
    row-wise op's outer `scf.forall` takes chunks computed at run time:
    about 64 of them, but a single one below `parallel-threshold`
    (tfc-runtime-thread-count runs a one-iteration parallel loop on the
    calling thread); its inner rows are static. Convolutions and ops with
    other dynamic dimensions are left alone (they lower to scalar loops).
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"host\"",
           "The CPU target whose tile sizes apply: avx512, avx2, sse, neon, "
           "or host (the one the host CPU selects)">,
    Option<"parallelThreshold", "parallel-threshold", "int64_t",
           /*default=*/"1 << 17",
           "Work (elements or multiply-adds) below which an op runs on one "
           "thread">,
    Option<"maxRow", "max-row", "int64_t", /*default=*/"4096",
           "Longest row processed row by row when there are fewer rows "
           "than chunks for the threads (64); longer rows are then cut "
           "along their last dimension">,
    Option<"fuseProducers", "fuse-producers", "bool", /*default=*/"true",
           "Fuse the linalg producers of a row-wise root into its loops; "
           "false tiles every op on its own (each writes a whole "
           "intermediate tensor), to measure what fusion saves">,
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def TFCVectorize : Pass<"tfc-vectorize", "::mlir::func::FuncOp"> {
  let summary = "Vectorize statically shaped linalg ops inside tiled loops";
  let description = [{
    Vectorizes every linalg op with a static iteration space of at most
    `max-vector-elements` elements into the vector dialect, applies the
    cleanups that keep contractions as `vector.contract` (a later
    canonicalization would lose the FMA) and fold tensor slices into
    transfers, and hoists loop-invariant transfer pairs out of `scf.for`
    loops, so a register tile's accumulator stays in registers across the
    reduction loop. Ops outside any loop are vectorized too when small
    enough. Convolution tiles with one filter row are decomposed into 1-D
    convolutions first, the form the vectorizer handles.
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"host\"",
           "The CPU target (avx512, avx2, sse, neon, or host), whose "
           "register file bounds the size of one vector operation">,
    Option<"maxVectorElements", "max-vector-elements", "int64_t",
           /*default=*/"0",
           "Largest iteration space turned into one vector operation; 0 for "
           "the target's (eight register files: 4096 f32 with AVX-512)">,
  ];
  let dependentDialects = [
    "::mlir::vector::VectorDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def TFCApproximateMath : Pass<"tfc-approximate-math"> {
  let summary = "Polynomial approximations of exp, log, tanh and friends";
  let description = [{
    Replaces f32 `math.exp`, `math.expm1`, `math.log`, `math.log1p`,
    `math.log2`, `math.tanh` and `math.erf` (scalars and vectors) with
    MLIR's polynomial approximations, which vectorize, instead of calls to
    libm, which do not. `sin`, `cos` and `atan` stay with libm: their
    approximations lose accuracy far from zero. The approximations are accurate to a few ulp in the normal range
    (test/unit/ApproximateMathTest.cpp states the measured maximum relative
    errors).

    For a CPU `target` without FMA (`sse`), the approximations' `math.fma`
    become `arith.mulf` and `arith.addf`: LLVM would compute each exactly
    rounded fma with a libm call.
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"host\"",
           "The CPU target (avx512, avx2, sse, neon, or host); without FMA "
           "units, fused multiply-adds are split">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::math::MathDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def TFCPrivatizeDestinations
    : Pass<"tfc-privatize-destinations", "::mlir::func::FuncOp"> {
  let summary = "Give every user of a shared empty or filled tensor its own";
  let description = [{
    CSE merges every `tensor.empty` of a type into one, and the fills of
    them (the zeros a matmul accumulates into, as a `linalg.fill` or as
    its tiled loop) into one too: in a graph of N matmuls, one value is the
    destination of N ops. One-shot bufferization then sees one alias set
    of N writers and weighs each against all the others (quadratic: 57 s
    of 110 at 400 layers), only to give each a buffer of its own anyway.

    Before bufferization, this pass splits the users of such a value, in
    program order, into groups of eight: the first group keeps the value,
    each further group shares a copy of the computation that makes it,
    placed before the group's first user (outside any loop the user is
    in). A value is copied when it is a `tensor.empty`, or the result of a
    side-effect-free op of at most `max-ops` operations whose tensor
    inputs are such values and that uses no other tensor (a fill of an
    empty tensor, tiled or not). Within a group, bufferization still gives
    users whose values do not overlap in time one buffer; the analysis
    is quadratic in a group only. Values with at most eight users are left
    as they are.

    ```mlir
    %e = tensor.empty() : tensor<8x64xf32>
    %z = linalg.fill ins(%c0 : f32) outs(%e : tensor<8x64xf32>) -> tensor<8x64xf32>
    %a = linalg.matmul ins(%x, %w0 : ...) outs(%z : tensor<8x64xf32>) -> ...
    %b = linalg.matmul ins(%a, %w1 : ...) outs(%z : tensor<8x64xf32>) -> ...
    // with more than eight such matmuls, the ninth to the sixteenth
    // accumulate into a fill of an empty tensor of their own, and so on.
    ```
  }];
  let options = [
    Option<"maxOps", "max-ops", "int64_t", /*default=*/"64",
           "The largest computation that is copied (operations)">,
  ];
}

def TFCFreeIterationBuffers
    : Pass<"tfc-free-iteration-buffers", "::mlir::func::FuncOp"> {
  let summary = "Free the buffers a parallel loop's iteration allocates for "
                "itself";
  let description = [{
    Compiled code frees nothing itself: the runtime's arena of a call frees
    what the call allocated when it ends (docs/runtime.md). The arena
    belongs to the calling thread, so a buffer allocated by another thread
    of a parallel loop (a tile's scratch too large for the stack) is in no
    arena and would never be freed: memory that grows with every call.

    After bufferization, this pass frees each `memref.alloc` inside an
    `scf.forall` or `scf.parallel` whose buffer does not outlive its
    block: every use of it and of its views is inside that block, and none
    yields, returns, passes it to a call or turns it into a tensor. A
    `memref.dealloc` goes before the block's terminator, so the buffer is
    freed by the thread that allocated it, at the end of the iteration.

    ```mlir
    scf.forall (%i) in (8) {
      %scratch = memref.alloc() : memref<16384xf32>
      ...
      memref.dealloc %scratch : memref<16384xf32>   // added
    }
    ```
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def TFCStructuralCSE : Pass<"tfc-cse", "::mlir::func::FuncOp"> {
  let summary = "CSE whose key includes the structure of an op's regions";
  let description = [{
    Common subexpression elimination as `cse` does it, linear in the size
    of a function. `cse` keys an op by its name, attributes, result types
    and operands, not its regions: after tiling, every tiled loop of a
    graph has the same operands (the one empty tensor of its type that
    `cse` made of all of them; the values it reads are used inside), so
    all of them share one key, and `cse` compares each with every earlier
    one, region by region (quadratic in the graph: 30 s of 88 at 800
    layers).

    This pass first hashes each op with regions at the top level of the
    function together with everything inside it (each nested op as `cse`
    hashes it, values defined inside numbered in order, values from above
    by identity), and keeps the hash in an attribute while `cse` runs, so
    that only ops of equal structure share a key; the attributes are
    removed afterwards. The hash of an op leaves out its own operands
    (`cse` keys those once their duplicates are replaced) but includes the
    identity of the values its regions read from above: a loop that equals
    another only once such a value's duplicates are merged is merged in a
    further round, and rounds repeat until one changes nothing (two for
    most functions). What `cse` merges is merged.
  }];
}

def TFCSplitFunctions : Pass<"tfc-split-functions", "::mlir::ModuleOp"> {
  let summary = "Outline the pieces of a large function into functions";
  let description = [{
    Cuts every function of more than `max-ops` operations (nested ones
    included) into consecutive pieces of at most `max-ops` operations and
    moves each piece into a private function of its own, called in its
    place; the pieces are marked `noinline` for LLVM (`passthrough`). Runs on buffers (after
    bufferization), where moving code into a function changes nothing but
    where it lives: values used by a piece become arguments, values used
    after it results; constants and `memref.get_global` are cloned into
    the pieces instead, and `memref.alloca` stays where it is.

    Why: a graph of thousands of ops is one function; LLVM's optimizations
    and code generation are superlinear in a function's size, and the
    stack slots of all its vector temporaries add up (a 200-layer chain
    exceeded the 64 KiB that a compiled function may use). Pieces of
    bounded size keep compile time linear in the graph and each function's
    stack bounded; a call per piece costs nothing next to its loops.
    Functions within the bound are left as they are.

    ```mlir
    func.func @run(%x: memref<8x64xf32>) -> memref<8x64xf32> {
      // thousands of loop nests
    }
    // becomes
    func.func @run(%x: memref<8x64xf32>) -> memref<8x64xf32> {
      %a = call @run_part0(%x) : (memref<8x64xf32>) -> memref<8x64xf32>
      %b = call @run_part1(%a) : (memref<8x64xf32>) -> memref<8x64xf32>
      return %b : memref<8x64xf32>
    }
    func.func private @run_part0(%x: memref<8x64xf32>) -> memref<8x64xf32>
        attributes {passthrough = ["noinline"]} { ... }
    ```
  }];
  let options = [
    Option<"maxOps", "max-ops", "int64_t", /*default=*/"400",
           "The most operations a function keeps (and a piece gets)">,
  ];
  let dependentDialects = ["::mlir::func::FuncDialect"];
}

def TFCRuntimeThreadCount
    : Pass<"tfc-runtime-thread-count", "::mlir::ModuleOp"> {
  let summary = "Take the thread count of every omp.parallel from the runtime";
  let description = [{
    Gives every `omp.parallel` without a `num_threads` clause the value of
    `tfc_runtime_num_threads()`, the runtime's thread count for the model
    call in progress (set per model with `tfc_model_set_num_threads`, by
    default from `TFC_NUM_THREADS` or the number of cores).

    A region that is one plain work-sharing loop (what convert-scf-to-openmp
    makes of an `scf.parallel`: no reductions, private copies or inclusive
    bounds) is also given a serial twin, `scf.if (count > 1) { omp.parallel }
    else { scf.for nest }`, so that a call with one thread never enters
    OpenMP, whose fork and loop scheduling allocate on every region.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
    "::mlir::omp::OpenMPDialect",
    "::mlir::scf::SCFDialect",
  ];
}

//===----------------------------------------------------------------------===//
// CUDA code generation (docs/codegen.md, "CUDA")
//===----------------------------------------------------------------------===//

def TFCGPUCheckSupport : Pass<"tfc-gpu-check-support", "::mlir::ModuleOp"> {
  let summary = "Reject the ops the CUDA target does not compile yet";
  let description = [{
    Runs before `convert-tfc-to-linalg` in `tfc-cuda-pipeline`. Prints,
    `assert_positive` and host calls hand tensor buffers to the runtime,
    which reads them on the host during the call; on the CUDA target those
    buffers are device memory, so such an op is an error naming the op and
    the target instead of a program that reads device pointers on the host.
    `tfc.assert` is compiled: the runtime reads its condition and data at
    the end of the call (`tfc-lower-runtime-calls` with `defer-assertions`).
  }];
}

def TFCGPUDeviceMemory : Pass<"tfc-gpu-device-memory", "::mlir::ModuleOp"> {
  let summary = "Make host code use device memory only through the GPU runtime";
  let description = [{
    Runs on bufferized host code (functions outside `gpu.launch`) of a CUDA
    model, where every buffer is device memory:

    - `memref.alloc` becomes `gpu.alloc` (served by the runtime's per-model
      device workspace through `mgpuMemAlloc`);
    - `memref.get_global` of a constant becomes a device buffer filled with
      `gpu.memcpy` from the host constant;
    - `memref.copy` becomes `gpu.memcpy` between identity layouts, and an
      element-wise `linalg.generic` copy (a kernel) otherwise;
    - a scalar `memref.load` on the host (a branch or loop condition) is a
      one-thread kernel copying the element into a device scalar, followed
      by a `gpu.memcpy` into a host scalar that the host then loads; a
      `memref.store` on the host is a one-thread kernel.

    Host staging scalars are `memref.alloca`s at the function's entry (not
    in loops, where the stack would grow) marked `tfc.host`, so
    `tfc-gpu-verify-host-code` can tell them from device memory.
  }];
  let dependentDialects = [
    "::mlir::gpu::GPUDialect",
    "::mlir::linalg::LinalgDialect",
  ];
}

def TFCGPUMapLinalg : Pass<"tfc-gpu-map-linalg", "::mlir::func::FuncOp"> {
  let summary = "Map linalg ops on device buffers to gpu.launch";
  let description = [{
    Turns each `linalg.generic` on memrefs in host code into a `gpu.launch`:

    - all-parallel ops (element-wise chains, broadcasts, copies, fills): a
      1-d grid of `block-size`-thread blocks over the flattened iteration
      space, the innermost dimension fastest, so neighbouring threads touch
      neighbouring elements (coalesced);
    - reductions whose combiner is one associative op (`addf`, `maximumf`,
      ...) of 32-bit values: one block per output element (a row of a
      softmax or a `reduce_sum`), its threads striding over the row and the
      partial results combined with `gpu.all_reduce` (warp shuffles and
      shared memory), then thread 0 combines with the output's initial
      value; blocks of a row shorter than `block-size` are narrower, at
      least one warp;
    - matmul-like contractions of f32 buffers (C[b.., m, n] += A[b.., m, k]
      * B[b.., k, n], any operand layouts, m and n at least 16): blocks of
      16x16 threads computing 64x64 output tiles (128x128 when the grid
      still has 256 blocks), batches on the grid's z. Per step of 8 along
      k, the threads copy the A and B tiles into workgroup memory (the
      global loads coalesced along each operand's fastest index, issued
      one step ahead), meet at a barrier, and each accumulates a 4x4 (8x8)
      register tile from 128-bit workgroup loads;
    - other contractions and reductions: a 2-d grid of 16x16-thread tiles
      over the last two parallel dimensions (batch dimensions on the grid's
      z), each thread computing one output element;
    - a row chain, a run of the ops above other than contractions over the
      same static rows (their first loop), with at least one reduction,
      where whatever the run writes is only read at its own row: one kernel,
      a block per row running the ops in order with a barrier between two
      (a softmax: fills, row maxima, row sums, normalization).

    Threads striding over a row take four strides per loop iteration, each
    with its own accumulator, so four loads are in flight.

    The grid has at least one block (CUDA refuses empty grids): an empty
    iteration space is left to the kernels' bounds checks rather than to a
    host branch, so all of a call's launches stay on one stream.
  }];
  let options = [
    Option<"blockSize", "block-size", "int64_t", /*default=*/"256",
           "Threads per block of element-wise ops and row reductions">,
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::math::MathDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def TFCGPUFuseElementwise : Pass<"tfc-gpu-fuse-elementwise"> {
  let summary = "Recompute shared element-wise results inside their users";
  let description = [{
    For the CUDA target, after linalg's element-wise fusion (which fuses a
    producer into its only user): an element-wise `linalg.generic` on
    tensors whose result several ops read is fused into each of them, so
    its result need not be written to device memory and read back, when at
    most one of its inputs is as large as its result (the others
    broadcasts). A softmax's `exp(x - max)` is then computed inside its row
    sum and inside the normalization, and the full-size temporary is gone.
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
}

def TFCGPUVerifyHostCode
    : Pass<"tfc-gpu-verify-host-code", "::mlir::ModuleOp"> {
  let summary = "Fail if host code still touches device memory";
  let description = [{
    After `tfc-gpu-device-memory` and `tfc-gpu-map-linalg`, host code of a
    CUDA model may only pass device buffers around, take views of them and
    hand them to GPU ops. A load, store, copy or linalg op on a buffer that
    is not a host staging buffer, or a host allocation that is not one, is
    an error at the op's location rather than a program that dereferences
    device pointers on the host.
  }];
}

def TFCGPULowerAllReduce
    : Pass<"tfc-gpu-lower-all-reduce", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Lower gpu.all_reduce in kernels to shuffles and barriers";
  let description = [{
    Applies MLIR's all-reduce lowering to outlined kernels: each warp
    reduces with shuffles, warp results meet in workgroup memory after a
    barrier, and the first warp reduces them. `convert-gpu-to-nvvm` has no
    pattern for `gpu.all_reduce` itself.
  }];
  let dependentDialects = [
    "::mlir::gpu::GPUDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::memref::MemRefDialect",
  ];
}

def TFCGPUMergeKernelModules
    : Pass<"tfc-gpu-merge-kernel-modules", "::mlir::ModuleOp"> {
  let summary = "Put every outlined kernel into one gpu.module";
  let description = [{
    `gpu-kernel-outlining` makes one `gpu.module` per kernel. A model's
    kernels are compiled together instead: one PTX per architecture, one
    `ptxas` run each, one fatbin and one module load when the library is
    loaded. Each kernel takes the name of its module, which outlining made
    unique.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

def TFCGPUPackFatbin : Pass<"tfc-gpu-pack-fatbin", "::mlir::ModuleOp"> {
  let summary = "Assemble each architecture's PTX with ptxas into one fatbin";
  let description = [{
    Expects `gpu.binary` ops holding PTX (`gpu-module-to-binary
    format=isa`), one object per `#nvvm.target`. Runs `ptxas -arch=sm_XX`
    on each PTX and `fatbinary` on the cubins plus the PTX (kept for JIT on
    newer GPUs), and replaces the objects with one fatbin object, which the
    runtime loads with `mgpuModuleLoad`. The tools are taken from
    `toolkit`/bin, else from `PATH`; without them the pass fails saying
    so.
  }];
  let options = [
    Option<"toolkitPath", "toolkit", "std::string", /*default=*/"\"\"",
           "CUDA toolkit directory holding bin/ptxas and bin/fatbinary">,
  ];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

def TFCGPUEmulate : Pass<"tfc-gpu-emulate", "::mlir::ModuleOp"> {
  let summary = "Run outlined GPU kernels on the host CPU";
  let description = [{
    The CUDA emulator's core (`tfc compile --target=cuda-emulator`). Each
    kernel of the mapped and outlined program becomes a host function that
    loops over the grid's blocks and, in each block, over its threads once
    per phase: the kernel's top-level ops are split at each `gpu.barrier`
    and `gpu.all_reduce`. A scalar computed in one phase and used in a
    later one is kept per thread in an array; an all-reduce combines the
    threads' values in thread order between two phases, and every thread
    of the next phase sees the result. Thread, block, block-size and
    grid-size ids become loop indices and arguments; each `gpu.launch_func`
    calls its kernel's function with the launch's sizes; `gpu.alloc` and
    `gpu.memcpy` become host allocations and copies. A loop whose body
    holds barriers (every thread runs it the same number of times) runs
    once for the block, its body phase by phase, its iteration arguments
    kept per thread; workgroup memory is one host buffer the blocks use in
    turn. A barrier inside other control flow, warp-level ops, or private
    memory are errors.
  }];
  let dependentDialects = [
    "::mlir::func::FuncDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
  ];
}

#endif // TFC_CODEGEN_PASSES_TD
