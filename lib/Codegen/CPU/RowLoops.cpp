//===- RowLoops.cpp - facts about bufferized row loops --------------------===//

#include "RowLoops.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"

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

bool mlir::tfc::isSameIndex(Value a, Value b) {
  if (isEqualConstantIntOrValue(a, b))
    return true;
  Operation *x = a.getDefiningOp(), *y = b.getDefiningOp();
  return x && y && x->getNumResults() == 1 && x->getNumRegions() == 0 &&
         isPure(x) &&
         OperationEquivalence::isEquivalentTo(
             x, y, OperationEquivalence::IgnoreLocations);
}

bool mlir::tfc::haveSameBounds(scf::ForOp a, scf::ForOp b) {
  return isSameIndex(a.getLowerBound(), b.getLowerBound()) &&
         isSameIndex(a.getUpperBound(), b.getUpperBound()) &&
         isSameIndex(a.getStep(), b.getStep());
}
