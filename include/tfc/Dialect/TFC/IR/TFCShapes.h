//===- TFCShapes.h - TensorFlow's shape rules -------------------*- C++ -*-===//
//
// The shape and dtype rules of TensorFlow that the ops' type inference shares:
// broadcasting, reductions, and the way TensorFlow prints shapes in errors.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_DIALECT_TFC_IR_TFCSHAPES_H
#define TFC_DIALECT_TFC_IR_TFCSHAPES_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/OpDefinition.h"

#include <optional>
#include <string>

namespace mlir::tfc {

/// Prints a shape as TensorFlow does in its errors: `[3,2]`, `[?,4]`, `[]`;
/// `<unknown>` for an unranked tensor.
std::string formatShape(Type tensorType);

/// Names an element type as TensorFlow names dtypes in its errors: `float`,
/// `double`, `half`, `bfloat16`, `bool`, `int32`, ...
std::string dtypeName(Type elementType);

/// Names an element type as TensorFlow's Python API names dtypes: `float32`,
/// `float64`, `float16`, `bfloat16`, `bool`, `int32`, ...
std::string pythonDTypeName(Type elementType);

/// Broadcasts two shapes with NumPy/TensorFlow rules. A dynamic dimension
/// against a static one greater than 1 takes the static size (the only size a
/// valid program can have there). Returns std::nullopt when two static sizes
/// differ and neither is 1. Unlike OpTrait::util::getBroadcastedShape, a
/// dynamic dimension against a static 0 gives 0 (the unknown size can only
/// be 0 or 1 there), as TensorFlow's shape inference does.
std::optional<SmallVector<int64_t>> broadcastShapes(ArrayRef<int64_t> lhs,
                                                    ArrayRef<int64_t> rhs);

/// The value of a default-valued integer attribute as type inference sees
/// it: while an op is parsed, its defaults are not filled in yet.
inline int64_t getIntOr(IntegerAttr attr, int64_t defaultValue) {
  return attr ? attr.getValue().getSExtValue() : defaultValue;
}

/// The input type of an op whose result has the input's rank, when it is
/// ranked; otherwise null, with the input's unranked type inferred as the
/// result (an unknown rank in is an unknown rank out).
RankedTensorType getRankedOrInferSame(Type input,
                                      SmallVectorImpl<Type> &inferred);

/// Prints a list of sizes as TensorFlow prints a requested shape: `[2,-1]`.
std::string formatDims(ArrayRef<int64_t> dims);

/// Infers the result of an op (`tfName`, for diagnostics) whose shape is
/// given by a 1-D tensor operand of type `shapeType`: its length is the rank
/// (unranked when unknown), every dimension is unknown.
LogicalResult inferShapeFromOperand(std::optional<Location> loc,
                                    StringRef tfName, Type shapeType,
                                    Type elementType,
                                    SmallVectorImpl<Type> &inferred);

/// For an op (`tfName`) that takes its result's shape (`what`: "shape",
/// "new shape") either as an attribute (`hasAttribute`) or as the operand
/// `shape`: an error unless exactly one is given; the result inferred from
/// the operand when that is the one; std::nullopt when the attribute is,
/// for the caller to infer from it.
std::optional<LogicalResult>
inferShapeFromOperandIfGiven(std::optional<Location> loc, StringRef tfName,
                             StringRef what, Value shape, bool hasAttribute,
                             Type elementType, SmallVectorImpl<Type> &inferred);

/// True when `specific` is `general` or a more static version of it: the
/// same element type and, where `general` has a rank or a dimension, the
/// same one. Tensor arrays compare their element types; other types must be
/// equal.
bool isRefinementOf(Type specific, Type general);

/// True when two types can describe the same value: equal element types and
/// shapes that agree where both are known.
bool areCompatibleTypes(Type a, Type b);

/// The most static type that both `a` and `b` refine: dimensions that differ
/// become dynamic, a rank that differs becomes unranked. Null when the
/// element types differ.
Type joinTypes(Type a, Type b);

/// Infers the result of an element-wise binary op named `tfName` (for
/// diagnostics): both operands must be tensors of one element type; the shape
/// is broadcast; the element type is i1 when `boolResult` is set.
LogicalResult inferBroadcastBinaryResultType(std::optional<Location> loc,
                                             StringRef tfName, Type lhs,
                                             Type rhs, bool boolResult,
                                             SmallVectorImpl<Type> &inferred);

/// Normalizes reduction axes to [0, rank), sorted; all axes when `axes` is
/// absent. The axes must already be valid.
SmallVector<int64_t> normalizeReductionAxes(int64_t rank,
                                            std::optional<ArrayRef<int64_t>> axes);

/// Infers the result of a reduction named `tfName`: checks the axes against
/// the input's rank and drops (or, with `keepDims`, keeps as 1) the reduced
/// dimensions.
LogicalResult inferReductionResultType(std::optional<Location> loc,
                                       StringRef tfName, Type input,
                                       std::optional<ArrayRef<int64_t>> axes,
                                       bool keepDims,
                                       SmallVectorImpl<Type> &inferred);

/// A reduction over an explicit empty axis list is the identity, as in
/// TensorFlow.
OpFoldResult foldEmptyReduction(Operation *op, Value input,
                                std::optional<ArrayRef<int64_t>> axes);

/// `reduce_sum`, `reduce_prod`, `reduce_max` and `reduce_min` of an integer
/// constant (shape arithmetic: the gradient of `reduce_mean` divides by a
/// product of dimensions); null for other reductions, floats or a dynamic
/// result.
OpFoldResult foldIntegerReduction(Operation *op, Attribute input,
                                  std::optional<ArrayRef<int64_t>> axes);

} // namespace mlir::tfc

#endif // TFC_DIALECT_TFC_IR_TFCSHAPES_H
