//===- TFCStridedSlice.cpp - tf.strided_slice's shape rule ----------------===//
//
// The result shape of `tfc.strided_slice`, following TensorFlow's
// ValidateStridedSliceOp: the "sparse" spec (one entry per index written,
// with ellipses and new axes) is expanded to a "dense" spec (one entry per
// input dimension), each dimension is clamped and sized, then new axes are
// inserted and shrunk dimensions dropped.
//
//===----------------------------------------------------------------------===//

#include "tfc/Dialect/TFC/IR/TFCStridedSlice.h"
#include "tfc/Dialect/TFC/IR/TFCOps.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/bit.h"

using namespace mlir;
using namespace mlir::tfc;

/// The size of one non-shrinking dimension of known size `dim`.
static int64_t sliceSize(const StridedSliceDim &spec, int64_t dim) {
  int64_t stride = spec.stride;
  // The range of valid indices: [0, dim] going forward, [-1, dim - 1]
  // going backward (end is exclusive).
  int64_t valid[2] = {stride > 0 ? 0 : -1, stride > 0 ? dim : dim - 1};
  bool masked[2] = {spec.beginMasked, spec.endMasked};
  auto canonical = [&](int64_t x, int c) {
    if (masked[c])
      return stride > 0 ? valid[c] : valid[(c + 1) & 1];
    int64_t forward = x < 0 ? dim + x : x;
    return std::clamp(forward, valid[0], valid[1]);
  };
  int64_t begin = canonical(spec.begin, 0), end = canonical(spec.end, 1);
  int64_t length = end - begin;
  if (length == 0 || ((length < 0) != (stride < 0)))
    return 0;
  return length / stride + (length % stride != 0 ? 1 : 0);
}

LogicalResult mlir::tfc::expandStridedSliceSpec(
    std::optional<Location> location, int64_t rank, ArrayRef<int64_t> begin,
    ArrayRef<int64_t> end, ArrayRef<int64_t> strides, uint64_t beginMask,
    uint64_t endMask, uint64_t ellipsisMask, uint64_t newAxisMask,
    uint64_t shrinkMask, StridedSliceSpec &spec) {
  // Without an ellipsis, there is an implicit one at the end.
  auto sparseDims = static_cast<int64_t>(begin.size());
  if (!ellipsisMask) {
    ellipsisMask = uint64_t{1} << sparseDims;
    ++sparseDims;
  }
  int64_t ellipsis = llvm::countr_zero(ellipsisMask);
  int64_t newAxesAfterEllipsis = 0;
  for (int64_t i = ellipsis + 1; i < sparseDims; ++i)
    newAxesAfterEllipsis += (newAxisMask >> i) & 1;

  SmallVector<StridedSliceDim> &dense = spec.dense;
  SmallVector<StridedSliceOutputDim> &output = spec.output;
  dense.assign(rank, StridedSliceDim());
  output.clear();
  int64_t full = 0;
  for (int64_t i = 0; i < sparseDims; ++i) {
    uint64_t bit = uint64_t{1} << i;
    if (ellipsisMask & bit) {
      // The ellipsis covers the dimensions the later entries do not name.
      int64_t next =
          std::min(rank - (sparseDims - i) + 1 + newAxesAfterEllipsis, rank);
      for (; full < next; ++full) {
        dense[full].beginMasked = dense[full].endMasked = true;
        output.push_back({false, full});
      }
    } else if (newAxisMask & bit) {
      output.push_back({true, 0});
    } else {
      if (full == rank)
        return emitOptionalError(location,
                                 "Index out of range using input "
                                 "dim ",
                                 full, "; input has only ", rank, " dims");
      StridedSliceDim &dim = dense[full];
      dim.begin = begin[i];
      dim.end = end[i];
      dim.stride = strides[i];
      dim.beginMasked = beginMask & bit;
      dim.endMasked = endMask & bit;
      dim.shrink = shrinkMask & bit;
      output.push_back({false, full});
      ++full;
    }
  }
  return success();
}

LogicalResult StridedSliceOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  auto input = cast<TensorType>(adaptor.getInput().getType());
  ArrayRef<int64_t> begin = adaptor.getBegin(), end = adaptor.getEnd();
  SmallVector<int64_t> strides(begin.size(), 1);
  if (std::optional<ArrayRef<int64_t>> given = adaptor.getStrides())
    strides.assign(given->begin(), given->end());
  if (begin.size() != end.size() || begin.size() != strides.size())
    return emitOptionalError(
        location,
        "Expected begin, end, and strides to be 1D equal size "
        "tensors, but got shapes [",
        begin.size(), "], [", end.size(), "], and [", strides.size(),
        "] instead.");
  if (begin.size() >= 64)
    return emitOptionalError(location, "StridedSlice: too many indices (",
                             begin.size(), "), at most 63 are supported");

  uint64_t ellipsisMask = getIntOr(adaptor.getEllipsisMaskAttr(), 0);
  uint64_t newAxisMask = getIntOr(adaptor.getNewAxisMaskAttr(), 0);
  if (llvm::popcount(ellipsisMask) > 1)
    return emitOptionalError(location,
                             "Multiple ellipses in slice spec not allowed");
  for (auto [index, stride] : llvm::enumerate(strides))
    if (stride == 0 && !((ellipsisMask | newAxisMask) & (uint64_t{1} << index)))
      return emitOptionalError(location, "strides[", index,
                               "] must be non-zero");

  RankedTensorType ranked = getRankedOrInferSame(input, inferred);
  if (!ranked)
    return success();

  uint64_t beginMask = getIntOr(adaptor.getBeginMaskAttr(), 0);
  uint64_t endMask = getIntOr(adaptor.getEndMaskAttr(), 0);
  uint64_t shrinkMask = getIntOr(adaptor.getShrinkAxisMaskAttr(), 0);
  int64_t rank = ranked.getRank();
  StridedSliceSpec spec;
  if (failed(expandStridedSliceSpec(location, rank, begin, end, strides,
                                    beginMask, endMask, ellipsisMask,
                                    newAxisMask, shrinkMask, spec)))
    return failure();
  ArrayRef<StridedSliceDim> dense = spec.dense;

  SmallVector<int64_t> sizes(rank);
  for (int64_t i = 0; i < rank; ++i) {
    const StridedSliceDim &spec = dense[i];
    int64_t dim = ranked.getDimSize(i);
    if (spec.shrink) {
      if (spec.stride <= 0)
        return emitOptionalError(location, "only stride 1 allowed on "
                                           "non-range indexing.");
      int64_t forward = spec.begin;
      if (!ShapedType::isDynamic(dim) && forward < 0)
        forward += dim;
      if (!ShapedType::isDynamic(dim) && (forward < 0 || forward >= dim))
        return emitOptionalError(location, "slice index ", spec.begin,
                                 " of dimension ", i, " out of bounds.");
      sizes[i] = 1;
      continue;
    }
    sizes[i] = ShapedType::isDynamic(dim) ? ShapedType::kDynamic
                                          : sliceSize(spec, dim);
  }

  SmallVector<int64_t> shape;
  for (const StridedSliceOutputDim &dim : spec.output) {
    if (dim.newAxis)
      shape.push_back(1);
    else if (!dense[dim.dense].shrink)
      shape.push_back(sizes[dim.dense]);
  }
  inferred.push_back(RankedTensorType::get(shape, ranked.getElementType()));
  return success();
}
