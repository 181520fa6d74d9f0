//===- DecomposeConcat.cpp - the tfc-gpu-decompose-concat pass ------------===//
//
// tensor.concat as insert_slice ops into an empty result, and each
// operand's producer writing its slice of that result directly.
//
//===----------------------------------------------------------------------===//

#include "tfc/Codegen/GPU/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tfc {
#define GEN_PASS_DEF_TFCGPUDECOMPOSECONCAT
#include "tfc/Codegen/GPU/Passes.h.inc"
} // namespace mlir::tfc

using namespace mlir;
using namespace mlir::tfc;

/// The producer of `insert`'s source when it can write the slice of the
/// concatenation it is inserted into: `insert` is a link of a chain of
/// insertions into an empty tensor (what the decomposition builds), each
/// link used by the next alone (a destination read elsewhere could not be
/// written in place), and the producer is a side-effect-free op whose
/// result is used by `insert` alone, with one empty destination used by it
/// alone.
static DestinationStyleOpInterface
inPlaceProducer(tensor::InsertSliceOp insert) {
  Value chain = insert.getDest();
  while (auto previous = chain.getDefiningOp<tensor::InsertSliceOp>()) {
    if (!chain.hasOneUse())
      return nullptr;
    chain = previous.getDest();
  }
  if (!chain.getDefiningOp<tensor::EmptyOp>() || !chain.hasOneUse())
    return nullptr;
  auto producer =
      insert.getSource().getDefiningOp<DestinationStyleOpInterface>();
  if (!producer || producer->getNumResults() != 1 ||
      !insert.getSource().hasOneUse() || producer.getNumDpsInits() != 1 ||
      producer->getBlock() != insert->getBlock() ||
      !isMemoryEffectFree(producer))
    return nullptr;
  auto empty =
      producer.getDpsInitOperand(0)->get().getDefiningOp<tensor::EmptyOp>();
  if (!empty || !empty->hasOneUse())
    return nullptr;
  return producer;
}

/// Moves `producer` to just before `insert` and makes it write the slice of
/// the insertion's destination instead of its empty tensor: bufferization
/// then writes it in place, and the insertion becomes a copy onto itself.
static void writeInPlace(tensor::InsertSliceOp insert,
                         DestinationStyleOpInterface producer) {
  OpOperand &init = *producer.getDpsInitOperand(0);
  auto empty = init.get().getDefiningOp<tensor::EmptyOp>();
  producer->moveBefore(insert);
  OpBuilder b(producer);
  Value slice = tensor::ExtractSliceOp::create(
      b, insert.getLoc(), cast<RankedTensorType>(empty.getType()),
      insert.getDest(), insert.getMixedOffsets(), insert.getMixedSizes(),
      insert.getMixedStrides());
  init.set(slice);
  empty->erase();
}

namespace {
struct TFCGPUDecomposeConcatPass
    : public tfc::impl::TFCGPUDecomposeConcatBase<TFCGPUDecomposeConcatPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    tensor::populateDecomposeTensorConcatPatterns(patterns);
    // The result's sizes from the operands' producers' own sizes, not from
    // the producers' results.
    memref::populateResolveRankedShapedTypeResultDimsPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
    // Every producer first, then the rewrites, which add uses to the chains.
    SmallVector<std::pair<tensor::InsertSliceOp, DestinationStyleOpInterface>>
        rewrites;
    getOperation().walk([&](tensor::InsertSliceOp insert) {
      if (DestinationStyleOpInterface producer = inPlaceProducer(insert))
        rewrites.emplace_back(insert, producer);
    });
    for (auto [insert, producer] : rewrites)
      writeInPlace(insert, producer);
  }
};
} // namespace
