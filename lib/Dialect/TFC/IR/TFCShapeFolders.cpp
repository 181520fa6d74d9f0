//===- TFCShapeFolders.cpp - folding of shape ops -------------------------===//
//
// Folders of the shape ops: what the types already say (shape, rank and size
// of static tensors), no-op reshapes, squeezes, tiles, concats and slices,
// and the constants that only change shape or dtype (reshape, expand_dims,
// squeeze, fill, cast). They never expand a non-splat constant.
//
//===----------------------------------------------------------------------===//

#include "tfc/Dialect/TFC/IR/TFCOps.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APSInt.h"
#include "llvm/ADT/Sequence.h"

#include <variant>

using namespace mlir;
using namespace mlir::tfc;

/// A constant of `type` (int32 or int64 elements) holding `values`.
static Attribute indexConstant(Type type, ArrayRef<int64_t> values) {
  auto tensor = cast<RankedTensorType>(type);
  unsigned width = tensor.getElementType().getIntOrFloatBitWidth();
  SmallVector<APInt> elements;
  for (int64_t value : values)
    elements.push_back(APInt(width, value, /*isSigned=*/true));
  return DenseElementsAttr::get(tensor, elements);
}

/// The same elements in the result's shape: folds reshapes of constants.
static Attribute reshapeConstant(Attribute input, Type resultType) {
  auto elements = dyn_cast_or_null<DenseElementsAttr>(input);
  auto type = dyn_cast<RankedTensorType>(resultType);
  if (!elements || !type || !type.hasStaticShape())
    return {};
  return elements.reshape(type);
}

OpFoldResult ShapeOfOp::fold(FoldAdaptor) {
  auto input = dyn_cast<RankedTensorType>(getInput().getType());
  if (!input || !input.hasStaticShape())
    return {};
  return indexConstant(getType(), input.getShape());
}

OpFoldResult RankOp::fold(FoldAdaptor) {
  auto input = dyn_cast<RankedTensorType>(getInput().getType());
  if (!input)
    return {};
  return indexConstant(getType(), {input.getRank()});
}

OpFoldResult SizeOp::fold(FoldAdaptor) {
  auto input = dyn_cast<RankedTensorType>(getInput().getType());
  if (!input || !input.hasStaticShape())
    return {};
  return indexConstant(getType(), {input.getNumElements()});
}

OpFoldResult ReshapeOp::fold(FoldAdaptor adaptor) {
  if (getInput().getType() == getType() && getType().hasStaticShape())
    return getInput();
  return reshapeConstant(adaptor.getInput(), getType());
}

OpFoldResult ExpandDimsOp::fold(FoldAdaptor adaptor) {
  return reshapeConstant(adaptor.getInput(), getType());
}

OpFoldResult SqueezeOp::fold(FoldAdaptor adaptor) {
  if (getInput().getType() == getType())
    return getInput();
  return reshapeConstant(adaptor.getInput(), getType());
}

OpFoldResult TileOp::fold(FoldAdaptor adaptor) {
  if (llvm::all_of(getMultiples(), [](int64_t m) { return m == 1; }) &&
      getInput().getType() == getType())
    return getInput();
  // Tiling a splat gives the same splat, bigger.
  auto splat = dyn_cast_or_null<SplatElementsAttr>(adaptor.getInput());
  auto type = dyn_cast<RankedTensorType>(getType());
  if (splat && type && type.hasStaticShape())
    return SplatElementsAttr::get(type, splat.getSplatValue<Attribute>());
  return {};
}

OpFoldResult TransposeOp::fold(FoldAdaptor adaptor) {
  auto type = dyn_cast<RankedTensorType>(getType());
  if (!type || !isa<RankedTensorType>(getInput().getType()))
    return {};
  // The identity permutation, and any permutation of a splat.
  if (llvm::equal(getPermutation(), llvm::seq<int64_t>(0, type.getRank())) &&
      getInput().getType() == type)
    return getInput();
  auto splat = dyn_cast_or_null<SplatElementsAttr>(adaptor.getInput());
  if (splat && type.hasStaticShape())
    return SplatElementsAttr::get(type, splat.getSplatValue<Attribute>());
  return {};
}

/// A splat of `value` when the shape is static.
static OpFoldResult foldFilledLike(Type type, int64_t value) {
  auto ranked = dyn_cast<RankedTensorType>(type);
  if (!ranked || !ranked.hasStaticShape())
    return {};
  Type elementType = ranked.getElementType();
  Builder builder(type.getContext());
  Attribute element =
      isa<FloatType>(elementType)
          ? Attribute(builder.getFloatAttr(elementType, value))
          : Attribute(builder.getIntegerAttr(elementType, value));
  return SplatElementsAttr::get(ranked, element);
}

OpFoldResult ZerosLikeOp::fold(FoldAdaptor) {
  return foldFilledLike(getType(), 0);
}

OpFoldResult OnesLikeOp::fold(FoldAdaptor) {
  return foldFilledLike(getType(), 1);
}

OpFoldResult FillOp::fold(FoldAdaptor adaptor) {
  auto value = dyn_cast_or_null<DenseElementsAttr>(adaptor.getValue());
  auto type = dyn_cast<RankedTensorType>(getType());
  if (!value || value.getNumElements() != 1 || !type || !type.hasStaticShape())
    return {};
  return SplatElementsAttr::get(type, value.getSplatValue<Attribute>());
}

OpFoldResult ConcatOp::fold(FoldAdaptor) {
  if (getInputs().size() == 1 && getInputs().front().getType() == getType())
    return getInputs().front();
  return {};
}

OpFoldResult SliceOp::fold(FoldAdaptor) {
  // Taking everything from the start is the identity.
  auto input = dyn_cast<RankedTensorType>(getInput().getType());
  if (!input || input != getType() ||
      llvm::any_of(getBegin(), [](int64_t b) { return b != 0; }))
    return {};
  for (auto [size, dim] : llvm::zip_equal(getSize(), input.getShape()))
    if (size != -1 && (ShapedType::isDynamic(dim) || size != dim))
      return {};
  return getInput();
}

//===----------------------------------------------------------------------===//
// CastOp
//===----------------------------------------------------------------------===//

namespace {
/// A converted element: an integer (bools are 1-bit integers) or a float.
using Element = std::variant<APInt, APFloat>;
} // namespace

/// Converts one element as `static_cast` does in TensorFlow's kernels;
/// std::nullopt when the result is undefined (a float out of the integer's
/// range, or NaN).
static std::optional<Element> castElement(const Element &value, Type from,
                                          Type to) {
  bool fromBool = from.isInteger(1);
  if (to.isInteger(1)) {
    if (const auto *i = std::get_if<APInt>(&value))
      return Element(APInt(1, !i->isZero()));
    return Element(APInt(1, !std::get<APFloat>(value).isZero()));
  }
  if (auto intType = dyn_cast<IntegerType>(to)) {
    unsigned width = intType.getWidth();
    if (const auto *i = std::get_if<APInt>(&value))
      return Element(fromBool ? i->zextOrTrunc(width) : i->sextOrTrunc(width));
    llvm::APSInt result(width, /*isUnsigned=*/false);
    bool isExact = false;
    APFloat::opStatus status = std::get<APFloat>(value).convertToInteger(
        result, APFloat::rmTowardZero, &isExact);
    if (status & APFloat::opInvalidOp)
      return std::nullopt;
    return Element(APInt(result));
  }
  const llvm::fltSemantics &semantics = cast<FloatType>(to).getFloatSemantics();
  if (const auto *i = std::get_if<APInt>(&value)) {
    APFloat result(semantics);
    result.convertFromAPInt(*i, /*isSigned=*/!fromBool,
                            APFloat::rmNearestTiesToEven);
    return Element(result);
  }
  APFloat result = std::get<APFloat>(value);
  bool losesInfo = false;
  result.convert(semantics, APFloat::rmNearestTiesToEven, &losesInfo);
  return Element(result);
}

/// Applies castElement to every element of a constant.
static Attribute castConstant(DenseElementsAttr input, RankedTensorType type) {
  Type from = input.getElementType(), to = type.getElementType();
  SmallVector<Element> source;
  if (isa<FloatType>(from))
    for (const APFloat &value : input.getValues<APFloat>())
      source.emplace_back(value);
  else
    for (const APInt &value : input.getValues<APInt>())
      source.emplace_back(value);

  SmallVector<APInt> ints;
  SmallVector<APFloat> floats;
  for (const Element &value : source) {
    std::optional<Element> converted = castElement(value, from, to);
    if (!converted)
      return {};
    if (auto *i = std::get_if<APInt>(&*converted))
      ints.push_back(*i);
    else
      floats.push_back(std::get<APFloat>(*converted));
  }
  // A splat input gave one element: the result is a splat too.
  if (isa<FloatType>(to))
    return input.isSplat() ? DenseElementsAttr::get(type, floats.front())
                           : DenseElementsAttr::get(type, floats);
  return input.isSplat() ? DenseElementsAttr::get(type, ints.front())
                         : DenseElementsAttr::get(type, ints);
}

OpFoldResult CastOp::fold(FoldAdaptor adaptor) {
  if (getInput().getType() == getType())
    return getInput();
  auto input = dyn_cast_or_null<DenseElementsAttr>(adaptor.getInput());
  auto type = dyn_cast<RankedTensorType>(getType());
  if (!input || !type || !type.hasStaticShape())
    return {};
  if (input.isSplat())
    input = DenseElementsAttr::get(
        RankedTensorType::get({}, input.getElementType()),
        input.getSplatValue<Attribute>());
  return castConstant(input, type);
}
