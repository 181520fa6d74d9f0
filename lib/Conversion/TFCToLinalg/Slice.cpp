//===- Slice.cpp - tfc joining and slicing ops to tensor ------------------===//
//
// concat and stack become tensor.concat (stack after inserting the new unit
// dimension), unstack, split, slice and strided_slice become
// tensor.extract_slice, pad becomes tensor.pad: all of them bufferize to
// copies into, or views of, the operands' buffers.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"
#include "Utils.h"

#include "tfc/Dialect/TFC/IR/TFCOps.h"
#include "tfc/Dialect/TFC/IR/TFCStridedSlice.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::tfc;

namespace {

bool allRanked(ValueRange values) {
  return llvm::all_of(values.getTypes(), llvm::IsaPred<RankedTensorType>);
}

/// An extract_slice of `source` with `resultRank` dimensions (dropping unit
/// dimensions of `sizes` if needed), cast to `type`.
Value extractSlice(OpBuilder &builder, Location loc, Value source,
                   ArrayRef<OpFoldResult> offsets, ArrayRef<OpFoldResult> sizes,
                   ArrayRef<OpFoldResult> strides, int64_t resultRank,
                   Type type) {
  auto sourceType = cast<RankedTensorType>(source.getType());
  RankedTensorType sliceType =
      tensor::ExtractSliceOp::inferCanonicalRankReducedResultType(
          resultRank, sourceType, sizes);
  Value slice = tensor::ExtractSliceOp::create(builder, loc, sliceType, source,
                                               offsets, sizes, strides);
  return castTensorTo(builder, loc, slice, type);
}

struct ConcatLowering : public OpConversionPattern<ConcatOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ConcatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultType = dyn_cast<RankedTensorType>(op.getType());
    if (!resultType || !allRanked(adaptor.getInputs()))
      return rewriter.notifyMatchFailure(op, "needs ranked tensors");
    int64_t axis = op.getAxis();
    if (axis < 0)
      axis += resultType.getRank();
    Location loc = op.getLoc();
    Value joined =
        tensor::ConcatOp::create(rewriter, loc, axis, adaptor.getInputs());
    rewriter.replaceOp(op, castTensorTo(rewriter, loc, joined, resultType));
    return success();
  }
};

struct StackLowering : public OpConversionPattern<StackOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(StackOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultType = dyn_cast<RankedTensorType>(op.getType());
    if (!resultType || !allRanked(adaptor.getInputs()))
      return rewriter.notifyMatchFailure(op, "needs ranked tensors");
    int64_t rank = resultType.getRank();
    int64_t axis = op.getAxis();
    if (axis < 0)
      axis += rank;
    Location loc = op.getLoc();
    SmallVector<ReassociationIndices> groups =
        getUnitDimsReassociation(rank, {axis});
    SmallVector<Value> expanded;
    for (Value input : adaptor.getInputs()) {
      auto type = cast<RankedTensorType>(input.getType());
      SmallVector<int64_t> shape(type.getShape());
      shape.insert(shape.begin() + axis, 1);
      expanded.push_back(tensor::ExpandShapeOp::create(
          rewriter, loc, RankedTensorType::get(shape, type.getElementType()),
          input, groups));
    }
    Value joined = tensor::ConcatOp::create(rewriter, loc, axis, expanded);
    rewriter.replaceOp(op, castTensorTo(rewriter, loc, joined, resultType));
    return success();
  }
};

struct UnstackLowering : public OpConversionPattern<UnstackOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(UnstackOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto inputType = dyn_cast<RankedTensorType>(adaptor.getInput().getType());
    if (!inputType)
      return rewriter.notifyMatchFailure(op, "needs a ranked input");
    int64_t rank = inputType.getRank();
    int64_t axis = op.getAxis();
    if (axis < 0)
      axis += rank;
    Location loc = op.getLoc();
    SmallVector<OpFoldResult> sizes =
        tensor::getMixedSizes(rewriter, loc, adaptor.getInput());
    sizes[axis] = rewriter.getIndexAttr(1);
    SmallVector<OpFoldResult> strides(rank, rewriter.getIndexAttr(1));
    SmallVector<Value> results;
    for (auto [index, result] : llvm::enumerate(op.getOutputs())) {
      SmallVector<OpFoldResult> offsets(rank, rewriter.getIndexAttr(0));
      offsets[axis] = rewriter.getIndexAttr(index);
      results.push_back(extractSlice(rewriter, loc, adaptor.getInput(), offsets,
                                     sizes, strides, rank - 1,
                                     result.getType()));
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

/// Each part is an extract_slice along the axis; the parts' sizes are
/// static or computed from the dimension (the equal share, or the rest for
/// a -1 size).
struct SplitLowering : public OpConversionPattern<SplitOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SplitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto inputType = dyn_cast<RankedTensorType>(adaptor.getInput().getType());
    if (!inputType)
      return rewriter.notifyMatchFailure(op, "needs a ranked input");
    Location loc = op.getLoc();
    int64_t rank = inputType.getRank();
    int64_t axis = op.getNormalizedAxis();
    Value input = adaptor.getInput();
    OpFoldResult dim = tensor::getMixedSize(rewriter, loc, input, axis);
    SmallVector<OpFoldResult> partSizes;
    if (std::optional<uint64_t> num = op.getNum()) {
      Value count = arith::ConstantIndexOp::create(rewriter, loc, *num);
      OpFoldResult share =
          inputType.isDynamicDim(axis)
              ? OpFoldResult(
                    arith::DivUIOp::create(
                        rewriter, loc,
                        getValueOrCreateConstantIndexOp(rewriter, loc, dim),
                        count)
                        .getResult())
              : OpFoldResult(rewriter.getIndexAttr(inputType.getDimSize(axis) /
                                                   static_cast<int64_t>(*num)));
      partSizes.assign(*num, share);
    } else {
      ArrayRef<int64_t> given = op.getSizesAttr().asArrayRef();
      int64_t known = 0;
      for (int64_t part : given)
        if (part != -1)
          known += part;
      for (int64_t part : given) {
        if (part != -1) {
          partSizes.push_back(rewriter.getIndexAttr(part));
          continue;
        }
        // The rest of the dimension; folded when it is static.
        partSizes.push_back(
            addIndices(rewriter, loc, dim, rewriter.getIndexAttr(-known)));
      }
    }
    SmallVector<OpFoldResult> sizes =
        tensor::getMixedSizes(rewriter, loc, input);
    SmallVector<OpFoldResult> strides(rank, rewriter.getIndexAttr(1));
    SmallVector<OpFoldResult> offsets(rank, rewriter.getIndexAttr(0));
    SmallVector<Value> results;
    for (auto [part, result] : llvm::zip_equal(partSizes, op.getOutputs())) {
      sizes[axis] = part;
      results.push_back(extractSlice(rewriter, loc, input, offsets, sizes,
                                     strides, rank, result.getType()));
      offsets[axis] = addIndices(rewriter, loc, offsets[axis], part);
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

struct SliceLowering : public OpConversionPattern<SliceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto inputType = dyn_cast<RankedTensorType>(adaptor.getInput().getType());
    if (!inputType)
      return rewriter.notifyMatchFailure(op, "needs a ranked input");
    Location loc = op.getLoc();
    int64_t rank = inputType.getRank();
    SmallVector<OpFoldResult> offsets, sizes;
    SmallVector<OpFoldResult> dims =
        tensor::getMixedSizes(rewriter, loc, adaptor.getInput());
    for (int64_t dim = 0; dim < rank; ++dim) {
      int64_t begin = op.getBegin()[dim], size = op.getSize()[dim];
      offsets.push_back(rewriter.getIndexAttr(begin));
      if (size != -1) {
        sizes.push_back(rewriter.getIndexAttr(size));
        continue;
      }
      sizes.push_back(
          addIndices(rewriter, loc, dims[dim], rewriter.getIndexAttr(-begin)));
    }
    SmallVector<OpFoldResult> strides(rank, rewriter.getIndexAttr(1));
    rewriter.replaceOp(op,
                       extractSlice(rewriter, loc, adaptor.getInput(), offsets,
                                    sizes, strides, rank, op.getType()));
    return success();
  }
};

/// Computes TensorFlow's canonical begin and the size of one dense
/// dimension of a strided slice in index arithmetic, which folds away when
/// the dimension is static.
class SliceArithmetic {
public:
  SliceArithmetic(OpBuilder &builder, Location loc)
      : builder(builder), loc(loc) {}

  Value constant(int64_t value) {
    return arith::ConstantIndexOp::create(builder, loc, value);
  }
  Value add(Value a, Value b) {
    return builder.createOrFold<arith::AddIOp>(loc, a, b);
  }
  Value sub(Value a, Value b) {
    return builder.createOrFold<arith::SubIOp>(loc, a, b);
  }
  Value clamp(Value x, Value lo, Value hi) {
    return builder.createOrFold<arith::MinSIOp>(
        loc, builder.createOrFold<arith::MaxSIOp>(loc, x, lo), hi);
  }

  /// A negative index counts from the end.
  Value forward(int64_t index, Value dim) {
    return index < 0 ? add(dim, constant(index)) : constant(index);
  }

  /// The offset and size of a non-shrinking dimension of size `dim`: the
  /// valid indices are [0, dim] going forward and [-1, dim - 1] going
  /// backward (end is exclusive); masked ends take the edge.
  std::pair<Value, Value> range(const StridedSliceDim &spec, Value dim) {
    int64_t stride = spec.stride;
    Value lo = stride > 0 ? constant(0) : constant(-1);
    Value hi = stride > 0 ? dim : sub(dim, constant(1));
    Value begin = spec.beginMasked ? (stride > 0 ? lo : hi)
                                   : clamp(forward(spec.begin, dim), lo, hi);
    Value end = spec.endMasked ? (stride > 0 ? hi : lo)
                               : clamp(forward(spec.end, dim), lo, hi);
    // ceil(length / stride), or 0 when the range runs the other way.
    Value length = stride > 0 ? sub(end, begin) : sub(begin, end);
    Value steps = builder.createOrFold<arith::CeilDivSIOp>(
        loc, length, constant(std::abs(stride)));
    Value size = builder.createOrFold<arith::MaxSIOp>(loc, steps, constant(0));
    return {begin, size};
  }

private:
  OpBuilder &builder;
  Location loc;
};

/// The dense spec becomes one extract_slice (negative strides included);
/// shrunk dimensions are then dropped and new axes inserted as unit
/// dimensions.
struct StridedSliceLowering : public OpConversionPattern<StridedSliceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(StridedSliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto inputType = dyn_cast<RankedTensorType>(adaptor.getInput().getType());
    auto resultType = dyn_cast<RankedTensorType>(op.getType());
    if (!inputType || !resultType)
      return rewriter.notifyMatchFailure(op, "needs ranked tensors");
    int64_t rank = inputType.getRank();
    SmallVector<int64_t> strides(op.getBegin().size(), 1);
    if (std::optional<ArrayRef<int64_t>> given = op.getStrides())
      strides.assign(given->begin(), given->end());
    StridedSliceSpec spec;
    if (failed(expandStridedSliceSpec(
            op.getLoc(), rank, op.getBegin(), op.getEnd(), strides,
            op.getBeginMask(), op.getEndMask(), op.getEllipsisMask(),
            op.getNewAxisMask(), op.getShrinkAxisMask(), spec)))
      return failure();

    Location loc = op.getLoc();
    SliceArithmetic calc(rewriter, loc);
    SmallVector<OpFoldResult> offsets, sizes, steps;
    SmallVector<int64_t> shrunk;
    for (auto [dim, dense] : llvm::enumerate(spec.dense)) {
      Value size = rewriter.createOrFold<tensor::DimOp>(
          loc, adaptor.getInput(), static_cast<int64_t>(dim));
      if (dense.shrink) {
        // A single index, checked against static sizes by the verifier.
        offsets.push_back(getAsOpFoldResult(calc.forward(dense.begin, size)));
        sizes.push_back(rewriter.getIndexAttr(1));
        steps.push_back(rewriter.getIndexAttr(1));
        shrunk.push_back(dim);
        continue;
      }
      auto [begin, length] = calc.range(dense, size);
      offsets.push_back(getAsOpFoldResult(begin));
      sizes.push_back(getAsOpFoldResult(length));
      steps.push_back(rewriter.getIndexAttr(dense.stride));
    }
    Value slice = tensor::ExtractSliceOp::create(
        rewriter, loc, adaptor.getInput(), offsets, sizes, steps);
    if (!shrunk.empty())
      slice = tensor::CollapseShapeOp::create(
          rewriter, loc, slice, getUnitDimsReassociation(rank, shrunk));

    SmallVector<int64_t> newAxes;
    for (auto [position, output] : llvm::enumerate(
             llvm::make_filter_range(spec.output, [&](const auto &out) {
               return out.newAxis || !spec.dense[out.dense].shrink;
             })))
      if (output.newAxis)
        newAxes.push_back(position);
    if (!newAxes.empty()) {
      auto sliceType = cast<RankedTensorType>(slice.getType());
      SmallVector<int64_t> shape(sliceType.getShape());
      for (int64_t axis : newAxes)
        shape.insert(shape.begin() + axis, 1);
      slice = tensor::ExpandShapeOp::create(
          rewriter, loc,
          RankedTensorType::get(shape, sliceType.getElementType()), slice,
          getUnitDimsReassociation(shape.size(), newAxes));
    }
    rewriter.replaceOp(op, castTensorTo(rewriter, loc, slice, resultType));
    return success();
  }
};

/// tensor.pad with the padding value (0 without one).
struct PadLowering : public OpConversionPattern<PadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(PadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto inputType = dyn_cast<RankedTensorType>(adaptor.getInput().getType());
    auto resultType = dyn_cast<RankedTensorType>(op.getType());
    if (!inputType || !resultType)
      return rewriter.notifyMatchFailure(op, "needs ranked tensors");
    Location loc = op.getLoc();
    SmallVector<OpFoldResult> low, high;
    ArrayRef<int64_t> paddings = op.getPaddings();
    for (int64_t dim = 0; dim < inputType.getRank(); ++dim) {
      low.push_back(rewriter.getIndexAttr(paddings[2 * dim]));
      high.push_back(rewriter.getIndexAttr(paddings[2 * dim + 1]));
    }
    Value value =
        adaptor.getValue()
            ? extractScalar(rewriter, loc, adaptor.getValue())
            : buildScalarConstant(rewriter, loc, inputType.getElementType(), 0);
    auto pad = tensor::PadOp::create(rewriter, loc, resultType,
                                     adaptor.getInput(), low, high, value);
    rewriter.replaceOp(op, pad.getResult());
    return success();
  }
};

} // namespace

void mlir::tfc::populateSliceToTensorPatterns(RewritePatternSet &patterns) {
  patterns.add<ConcatLowering, StackLowering, UnstackLowering, SliceLowering,
               SplitLowering, PadLowering, StridedSliceLowering>(
      patterns.getContext());
}
