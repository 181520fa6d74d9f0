//===- SplitRows.cpp - a contraction split into two row ranges ------------===//
//
// Splits a contraction at a row, so that the rows filling whole register
// tiles and the few rows left over are tiled separately, each with static
// tiles that divide it.
//
//===----------------------------------------------------------------------===//

#include "Transforms.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/TilingInterface.h"

using namespace mlir;
using namespace mlir::tfc;

FailureOr<std::pair<linalg::LinalgOp, linalg::LinalgOp>>
mlir::tfc::splitContractionRows(RewriterBase &rewriter, linalg::LinalgOp op,
                                int64_t rows) {
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  auto tiling = dyn_cast<TilingInterface>(op.getOperation());
  if (!tiling || op.getNumDpsInits() != 1 || ranges.empty() ||
      ShapedType::isDynamic(ranges[0]) || rows <= 0 || rows >= ranges[0])
    return failure();
  OpOperand *init = op.getDpsInitOperand(0);
  // A part whose output starts as the fill's rows gets a fill of its own
  // rows, which tiling then fuses into the part's blocks; the whole fill
  // would be a separate pass over the output.
  auto fill = init->get().getDefiningOp<linalg::FillOp>();
  Value destination = fill ? fill.getDpsInitOperand(0)->get() : init->get();
  Location loc = op.getLoc();

  SmallVector<linalg::LinalgOp> parts;
  int64_t offsets[] = {0, rows}, sizes[] = {rows, ranges[0] - rows};
  for (int64_t part = 0; part < 2; ++part) {
    SmallVector<OpFoldResult> tileOffsets(ranges.size(),
                                          rewriter.getIndexAttr(0));
    SmallVector<OpFoldResult> tileSizes =
        llvm::map_to_vector(ranges, [&](int64_t size) -> OpFoldResult {
          return rewriter.getIndexAttr(size);
        });
    tileOffsets[0] = rewriter.getIndexAttr(offsets[part]);
    tileSizes[0] = rewriter.getIndexAttr(sizes[part]);
    // Each part reads and writes its rows of the previous part's result, so
    // both update one buffer.
    rewriter.setInsertionPoint(op);
    FailureOr<DestinationTile> tile =
        tileOnDestination(rewriter, op, destination, tileOffsets, tileSizes,
                          "cannot split the contraction's rows");
    if (failed(tile))
      return failure();
    linalg::LinalgOp tiledOp = tile->op;
    if (fill)
      fillTileOutput(rewriter, tiledOp, fill);
    rewriter.setInsertionPoint(op);
    SmallVector<OpFoldResult> strides(tile->resultOffsets.size(),
                                      rewriter.getIndexAttr(1));
    destination = tensor::InsertSliceOp::create(
        rewriter, loc, tile->result, destination, tile->resultOffsets,
        tile->resultSizes, strides);
    parts.push_back(tiledOp);
  }
  rewriter.replaceOp(op, destination);
  if (fill && fill->use_empty())
    rewriter.eraseOp(fill);
  return std::make_pair(parts[0], parts[1]);
}
