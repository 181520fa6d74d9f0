//===- GradientUtils.cpp - helpers of the gradient rules ------------------===//
//
// Constants, broadcast undoing and reduction spreading for the gradient
// rules, and the registration of every op family's rules.
//
//===----------------------------------------------------------------------===//

#include "GradientUtils.h"

#include "../TFNames.h"

#include "tfc/Dialect/TFC/IR/TFCOps.h"
#include "tfc/Dialect/TFC/Transforms/Gradients.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::tfc;

ScopedOpNamer::ScopedOpNamer(OpBuilder &builder, NameRegistry &names,
                             std::string prefix)
    : builder(builder), names(names), prefix(std::move(prefix)),
      previousListener(builder.getListener()) {
  builder.setListener(this);
}

ScopedOpNamer::~ScopedOpNamer() { builder.setListener(previousListener); }

void ScopedOpNamer::notifyOperationInserted(Operation *op,
                                            OpBuilder::InsertPoint previous) {
  if (isa<TFCDialect>(op->getDialect()))
    op->setAttr(kNameAttrName, builder.getStringAttr(names.makeUnique(
                                joinScope(prefix, defaultTFName(op)))));
  if (previousListener)
    previousListener->notifyOperationInserted(op, previous);
}

Type mlir::tfc::elementTypeOf(Value value) {
  return cast<TensorType>(value.getType()).getElementType();
}

Value mlir::tfc::buildScalar(OpBuilder &builder, Location loc, Type elementType,
                             double value) {
  auto type = RankedTensorType::get({}, elementType);
  Attribute element = isa<FloatType>(elementType)
                          ? Attribute(builder.getFloatAttr(elementType, value))
                          : Attribute(builder.getIntegerAttr(
                                elementType, static_cast<int64_t>(value)));
  return ConstantOp::create(builder, loc,
                            DenseElementsAttr::get(type, element));
}

Value mlir::tfc::buildFilledLike(OpBuilder &builder, Location loc, Value like,
                                 double value) {
  auto type = cast<RankedTensorType>(like.getType());
  if (type.hasStaticShape())
    return ConstantOp::create(
        builder, loc,
        DenseElementsAttr::get(
            type, builder.getFloatAttr(type.getElementType(), value)));
  Value scalar = buildScalar(builder, loc, type.getElementType(), value);
  return BroadcastLikeOp::create(builder, loc, scalar, like,
                                 /*dims=*/nullptr);
}

Value mlir::tfc::castToType(OpBuilder &builder, Location loc, Value value,
                            Type type) {
  if (value.getType() == type)
    return value;
  return tensor::CastOp::create(builder, loc, type, value);
}

Value mlir::tfc::reduceToShape(OpBuilder &builder, Location loc, Value gradient,
                               Type target) {
  auto targetType = cast<RankedTensorType>(target);
  auto type = cast<RankedTensorType>(gradient.getType());
  int64_t leading = type.getRank() - targetType.getRank();
  if (leading > 0) {
    SmallVector<int64_t> axes = llvm::to_vector(llvm::seq<int64_t>(0, leading));
    gradient = ReduceSumOp::create(builder, loc, gradient,
                                   builder.getDenseI64ArrayAttr(axes),
                                   /*keep_dims=*/false);
    type = cast<RankedTensorType>(gradient.getType());
  }
  // A static 1 in the operand against anything else was stretched. A
  // dynamic operand dimension is taken to match, as the lowering does.
  SmallVector<int64_t> stretched;
  for (int64_t dim = 0; dim < targetType.getRank(); ++dim)
    if (targetType.getDimSize(dim) == 1 && type.getDimSize(dim) != 1)
      stretched.push_back(dim);
  if (!stretched.empty())
    gradient = ReduceSumOp::create(builder, loc, gradient,
                                   builder.getDenseI64ArrayAttr(stretched),
                                   /*keep_dims=*/true);
  return castToType(builder, loc, gradient, target);
}

Value mlir::tfc::spreadOverAxes(OpBuilder &builder, Location loc, Value value,
                                Value input, ArrayRef<int64_t> axes,
                                bool keepDims) {
  DenseI64ArrayAttr dims =
      keepDims ? DenseI64ArrayAttr() : builder.getDenseI64ArrayAttr(axes);
  return BroadcastLikeOp::create(builder, loc, value, input, dims);
}

void mlir::tfc::registerDifferentiableOpInterfaceExternalModels(
    DialectRegistry &registry) {
  registerElementwiseGradients(registry);
  registerMatMulGradients(registry);
  registerReductionGradients(registry);
  registerShapeGradients(registry);
  registerIndexingGradients(registry);
  registerNNGradients(registry);
  registerWindowGradients(registry);
}
