//===- Reductions.cpp - gradients of the reductions -----------------------===//
//
// TensorFlow's _SumGrad, _MeanGrad, _MinOrMaxGrad and _ProdGrad: the
// incoming gradient is spread back over the reduced dimensions
// (broadcast_like), divided by the count for a mean, shared among the
// maxima (minima) for a max (min), and multiplied by the product of the
// other elements for a product.
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

/// Every element equal to the extremum gets an equal share of the gradient,
/// as in TensorFlow. "Equal" is "not beyond": for a max, y - x > 0 marks
/// the others (x - y > 0 for a min), exactly for every non-NaN input,
/// infinities included.
template <typename OpTy>
Value extremumGrad(OpBuilder &b, Location loc, OpTy op, Value dy, bool isMax) {
  Value x = op.getInput();
  SmallVector<int64_t> axes = op.getNormalizedAxes();
  bool keepDims = op.getKeepDims();
  Type elementType = elementTypeOf(x);
  Value yBroadcast = spreadOverAxes(b, loc, op.getOutput(), x, axes, keepDims);
  Value gap = isMax ? SubOp::create(b, loc, yBroadcast, x)
                    : SubOp::create(b, loc, x, yBroadcast);
  Value beyond =
      ReluGradOp::create(b, loc, buildScalar(b, loc, elementType, 1), gap);
  Value indicators =
      SubOp::create(b, loc, buildScalar(b, loc, elementType, 1), beyond);
  Value count = ReduceSumOp::create(b, loc, indicators,
                                    b.getDenseI64ArrayAttr(axes), keepDims);
  Value share = DivOp::create(b, loc, dy, count);
  return MulOp::create(b, loc, indicators,
                       spreadOverAxes(b, loc, share, x, axes, keepDims));
}

Value reduceMaxGrad(OpBuilder &b, Location loc, ReduceMaxOp op, Value dy) {
  return extremumGrad(b, loc, op, dy, /*isMax=*/true);
}

Value reduceMinGrad(OpBuilder &b, Location loc, ReduceMinOp op, Value dy) {
  return extremumGrad(b, loc, op, dy, /*isMax=*/false);
}

/// The product of the other elements of each element's group, without
/// dividing by a zero: with no zero in the group it is prod / x; with one
/// zero, the zero element gets the product of the non-zeros and the others
/// 0; with more, every element gets 0.
Value reduceProdGrad(OpBuilder &b, Location loc, ReduceProdOp op, Value dy) {
  Value x = op.getInput();
  SmallVector<int64_t> axes = op.getNormalizedAxes();
  bool keepDims = op.getKeepDims();
  Type elementType = elementTypeOf(x);
  DenseI64ArrayAttr axesAttr = b.getDenseI64ArrayAttr(axes);
  Value zero = buildScalar(b, loc, elementType, 0);
  Value one = buildScalar(b, loc, elementType, 1);
  Value isZero = EqualOp::create(b, loc, x, zero);
  Value nonZero =
      WhereOp::create(b, loc, isZero, buildFilledLike(b, loc, x, 1), x);
  Value zeros = CastOp::create(b, loc, isZero, TypeAttr::get(elementType));
  Value zeroCount = spreadOverAxes(
      b, loc, ReduceSumOp::create(b, loc, zeros, axesAttr, keepDims), x, axes,
      keepDims);
  Value nonZeroProduct = spreadOverAxes(
      b, loc, ReduceProdOp::create(b, loc, nonZero, axesAttr, keepDims), x,
      axes, keepDims);
  Value noZero = EqualOp::create(b, loc, zeroCount, zero);
  Value theOnlyZero = LogicalAndOp::create(
      b, loc, isZero, EqualOp::create(b, loc, zeroCount, one));
  Value others = WhereOp::create(
      b, loc, noZero, DivOp::create(b, loc, nonZeroProduct, nonZero),
      WhereOp::create(b, loc, theOnlyZero, nonZeroProduct,
                      buildFilledLike(b, loc, x, 0)));
  return MulOp::create(b, loc, others,
                       spreadOverAxes(b, loc, dy, x, axes, keepDims));
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
    ReduceMinOp::attachInterface<
        UnaryGradientModel<ReduceMinOp, reduceMinGrad>>(*context);
    ReduceProdOp::attachInterface<
        UnaryGradientModel<ReduceProdOp, reduceProdGrad>>(*context);
  });
}
