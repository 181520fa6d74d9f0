//===- TFCWindows.h - sliding windows of conv2d and pooling -----*- C++ -*-===//
//
// TensorFlow's arithmetic of a sliding window over the spatial dimensions of
// an NHWC tensor: output sizes and the SAME padding, shared by the ops' type
// inference, their lowering and their gradients.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_DIALECT_TFC_IR_TFCWINDOWS_H
#define TFC_DIALECT_TFC_IR_TFCWINDOWS_H

#include "mlir/IR/Location.h"
#include "mlir/Support/LLVM.h"

#include <array>
#include <optional>

namespace mlir::tfc {

/// One spatial dimension of a window op. Sizes that depend on an unknown
/// input or window size are ShapedType::kDynamic.
struct WindowDim {
  int64_t input, window, stride, dilation;
  int64_t output, padBefore, padAfter;
  /// The extent of the dilated window: (window - 1) * dilation + 1.
  int64_t effectiveWindow() const;
};

/// The height and width dimensions of a window op.
struct Window2D {
  std::array<WindowDim, 2> dims;
  bool same;
  bool hasPadding() const;
};

/// TensorFlow's GetWindowedOutputSize: VALID gives
/// ceil((input - effective + 1) / stride) and no padding; SAME gives
/// ceil(input / stride) and pads max((output - 1) * stride + effective -
/// input, 0), the smaller half before. Fails, with TensorFlow's message,
/// when a VALID output would be negative.
FailureOr<WindowDim> getWindowDim(std::optional<Location> loc, int64_t input,
                                  int64_t window, int64_t stride,
                                  int64_t dilation, bool same);

/// Checks the attributes of a window op named `tfName` in errors: 4-element
/// `strides` and `sizes` (ksize, or the dilations of a convolution) that are
/// 1 on the batch and channel dimensions and positive elsewhere, and a
/// padding of "SAME" or "VALID".
LogicalResult verifyWindowAttributes(std::optional<Location> loc,
                                     StringRef tfName, bool isPool,
                                     ArrayRef<int64_t> strides,
                                     ArrayRef<int64_t> sizes,
                                     StringRef padding);

/// The geometry of a window op whose attributes verify: `inputShape` and
/// `windowShape` are NHWC and HW.. (a filter, or ksize), `dilations` is
/// empty for pools.
Window2D getWindow2D(ArrayRef<int64_t> inputShape, ArrayRef<int64_t> window,
                     ArrayRef<int64_t> strides, ArrayRef<int64_t> dilations,
                     StringRef padding);

} // namespace mlir::tfc

#endif // TFC_DIALECT_TFC_IR_TFCWINDOWS_H
