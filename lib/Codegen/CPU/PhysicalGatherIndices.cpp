//===- PhysicalGatherIndices.cpp - tfc-physical-gather-indices ------------===//
//
// A vectorized gather counts the elements of its tensor in row-major order,
// and MLIR 22 lowers `vector.gather` as if its memref were contiguous. On a
// strided view (a slice of some columns) that reads other elements; this
// pass turns the logical indices into physical offsets into the buffer.
//
//===----------------------------------------------------------------------===//

#include "tfc/Codegen/CPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tfc {
#define GEN_PASS_DEF_TFCPHYSICALGATHERINDICES
#include "tfc/Codegen/CPU/Passes.h.inc"
} // namespace mlir::tfc

using namespace mlir;
using namespace mlir::tfc;

/// Whether logical row-major positions in `type` are its physical offsets
/// from the first element: an identity layout, a contiguous static one, or
/// one dimension of unit stride (what this pass gathers from).
static bool isContiguousRowMajor(MemRefType type) {
  if (type.getLayout().isIdentity() ||
      memref::isStaticShapeAndContiguousRowMajor(type))
    return true;
  SmallVector<int64_t> strides;
  int64_t offset;
  return type.getRank() == 1 &&
         succeeded(type.getStridesAndOffset(strides, offset)) &&
         strides[0] == 1;
}

namespace {

struct GatherAtPhysicalOffsets : public OpRewritePattern<vector::GatherOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(vector::GatherOp op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<MemRefType>(op.getBase().getType());
    if (!type || type.getRank() == 0 || isContiguousRowMajor(type))
      return rewriter.notifyMatchFailure(op, "not a strided memref");
    Location loc = op.getLoc();
    auto indexVector = cast<VectorType>(op.getIndices().getType());
    auto physicalType = indexVector.clone(rewriter.getIndexType());
    Value position = op.getIndices();
    if (!indexVector.getElementType().isIndex())
      position =
          arith::IndexCastOp::create(rewriter, loc, physicalType, position);
    auto splat = [&](Value scalar) -> Value {
      return vector::BroadcastOp::create(rewriter, loc, physicalType, scalar);
    };
    auto metadata =
        memref::ExtractStridedMetadataOp::create(rewriter, loc, op.getBase());
    ValueRange sizes = metadata.getSizes(), strides = metadata.getStrides();
    int64_t rank = type.getRank();

    // The row-major position of the base offsets, added to each index.
    Value base = op.getOffsets()[0];
    for (int64_t d = 1; d < rank; ++d)
      base = arith::AddIOp::create(
          rewriter, loc, arith::MulIOp::create(rewriter, loc, base, sizes[d]),
          op.getOffsets()[d]);
    position = arith::AddIOp::create(rewriter, loc, position, splat(base));

    // Split into one index per dimension, innermost first, and weigh each
    // by its stride; the extent of the view covers the last element.
    Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
    Value physical, extent = one;
    for (int64_t d = rank - 1; d >= 0; --d) {
      Value index = position;
      if (d > 0) {
        index =
            arith::RemUIOp::create(rewriter, loc, position, splat(sizes[d]));
        position =
            arith::DivUIOp::create(rewriter, loc, position, splat(sizes[d]));
      }
      Value weighed =
          arith::MulIOp::create(rewriter, loc, index, splat(strides[d]));
      physical = physical
                     ? arith::AddIOp::create(rewriter, loc, physical, weighed)
                     : weighed;
      Value last = arith::SubIOp::create(rewriter, loc, sizes[d], one);
      extent = arith::AddIOp::create(
          rewriter, loc, extent,
          arith::MulIOp::create(rewriter, loc, last, strides[d]));
    }
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    extent = arith::MaxSIOp::create(rewriter, loc, extent, zero);

    auto flatType = MemRefType::get(
        {ShapedType::kDynamic}, type.getElementType(),
        StridedLayoutAttr::get(getContext(), ShapedType::kDynamic, {1}),
        type.getMemorySpace());
    Value flat = memref::ReinterpretCastOp::create(
        rewriter, loc, flatType, metadata.getBaseBuffer(),
        OpFoldResult(metadata.getOffset()), {OpFoldResult(extent)},
        {OpFoldResult(rewriter.getIndexAttr(1))});
    rewriter.replaceOpWithNewOp<vector::GatherOp>(
        op, op.getType(), flat, ValueRange{zero}, physical, op.getMask(),
        op.getPassThru(), op.getAlignmentAttr());
    return success();
  }
};

struct TFCPhysicalGatherIndicesPass
    : public tfc::impl::TFCPhysicalGatherIndicesBase<
          TFCPhysicalGatherIndicesPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<GatherAtPhysicalOffsets>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
