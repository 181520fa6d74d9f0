//===- Passes.h - every tfc code generation pass ----------------*- C++ -*-===//
//
// The CPU and GPU code generation passes together, for tools that register
// all of them.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_CODEGEN_PASSES_H
#define TFC_CODEGEN_PASSES_H

#include "tfc/Codegen/CPU/Passes.h"
#include "tfc/Codegen/GPU/Passes.h"

namespace mlir::tfc {

inline void registerTFCCodegenPasses() {
  registerTFCCodegenCPUPasses();
  registerTFCCodegenGPUPasses();
}

} // namespace mlir::tfc

#endif // TFC_CODEGEN_PASSES_H
