//===- HostLowering.h - host code to the LLVM dialect -----------*- C++ -*-===//
//
// The lowering of host code after the loops, shared by the CPU and CUDA
// pipelines.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_LIB_PIPELINES_HOSTLOWERING_H
#define TFC_LIB_PIPELINES_HOSTLOWERING_H

#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace mlir::tfc {

/// Strided metadata, affine, memrefs (allocations through the runtime's
/// `_mlir_memref_to_llvm_*`, which owns a call's temporaries), scf, math,
/// arith, func, cf, index and ub to the LLVM dialect. `beforeMathToLLVM`
/// adds what must come after math.ipowi became functions and before the
/// remaining math is lowered (the CPU's vector and OpenMP conversions).
void addHostLLVMLowering(
    OpPassManager &pm,
    llvm::function_ref<void(OpPassManager &)> beforeMathToLLVM = {});

} // namespace mlir::tfc

#endif // TFC_LIB_PIPELINES_HOSTLOWERING_H
