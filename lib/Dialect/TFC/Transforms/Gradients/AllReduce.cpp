//===- AllReduce.cpp - data-parallel gradient exchange --------------------===//
//
// Horovod's tensor fusion, whole-step: every gradient of a step is
// flattened into one buffer so that the ranks exchange it in a single
// all-reduce (tfc.all_reduce_gradients, summed in place by the runtime),
// then sliced back before the optimizer reads it. The factor that makes
// the sum the weighted mean is applied to each slice, where the elementwise
// update fuses it, not in a pass of its own. The exchange is ordered by
// data alone, since the updates consume its results.
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
  SmallVector<Value> flat;
  for (VariableUpdate &update : updates) {
    auto type = cast<RankedTensorType>(update.global.getValueType());
    flat.push_back(
        ReshapeOp::create(b, loc, update.gradient, Value(),
                          b.getDenseI64ArrayAttr(type.getNumElements())));
  }
  Value fused = flat.size() == 1
                    ? flat.front()
                    : ConcatOp::create(b, loc, flat, 0).getResult();

  auto exchange = AllReduceGradientsOp::create(b, loc, fused, batchInput);

  int64_t offset = 0;
  for (VariableUpdate &update : updates) {
    auto type = cast<RankedTensorType>(update.global.getValueType());
    int64_t size = type.getNumElements();
    Value part = SliceOp::create(b, loc, exchange.getSum(),
                                 b.getDenseI64ArrayAttr(offset),
                                 b.getDenseI64ArrayAttr(size));
    Value sum = ReshapeOp::create(b, loc, part, Value(),
                                  b.getDenseI64ArrayAttr(type.getShape()));
    update.gradient = MulOp::create(b, loc, sum, exchange.getScale());
    offset += size;
  }
  return success();
}
