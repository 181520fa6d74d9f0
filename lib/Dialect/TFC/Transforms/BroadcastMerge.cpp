//===- BroadcastMerge.cpp - products of concatenated parts ----------------===//
//
// Implements tfc-broadcast-merge: matmul(concat([a, tile(b)], -1), w) is
// matmul(a, w_a) + matmul(b, w_b), where broadcasting replaces the tile, so
// the tiled tensor is never materialized.
//
//===----------------------------------------------------------------------===//

#include "tfc/Dialect/TFC/Transforms/Passes.h"

#include "tfc/Dialect/TFC/IR/TFCOps.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tfc {
#define GEN_PASS_DEF_TFCBROADCASTMERGE
#include "tfc/Dialect/TFC/Transforms/Passes.h.inc"
} // namespace mlir::tfc

using namespace mlir;
using namespace mlir::tfc;

namespace {

/// The input of a tile that only repeats size-1 dimensions, which
/// broadcasting reproduces; null otherwise.
Value broadcastableTileInput(Value value) {
  auto tile = value.getDefiningOp<TileOp>();
  if (!tile || tile.hasDynamicMultiples())
    return {};
  auto type = dyn_cast<RankedTensorType>(tile.getInput().getType());
  if (!type)
    return {};
  for (auto [dim, multiple] : llvm::zip_equal(type.getShape(),
                                              tile.getMultiples()))
    if (multiple != 1 && dim != 1)
      return {};
  return tile.getInput();
}

struct MergeConcatProduct : public OpRewritePattern<MatMulOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(MatMulOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getTransposeA() || op.getTransposeB())
      return rewriter.notifyMatchFailure(op, "transposed operands");
    auto concat = op.getA().getDefiningOp<ConcatOp>();
    auto concatType =
        concat ? dyn_cast<RankedTensorType>(concat.getType()) : nullptr;
    auto weightType = dyn_cast<RankedTensorType>(op.getB().getType());
    if (!concatType || !weightType || weightType.getRank() != 2 ||
        weightType.isDynamicDim(0))
      return rewriter.notifyMatchFailure(op, "not a product of a concat");
    int64_t rank = concatType.getRank();
    int64_t axis = concat.getAxisAttr().getInt();
    if (rank < 2 || rank > 4 || (axis != -1 && axis != rank - 1))
      return rewriter.notifyMatchFailure(op, "not concatenated last");

    // The parts, with tiles replaced by what they tile.
    SmallVector<Value> parts;
    bool anyTile = false;
    for (Value input : concat.getInputs()) {
      auto type = dyn_cast<RankedTensorType>(input.getType());
      if (!type || type.isDynamicDim(rank - 1))
        return rewriter.notifyMatchFailure(op, "a part of unknown width");
      if (Value tiled = broadcastableTileInput(input)) {
        parts.push_back(tiled);
        anyTile = true;
      } else {
        parts.push_back(input);
      }
    }
    if (!anyTile)
      return rewriter.notifyMatchFailure(op, "nothing is tiled");

    // Check, before building anything, that the rows of w split exactly
    // and that the broadcast sum has the product's shape.
    auto resultType = cast<RankedTensorType>(op.getType());
    int64_t totalRows = 0;
    std::optional<SmallVector<int64_t>> sumShape;
    for (Value part : parts) {
      auto type = cast<RankedTensorType>(part.getType());
      totalRows += type.getDimSize(rank - 1);
      SmallVector<int64_t> shape(type.getShape().drop_back());
      shape.push_back(resultType.getShape().back());
      sumShape = sumShape ? broadcastShapes(*sumShape, shape)
                          : std::optional<SmallVector<int64_t>>(shape);
      if (!sumShape)
        return rewriter.notifyMatchFailure(op, "parts do not broadcast");
    }
    if (totalRows != weightType.getDimSize(0) ||
        ArrayRef<int64_t>(*sumShape) != resultType.getShape())
      return rewriter.notifyMatchFailure(op, "the sum would change type");

    // Each part times its rows of w, summed with broadcasting.
    Location loc = op.getLoc();
    int64_t row = 0;
    Value sum;
    for (Value part : parts) {
      int64_t width = cast<RankedTensorType>(part.getType()).getDimSize(rank - 1);
      Value rows = SliceOp::create(rewriter, loc, op.getB(),
                                   rewriter.getDenseI64ArrayAttr({row, 0}),
                                   rewriter.getDenseI64ArrayAttr({width, -1}));
      row += width;
      Value product = MatMulOp::create(rewriter, loc, part, rows);
      sum = sum ? Value(AddOp::create(rewriter, loc, sum, product)) : product;
    }
    rewriter.replaceOp(op, sum);
    return success();
  }
};

struct TFCBroadcastMergePass
    : public tfc::impl::TFCBroadcastMergeBase<TFCBroadcastMergePass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<MergeConcatProduct>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
