//===- TFCWindowOps.cpp - conv2d, pooling and their gradient kernels ------===//
//
// TensorFlow's sliding-window arithmetic and the type inference and
// verifiers of tfc.conv2d, tfc.max_pool, tfc.avg_pool and their gradient
// kernels.
//
//===----------------------------------------------------------------------===//

#include "tfc/Dialect/TFC/IR/TFCOps.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace mlir::tfc;

//===----------------------------------------------------------------------===//
// Window arithmetic
//===----------------------------------------------------------------------===//

int64_t WindowDim::effectiveWindow() const {
  if (ShapedType::isDynamic(window))
    return ShapedType::kDynamic;
  return (window - 1) * dilation + 1;
}

bool Window2D::hasPadding() const {
  return llvm::any_of(dims, [](const WindowDim &dim) {
    return dim.padBefore != 0 || dim.padAfter != 0;
  });
}

FailureOr<WindowDim> mlir::tfc::getWindowDim(std::optional<Location> loc,
                                             int64_t input, int64_t window,
                                             int64_t stride, int64_t dilation,
                                             bool same) {
  constexpr int64_t kDynamic = ShapedType::kDynamic;
  WindowDim dim{input, window, stride, dilation, kDynamic, kDynamic, kDynamic};
  int64_t effective = dim.effectiveWindow();
  if (!same) {
    dim.padBefore = dim.padAfter = 0;
    if (ShapedType::isDynamic(input) || ShapedType::isDynamic(effective))
      return dim;
    // C++ division, as TensorFlow's: a window one element too large still
    // gives an empty output, not an error.
    dim.output = (input - effective + stride) / stride;
    if (dim.output < 0) {
      (void)emitOptionalError(loc, "Computed output size would be negative: ",
                              dim.output, " [input_size: ", input,
                              ", effective_filter_size: ", effective,
                              ", stride: ", stride, "]");
      return failure();
    }
    return dim;
  }
  if (ShapedType::isDynamic(input))
    return dim;
  dim.output = (input + stride - 1) / stride;
  if (ShapedType::isDynamic(effective))
    return dim;
  int64_t total =
      std::max<int64_t>((dim.output - 1) * stride + effective - input, 0);
  dim.padBefore = total / 2;
  dim.padAfter = total - dim.padBefore;
  return dim;
}

LogicalResult mlir::tfc::verifyWindowAttributes(std::optional<Location> loc,
                                                StringRef tfName, bool isPool,
                                                ArrayRef<int64_t> strides,
                                                ArrayRef<int64_t> sizes,
                                                StringRef padding) {
  StringRef sizesName = isPool ? "ksize" : "dilations";
  if (strides.size() != 4)
    return emitOptionalError(
        loc, "Sliding window strides field must specify 4 dimensions");
  if (sizes.size() != 4)
    return emitOptionalError(loc, "Sliding window ", sizesName,
                             " field must specify 4 dimensions");
  if (isPool) {
    if (strides[0] != 1 || sizes[0] != 1)
      return emitOptionalError(
          loc, "Pooling is not yet supported on the batch dimension.");
    if (strides[3] != 1 || sizes[3] != 1)
      return emitOptionalError(
          loc, tfName, " is not supported across the depth dimension.");
  } else {
    if (strides[0] != 1 || strides[3] != 1)
      return emitOptionalError(loc, "Current implementation does not yet "
                                    "support strides in the batch and depth "
                                    "dimensions.");
    if (sizes[0] != 1 || sizes[3] != 1)
      return emitOptionalError(loc, "Current implementation does not yet "
                                    "support dilations in the batch and depth "
                                    "dimensions.");
  }
  for (int64_t dim : {1, 2}) {
    if (strides[dim] <= 0)
      return emitOptionalError(loc, "Row and column strides should be larger "
                                    "than 0, got strides[",
                               dim, "] = ", strides[dim]);
    if (sizes[dim] <= 0)
      return emitOptionalError(
          loc, isPool ? "Sliding window ksize should be larger than 0, got "
                      : "Dilated rates should be larger than 0, got ",
          sizesName, "[", dim, "] = ", sizes[dim]);
  }
  if (padding != "SAME" && padding != "VALID")
    return emitOptionalError(loc, "Value for attr 'padding' of \"", padding,
                             "\" is not in the list of allowed values: "
                             "\"SAME\", \"VALID\"");
  return success();
}

Window2D mlir::tfc::getWindow2D(ArrayRef<int64_t> inputShape,
                                ArrayRef<int64_t> window,
                                ArrayRef<int64_t> strides,
                                ArrayRef<int64_t> dilations,
                                StringRef padding) {
  Window2D result;
  result.same = padding == "SAME";
  for (int64_t i : {0, 1}) {
    FailureOr<WindowDim> dim = getWindowDim(
        std::nullopt, inputShape[i + 1], window[i], strides[i + 1],
        dilations.empty() ? 1 : dilations[i + 1], result.same);
    assert(succeeded(dim) && "getWindow2D of an op that does not verify");
    result.dims[i] = *dim;
  }
  return result;
}

//===----------------------------------------------------------------------===//
// Type inference
//===----------------------------------------------------------------------===//

static constexpr int64_t kUnitSizes[] = {1, 1, 1, 1};

/// The NHWC shape of a 4-D operand, all dynamic when unranked; fails with
/// TensorFlow's message on another rank.
static FailureOr<SmallVector<int64_t>>
get4DShape(std::optional<Location> loc, StringRef what, TensorType type) {
  if (!type.hasRank())
    return SmallVector<int64_t>(4, ShapedType::kDynamic);
  if (type.getRank() != 4) {
    (void)emitOptionalError(loc, what, " must be 4-dimensional: ",
                            formatShape(type));
    return failure();
  }
  return llvm::to_vector(type.getShape());
}

/// [batch, out_rows, out_cols, channels] of a window op, or failure.
static LogicalResult inferWindowResult(std::optional<Location> loc,
                                       ArrayRef<int64_t> input,
                                       ArrayRef<int64_t> window,
                                       ArrayRef<int64_t> strides,
                                       ArrayRef<int64_t> dilations,
                                       StringRef padding, int64_t channels,
                                       Type elementType,
                                       SmallVectorImpl<Type> &inferred) {
  SmallVector<int64_t> shape{input[0], 0, 0, channels};
  for (int64_t i : {0, 1}) {
    FailureOr<WindowDim> dim =
        getWindowDim(loc, input[i + 1], window[i], strides[i + 1],
                     dilations[i + 1], padding == "SAME");
    if (failed(dim))
      return failure();
    shape[i + 1] = dim->output;
  }
  inferred.push_back(RankedTensorType::get(shape, elementType));
  return success();
}

LogicalResult Conv2DOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &inferred) {
  auto input = cast<TensorType>(adaptor.getInput().getType());
  auto filter = cast<TensorType>(adaptor.getFilter().getType());
  if (input.getElementType() != filter.getElementType())
    return emitOptionalError(
        loc, "cannot compute Conv2D as input #1(zero-based) was expected to "
             "be a ",
        dtypeName(input.getElementType()), " tensor but is a ",
        dtypeName(filter.getElementType()), " tensor");
  // While the op is parsed, the default dilations are not filled in yet.
  ArrayRef<int64_t> dilations = kUnitSizes;
  if (DenseI64ArrayAttr attr = adaptor.getDilationsAttr())
    dilations = attr.asArrayRef();
  ArrayRef<int64_t> strides = adaptor.getStrides();
  if (failed(verifyWindowAttributes(loc, "Conv2D", /*isPool=*/false, strides,
                                    dilations, adaptor.getPadding())))
    return failure();
  FailureOr<SmallVector<int64_t>> inputShape = get4DShape(loc, "input", input);
  FailureOr<SmallVector<int64_t>> filterShape =
      get4DShape(loc, "filter", filter);
  if (failed(inputShape) || failed(filterShape))
    return failure();
  int64_t depth = (*inputShape)[3], filterDepth = (*filterShape)[2];
  if (!ShapedType::isDynamic(depth) && !ShapedType::isDynamic(filterDepth) &&
      depth != filterDepth)
    return emitOptionalError(loc,
                             "input and filter must have the same depth: ",
                             depth, " vs ", filterDepth);
  return inferWindowResult(loc, *inputShape, *filterShape, strides, dilations,
                           adaptor.getPadding(), (*filterShape)[3],
                           input.getElementType(), inferred);
}

template <typename AdaptorTy>
static LogicalResult inferPoolResult(std::optional<Location> loc,
                                     StringRef tfName, AdaptorTy adaptor,
                                     SmallVectorImpl<Type> &inferred) {
  auto input = cast<TensorType>(adaptor.getInput().getType());
  if (failed(verifyWindowAttributes(loc, tfName, /*isPool=*/true,
                                    adaptor.getStrides(), adaptor.getKsize(),
                                    adaptor.getPadding())))
    return failure();
  FailureOr<SmallVector<int64_t>> shape = get4DShape(loc, "input", input);
  if (failed(shape))
    return failure();
  ArrayRef<int64_t> ksize = adaptor.getKsize();
  return inferWindowResult(loc, *shape, ksize.slice(1, 2),
                           adaptor.getStrides(), kUnitSizes,
                           adaptor.getPadding(), (*shape)[3],
                           input.getElementType(), inferred);
}

LogicalResult MaxPoolOp::inferReturnTypes(MLIRContext *,
                                          std::optional<Location> loc,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &inferred) {
  return inferPoolResult(loc, "MaxPool", adaptor, inferred);
}

LogicalResult AvgPoolOp::inferReturnTypes(MLIRContext *,
                                          std::optional<Location> loc,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &inferred) {
  return inferPoolResult(loc, "AvgPool", adaptor, inferred);
}

//===----------------------------------------------------------------------===//
// Gradient kernels
//===----------------------------------------------------------------------===//

/// A gradient kernel verifies its window and that the incoming gradient has
/// the shape the forward op's result had.
static LogicalResult verifyWindowGrad(Operation *op, StringRef tfName,
                                      bool isPool, ArrayRef<int64_t> strides,
                                      ArrayRef<int64_t> sizes,
                                      StringRef padding, Type input,
                                      ArrayRef<int64_t> window, int64_t channels,
                                      Type gradient) {
  if (failed(verifyWindowAttributes(op->getLoc(), tfName, isPool, strides,
                                    sizes, padding)))
    return failure();
  SmallVector<Type> expected;
  if (failed(inferWindowResult(
          op->getLoc(), cast<RankedTensorType>(input).getShape(), window,
          strides, isPool ? ArrayRef<int64_t>(kUnitSizes) : sizes, padding,
          channels, getElementTypeOrSelf(input), expected)))
    return failure();
  if (!areCompatibleTypes(expected.front(), gradient))
    return op->emitOpError("the gradient has shape ")
           << formatShape(gradient) << " but the forward result has shape "
           << formatShape(expected.front());
  return success();
}

LogicalResult Conv2DBackpropInputOp::verify() {
  auto filter = getFilter().getType().getShape();
  return verifyWindowGrad(*this, "Conv2DBackpropInput", false, getStrides(),
                          getDilations(), getPadding(), getInput().getType(),
                          filter.take_front(2), filter[3],
                          getOutBackprop().getType());
}

LogicalResult Conv2DBackpropFilterOp::verify() {
  auto filter = getFilter().getType().getShape();
  return verifyWindowGrad(*this, "Conv2DBackpropFilter", false, getStrides(),
                          getDilations(), getPadding(), getInput().getType(),
                          filter.take_front(2), filter[3],
                          getOutBackprop().getType());
}

LogicalResult MaxPoolGradOp::verify() {
  return verifyWindowGrad(*this, "MaxPoolGrad", true, getStrides(),
                          getKsize(), getPadding(), getInput().getType(),
                          getKsize().slice(1, 2),
                          getInput().getType().getDimSize(3),
                          getGrad().getType());
}

LogicalResult AvgPoolGradOp::verify() {
  return verifyWindowGrad(*this, "AvgPoolGrad", true, getStrides(),
                          getKsize(), getPadding(), getInput().getType(),
                          getKsize().slice(1, 2),
                          getInput().getType().getDimSize(3),
                          getGrad().getType());
}

//===----------------------------------------------------------------------===//
// Geometry accessors
//===----------------------------------------------------------------------===//

static ArrayRef<int64_t> shapeOf(Value value) {
  return cast<RankedTensorType>(value.getType()).getShape();
}

Window2D Conv2DOp::getWindow() {
  return getWindow2D(shapeOf(getInput()), shapeOf(getFilter()), getStrides(),
                     getDilations(), getPadding());
}
Window2D Conv2DBackpropInputOp::getWindow() {
  return getWindow2D(shapeOf(getInput()), shapeOf(getFilter()), getStrides(),
                     getDilations(), getPadding());
}
Window2D Conv2DBackpropFilterOp::getWindow() {
  return getWindow2D(shapeOf(getInput()), shapeOf(getFilter()), getStrides(),
                     getDilations(), getPadding());
}
Window2D MaxPoolOp::getWindow() {
  return getWindow2D(shapeOf(getInput()), getKsize().slice(1, 2), getStrides(),
                     {}, getPadding());
}
Window2D AvgPoolOp::getWindow() {
  return getWindow2D(shapeOf(getInput()), getKsize().slice(1, 2), getStrides(),
                     {}, getPadding());
}
Window2D MaxPoolGradOp::getWindow() {
  return getWindow2D(shapeOf(getInput()), getKsize().slice(1, 2), getStrides(),
                     {}, getPadding());
}
Window2D AvgPoolGradOp::getWindow() {
  return getWindow2D(shapeOf(getInput()), getKsize().slice(1, 2), getStrides(),
                     {}, getPadding());
}
