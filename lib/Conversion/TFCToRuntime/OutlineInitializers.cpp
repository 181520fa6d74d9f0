//===- OutlineInitializers.cpp - initial values as functions --------------===//
//
// Implements tfc-outline-initializers: an initial_value region becomes a
// function the runtime calls while it initializes the variable.
//
//===----------------------------------------------------------------------===//

#include "tfc/Conversion/Passes.h"

#include "tfc/Dialect/TFC/IR/TFCOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::tfc {
#define GEN_PASS_DEF_TFCOUTLINEINITIALIZERS
#include "tfc/Conversion/Passes.h.inc"
} // namespace mlir::tfc

using namespace mlir;
using namespace mlir::tfc;

namespace {
struct TFCOutlineInitializersPass
    : public tfc::impl::TFCOutlineInitializersBase<TFCOutlineInitializersPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    OpBuilder builder(module.getContext());
    unsigned counter = 0;
    for (auto global : module.getOps<GlobalVariableOp>()) {
      if (global.getInitialValue().empty())
        continue;
      Type valueType = global.getValueType();
      builder.setInsertionPointToEnd(module.getBody());
      auto func = func::FuncOp::create(
          builder, global.getLoc(),
          ("__tfc_initial_value_" + std::to_string(counter++)),
          builder.getFunctionType({}, {valueType}));
      func.setPrivate();
      symbols.insert(func);
      func.getBody().takeBody(global.getInitialValue());
      Block &body = func.getBody().front();

      // The yield returns the value; initialized_value reads the variable.
      auto yield = cast<YieldOp>(body.getTerminator());
      builder.setInsertionPoint(yield);
      Value result = yield.getValues().front();
      if (result.getType() != valueType)
        result = tensor::CastOp::create(builder, yield.getLoc(), valueType,
                                        result);
      func::ReturnOp::create(builder, yield.getLoc(), result);
      yield->erase();
      for (auto initialized :
           llvm::make_early_inc_range(body.getOps<InitializedValueOp>())) {
        builder.setInsertionPoint(initialized);
        auto read = ReadOp::create(builder, initialized.getLoc(),
                                   initialized.getVar(), ValueRange{});
        initialized.replaceAllUsesWith(read.getValue());
        initialized->erase();
      }
      global.setInitializerFunctionAttr(
          FlatSymbolRefAttr::get(func.getSymNameAttr()));
    }
  }
};
} // namespace
