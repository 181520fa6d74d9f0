//===- WindowUtils.h - helpers of the conv2d and pooling lowerings --------===//
//
// Padding and init tensors shared by the forward and gradient lowerings of
// the window ops.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_LIB_CONVERSION_TFCTOLINALG_WINDOWUTILS_H
#define TFC_LIB_CONVERSION_TFCTOLINALG_WINDOWUTILS_H

#include "tfc/Dialect/TFC/IR/TFCWindows.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::tfc {

/// True when the lowering can handle the window: the input's height and
/// width are known, so pads and output sizes are constants. Batch and
/// channels may be dynamic.
bool isStaticWindow(const Window2D &window);

/// The window of `op` (a window op or its gradient) when its operands are
/// ranked and isStaticWindow holds; a match failure otherwise.
template <typename OpTy>
FailureOr<Window2D> getStaticWindow(OpTy op, RewriterBase &rewriter) {
  if (!llvm::all_of(op->getOperandTypes(), llvm::IsaPred<RankedTensorType>))
    return rewriter.notifyMatchFailure(op, "needs ranked operands");
  Window2D window = op.getWindow();
  if (!isStaticWindow(window))
    return rewriter.notifyMatchFailure(op, "needs a static height and width");
  return window;
}

/// A lowering of a window op (or its gradient) where getStaticWindow holds:
/// `lowerWindow` builds the value that replaces the op.
template <typename OpTy>
class WindowOpLowering : public OpConversionPattern<OpTy> {
public:
  using OpConversionPattern<OpTy>::OpConversionPattern;
  using OpAdaptor = typename OpTy::Adaptor;

  LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const final {
    FailureOr<Window2D> window = getStaticWindow(op, rewriter);
    if (failed(window))
      return failure();
    rewriter.replaceOp(op, lowerWindow(op, adaptor, *window, rewriter));
    return success();
  }

protected:
  virtual Value lowerWindow(OpTy op, OpAdaptor adaptor, const Window2D &window,
                            ConversionPatternRewriter &rewriter) const = 0;
};

/// The additive identity of `type`, the padding and init of sums.
TypedAttr zeroOf(Type type);

/// `input` padded on height and width by the window's pads with `value`,
/// or `input` itself without padding.
Value padSpatially(OpBuilder &builder, Location loc, Value input,
                   const Window2D &window, TypedAttr value);

/// The sizes of the dynamic dimensions of an NHWC `type` whose batch comes
/// from `batchSource` and channels from dimension `channelDim` of
/// `channelSource` (height and width are static).
SmallVector<Value> getNHWCDynamicSizes(OpBuilder &builder, Location loc,
                                       RankedTensorType type,
                                       Value batchSource, Value channelSource,
                                       int64_t channelDim);

/// The window's strides and dilations as linalg's convolution attributes.
DenseIntElementsAttr getLinalgStrides(Builder &builder,
                                      const Window2D &window);
DenseIntElementsAttr getLinalgDilations(Builder &builder,
                                        const Window2D &window);

/// `value` (NHWC, a float type, shaped as the window's output) divided at
/// each output position by how many input elements (not padding) the window
/// covers there: TensorFlow's average pooling and its gradient.
Value divideByWindowCounts(OpBuilder &builder, Location loc,
                           const Window2D &window, Value value);

} // namespace mlir::tfc

#endif // TFC_LIB_CONVERSION_TFCTOLINALG_WINDOWUTILS_H
