//===- DynamicRows.cpp - rows known at run time, in tiles of static size --===//
//
// Splits an op whose row count is known only at run time into loops over
// tiles of static row counts, largest first, one of them possibly a tile of
// the rows left padded to a static count: every tile is then a statically
// shaped op that the static tiling and the vectorizer handle.
//
//===----------------------------------------------------------------------===//

#include "Transforms.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Utils/Utils.h"
#include "mlir/Dialect/Utils/StructuredOpsUtils.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/TilingInterface.h"
#include "llvm/Support/MathExtras.h"

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

/// Replaces `tiled`, a tile of fewer than `rows` rows (its only dynamic
/// size), by the same op on its operands padded with zeros to `rows` rows
/// (a fill of the output instead of its padding when `fill` is set),
/// followed by a slice of the rows the tile has. The padded rows compute
/// values nobody reads. Returns the padded op and the slice.
static std::pair<linalg::LinalgOp, Value>
padTileRows(RewriterBase &rewriter, linalg::LinalgOp tiled, int64_t rows,
            linalg::FillOp fill) {
  Location loc = tiled.getLoc();
  rewriter.setInsertionPoint(tiled);
  auto padded = [&](Value value) -> Value {
    auto type = cast<RankedTensorType>(value.getType());
    if (type.hasStaticShape())
      return value;
    SmallVector<int64_t> shape = llvm::map_to_vector(
        type.getShape(),
        [&](int64_t size) { return ShapedType::isDynamic(size) ? rows : size; });
    Value zero = arith::ConstantOp::create(
        rewriter, loc, rewriter.getZeroAttr(type.getElementType()));
    return tensor::createPadHighOp(type.clone(shape), value, zero,
                                   /*nofold=*/false, loc, rewriter);
  };
  SmallVector<Value> operands;
  for (OpOperand &operand : tiled->getOpOperands()) {
    if (!fill || !tiled.isDpsInit(&operand)) {
      operands.push_back(padded(operand.get()));
      continue;
    }
    auto type = cast<RankedTensorType>(operand.get().getType());
    SmallVector<int64_t> shape = llvm::map_to_vector(
        type.getShape(),
        [&](int64_t size) { return ShapedType::isDynamic(size) ? rows : size; });
    Value empty = tensor::EmptyOp::create(rewriter, loc, shape,
                                          type.getElementType());
    operands.push_back(linalg::FillOp::create(
                           rewriter, loc, fill.getDpsInputOperand(0)->get(),
                           empty)
                           .getResult(0));
  }
  SmallVector<Type> resultTypes;
  for (OpOperand &init : tiled.getDpsInitsMutable())
    resultTypes.push_back(operands[init.getOperandNumber()].getType());
  auto result = cast<linalg::LinalgOp>(
      clone(rewriter, tiled, resultTypes, operands));
  // The rows the tile has, out of the padded result.
  Value original = tiled->getResult(0);
  auto type = cast<RankedTensorType>(original.getType());
  SmallVector<OpFoldResult> offsets(type.getRank(), rewriter.getIndexAttr(0));
  SmallVector<OpFoldResult> sizes =
      tensor::getMixedSizes(rewriter, loc, tiled.getDpsInits()[0]);
  SmallVector<OpFoldResult> strides(type.getRank(), rewriter.getIndexAttr(1));
  Value slice = tensor::ExtractSliceOp::create(
      rewriter, loc, type, result->getResult(0), offsets, sizes, strides);
  rewriter.replaceOp(tiled, slice);
  return {result, slice};
}

Value mlir::tfc::getBalancedBlockRows(OpBuilder &b, Location loc, Value rows,
                                     int64_t maxBlockRows, int64_t tileRows) {
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value most = arith::ConstantIndexOp::create(b, loc, maxBlockRows);
  Value tile = arith::ConstantIndexOp::create(b, loc, tileRows);
  Value blocks = arith::MaxUIOp::create(
      b, loc, arith::CeilDivUIOp::create(b, loc, rows, most), one);
  Value even = arith::CeilDivUIOp::create(b, loc, rows, blocks);
  Value rounded = arith::MulIOp::create(
      b, loc, arith::CeilDivUIOp::create(b, loc, even, tile), tile);
  return arith::MaxUIOp::create(b, loc, rounded, tile);
}

FailureOr<DestinationTile>
mlir::tfc::tileOnDestination(RewriterBase &rewriter, linalg::LinalgOp op,
                             Value destination, ArrayRef<OpFoldResult> offsets,
                             ArrayRef<OpFoldResult> sizes, StringRef error) {
  auto tiling = cast<TilingInterface>(op.getOperation());
  OpOperand *init = op.getDpsInitOperand(0);
  rewriter.modifyOpInPlace(op, [&] { init->set(destination); });
  FailureOr<TilingResult> tiled =
      tiling.getTiledImplementation(rewriter, offsets, sizes);
  DestinationTile tile;
  if (failed(tiled) ||
      failed(tiling.getResultTilePosition(
          rewriter, 0, offsets, sizes, tile.resultOffsets, tile.resultSizes)))
    return op.emitError(error);
  tile.op = cast<linalg::LinalgOp>(tiled->tiledOps.front());
  tile.result = tiled->tiledValues.front();
  return tile;
}

void mlir::tfc::fillTileOutput(RewriterBase &rewriter, linalg::LinalgOp tile,
                               linalg::FillOp fill) {
  OpOperand *tileInit = tile.getDpsInitOperand(0);
  rewriter.setInsertionPoint(tile);
  Value filled =
      linalg::FillOp::create(rewriter, tile.getLoc(),
                             fill.getDpsInputOperand(0)->get(), tileInit->get())
          .getResult(0);
  rewriter.modifyOpInPlace(tile, [&] { tileInit->set(filled); });
}

/// Where the loop of a step of `step` (`stepValue`) rows ends, from `start` out
/// of `rows`: after the whole tiles that fit, or (the padded step, `pad`) after
/// all the rows left if at least half a tile is left, else at once.
static Value getStepEnd(RewriterBase &rewriter, Location loc, Value rows,
                        Value start, int64_t step, Value stepValue, bool pad) {
  Value left = arith::SubIOp::create(rewriter, loc, rows, start);
  if (pad) {
    Value half = arith::ConstantIndexOp::create(rewriter, loc,
                                                llvm::divideCeil(step, 2));
    Value enough = arith::CmpIOp::create(rewriter, loc,
                                         arith::CmpIPredicate::uge, left, half);
    return arith::SelectOp::create(rewriter, loc, enough, rows, start);
  }
  Value count = arith::DivUIOp::create(rewriter, loc, left, stepValue);
  return arith::AddIOp::create(
      rewriter, loc, start,
      arith::MulIOp::create(rewriter, loc, count, stepValue));
}

/// The body of `loop`, a loop over tiles of `step` rows of `op` (all the
/// rows left when `pad`): the tile of `op` at the loop's row, reading and
/// writing its rows of the loop's tensor, its output filled when `fill`
/// filled `op`'s; inserted back and yielded. Returns the tile's op.
static FailureOr<linalg::LinalgOp>
buildRowTile(RewriterBase &rewriter, linalg::LinalgOp op, scf::ForOp loop,
             Value rows, int64_t step, bool pad, linalg::FillOp fill) {
  Location loc = op.getLoc();
  Value row = loop.getInductionVar();
  Value carried = loop.getRegionIterArgs().front();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(loop.getBody());
  SmallVector<OpFoldResult> offsets(op.getNumLoops(), rewriter.getIndexAttr(0));
  SmallVector<OpFoldResult> sizes = llvm::map_to_vector(
      op.getStaticLoopRanges(), [&](int64_t size) -> OpFoldResult {
        return rewriter.getIndexAttr(size);
      });
  offsets[0] = row;
  sizes[0] = rewriter.getIndexAttr(step);
  if (pad)
    sizes[0] = arith::SubIOp::create(rewriter, loc, rows, row).getResult();
  // The tile reads and writes its rows of the loop's tensor.
  FailureOr<DestinationTile> tile =
      tileOnDestination(rewriter, op, carried, offsets, sizes,
                        "cannot tile the rows known at run time");
  if (failed(tile))
    return failure();
  auto tiledOp = tile->op;
  Value tileResult = tile->result;
  if (pad)
    std::tie(tiledOp, tileResult) = padTileRows(rewriter, tiledOp, step, fill);
  else if (fill)
    fillTileOutput(rewriter, tiledOp, fill);
  rewriter.setInsertionPointToEnd(loop.getBody());
  SmallVector<OpFoldResult> strides(tile->resultOffsets.size(),
                                    rewriter.getIndexAttr(1));
  Value updated = tensor::InsertSliceOp::create(rewriter, loc, tileResult,
                                                carried, tile->resultOffsets,
                                                tile->resultSizes, strides);
  scf::YieldOp::create(rewriter, loc, updated);
  return tiledOp;
}

FailureOr<SmallVector<linalg::LinalgOp>>
mlir::tfc::tileDynamicRows(RewriterBase &rewriter, linalg::LinalgOp op,
                           ArrayRef<int64_t> steps,
                           std::optional<unsigned> paddedStep) {
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  auto tiling = dyn_cast<TilingInterface>(op.getOperation());
  if (!tiling || op.getNumDpsInits() != 1 || ranges.empty() ||
      !ShapedType::isDynamic(ranges[0]) || steps.empty() ||
      steps.back() != 1 || op->getNumResults() != 1 ||
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
  for (auto [index, step] : llvm::enumerate(steps)) {
    // The tiles of `step` rows that fit in what the larger steps left; the
    // padded step is one tile of all the rows left, if at least half of
    // its rows are.
    bool pad = paddedStep && *paddedStep == index;
    Value stepValue = arith::ConstantIndexOp::create(rewriter, loc, step);
    Value end = getStepEnd(rewriter, loc, rows, start, step, stepValue, pad);
    auto loop = scf::ForOp::create(rewriter, loc, start, end, stepValue,
                                   ValueRange{destination});
    FailureOr<linalg::LinalgOp> tile =
        buildRowTile(rewriter, op, loop, rows, step, pad, fill);
    if (failed(tile))
      return failure();
    tiles.push_back(*tile);
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
