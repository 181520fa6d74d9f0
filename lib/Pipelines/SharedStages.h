//===- SharedStages.h - stages of the CPU and CUDA pipelines ---*- C++ -*-===//
//
// Bufferization and the lowering of host code to the LLVM dialect: the
// same on the CPU and CUDA targets.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_LIB_PIPELINES_SHAREDSTAGES_H
#define TFC_LIB_PIPELINES_SHAREDSTAGES_H

#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace mlir::tfc {

/// One-shot bufferization of the whole module (identity layouts at function
/// boundaries; loop-carried values that change shape are new buffers in
/// each iteration, which the call's arena frees), then CSE and
/// canonicalization: a tile written in place is then a self-copy, which
/// canonicalization removes. With `perFunction`, CSE and canonicalization
/// run on each function (in parallel when the context has threads), as
/// tfc-cse.
void addBufferization(OpPassManager &pm, bool perFunction = false);

/// Strided metadata, affine, memrefs (allocations through the runtime's
/// `_mlir_memref_to_llvm_*`, which owns a call's temporaries), scf, math,
/// arith, func, cf, index and ub to the LLVM dialect. `beforeMathToLLVM`
/// adds what must come after math.ipowi became functions and before the
/// remaining math is lowered (the CPU's vector and OpenMP conversions).
/// With `perFunction`, the conversions that need no module (they create no
/// symbols) run on each function, in parallel when the context has
/// threads; the module then holds functions only (no GPU modules).
void addHostLLVMLowering(
    OpPassManager &pm,
    llvm::function_ref<void(OpPassManager &)> beforeMathToLLVM = {},
    bool perFunction = false);

} // namespace mlir::tfc

#endif // TFC_LIB_PIPELINES_SHAREDSTAGES_H
