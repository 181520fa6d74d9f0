//===- NN.cpp - gradients of the tf.nn ops --------------------------------===//
//
// TensorFlow's gradients of softmax, log_softmax, reduce_logsumexp,
// softmax_cross_entropy_with_logits, softplus, l2_loss and bias_add. They
// are built from the stable forward values, so they stay finite where the
// forward op does (the cross-entropy of logits [1000, 0] has gradient
// [0.5, -0.5] for labels [0.5, 0.5]).
//
//===----------------------------------------------------------------------===//

#include "GradientUtils.h"

#include "tfc/Dialect/TFC/IR/TFCOps.h"

using namespace mlir;
using namespace mlir::tfc;

namespace {

/// (dy - sum(dy * y, axis)) * y.
Value softmaxGrad(OpBuilder &b, Location loc, SoftmaxOp op, Value dy) {
  Value y = op.getOutput();
  Value dot =
      ReduceSumOp::create(b, loc, MulOp::create(b, loc, dy, y),
                          b.getDenseI64ArrayAttr(op.getNormalizedAxis()),
                          /*keep_dims=*/true);
  return MulOp::create(b, loc, SubOp::create(b, loc, dy, dot), y);
}

/// dy - exp(y) * sum(dy, axis).
Value logSoftmaxGrad(OpBuilder &b, Location loc, LogSoftmaxOp op, Value dy) {
  Value sum = ReduceSumOp::create(
      b, loc, dy, b.getDenseI64ArrayAttr(op.getNormalizedAxis()),
      /*keep_dims=*/true);
  Value softmax = ExpOp::create(b, loc, op.getOutput());
  return SubOp::create(b, loc, dy, MulOp::create(b, loc, softmax, sum));
}

/// dy * exp(x - y), both spread back over the reduced axes.
Value logSumExpGrad(OpBuilder &b, Location loc, ReduceLogSumExpOp op,
                    Value dy) {
  Value x = op.getInput();
  SmallVector<int64_t> axes = op.getNormalizedAxes();
  bool keepDims = op.getKeepDims();
  Value y = spreadOverAxes(b, loc, op.getOutput(), x, axes, keepDims);
  Value weights = ExpOp::create(b, loc, SubOp::create(b, loc, x, y));
  return MulOp::create(b, loc, spreadOverAxes(b, loc, dy, x, axes, keepDims),
                       weights);
}

/// SoftplusGrad: dy * sigmoid(x).
Value softplusGrad(OpBuilder &b, Location loc, SoftplusOp op, Value dy) {
  return MulOp::create(b, loc, dy, SigmoidOp::create(b, loc, op.getInput()));
}

/// L2LossGrad: x * dy (dy is a scalar).
Value l2LossGrad(OpBuilder &b, Location loc, L2LossOp op, Value dy) {
  return MulOp::create(b, loc, op.getInput(), dy);
}

/// d logits = dloss * (softmax(logits) - labels). The labels have no
/// gradient here, as in TensorFlow 1, whose silent None for them is the
/// guide's "non-differentiable entropy": tfc reports it instead.
struct CrossEntropyGradientModel
    : public DifferentiableOpInterface::ExternalModel<
          CrossEntropyGradientModel, SoftmaxCrossEntropyWithLogitsOp> {
  LogicalResult buildGradients(Operation *op, OpBuilder &b,
                               ValueRange resultGradients,
                               SmallVectorImpl<Value> &operandGradients) const {
    auto xent = cast<SoftmaxCrossEntropyWithLogitsOp>(op);
    Location loc = op->getLoc();
    Value logits = xent.getLogits();
    int64_t last = cast<RankedTensorType>(logits.getType()).getRank() - 1;
    Value probs = SoftmaxOp::create(b, loc, logits, /*axis=*/-1);
    Value residual = SubOp::create(b, loc, probs, xent.getLabels());
    Value dloss = BroadcastLikeOp::create(b, loc, resultGradients[0], logits,
                                          b.getDenseI64ArrayAttr(last));
    operandGradients.push_back(Value());
    operandGradients.push_back(MulOp::create(b, loc, dloss, residual));
    return success();
  }

  bool hasGradient(Operation *, unsigned index) const { return index == 1; }
};

/// The value's gradient is the incoming one; the bias's sums it over every
/// dimension but the last (BiasAddGrad).
struct BiasAddGradientModel
    : public DifferentiableOpInterface::ExternalModel<BiasAddGradientModel,
                                                      BiasAddOp> {
  LogicalResult buildGradients(Operation *op, OpBuilder &b,
                               ValueRange resultGradients,
                               SmallVectorImpl<Value> &operandGradients) const {
    Value dy = resultGradients[0];
    int64_t rank = cast<RankedTensorType>(dy.getType()).getRank();
    SmallVector<int64_t> axes =
        llvm::to_vector(llvm::seq<int64_t>(0, rank - 1));
    operandGradients.push_back(dy);
    operandGradients.push_back(ReduceSumOp::create(b, op->getLoc(), dy,
                                                   b.getDenseI64ArrayAttr(axes),
                                                   /*keep_dims=*/false));
    return success();
  }
};

} // namespace

void mlir::tfc::registerNNGradients(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *context, TFCDialect *) {
    SoftmaxOp::attachInterface<UnaryGradientModel<SoftmaxOp, softmaxGrad>>(
        *context);
    LogSoftmaxOp::attachInterface<
        UnaryGradientModel<LogSoftmaxOp, logSoftmaxGrad>>(*context);
    ReduceLogSumExpOp::attachInterface<
        UnaryGradientModel<ReduceLogSumExpOp, logSumExpGrad>>(*context);
    SoftplusOp::attachInterface<UnaryGradientModel<SoftplusOp, softplusGrad>>(
        *context);
    L2LossOp::attachInterface<UnaryGradientModel<L2LossOp, l2LossGrad>>(
        *context);
    SoftmaxCrossEntropyWithLogitsOp::attachInterface<CrossEntropyGradientModel>(
        *context);
    BiasAddOp::attachInterface<BiasAddGradientModel>(*context);
  });
}
