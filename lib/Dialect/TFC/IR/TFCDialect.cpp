//===- TFCDialect.cpp - tfc dialect registration --------------------------===//
//
// Registers the tfc dialect's types and ops and materializes folded
// constants.
//
//===----------------------------------------------------------------------===//

#include "tfc/Dialect/TFC/IR/TFCDialect.h"

#include "tfc/Dialect/TFC/IR/TFCOps.h"

#include "mlir/Interfaces/FoldInterfaces.h"

using namespace mlir;
using namespace mlir::tfc;

namespace {
/// Keeps folded constants inside the graph they belong to: without this the
/// folder hoists them into the enclosing function, out of the graph region.
struct TFCFoldInterface : public DialectFoldInterface {
  using DialectFoldInterface::DialectFoldInterface;

  bool shouldMaterializeInto(Region *region) const final {
    return isa<GraphOp>(region->getParentOp());
  }
};
} // namespace

#include "tfc/Dialect/TFC/IR/TFCOpsDialect.cpp.inc"

void TFCDialect::initialize() {
  registerTypes();
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "tfc/Dialect/TFC/IR/TFCOps.cpp.inc"
      >();
  addInterfaces<TFCFoldInterface>();
}

Operation *TFCDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                           Type type, Location loc) {
  auto elements = dyn_cast<ElementsAttr>(value);
  if (!elements || elements.getType() != type)
    return nullptr;
  return ConstantOp::create(builder, loc, elements);
}
