//===- Passes.td - tfc GPU code generation passes ----------*- tablegen -*-===//
//
// The passes that turn linalg on tensors into CUDA kernels and the host code
// that launches them: device memory, the mapping to blocks and threads,
// kernel modules, PTX and fatbins, and the CPU emulation of the kernels
// (docs/codegen.md, "CUDA").
//
//===----------------------------------------------------------------------===//

#ifndef TFC_CODEGEN_GPU_PASSES_TD
#define TFC_CODEGEN_GPU_PASSES_TD

include "mlir/Pass/PassBase.td"

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

def TFCGPUDecomposeConcat
    : Pass<"tfc-gpu-decompose-concat", "::mlir::func::FuncOp"> {
  let summary = "Decompose tensor.concat into insert_slice ops";
  let description = [{
    Each `tensor.concat` becomes a `tensor.empty` of the result and one
    `tensor.insert_slice` per operand, and an operand's producer (an
    element-wise op, a fill) whose empty destination and result serve that
    insertion alone writes its slice of the result instead: bufferization
    writes it in place, one kernel and one temporary fewer per such
    operand. (A `tfc.stack` of `[x * x, x, 1]` in the polynomial fit: three
    kernels and two copies become two kernels and one copy.)
  }];
  let dependentDialects = ["::mlir::tensor::TensorDialect"];
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
      least one warp. Column reductions (neighbouring outputs read
      neighbouring elements) get a thread per output element walking down
      its column, and few long rows several blocks a row; when the outputs
      give too few blocks, the reduced elements are cut into parts whose
      results a second kernel combines in order;
    - matmul-like contractions of f32 buffers (C[b.., m, n] += A[b.., m, k]
      * B[b.., k, n], any operand layouts, m and n at least 16): blocks of
      16x16 threads computing 64x64 output tiles (128x128 when the grid
      still has 256 blocks), batches on the grid's z. Per step of 8 along
      k, the threads copy the A and B tiles into workgroup memory (the
      global loads coalesced along each operand's fastest index, issued
      one step ahead), meet at a barrier, and each accumulates a 4x4 (8x8)
      register tile from 128-bit workgroup loads. The fill of the product
      just before it starts its accumulators instead, and an element-wise
      op just after it reading the product at its own position (bias add,
      activation) is computed from the registers and stored (the product
      only when read later): a dense layer is one kernel;
    - other contractions and reductions: a 2-d grid of 16x16-thread tiles
      over the last two parallel dimensions (batch dimensions on the grid's
      z), each thread computing one output element;
    - a row chain, a run of the ops above other than contractions over the
      same static rows (their first loop), with at least one reduction,
      where whatever the run writes is only read at its own row: one kernel,
      a block per row running the ops in order with a barrier between two
      (a softmax: fills, row maxima, row sums, normalization).

    Threads striding over a row take four strides per loop iteration, each
    with its own accumulator, so four loads are in flight. When a row
    chain's rows are static and a thread has at most 32 elements of a row,
    each op's positions are unrolled instead and the elements an earlier op
    loaded or stored stay in registers: the chain reads its rows once.

    First, a `gpu.memcpy` of a buffer last written by a fill becomes the
    same fill of the copy's target, so that a copy bufferization made of
    shared zeros does not split a row chain (a cross-entropy).

    The grid has at least one block (CUDA refuses empty grids): an empty
    iteration space is left to the kernels' bounds checks rather than to a
    host branch, so all of a call's launches stay on one stream.
  }];
  let options = [
    Option<"blockSize", "block-size", "int64_t", /*default=*/"256",
           "Threads per block of element-wise ops and row reductions">,
    Option<"matmulPrecision", "matmul-precision", "std::string",
           /*default=*/"\"f32\"",
           "How tiled f32 matmuls multiply: f32 (FMAs, exact f32 "
           "products), tf32 or bf16 (tensor cores' mma.sync, sm_80 and "
           "later: operands rounded to 10 or 7 bits of mantissa, sums in "
           "f32)">,
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::math::MathDialect",
    "::mlir::nvgpu::NVGPUDialect",
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

def TFCGPUMergeLaunches
    : Pass<"tfc-gpu-merge-launches", "::mlir::func::FuncOp"> {
  let summary = "Run consecutive small or independent launches as one kernel";
  let description = [{
    After `tfc-gpu-map-linalg`: a small graph (a training step on a few
    parameters) is tens of kernels of one block each, and on a GPU each
    launch costs more than its work. Consecutive `gpu.launch` ops of a
    1x1x1 grid, with only allocations, views, sizes and pure arithmetic of
    host code between them, become one launch of one block running their
    bodies in order with a `gpu.barrier` between two (the barrier also makes
    what one body wrote visible to the next). The block has the most
    threads any of them had; a body written for fewer runs under a guard on
    the thread id and sees its own block size, and one that synchronizes
    its threads (a barrier or an all-reduce) is merged only with bodies of
    its own block size. Launches with 2-d or 3-d blocks merge only with
    launches of the same block, and launches with workgroup memory not at
    all. Before that, consecutive launches of the same grid and block
    values (of any size) whose bodies do not synchronize and touch
    disjoint memory (disjoint static subviews of a buffer, such as a
    concatenation's columns) become one launch whose threads run the
    bodies in order, with no barrier. The host ops between merged launches
    move before the first.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect"];
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

def TFCGPULowerBF16Mma
    : Pass<"tfc-gpu-lower-bf16-mma", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Lower nvgpu.mma.sync on BF16 to nvvm.mma.sync";
  let description = [{
    `convert-nvgpu-to-nvvm` lowers `nvgpu.mma.sync` on TF32, F16 and
    integers but not on BF16. This pass lowers the BF16 form the tiled
    matmuls use (m16n8k16, f32 accumulators): each register of A
    (`vector<4x2xbf16>`) and B (`vector<2x2xbf16>`) is its two BF16 values
    bit-cast to one i32, the accumulators are four f32, and
    `nvvm.mma.sync` (row-major A, column-major B) returns a struct of four
    f32 that becomes the `vector<2x2xf32>` result.
  }];
  let dependentDialects = [
    "::mlir::LLVM::LLVMDialect",
    "::mlir::NVVM::NVVMDialect",
    "::mlir::vector::VectorDialect",
  ];
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
    of the next phase sees the result. An `nvgpu.mma.sync` (m16n8k8 on
    TF32 or m16n8k16 on BF16, the tensor cores' matmuls) is a step of its
    own too: for each warp it multiplies the lanes' fragments as PTX lays
    them out, the operands read as the tensor cores read them, and gives
    each lane its part of the result. Thread,
    block, block-size and
    grid-size ids become loop indices and arguments; each `gpu.launch_func`
    calls its kernel's function with the launch's sizes; `gpu.alloc` and
    `gpu.memcpy` become host allocations and copies. A loop whose body
    holds barriers (every thread runs it the same number of times) runs
    once for the block, its body phase by phase, its iteration arguments
    kept per thread; workgroup memory is one host buffer the blocks use in
    turn. A barrier inside other control flow, other warp-level ops, or
    private memory are errors.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
    "::mlir::math::MathDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
}

#endif // TFC_CODEGEN_GPU_PASSES_TD
