//===- TFCShapeFolders.cpp - folding of shape ops -------------------------===//
//
// Folders of the shape ops: what the types already say (shape, rank and size
// of static tensors), no-op reshapes, squeezes, tiles, concats and slices,
// the constants that only change shape or dtype (reshape, expand_dims,
// squeeze, fill, cast), and small integer constants joined or sliced
// (concat, stack, slice, strided_slice). They never expand a non-splat
// constant.
//
//===----------------------------------------------------------------------===//

#include "tfc/Dialect/TFC/IR/TFCOps.h"
#include "tfc/Dialect/TFC/IR/TFCStridedSlice.h"

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
  if (getDynamicMultiples())
    return {};
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

//===----------------------------------------------------------------------===//
// Joining and slicing constants
//===----------------------------------------------------------------------===//

/// Joining and slicing fold on integer constants of up to this many
/// elements: the shape arithmetic of gradient graphs and `tf.nn` wrappers
/// (shapes, offsets, axes), which later ops need as attributes. Data is
/// joined and sliced at run time.
static constexpr int64_t kMaxFoldedElements = 1 << 12;

/// The constants `operands` hold, or nothing when one is not a constant.
static std::optional<SmallVector<DenseElementsAttr>>
constantOperands(ArrayRef<Attribute> operands) {
  SmallVector<DenseElementsAttr> constants;
  for (Attribute operand : operands) {
    auto elements = dyn_cast_or_null<DenseElementsAttr>(operand);
    if (!elements)
      return std::nullopt;
    constants.push_back(elements);
  }
  return constants;
}

/// The static result type of a fold that makes a new constant, or null.
static RankedTensorType foldedType(Type type) {
  auto ranked = dyn_cast<RankedTensorType>(type);
  if (!ranked || !ranked.hasStaticShape() ||
      !isa<IntegerType>(ranked.getElementType()) ||
      ranked.getNumElements() > kMaxFoldedElements)
    return {};
  return ranked;
}

/// Joins constants along a dimension: the result holds, for each of its
/// `outer` positions before that dimension, the next chunk of every input
/// in turn (concat, and stack, whose inputs gain a dimension of size 1).
static Attribute joinConstants(ArrayRef<DenseElementsAttr> inputs,
                               RankedTensorType type, int64_t axis) {
  int64_t outer = 1;
  for (int64_t dim : type.getShape().take_front(axis))
    outer *= dim;
  SmallVector<SmallVector<Attribute>> values;
  for (DenseElementsAttr input : inputs)
    values.push_back(llvm::to_vector(input.getValues<Attribute>()));
  SmallVector<Attribute> joined;
  joined.reserve(type.getNumElements());
  for (int64_t o = 0; o < outer; ++o)
    for (ArrayRef<Attribute> input : values) {
      int64_t chunk = input.size() / outer;
      llvm::append_range(joined, input.slice(o * chunk, chunk));
    }
  if (static_cast<int64_t>(joined.size()) != type.getNumElements())
    return {};
  return DenseElementsAttr::get(type, joined);
}

/// The elements of a static `input` at the positions `starts[d] + i *
/// strides[d]`, `i < counts[d]`, in row-major order.
static Attribute sliceConstant(DenseElementsAttr input,
                               ArrayRef<int64_t> starts,
                               ArrayRef<int64_t> strides,
                               ArrayRef<int64_t> counts,
                               RankedTensorType type) {
  int64_t total = 1;
  for (int64_t count : counts)
    total *= count;
  if (total != type.getNumElements() ||
      input.getNumElements() > kMaxFoldedElements)
    return {};
  ArrayRef<int64_t> shape = input.getType().getShape();
  int64_t rank = shape.size();
  SmallVector<int64_t> inputStrides(rank, 1);
  for (int64_t d = rank - 2; d >= 0; --d)
    inputStrides[d] = inputStrides[d + 1] * shape[d + 1];
  SmallVector<Attribute> values = llvm::to_vector(input.getValues<Attribute>());
  SmallVector<Attribute> sliced;
  sliced.reserve(total);
  SmallVector<int64_t> index(rank, 0);
  for (int64_t n = 0; n < total; ++n) {
    int64_t flat = 0;
    for (int64_t d = 0; d < rank; ++d)
      flat += (starts[d] + index[d] * strides[d]) * inputStrides[d];
    sliced.push_back(values[flat]);
    for (int64_t d = rank - 1; d >= 0 && ++index[d] == counts[d]; --d)
      index[d] = 0;
  }
  return DenseElementsAttr::get(type, sliced);
}

/// Concat and stack of constants: the inputs joined along `axis` of the
/// result (stack's inputs have the result's rank less one: joining their
/// elements in order along the new axis is the same).
static OpFoldResult foldJoin(ArrayRef<Attribute> operands, Type resultType,
                             int64_t axis) {
  std::optional<SmallVector<DenseElementsAttr>> inputs =
      constantOperands(operands);
  RankedTensorType type = foldedType(resultType);
  if (!inputs || !type)
    return {};
  return joinConstants(*inputs, type, axis < 0 ? axis + type.getRank() : axis);
}

OpFoldResult ConcatOp::fold(FoldAdaptor adaptor) {
  if (getInputs().size() == 1 && getInputs().front().getType() == getType())
    return getInputs().front();
  return foldJoin(adaptor.getInputs(), getType(), getAxisAttr().getInt());
}

OpFoldResult StackOp::fold(FoldAdaptor adaptor) {
  return foldJoin(adaptor.getInputs(), getType(), getAxisAttr().getInt());
}

OpFoldResult SliceOp::fold(FoldAdaptor adaptor) {
  // Taking everything from the start is the identity.
  auto input = dyn_cast<RankedTensorType>(getInput().getType());
  if (input && input == getType() &&
      llvm::all_of(getBegin(), [](int64_t b) { return b == 0; }) &&
      llvm::all_of(llvm::zip_equal(getSize(), input.getShape()), [](auto pair) {
        auto [size, dim] = pair;
        return size == -1 || (!ShapedType::isDynamic(dim) && size == dim);
      }))
    return getInput();
  auto constant = dyn_cast_or_null<DenseElementsAttr>(adaptor.getInput());
  RankedTensorType type = foldedType(getType());
  if (!constant || !type)
    return {};
  SmallVector<int64_t> strides(type.getRank(), 1);
  return sliceConstant(constant, getBegin(), strides, type.getShape(), type);
}

OpFoldResult StridedSliceOp::fold(FoldAdaptor adaptor) {
  auto constant = dyn_cast_or_null<DenseElementsAttr>(adaptor.getInput());
  RankedTensorType type = foldedType(getType());
  if (!constant || !type)
    return {};
  ArrayRef<int64_t> shape = constant.getType().getShape();
  SmallVector<int64_t> strides(getBegin().size(), 1);
  if (std::optional<ArrayRef<int64_t>> given = getStrides())
    strides.assign(given->begin(), given->end());
  StridedSliceSpec spec;
  if (failed(expandStridedSliceSpec(
          std::nullopt, shape.size(), getBegin(), getEnd(), strides,
          getBeginMask(), getEndMask(), getEllipsisMask(), getNewAxisMask(),
          getShrinkAxisMask(), spec)))
    return {};
  // TensorFlow's canonical start and count of each input dimension: valid
  // indices are [0, size] going forward and [-1, size - 1] going backward.
  SmallVector<int64_t> starts, steps, counts;
  for (auto [dense, dim] : llvm::zip_equal(spec.dense, shape)) {
    int64_t stride = dense.stride, size = dim;
    auto forward = [size](int64_t x) { return x < 0 ? x + size : x; };
    if (dense.shrink) {
      starts.push_back(forward(dense.begin));
      steps.push_back(1);
      counts.push_back(1);
      continue;
    }
    int64_t lo = stride > 0 ? 0 : -1, hi = stride > 0 ? size : size - 1;
    int64_t begin = dense.beginMasked
                        ? (stride > 0 ? lo : hi)
                        : std::clamp(forward(dense.begin), lo, hi);
    int64_t end = dense.endMasked ? (stride > 0 ? hi : lo)
                                  : std::clamp(forward(dense.end), lo, hi);
    int64_t length = stride > 0 ? end - begin : begin - end;
    int64_t step = std::abs(stride);
    starts.push_back(begin);
    steps.push_back(stride);
    counts.push_back(std::max<int64_t>(0, (length + step - 1) / step));
  }
  return sliceConstant(constant, starts, steps, counts, type);
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
