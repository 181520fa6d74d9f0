//===- RowLoops.h - facts about bufferized row loops ------------*- C++ -*-===//
//
// Internal to lib/Codegen/CPU: what the passes over bufferized row loops
// (tfc-fuse-row-passes, tfc-stream-row-results) ask of them besides what
// tfc/Codegen/MemoryEffects.h answers: whether two loops run over the same
// columns, whether a transfer is a plain one.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_LIB_CODEGEN_CPU_ROWLOOPS_H
#define TFC_LIB_CODEGEN_CPU_ROWLOOPS_H

#include "tfc/Codegen/MemoryEffects.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::tfc {

/// Whether two index values are equal: the same value or constant, or the
/// results of two equal pure ops on the same operands (a row length known
/// at run time rounded down to the step, computed once per pass).
bool isSameIndex(Value a, Value b);

/// Whether two loops have the same bounds and step (`isSameIndex`).
bool haveSameBounds(scf::ForOp a, scf::ForOp b);

/// Whether a vector transfer is unmasked, in bounds and minor-identity.
template <typename TransferOp> bool isPlainTransfer(TransferOp op) {
  return !op.getMask() && op.getPermutationMap().isMinorIdentity() &&
         llvm::all_of(op.getInBoundsValues(), [](bool b) { return b; });
}

} // namespace mlir::tfc

#endif // TFC_LIB_CODEGEN_CPU_ROWLOOPS_H
