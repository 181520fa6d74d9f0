//===- TFCArrayOps.cpp - TensorArrays -------------------------------------===//
//
// Type inference and verification of the TensorArray ops, with TensorFlow's
// messages.
//
//===----------------------------------------------------------------------===//

#include "tfc/Dialect/TFC/IR/TFCOps.h"

#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::tfc;

/// The array type of a handle operand, or an error at `location`.
static FailureOr<TensorArrayType> getArrayType(std::optional<Location> location,
                                               Value handle) {
  auto type = dyn_cast<TensorArrayType>(handle.getType());
  if (!type) {
    (void)emitOptionalError(location, "expected a tensor array, got ",
                            handle.getType());
    return failure();
  }
  return type;
}

/// Checks that `value` can be stored as an element of `array`.
static LogicalResult verifyElement(Operation *op, TensorArrayType array,
                                   Type value, StringRef what) {
  TensorType element = array.getElementType();
  auto valueType = cast<TensorType>(value);
  if (valueType.getElementType() != element.getElementType())
    return op->emitOpError("TensorArray dtype is ")
           << dtypeName(element.getElementType()) << " but Op is trying to "
           << what << " dtype " << dtypeName(valueType.getElementType());
  if (!areCompatibleTypes(valueType, element))
    return op->emitOpError("Could not ")
           << what << " to TensorArray because the value shape is "
           << formatShape(valueType)
           << " which is incompatible with the TensorArray's element shape: "
           << formatShape(element);
  return success();
}

/// write and unstack return a new array of the handle's type.
static LogicalResult inferSameArray(std::optional<Location> location,
                                    Value handle,
                                    SmallVectorImpl<Type> &inferred) {
  FailureOr<TensorArrayType> array = getArrayType(location, handle);
  if (failed(array))
    return failure();
  inferred.push_back(*array);
  return success();
}

LogicalResult TensorArrayWriteOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  return inferSameArray(location, adaptor.getHandle(), inferred);
}

LogicalResult TensorArrayWriteOp::verify() {
  return verifyElement(*this, getHandle().getType(), getValue().getType(),
                       "write");
}

LogicalResult TensorArrayReadOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  FailureOr<TensorArrayType> array =
      getArrayType(location, adaptor.getHandle());
  if (failed(array))
    return failure();
  inferred.push_back(array->getElementType());
  return success();
}

LogicalResult TensorArrayStackOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  FailureOr<TensorArrayType> array =
      getArrayType(location, adaptor.getHandle());
  if (failed(array))
    return failure();
  TensorType element = array->getElementType();
  auto ranked = dyn_cast<RankedTensorType>(element);
  if (!ranked) {
    inferred.push_back(element);
    return success();
  }
  SmallVector<int64_t> shape{ShapedType::kDynamic};
  llvm::append_range(shape, ranked.getShape());
  inferred.push_back(RankedTensorType::get(shape, ranked.getElementType()));
  return success();
}

LogicalResult TensorArrayUnstackOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  return inferSameArray(location, adaptor.getHandle(), inferred);
}

LogicalResult TensorArrayUnstackOp::verify() {
  auto value = cast<TensorType>(getValue().getType());
  auto ranked = dyn_cast<RankedTensorType>(value);
  if (!ranked)
    return verifyElement(*this, getHandle().getType(),
                         UnrankedTensorType::get(value.getElementType()),
                         "unstack");
  if (ranked.getRank() == 0)
    return emitOpError("Shape must be at least rank 1 but is rank 0: a "
                       "scalar cannot be unstacked");
  return verifyElement(*this, getHandle().getType(),
                       RankedTensorType::get(ranked.getShape().drop_front(),
                                             ranked.getElementType()),
                       "unstack");
}
