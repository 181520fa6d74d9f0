//===- ApproximateMath.cpp - the tfc-approximate-math pass ----------------===//
//
// Replaces f32 transcendental functions by MLIR's polynomial
// approximations: straight-line arithmetic that vectorizes, where libm
// calls stay scalar.
//
//===----------------------------------------------------------------------===//

#include "tfc/Codegen/Passes.h"

#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tfc {
#define GEN_PASS_DEF_TFCAPPROXIMATEMATH
#include "tfc/Codegen/Passes.h.inc"
} // namespace mlir::tfc

using namespace mlir;
using namespace mlir::tfc;

/// The functions whose approximations are accurate to a few ulp over the
/// whole f32 range (sin, cos and atan lose accuracy far from zero and stay
/// with libm).
static bool isApproximated(StringRef name) {
  name.consume_front("math.");
  return llvm::is_contained(
      {"exp", "expm1", "log", "log1p", "log2", "tanh", "erf"}, name);
}

namespace {
struct TFCApproximateMathPass
    : public tfc::impl::TFCApproximateMathBase<TFCApproximateMathPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateMathPolynomialApproximationPatterns(patterns, isApproximated);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};
} // namespace
