//===- FuseRowPasses.cpp - the tfc-fuse-row-passes pass -------------------===//
//
// Tiling fuses a row chain's ops into one loop per op over the row's
// columns: softmax writes its exponentials in one pass and sums them in the
// next, which reads the whole row back from L2. A pass that only reads
// what an earlier pass over the same columns wrote at the same column (and
// values known before that pass) is merged into it here, after
// bufferization, with the written vector forwarded to the read.
//
//===----------------------------------------------------------------------===//

#include "tfc/Codegen/CPU/Passes.h"

#include "RowLoops.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::tfc {
#define GEN_PASS_DEF_TFCFUSEROWPASSES
#include "tfc/Codegen/CPU/Passes.h.inc"
} // namespace mlir::tfc

using namespace mlir;
using namespace mlir::tfc;

/// Whether `value` is a multiple of `factor`: a constant, or an
/// `affine.apply` whose result is a product by a constant multiple of it
/// (`(n floordiv 32) * 32`).
static bool isMultipleOf(Value value, int64_t factor) {
  if (std::optional<int64_t> constant = getConstantIntValue(value))
    return *constant % factor == 0;
  auto apply = value.getDefiningOp<affine::AffineApplyOp>();
  if (!apply || apply.getAffineMap().getNumResults() != 1)
    return false;
  auto product =
      dyn_cast<AffineBinaryOpExpr>(apply.getAffineMap().getResult(0));
  if (!product || product.getKind() != AffineExprKind::Mul)
    return false;
  auto constant = dyn_cast<AffineConstantExpr>(product.getRHS());
  return constant && constant.getValue() % factor == 0;
}

/// The write at the top of `producer`'s body whose value `read` (in
/// `consumer`) reads: the last write of the same buffer at the same
/// indices, the loops' induction variables in the same place, as the same
/// vector type.
static vector::TransferWriteOp findForwardedWrite(vector::TransferReadOp read,
                                                  scf::ForOp producer,
                                                  scf::ForOp consumer) {
  if (!isPlainTransfer(read))
    return nullptr;
  vector::TransferWriteOp found;
  for (auto write : producer.getBody()->getOps<vector::TransferWriteOp>()) {
    if (write.getBase() != read.getBase() ||
        write.getVectorType() != read.getVectorType() ||
        !isPlainTransfer(write) ||
        write.getIndices().size() != read.getIndices().size())
      continue;
    bool same = true;
    for (auto [w, r] : llvm::zip(write.getIndices(), read.getIndices()))
      same &= w == r || (w == producer.getInductionVar() &&
                         r == consumer.getInductionVar());
    if (same)
      found = write;
  }
  return found;
}

/// The views through which `loop` writes, when it is the remainder loop of
/// a row of a length known at run time: it starts at `upper` and writes
/// only through views from its own column on (`memref.subview %row[0, %j]`,
/// `%j` its induction variable, of a view defined outside it).
static std::optional<SmallVector<Value>> getRemainderLoopWrites(scf::ForOp loop,
                                                                Value upper) {
  if (loop.getNumResults() != 0 || !isSameIndex(loop.getLowerBound(), upper))
    return std::nullopt;
  std::optional<SmallVector<MemoryEffects::EffectInstance>> effects =
      collectMemoryEffects(loop);
  if (!effects)
    return std::nullopt;
  SmallVector<Value> written;
  for (const MemoryEffects::EffectInstance &effect : *effects) {
    if (!isa<MemoryEffects::Write>(effect.getEffect()))
      continue;
    auto view = effect.getValue()
                    ? effect.getValue().getDefiningOp<memref::SubViewOp>()
                    : memref::SubViewOp();
    if (!view || !loop->isProperAncestor(view) ||
        !loop.isDefinedOutsideOfLoop(view.getSource()) ||
        view.getMixedOffsets().empty() ||
        dyn_cast<Value>(view.getMixedOffsets().back()) !=
            loop.getInductionVar() ||
        !llvm::all_of(view.getStaticStrides(),
                      [](int64_t s) { return s == 1; }))
      return std::nullopt;
    written.push_back(view.getSource());
  }
  return written;
}

/// Whether `op`'s only memory accesses are transfers of a remainder
/// column: a constant last index at or past `upper`.
static bool touchesOnlyRemainder(Operation *op, Value upper) {
  std::optional<int64_t> bound = getConstantIntValue(upper);
  auto pastBound = [&](ValueRange indices) {
    std::optional<int64_t> column =
        indices.empty() ? std::nullopt : getConstantIntValue(indices.back());
    return bound && column && *column >= *bound;
  };
  if (auto read = dyn_cast<vector::TransferReadOp>(op))
    return pastBound(read.getIndices());
  if (auto write = dyn_cast<vector::TransferWriteOp>(op))
    return pastBound(write.getIndices());
  return op->getNumRegions() == 0 && isPure(op);
}

/// Whether `read`, in `consumer`, reads only columns before those the
/// remainder's writes (all to buffers in `remainderWrites`) write: the
/// same buffer, at the loop's column, a vector no wider than the step, the
/// loop's columns a whole number of steps.
static bool readsBeforeRemainder(vector::TransferReadOp read,
                                 scf::ForOp consumer,
                                 ArrayRef<Value> remainderWrites) {
  Value root = getViewRoot(read.getBase());
  for (Value written : remainderWrites)
    if (getViewRoot(written) == root && written != read.getBase())
      return false;
  // The loop's columns a whole number of steps: its last read ends at its
  // upper bound, where the remainder starts.
  std::optional<int64_t> step = getConstantIntValue(consumer.getStep());
  if (!step || *step <= 0 || !isMultipleOf(consumer.getLowerBound(), *step) ||
      !isMultipleOf(consumer.getUpperBound(), *step))
    return false;
  return !read.getIndices().empty() &&
         read.getIndices().back() == consumer.getInductionVar() &&
         read.getVectorType().getShape().back() <= *step;
}

/// The shortest row, in bytes, whose passes are merged. A row that fits in
/// L1 (32 KiB or more on every CPU target) is read back from it at little
/// cost, while the merged loop holds the consumer's accumulators besides
/// the producer's values: on an AMD Zen 3 (AVX2, 16 registers) softmax over
/// rows of 1024 took 1.09-1.15x the time merged, over rows of 30000 about
/// the same time. A length known only at run time is merged.
static constexpr int64_t kMinMergedRowBytes = int64_t(32) << 10;

/// Whether the row `consumer` reads is shorter than `kMinMergedRowBytes`.
static bool isShortRow(scf::ForOp consumer) {
  std::optional<int64_t> lower = getConstantIntValue(consumer.getLowerBound());
  std::optional<int64_t> upper = getConstantIntValue(consumer.getUpperBound());
  auto reads = consumer.getBody()->getOps<vector::TransferReadOp>();
  if (!lower || !upper || reads.empty())
    return false;
  Type element = (*reads.begin()).getVectorType().getElementType();
  return (*upper - *lower) * (element.getIntOrFloatBitWidth() / 8) <
         kMinMergedRowBytes;
}

/// Whether `consumer` can run inside `producer`: it only reads, in
/// transfers and pure ops, what `producer` wrote at the same column or
/// memory nothing between them writes, from values defined before
/// `producer`.
static bool canMerge(scf::ForOp producer, scf::ForOp consumer) {
  if (producer->getBlock() != consumer->getBlock() ||
      !producer->isBeforeInBlock(consumer) ||
      !haveSameBounds(producer, consumer) || isShortRow(consumer))
    return false;
  // What the producer and the ops between write: the producer's transfer
  // writes at the top of its body (which can be forwarded) apart from its
  // other writes (which cannot).
  SmallVector<Value> producerWrites, producerOtherWrites, betweenWrites;
  for (Operation &op : producer.getBody()->without_terminator()) {
    std::optional<SmallVector<MemoryEffects::EffectInstance>> effects =
        collectMemoryEffects(&op);
    if (!effects)
      return false;
    for (const MemoryEffects::EffectInstance &effect : *effects) {
      if (!isa<MemoryEffects::Write>(effect.getEffect()))
        continue;
      if (!effect.getValue())
        return false;
      (isa<vector::TransferWriteOp>(op) ? producerWrites : producerOtherWrites)
          .push_back(getViewRoot(effect.getValue()));
    }
  }
  for (Operation *op = producer->getNextNode(); op != consumer;
       op = op->getNextNode()) {
    if (auto loop = dyn_cast<scf::ForOp>(op)) {
      std::optional<SmallVector<Value>> views =
          getRemainderLoopWrites(loop, consumer.getUpperBound());
      if (!views)
        return false;
      llvm::append_range(betweenWrites, *views);
      continue;
    }
    if (!touchesOnlyRemainder(op, consumer.getUpperBound()))
      return false;
    if (auto write = dyn_cast<vector::TransferWriteOp>(op))
      betweenWrites.push_back(write.getBase());
  }
  // The consumer: reads and pure ops, from values the producer sees.
  auto definedBefore = [&](Value value) {
    Operation *def = value.getDefiningOp();
    if (!def)
      return true; // a block argument of an enclosing block
    Operation *ancestor = producer->getBlock()->findAncestorOpInBlock(*def);
    return !ancestor || ancestor->isBeforeInBlock(producer);
  };
  if (!llvm::all_of(consumer.getInitArgs(), definedBefore))
    return false;
  for (Operation &op : consumer.getBody()->without_terminator()) {
    if (op.getNumRegions() != 0)
      return false;
    for (Value operand : op.getOperands())
      if (!consumer->isAncestor(operand.getParentBlock()->getParentOp()) &&
          !definedBefore(operand))
        return false;
    auto read = dyn_cast<vector::TransferReadOp>(op);
    if (!read) {
      if (!isPure(&op))
        return false;
      continue;
    }
    Value root = getViewRoot(read.getBase());
    if (llvm::any_of(
            betweenWrites,
            [&](Value written) { return getViewRoot(written) == root; }) &&
        !readsBeforeRemainder(read, consumer, betweenWrites))
      return false;
    if (llvm::is_contained(producerOtherWrites, root))
      return false;
    if (llvm::is_contained(producerWrites, root) &&
        !findForwardedWrite(read, producer, consumer))
      return false;
  }
  return true;
}

/// `consumer`'s body appended to `producer`'s, the reads of what the
/// producer wrote replaced by the written vectors, in one loop at the
/// producer's place.
static scf::ForOp merge(scf::ForOp producer, scf::ForOp consumer) {
  OpBuilder builder(producer);
  SmallVector<Value> inits(producer.getInitArgs());
  llvm::append_range(inits, consumer.getInitArgs());
  unsigned producerResults = producer.getNumResults();
  auto merged = scf::ForOp::create(
      builder, producer.getLoc(), producer.getLowerBound(),
      producer.getUpperBound(), producer.getStep(), inits,
      [&](OpBuilder &b, Location loc, Value iv, ValueRange args) {
        IRMapping mapping;
        mapping.map(producer.getInductionVar(), iv);
        mapping.map(consumer.getInductionVar(), iv);
        mapping.map(producer.getRegionIterArgs(),
                    args.take_front(producerResults));
        mapping.map(consumer.getRegionIterArgs(),
                    args.drop_front(producerResults));
        for (Operation &op : producer.getBody()->without_terminator())
          b.clone(op, mapping);
        for (Operation &op : consumer.getBody()->without_terminator()) {
          if (auto read = dyn_cast<vector::TransferReadOp>(op))
            if (vector::TransferWriteOp write =
                    findForwardedWrite(read, producer, consumer)) {
              mapping.map(read.getResult(),
                          mapping.lookupOrDefault(write.getValueToStore()));
              continue;
            }
          b.clone(op, mapping);
        }
        SmallVector<Value> yields;
        for (Value v : producer.getBody()->getTerminator()->getOperands())
          yields.push_back(mapping.lookupOrDefault(v));
        for (Value v : consumer.getBody()->getTerminator()->getOperands())
          yields.push_back(mapping.lookupOrDefault(v));
        scf::YieldOp::create(b, loc, yields);
      });
  producer.replaceAllUsesWith(merged.getResults().take_front(producerResults));
  consumer.replaceAllUsesWith(merged.getResults().drop_front(producerResults));
  consumer.erase();
  producer.erase();
  return merged;
}

namespace {
struct TFCFuseRowPassesPass
    : public tfc::impl::TFCFuseRowPassesBase<TFCFuseRowPassesPass> {
  void runOnOperation() override {
    // One merge at a time: a merge replaces both loops and what they hold.
    while (true) {
      std::pair<scf::ForOp, scf::ForOp> pair;
      getOperation().walk([&](scf::ForOp producer) {
        for (Operation *op = producer->getNextNode(); op;
             op = op->getNextNode())
          if (auto consumer = dyn_cast<scf::ForOp>(op))
            if (canMerge(producer, consumer)) {
              pair = {producer, consumer};
              return WalkResult::interrupt();
            }
        return WalkResult::advance();
      });
      if (!pair.first)
        return;
      merge(pair.first, pair.second);
    }
  }
};
} // namespace
