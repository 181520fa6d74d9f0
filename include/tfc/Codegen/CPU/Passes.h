//===- Passes.h - tfc CPU code generation passes ----------------*- C++ -*-===//
//
// Declarations and registration of the passes that tile, vectorize and
// thread tfc's CPU code.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_CODEGEN_CPU_PASSES_H
#define TFC_CODEGEN_CPU_PASSES_H

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::tfc {

#define GEN_PASS_DECL
#include "tfc/Codegen/CPU/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tfc/Codegen/CPU/Passes.h.inc"

} // namespace mlir::tfc

#endif // TFC_CODEGEN_CPU_PASSES_H
