//===- MemoryEffects.h - what code reads and writes -------------*- C++ -*-===//
//
// What the passes over bufferized code of both targets ask of memory: the
// buffer under a view, and the effects of an op and of the ops it holds.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_CODEGEN_MEMORYEFFECTS_H
#define TFC_CODEGEN_MEMORYEFFECTS_H

#include "mlir/IR/Operation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

#include <optional>

namespace mlir::tfc {

/// `value` through the views it is a view of.
inline Value getViewRoot(Value value) {
  while (auto view = value.getDefiningOp<ViewLikeOpInterface>())
    value = view.getViewSource();
  return value;
}

/// The memory effects of `op` and of every op it holds: each op's own
/// declared effects (a linalg op declares its operands' besides having
/// recursive effects), nothing of an op that only has recursive effects
/// (its ops are counted). None when some op's effects are unknown.
inline std::optional<SmallVector<MemoryEffects::EffectInstance>>
collectMemoryEffects(Operation *op) {
  SmallVector<MemoryEffects::EffectInstance> effects;
  WalkResult walk = op->walk([&](Operation *nested) {
    if (auto interface = dyn_cast<MemoryEffectOpInterface>(nested)) {
      interface.getEffects(effects);
      return WalkResult::advance();
    }
    return nested->hasTrait<OpTrait::HasRecursiveMemoryEffects>()
               ? WalkResult::advance()
               : WalkResult::interrupt();
  });
  if (walk.wasInterrupted())
    return std::nullopt;
  return effects;
}

} // namespace mlir::tfc

#endif // TFC_CODEGEN_MEMORYEFFECTS_H
