//===- RowLoops.cpp - facts about bufferized row loops --------------------===//

#include "RowLoops.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace mlir::tfc;

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
