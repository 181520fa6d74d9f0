//===- RowLoops.h - facts about bufferized row loops ------------*- C++ -*-===//
//
// Internal to lib/Codegen/CPU: what the passes over bufferized row loops
// (tfc-fuse-row-passes, tfc-stream-row-results) ask of them: the memory an
// op and the ops it holds read and write, the buffer under a view, whether
// two loops run over the same columns, whether a transfer is a plain one.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_LIB_CODEGEN_CPU_ROWLOOPS_H
#define TFC_LIB_CODEGEN_CPU_ROWLOOPS_H

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <optional>

namespace mlir::tfc {

/// The memory effects of `op` and of every op it holds: each op's own
/// declared effects (a linalg op declares its operands' besides having
/// recursive effects), nothing of an op that only has recursive effects
/// (its ops are counted). None when some op's effects are unknown.
std::optional<SmallVector<MemoryEffects::EffectInstance>>
collectMemoryEffects(Operation *op);

/// `value` through the views it is a view of.
Value getViewRoot(Value value);

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
