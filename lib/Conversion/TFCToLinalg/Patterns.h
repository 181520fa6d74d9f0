//===- Patterns.h - the tfc to linalg pattern families ----------*- C++ -*-===//
//
// Each op family of the conversion populates its patterns from its own file.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_LIB_CONVERSION_TFCTOLINALG_PATTERNS_H
#define TFC_LIB_CONVERSION_TFCTOLINALG_PATTERNS_H

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::tfc {

void populateElementwiseToLinalgPatterns(RewritePatternSet &patterns);
void populateMatMulToLinalgPatterns(RewritePatternSet &patterns);
void populateReductionToLinalgPatterns(RewritePatternSet &patterns);
void populateRandomToLinalgPatterns(RewritePatternSet &patterns);
/// shape, rank, size, reshape, expand_dims, squeeze, tile, fill, range and
/// cast.
void populateShapeToLinalgPatterns(RewritePatternSet &patterns);
/// concat, stack, unstack, slice and strided_slice.
void populateSliceToTensorPatterns(RewritePatternSet &patterns);
/// gather, unsorted_segment_sum, one_hot, argmax and top_k.
void populateIndexingToLinalgPatterns(RewritePatternSet &patterns);
/// tfc.cond, tfc.while, tfc.condition and their tfc.yields.
void populateControlFlowToSCFPatterns(const TypeConverter &converter,
                                      RewritePatternSet &patterns);
/// The tensor array ops.
void populateTensorArrayToTensorPatterns(const TypeConverter &converter,
                                         RewritePatternSet &patterns);
/// Rewrites the NN ops into stable compositions of core tfc ops, which the
/// other patterns of the conversion then lower.
void populateNNToCorePatterns(RewritePatternSet &patterns);
/// conv2d, max_pool and avg_pool.
void populateWindowToLinalgPatterns(RewritePatternSet &patterns);
/// Reports the window ops the lowering cannot handle (unranked, or with an
/// unknown height or width), before the conversion's generic failure.
LogicalResult checkWindowOpsLowerable(Operation *root);
/// The gradient kernels of conv2d and the pools.
void populateWindowGradientsToLinalgPatterns(RewritePatternSet &patterns);
/// Lowers the gradient kernels (relu_grad, broadcast_like).
void populateGradientKernelsToLinalgPatterns(RewritePatternSet &patterns);

} // namespace mlir::tfc

#endif // TFC_LIB_CONVERSION_TFCTOLINALG_PATTERNS_H
