//===- Passes.h - tfc conversion passes -------------------------*- C++ -*-===//
//
// Declarations and registration of the conversions out of the tfc dialect.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_CONVERSION_PASSES_H
#define TFC_CONVERSION_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir::tfc {

#define GEN_PASS_DECL
#include "tfc/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tfc/Conversion/Passes.h.inc"

} // namespace mlir::tfc

#endif // TFC_CONVERSION_PASSES_H
