//===- RuntimeThreadCount.cpp - the tfc-runtime-thread-count pass ---------===//
//
// Parallel regions take their thread count from the runtime, so one
// compiled library runs with the count its caller chose for the model.
// With a count of 1 a parallel loop runs as plain loops instead: entering
// OpenMP for one thread still costs a fork and, with Debian's libomp, heap
// allocations per loop (it formats its trace messages even when tracing is
// off), which the hot path of a small model must not pay. The same holds
// for a loop whose bounds are known only at run time (a dynamic batch) and
// that has a single iteration: it runs as plain loops too.
//
//===----------------------------------------------------------------------===//

#include "tfc/Codegen/CPU/Passes.h"

#include "tfc/Support/RuntimeABI.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::tfc {
#define GEN_PASS_DEF_TFCRUNTIMETHREADCOUNT
#include "tfc/Codegen/CPU/Passes.h.inc"
} // namespace mlir::tfc

using namespace mlir;
using namespace mlir::tfc;

/// The runtime function returning the thread count of the call in progress
/// (runtime/include/tfc/runtime/model.h, listed in abi.h).
static constexpr StringLiteral kNumThreadsFunction = "tfc_runtime_num_threads";

/// The loop nest of `parallel` when the region is nothing but one
/// work-sharing loop without clauses that need OpenMP (reductions, private
/// copies, an inclusive bound), with a one-block body: the form
/// convert-scf-to-openmp makes of an scf.parallel. Null otherwise.
static omp::LoopNestOp getPlainLoopNest(omp::ParallelOp parallel) {
  Region &region = parallel.getRegion();
  if (!region.hasOneBlock() || region.front().getOperations().size() != 2 ||
      !parallel.getReductionVars().empty() ||
      !parallel.getPrivateVars().empty())
    return {};
  auto wsloop = dyn_cast<omp::WsloopOp>(region.front().front());
  if (!wsloop || !wsloop.getReductionVars().empty() ||
      !wsloop.getPrivateVars().empty() || !wsloop.getLinearVars().empty() ||
      wsloop.getOrdered())
    return {};
  auto nest = dyn_cast<omp::LoopNestOp>(wsloop.getWrappedLoop());
  if (!nest || nest.getLoopInclusive() || !nest.getRegion().hasOneBlock())
    return {};
  auto yield = dyn_cast<omp::YieldOp>(nest.getRegion().front().getTerminator());
  if (!yield || yield.getNumOperands() != 0)
    return {};
  // convert-scf-to-openmp wraps each body in an alloca scope, which lowers
  // to more than one block: fine in OpenMP's loop, not in an scf.for. The
  // serial twin inlines scopes without allocas and gives up on the others.
  bool scopedAllocas = false;
  nest.getRegion().walk([&](memref::AllocaScopeOp scope) {
    scopedAllocas |=
        scope->getNumResults() != 0 ||
        scope.getBodyRegion()
            .walk([](memref::AllocaOp) { return WalkResult::interrupt(); })
            .wasInterrupted();
  });
  if (scopedAllocas)
    return {};
  return nest;
}

/// Clones `op` at `builder`, alloca scopes by their bodies.
static void cloneInlineScopes(OpBuilder &builder, Operation &op,
                              IRMapping &mapping) {
  auto scope = dyn_cast<memref::AllocaScopeOp>(op);
  if (!scope) {
    builder.clone(op, mapping);
    return;
  }
  for (Operation &inner : scope.getBodyRegion().front().without_terminator())
    cloneInlineScopes(builder, inner, mapping);
}

/// Clones the body of `nest` into plain scf.for loops at `builder`.
static void buildSerialLoops(OpBuilder &builder, omp::LoopNestOp nest) {
  Location loc = nest.getLoc();
  IRMapping mapping;
  for (auto [iv, lower, upper, step] :
       llvm::zip(nest.getIVs(), nest.getLoopLowerBounds(),
                 nest.getLoopUpperBounds(), nest.getLoopSteps())) {
    auto loop = scf::ForOp::create(builder, loc, lower, upper, step);
    mapping.map(iv, loop.getInductionVar());
    builder.setInsertionPoint(loop.getBody()->getTerminator());
  }
  for (Operation &op : nest.getRegion().front().without_terminator())
    cloneInlineScopes(builder, op, mapping);
}

/// Whether `nest` has more than one iteration, computed at run time; null
/// when its bounds are constants (tfc-tile-and-fuse made the loop parallel
/// knowing its trip count).
static Value buildSeveralIterations(OpBuilder &builder,
                                    omp::LoopNestOp nest) {
  Location loc = nest.getLoc();
  auto isConstant = [](Value value) {
    return matchPattern(value, m_Constant());
  };
  if (llvm::all_of(nest.getLoopLowerBounds(), isConstant) &&
      llvm::all_of(nest.getLoopUpperBounds(), isConstant) &&
      llvm::all_of(nest.getLoopSteps(), isConstant))
    return {};
  // Some dimension has a second iteration: lower + step < upper.
  Value several;
  for (auto [lower, upper, step] :
       llvm::zip(nest.getLoopLowerBounds(), nest.getLoopUpperBounds(),
                 nest.getLoopSteps())) {
    Value second = arith::AddIOp::create(builder, loc, lower, step);
    Value more = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::slt,
                                       second, upper);
    several =
        several ? arith::OrIOp::create(builder, loc, several, more) : more;
  }
  return several;
}

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
      FunctionType type = builder.getFunctionType({}, {builder.getI32Type()});
      verifyRuntimeCall(kNumThreadsFunction, type.getInputs(),
                        type.getResults());
      function = func::FuncOp::create(builder, module.getLoc(),
                                      kNumThreadsFunction, type);
      function.setPrivate();
    }
    for (omp::ParallelOp op : regions) {
      Location loc = op.getLoc();
      builder.setInsertionPoint(op);
      Value count = func::CallOp::create(builder, loc, function).getResult(0);
      op.getNumThreadsMutable().assign(count);
      omp::LoopNestOp nest = getPlainLoopNest(op);
      if (!nest)
        continue;
      // if (count > 1) { the parallel region } else { the same loops }
      Value one = arith::ConstantIntOp::create(builder, loc, 1, 32);
      Value many = arith::CmpIOp::create(builder, loc,
                                         arith::CmpIPredicate::sgt, count, one);
      if (Value several = buildSeveralIterations(builder, nest))
        many = arith::AndIOp::create(builder, loc, many, several);
      auto choice = scf::IfOp::create(builder, loc, many, /*withElse=*/true);
      op->moveBefore(choice.thenBlock()->getTerminator());
      builder.setInsertionPoint(choice.elseBlock()->getTerminator());
      buildSerialLoops(builder, nest);
    }
  }
};
} // namespace
