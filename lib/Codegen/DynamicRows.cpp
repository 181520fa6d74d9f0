//===- DynamicRows.cpp - rows known at run time, in tiles of static size --===//
//
// Splits an op whose row count is known only at run time into loops over
// tiles of static row counts, largest first: every tile is then a
// statically shaped op that the static tiling and the vectorizer handle.
//
//===----------------------------------------------------------------------===//

#include "Transforms.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/TilingInterface.h"

using namespace mlir;
using namespace mlir::tfc;

void mlir::tfc::redirectDimsToInits(RewriterBase &rewriter, Operation *op) {
  auto dps = dyn_cast<DestinationStyleOpInterface>(op);
  if (!dps)
    return;
  for (OpResult result : op->getResults()) {
    if (!isa<RankedTensorType>(result.getType()))
      continue;
    Value init = dps.getTiedOpOperand(result)->get();
    for (OpOperand &use : llvm::make_early_inc_range(result.getUses()))
      if (auto dim = dyn_cast<tensor::DimOp>(use.getOwner()))
        rewriter.modifyOpInPlace(
            dim, [&] { dim.getSourceMutable().assign(init); });
  }
}

FailureOr<SmallVector<linalg::LinalgOp>>
mlir::tfc::tileDynamicRows(RewriterBase &rewriter, linalg::LinalgOp op,
                           ArrayRef<int64_t> steps) {
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  auto tiling = dyn_cast<TilingInterface>(op.getOperation());
  if (!tiling || op.getNumDpsInits() != 1 || ranges.empty() ||
      !ShapedType::isDynamic(ranges[0]) || steps.empty() ||
      steps.back() != 1 ||
      llvm::any_of(ArrayRef(ranges).drop_front(), ShapedType::isDynamic))
    return failure();
  OpOperand *init = op.getDpsInitOperand(0);
  // A fill of the output becomes a fill of each tile, as when static
  // tiling fuses it.
  auto fill = init->get().getDefiningOp<linalg::FillOp>();
  Value destination = fill ? fill.getDpsInitOperand(0)->get() : init->get();
  Location loc = op.getLoc();

  rewriter.setInsertionPoint(op);
  Value rows = getValueOrCreateConstantIndexOp(
      rewriter, loc, op.createLoopRanges(rewriter, loc).front().size);
  Value start = arith::ConstantIndexOp::create(rewriter, loc, 0);
  SmallVector<linalg::LinalgOp> tiles;
  for (int64_t step : steps) {
    // The tiles of `step` rows that fit in what the larger steps left.
    Value stepValue = arith::ConstantIndexOp::create(rewriter, loc, step);
    Value left = arith::SubIOp::create(rewriter, loc, rows, start);
    Value count = arith::DivUIOp::create(rewriter, loc, left, stepValue);
    Value end = arith::AddIOp::create(
        rewriter, loc, start,
        arith::MulIOp::create(rewriter, loc, count, stepValue));
    auto loop = scf::ForOp::create(rewriter, loc, start, end, stepValue,
                                   ValueRange{destination});
    Value row = loop.getInductionVar();
    Value carried = loop.getRegionIterArgs().front();

    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(loop.getBody());
    SmallVector<OpFoldResult> offsets(ranges.size(), rewriter.getIndexAttr(0));
    SmallVector<OpFoldResult> sizes =
        llvm::map_to_vector(ranges, [&](int64_t size) -> OpFoldResult {
          return rewriter.getIndexAttr(size);
        });
    offsets[0] = row;
    sizes[0] = rewriter.getIndexAttr(step);
    // The tile reads and writes its rows of the loop's tensor.
    rewriter.modifyOpInPlace(op, [&] { init->set(carried); });
    FailureOr<TilingResult> tiled =
        tiling.getTiledImplementation(rewriter, offsets, sizes);
    SmallVector<OpFoldResult> resultOffsets, resultSizes;
    if (failed(tiled) ||
        failed(tiling.getResultTilePosition(rewriter, 0, offsets, sizes,
                                            resultOffsets, resultSizes)))
      return op.emitError("cannot tile the rows known at run time");
    auto tiledOp = cast<linalg::LinalgOp>(tiled->tiledOps.front());
    if (fill) {
      OpOperand *tileInit = tiledOp.getDpsInitOperand(0);
      rewriter.setInsertionPoint(tiledOp);
      Value filled = linalg::FillOp::create(rewriter, loc,
                                            fill.getDpsInputOperand(0)->get(),
                                            tileInit->get())
                         .getResult(0);
      rewriter.modifyOpInPlace(tiledOp, [&] { tileInit->set(filled); });
      rewriter.setInsertionPointAfter(tiledOp);
    }
    SmallVector<OpFoldResult> strides(resultOffsets.size(),
                                      rewriter.getIndexAttr(1));
    Value updated = tensor::InsertSliceOp::create(
        rewriter, loc, tiled->tiledValues.front(), carried, resultOffsets,
        resultSizes, strides);
    scf::YieldOp::create(rewriter, loc, updated);
    tiles.push_back(tiledOp);
    destination = loop.getResult(0);
    start = end;
  }
  rewriter.replaceOp(op, destination);
  if (fill) {
    redirectDimsToInits(rewriter, fill);
    if (fill->use_empty())
      rewriter.eraseOp(fill);
  }
  return tiles;
}
