//===- Utils.cpp - helpers of the tfc to linalg patterns ------------------===//
//
// Broadcasting maps, dynamic sizes and init tensors shared by the patterns.
//
//===----------------------------------------------------------------------===//

#include "Utils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

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

TypedAttr mlir::tfc::lowestValue(OpBuilder &builder, Type type) {
  if (auto floatType = dyn_cast<FloatType>(type))
    return builder.getFloatAttr(
        floatType, APFloat::getInf(floatType.getFloatSemantics(), true));
  return builder.getIntegerAttr(
      type, APInt::getSignedMinValue(type.getIntOrFloatBitWidth()));
}

TypedAttr mlir::tfc::highestValue(OpBuilder &builder, Type type) {
  if (auto floatType = dyn_cast<FloatType>(type))
    return builder.getFloatAttr(
        floatType, APFloat::getInf(floatType.getFloatSemantics(), false));
  return builder.getIntegerAttr(
      type, APInt::getSignedMaxValue(type.getIntOrFloatBitWidth()));
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

SmallVector<ReassociationIndices>
mlir::tfc::getUnitDimsReassociation(int64_t rank, ArrayRef<int64_t> unitDims) {
  SmallVector<ReassociationIndices> groups;
  ReassociationIndices pending;
  for (int64_t dim = 0; dim < rank; ++dim) {
    pending.push_back(dim);
    if (!llvm::is_contained(unitDims, dim)) {
      groups.push_back(pending);
      pending.clear();
    }
  }
  if (!pending.empty() && !groups.empty())
    llvm::append_range(groups.back(), pending);
  return groups;
}

Value mlir::tfc::castTensorTo(OpBuilder &builder, Location loc, Value value,
                              Type type) {
  if (value.getType() == type)
    return value;
  return tensor::CastOp::create(builder, loc, type, value);
}

Value mlir::tfc::buildSizeProduct(OpBuilder &builder, Location loc,
                                  Value tensor, ArrayRef<int64_t> dims) {
  Value product = arith::ConstantIndexOp::create(builder, loc, 1);
  for (int64_t dim : dims)
    product =
        arith::MulIOp::create(builder, loc, product,
                              tensor::DimOp::create(builder, loc, tensor, dim));
  return product;
}

Value mlir::tfc::buildElementCount(OpBuilder &builder, Location loc,
                                   Value tensor) {
  int64_t rank = cast<RankedTensorType>(tensor.getType()).getRank();
  return buildSizeProduct(builder, loc, tensor,
                          llvm::to_vector(llvm::seq<int64_t>(0, rank)));
}

Value mlir::tfc::extractScalar(OpBuilder &builder, Location loc, Value tensor) {
  return tensor::ExtractOp::create(builder, loc, tensor, ValueRange{});
}

OpFoldResult mlir::tfc::addIndices(OpBuilder &builder, Location loc,
                                   OpFoldResult lhs, OpFoldResult rhs) {
  std::optional<int64_t> a = getConstantIntValue(lhs);
  std::optional<int64_t> b = getConstantIntValue(rhs);
  if (a && b)
    return builder.getIndexAttr(*a + *b);
  if (a == 0)
    return rhs;
  if (b == 0)
    return lhs;
  return arith::AddIOp::create(
             builder, loc, getValueOrCreateConstantIndexOp(builder, loc, lhs),
             getValueOrCreateConstantIndexOp(builder, loc, rhs))
      .getResult();
}

Value mlir::tfc::castInteger(OpBuilder &builder, Location loc, Value value,
                             Type type) {
  Type from = value.getType();
  if (from == type)
    return value;
  if (from.isIndex() || type.isIndex())
    return arith::IndexCastOp::create(builder, loc, type, value);
  if (from.getIntOrFloatBitWidth() < type.getIntOrFloatBitWidth())
    return arith::ExtSIOp::create(builder, loc, type, value);
  return arith::TruncIOp::create(builder, loc, type, value);
}

Value mlir::tfc::addScalars(OpBuilder &builder, Location loc, Value lhs,
                            Value rhs) {
  if (isa<FloatType>(lhs.getType()))
    return arith::AddFOp::create(builder, loc, lhs, rhs);
  return arith::AddIOp::create(builder, loc, lhs, rhs);
}

Value mlir::tfc::extractIndex(OpBuilder &builder, Location loc, Value vector,
                              int64_t position) {
  Value index = arith::ConstantIndexOp::create(builder, loc, position);
  Value entry =
      tensor::ExtractOp::create(builder, loc, vector, ValueRange{index});
  return castInteger(builder, loc, entry, builder.getIndexType());
}
