//===- Utils.cpp - helpers of the tfc to linalg patterns ------------------===//
//
// Broadcasting maps, dynamic sizes and init tensors shared by the patterns.
//
//===----------------------------------------------------------------------===//

#include "Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::tfc;

AffineMap mlir::tfc::getBroadcastMap(RankedTensorType operand,
                                     RankedTensorType result) {
  MLIRContext *context = operand.getContext();
  int64_t offset = result.getRank() - operand.getRank();
  SmallVector<AffineExpr> exprs;
  for (int64_t dim = 0; dim < operand.getRank(); ++dim) {
    int64_t resultDim = dim + offset;
    if (operand.getDimSize(dim) == 1 && result.getDimSize(resultDim) != 1)
      exprs.push_back(getAffineConstantExpr(0, context));
    else
      exprs.push_back(getAffineDimExpr(resultDim, context));
  }
  return AffineMap::get(result.getRank(), /*symbolCount=*/0, exprs, context);
}

SmallVector<Value> mlir::tfc::getBroadcastDynamicSizes(OpBuilder &builder,
                                                       Location loc,
                                                       RankedTensorType result,
                                                       ValueRange operands) {
  SmallVector<Value> sizes;
  for (int64_t dim = 0; dim < result.getRank(); ++dim) {
    if (!result.isDynamicDim(dim))
      continue;
    Value size;
    for (Value operand : operands) {
      auto type = cast<RankedTensorType>(operand.getType());
      int64_t operandDim = dim - (result.getRank() - type.getRank());
      if (operandDim >= 0 && type.isDynamicDim(operandDim)) {
        size = tensor::DimOp::create(builder, loc, operand, operandDim);
        break;
      }
    }
    assert(size && "a dynamic result dimension comes from a dynamic operand");
    sizes.push_back(size);
  }
  return sizes;
}

Value mlir::tfc::buildElementwiseGeneric(
    OpBuilder &builder, Location loc, RankedTensorType result,
    ValueRange operands,
    function_ref<Value(OpBuilder &, Location, ValueRange)> body) {
  SmallVector<Value> sizes =
      getBroadcastDynamicSizes(builder, loc, result, operands);
  Value init = tensor::EmptyOp::create(builder, loc, result.getShape(),
                                       result.getElementType(), sizes);
  SmallVector<AffineMap> maps;
  for (Value operand : operands)
    maps.push_back(
        getBroadcastMap(cast<RankedTensorType>(operand.getType()), result));
  maps.push_back(builder.getMultiDimIdentityMap(result.getRank()));
  SmallVector<utils::IteratorType> iterators(result.getRank(),
                                             utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      builder, loc, TypeRange{result}, operands, ValueRange{init}, maps,
      iterators, [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
        Value value = body(nested, nestedLoc, args.drop_back());
        linalg::YieldOp::create(nested, nestedLoc, value);
      });
  return generic.getResult(0);
}

Value mlir::tfc::buildFilledTensor(OpBuilder &builder, Location loc,
                                   RankedTensorType type,
                                   ValueRange dynamicSizes, TypedAttr value) {
  Value empty = tensor::EmptyOp::create(builder, loc, type.getShape(),
                                        type.getElementType(), dynamicSizes);
  Value scalar = arith::ConstantOp::create(builder, loc, value);
  return linalg::FillOp::create(builder, loc, scalar, empty).getResult(0);
}

Value mlir::tfc::buildScalarConstant(OpBuilder &builder, Location loc,
                                     Type elementType, double value) {
  if (auto floatType = dyn_cast<FloatType>(elementType))
    return arith::ConstantOp::create(builder, loc,
                                     builder.getFloatAttr(floatType, value));
  return arith::ConstantOp::create(
      builder, loc,
      builder.getIntegerAttr(elementType, static_cast<int64_t>(value)));
}
