//===- Utils.h - helpers of the tfc to linalg patterns ----------*- C++ -*-===//
//
// Broadcasting maps, dynamic sizes and init tensors shared by the patterns.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_LIB_CONVERSION_TFCTOLINALG_UTILS_H
#define TFC_LIB_CONVERSION_TFCTOLINALG_UTILS_H

#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"
#include "mlir/IR/AffineMap.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

namespace mlir::tfc {

/// The map from the iteration space of `result` (one loop per result
/// dimension) to the elements of an operand broadcast to it, NumPy-style:
/// dimensions align on the right; a static size-1 dimension against a larger
/// one reads element 0; missing leading dimensions are dropped.
AffineMap getBroadcastMap(RankedTensorType operand, RankedTensorType result);

/// The sizes of the dynamic dimensions of `result`, broadcast from
/// `operands`: each is read from the first operand that has a dynamic
/// dimension at that position.
SmallVector<Value> getBroadcastDynamicSizes(OpBuilder &builder, Location loc,
                                            RankedTensorType result,
                                            ValueRange operands);

/// A `linalg.generic` computing `result` element-wise from `operands`
/// broadcast to it; `body` gets one scalar per operand.
Value buildElementwiseGeneric(
    OpBuilder &builder, Location loc, RankedTensorType result,
    ValueRange operands,
    function_ref<Value(OpBuilder &, Location, ValueRange)> body);

/// `operands` of an element-wise op, each replaced, where one of its
/// dynamic dimensions may be 1 at run time against a larger result size,
/// by an `scf.if` that yields the operand, or a copy broadcast to the
/// result's sizes when such a dimension is 1 (TensorFlow's rule).
SmallVector<Value> broadcastDynamicUnitDims(OpBuilder &builder, Location loc,
                                            RankedTensorType result,
                                            ValueRange operands);

/// An empty tensor of `type` filled with `value` by `linalg.fill`.
Value buildFilledTensor(OpBuilder &builder, Location loc, RankedTensorType type,
                        ValueRange dynamicSizes, TypedAttr value);

/// The lowest (highest) value of a float or signed integer type: -inf
/// (+inf) or the smallest (largest) integer, where a maximum (minimum)
/// starts.
TypedAttr lowestValue(OpBuilder &builder, Type type);
TypedAttr highestValue(OpBuilder &builder, Type type);

/// A scalar constant of `elementType` (float or integer) holding `value`.
Value buildScalarConstant(OpBuilder &builder, Location loc, Type elementType,
                          double value);

/// The reassociation between a shape of rank `rank` and the same shape
/// without its dimensions `unitDims` (all of size 1): each of them joins the
/// next remaining dimension, trailing ones the last (none remain when all
/// are unit dimensions). It serves both directions, collapse and expand.
SmallVector<ReassociationIndices>
getUnitDimsReassociation(int64_t rank, ArrayRef<int64_t> unitDims);

/// `value` as `type` (a tensor type it is compatible with), through
/// tensor.cast when they differ.
Value castTensorTo(OpBuilder &builder, Location loc, Value value, Type type);

/// The product of the sizes of dimensions `dims` of `tensor`, as an index:
/// 1 (a constant) for no dimensions.
Value buildSizeProduct(OpBuilder &builder, Location loc, Value tensor,
                       ArrayRef<int64_t> dims);

/// The element count of a ranked `tensor`: buildSizeProduct of all its
/// dimensions.
Value buildElementCount(OpBuilder &builder, Location loc, Value tensor);

/// The element of a rank-0 tensor.
Value extractScalar(OpBuilder &builder, Location loc, Value tensor);

/// `lhs + rhs` for sizes and offsets, folded when both are constants.
OpFoldResult addIndices(OpBuilder &builder, Location loc, OpFoldResult lhs,
                        OpFoldResult rhs);

/// `lhs + rhs` for float or integer scalars.
Value addScalars(OpBuilder &builder, Location loc, Value lhs, Value rhs);

/// An integer or index scalar converted to `type` (an integer or index
/// type), sign-extending or truncating.
Value castInteger(OpBuilder &builder, Location loc, Value value, Type type);

/// Entry `position` of the 1-D integer tensor `vector` (a shape or
/// multiples operand known at run time) as an index.
Value extractIndex(OpBuilder &builder, Location loc, Value vector,
                   int64_t position);

} // namespace mlir::tfc

#endif // TFC_LIB_CONVERSION_TFCTOLINALG_UTILS_H
