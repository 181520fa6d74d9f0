//===- LossOps.cpp - softmax cross-entropy losses -------------------------===//
//
// TensorFlow's fused cross-entropy kernels return the loss and its
// gradient with respect to the logits; tfc's op gives the loss, and the
// gradient is written with tfc's ops.
//
//===----------------------------------------------------------------------===//

#include "Formula.h"

using namespace mlir;
using namespace mlir::tfc;
using namespace mlir::tfc::graphdef;

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

/// SparseSoftmaxCrossEntropyWithLogits(features, labels): the dense op of
/// one_hot(labels). A label outside [0, classes) fails the run, as on
/// TensorFlow's CPU (the results wait for the check).
static LogicalResult importSparseSoftmaxCrossEntropy(NodeImporter &n) {
  FailureOr<SmallVector<Value>> in = floatInputs(n, 1);
  FailureOr<Value> labels = n.input(1);
  if (failed(in) || failed(labels))
    return failure();
  Value logits = in->front();
  auto type = dyn_cast<RankedTensorType>(logits.getType());
  if (!type || type.getRank() != 2 || type.isDynamicDim(1)) {
    n.emitError() << "the logits must be [batch, classes] with a static "
                     "number of classes, not "
                  << logits.getType();
    return failure();
  }
  int64_t classes = type.getDimSize(1);
  Formula f(n);
  Value oneHot =
      f.op("one_hot", {*labels, f.scalar(logits, 1.0), f.scalar(logits, 0.0)},
           {n.namedAttr("depth", n.builder.getI64IntegerAttr(classes))});
  Value loss = f.op("softmax_cross_entropy_with_logits", {oneHot, logits});
  Value backprop = f.sub(f.op("softmax", {logits}), oneHot);
  Value valid =
      f.op("reduce_all",
           {f.op("logical_and",
                 {f.op("greater_equal", {*labels, f.scalar(*labels, 0)}),
                  f.op("less", {*labels, f.scalar(*labels, classes)})})});
  if (f.failed())
    return failure();
  FailureOr<SmallVector<Value>> checked =
      n.afterCheck(valid, *labels,
                   "Received a label value outside the valid range of [0, " +
                       Twine(classes) + "). Labels:",
                   {loss, backprop});
  if (failed(checked))
    return failure();
  n.setOutputs(*checked);
  return success();
}

void mlir::tfc::graphdef::registerLossOpImporters(OpRegistry &registry) {
  registry.add("SoftmaxCrossEntropyWithLogits", importSoftmaxCrossEntropy,
               "tfc.softmax_cross_entropy_with_logits, tfc.softmax, tfc.sub");
  registry.add("SparseSoftmaxCrossEntropyWithLogits",
               importSparseSoftmaxCrossEntropy,
               "tfc.one_hot, tfc.softmax_cross_entropy_with_logits, "
               "tfc.softmax, tfc.sub, tfc.assert");
}
