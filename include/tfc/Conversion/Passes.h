//===- Passes.h - tfc conversion passes -------------------------*- C++ -*-===//
//
// Declarations and registration of the conversions out of the tfc dialect.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_CONVERSION_PASSES_H
#define TFC_CONVERSION_PASSES_H

#include "tfc/Conversion/TFCToLinalg/TFCToLinalg.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Pass/Pass.h"

namespace mlir::tfc {

#define GEN_PASS_DECL
#include "tfc/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tfc/Conversion/Passes.h.inc"

} // namespace mlir::tfc

#endif // TFC_CONVERSION_PASSES_H
