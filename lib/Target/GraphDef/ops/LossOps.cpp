//===- LossOps.cpp - softmax cross-entropy losses -------------------------===//
//
// TensorFlow's fused cross-entropy kernels return the loss and its
// gradient with respect to the logits; tfc's op gives the loss, and the
// gradient is written with tfc's ops.
//
//===----------------------------------------------------------------------===//

#include "../Importer.h"

#include <limits>

using namespace mlir;
using namespace mlir::tfc;
using namespace mlir::tfc::graphdef;

static Type elementOf(Value value) {
  return cast<TensorType>(value.getType()).getElementType();
}

/// SoftmaxCrossEntropyWithLogits(features, labels): the loss per example
/// and the backprop `softmax(features) - labels`.
static LogicalResult importSoftmaxCrossEntropy(NodeImporter &n) {
  FailureOr<Value> logits = n.input(0), labels = n.input(1);
  if (failed(logits) || failed(labels))
    return failure();
  FailureOr<Value> loss =
      n.create1("tfc.softmax_cross_entropy_with_logits", {*labels, *logits});
  if (failed(loss))
    return failure();
  FailureOr<Value> softmax = n.create1("tfc.softmax", {*logits});
  if (failed(softmax))
    return failure();
  FailureOr<Value> backprop = n.create1("tfc.sub", {*softmax, *labels});
  if (failed(backprop))
    return failure();
  n.setOutputs({*loss, *backprop});
  return success();
}

/// SparseSoftmaxCrossEntropyWithLogits(features, labels): the dense op on
/// the one-hot labels, which needs the number of classes. A label outside
/// `[0, classes)` makes its row's loss and backprop NaN, as TensorFlow's
/// GPU kernel does (its CPU kernel fails the run instead).
static LogicalResult importSparseSoftmaxCrossEntropy(NodeImporter &n) {
  FailureOr<Value> logits = n.input(0), labels = n.input(1);
  if (failed(logits) || failed(labels))
    return failure();
  auto logitsType = dyn_cast<RankedTensorType>(logits->getType());
  if (!logitsType || logitsType.getRank() != 2 || logitsType.isDynamicDim(1))
    return n.error("needs logits [batch, classes] with a known number of "
                   "classes");
  int64_t classes = logitsType.getDimSize(1);
  Type element = logitsType.getElementType();
  FailureOr<Value> oneHot = n.create1(
      "tfc.one_hot", {*labels, n.scalar(element, 1), n.scalar(element, 0)},
      {n.namedAttr("depth", n.builder.getI64IntegerAttr(classes))});
  if (failed(oneHot))
    return failure();
  FailureOr<Value> loss =
      n.create1("tfc.softmax_cross_entropy_with_logits", {*oneHot, *logits});
  FailureOr<Value> softmax = n.create1("tfc.softmax", {*logits});
  if (failed(loss) || failed(softmax))
    return failure();
  FailureOr<Value> backprop = n.create1("tfc.sub", {*softmax, *oneHot});
  if (failed(backprop))
    return failure();

  Type labelType = elementOf(*labels);
  FailureOr<Value> notNegative =
      n.create1("tfc.greater_equal", {*labels, n.scalar(labelType, 0)});
  FailureOr<Value> belowClasses =
      n.create1("tfc.less", {*labels, n.scalar(labelType, classes)});
  if (failed(notNegative) || failed(belowClasses))
    return failure();
  FailureOr<Value> valid =
      n.create1("tfc.logical_and", {*notNegative, *belowClasses});
  if (failed(valid))
    return failure();
  FailureOr<Value> validRows =
      n.create1("tfc.expand_dims", {*valid},
                {n.namedAttr("axis", n.builder.getI64IntegerAttr(-1))});
  if (failed(validRows))
    return failure();
  Value nan = n.scalar(element, std::numeric_limits<double>::quiet_NaN());
  FailureOr<Value> checkedLoss = n.create1("tfc.where", {*valid, *loss, nan});
  FailureOr<Value> checkedBackprop =
      n.create1("tfc.where", {*validRows, *backprop, nan});
  if (failed(checkedLoss) || failed(checkedBackprop))
    return failure();
  n.setOutputs({*checkedLoss, *checkedBackprop});
  return success();
}

void mlir::tfc::graphdef::registerLossOpImporters(OpRegistry &registry) {
  registry.add("SoftmaxCrossEntropyWithLogits", importSoftmaxCrossEntropy,
               "tfc.softmax_cross_entropy_with_logits, tfc.softmax, tfc.sub");
  registry.add("SparseSoftmaxCrossEntropyWithLogits",
               importSparseSoftmaxCrossEntropy,
               "tfc.one_hot, tfc.softmax_cross_entropy_with_logits, "
               "tfc.softmax, tfc.sub, tfc.where");
}
