//===- DropControl.cpp - control tokens out of scheduled code -------------===//
//
// Implements tfc-drop-control: once a graph runs in text order, control
// tokens order nothing the text does not, so `after` lists, fetch targets,
// `tfc.group`, `tfc.no_op`, `tfc.ready` and the tokens that `tfc.cond`
// passes out of its branches are removed.
//
//===----------------------------------------------------------------------===//

#include "tfc/Dialect/TFC/Transforms/Passes.h"

#include "tfc/Dialect/TFC/IR/TFCOps.h"
#include "tfc/Dialect/TFC/Transforms/GraphOrder.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir::tfc {
#define GEN_PASS_DEF_TFCDROPCONTROL
#include "tfc/Dialect/TFC/Transforms/Passes.h.inc"
} // namespace mlir::tfc

using namespace mlir;
using namespace mlir::tfc;

/// Removes the control operands of the ops that take them.
static void dropControlOperands(Operation *op) {
  llvm::TypeSwitch<Operation *>(op)
      .Case<ReadOp, AssignOp, AssignAddOp, AssignSubOp, PrintOp, AssertOp,
            AssertRankOp, AssertPositiveOp, HostCallOp, SaveTensorsOp,
            RestoreTensorsOp, NoOpOp>(
          [](auto effect) { effect.getAfterMutable().clear(); })
      .Case<FetchOp>([](FetchOp fetch) { fetch.getTargetsMutable().clear(); })
      .Case<GroupOp>([](GroupOp group) { group.getInputsMutable().clear(); });
}

/// Rebuilds a `tfc.cond` without its control results; its yields have lost
/// their control operands already.
static void dropControlResults(CondOp cond) {
  SmallVector<Type> types;
  for (Type type : cond.getResultTypes())
    if (!isa<ControlType>(type))
      types.push_back(type);
  if (types.size() == cond.getNumResults())
    return;
  OpBuilder builder(cond);
  auto replacement = CondOp::create(builder, cond.getLoc(), types,
                                    cond.getPred(), cond->getAttrs());
  replacement.getThenBranch().takeBody(cond.getThenBranch());
  replacement.getElseBranch().takeBody(cond.getElseBranch());
  unsigned next = 0;
  for (OpResult result : cond->getResults()) {
    if (isa<ControlType>(result.getType()))
      continue;
    result.replaceAllUsesWith(replacement->getResult(next++));
  }
  cond->erase();
}

namespace {
struct TFCDropControlPass
    : public tfc::impl::TFCDropControlBase<TFCDropControlPass> {
  void runOnOperation() override {
    // Tokens still order an unscheduled graph.
    WalkResult unscheduled = getOperation()->walk([](Operation *op) {
      if (isa<ControlDependenciesOp>(op) ||
          (isa<GraphOp>(op) && !op->hasAttr(kScheduledAttrName))) {
        op->emitOpError("is not scheduled; its control tokens still order "
                        "it (run tfc-schedule first)");
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (unscheduled.wasInterrupted())
      return signalPassFailure();

    SmallVector<Operation *> merges;
    SmallVector<CondOp> conds;
    getOperation()->walk([&](Operation *op) {
      dropControlOperands(op);
      if (isa<GroupOp, NoOpOp, ReadyOp>(op))
        merges.push_back(op);
      // A cond's tokens leave its branches through the yields.
      if (auto cond = dyn_cast<CondOp>(op)) {
        conds.push_back(cond);
        for (Region *branch : {&cond.getThenBranch(), &cond.getElseBranch()}) {
          Operation *yield = branch->front().getTerminator();
          llvm::BitVector tokens(yield->getNumOperands());
          for (OpOperand &operand : yield->getOpOperands())
            if (isa<ControlType>(operand.get().getType()))
              tokens.set(operand.getOperandNumber());
          yield->eraseOperands(tokens);
        }
      }
    });
    // Every use of a token by a tfc op is gone; merges only made tokens.
    for (Operation *merge : merges) {
      if (!merge->use_empty()) {
        merge->emitOpError("makes a control token that ")
            << "'" << (*merge->getUsers().begin())->getName()
            << "' still uses; only tfc ops take control tokens";
        return signalPassFailure();
      }
      merge->erase();
    }
    // Post-order: inner conds first, so an outer yield no longer names the
    // tokens of an inner cond when that cond is rebuilt.
    for (CondOp cond : conds)
      dropControlResults(cond);
  }
};
} // namespace
