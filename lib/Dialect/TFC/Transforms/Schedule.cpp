//===- Schedule.cpp - graph regions to sequential code --------------------===//
//
// Implements `tfc-schedule`: prunes what no fetch needs, sorts every graph
// region in the order tfc runs it and inlines control_dependencies blocks,
// leaving each `tfc.graph` marked as scheduled.
//
//===----------------------------------------------------------------------===//

#include "tfc/Dialect/TFC/Transforms/Passes.h"

#include "tfc/Dialect/TFC/IR/TFCOps.h"
#include "tfc/Dialect/TFC/Transforms/GraphOrder.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/STLExtras.h"

namespace mlir::tfc {
#define GEN_PASS_DEF_TFCSCHEDULE
#include "tfc/Dialect/TFC/Transforms/Passes.h.inc"
} // namespace mlir::tfc

using namespace mlir;
using namespace mlir::tfc;

/// Ops that `tfc-resolve-scopes` replaces. Scheduling must come after it:
/// pruning an unused `tfc.variable` would delete a variable that exists in
/// TensorFlow whether or not a fetch needs it, and inlining a scope would
/// lose its names.
static bool isUnresolved(Operation *op) {
  return isa<VariableScopeOp, NameScopeOp, GetVariableOp, VariableOp,
             AddToCollectionOp, ReuseVariablesOp>(op);
}

/// Removes the ops of a graph-region block that its terminator does not need
/// through data or control edges: what `session.run` would not run.
static void prune(Block &block) {
  BlockGraph graph(block);
  llvm::BitVector live = findLiveNodes(graph);

  // Every user of a dead op is dead too: drop all their operands before
  // erasing any of them.
  SmallVector<Operation *> dead;
  for (unsigned node = 0; node < graph.size(); ++node)
    if (!live.test(node))
      dead.push_back(graph.getOp(node));
  for (Operation *op : dead)
    op->dropAllReferences();
  for (Operation *op : dead)
    op->erase();
}

/// Replaces a `tfc.control_dependencies` by its body, whose ops are already
/// in order: they take the op's place, and the values its `tfc.yield`
/// returns replace its results. Its tokens need no replacement: the op came
/// after the ops producing them, and so does its body now.
static void inlineBody(ControlDependenciesOp op) {
  Block &body = op.getBody().front();
  Operation *yield = &body.back();
  op->replaceAllUsesWith(yield->getOperands());
  yield->erase();
  op->getBlock()->getOperations().splice(op->getIterator(),
                                         body.getOperations());
  op->erase();
}

/// Schedules one block of a graph region, and the graph regions nested in
/// it first: their pruning decides which outer values they still use.
static LogicalResult scheduleBlock(Block &block) {
  for (Operation &op : block)
    for (Region &region : op.getRegions())
      if (isTfcGraphRegion(region))
        for (Block &nested : region)
          if (failed(scheduleBlock(nested)))
            return failure();

  prune(block);
  BlockGraph graph(block);
  EffectOrder effects(graph);
  SmallVector<unsigned> order = effects.schedule();
  // The verifier rejects cycles; IR built without verification may have one.
  if (order.size() + 1 != graph.size())
    return block.getParentOp()->emitError(
        "cannot schedule a graph with a cycle of data or control edges");
  Operation *terminator = &block.back();
  for (unsigned node : order)
    graph.getOp(node)->moveBefore(terminator);

  for (Operation &op : llvm::make_early_inc_range(block))
    if (auto dependencies = dyn_cast<ControlDependenciesOp>(op))
      inlineBody(dependencies);
  return success();
}

namespace {
struct Schedule : public tfc::impl::TFCScheduleBase<Schedule> {
  void runOnOperation() override {
    WalkResult unresolved = getOperation()->walk([](Operation *op) {
      if (!isUnresolved(op))
        return WalkResult::advance();
      op->emitError() << "'" << op->getName()
                      << "' must be resolved by tfc-resolve-scopes before "
                         "tfc-schedule";
      return WalkResult::interrupt();
    });
    if (unresolved.wasInterrupted())
      return signalPassFailure();

    // The outermost ops with graph regions, innermost first, so that
    // scheduling one never deletes another still to be visited. A graph
    // scheduled before keeps its order.
    SmallVector<Operation *> roots;
    getOperation()->walk([&](Operation *op) {
      Region *parent = op->getParentRegion();
      if ((!parent || !isTfcGraphRegion(*parent)) &&
          !op->hasAttr(kScheduledAttrName) &&
          llvm::any_of(op->getRegions(), isTfcGraphRegion))
        roots.push_back(op);
    });
    for (Operation *root : roots) {
      for (Region &region : root->getRegions())
        if (isTfcGraphRegion(region))
          for (Block &block : region)
            if (failed(scheduleBlock(block)))
              return signalPassFailure();
      if (isa<GraphOp>(root))
        root->setAttr(kScheduledAttrName, UnitAttr::get(root->getContext()));
      else if (auto dependencies = dyn_cast<ControlDependenciesOp>(root))
        inlineBody(dependencies);
    }
  }
};
} // namespace
