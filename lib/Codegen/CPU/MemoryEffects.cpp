//===- MemoryEffects.cpp - memory effects of bufferized loops -------------===//

#include "MemoryEffects.h"

#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;
using namespace mlir::tfc;

std::optional<SmallVector<MemoryEffects::EffectInstance>>
mlir::tfc::collectMemoryEffects(Operation *op) {
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

Value mlir::tfc::getViewRoot(Value value) {
  while (auto view = value.getDefiningOp<ViewLikeOpInterface>())
    value = view.getViewSource();
  return value;
}
