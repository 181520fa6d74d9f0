//===- Passes.td - tfc CPU code generation passes ----------*- tablegen -*-===//
//
// The passes that make tfc's CPU code fast: tiling and fusion, threading,
// vectorization, polynomial approximations and the runtime's thread count.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_CODEGEN_CPU_PASSES_TD
#define TFC_CODEGEN_CPU_PASSES_TD

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
      into outer-product FMAs. From 512 rows on (64), B is first copied
      into panels of the register tile's width, so a register tile streams
      B from consecutive addresses; a contraction on a B that came packed
      (a variable's panels, `tfc-pack-weights`) is tiled the same
      way at any row count, dynamic rows included. Each tile size divides its dimension
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
    equal blocks computed at run time, the last one partial) get their fill
    a row at a time and the static path's reduction blocks; each reduction
    block's rows are split into `scf.for` loops over tiles of static row
    counts: register tiles; the rows left, when at least half a register
    tile, in one register tile whose rows of A are padded with zeros;
    fewer rows in tiles of 2 and 1 rows. A
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
    polynomial approximations, which vectorize, instead of calls to libm,
    which do not: tfc's own for `exp`, MLIR's for the others. `sin`, `cos` and `atan` stay with libm: their
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

def TFCUpdateVariablesInPlace
    : Pass<"tfc-update-variables-in-place", "::mlir::func::FuncOp"> {
  let summary = "Let an optimizer's update write its variable's buffer";
  let description = [{
    `tfc-lower-variables` writes an assigned variable back once, where its
    entry point returns (`bufferization.materialize_in_destination`): the
    new value is computed into a buffer of its own and copied into the
    variable's, a copy of every trained weight per step.

    When the new value is an element-wise `linalg.generic` that reads the
    variable's value as it was when the call started (its `to_tensor`) at
    the position it writes, and every other reader of that value, directly
    or through views, comes before it, this pass makes the old value the
    generic's destination and reads it through the destination's block
    argument instead of as an input. Bufferization then writes the update
    into the variable's buffer, and the write-back copies the buffer onto
    itself, which canonicalization removes. A new value that is returned is
    left alone (the result would be the variable's buffer itself).

    ```mlir
    %w = bufferization.to_tensor %arg2 restrict writable : memref<512xf32> to tensor<512xf32>
    %new = linalg.generic ... ins(%w, %g : ...) outs(%empty : tensor<512xf32>) {
    ^bb0(%old: f32, %grad: f32, %out: f32): ... }
    bufferization.materialize_in_destination %new in restrict writable %arg2
    // becomes
    %new = linalg.generic ... ins(%g : ...) outs(%w : tensor<512xf32>) {
    ^bb0(%grad: f32, %old: f32): ... }
    ```

    A call that fails after the update has been written leaves the
    variable updated, as TensorFlow leaves the assigns that ran before a
    failure (`docs/runtime.md`).
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
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
    as they are, except that a user that reads what another user wrote
    into the value (a linalg op's input, or a tensor a loop's body takes
    from above, traced back through destinations and views) always gets a
    copy of its own: the two results live at once, and sharing made
    bufferization copy the first one out of place.

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

def TFCPhysicalGatherIndices
    : Pass<"tfc-physical-gather-indices", "::mlir::func::FuncOp"> {
  let summary = "Gathers from strided buffers at the elements they mean";
  let description = [{
    `tfc-vectorize` turns a `tensor.extract` at computed indices into a
    `vector.gather` whose index vector counts elements of the tensor in
    row-major order (`row * columns + column`). After bufferization the
    tensor may be a view with other strides (a slice of the columns of a
    larger buffer), and MLIR 22's lowering of `vector.gather` adds the
    index to the innermost dimension as if the buffer were contiguous: it
    reads the wrong elements (a gather of rows of `x[:, 300:600]` read the
    rows of `x[:, :300]` and `x[:, 300:]` interleaved).

    This pass rewrites each `vector.gather` from a memref whose layout is
    not the identity: the indices, added to the linear position of the
    base offsets, are split into one index per dimension by the memref's
    sizes, multiplied by its strides, and the gather reads a
    one-dimensional view of the buffer at these physical positions.

    ```mlir
    %g = vector.gather %view[%c0, %c0] [%idx], %mask, %pass
        : memref<3x3xf32, strided<[6, 1], offset: 3>>, ...
    // becomes, with %row = %idx / 3 and %col = %idx % 3:
    %flat = memref.reinterpret_cast %base to offset: [3], sizes: [%n], strides: [1]
    %g = vector.gather %flat[%c0] [%row * 6 + %col], %mask, %pass
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::vector::VectorDialect"];
}

def TFCPrefetchRows : Pass<"tfc-prefetch-rows", "::mlir::func::FuncOp"> {
  let summary = "Prefetch the next row of a row chain while this one is "
                "computed";
  let description = [{
    A row-wise chain that passes over its row more than once (softmax: the
    maximum, then the exponentials, then the sum and the scaling) reads the
    row from memory in its first pass and from cache in the others. The
    first pass waits on memory while the arithmetic units idle; the later
    passes compute while memory idles (softmax [512, 30000] on one thread
    of an AMD Zen 3: a third of the time in the first pass).

    After bufferization, for each `scf.for` over rows whose body has two
    or more loops reading the same row of a buffer defined outside it and
    not written in it (a `vector.transfer_read %buffer[%row, %j]`, `%j`
    the inner loop's induction variable), this pass adds to the second of those loops a
    `memref.prefetch` of the same columns of the next row into L2, one per
    cache line read, so that the first pass of the next row finds its row
    in cache. The last row prefetches itself.

    ```mlir
    scf.for %i = ... {
      scf.for %j = ... { %v = vector.transfer_read %x[%i, %j] ... }  // max
      %next = arith.minui(%i + 1, rows - 1)
      scf.for %j = ... {
        memref.prefetch %x[%next, %j], read, locality<2>, data   // added
        %v = vector.transfer_read %x[%i, %j] ...                   // exp
      }
    }
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect"];
}

def TFCFuseRowPasses : Pass<"tfc-fuse-row-passes", "::mlir::func::FuncOp"> {
  let summary = "Merge a pass over a row into the earlier pass whose "
                "results it reads";
  let description = [{
    Tiling gives a row chain one loop per op over the row's columns:
    softmax writes its exponentials in one loop and sums them in the next,
    which reads the row back (from L2 for rows longer than L1).

    After bufferization, an `scf.for` (the consumer) is merged into an
    earlier sibling `scf.for` over the same bounds (the producer; equal
    pure ops on the same operands count as the same bound) when the
    consumer

    - holds only `vector.transfer_read`s (unmasked, in bounds) and pure
      ops without regions;
    - reads of memory the producer writes only the vectors the producer
      writes at the top of its body, at the same indices (the induction
      variables in the same place), as the same type: those reads are
      replaced by the written vectors;
    - reads no memory the ops between the two loops write; those ops are
      pure, transfers at constant columns at or past the loops' upper
      bound, or loops that start at that bound and write only through
      views from their own column on (the remainder columns of the
      producer, for a static or a run-time row length), and the
      consumer's reads end at that bound (its bounds multiples of its
      step);
    - uses only values defined before the producer.

    Rows shorter than 32 KiB (static bounds) are left alone: they are read
    back from L1 at little cost, and the merged loop would hold the
    consumer's accumulators beside the producer's values (softmax over rows
    of 1024 took 1.09-1.15x the time merged on AVX2). The merged loop sits
    at the producer's place; its iteration arguments are the producer's,
    then the consumer's.

    ```mlir
    scf.for %j = %c0 to %n step %c32 {
      %e = math.exp ...
      vector.transfer_write %e, %row[%c0, %j]
    }
    %s = scf.for %j = %c0 to %n step %c32 iter_args(%a = %zero) {
      %v = vector.transfer_read %row[%c0, %j]
      %t = arith.addf %v, %a
      scf.yield %t
    }
    // becomes
    %s = scf.for %j = %c0 to %n step %c32 iter_args(%a = %zero) {
      %e = math.exp ...
      vector.transfer_write %e, %row[%c0, %j]
      %t = arith.addf %e, %a
      scf.yield %t
    }
    ```
  }];
}

def TFCStreamRowResults
    : Pass<"tfc-stream-row-results", "::mlir::func::FuncOp"> {
  let summary = "Store a row chain's final values past the cache, during "
                "the next row's arithmetic";
  let description = [{
    Softmax writes its exponentials into the result row, then multiplies
    them in place by the reciprocal of their sum. The first store to each
    line of the result reads the line from memory for ownership, and the
    line is written back later: three transfers per line where the result
    needs one.

    After bufferization and `tfc-prefetch-rows`, for each `scf.for` over
    rows (step 1) whose body

    - writes a view of one row of an aligned allocation (a
      `memref.subview` defined in the body, rows 32-byte aligned), first in
      a pass over the columns (the producer), and
    - ends with a pass over the same columns that reads the row and writes
      it in place, element for element, with pure arithmetic between (the
      last pass), and ops after it that do the same at fixed columns (the
      remainder),

    and touches that allocation through nothing else, and the allocation
    has 8 MiB or more (a smaller result may still be in cache for its
    reader, which non-temporal stores would send to memory; a size known
    only at run time is tested there, the loop as it was running below
    it), this pass

    - sends every access to the row except the final writes to a scratch
      row, `%scratch[%row mod 2]`, allocated once for the loop (it stays in
      cache, and its lines are never read from memory);
    - makes the final writes non-temporal `vector.store`s (aligned, a whole
      32-byte register or more; a narrower write stays a transfer);
    - runs the last pass and the remainder of row `r` inside the producer
      of row `r + 1` (the values of row `r` they read carried as the loop's
      `iter_args`), so that the stores leave while the producer computes,
      and those of the loop's last row after the loop, followed by a fence.

    ```mlir
    scf.for %r = %lo to %hi step 1 {
      %row = memref.subview %out[%r, 0] [1, N] [1, 1]
      max; scf.for %j { exp -> %row[0, %j] }; sum of %row
      scf.for %j { %row[0, %j] * %inv -> %row[0, %j] }
    }
    // becomes
    max(%lo); exp(%lo) -> %scratch[%lo mod 2]; sum
    %last:2 = scf.for %r = %lo + 1 to %hi step 1 iter_args(%prev...) {
      max(%r)
      scf.for %j {
        exp(%r) -> %scratch[%r mod 2]
        vector.store %prevScratch[0, %j] * %prevInv, %prevRow[0, %j]
            {nontemporal = true, alignment = 32}
      }
      sum; scf.yield ...
    }
    final pass of %last; llvm.fence seq_cst
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::LLVM::LLVMDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::vector::VectorDialect"];
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

def TFCOutlineDispatches
    : Pass<"tfc-outline-dispatches", "::mlir::ModuleOp"> {
  let summary = "Outline the pieces of a large function on tensors into "
                "functions, before tiling";
  let description = [{
    Cuts every function of more than `max-ops` operations (nested ones
    included) into consecutive pieces of at most `max-ops` operations and
    moves each piece into a private function of its own, called in its
    place (marked `noinline` for LLVM). It runs on tensors, before
    `tfc-tile-and-fuse`, so that tiling, vectorization, bufferization and
    everything after them work on many small functions instead of one
    huge one (and on several threads with `tfc compile -j`); with
    `tfc-merge-identical-functions` after it, layers of one shape are
    compiled once. These are the dispatch regions of other ML compilers.

    A cut never separates what tiling would fuse: it is made only where no
    tensor computed before it reaches an op after it that could fuse the
    op computing the tensor (a row-wise op fusing its element-wise
    producers, a convolution's element-wise consumer, a contraction's
    fill). Contraction results and the inputs a contraction reads (never
    fused) may cross a cut, so a chain of layers is cut between layers.

    Values used by a piece become arguments and values used after it
    results. Empty tensors, fills of them, scalars, splats and constants
    of at most eight elements are cloned into each piece that uses them:
    each contraction keeps its own fill to fuse. Larger constants (the
    weights) stay where they are, as do `memref.alloca` and
    `memref.get_global`, and the pieces take them as arguments: layers
    that differ only in their weights make equal pieces.

    ```mlir
    func.func @run(%x: tensor<8x64xf32>) -> tensor<8x64xf32> {
      %w0 = arith.constant dense<...> : tensor<64x64xf32>
      // thousands of layers
    }
    // becomes
    func.func @run(%x: tensor<8x64xf32>) -> tensor<8x64xf32> {
      %w0 = arith.constant dense<...> : tensor<64x64xf32>
      %0 = call @run_dispatch0(%x, %w0, ...) : (...) -> tensor<8x64xf32>
      ...
    }
    func.func private @run_dispatch0(%x: tensor<8x64xf32>,
        %w0: tensor<64x64xf32>, ...) -> tensor<8x64xf32>
        attributes {passthrough = ["noinline"]} { ... }
    ```
  }];
  let options = [
    Option<"maxOps", "max-ops", "int64_t", /*default=*/"256",
           "The most operations a function keeps (and a piece gets, unless "
           "no cut is allowed earlier)">,
  ];
  let dependentDialects = ["::mlir::func::FuncDialect"];
}

def TFCPackWeights
    : Pass<"tfc-pack-weights", "::mlir::ModuleOp"> {
  let summary = "Read matmul weights in constants and variables as panels "
                "packed once";
  let description = [{
    A matmul packs B into panels of its register tile's width (so that the
    register tile streams B from consecutive addresses) only from hundreds
    of rows of A, since the copy is made on every call. Weights that
    change rarely or never are read packed at every batch size instead:

    - A constant B (f32, static [K, N], not a splat) is packed here, into a
      constant `[ceil(N / panel), K, panel]` shared by the matmuls on it.
    - In an entry point that assigns no variable, a B that is a variable's
      buffer is read from a new trailing argument
      `memref<ceil(N/panel) x K x panel xf32>`, to which the runtime binds
      a packed copy of the variable that it refreshes only after the
      variable may have been written (`docs/runtime.md`). Several matmuls
      on one variable share the argument. The module attribute
      `tfc.packed_variables` lists the new arguments of each entry point,
      in order, as `[@variable, panel]` pairs; the compiler copies it into
      the model's metadata.

    The panel is the register tile's width that `target`'s tiling chooses
    for N; N that is no whole vectors is padded to them with zero columns
    in the packed copy (the matmul must start from a fill: it computes the
    extra columns and keeps the first N). The matmul becomes the packed
    contraction of the tiling pass, C3[i, p, j] += A[i, k] * Bp[p, k, j],
    on its output viewed as [M, ceil(N / panel), panel].

    ```mlir
    func.func @run(%x: tensor<?x512xf32>, %w: memref<512x512xf32>)
        attributes {tfc.entry_point, tfc.variables = [@w]} {
      %b = bufferization.to_tensor %w restrict writable : ...
      %y = linalg.matmul ins(%x, %b : ...) outs(%c : ...)
    // becomes (AVX2: panels of 16 columns)
    func.func @run(%x: tensor<?x512xf32>, %w: memref<512x512xf32>,
                   %wp: memref<32x512x16xf32>) ...
      %bp = bufferization.to_tensor %wp restrict : ...
      %y3 = linalg.generic {C3[i, p, j] += A[i, k] * Bp[p, k, j]} ...
      %y = tensor.collapse_shape %y3 [[0], [1, 2]] ...
    ```
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"host\"",
           "The CPU target whose register tile sets the panel width: avx512, "
           "avx2, sse, neon, or host">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::bufferization::BufferizationDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

def TFCSplitFunctions : Pass<"tfc-split-functions", "::mlir::ModuleOp"> {
  let summary = "Outline the pieces of a large function into functions";
  let description = [{
    Cuts every function of more than `max-ops` operations (nested ones
    included) into consecutive pieces and moves each piece into a private
    function of its own, called in its place; the pieces are marked
    `noinline` for LLVM (`passthrough`). A piece ends with each top-level
    loop nest (an op with regions) and holds at most `max-ops` operations
    unless one loop nest is larger, so that the loop nests of layers of
    one shape make equal functions (`tfc-merge-identical-functions`). When
    the calls left in the function are still more than `max-ops`, they
    are cut again the same way. Runs on buffers (after bufferization),
    where moving code into a function changes nothing but where it lives:
    values used by a piece become arguments, values used after it
    results; constants are cloned into the pieces instead, and
    `memref.alloca` and `memref.get_global` stay where they are (a piece
    takes them as arguments: layers that differ only in their weights
    then make equal pieces).

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

def TFCMergeIdenticalFunctions
    : Pass<"tfc-merge-identical-functions", "::mlir::ModuleOp"> {
  let summary = "Keep one of the private functions that are equal";
  let description = [{
    Private functions whose bodies are the same (the same operations,
    attributes and types, in the same order, whatever their names and
    locations) are one function: the first is kept, calls of the others
    call it, and the others are erased. After `tfc-split-functions`, the
    loop nests of a large graph's layers that differ only in the buffers
    they read (weights are arguments) are one function each, so LLVM
    optimizes and generates each distinct loop nest once instead of once a
    layer.

    ```mlir
    func.func private @run_part0(%w: memref<64x64xf32>, ...) { A }
    func.func private @run_part3(%w: memref<64x64xf32>, ...) { A }
    // @run_part3 is erased; its calls call @run_part0.
    ```
  }];
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

#endif // TFC_CODEGEN_CPU_PASSES_TD
