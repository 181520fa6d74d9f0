//===- AllReduce.cpp - data-parallel gradient exchange --------------------===//
//
// Horovod's tensor fusion, whole-step: every gradient of a step goes into
// one exchange (tfc.all_reduce_gradients), which the runtime sums in each
// gradient's own buffer, the small ones packed together. The factor that
// makes the sums the weighted mean multiplies each sum, where the
// element-wise update fuses it, not in a pass of its own. The exchange is
// ordered by data alone, since the updates consume its results.
//
//===----------------------------------------------------------------------===//

#include "AllReduce.h"

#include "GradientUtils.h"

using namespace mlir;
using namespace mlir::tfc;

LogicalResult
mlir::tfc::buildGradientAllReduce(OpBuilder &b, Location loc, Operation *step,
                                  MutableArrayRef<VariableUpdate> updates,
                                  Value batchInput, NameRegistry &names,
                                  StringRef scope) {
  for (VariableUpdate &update : updates) {
    auto type = cast<RankedTensorType>(update.global.getValueType());
    if (!type.getElementType().isF32() || !type.hasStaticShape())
      return step->emitOpError("data-parallel training exchanges f32 "
                               "gradients; variable '")
             << update.global.getSymName() << "' is " << type;
  }

  ScopedOpNamer namer(b, names, scope.str());
  // Each gradient as its variable's static type.
  SmallVector<Value> gradients;
  for (VariableUpdate &update : updates) {
    auto type = cast<RankedTensorType>(update.global.getValueType());
    Value gradient = update.gradient;
    if (gradient.getType() != type)
      gradient = ReshapeOp::create(b, loc, gradient, Value(),
                                   b.getDenseI64ArrayAttr(type.getShape()));
    gradients.push_back(gradient);
  }
  auto exchange = AllReduceGradientsOp::create(b, loc, gradients, batchInput);
  for (auto [update, sum] : llvm::zip_equal(updates, exchange.getSums()))
    update.gradient = MulOp::create(b, loc, sum, exchange.getScale());
  return success();
}
