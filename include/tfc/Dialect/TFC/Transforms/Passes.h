//===- Passes.h - tfc dialect passes ----------------------------*- C++ -*-===//
//
// Declarations and registration of the passes on the tfc dialect.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_DIALECT_TFC_TRANSFORMS_PASSES_H
#define TFC_DIALECT_TFC_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir::tfc {

#define GEN_PASS_DECL
#include "tfc/Dialect/TFC/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tfc/Dialect/TFC/Transforms/Passes.h.inc"

} // namespace mlir::tfc

#endif // TFC_DIALECT_TFC_TRANSFORMS_PASSES_H
