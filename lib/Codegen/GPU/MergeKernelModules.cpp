//===- MergeKernelModules.cpp - tfc-gpu-merge-kernel-modules --------------===//
//
// Moves every outlined kernel into one gpu.module, so a model's kernels are
// compiled, packed and loaded once, and aligns their workgroup buffers.
//
//===----------------------------------------------------------------------===//

#include "tfc/Codegen/GPU/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::tfc {
#define GEN_PASS_DEF_TFCGPUMERGEKERNELMODULES
#include "tfc/Codegen/GPU/Passes.h.inc"
} // namespace mlir::tfc

using namespace mlir;
using namespace mlir::tfc;

/// The gpu.module holding a model's kernels.
static constexpr StringLiteral kKernelModule = "tfc_kernels";

namespace {
struct TFCGPUMergeKernelModulesPass
    : public tfc::impl::TFCGPUMergeKernelModulesBase<
          TFCGPUMergeKernelModulesPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<gpu::GPUModuleOp> kernels(module.getOps<gpu::GPUModuleOp>());
    // Workgroup buffers are 16-byte aligned: kernels read them with 128-bit
    // loads (the tiled matmul's), which require it.
    module.walk([&](gpu::GPUFuncOp func) {
      for (unsigned i = 0, e = func.getNumWorkgroupAttributions(); i < e; ++i)
        if (!func.getWorkgroupAttributionAttr(
                i, LLVM::LLVMDialect::getAlignAttrName()))
          func.setWorkgroupAttributionAttr(
              i, LLVM::LLVMDialect::getAlignAttrName(),
              IntegerAttr::get(IntegerType::get(&getContext(), 64), 16));
    });
    // Even one module is renamed: the kernels' module is always
    // kKernelModule, whatever their number.
    if (kernels.empty())
      return;
    OpBuilder b(&getContext());
    b.setInsertionPoint(kernels.front());
    auto merged = gpu::GPUModuleOp::create(b, kernels.front().getLoc(),
                                           kKernelModule);
    if (ArrayAttr targets = kernels.front().getTargetsAttr())
      merged.setTargetsAttr(targets);
    SymbolTable symbols(module);
    symbols.insert(merged);
    SymbolTable mergedSymbols(merged);
    // Outlining uniquifies module names, not kernel names: a kernel takes
    // its module's name.
    llvm::StringMap<StringAttr> renamed;
    for (gpu::GPUModuleOp kernel : kernels) {
      for (Operation &op :
           llvm::make_early_inc_range(kernel.getBody()->getOperations())) {
        auto symbol = dyn_cast<SymbolOpInterface>(op);
        auto func = dyn_cast<gpu::GPUFuncOp>(op);
        if (func && func.isKernel()) {
          std::string key = (kernel.getName() + "::" + func.getName()).str();
          func.setName(kernel.getName());
          renamed[key] = func.getNameAttr();
        } else if (symbol && mergedSymbols.lookup(symbol.getName())) {
          // Globals copied into several modules (constants) are the same.
          op.erase();
          continue;
        }
        op.moveBefore(merged.getBody(), merged.getBody()->end());
        if (symbol)
          mergedSymbols.insert(&op);
      }
    }
    module.walk([&](gpu::LaunchFuncOp launch) {
      std::string key = (launch.getKernelModuleName().getValue() +
                         "::" + launch.getKernelName().getValue())
                            .str();
      StringAttr name = renamed.lookup(key);
      if (!name)
        return;
      launch.setKernelAttr(SymbolRefAttr::get(merged.getNameAttr(),
                                              {FlatSymbolRefAttr::get(name)}));
    });
    for (gpu::GPUModuleOp kernel : kernels)
      kernel.erase();
  }
};
} // namespace
