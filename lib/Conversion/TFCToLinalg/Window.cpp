//===- Window.cpp - tfc conv2d and pooling to linalg ----------------------===//
//
// conv2d becomes linalg.conv_2d_nhwc_hwcf on the input zero-padded by
// TensorFlow's SAME arithmetic; max_pool a linalg.pooling_nhwc_max on the
// input padded with -inf (padding never wins); avg_pool a
// linalg.pooling_nhwc_sum on the zero-padded input divided by how many
// input elements each window covers. Height and width must be static; batch
// and channels may be dynamic.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"
#include "Utils.h"
#include "WindowUtils.h"

#include "tfc/Dialect/TFC/IR/TFCOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tfc;

namespace {

struct Conv2DToLinalg : public WindowOpLowering<Conv2DOp> {
  using WindowOpLowering::WindowOpLowering;

  Value lowerWindow(Conv2DOp op, OpAdaptor adaptor, const Window2D &window,
                    ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto resultType = cast<RankedTensorType>(op.getType());
    TypedAttr zero = zeroOf(resultType.getElementType());
    Value padded =
        padSpatially(rewriter, loc, adaptor.getInput(), window, zero);
    Value init = buildFilledTensor(
        rewriter, loc, resultType,
        getNHWCDynamicSizes(rewriter, loc, resultType, adaptor.getInput(),
                            adaptor.getFilter(), 3),
        zero);
    auto conv = linalg::Conv2DNhwcHwcfOp::create(
        rewriter, loc, TypeRange{resultType},
        ValueRange{padded, adaptor.getFilter()}, ValueRange{init},
        getLinalgStrides(rewriter, window),
        getLinalgDilations(rewriter, window));
    return conv->getResult(0);
  }
};

/// A pooling named op over `input` padded with `padValue`, into an init
/// filled with `initValue`.
template <typename PoolingOp>
static Value buildPooling(OpBuilder &b, Location loc, Value input,
                          const Window2D &window, RankedTensorType resultType,
                          TypedAttr padValue, TypedAttr initValue) {
  Value padded = padSpatially(b, loc, input, window, padValue);
  Value init = buildFilledTensor(
      b, loc, resultType,
      getNHWCDynamicSizes(b, loc, resultType, input, input, 3), initValue);
  // The window operand only gives the window's shape.
  Value windowShape = tensor::EmptyOp::create(
      b, loc, ArrayRef<int64_t>{window.dims[0].window, window.dims[1].window},
      resultType.getElementType());
  auto pool = PoolingOp::create(b, loc, TypeRange{resultType},
                                ValueRange{padded, windowShape},
                                ValueRange{init}, getLinalgStrides(b, window),
                                getLinalgDilations(b, window));
  return pool->getResult(0);
}

struct MaxPoolToLinalg : public WindowOpLowering<MaxPoolOp> {
  using WindowOpLowering::WindowOpLowering;

  Value lowerWindow(MaxPoolOp op, OpAdaptor adaptor, const Window2D &window,
                    ConversionPatternRewriter &rewriter) const override {
    auto resultType = cast<RankedTensorType>(op.getType());
    TypedAttr lowest = lowestValue(rewriter, resultType.getElementType());
    return buildPooling<linalg::PoolingNhwcMaxOp>(rewriter, op.getLoc(),
                                                  adaptor.getInput(), window,
                                                  resultType, lowest, lowest);
  }
};

struct AvgPoolToLinalg : public WindowOpLowering<AvgPoolOp> {
  using WindowOpLowering::WindowOpLowering;

  Value lowerWindow(AvgPoolOp op, OpAdaptor adaptor, const Window2D &window,
                    ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto resultType = cast<RankedTensorType>(op.getType());
    TypedAttr zero = zeroOf(resultType.getElementType());
    Value sum = buildPooling<linalg::PoolingNhwcSumOp>(
        rewriter, loc, adaptor.getInput(), window, resultType, zero, zero);
    // TensorFlow divides by the inputs in the window, padding excluded.
    return divideByWindowCounts(rewriter, loc, window, sum);
  }
};

} // namespace

LogicalResult mlir::tfc::checkWindowOpsLowerable(Operation *root) {
  WalkResult result = root->walk([](Operation *op) {
    auto check = [&](auto windowOp) {
      if (llvm::all_of(op->getOperandTypes(),
                       llvm::IsaPred<RankedTensorType>) &&
          isStaticWindow(windowOp.getWindow()))
        return WalkResult::advance();
      op->emitOpError("needs a known height and width of its input and "
                      "window for code generation; got ")
          << formatShape(op->getOperand(0).getType());
      return WalkResult::interrupt();
    };
    return llvm::TypeSwitch<Operation *, WalkResult>(op)
        .Case<Conv2DOp, MaxPoolOp, AvgPoolOp, Conv2DBackpropInputOp,
              Conv2DBackpropFilterOp, MaxPoolGradOp, AvgPoolGradOp>(check)
        .Default([](Operation *) { return WalkResult::advance(); });
  });
  return failure(result.wasInterrupted());
}

void mlir::tfc::populateWindowToLinalgPatterns(RewritePatternSet &patterns) {
  patterns.add<Conv2DToLinalg, MaxPoolToLinalg, AvgPoolToLinalg>(
      patterns.getContext());
}
