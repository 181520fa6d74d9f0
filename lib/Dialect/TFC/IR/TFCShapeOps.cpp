//===- TFCShapeOps.cpp - shapes, reshapes, fills and casts ----------------===//
//
// Type inference of shape, size, reshape, expand_dims, squeeze, tile, fill,
// range and cast, with TensorFlow's error messages. Their folders are in
// TFCShapeFolders.cpp.
//
//===----------------------------------------------------------------------===//

#include "tfc/Dialect/TFC/IR/TFCOps.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::tfc;

std::string mlir::tfc::formatDims(ArrayRef<int64_t> dims) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << '[';
  llvm::interleave(dims, os, ",");
  os << ']';
  return text;
}

/// The dtype chosen by an optional `out_type`: int32 by default.
static Type indexType(MLIRContext *context, std::optional<Type> outType) {
  return outType ? *outType : IntegerType::get(context, 32);
}

LogicalResult
mlir::tfc::inferShapeFromOperand(std::optional<Location> loc, StringRef tfName,
                                 Type shapeType, Type elementType,
                                 SmallVectorImpl<Type> &inferred) {
  auto shape = cast<TensorType>(shapeType);
  auto ranked = dyn_cast<RankedTensorType>(shape);
  if (ranked && ranked.getRank() != 1)
    return emitOptionalError(loc, tfName, ": Shape must be rank 1 but is rank ",
                             ranked.getRank());
  if (!ranked || ranked.isDynamicDim(0)) {
    inferred.push_back(UnrankedTensorType::get(elementType));
    return success();
  }
  SmallVector<int64_t> dims(ranked.getDimSize(0), ShapedType::kDynamic);
  inferred.push_back(RankedTensorType::get(dims, elementType));
  return success();
}

//===----------------------------------------------------------------------===//
// ShapeOfOp and SizeOp
//===----------------------------------------------------------------------===//

LogicalResult ShapeOfOp::inferReturnTypes(MLIRContext *context,
                                          std::optional<Location>,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &inferred) {
  auto input = cast<TensorType>(adaptor.getInput().getType());
  int64_t rank = input.hasRank() ? input.getRank() : ShapedType::kDynamic;
  inferred.push_back(
      RankedTensorType::get({rank}, indexType(context, adaptor.getOutType())));
  return success();
}

LogicalResult SizeOp::inferReturnTypes(MLIRContext *context,
                                       std::optional<Location>, Adaptor adaptor,
                                       SmallVectorImpl<Type> &inferred) {
  inferred.push_back(
      RankedTensorType::get({}, indexType(context, adaptor.getOutType())));
  return success();
}

//===----------------------------------------------------------------------===//
// ReshapeOp
//===----------------------------------------------------------------------===//

/// Resolves the `-1` of a reshape's new shape against the input's element
/// count, with TensorFlow's checks.
static LogicalResult inferReshape(std::optional<Location> loc, TensorType input,
                                  ArrayRef<int64_t> dims,
                                  SmallVectorImpl<Type> &inferred) {
  std::optional<size_t> unknown;
  int64_t known = 1;
  for (auto [index, dim] : llvm::enumerate(dims)) {
    if (dim == -1) {
      if (unknown)
        return emitOptionalError(loc,
                                 "Reshape: Only one input size may be "
                                 "-1, not both ",
                                 *unknown, " and ", index);
      unknown = index;
      continue;
    }
    if (dim < 0)
      return emitOptionalError(loc, "Reshape: Size ", index,
                               " must be non-negative, not ", dim);
    if (llvm::MulOverflow(known, dim, known))
      return emitOptionalError(loc, "Reshape: shape ", formatDims(dims),
                               " has too many elements");
  }

  SmallVector<int64_t> shape(dims);
  if (input.hasStaticShape()) {
    int64_t count = input.getNumElements();
    if (!unknown && known != count)
      return emitOptionalError(loc, "Cannot reshape a tensor with ", count,
                               " elements to shape ", formatDims(dims), " (",
                               known, " elements)");
    if (unknown) {
      if (known == 0)
        return emitOptionalError(
            loc, "Reshape cannot infer the missing input size for an empty "
                 "tensor unless all specified input sizes are non-zero");
      if (count % known != 0)
        return emitOptionalError(loc, "Input to reshape is a tensor with ",
                                 count,
                                 " values, but the requested shape requires "
                                 "a multiple of ",
                                 known);
      shape[*unknown] = count / known;
    }
  } else if (unknown) {
    shape[*unknown] = ShapedType::kDynamic;
  }
  inferred.push_back(RankedTensorType::get(shape, input.getElementType()));
  return success();
}

LogicalResult ReshapeOp::inferReturnTypes(MLIRContext *,
                                          std::optional<Location> location,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &inferred) {
  auto input = cast<TensorType>(adaptor.getInput().getType());
  std::optional<ArrayRef<int64_t>> newShape = adaptor.getNewShape();
  if (std::optional<LogicalResult> fromOperand = inferShapeFromOperandIfGiven(
          location, "Reshape", "new shape", adaptor.getShape(),
          newShape.has_value(), input.getElementType(), inferred))
    return *fromOperand;
  return inferReshape(location, input, *newShape, inferred);
}

//===----------------------------------------------------------------------===//
// ExpandDimsOp and SqueezeOp
//===----------------------------------------------------------------------===//

LogicalResult ExpandDimsOp::inferReturnTypes(MLIRContext *,
                                             std::optional<Location> location,
                                             Adaptor adaptor,
                                             SmallVectorImpl<Type> &inferred) {
  RankedTensorType ranked =
      getRankedOrInferSame(adaptor.getInput().getType(), inferred);
  if (!ranked)
    return success();
  int64_t rank = ranked.getRank();
  auto axis = static_cast<int64_t>(adaptor.getAxis());
  if (axis < -rank - 1 || axis > rank)
    return emitOptionalError(location, "Tried to expand dim index ", axis,
                             " for tensor with ", rank, " dimensions.");
  if (axis < 0)
    axis += rank + 1;
  SmallVector<int64_t> shape(ranked.getShape());
  shape.insert(shape.begin() + axis, 1);
  inferred.push_back(RankedTensorType::get(shape, ranked.getElementType()));
  return success();
}

SmallVector<int64_t> SqueezeOp::getRemovedDims() {
  auto input = cast<RankedTensorType>(getInput().getType());
  int64_t rank = input.getRank();
  SmallVector<int64_t> removed;
  if (std::optional<ArrayRef<int64_t>> axes = getAxes()) {
    for (int64_t axis : *axes)
      removed.push_back(axis < 0 ? axis + rank : axis);
    llvm::sort(removed);
    removed.erase(llvm::unique(removed), removed.end());
  } else {
    for (int64_t dim = 0; dim < rank; ++dim)
      if (input.getDimSize(dim) == 1)
        removed.push_back(dim);
  }
  return removed;
}

LogicalResult SqueezeOp::inferReturnTypes(MLIRContext *,
                                          std::optional<Location> location,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &inferred) {
  RankedTensorType ranked =
      getRankedOrInferSame(adaptor.getInput().getType(), inferred);
  if (!ranked)
    return success();
  int64_t rank = ranked.getRank();
  ArrayRef<int64_t> dims = ranked.getShape();
  SmallVector<bool> removed(rank, false);
  if (std::optional<ArrayRef<int64_t>> axes = adaptor.getAxes()) {
    for (int64_t axis : *axes) {
      if (axis < -rank || axis >= rank)
        return emitOptionalError(location, "Tried to squeeze dim index ", axis,
                                 " for tensor with ", rank, " dimensions.");
      int64_t dim = axis < 0 ? axis + rank : axis;
      // An unknown size is assumed to be 1 and checked at run time.
      if (!ShapedType::isDynamic(dims[dim]) && dims[dim] != 1)
        return emitOptionalError(location, "Can not squeeze dim[", dim,
                                 "], expected a dimension of 1, got ",
                                 dims[dim]);
      removed[dim] = true;
    }
  } else {
    // Without axes, an unknown size may or may not be 1: the rank of the
    // result is unknown.
    if (llvm::any_of(dims, ShapedType::isDynamic)) {
      inferred.push_back(UnrankedTensorType::get(ranked.getElementType()));
      return success();
    }
    for (int64_t dim = 0; dim < rank; ++dim)
      removed[dim] = dims[dim] == 1;
  }
  SmallVector<int64_t> shape;
  for (int64_t dim = 0; dim < rank; ++dim)
    if (!removed[dim])
      shape.push_back(dims[dim]);
  inferred.push_back(RankedTensorType::get(shape, ranked.getElementType()));
  return success();
}

//===----------------------------------------------------------------------===//
// TransposeOp
//===----------------------------------------------------------------------===//

/// The reversal of `rank` dimensions: TensorFlow's default permutation.
static SmallVector<int64_t> reversedDims(int64_t rank) {
  SmallVector<int64_t> perm;
  for (int64_t dim = rank - 1; dim >= 0; --dim)
    perm.push_back(dim);
  return perm;
}

SmallVector<int64_t> TransposeOp::getPermutation() {
  if (std::optional<ArrayRef<int64_t>> perm = getPerm())
    return SmallVector<int64_t>(*perm);
  return reversedDims(cast<RankedTensorType>(getInput().getType()).getRank());
}

LogicalResult TransposeOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location> location,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &inferred) {
  auto input = cast<TensorType>(adaptor.getInput().getType());
  std::optional<ArrayRef<int64_t>> perm = adaptor.getPerm();
  auto ranked = dyn_cast<RankedTensorType>(input);
  if (!ranked) {
    // The rank is the permutation's length, the sizes are unknown.
    if (!perm) {
      inferred.push_back(input);
      return success();
    }
    inferred.push_back(RankedTensorType::get(
        SmallVector<int64_t>(perm->size(), ShapedType::kDynamic),
        input.getElementType()));
    return success();
  }
  int64_t rank = ranked.getRank();
  SmallVector<int64_t> permutation =
      perm ? SmallVector<int64_t>(*perm) : reversedDims(rank);
  // TensorFlow's messages (transpose_op.cc).
  if (static_cast<int64_t>(permutation.size()) != rank)
    return emitOptionalError(location, "transpose expects a vector of size ",
                             rank, ". But input(1) is a vector of size ",
                             permutation.size());
  SmallVector<bool> seen(rank, false);
  for (int64_t dim : permutation) {
    if (dim < 0 || dim >= rank)
      return emitOptionalError(location, dim, " is out of range [0 .. ", rank,
                               ")");
    seen[dim] = true;
  }
  for (int64_t dim = 0; dim < rank; ++dim)
    if (!seen[dim]) {
      std::string list;
      llvm::raw_string_ostream os(list);
      llvm::interleave(permutation, os, ",");
      return emitOptionalError(location, dim, " is missing from {", list, "}.");
    }
  SmallVector<int64_t> shape;
  for (int64_t dim : permutation)
    shape.push_back(ranked.getDimSize(dim));
  inferred.push_back(RankedTensorType::get(shape, input.getElementType()));
  return success();
}

//===----------------------------------------------------------------------===//
// TileOp
//===----------------------------------------------------------------------===//

LogicalResult TileOp::inferReturnTypes(MLIRContext *,
                                       std::optional<Location> location,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &inferred) {
  auto input = cast<TensorType>(adaptor.getInput().getType());
  ArrayRef<int64_t> multiples = adaptor.getMultiples();
  Value dynamic = adaptor.getDynamicMultiples();
  for (auto [index, multiple] : llvm::enumerate(multiples))
    if (multiple < 0 && !(multiple == -1 && dynamic))
      return emitOptionalError(
          location, "Expected multiples[", index, "] >= 0, but got ", multiple,
          multiple == -1 ? " (a run-time multiple needs the operand)" : "");
  if (dynamic) {
    auto operand = dyn_cast<RankedTensorType>(dynamic.getType());
    if (!operand || operand.getRank() != 1 ||
        (!operand.isDynamicDim(0) &&
         operand.getDimSize(0) != static_cast<int64_t>(multiples.size())))
      return emitOptionalError(location,
                               "the run-time multiples must be a vector of ",
                               multiples.size(), " entries, got ",
                               dynamic.getType());
  }
  auto ranked = dyn_cast<RankedTensorType>(input);
  if (ranked && static_cast<size_t>(ranked.getRank()) != multiples.size())
    return emitOptionalError(location,
                             "Expected multiples argument to be a vector of "
                             "length ",
                             ranked.getRank(), " but got length ",
                             multiples.size());
  SmallVector<int64_t> shape;
  for (auto [index, multiple] : llvm::enumerate(multiples)) {
    int64_t dim = ranked ? ranked.getDimSize(index) : ShapedType::kDynamic;
    int64_t size = 0;
    if (multiple == -1)
      size = dim == 0 ? 0 : ShapedType::kDynamic;
    else if (multiple != 0 && ShapedType::isDynamic(dim))
      size = ShapedType::kDynamic;
    else if (multiple != 0 && llvm::MulOverflow(dim, multiple, size))
      return emitOptionalError(location, "Tile: dimension ", index, " of ",
                               formatShape(input), " times ", multiple,
                               " is too large");
    shape.push_back(size);
  }
  inferred.push_back(RankedTensorType::get(shape, input.getElementType()));
  return success();
}

//===----------------------------------------------------------------------===//
// FillOp and RangeOp
//===----------------------------------------------------------------------===//

/// Checks that an operand named `what` is a scalar.
static LogicalResult checkScalar(std::optional<Location> loc, StringRef what,
                                 Type type) {
  auto ranked = dyn_cast<RankedTensorType>(type);
  if (ranked && ranked.getRank() != 0)
    return emitOptionalError(loc, what, " must be a scalar, not shape ",
                             formatShape(ranked));
  return success();
}

LogicalResult FillOp::inferReturnTypes(MLIRContext *,
                                       std::optional<Location> location,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &inferred) {
  auto value = cast<TensorType>(adaptor.getValue().getType());
  if (failed(checkScalar(location, "Fill: value", value)))
    return failure();
  std::optional<ArrayRef<int64_t>> shape = adaptor.getShape();
  if (std::optional<LogicalResult> fromOperand = inferShapeFromOperandIfGiven(
          location, "Fill", "shape", adaptor.getDims(), shape.has_value(),
          value.getElementType(), inferred))
    return *fromOperand;
  for (auto [index, dim] : llvm::enumerate(*shape))
    if (dim < 0)
      return emitOptionalError(location, "Fill: dims[", index,
                               "] must be non-negative, got ", dim);
  inferred.push_back(RankedTensorType::get(*shape, value.getElementType()));
  return success();
}

LogicalResult RangeOp::inferReturnTypes(MLIRContext *,
                                        std::optional<Location> location,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &inferred) {
  std::pair<StringRef, Type> operands[] = {
      {"start", adaptor.getStart().getType()},
      {"limit", adaptor.getLimit().getType()},
      {"delta", adaptor.getDelta().getType()}};
  for (auto [name, type] : operands)
    if (failed(checkScalar(location, name, type)))
      return failure();
  Type dtype = cast<TensorType>(operands[0].second).getElementType();
  for (auto [name, type] : operands)
    if (cast<TensorType>(type).getElementType() != dtype)
      return emitOptionalError(
          location, "Range: start, limit and delta must have one dtype, got ",
          dtypeName(dtype), ", ",
          dtypeName(cast<TensorType>(operands[1].second).getElementType()),
          " and ",
          dtypeName(cast<TensorType>(operands[2].second).getElementType()));
  inferred.push_back(RankedTensorType::get({ShapedType::kDynamic}, dtype));
  return success();
}

//===----------------------------------------------------------------------===//
// CastOp
//===----------------------------------------------------------------------===//

LogicalResult CastOp::inferReturnTypes(MLIRContext *, std::optional<Location>,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &inferred) {
  auto input = cast<TensorType>(adaptor.getInput().getType());
  inferred.push_back(input.clone(adaptor.getDtype()));
  return success();
}
