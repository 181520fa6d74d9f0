//===- TFCToLinalg.h - tfc to linalg conversion -----------------*- C++ -*-===//
//
// Patterns lowering the tfc computation ops to linalg on tensors.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_CONVERSION_TFCTOLINALG_TFCTOLINALG_H
#define TFC_CONVERSION_TFCTOLINALG_TFCTOLINALG_H

#include "mlir/Transforms/DialectConversion.h"

namespace mlir::tfc {

/// Adds the patterns lowering tfc constants, element-wise ops, matmuls and
/// reductions to linalg, tensor, arith and math.
void populateTFCToLinalgConversionPatterns(RewritePatternSet &patterns);

/// Marks the ops those patterns lower as illegal and their targets legal.
void configureTFCToLinalgConversionTarget(ConversionTarget &target);

} // namespace mlir::tfc

#endif // TFC_CONVERSION_TFCTOLINALG_TFCTOLINALG_H
