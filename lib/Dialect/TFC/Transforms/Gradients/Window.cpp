//===- Window.cpp - gradients of conv2d and the pools ---------------------===//
//
// TensorFlow's Conv2D, MaxPool and AvgPool gradients: they call the
// gradient kernels (conv2d_backprop_input/filter, max_pool_grad,
// avg_pool_grad), which take the forward op's window attributes.
//
//===----------------------------------------------------------------------===//

#include "GradientUtils.h"

#include "tfc/Dialect/TFC/IR/TFCOps.h"

using namespace mlir;
using namespace mlir::tfc;

namespace {

/// The kernels work on ranked 4-D tensors; the forward op's result always
/// is one, its operands may not be.
static LogicalResult checkRanked(Operation *op) {
  for (Type type : op->getOperandTypes())
    if (!isa<RankedTensorType>(type))
      return op->emitOpError("has no gradient for unranked operands: give ")
             << "them a rank-4 type";
  return success();
}

struct Conv2DGradientModel
    : public DifferentiableOpInterface::ExternalModel<Conv2DGradientModel,
                                                      Conv2DOp> {
  LogicalResult buildGradients(Operation *op, OpBuilder &b,
                               ValueRange resultGradients,
                               SmallVectorImpl<Value> &operandGradients) const {
    if (failed(checkRanked(op)))
      return failure();
    auto conv = cast<Conv2DOp>(op);
    Location loc = op->getLoc();
    Value input = conv.getInput(), filter = conv.getFilter();
    Value dy = resultGradients[0];
    operandGradients.push_back(Conv2DBackpropInputOp::create(
        b, loc, input.getType(), input, filter, dy, conv.getStridesAttr(),
        conv.getPaddingAttr(), conv.getDilationsAttr()));
    operandGradients.push_back(Conv2DBackpropFilterOp::create(
        b, loc, filter.getType(), input, filter, dy, conv.getStridesAttr(),
        conv.getPaddingAttr(), conv.getDilationsAttr()));
    return success();
  }
};

template <typename PoolOp, typename GradOp>
struct PoolGradientModel
    : public DifferentiableOpInterface::ExternalModel<
          PoolGradientModel<PoolOp, GradOp>, PoolOp> {
  LogicalResult buildGradients(Operation *op, OpBuilder &b,
                               ValueRange resultGradients,
                               SmallVectorImpl<Value> &operandGradients) const {
    if (failed(checkRanked(op)))
      return failure();
    auto pool = cast<PoolOp>(op);
    Value input = pool.getInput();
    operandGradients.push_back(GradOp::create(
        b, op->getLoc(), input.getType(), input, resultGradients[0],
        pool.getKsizeAttr(), pool.getStridesAttr(), pool.getPaddingAttr()));
    return success();
  }
};

} // namespace

void mlir::tfc::registerWindowGradients(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *context, TFCDialect *) {
    Conv2DOp::attachInterface<Conv2DGradientModel>(*context);
    MaxPoolOp::attachInterface<PoolGradientModel<MaxPoolOp, MaxPoolGradOp>>(
        *context);
    AvgPoolOp::attachInterface<PoolGradientModel<AvgPoolOp, AvgPoolGradOp>>(
        *context);
  });
}
