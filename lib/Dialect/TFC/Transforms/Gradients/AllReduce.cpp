//===- AllReduce.cpp - data-parallel gradient exchange --------------------===//
//
// Horovod's tensor fusion, whole-step: every gradient of a step is
// flattened into one buffer so that the ranks exchange it in a single
// all-reduce, then sliced back before the optimizer reads it. The exchange
// is a tfc.host_call of the runtime's own `tfc.all_reduce_mean`
// (tfc/runtime/collective.h), which returns its input at world size 1
// without communicating; the call is ordered by data alone, since the
// updates consume its result.
//
//===----------------------------------------------------------------------===//

#include "AllReduce.h"

#include "GradientUtils.h"

#include "tfc/runtime/collective.h"

using namespace mlir;
using namespace mlir::tfc;

/// The runtime's host function, named by the runtime's header.
static constexpr llvm::StringLiteral kAllReduceMean =
    TFC_COLLECTIVE_ALL_REDUCE_MEAN_FN;

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

  SmallVector<Value> args = {fused};
  if (batchInput)
    args.push_back(
        ShapeOfOp::create(b, loc, batchInput, TypeAttr::get(b.getI64Type())));
  auto call = HostCallOp::create(
      b, loc, TypeRange{fused.getType()}, ControlType::get(b.getContext()),
      FlatSymbolRefAttr::get(b.getContext(), kAllReduceMean), args,
      ValueRange());
  Value reduced = call.getOutputs().front();

  int64_t offset = 0;
  for (VariableUpdate &update : updates) {
    auto type = cast<RankedTensorType>(update.global.getValueType());
    int64_t size = type.getNumElements();
    Value part =
        SliceOp::create(b, loc, reduced, b.getDenseI64ArrayAttr(offset),
                        b.getDenseI64ArrayAttr(size));
    update.gradient = ReshapeOp::create(
        b, loc, part, Value(), b.getDenseI64ArrayAttr(type.getShape()));
    offset += size;
  }
  return success();
}
