//===- UpdateVariablesInPlace.cpp - tfc-update-variables-in-place ---------===//
//
// An assigned variable is written back once, where its entry point returns
// (bufferization.materialize_in_destination, tfc-lower-variables): the new
// value is computed into a buffer of its own and then copied into the
// variable's. When the new value is an element-wise function of the old
// one (an optimizer's update) computed after every other read of the old
// one, the update can write the variable's buffer itself: its destination
// becomes the old value, read through the destination instead of as an
// input, bufferization writes it in place, and the write-back is a copy of
// a buffer onto itself, which canonicalization removes.
//
//===----------------------------------------------------------------------===//

#include "Transforms.h"

#include "tfc/Codegen/CPU/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir::tfc {
#define GEN_PASS_DEF_TFCUPDATEVARIABLESINPLACE
#include "tfc/Codegen/CPU/Passes.h.inc"
} // namespace mlir::tfc

using namespace mlir;
using namespace mlir::tfc;

/// Ops whose result is a view of their first operand.
static bool isView(Operation *op) {
  return isa<tensor::ExpandShapeOp, tensor::CollapseShapeOp,
             tensor::ExtractSliceOp, tensor::CastOp>(op);
}

/// The users of `value` and of the views of it (not the views).
static SmallVector<Operation *> readersThroughViews(Value value) {
  SmallVector<Operation *> readers;
  SmallVector<Value> worklist = {value};
  while (!worklist.empty()) {
    Value next = worklist.pop_back_val();
    for (Operation *user : next.getUsers()) {
      if (isView(user))
        worklist.push_back(user->getResult(0));
      else
        readers.push_back(user);
    }
  }
  return readers;
}

/// Whether every reader of `old` other than `update` runs before it.
static bool readOnlyBefore(Value old, Operation *update) {
  Block *block = update->getBlock();
  return llvm::all_of(readersThroughViews(old), [&](Operation *reader) {
    if (reader == update)
      return true;
    Operation *anchor = block->findAncestorOpInBlock(*reader);
    return anchor && anchor != update && anchor->isBeforeInBlock(update);
  });
}

/// The input of `update` that is `old`, read element for element where
/// the result is written; null if there is none.
static OpOperand *elementwiseInput(linalg::GenericOp update, Value old) {
  for (OpOperand *input : update.getDpsInputOperands())
    if (input->get() == old &&
        update.getMatchingIndexingMap(input) ==
            update.getMatchingIndexingMap(update.getDpsInitOperand(0)))
      return input;
  return nullptr;
}

namespace {
struct TFCUpdateVariablesInPlacePass
    : public tfc::impl::TFCUpdateVariablesInPlaceBase<
          TFCUpdateVariablesInPlacePass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (!func.getBody().hasOneBlock())
      return;
    Block &block = func.getBody().front();
    // Each variable's value as the call starts, by its buffer.
    llvm::DenseMap<Value, Value> initial;
    SmallVector<bufferization::MaterializeInDestinationOp> writeBacks;
    for (Operation &op : block) {
      if (auto read = dyn_cast<bufferization::ToTensorOp>(op)) {
        if (read.getRestrict() && read.getWritable())
          initial[read.getBuffer()] = read.getResult();
      } else if (auto writeBack =
                     dyn_cast<bufferization::MaterializeInDestinationOp>(op)) {
        if (isa<BaseMemRefType>(writeBack.getDest().getType()))
          writeBacks.push_back(writeBack);
      }
    }
    IRRewriter rewriter(&getContext());
    for (bufferization::MaterializeInDestinationOp writeBack : writeBacks) {
      Value old = initial.lookup(writeBack.getDest());
      auto update = writeBack.getSource().getDefiningOp<linalg::GenericOp>();
      if (!old || !update || update->getBlock() != &block ||
          update->getNumResults() != 1 || update.getNumDpsInits() != 1 ||
          update.getNumParallelLoops() != update.getNumLoops() ||
          update->getResult(0).getType() != old.getType())
        continue;
      OpOperand *init = update.getDpsInitOperand(0);
      OpOperand *input = elementwiseInput(update, old);
      if (!input || update.payloadUsesValueFromOperand(init) ||
          !readOnlyBefore(old, update))
        continue;
      // A returned new value would be the variable's buffer itself.
      if (llvm::any_of(
              readersThroughViews(update->getResult(0)),
              [](Operation *reader) { return isa<func::ReturnOp>(reader); }))
        continue;
      // `old` becomes the destination, read through its block argument.
      readInputFromInit(rewriter, update, input);
    }
  }
};
} // namespace
