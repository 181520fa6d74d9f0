//===- TileRowChains.cpp - tiling row-wise chains -------------------------===//
//
// The strategy of tfc-tile-and-fuse for everything but contractions and
// convolutions: rows in chunks over threads with the chain's producers
// fused in, then each op of a row stepping along it (tileAlongRow), with
// reductions keeping vectors of partial results.
//
//===----------------------------------------------------------------------===//

#include "TileAndFuse.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Transforms/CSE.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tfc;
using namespace mlir::tfc::tiling;

Value TileAndFuse::getDynamicChunk(Location loc, Value rows,
                                   OpFoldResult rowWork) {
  Value pieces = arith::ConstantIndexOp::create(rewriter, loc, kTargetChunks);
  Value serialRows;
  if (std::optional<int64_t> known = getConstantIntValue(rowWork)) {
    serialRows = arith::ConstantIndexOp::create(
        rewriter, loc,
        std::max<int64_t>(1, llvm::divideCeil(parallelThreshold,
                                              std::max<int64_t>(*known, 1))));
  } else {
    Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
    Value threshold =
        arith::ConstantIndexOp::create(rewriter, loc, parallelThreshold);
    Value work =
        arith::MaxUIOp::create(rewriter, loc, cast<Value>(rowWork), one);
    serialRows = arith::CeilDivUIOp::create(rewriter, loc, threshold, work);
  }
  Value chunk = arith::CeilDivUIOp::create(rewriter, loc, rows, pieces);
  return arith::MaxUIOp::create(rewriter, loc, chunk, serialRows);
}

RowTiling TileAndFuse::planRowTiling(linalg::LinalgOp op) const {
  RowTiling plan;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  int64_t numLoops = op.getNumLoops();
  bool innerIsParallel = iterators.back() == utils::IteratorType::parallel;
  // Rows known at run time (hasDynamicRows): the outer level is parallel,
  // in chunks computed at run time, and the inner level's single rows are
  // static. Rows of a length known at run time (hasDynamicRowLength) are
  // chunked the same way, whatever their count, and kept whole: each row's
  // ops then step along it with a remainder (tileAlongRow).
  plan.dynamicLength = ShapedType::isDynamic(ranges.back());
  plan.dynamicRows = ShapedType::isDynamic(ranges[0]) || plan.dynamicLength;
  // Long rows are cut along their last dimension, which must then be
  // parallel in every fused op, when there are too few rows to share out
  // (fewer than kTargetChunks); otherwise rows stay whole, however long,
  // and their ops step along them (tileAlongRow): a softmax over rows of
  // 30000 then reads each row from memory once, where cut rows computed
  // the maximum and the exponentials twice and read the input four times
  // (2.2x the time). A 1-d op is a single row with no loop around it: cut
  // from the row step on, or it would become one vector of the whole row
  // (the machine scheduler is quadratic in a block of 500 such
  // 4096-element adds).
  ArrayRef<int64_t> leading = ArrayRef(ranges).drop_back();
  bool fewRows = llvm::none_of(leading, ShapedType::isDynamic) &&
                 computeProduct(leading) < kTargetChunks;
  plan.longRows = innerIsParallel && !plan.dynamicLength &&
                  ((ranges.back() > maxRow && fewRows) ||
                   (numLoops == 1 && ranges.back() > tiles.rowStep));
  plan.parallel =
      plan.dynamicRows || computeProduct(ranges) >= parallelThreshold;

  // The outer level: the outermost parallel loop that has more than one
  // iteration, in about kTargetChunks pieces.
  plan.outer.assign(numLoops, 0);
  plan.inner.assign(numLoops, 0);
  int64_t lastOuter = plan.longRows ? numLoops : numLoops - 1;
  for (int64_t i = 0; i < lastOuter; ++i) {
    if (i == 0 && plan.dynamicRows)
      break;
    if (iterators[i] != utils::IteratorType::parallel || ranges[i] <= 1)
      continue;
    int64_t chunk = divisorAtLeast(ranges[i], ranges[i] / kTargetChunks);
    if (plan.longRows && i == numLoops - 1)
      chunk = std::max(chunk, divisorAtLeast(ranges[i], tiles.rowStep));
    plan.outer[i] = chunk;
    break;
  }
  // The inner level: one row at a time, or a row step of it.
  for (int64_t i = 0; i < numLoops - 1; ++i)
    if (iterators[i] == utils::IteratorType::parallel)
      plan.inner[i] = 1;
  if (plan.longRows)
    plan.inner[numLoops - 1] = divisorAtMost(ranges.back(), tiles.rowStep);
  return plan;
}

bool TileAndFuse::fusableIntoRows(Operation *producer, bool isDestination,
                                  bool longRows) const {
  // Unfused, only the op's own output fill goes into its loops.
  if (!fuseProducers)
    return fusableIntoContraction(producer, isDestination);
  auto linalgProducer = dyn_cast<linalg::LinalgOp>(producer);
  if (!linalgProducer || isMatmulLike(linalgProducer) ||
      !isTileable(linalgProducer))
    return false;
  if (longRows)
    return linalgProducer.getNumParallelLoops() == linalgProducer.getNumLoops();
  return true;
}

Value TileAndFuse::getDynamicRowChunk(linalg::LinalgOp op, bool dynamicLength) {
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  rewriter.setInsertionPoint(op);
  Location loc = op.getLoc();
  SmallVector<Range> loopRanges = op.createLoopRanges(rewriter, loc);
  // The elements of a row: a constant unless its length is dynamic.
  OpFoldResult rowWork =
      rewriter.getIndexAttr(computeProduct(ArrayRef(ranges).drop_front()));
  if (dynamicLength) {
    Value work = arith::ConstantIndexOp::create(
        rewriter, loc,
        computeProduct(ArrayRef(ranges).drop_front().drop_back()));
    rowWork = arith::MulIOp::create(rewriter, loc, work,
                                    getValueOrCreateConstantIndexOp(
                                        rewriter, loc, loopRanges.back().size))
                  .getResult();
  }
  return getDynamicChunk(
      loc,
      getValueOrCreateConstantIndexOp(rewriter, loc, loopRanges.front().size),
      rowWork);
}

void TileAndFuse::finishRow(scf::ForOp rowLoop, bool dynamicLength) {
  // Fusion computes a producer once per use (the exponentials of a
  // softmax for the sum and for the division): one copy is enough. The
  // copies are inside this root's loops, so CSE looks there only: over
  // the whole function, it made the pass quadratic in the graph's size.
  Operation *outermost = rowLoop;
  while (!isa<func::FuncOp>(outermost->getParentOp()))
    outermost = outermost->getParentOp();
  // Sizes known at run time are read from different tensors by each copy,
  // some of them before the loops.
  if (dynamicLength)
    foldDynamicSizes(outermost, static_cast<RewriterBase::Listener *>(
                                    rewriter.getListener()));
  DominanceInfo dominance;
  eliminateCommonSubExpressions(rewriter, dominance, outermost);
  reuseRowBuffers(rewriter, *rowLoop.getBody());
  tileAlongRow(rowLoop);
}

void TileAndFuse::tileRowWise(linalg::LinalgOp op) {
  if (op.getNumLoops() == 0 || tileTranspose(op))
    return;
  RowTiling plan = planRowTiling(op);
  // Read before tiling, which replaces `op`.
  int64_t rowLength = op.getStaticLoopRanges().back();
  auto fuse = [&](Operation *producer, bool isDestination) {
    return fusableIntoRows(producer, isDestination, plan.longRows);
  };
  SmallVector<OpFoldResult> outerSizes = indexAttrs(rewriter, plan.outer);
  if (plan.dynamicRows)
    outerSizes[0] = getDynamicRowChunk(op, plan.dynamicLength);
  Operation *rows =
      tileAndFuse(op, outerSizes,
                  plan.parallel ? LoopType::ForallOp : LoopType::ForOp, fuse);
  if (!rows)
    return;
  Operation *row = tileAndFuse(rows, plan.inner, LoopType::ForOp, fuse);
  if (!row || plan.longRows ||
      (!plan.dynamicLength && rowLength <= tiles.rowStep))
    return;
  if (auto rowLoop = dyn_cast<scf::ForOp>(row->getParentOp()))
    finishRow(rowLoop, plan.dynamicLength);
}

void TileAndFuse::tileAlongRow(scf::ForOp rowLoop) {
  SmallVector<linalg::LinalgOp> ops;
  for (Operation &op : rowLoop.getBody()->without_terminator())
    if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op))
      if (linalgOp.hasPureTensorSemantics() && !isa<linalg::FillOp>(op))
        ops.push_back(linalgOp);
  for (linalg::LinalgOp op : ops) {
    // Whole steps of the row step and a remainder, for a row of a length
    // known at run time or without a divisor near the step that is a
    // multiple of the vector length (30000: 60 was 20 % slower than 64);
    // otherwise steps of that divisor, with no remainder.
    int64_t step = tiles.rowStep;
    if (hasStaticShapes(op)) {
      SmallVector<int64_t> ranges = op.getStaticLoopRanges();
      if (ranges.empty() || ranges.back() <= tiles.rowStep)
        continue;
      int64_t divisor = divisorAtMost(ranges.back(), tiles.rowStep);
      if (divisor >= tiles.rowStep / 2 && divisor % target.lanes() == 0)
        step = divisor;
    }
    (void)tileDynamicRow(rewriter, op, step);
  }
}
