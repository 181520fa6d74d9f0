//===- Patterns.h - the tfc to linalg pattern families ----------*- C++ -*-===//
//
// Each op family of the conversion populates its patterns from its own file.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_LIB_CONVERSION_TFCTOLINALG_PATTERNS_H
#define TFC_LIB_CONVERSION_TFCTOLINALG_PATTERNS_H

#include "mlir/IR/PatternMatch.h"

namespace mlir::tfc {

void populateElementwiseToLinalgPatterns(RewritePatternSet &patterns);
void populateMatMulToLinalgPatterns(RewritePatternSet &patterns);
void populateReductionToLinalgPatterns(RewritePatternSet &patterns);
/// Rewrites the NN ops into stable compositions of core tfc ops, which the
/// other patterns of the conversion then lower.
void populateNNToCorePatterns(RewritePatternSet &patterns);
/// Lowers the gradient kernels (relu_grad, broadcast_like).
void populateGradientKernelsToLinalgPatterns(RewritePatternSet &patterns);

} // namespace mlir::tfc

#endif // TFC_LIB_CONVERSION_TFCTOLINALG_PATTERNS_H
