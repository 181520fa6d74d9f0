//===- Transforms.h - rewrites used by the tiling pass ----------*- C++ -*-===//
//
// Internal to lib/Codegen/CPU: IR rewrites that tfc-tile-and-fuse applies
// between its tiling steps.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_LIB_CODEGEN_CPU_TRANSFORMS_H
#define TFC_LIB_CODEGEN_CPU_TRANSFORMS_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tfc {

/// Packs B [K, N] of `matmul` into panels Bp [N / panel, K, panel], so the
/// register tile reads its B row of each step from consecutive addresses
/// instead of one row of B apart (4 KiB for N = 1024: every row in the same
/// L1 set). Returns the equivalent contraction on the packed operand,
/// C3[i, p, j] += A[i, k] * Bp[p, k, j], with C3 the output viewed as
/// [M, N / panel, panel], and the pack; or failure when the shape does not
/// allow it.
FailureOr<std::pair<linalg::GenericOp, linalg::TransposeOp>>
packMatmulB(RewriterBase &rewriter, linalg::MatmulOp matmul, int64_t panel);

/// Whether packMatmulB applies to `matmul` with panels of `panel` columns.
bool canPackMatmulB(linalg::MatmulOp matmul, int64_t panel);

/// Replaces `matmul` (rows static or dynamic) by the contraction of
/// packMatmulB on `packedB`, B already packed into panels
/// [ceil(N / panel), K, panel], the columns past N zero (allowed only when
/// the output starts as a fill: its extra columns are dropped); returns it,
/// or failure when the shapes disagree.
FailureOr<linalg::GenericOp>
matmulOnPackedB(RewriterBase &rewriter, linalg::MatmulOp matmul, Value packedB);

/// Whether `op` is the contraction on a packed B of matmulOnPackedB.
bool isPackedMatmul(linalg::LinalgOp op);

/// The fill that computes `value` when it fills an empty tensor (a fresh
/// output, as a contraction's zeros), else null.
linalg::FillOp getFillOfEmpty(Value value);

/// Splits the contraction `op` at row `rows` (of its first loop, the rows
/// of its first input and of its output) into two contractions, each on
/// its rows of the operands, the second updating the first's result; a
/// fill of the output becomes a fill per part. Returns both parts; fails
/// with an error on `op` when its rows cannot be sliced.
FailureOr<std::pair<linalg::LinalgOp, linalg::LinalgOp>>
splitContractionRows(RewriterBase &rewriter, linalg::LinalgOp op, int64_t rows);

/// Tiles the rows (the first loop) of `op`, whose count is known only at
/// run time while its other loops are static, into loops over tiles of
/// `steps[0]` rows, then of `steps[1]` rows in what is left, and so on; the
/// last step must be 1. The step `paddedStep`, if any, is one tile of all
/// the rows left when at least half of its rows are, its operands padded
/// with zeros to its rows (and none otherwise). Every tile is a statically
/// shaped op, returned one per step; a fill of the output becomes a fill
/// per tile. Fails, leaving `op` as it was, when the shapes do not allow
/// it.
/// The rows of each block when `rows`, known at run time, are cut into as
/// many blocks as `maxBlockRows` rows need, of equal size rounded up to a
/// multiple of `tileRows` (and at least `tileRows`, so that an empty batch
/// still has a step). Threads take contiguous runs of the blocks: blocks of
/// a fixed size left the short last ones to one thread.
Value getBalancedBlockRows(OpBuilder &b, Location loc, Value rows,
                           int64_t maxBlockRows, int64_t tileRows);

FailureOr<SmallVector<linalg::LinalgOp>>
tileDynamicRows(RewriterBase &rewriter, linalg::LinalgOp op,
                ArrayRef<int64_t> steps,
                std::optional<unsigned> paddedStep = std::nullopt);

/// A tile of a linalg op and where its result goes in the op's result.
struct DestinationTile {
  linalg::LinalgOp op;
  Value result;
  SmallVector<OpFoldResult> resultOffsets, resultSizes;
};

/// The tile of `op` at `offsets` and `sizes`, built at the insertion point
/// with `op`'s output set to `destination` first, so that the tile reads
/// and writes its part of it. Fails with `error` on `op`.
FailureOr<DestinationTile>
tileOnDestination(RewriterBase &rewriter, linalg::LinalgOp op,
                  Value destination, ArrayRef<OpFoldResult> offsets,
                  ArrayRef<OpFoldResult> sizes, StringRef error);

/// Fills the output of `tile` as `fill` filled its op's, just before it.
void fillTileOutput(RewriterBase &rewriter, linalg::LinalgOp tile,
                    linalg::FillOp fill);

/// An op whose last loop (a row) has a length known only at run time,
/// while its loops between the first and the last are static and its first
/// is parallel: a softmax over `?x?`. Contractions and convolutions are
/// left out.
bool hasDynamicRowLength(linalg::LinalgOp op);

/// Tiles the last loop of `op`, the only one that may be dynamic, in steps
/// of `step` elements (a reduction along it keeps a vector of `step`
/// partial results, combined at the end), then peels the loop unless
/// `step` divides it: whole steps, whose tiles are static and vectorize,
/// and one step of the elements left, fewer than `step` (dynamic tiles for
/// a dynamic loop). Fails, leaving `op` as it was, when the op's other
/// loops are not static parallel ones.
LogicalResult tileDynamicRow(RewriterBase &rewriter, linalg::LinalgOp op,
                             int64_t step);

/// Folds the sizes in the tiled `loops` of a root, and in their block
/// before and after them, that tiling read from different tensors of the
/// same size (`tensor.dim` of an op's result, of its init, of an empty
/// tensor), or from the same tensor in different loops, to one value each,
/// so that CSE sees the copies of a fused producer as equal. Erasures are
/// reported to `listener`.
void foldDynamicSizes(Operation *loops, RewriterBase::Listener *listener);

/// Makes every `tensor.dim` of a result of the destination-style `op` read
/// the size from the tied init instead (the same size): the sizes tiling
/// computes from a dynamically shaped producer must not keep the producer
/// alive once it is fused into its consumer's loops.
void redirectDimsToInits(RewriterBase &rewriter, Operation *op);

/// Rewrites `op` (one init, whose value its body does not use) so that it
/// reads `input` through its init operand, which becomes `input`'s value:
/// tiles of the op then read and write the same slice, and bufferization
/// updates `input`'s buffer in place. Discardable attributes are kept.
void readInputFromInit(RewriterBase &rewriter, linalg::GenericOp op,
                       OpOperand *input);

/// In a row (the body of a row loop), lets an element-wise op write over
/// one of its inputs when nothing reads that input afterwards, and lets the
/// input's producer write where the op's result goes. In a softmax, the
/// exponentials are then computed straight into the result row and
/// `exp * (1 / sum)` scales them in place: no row-sized temporary.
void reuseRowBuffers(RewriterBase &rewriter, Block &body);

} // namespace mlir::tfc

#endif // TFC_LIB_CODEGEN_CPU_TRANSFORMS_H
