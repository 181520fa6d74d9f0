//===- StableSoftmax.h - stable softmax rewrites ----------------*- C++ -*-===//
//
// The patterns of tfc-stable-softmax, for pipelines that apply them together
// with other patterns.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_DIALECT_TFC_TRANSFORMS_STABLESOFTMAX_H
#define TFC_DIALECT_TFC_TRANSFORMS_STABLESOFTMAX_H

namespace mlir {
class RewritePatternSet;
} // namespace mlir

namespace mlir::tfc {

/// Adds the patterns that replace hand-written, numerically unstable
/// formulas by the stable tfc ops: softmax, log_softmax, reduce_logsumexp,
/// softmax_cross_entropy_with_logits and softplus. See docs/rewrites.md.
void populateStableSoftmaxPatterns(RewritePatternSet &patterns);

} // namespace mlir::tfc

#endif // TFC_DIALECT_TFC_TRANSFORMS_STABLESOFTMAX_H
