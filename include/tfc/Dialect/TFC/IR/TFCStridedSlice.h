//===- TFCStridedSlice.h - tf.strided_slice's dense spec --------*- C++ -*-===//
//
// The "dense" form of a strided slice's spec, one entry per input dimension,
// which the shape rule and the lowering share.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_DIALECT_TFC_IR_TFCSTRIDEDSLICE_H
#define TFC_DIALECT_TFC_IR_TFCSTRIDEDSLICE_H

#include "mlir/IR/Location.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace mlir::tfc {

/// One input dimension of the dense spec.
struct StridedSliceDim {
  int64_t begin = 0, end = 0, stride = 1;
  bool beginMasked = false, endMasked = false, shrink = false;
};

/// What the result holds at each position: a new axis of size 1, or an
/// input dimension (dropped when it shrinks).
struct StridedSliceOutputDim {
  bool newAxis;
  int64_t dense;
};

struct StridedSliceSpec {
  SmallVector<StridedSliceDim> dense;
  SmallVector<StridedSliceOutputDim> output;
};

/// Expands the sparse spec of a strided slice (one entry per index written,
/// with ellipses and new axes) of an input of rank `rank` into the dense
/// spec, as TensorFlow's ValidateStridedSliceOp does. The lists and masks
/// must already be valid but for the number of indices, which is reported
/// at `location`.
LogicalResult expandStridedSliceSpec(
    std::optional<Location> location, int64_t rank, ArrayRef<int64_t> begin,
    ArrayRef<int64_t> end, ArrayRef<int64_t> strides, uint64_t beginMask,
    uint64_t endMask, uint64_t ellipsisMask, uint64_t newAxisMask,
    uint64_t shrinkMask, StridedSliceSpec &spec);

} // namespace mlir::tfc

#endif // TFC_DIALECT_TFC_IR_TFCSTRIDEDSLICE_H
