//===- Vectorize.cpp - the tfc-vectorize pass -----------------------------===//
//
// Turns the static tiles left by tfc-tile-and-fuse into vector code and
// keeps register-tile accumulators in registers across reduction loops.
//
//===----------------------------------------------------------------------===//

#include "tfc/Codegen/CPU/Passes.h"
#include "tfc/Codegen/CPU/TargetDescription.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

namespace mlir::tfc {
#define GEN_PASS_DEF_TFCVECTORIZE
#include "tfc/Codegen/CPU/Passes.h.inc"
} // namespace mlir::tfc

using namespace mlir;
using namespace mlir::tfc;

namespace {

/// Vectorizes a linalg op on tensors whose static iteration space is small
/// enough to live in registers (or close: LLVM splits long vectors).
struct VectorizeLinalgOp : public OpInterfaceRewritePattern<linalg::LinalgOp> {
  VectorizeLinalgOp(MLIRContext *context, int64_t maxElements)
      : OpInterfaceRewritePattern(context), maxElements(maxElements) {}

  LogicalResult matchAndRewrite(linalg::LinalgOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.hasPureTensorSemantics())
      return rewriter.notifyMatchFailure(op, "not on tensors");
    int64_t elements = 1;
    for (int64_t size : op.getStaticLoopRanges()) {
      if (ShapedType::isDynamic(size))
        return rewriter.notifyMatchFailure(op, "dynamic iteration space");
      elements *= size;
    }
    if (elements > maxElements)
      return rewriter.notifyMatchFailure(op, "too large for registers");
    // LLVM stores vectors of i1 as packed bits, but a memref of i1 has a
    // byte per element: boolean tensors stay scalar.
    if (llvm::any_of(op->getOperandTypes(), [](Type type) {
          return getElementTypeOrSelf(type).isInteger(1);
        }))
      return rewriter.notifyMatchFailure(op, "boolean tensors");
    // Reads through `tensor.extract` at computed indices (a dimension
    // broadcast at run time) become contiguous or broadcast loads where the
    // indices allow, gathers elsewhere.
    if (failed(linalg::vectorizeOpPrecondition(op, {}, {},
                                               /*vectorizeNDExtract=*/true)))
      return rewriter.notifyMatchFailure(op, "not vectorizable");
    FailureOr<linalg::VectorizationResult> result = linalg::vectorize(
        rewriter, op, {}, {}, /*vectorizeNDExtract=*/true);
    if (failed(result))
      return failure();
    rewriter.replaceOp(op, result->replacements);
    return success();
  }

  int64_t maxElements;
};

/// Vectorizes a static copy of a slice into a tensor (what tiling leaves of
/// a transpose that only moves unit dimensions, such as packing a matmul
/// operand), which would otherwise become an element-by-element copy.
struct VectorizeInsertSlice : public OpRewritePattern<tensor::InsertSliceOp> {
  VectorizeInsertSlice(MLIRContext *context, int64_t maxElements)
      : OpRewritePattern(context), maxElements(maxElements) {}

  LogicalResult matchAndRewrite(tensor::InsertSliceOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType type = op.getSourceType();
    if (!type.hasStaticShape() || type.getNumElements() > maxElements ||
        !op.getSource().getDefiningOp<tensor::ExtractSliceOp>())
      return rewriter.notifyMatchFailure(op, "not a small static copy");
    FailureOr<linalg::VectorizationResult> result =
        linalg::vectorize(rewriter, op);
    if (failed(result))
      return failure();
    rewriter.replaceOp(op, result->replacements);
    return success();
  }

  int64_t maxElements;
};

/// `arith.mului_extended` (the multiply of the random ops' Philox rounds)
/// on a vector of more than one dimension, computed on the flattened
/// vector: MLIR 22 lowers it to LLVM only on scalars and 1-D vectors.
struct FlattenMulUIExtended : public OpRewritePattern<arith::MulUIExtendedOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(arith::MulUIExtendedOp op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<VectorType>(op.getType(0));
    if (!type || type.getRank() < 2 || type.isScalable())
      return rewriter.notifyMatchFailure(op, "not an n-D vector");
    Location loc = op.getLoc();
    auto flat = VectorType::get({type.getNumElements()}, type.getElementType());
    auto flatten = [&](Value v) -> Value {
      return vector::ShapeCastOp::create(rewriter, loc, flat, v);
    };
    auto product = arith::MulUIExtendedOp::create(
        rewriter, loc, flatten(op.getLhs()), flatten(op.getRhs()));
    rewriter.replaceOp(
        op,
        {vector::ShapeCastOp::create(rewriter, loc, type, product.getLow()),
         vector::ShapeCastOp::create(rewriter, loc, type, product.getHigh())});
    return success();
  }
};

struct TFCVectorizePass : public tfc::impl::TFCVectorizeBase<TFCVectorizePass> {
  using TFCVectorizeBase::TFCVectorizeBase;

  FrozenRewritePatternSet patterns;

  /// Vectorization and the cleanups that must run before any
  /// canonicalization: multi-reductions of products become contractions
  /// (canonicalizing first would split the FMA), transfers absorb slices
  /// and transposes, so transfer_write/transfer_read pairs on a tile fold.
  /// Built once per pass, not per function.
  LogicalResult initialize(MLIRContext *context) override {
    int64_t maxElements = maxVectorElements;
    if (maxElements == 0) {
      const CPUTarget *cpu = lookupCPUTarget(target);
      if (!cpu)
        return emitError(UnknownLoc::get(context))
               << "unknown CPU target '" << target << "'";
      maxElements = cpu->getTileSizes().maxVectorElements;
    }
    RewritePatternSet set(context);
    set.add<VectorizeLinalgOp, VectorizeInsertSlice>(context, maxElements);
    set.add<FlattenMulUIExtended>(context);
    // A convolution tile with one filter row becomes a 1-D convolution,
    // which the vectorizer handles.
    linalg::populateDecomposeConvolutionPatterns(set);
    vector::populateVectorTransferPermutationMapLoweringPatterns(set);
    vector::populateVectorReductionToContractPatterns(set);
    vector::populateSinkVectorOpsPatterns(set);
    tensor::populateFoldTensorSubsetIntoVectorTransferPatterns(set);
    for (Dialect *dialect : context->getLoadedDialects())
      dialect->getCanonicalizationPatterns(set);
    for (RegisteredOperationName op : context->getRegisteredOperations())
      op.getCanonicalizationPatterns(set, context);
    patterns = FrozenRewritePatternSet(std::move(set));
    return success();
  }

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    MLIRContext *context = &getContext();
    if (failed(applyPatternsGreedily(func, patterns)))
      return signalPassFailure();

    // A register tile's accumulator: read before the reduction loop, kept
    // in registers, written after it.
    // Inner loops first (post-order), so subsets hoisted out of an inner
    // loop can leave the outer one too.
    SmallVector<scf::ForOp> loops;
    func.walk([&](scf::ForOp loop) { loops.push_back(loop); });
    IRRewriter rewriter(context);
    for (scf::ForOp loop : loops) {
      moveLoopInvariantCode(cast<LoopLikeOpInterface>(loop.getOperation()));
      (void)hoistLoopInvariantSubsets(rewriter, loop);
    }
  }
};

} // namespace
