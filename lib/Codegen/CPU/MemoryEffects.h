//===- MemoryEffects.h - memory effects of bufferized loops -----*- C++ -*-===//
//
// Internal to lib/Codegen/CPU: what the passes over bufferized row loops
// (tfc-fuse-row-passes, tfc-stream-row-results) know of the memory an op
// and the ops it holds read and write.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_LIB_CODEGEN_CPU_MEMORYEFFECTS_H
#define TFC_LIB_CODEGEN_CPU_MEMORYEFFECTS_H

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

} // namespace mlir::tfc

#endif // TFC_LIB_CODEGEN_CPU_MEMORYEFFECTS_H
