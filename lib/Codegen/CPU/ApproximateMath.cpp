//===- ApproximateMath.cpp - the tfc-approximate-math pass ----------------===//
//
// Replaces f32 transcendental functions by MLIR's polynomial
// approximations: straight-line arithmetic that vectorizes, where libm
// calls stay scalar. On a CPU target without FMA, their fused multiply-adds
// become a multiply and an add.
//
//===----------------------------------------------------------------------===//

#include "tfc/Codegen/CPU/Passes.h"
#include "tfc/Codegen/CPU/TargetDescription.h"

#include "ExpApproximation.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tfc {
#define GEN_PASS_DEF_TFCAPPROXIMATEMATH
#include "tfc/Codegen/CPU/Passes.h.inc"
} // namespace mlir::tfc

using namespace mlir;
using namespace mlir::tfc;

/// The functions whose approximations of MLIR's are accurate to a few ulp
/// over the whole f32 range (sin, cos and atan lose accuracy far from zero
/// and stay with libm); exp is tfc's own (ExpApproximation.cpp).
static bool isApproximated(StringRef name) {
  name.consume_front("math.");
  return llvm::is_contained({"expm1", "log", "log1p", "log2", "tanh", "erf"},
                            name);
}

namespace {
/// `math.fma` as a multiply and an add. Without FMA instructions, LLVM
/// computes the exactly rounded `llvm.fma` with a libm call per element
/// (and scalarizes the vectors around it: 3x slower softmax); the
/// approximations do not need the single rounding.
struct SplitFma : public OpRewritePattern<math::FmaOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(math::FmaOp op,
                                PatternRewriter &rewriter) const override {
    Value product = arith::MulFOp::create(rewriter, op.getLoc(), op.getA(),
                                          op.getB(), op.getFastmath());
    rewriter.replaceOpWithNewOp<arith::AddFOp>(op, product, op.getC(),
                                               op.getFastmath());
    return success();
  }
};

struct TFCApproximateMathPass
    : public tfc::impl::TFCApproximateMathBase<TFCApproximateMathPass> {
  using TFCApproximateMathBase::TFCApproximateMathBase;

  void runOnOperation() override {
    const CPUTarget *cpu = lookupCPUTarget(target);
    if (!cpu) {
      getOperation()->emitError() << "unknown CPU target '" << target << "'";
      return signalPassFailure();
    }
    RewritePatternSet patterns(&getContext());
    populateMathPolynomialApproximationPatterns(patterns, isApproximated);
    populateExpApproximationPatterns(patterns);
    if (cpu->fmaUnits == 0)
      patterns.add<SplitFma>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};
} // namespace
