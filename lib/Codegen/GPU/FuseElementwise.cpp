//===- FuseElementwise.cpp - the tfc-gpu-fuse-elementwise pass ------------===//
//
// On a GPU, memory traffic costs more than arithmetic: an element-wise op
// whose result several ops read is recomputed inside each of them instead
// of being written to and read back from device memory, as long as the
// recomputation reads no more than the result it replaces.
//
//===----------------------------------------------------------------------===//

#include "tfc/Codegen/GPU/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tfc {
#define GEN_PASS_DEF_TFCGPUFUSEELEMENTWISE
#include "tfc/Codegen/GPU/Passes.h.inc"
} // namespace mlir::tfc

using namespace mlir;
using namespace mlir::tfc;

/// Whether fusing the producer of `operand` into its user pays: always for
/// a producer with one use; for an element-wise producer with several,
/// when at most one of its inputs is as large as its result (the others are
/// broadcasts, such as a softmax's row maxima), so the user reads no more
/// than before.
static bool shouldFuse(OpOperand *operand) {
  auto producer = operand->get().getDefiningOp<linalg::GenericOp>();
  if (!producer)
    return false;
  if (producer->hasOneUse())
    return true;
  if (producer.getNumReductionLoops() != 0 || producer.getNumDpsInits() != 1)
    return false;
  unsigned loops = producer.getNumLoops();
  int64_t fullInputs =
      llvm::count_if(producer.getDpsInputOperands(), [&](OpOperand *input) {
        return producer.getMatchingIndexingMap(input).getNumResults() == loops;
      });
  return fullInputs <= 1;
}

namespace {
struct TFCGPUFuseElementwisePass
    : public tfc::impl::TFCGPUFuseElementwiseBase<TFCGPUFuseElementwisePass> {
  void runOnOperation() override {
    // Reductions become generics, which element-wise producers fuse into
    // (the GPU mapping takes generics only anyway).
    IRRewriter rewriter(&getContext());
    SmallVector<linalg::ReduceOp> reductions;
    getOperation()->walk(
        [&](linalg::ReduceOp op) { reductions.push_back(op); });
    for (linalg::ReduceOp op : reductions) {
      rewriter.setInsertionPoint(op);
      (void)linalg::generalizeNamedOp(rewriter, op);
    }
    RewritePatternSet patterns(&getContext());
    linalg::populateElementwiseOpsFusionPatterns(patterns, shouldFuse);
    linalg::GenericOp::getCanonicalizationPatterns(patterns, &getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};
} // namespace
