//===- InlineGraphs.cpp - replace scheduled graphs by their bodies --------===//
//
// Implements tfc-inline-graphs: once a graph's ops are in execution order,
// the graph region is ordinary sequential code and its body can take the
// graph's place.
//
//===----------------------------------------------------------------------===//

#include "tfc/Dialect/TFC/Transforms/Passes.h"

#include "tfc/Dialect/TFC/IR/TFCOps.h"

#include "llvm/ADT/DenseSet.h"

namespace mlir::tfc {
#define GEN_PASS_DEF_TFCINLINEGRAPHS
#include "tfc/Dialect/TFC/Transforms/Passes.h.inc"
} // namespace mlir::tfc

using namespace mlir;
using namespace mlir::tfc;

/// Checks that every value the graph's ops use is defined outside the graph
/// or by an earlier op of the graph.
static LogicalResult verifyExecutionOrder(GraphOp graph) {
  Block &body = graph.getBody().front();
  llvm::DenseSet<Operation *> done;
  for (Operation &op : body) {
    WalkResult result = op.walk([&](Operation *nested) {
      for (Value operand : nested->getOperands()) {
        Operation *def = operand.getDefiningOp();
        if (!def)
          continue;
        Operation *producer = body.findAncestorOpInBlock(*def);
        if (!producer || producer == &op || done.contains(producer))
          continue;
        InFlightDiagnostic diag =
            nested->emitOpError("uses a value of an op that comes later in "
                                "the graph; schedule the graph "
                                "(tfc-schedule) before inlining it");
        diag.attachNote(producer->getLoc()) << "defined here";
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      return failure();
    done.insert(&op);
  }
  return success();
}

namespace {
struct TFCInlineGraphsPass
    : public tfc::impl::TFCInlineGraphsBase<TFCInlineGraphsPass> {
  void runOnOperation() override {
    SmallVector<GraphOp> graphs;
    getOperation().walk([&](GraphOp graph) { graphs.push_back(graph); });
    for (GraphOp graph : graphs) {
      if (failed(verifyExecutionOrder(graph)))
        return signalPassFailure();
      Block &body = graph.getBody().front();
      FetchOp fetch = graph.getFetch();
      SmallVector<Value> fetched(fetch.getFetches());
      fetch->erase();
      graph->getBlock()->getOperations().splice(graph->getIterator(),
                                                body.getOperations());
      graph->replaceAllUsesWith(fetched);
      graph->erase();
    }
  }
};
} // namespace
