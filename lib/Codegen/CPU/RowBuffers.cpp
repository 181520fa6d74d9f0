//===- RowBuffers.cpp - in-place updates inside a row ---------------------===//
//
// Inside a row loop, an element-wise op that is the last reader of another
// element-wise op's result overwrites it, and that producer writes into the
// op's destination: softmax divides its exponentials in place in the
// result row.
//
//===----------------------------------------------------------------------===//

#include "Transforms.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Utils/Utils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::tfc;

void mlir::tfc::readInputFromInit(RewriterBase &rewriter, linalg::GenericOp op,
                                  OpOperand *input) {
  SmallVector<Value> inputs;
  SmallVector<AffineMap> maps;
  for (OpOperand *operand : op.getDpsInputOperands()) {
    if (operand == input)
      continue;
    inputs.push_back(operand->get());
    maps.push_back(op.getMatchingIndexingMap(operand));
  }
  OpOperand *init = op.getDpsInitOperand(0);
  maps.push_back(op.getMatchingIndexingMap(init));
  Block &body = op.getRegion().front();
  rewriter.setInsertionPoint(op);
  auto replacement = linalg::GenericOp::create(
      rewriter, op.getLoc(), op.getResultTypes(), inputs, input->get(), maps,
      op.getIteratorTypesArray(),
      [&](OpBuilder &builder, Location, ValueRange args) {
        IRMapping mapping;
        unsigned next = 0;
        for (OpOperand *operand : op.getDpsInputOperands()) {
          BlockArgument arg = body.getArgument(operand->getOperandNumber());
          mapping.map(arg, operand == input ? args.back() : args[next++]);
        }
        mapping.map(body.getArgument(init->getOperandNumber()), args.back());
        for (Operation &nested : body)
          builder.clone(nested, mapping);
      });
  replacement->setDiscardableAttrs(op->getDiscardableAttrDictionary());
  rewriter.replaceOp(op, replacement.getResults());
}

void mlir::tfc::reuseRowBuffers(RewriterBase &rewriter, Block &body) {
  for (auto op : llvm::make_early_inc_range(body.getOps<linalg::GenericOp>())) {
    if (op.getNumDpsInits() != 1 || !linalg::isElementwise(op))
      continue;
    OpOperand *init = op.getDpsInitOperand(0);
    if (op.payloadUsesValueFromOperand(init))
      continue;
    for (OpOperand *input : op.getDpsInputOperands()) {
      Value value = input->get();
      auto producer = value.getDefiningOp<linalg::GenericOp>();
      if (!producer || producer->getBlock() != &body ||
          producer.getNumDpsInits() != 1 ||
          value.getType() != init->get().getType() ||
          !op.getMatchingIndexingMap(input).isIdentity() ||
          producer.payloadUsesValueFromOperand(producer.getDpsInitOperand(0)))
        continue;
      // The producer's own destination must be scratch (a slice of an
      // empty tensor), and every other reader must come before `op`.
      Value scratch = producer.getDpsInitOperand(0)->get();
      while (auto slice = scratch.getDefiningOp<tensor::ExtractSliceOp>())
        scratch = slice.getSource();
      if (!scratch.getDefiningOp<tensor::EmptyOp>())
        continue;
      if (llvm::any_of(value.getUsers(), [&](Operation *user) {
            return user != op &&
                   (user->getBlock() != &body || op->isBeforeInBlock(user));
          }))
        continue;
      // The destination must be available where the producer runs.
      Operation *destination = init->get().getDefiningOp();
      if (destination && destination->getBlock() == &body &&
          producer->isBeforeInBlock(destination)) {
        if (llvm::any_of(destination->getOperands(), [&](Value operand) {
              Operation *def = operand.getDefiningOp();
              return def && def->getBlock() == &body &&
                     !def->isBeforeInBlock(producer);
            }))
          continue;
        rewriter.moveOpBefore(destination, producer);
      }
      rewriter.modifyOpInPlace(
          producer, [&] { producer.getDpsInitOperand(0)->set(init->get()); });
      readInputFromInit(rewriter, op, input);
      break;
    }
  }
}
