//===- Reductions.cpp - gradients of the reductions -----------------------===//
//
// TensorFlow's _SumGrad, _MeanGrad and _MinOrMaxGrad: the incoming gradient
// is spread back over the reduced dimensions (broadcast_like), divided by
// the count for a mean, and shared among the maxima for a max.
//
//===----------------------------------------------------------------------===//

#include "GradientUtils.h"

#include "tfc/Dialect/TFC/IR/TFCOps.h"

using namespace mlir;
using namespace mlir::tfc;

namespace {

Value reduceSumGrad(OpBuilder &b, Location loc, ReduceSumOp op, Value dy) {
  return spreadOverAxes(b, loc, dy, op.getInput(), op.getNormalizedAxes(),
                        op.getKeepDims());
}

/// The gradient of a mean is the sum's divided by the number of reduced
/// elements: a constant when the reduced dimensions are static, else
/// counted at run time (the sum of ones, which needs no shape op).
Value reduceMeanGrad(OpBuilder &b, Location loc, ReduceMeanOp op, Value dy) {
  Value x = op.getInput();
  auto type = cast<RankedTensorType>(x.getType());
  SmallVector<int64_t> axes = op.getNormalizedAxes();
  bool staticCount = llvm::none_of(
      axes, [&](int64_t axis) { return type.isDynamicDim(axis); });
  Value count;
  if (staticCount) {
    int64_t n = 1;
    for (int64_t axis : axes)
      n *= type.getDimSize(axis);
    count = buildScalar(b, loc, type.getElementType(), static_cast<double>(n));
  } else {
    count = ReduceSumOp::create(b, loc, buildFilledLike(b, loc, x, 1.0),
                                b.getDenseI64ArrayAttr(axes), op.getKeepDims());
  }
  Value scaled = DivOp::create(b, loc, dy, count);
  return spreadOverAxes(b, loc, scaled, x, axes, op.getKeepDims());
}

/// Every element equal to the maximum gets an equal share of the gradient,
/// as in TensorFlow. "Equal" is "not below": y - x > 0 marks the others,
/// exactly for every non-NaN input, infinities included.
Value reduceMaxGrad(OpBuilder &b, Location loc, ReduceMaxOp op, Value dy) {
  Value x = op.getInput();
  SmallVector<int64_t> axes = op.getNormalizedAxes();
  bool keepDims = op.getKeepDims();
  Type elementType = elementTypeOf(x);
  Value yBroadcast = spreadOverAxes(b, loc, op.getOutput(), x, axes, keepDims);
  Value below = ReluGradOp::create(b, loc, buildScalar(b, loc, elementType, 1),
                                   SubOp::create(b, loc, yBroadcast, x));
  Value indicators =
      SubOp::create(b, loc, buildScalar(b, loc, elementType, 1), below);
  Value count = ReduceSumOp::create(b, loc, indicators,
                                    b.getDenseI64ArrayAttr(axes), keepDims);
  Value share = DivOp::create(b, loc, dy, count);
  return MulOp::create(b, loc, indicators,
                       spreadOverAxes(b, loc, share, x, axes, keepDims));
}

} // namespace

void mlir::tfc::registerReductionGradients(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *context, TFCDialect *) {
    ReduceSumOp::attachInterface<
        UnaryGradientModel<ReduceSumOp, reduceSumGrad>>(*context);
    ReduceMeanOp::attachInterface<
        UnaryGradientModel<ReduceMeanOp, reduceMeanGrad>>(*context);
    ReduceMaxOp::attachInterface<
        UnaryGradientModel<ReduceMaxOp, reduceMaxGrad>>(*context);
  });
}
