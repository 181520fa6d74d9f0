//===- TFCNNOps.cpp - softmax, cross-entropy and other tf.nn ops ----------===//
//
// Verifiers, type inference and folders of the tf.nn ops: softmax and
// log-softmax, softmax cross-entropy, the L2 loss, softplus and bias_add.
//
//===----------------------------------------------------------------------===//

#include "tfc/Dialect/TFC/IR/TFCOps.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/APFloat.h"

#include <algorithm>
#include <cmath>

using namespace mlir;
using namespace mlir::tfc;

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

/// Reports mismatched element types with TensorFlow's words.
static LogicalResult emitDTypeMismatch(std::optional<Location> loc,
                                       StringRef tfName, Type expected,
                                       Type actual) {
  return emitOptionalError(loc, "cannot compute ", tfName,
                           " as input #1(zero-based) was expected to be a ",
                           dtypeName(expected), " tensor but is a ",
                           dtypeName(actual), " tensor");
}

/// Rounds `value` to the float semantics `semantics`.
static APFloat roundTo(double value, const llvm::fltSemantics &semantics) {
  APFloat result(value);
  bool losesInfo = false;
  result.convert(semantics, APFloat::rmNearestTiesToEven, &losesInfo);
  return result;
}

//===----------------------------------------------------------------------===//
// SoftmaxOp and LogSoftmaxOp
//===----------------------------------------------------------------------===//

/// Checks that a softmax has at least one dimension and that `axis` names
/// one of them, with the messages of TensorFlow's kernel and Python wrapper.
static LogicalResult verifySoftmaxAxis(Operation *op, Type logitsType,
                                       int64_t axis) {
  auto ranked = dyn_cast<RankedTensorType>(logitsType);
  if (!ranked)
    return success();
  int64_t rank = ranked.getRank();
  if (rank == 0)
    return op->emitOpError("logits must have >= 1 dimension, got ")
           << formatShape(ranked);
  if (axis < -rank || axis >= rank)
    return op->emitOpError("`axis` must be in the range [")
           << -rank << ", " << rank << ") where " << rank
           << " is the number of dimensions in the input. Received: axis="
           << axis;
  return success();
}

/// The softmax of a finite splat is uniform along the axis: every element is
/// 1/n (log-softmax: -ln(n)) where n is the axis's size. A non-finite splat
/// gives NaN at run time (inf - inf), so it is not folded.
template <typename OpTy>
static Attribute foldSplatSoftmax(OpTy op, Attribute input, bool logarithm) {
  auto splat = dyn_cast_or_null<SplatElementsAttr>(input);
  if (!splat || !isa<FloatType>(splat.getElementType()))
    return {};
  APFloat value = splat.getSplatValue<APFloat>();
  int64_t size = splat.getType().getDimSize(op.getNormalizedAxis());
  if (!value.isFinite() || size <= 0)
    return {};
  const llvm::fltSemantics &semantics = value.getSemantics();
  if (logarithm)
    return DenseElementsAttr::get(
        splat.getType(),
        roundTo(-std::log(static_cast<double>(size)), semantics));
  // exp(x - max) is exactly 1 and the sum is n: divide in the element type,
  // as the run-time code does.
  APFloat result = APFloat::getOne(semantics);
  APFloat count(semantics);
  count.convertFromAPInt(APInt(64, size), /*isSigned=*/false,
                         APFloat::rmNearestTiesToEven);
  result.divide(count, APFloat::rmNearestTiesToEven);
  return DenseElementsAttr::get(splat.getType(), result);
}

LogicalResult SoftmaxOp::verify() {
  return verifySoftmaxAxis(*this, getLogits().getType(),
                           getAxisAttr().getInt());
}

OpFoldResult SoftmaxOp::fold(FoldAdaptor adaptor) {
  return foldSplatSoftmax(*this, adaptor.getLogits(), /*logarithm=*/false);
}

LogicalResult LogSoftmaxOp::verify() {
  return verifySoftmaxAxis(*this, getLogits().getType(),
                           getAxisAttr().getInt());
}

OpFoldResult LogSoftmaxOp::fold(FoldAdaptor adaptor) {
  return foldSplatSoftmax(*this, adaptor.getLogits(), /*logarithm=*/true);
}

//===----------------------------------------------------------------------===//
// SoftmaxCrossEntropyWithLogitsOp
//===----------------------------------------------------------------------===//

LogicalResult SoftmaxCrossEntropyWithLogitsOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  constexpr StringLiteral tfName = "SoftmaxCrossEntropyWithLogits";
  auto labels = dyn_cast<TensorType>(adaptor.getLabels().getType());
  auto logits = dyn_cast<TensorType>(adaptor.getLogits().getType());
  if (!labels || !logits)
    return emitOptionalError(location, tfName, ": operands must be tensors");
  if (labels.getElementType() != logits.getElementType())
    return emitDTypeMismatch(location, tfName, labels.getElementType(),
                             logits.getElementType());
  Type elementType = logits.getElementType();

  if (logits.hasRank() && logits.getRank() == 0)
    return emitOptionalError(location,
                             "logits must have >= 1 dimension, got []");
  if (labels.hasRank() && labels.getRank() == 0)
    return emitOptionalError(location,
                             "labels must have >= 1 dimension, got []");

  // The shape both operands must have, refined dimension by dimension: a
  // dynamic size in one operand takes the other's static size.
  SmallVector<int64_t> shape;
  if (logits.hasRank() && labels.hasRank()) {
    bool compatible = logits.getRank() == labels.getRank();
    for (int64_t dim = 0; compatible && dim < logits.getRank(); ++dim) {
      int64_t a = logits.getDimSize(dim), b = labels.getDimSize(dim);
      compatible =
          ShapedType::isDynamic(a) || ShapedType::isDynamic(b) || a == b;
      shape.push_back(ShapedType::isDynamic(a) ? b : a);
    }
    if (!compatible)
      return emitOptionalError(location,
                               "logits and labels must be same size: "
                               "logits_size=",
                               formatShape(logits),
                               " labels_size=", formatShape(labels));
  } else if (logits.hasRank() || labels.hasRank()) {
    shape = llvm::to_vector((logits.hasRank() ? logits : labels).getShape());
  } else {
    inferred.push_back(UnrankedTensorType::get(elementType));
    return success();
  }
  shape.pop_back();
  inferred.push_back(RankedTensorType::get(shape, elementType));
  return success();
}

//===----------------------------------------------------------------------===//
// L2LossOp
//===----------------------------------------------------------------------===//

LogicalResult L2LossOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> location,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &inferred) {
  auto input = dyn_cast<TensorType>(adaptor.getInput().getType());
  if (!input)
    return emitOptionalError(location, "L2Loss: input must be a tensor");
  inferred.push_back(RankedTensorType::get({}, input.getElementType()));
  return success();
}

//===----------------------------------------------------------------------===//
// SoftplusOp
//===----------------------------------------------------------------------===//

/// ln(1 + e^x) without overflow: max(x, 0) + ln(1 + e^-|x|). NaN stays NaN.
static double softplus(double x) {
  return std::max(x, 0.0) + std::log1p(std::exp(-std::fabs(x)));
}

OpFoldResult SoftplusOp::fold(FoldAdaptor adaptor) {
  auto elements = dyn_cast_or_null<DenseElementsAttr>(adaptor.getInput());
  if (!elements || !isa<FloatType>(elements.getElementType()))
    return {};
  auto apply = [](const APFloat &x) {
    bool losesInfo = false;
    APFloat wide = x;
    wide.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven,
                 &losesInfo);
    return roundTo(softplus(wide.convertToDouble()), x.getSemantics());
  };
  if (elements.isSplat())
    return DenseElementsAttr::get(elements.getType(),
                                  apply(elements.getSplatValue<APFloat>()));
  SmallVector<APFloat> values;
  for (const APFloat &x : elements.getValues<APFloat>())
    values.push_back(apply(x));
  return DenseElementsAttr::get(elements.getType(), values);
}

//===----------------------------------------------------------------------===//
// BiasAddOp
//===----------------------------------------------------------------------===//

LogicalResult BiasAddOp::inferReturnTypes(MLIRContext *,
                                          std::optional<Location> location,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &inferred) {
  constexpr StringLiteral tfName = "BiasAdd";
  auto value = dyn_cast<TensorType>(adaptor.getValue().getType());
  auto bias = dyn_cast<TensorType>(adaptor.getBias().getType());
  if (!value || !bias)
    return emitOptionalError(location, tfName, ": operands must be tensors");
  if (value.getElementType() != bias.getElementType())
    return emitDTypeMismatch(location, tfName, value.getElementType(),
                             bias.getElementType());
  // The checks and messages of TensorFlow's BiasAdd kernel, in its order.
  if (value.hasRank() && value.getRank() < 2)
    return emitOptionalError(
        location, "Input tensor must be at least 2D: ", formatShape(value));
  if (bias.hasRank() && bias.getRank() != 1)
    return emitOptionalError(location,
                             "Biases must be 1D: ", formatShape(bias));
  if (!value.hasRank()) {
    inferred.push_back(value);
    return success();
  }
  SmallVector<int64_t> shape = llvm::to_vector(value.getShape());
  int64_t channels = bias.hasRank() ? bias.getDimSize(0) : ShapedType::kDynamic;
  if (!ShapedType::isDynamic(channels) &&
      !ShapedType::isDynamic(shape.back()) && channels != shape.back())
    return emitOptionalError(location,
                             "Must provide as many biases as the last "
                             "dimension of the input tensor: ",
                             formatShape(bias), " vs. ", formatShape(value));
  if (ShapedType::isDynamic(shape.back()))
    shape.back() = channels;
  inferred.push_back(RankedTensorType::get(shape, value.getElementType()));
  return success();
}

OpFoldResult BiasAddOp::fold(FoldAdaptor adaptor) {
  // Adding a zero bias is the identity for integers only: for floats,
  // -0.0 + 0.0 is +0.0 (the rule of tfc.add's folder).
  auto bias = dyn_cast_or_null<SplatElementsAttr>(adaptor.getBias());
  if (!bias || !isa<IntegerType>(bias.getElementType()) ||
      getValue().getType() != getType())
    return {};
  if (bias.getSplatValue<APInt>().isZero())
    return getValue();
  return {};
}
