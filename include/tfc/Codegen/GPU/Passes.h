//===- Passes.h - tfc GPU code generation passes ----------------*- C++ -*-===//
//
// Declarations and registration of the passes that map tfc's code to CUDA
// kernels, the host code around them and their CPU emulation.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_CODEGEN_GPU_PASSES_H
#define TFC_CODEGEN_GPU_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir::tfc {

#define GEN_PASS_DECL
#include "tfc/Codegen/GPU/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tfc/Codegen/GPU/Passes.h.inc"

} // namespace mlir::tfc

#endif // TFC_CODEGEN_GPU_PASSES_H
