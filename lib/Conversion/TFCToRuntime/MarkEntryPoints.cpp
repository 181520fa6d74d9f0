//===- MarkEntryPoints.cpp - the functions a model exposes ----------------===//
//
// Implements tfc-mark-entry-points.
//
//===----------------------------------------------------------------------===//

#include "tfc/Conversion/Passes.h"

#include "tfc/Dialect/TFC/IR/TFCOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace mlir::tfc {
#define GEN_PASS_DEF_TFCMARKENTRYPOINTS
#include "tfc/Conversion/Passes.h.inc"
} // namespace mlir::tfc

using namespace mlir;
using namespace mlir::tfc;

namespace {
struct TFCMarkEntryPointsPass
    : public tfc::impl::TFCMarkEntryPointsBase<TFCMarkEntryPointsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    llvm::DenseSet<StringAttr> initializers;
    for (auto global : module.getOps<GlobalVariableOp>())
      if (auto function = global.getInitializerFunctionAttr())
        initializers.insert(function.getAttr());
    UnitAttr unit = UnitAttr::get(&getContext());
    for (auto func : module.getOps<func::FuncOp>()) {
      if (func.isExternal() ||
          (!func.isPublic() && !initializers.contains(func.getSymNameAttr())))
        continue;
      func->setAttr(kEntryPointAttrName, unit);
      func->setAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName(), unit);
      // Arguments are the caller's tensors: never written. Variable buffers
      // (the trailing arguments) may be updated in place.
      unsigned numVariables = 0;
      if (auto variables = func->getAttrOfType<ArrayAttr>(kVariablesAttrName))
        numVariables = variables.size();
      for (unsigned i = 0, e = func.getNumArguments() - numVariables; i < e;
           ++i)
        func.setArgAttr(i, "bufferization.writable",
                        BoolAttr::get(&getContext(), false));
    }
  }
};
} // namespace
