//===- Passes.h - tfc CPU code generation passes ----------------*- C++ -*-===//
//
// Declarations and registration of the passes that tile, vectorize and
// thread tfc's CPU code.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_CODEGEN_CPU_PASSES_H
#define TFC_CODEGEN_CPU_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir::tfc {

#define GEN_PASS_DECL
#include "tfc/Codegen/CPU/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tfc/Codegen/CPU/Passes.h.inc"

} // namespace mlir::tfc

#endif // TFC_CODEGEN_CPU_PASSES_H
