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

    - Contractions (`linalg.matmul` and 2-d matmul-like generics) get three
      levels: an outer `scf.forall` over blocks of the output (64x256 at
      most, the block is what one thread computes and what stays in cache),
      an `scf.for` over blocks of the reduction dimension (256 at most), and
      a register tile (8x32x1 at most) that vectorizes into outer-product
      FMAs. From 512 rows on, B is first copied into 32-column panels, so a
      register tile streams B from consecutive addresses. Each tile size
      divides its dimension (the largest divisor not above the target), so
      tiles are static and vectorize without masks.
    - Convolutions (`linalg.conv_2d_nhwc_hwcf`), with the element-wise op
      that consumes their output (bias and activation) fused in: blocks of
      output rows per image over threads, then register tiles of 8 output
      columns by 32 output channels, and a reduction loop over filter rows,
      filter columns and input channels (one outer product per step). Pads
      become a fill and a copy into the interior first.
    - Other ops (element-wise chains, reductions, softmax) are roots of a
      row-wise tile-and-fuse: the root is tiled along its outer dimensions
      with an `scf.forall` and then row by row with an `scf.for`, and its
      linalg producers are fused into both loops, so a softmax runs as one
      pass over each row. Inside a row, each op steps 64 elements at a
      time, reductions keep 64 partial results, and an element-wise op
      that is the last reader of another's result overwrites it in place.
      Rows longer than `max-row` elements, and 1-d ops longer than 64, are
      tiled along their last dimension instead, where every fused op is
      parallel.

    With `fuse-producers=false` every op is a root of its own: it is still
    tiled, threaded and vectorized, but only the fill of its own output is
    fused, so a softmax writes its maxima, exponentials and sums to whole
    intermediate tensors and reads them back. Contractions are unaffected.

    The `scf.forall` is only created when the op does at least
    `parallel-threshold` units of work (multiply-adds or elements), so small
    ops never pay for threads; below it the outer level is an `scf.for`.
    Ops with dynamic shapes are left alone (they lower to scalar loops).
  }];
  let options = [
    Option<"parallelThreshold", "parallel-threshold", "int64_t",
           /*default=*/"1 << 17",
           "Work (elements or multiply-adds) below which an op runs on one "
           "thread">,
    Option<"maxRow", "max-row", "int64_t", /*default=*/"4096",
           "Longest row processed row by row; longer rows are cut along "
           "their last dimension">,
    Option<"fuseProducers", "fuse-producers", "bool", /*default=*/"true",
           "Fuse the linalg producers of a row-wise root into its loops; "
           "false tiles every op on its own (each writes a whole "
           "intermediate tensor), to measure what fusion saves">,
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
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
    Option<"maxVectorElements", "max-vector-elements", "int64_t",
           /*default=*/"4096",
           "Largest iteration space turned into one vector operation">,
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
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::math::MathDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def TFCRuntimeThreadCount
    : Pass<"tfc-runtime-thread-count", "::mlir::ModuleOp"> {
  let summary = "Take the thread count of every omp.parallel from the runtime";
  let description = [{
    Gives every `omp.parallel` without a `num_threads` clause the value of
    `tfc_runtime_num_threads()`, the runtime's thread count for the model
    call in progress (set per model with `tfc_model_set_num_threads`, by
    default from `TFC_NUM_THREADS` or the number of cores).
  }];
  let dependentDialects = [
    "::mlir::func::FuncDialect",
    "::mlir::omp::OpenMPDialect",
  ];
}

#endif // TFC_CODEGEN_PASSES_TD
