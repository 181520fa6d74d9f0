//===- Shape.cpp - gradients of the shape and slicing ops -----------------===//
//
// TensorFlow's _TransposeGrad, _ReshapeGrad, _TileGrad, _ConcatGradV2,
// _PackGrad, _UnpackGrad, _SplitGrad, _SliceGrad, _PadGrad and _CastGrad:
// the incoming gradient is moved back to where the operand's elements came
// from. Tile, concat, slice and pad need the operand sizes they move along
// to be static.
//
//===----------------------------------------------------------------------===//

#include "GradientUtils.h"

#include "tfc/Dialect/TFC/IR/TFCOps.h"

#include "mlir/IR/BuiltinAttributes.h"

using namespace mlir;
using namespace mlir::tfc;

namespace {

/// `value` reshaped to the shape of `like` (same element count): through
/// the static shape when there is one, else through `tfc.shape`.
Value reshapeLike(OpBuilder &b, Location loc, Value value, Value like) {
  auto type = cast<RankedTensorType>(like.getType());
  Value reshaped;
  if (type.hasStaticShape())
    reshaped = ReshapeOp::create(b, loc, value, /*shape=*/Value(),
                                 b.getDenseI64ArrayAttr(type.getShape()));
  else
    reshaped = ReshapeOp::create(b, loc, value,
                                 ShapeOfOp::create(b, loc, like, TypeAttr()),
                                 DenseI64ArrayAttr());
  return castToType(b, loc, reshaped, type);
}

/// A zero tensor of a static shape and `elementType`.
Value buildZeros(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
                 Type elementType) {
  auto type = RankedTensorType::get(shape, elementType);
  return ConstantOp::create(
      b, loc, DenseElementsAttr::get(type, b.getZeroAttr(elementType)));
}

Value transposeGrad(OpBuilder &b, Location loc, TransposeOp op, Value dy) {
  SmallVector<int64_t> perm = op.getPermutation();
  SmallVector<int64_t> inverse(perm.size());
  for (auto [index, dim] : llvm::enumerate(perm))
    inverse[dim] = index;
  return castToType(
      b, loc, TransposeOp::create(b, loc, dy, b.getDenseI64ArrayAttr(inverse)),
      op.getInput().getType());
}

/// reshape: `dy` back in the input's shape.
template <typename OpTy>
Value reshapeBackGrad(OpBuilder &b, Location loc, OpTy op, Value dy) {
  return reshapeLike(b, loc, dy, op.getInput());
}

/// squeeze: `dy` with the removed unit dimensions put back one by one, in
/// ascending order, so each lands where it was. Unlike a reshape to the
/// input's shape, this needs no shape at run time (a dynamic reshape reads
/// its shape on the host, which the CUDA target cannot do for a device
/// tensor).
Value squeezeGrad(OpBuilder &b, Location loc, SqueezeOp op, Value dy) {
  auto input = dyn_cast<RankedTensorType>(op.getInput().getType());
  if (!input || !isa<RankedTensorType>(dy.getType()))
    return reshapeLike(b, loc, dy, op.getInput());
  Value grad = dy;
  for (int64_t axis : op.getRemovedDims())
    grad = ExpandDimsOp::create(b, loc, grad, axis);
  return castToType(b, loc, grad, input);
}

/// expand_dims: `dy` with the added dimension squeezed away again.
Value expandDimsGrad(OpBuilder &b, Location loc, ExpandDimsOp op, Value dy) {
  auto result = dyn_cast<RankedTensorType>(dy.getType());
  if (!result || !isa<RankedTensorType>(op.getInput().getType()))
    return reshapeLike(b, loc, dy, op.getInput());
  int64_t axis = op.getAxis();
  if (axis < 0)
    axis += result.getRank();
  Value squeezed =
      SqueezeOp::create(b, loc, dy, b.getDenseI64ArrayAttr({axis}));
  return castToType(b, loc, squeezed, op.getInput().getType());
}

/// Each input element was copied to `multiples[i]` places along dimension
/// i: the gradient, viewed as [m0, d0, m1, d1, ...], summed over the m's.
FailureOr<Value> tileGrad(OpBuilder &b, Location loc, TileOp op, Value dy) {
  auto input = cast<RankedTensorType>(op.getInput().getType());
  if (!input.hasStaticShape())
    return op.emitError("the gradient of tile needs a static input shape, "
                        "got ")
           << input;
  if (op.hasDynamicMultiples())
    return op.emitError("the gradient of tile needs multiples known when "
                        "it compiles");
  SmallVector<int64_t> split, axes;
  for (auto [dim, multiple] :
       llvm::zip_equal(input.getShape(), op.getMultiples())) {
    axes.push_back(split.size());
    split.push_back(multiple);
    split.push_back(dim);
  }
  Value view =
      ReshapeOp::create(b, loc, dy, Value(), b.getDenseI64ArrayAttr(split));
  return Value(ReduceSumOp::create(b, loc, view, b.getDenseI64ArrayAttr(axes),
                                   /*keep_dims=*/false));
}

/// The slice's gradient in place, zeros around it: one concatenation with
/// zero blocks per dimension that the slice does not cover.
FailureOr<Value> sliceGrad(OpBuilder &b, Location loc, SliceOp op, Value dy) {
  auto input = cast<RankedTensorType>(op.getInput().getType());
  auto result = cast<RankedTensorType>(op.getType());
  if (!input.hasStaticShape() || !result.hasStaticShape())
    return op.emitError("the gradient of slice needs static shapes, got ")
           << input << " sliced to " << result;
  Type elementType = input.getElementType();
  Value gradient = castToType(b, loc, dy, result);
  SmallVector<int64_t> shape(result.getShape());
  for (int64_t dim = 0; dim < input.getRank(); ++dim) {
    int64_t before = op.getBegin()[dim];
    int64_t after = input.getDimSize(dim) - before - shape[dim];
    if (before == 0 && after == 0)
      continue;
    SmallVector<Value> parts;
    SmallVector<int64_t> padShape = shape;
    if (before > 0) {
      padShape[dim] = before;
      parts.push_back(buildZeros(b, loc, padShape, elementType));
    }
    parts.push_back(gradient);
    if (after > 0) {
      padShape[dim] = after;
      parts.push_back(buildZeros(b, loc, padShape, elementType));
    }
    gradient = ConcatOp::create(b, loc, parts, dim);
    shape[dim] = input.getDimSize(dim);
  }
  return gradient;
}

/// A cast between float types passes the gradient back in the input's
/// type; TensorFlow gives integer operands no gradient.
Value castGrad(OpBuilder &b, Location loc, CastOp op, Value dy) {
  Type from = elementTypeOf(op.getInput());
  return CastOp::create(b, loc, dy, TypeAttr::get(from));
}

struct CastOpGradientModel
    : public DifferentiableOpInterface::ExternalModel<CastOpGradientModel,
                                                      CastOp> {
  LogicalResult buildGradients(Operation *op, OpBuilder &builder,
                               ValueRange resultGradients,
                               SmallVectorImpl<Value> &operandGradients) const {
    operandGradients.push_back(
        castGrad(builder, op->getLoc(), cast<CastOp>(op), resultGradients[0]));
    return success();
  }
  bool hasGradient(Operation *op, unsigned) const {
    auto cast = mlir::cast<CastOp>(op);
    return isa<FloatType>(elementTypeOf(cast.getInput())) &&
           isa<FloatType>(elementTypeOf(cast.getOutput()));
  }
};

/// Each input gets its block of the gradient along the axis.
struct ConcatGradientModel
    : public DifferentiableOpInterface::ExternalModel<ConcatGradientModel,
                                                      ConcatOp> {
  LogicalResult buildGradients(Operation *op, OpBuilder &builder,
                               ValueRange resultGradients,
                               SmallVectorImpl<Value> &operandGradients) const {
    auto concat = cast<ConcatOp>(op);
    Location loc = op->getLoc();
    auto result = cast<RankedTensorType>(concat.getType());
    int64_t rank = result.getRank();
    int64_t axis = concat.getAxis();
    if (axis < 0)
      axis += rank;
    int64_t offset = 0;
    for (Value input : concat.getInputs()) {
      auto type = cast<RankedTensorType>(input.getType());
      if (type.isDynamicDim(axis))
        return concat.emitError("the gradient of concat needs the inputs' "
                                "sizes along the axis to be static, got ")
               << type;
      SmallVector<int64_t> begin(rank, 0), size(rank, -1);
      begin[axis] = offset;
      size[axis] = type.getDimSize(axis);
      offset += size[axis];
      Value block = SliceOp::create(builder, loc, resultGradients[0],
                                    builder.getDenseI64ArrayAttr(begin),
                                    builder.getDenseI64ArrayAttr(size));
      operandGradients.push_back(castToType(builder, loc, block, type));
    }
    return success();
  }
};

/// The gradient of a stack is the unstacked gradient.
struct StackGradientModel
    : public DifferentiableOpInterface::ExternalModel<StackGradientModel,
                                                      StackOp> {
  LogicalResult buildGradients(Operation *op, OpBuilder &builder,
                               ValueRange resultGradients,
                               SmallVectorImpl<Value> &operandGradients) const {
    auto stack = cast<StackOp>(op);
    auto unstack = UnstackOp::create(
        builder, op->getLoc(), resultGradients[0], stack.getAxis(),
        builder.getI64IntegerAttr(stack.getInputs().size()));
    for (auto [gradient, input] :
         llvm::zip_equal(unstack.getOutputs(), stack.getInputs()))
      operandGradients.push_back(
          castToType(builder, op->getLoc(), gradient, input.getType()));
    return success();
  }
};

/// The gradient of an op that cuts its one input into several results:
/// `Join` puts the results' gradients back together, and the model casts
/// that to the input's type.
template <typename OpTy, Value (*Join)(OpBuilder &, Location, OpTy, ValueRange)>
struct JoinedGradientModel : public DifferentiableOpInterface::ExternalModel<
                                 JoinedGradientModel<OpTy, Join>, OpTy> {
  LogicalResult buildGradients(Operation *op, OpBuilder &builder,
                               ValueRange resultGradients,
                               SmallVectorImpl<Value> &operandGradients) const {
    auto cut = cast<OpTy>(op);
    Location loc = op->getLoc();
    Value joined = Join(builder, loc, cut, resultGradients);
    operandGradients.push_back(
        castToType(builder, loc, joined, cut.getInput().getType()));
    return success();
  }
};

/// An unstack's results' gradients stacked (the reverse pass hands zeros for
/// a result no gradient flows into).
Value unstackGrad(OpBuilder &b, Location loc, UnstackOp op,
                  ValueRange gradients) {
  return StackOp::create(b, loc, gradients, op.getAxis());
}

/// The parts' gradients joined back along the axis.
Value splitGrad(OpBuilder &b, Location loc, SplitOp op, ValueRange gradients) {
  return ConcatOp::create(b, loc, gradients, op.getNormalizedAxis());
}

/// The padded region's gradient is the slice of `dy` the input occupies.
FailureOr<Value> padGrad(OpBuilder &b, Location loc, PadOp op, Value dy) {
  auto input = cast<RankedTensorType>(op.getInput().getType());
  if (!input.hasStaticShape())
    return op.emitError("the gradient of pad needs a static input shape, "
                        "got ")
           << input;
  SmallVector<int64_t> begin;
  for (int64_t dim = 0; dim < input.getRank(); ++dim)
    begin.push_back(op.getPaddings()[2 * dim]);
  return Value(SliceOp::create(b, loc, dy, b.getDenseI64ArrayAttr(begin),
                               b.getDenseI64ArrayAttr(input.getShape())));
}

/// zeros_like and ones_like do not depend on the input's values.
template <typename OpTy>
Value filledLikeGrad(OpBuilder &b, Location loc, OpTy op, Value) {
  return buildFilledLike(b, loc, op.getInput(), 0.0);
}

} // namespace

void mlir::tfc::registerShapeGradients(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *context, TFCDialect *) {
    TransposeOp::attachInterface<
        UnaryGradientModel<TransposeOp, transposeGrad>>(*context);
    ReshapeOp::attachInterface<
        UnaryGradientModel<ReshapeOp, reshapeBackGrad<ReshapeOp>>>(*context);
    ExpandDimsOp::attachInterface<
        UnaryGradientModel<ExpandDimsOp, expandDimsGrad>>(*context);
    SqueezeOp::attachInterface<UnaryGradientModel<SqueezeOp, squeezeGrad>>(
        *context);
    TileOp::attachInterface<FirstOperandGradientModel<TileOp, tileGrad>>(
        *context);
    SliceOp::attachInterface<FirstOperandGradientModel<SliceOp, sliceGrad>>(
        *context);
    CastOp::attachInterface<CastOpGradientModel>(*context);
    ConcatOp::attachInterface<ConcatGradientModel>(*context);
    StackOp::attachInterface<StackGradientModel>(*context);
    UnstackOp::attachInterface<JoinedGradientModel<UnstackOp, unstackGrad>>(
        *context);
    SplitOp::attachInterface<JoinedGradientModel<SplitOp, splitGrad>>(*context);
    // pad's padding value gets no gradient (TensorFlow's PadV2 gives it
    // none either).
    PadOp::attachInterface<FirstOperandGradientModel<PadOp, padGrad>>(*context);
    ZerosLikeOp::attachInterface<
        UnaryGradientModel<ZerosLikeOp, filledLikeGrad<ZerosLikeOp>>>(*context);
    OnesLikeOp::attachInterface<
        UnaryGradientModel<OnesLikeOp, filledLikeGrad<OnesLikeOp>>>(*context);
  });
}
