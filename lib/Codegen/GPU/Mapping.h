//===- Mapping.h - building blocks of tfc-gpu-map-linalg --------*- C++ -*-===//
//
// Internal to lib/Codegen: the helpers tfc-gpu-map-linalg's mappings share
// (launches, index arithmetic, operands at an iteration point, strided row
// loops and block reductions), and the mappings with files of their own:
// row chains and the shared-memory tiling of contractions.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_LIB_CODEGEN_GPU_MAPPING_H
#define TFC_LIB_CODEGEN_GPU_MAPPING_H

#include "tfc/Codegen/MemoryEffects.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/Builders.h"

namespace mlir::tfc::gpu_mapping {

Value indexConstant(OpBuilder &b, Location loc, int64_t value);

/// The product of `values`, its static part folded (block sizes depend on
/// it).
Value product(OpBuilder &b, Location loc, ArrayRef<Value> values);

/// Splits `linear` into indices of `sizes`, the last one fastest.
SmallVector<Value> delinearize(OpBuilder &b, Location loc, Value linear,
                               ArrayRef<Value> sizes);

/// The indices of an operand at iteration point `ivs`.
SmallVector<Value> indicesAt(OpBuilder &b, Location loc, AffineMap map,
                             ValueRange ivs);

/// max(value, 1): CUDA refuses empty grids, and an empty iteration space is
/// handled by the kernels' bounds checks instead of a host branch (which
/// would cut the call's stream of asynchronous work in pieces).
Value atLeastOne(OpBuilder &b, Location loc, Value value);

/// Creates a gpu.launch and leaves `b` at the start of its body.
gpu::LaunchOp createLaunch(OpBuilder &b, Location loc, ArrayRef<Value> grid,
                           ArrayRef<int64_t> block);

/// The loop sizes of `op`.
SmallVector<Value> loopSizes(OpBuilder &b, Location loc, linalg::GenericOp op);

/// The loop sizes of `op`, split into parallel and reduction dimensions.
struct IterationSpace {
  SmallVector<Value> sizes;
  SmallVector<unsigned> parallelDims, reductionDims;

  SmallVector<Value> sizesOf(ArrayRef<unsigned> dims) const {
    return llvm::map_to_vector(dims, [&](unsigned d) { return sizes[d]; });
  }
  /// The iteration point from parallel and reduction indices.
  SmallVector<Value> merge(ArrayRef<Value> parallel,
                           ArrayRef<Value> reduction) const {
    SmallVector<Value> ivs(sizes.size());
    for (auto [d, v] : llvm::zip(parallelDims, parallel))
      ivs[d] = v;
    for (auto [d, v] : llvm::zip(reductionDims, reduction))
      ivs[d] = v;
    return ivs;
  }
  /// The point of a reduction's output for the parallel indices `parallel`
  /// (the reduced ones 0).
  SmallVector<Value> outputPoint(OpBuilder &b, Location loc,
                                 ArrayRef<Value> parallel) const {
    return merge(parallel, SmallVector<Value>(reductionDims.size(),
                                              indexConstant(b, loc, 0)));
  }
};

IterationSpace iterationSpace(OpBuilder &b, Location loc, linalg::GenericOp op);

/// Loads the outputs of `op` at `ivs` whose block arguments the payload
/// reads (all of them with `all`); the others are null.
SmallVector<Value> loadOutputs(OpBuilder &b, Location loc,
                               linalg::GenericOp op, ValueRange ivs, bool all);

/// Clones the payload of `op` at iteration point `ivs`, its input block
/// arguments taking `inputs` (one per DPS input, null where the payload
/// does not read it) and its output ones `outs`; returns the yielded values.
SmallVector<Value> clonePayload(OpBuilder &b, linalg::GenericOp op,
                                ValueRange ivs, ValueRange inputs,
                                ValueRange outs);

/// Combines a reduction's `partials` in order with clones of `combiner`.
Value combinePartials(OpBuilder &b, Operation *combiner,
                      ArrayRef<Value> partials);

/// Clones the payload of `op` at iteration point `ivs`, the output block
/// arguments taking `outs`; returns the yielded values.
SmallVector<Value> emitPayload(OpBuilder &b, Location loc,
                               linalg::GenericOp op, ValueRange ivs,
                               ValueRange outs);

void storeOutputs(OpBuilder &b, Location loc, linalg::GenericOp op,
                  ValueRange ivs, ValueRange values);

/// The all-reduce kind of a reduction whose single output is combined by
/// one associative, commutative op of a 32-bit value; sets `combiner`.
std::optional<gpu::AllReduceOperation>
matchBlockReduction(linalg::GenericOp op, Operation *&combiner);

/// Runs `body` at positions start, start + step, ... below `count`, four
/// positions per iteration of the loop, each guarded, so a thread keeps
/// four loads in flight; the body gets the position and its accumulators
/// and returns the new ones (none without `inits`). Returns the
/// accumulators of each of the four positions, one after the other.
SmallVector<Value> emitStridedLoop(
    OpBuilder &b, Location loc, Value start, Value count, int64_t step,
    ValueRange inits,
    function_ref<SmallVector<Value>(OpBuilder &, Value, ValueRange)> body);

/// A thread's partial result of the reduction `op` over the positions from
/// `start` by `step` below `count`: the unrolled accumulators combined.
Value emitStridedReduction(
    OpBuilder &b, Location loc, linalg::GenericOp op, Operation *combiner,
    Value start, Value count, int64_t step,
    function_ref<SmallVector<Value>(OpBuilder &, Value)> pointAt);

/// Threads of a block working on rows of `length` elements (unknown:
/// nullopt); with `wide`, long rows get up to 1024.
int64_t rowBlockSize(std::optional<int64_t> length, int64_t maxBlockSize,
                     bool wide);

/// All-reduces the block's partial results of the reduction `op`; thread 0
/// of a block with a row (`isFirst`) combines the total with the output at
/// `ivs` and stores it.
void emitRowTotal(OpBuilder &b, Location loc, linalg::GenericOp op,
                  gpu::AllReduceOperation kind, Operation *combiner,
                  Value partial, Value isFirst, ArrayRef<Value> ivs);

/// Stores `op`'s output at `ivs` combined, by a clone of `combiner`, with
/// `total` (the combiner's operand that is not the output's).
void storeCombined(OpBuilder &b, Location loc, linalg::GenericOp op,
                   Operation *combiner, Value total, ArrayRef<Value> ivs);

/// Maps `op`, a block reduction `matchBlockReduction` matched, when one
/// block per output element serves it badly (SplitReduction.cpp): a column
/// reduction (neighbouring outputs read neighbouring elements) gets a
/// thread per output element, few long rows get several blocks per row;
/// either cuts the reduced elements into parts when the outputs give too
/// few blocks, and combines the parts' results in a second kernel.
/// Returns failure, creating nothing, when the block reduction serves it.
LogicalResult mapSplitReduction(OpBuilder &b, linalg::GenericOp op,
                                gpu::AllReduceOperation kind,
                                Operation *combiner, int64_t maxBlockSize);

/// Whether `mapSplitReduction` cuts the rows of `op` into parts (few long
/// rows, static in number).
bool isSplitRowReduction(linalg::GenericOp op);

/// The elements of a row one thread of a row chain's block touches (those
/// at thread + k * blockSize), kept in registers from op to op
/// (RowRegisters.cpp): an op reading an element an earlier op of the chain
/// loaded or stored at the same position takes the value instead of
/// loading it again. Each op's positions are unrolled, so a thread has all
/// its loads of a pass in flight at once.
class RowRegisters {
public:
  /// Whether rows of `length` elements (static) on `blockSize` threads give
  /// each thread few enough elements, and `chain`'s ops all pass over whole
  /// rows of that length or over single elements of rows.
  static bool fits(ArrayRef<linalg::GenericOp> chain, int64_t length,
                   int64_t blockSize);

  RowRegisters(Value row, Value thread, Value isRow, int64_t length,
               int64_t blockSize)
      : row(row), thread(thread), isRow(isRow), length(length),
        blockSize(blockSize) {}

  /// Whether `op` passes over the whole row (emit), not single elements.
  bool isWholeRow(linalg::GenericOp op) const;
  /// Emits `op`, a whole-row element-wise op or block reduction (its total
  /// stored by thread 0 of a block with a row, `isFirst`).
  void emit(OpBuilder &b, Location loc, linalg::GenericOp op, Value isFirst);
  /// Forgets what is kept of the buffers `op` writes, emitted otherwise.
  void forget(linalg::GenericOp op);

private:
  Value element(OpBuilder &b, Location loc, linalg::GenericOp op,
                OpOperand &operand, ArrayRef<Value> ivs, int64_t k,
                Value valid);
  SmallVector<Value> point(OpBuilder &b, Location loc, linalg::GenericOp op,
                           int64_t k, Value &valid);
  void forget(Value buffer);

  Value row, thread, isRow;
  int64_t length, blockSize;
  /// (buffer, k) -> its element at this thread's k-th position.
  DenseMap<std::pair<Value, int64_t>, Value> kept;
};

/// Replaces each `gpu.memcpy` in `func` whose source was last written by a
/// fill (an all-parallel generic storing a scalar) with the same fill of
/// its target (RowChain.cpp): bufferization copies a fill that two
/// reductions share as their initial value, and the copy would split the
/// row chain (a cross-entropy) in two kernels.
void refillCopiesOfFills(func::FuncOp func);

/// The longest run of row ops from `first` on that is worth one kernel
/// (RowChain.cpp); empty when there is none.
SmallVector<linalg::GenericOp> rowChainFrom(linalg::GenericOp first);

/// Maps a run rowChainFrom found to one kernel, a block per row, before
/// its last op; the ops are left for the caller to erase.
void mapRowChain(OpBuilder &b, SmallVector<linalg::GenericOp> chain,
                 int64_t maxBlockSize);

/// What a tiled contraction absorbs of the ops around it
/// (ContractionFusion.cpp).
struct ContractionFusion {
  /// A fill of the whole product buffer that the contraction replaces: its
  /// accumulators start from `initial` instead of loading the buffer.
  linalg::GenericOp fill;
  Value initial;
  /// An element-wise op reading the product at its own position (a bias
  /// add, an activation) that the contraction computes from its registers
  /// and stores; the contraction runs where it was.
  linalg::GenericOp epilogue;
  /// Whether the product itself is still stored: something after the
  /// epilogue reads it.
  bool storeProduct = true;
  /// Whether the epilogue's output is an input of the contraction (a
  /// buffer bufferization reuses from layer to layer): the epilogue then
  /// writes a new buffer (`giveEpilogueFreshOutput`).
  bool freshOutput = false;
};

/// Makes `epilogue` write a new allocation instead of its output, which
/// the ops after it read instead too.
void giveEpilogueFreshOutput(OpBuilder &b, linalg::GenericOp epilogue);

/// How tiled f32 matmuls multiply: f32 FMAs (exact f32 products), or
/// tensor cores' `mma.sync` (sm_80 and later) on TF32 (the operands rounded
/// to 10 bits of mantissa) or BF16 (7 bits), the sums in f32.
enum class MatmulPrecision { F32, TF32, BF16 };

/// Whether `op` is a contraction `mapTiledContraction` maps.
bool isTiledContraction(linalg::GenericOp op);

/// The fill before and (`withEpilogue`) the element-wise op after `op`, a
/// contraction, that it can absorb (none of the ops in `taken`).
ContractionFusion planContractionFusion(linalg::GenericOp op,
                                        const DenseSet<Operation *> &taken,
                                        bool withEpilogue = true);

/// Maps `op`, a matmul-like contraction of f32 buffers (C[b.., m, n] +=
/// A[b.., m, k] * B[b.., k, n], any operand layouts), to blocks that stage
/// tiles of A and B in shared memory and threads that each accumulate a
/// register tile, with what it absorbs (`fusion`; the caller erases the
/// fill and the epilogue); returns failure, creating nothing, when `op` is
/// not such a contraction or is too small for it to pay.
LogicalResult
mapTiledContraction(OpBuilder &b, linalg::GenericOp op,
                    const ContractionFusion &fusion = {},
                    MatmulPrecision precision = MatmulPrecision::F32);

} // namespace mlir::tfc::gpu_mapping

#endif // TFC_LIB_CODEGEN_GPU_MAPPING_H
