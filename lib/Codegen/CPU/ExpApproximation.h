//===- ExpApproximation.h - tfc's f32 exp ------------------------*- C++
//-*-===//
//
// Internal to lib/Codegen/CPU: the exponential of tfc-approximate-math.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_LIB_CODEGEN_CPU_EXPAPPROXIMATION_H
#define TFC_LIB_CODEGEN_CPU_EXPAPPROXIMATION_H

#include "mlir/IR/PatternMatch.h"

namespace mlir::tfc {

/// Adds the rewrite of f32 `math.exp` (scalar or vector) into straight-line
/// arithmetic: 2^n by an integer add to the exponent bits of a degree-6
/// polynomial of the reduced argument (docs/performance.md, "Polynomial
/// math"). It replaces MLIR's approximation of exp.
void populateExpApproximationPatterns(RewritePatternSet &patterns);

} // namespace mlir::tfc

#endif // TFC_LIB_CODEGEN_CPU_EXPAPPROXIMATION_H
