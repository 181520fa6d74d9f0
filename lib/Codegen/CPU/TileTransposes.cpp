//===- TileTransposes.cpp - tiling copies that transpose ------------------===//
//
// The strategy of tfc-tile-and-fuse for a copy whose input's innermost
// dimension is not the output's (a 2-d transpose, the transposed copy of a
// matmul's B): square blocks of a few vectors' lanes, each read as whole
// rows of the input, transposed in registers and written as whole rows of
// the output. Tiled as a row-wise op, each output vector gathered one
// element per input row, a cache line each: a 512 x 512 transpose took
// 2.3 ns an element.
//
//===----------------------------------------------------------------------===//

#include "TileAndFuse.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::tfc;
using namespace mlir::tfc::tiling;

/// The side of the square blocks: 8 elements (AVX2's f32 vector, and at
/// most half of AVX-512's, whose 16 x 16 transposes need twice the
/// registers for a shuffle sequence no faster per element).
static constexpr int64_t kMaxBlock = 8;
/// Smaller blocks (sizes without a divisor of 4) keep the row-wise tiling.
static constexpr int64_t kMinBlock = 4;
/// The cache line of every CPU target.
static constexpr int64_t kCacheLineBytes = 64;

/// The loop that indexes the innermost dimension of the input of `op`,
/// when `op` copies its one input to its output in another order of the
/// dimensions and that loop is not the innermost; none otherwise.
static std::optional<unsigned> transposedLoop(linalg::LinalgOp op) {
  if (op.getNumDpsInputs() != 1 || op.getNumDpsInits() != 1 ||
      op.getNumLoops() < 2 || op.getNumParallelLoops() != op.getNumLoops() ||
      !hasStaticShapes(op))
    return std::nullopt;
  // The body yields the input element itself.
  Block *body = op.getBlock();
  auto yield = cast<linalg::YieldOp>(body->getTerminator());
  if (body->getOperations().size() != 1 || yield.getNumOperands() != 1 ||
      yield.getOperand(0) != body->getArgument(0))
    return std::nullopt;
  AffineMap input = op.getMatchingIndexingMap(op.getDpsInputOperand(0));
  AffineMap output = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  if (!input.isPermutation() || !output.isIdentity())
    return std::nullopt;
  unsigned loop = input.getDimPosition(input.getNumResults() - 1);
  if (loop == op.getNumLoops() - 1)
    return std::nullopt;
  return loop;
}

bool TileAndFuse::tileTranspose(linalg::LinalgOp op) {
  std::optional<unsigned> loop = transposedLoop(op);
  if (!loop)
    return false;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  int64_t last = op.getNumLoops() - 1;
  int64_t block = std::min(kMaxBlock, target.lanes());
  while (block >= kMinBlock &&
         (ranges[*loop] % block != 0 || ranges[last] % block != 0))
    block /= 2;
  if (block < kMinBlock)
    return false;

  // Middle: squares of a cache line's elements (16 f32) when they divide
  // the sizes, so that each line read and each line written is used whole
  // before it leaves the cache. Blocks alone read half a line of each of
  // 1024 input rows per block row, rows 4 KiB apart that share one L1 set
  // (and 16 of L2's): 1024 x 1024 took 656 us against 74 us for 512 x 512.
  Type elementType = getElementTypeOrSelf(op.getDpsInitOperand(0)->get());
  int64_t bits = elementType.isIntOrFloat()
                     ? std::max(8u, elementType.getIntOrFloatBitWidth())
                     : 0;
  // Block sides and line lengths are powers of two: a longer line is a
  // multiple of the block.
  int64_t line = bits ? kCacheLineBytes * 8 / bits : 0;
  SmallVector<int64_t> middle;
  if (line > block && ranges[*loop] % line == 0 && ranges[last] % line == 0) {
    middle.assign(ranges.size(), 1);
    middle[*loop] = line;
    middle[last] = line;
  }
  SmallVector<int64_t> inner(ranges.size(), 1);
  inner[*loop] = block;
  inner[last] = block;

  // Outer: the outermost loop with more than one square (or block), in
  // about kTargetChunks pieces of whole squares, over threads when the copy
  // is large enough.
  ArrayRef<int64_t> units = middle.empty() ? inner : middle;
  SmallVector<int64_t> outer(ranges.size(), 0);
  for (int64_t i = 0; i < last; ++i) {
    int64_t unit = units[i];
    if (ranges[i] <= unit)
      continue;
    outer[i] = unit * divisorAtLeast(ranges[i] / unit,
                                     ranges[i] / unit / kTargetChunks);
    break;
  }
  bool parallel = computeProduct(ranges) >= parallelThreshold;
  Operation *tiled = tileAndFuse(
      op, outer, parallel ? LoopType::ForallOp : LoopType::ForOp, fuseNothing);
  if (tiled && !middle.empty())
    tiled = tileAndFuse(tiled, middle, LoopType::ForOp, fuseNothing);
  if (!tiled)
    return false;
  tileAndFuse(tiled, inner, LoopType::ForOp, fuseNothing);
  return true;
}
