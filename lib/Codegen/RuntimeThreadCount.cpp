//===- RuntimeThreadCount.cpp - the tfc-runtime-thread-count pass ---------===//
//
// Parallel regions take their thread count from the runtime, so one
// compiled library runs with the count its caller chose for the model.
//
//===----------------------------------------------------------------------===//

#include "tfc/Codegen/Passes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::tfc {
#define GEN_PASS_DEF_TFCRUNTIMETHREADCOUNT
#include "tfc/Codegen/Passes.h.inc"
} // namespace mlir::tfc

using namespace mlir;
using namespace mlir::tfc;

/// The runtime function returning the thread count of the call in progress
/// (runtime/include/tfc/runtime/model.h).
static constexpr StringLiteral kNumThreadsFunction = "tfc_runtime_num_threads";

namespace {
struct TFCRuntimeThreadCountPass
    : public tfc::impl::TFCRuntimeThreadCountBase<TFCRuntimeThreadCountPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<omp::ParallelOp> regions;
    module.walk([&](omp::ParallelOp op) {
      if (!op.getNumThreads())
        regions.push_back(op);
    });
    if (regions.empty())
      return;

    OpBuilder builder(&getContext());
    auto function = module.lookupSymbol<func::FuncOp>(kNumThreadsFunction);
    if (!function) {
      builder.setInsertionPointToEnd(module.getBody());
      function = func::FuncOp::create(
          builder, module.getLoc(), kNumThreadsFunction,
          builder.getFunctionType({}, {builder.getI32Type()}));
      function.setPrivate();
    }
    for (omp::ParallelOp op : regions) {
      builder.setInsertionPoint(op);
      Value count =
          func::CallOp::create(builder, op.getLoc(), function).getResult(0);
      op.getNumThreadsMutable().assign(count);
    }
  }
};
} // namespace
