//===- StreamRowResults.cpp - the tfc-stream-row-results pass -------------===//
//
// A row chain whose last pass rescales in place what an earlier pass wrote
// into the result row (softmax: the exponentials, then their product with
// the sum's reciprocal) makes each result line cost three memory transfers:
// the first store reads the line for ownership, and the line is written
// back later. This pass keeps those intermediate values in a scratch row
// (two, alternating, that stay in cache), stores the final values past the
// cache (non-temporal stores: one transfer), and runs the last pass of each
// row inside the producing pass of the next row, so that the stores stream
// out while that pass computes instead of waiting in a burst.
//
//===----------------------------------------------------------------------===//

#include "tfc/Codegen/CPU/Passes.h"

#include "RowLoops.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::tfc {
#define GEN_PASS_DEF_TFCSTREAMROWRESULTS
#include "tfc/Codegen/CPU/Passes.h.inc"
} // namespace mlir::tfc

using namespace mlir;
using namespace mlir::tfc;

/// The alignment, in bytes, of the non-temporal stores: a whole AVX
/// register (the widest stores tfc's CPU targets make are split into these).
static constexpr int64_t kStreamAlignment = 32;

/// The smallest result, in bytes, whose rows are streamed out. A smaller one
/// may still be in cache when the next op or the caller reads it, which
/// non-temporal stores would send to memory: on an AMD Zen 3, softmax over
/// [256, 1024] (1 MiB) took 1.05x (one thread) and 1.14-1.20x (two) the
/// time of cached stores, [1024, 1024] (4 MiB) the same time, [4096, 1024]
/// (16 MiB) 0.95-0.99x and [512, 30000] (59 MiB) 0.86-0.90x on two threads.
static constexpr int64_t kStreamMinBytes = int64_t(8) << 20;

namespace {
/// A row loop whose result rows this pass streams out.
struct RowChain {
  scf::ForOp rows;
  /// The view of the result's row the body writes, defined in the body,
  /// and the allocation it is a view of.
  memref::SubViewOp resultRow;
  memref::AllocOp result;
  /// The first pass that writes the result row.
  scf::ForOp producer;
  /// The last pass, which rewrites the row in place, and the ops after it
  /// (its remainder columns), in order.
  scf::ForOp lastPass;
  SmallVector<Operation *> finalOps;
};
} // namespace

/// Whether `op` accesses `row` as `row[..., column]` through an in-bounds,
/// unmasked, minor-identity transfer, the other indices defined outside
/// `rows`.
template <typename TransferOp>
static bool isRowTransfer(TransferOp op, Value row, Value column,
                          scf::ForOp rows) {
  if (op.getBase() != row || !isPlainTransfer(op))
    return false;
  ValueRange indices = op.getIndices();
  if (indices.empty() || indices.back() != column)
    return false;
  return llvm::all_of(indices.drop_back(), [&](Value index) {
    return rows.isDefinedOutsideOfLoop(index);
  });
}

/// Whether a column index is a multiple of `elements`: a constant or the
/// induction variable of a loop with such a lower bound and step.
static bool isAlignedColumn(Value column, int64_t elements) {
  if (std::optional<int64_t> value = getConstantIntValue(column))
    return *value % elements == 0;
  auto loop = scf::getForInductionVarOwner(column);
  if (!loop)
    return false;
  std::optional<int64_t> lower = getConstantIntValue(loop.getLowerBound());
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  return lower && step && *lower % elements == 0 && *step % elements == 0;
}

/// The allocation under `view` when every row of `view` starts at a
/// multiple of `kStreamAlignment` bytes: an aligned allocation whose rows
/// are, and views that keep whole rows from their first column.
static memref::AllocOp getAlignedRowsAllocation(Value view,
                                                int64_t elementBytes) {
  int64_t elements = kStreamAlignment / elementBytes;
  while (auto subview = view.getDefiningOp<memref::SubViewOp>()) {
    ArrayRef<int64_t> offsets = subview.getStaticOffsets();
    if (offsets.empty() || ShapedType::isDynamic(offsets.back()) ||
        offsets.back() % elements != 0 ||
        !llvm::all_of(subview.getStaticStrides(),
                      [](int64_t s) { return s == 1; }))
      return nullptr;
    view = subview.getSource();
  }
  auto alloc = view.getDefiningOp<memref::AllocOp>();
  if (!alloc || alloc.getAlignment().value_or(0) < kStreamAlignment)
    return nullptr;
  // Identity layout: every stride but the last is a multiple of the last
  // dimension's size (the other sizes may be dynamic).
  MemRefType type = alloc.getType();
  if (!type.getLayout().isIdentity() || type.getRank() < 1 ||
      ShapedType::isDynamic(type.getShape().back()) ||
      (type.getShape().back() * elementBytes) % kStreamAlignment != 0)
    return nullptr;
  return alloc;
}

/// Whether nothing in `rows` touches the allocation under `row` except
/// through `row`, and every op there declares its memory effects.
static bool accessesOnlyThrough(scf::ForOp rows, Value row) {
  Value root = getViewRoot(row);
  for (Operation &op : rows.getBody()->without_terminator()) {
    std::optional<SmallVector<MemoryEffects::EffectInstance>> effects =
        collectMemoryEffects(&op);
    if (!effects)
      return false;
    for (const MemoryEffects::EffectInstance &effect : *effects) {
      Value value = effect.getValue();
      if (!value && !isa<MemoryEffects::Allocate, MemoryEffects::Free>(
                        effect.getEffect()))
        return false;
      if (value && value != row && getViewRoot(value) == root)
        return false;
    }
  }
  return true;
}

/// Matches a row loop this pass rewrites.
static std::optional<RowChain> matchRowChain(scf::ForOp rows) {
  std::optional<int64_t> rowStep = getConstantIntValue(rows.getStep());
  if (rows.getNumResults() != 0 || !rowStep || *rowStep != 1)
    return std::nullopt;
  Block *body = rows.getBody();
  RowChain chain;
  chain.rows = rows;

  // The last pass: reads and writes of one row at its own column, and pure
  // arithmetic between them.
  for (Operation &op : llvm::reverse(body->without_terminator()))
    if ((chain.lastPass = dyn_cast<scf::ForOp>(op)))
      break;
  scf::ForOp last = chain.lastPass;
  if (!last || last.getNumResults() != 0)
    return std::nullopt;
  Value row;
  bool writes = false;
  for (Operation &op : last.getBody()->without_terminator()) {
    if (op.getNumRegions() != 0)
      return std::nullopt;
    if (auto write = dyn_cast<vector::TransferWriteOp>(op)) {
      row = row ? row : write.getBase();
      if (!isRowTransfer(write, row, last.getInductionVar(), rows))
        return std::nullopt;
      writes = true;
    } else if (auto read = dyn_cast<vector::TransferReadOp>(op)) {
      row = row ? row : read.getBase();
      if (!isRowTransfer(read, row, last.getInductionVar(), rows))
        return std::nullopt;
    } else if (!isPure(&op)) {
      return std::nullopt;
    }
  }
  if (!writes)
    return std::nullopt;
  chain.resultRow = row.getDefiningOp<memref::SubViewOp>();
  if (!chain.resultRow || chain.resultRow->getBlock() != body)
    return std::nullopt;

  // The row is one row of f32 (or wider) elements in aligned memory, of
  // the type a row of the scratch buffer has.
  auto rowType = cast<MemRefType>(row.getType());
  SmallVector<int64_t> strides;
  int64_t offset;
  if (rowType.getRank() != 2 || rowType.getShape()[0] != 1 ||
      !rowType.hasStaticShape() ||
      failed(rowType.getStridesAndOffset(strides, offset)) ||
      ShapedType::isDynamic(strides[0]) || strides[1] != 1 ||
      !ShapedType::isDynamic(offset))
    return std::nullopt;
  int64_t elementBytes = rowType.getElementTypeBitWidth() / 8;
  if (elementBytes == 0 || kStreamAlignment % elementBytes != 0)
    return std::nullopt;
  chain.result = getAlignedRowsAllocation(row, elementBytes);
  if (!chain.result)
    return std::nullopt;
  // A static result smaller than the threshold stays cached.
  MemRefType resultType = chain.result.getType();
  if (resultType.hasStaticShape() &&
      resultType.getNumElements() * elementBytes < kStreamMinBytes)
    return std::nullopt;

  // What follows the last pass: the row's remainder columns.
  llvm::SmallPtrSet<Operation *, 16> finalSet;
  for (Operation *op = last; op != body->getTerminator();
       op = op->getNextNode()) {
    chain.finalOps.push_back(op);
    finalSet.insert(op);
    if (op == last)
      continue;
    if (op->getNumRegions() != 0)
      return std::nullopt;
    if (auto write = dyn_cast<vector::TransferWriteOp>(op)) {
      if (!isRowTransfer(write, row, write.getIndices().back(), rows) ||
          !rows.isDefinedOutsideOfLoop(write.getIndices().back()))
        return std::nullopt;
    } else if (auto read = dyn_cast<vector::TransferReadOp>(op)) {
      if (!isRowTransfer(read, row, read.getIndices().back(), rows) ||
          !rows.isDefinedOutsideOfLoop(read.getIndices().back()))
        return std::nullopt;
    } else if (!isPure(op)) {
      return std::nullopt;
    }
  }
  for (Operation *op : chain.finalOps)
    for (Operation *user : op->getUsers())
      if (!finalSet.contains(body->findAncestorOpInBlock(*user)))
        return std::nullopt;

  // The row is only read and written, by transfers; the first op that
  // touches it is the producer, a pass over the same columns that writes
  // it; each read at a fixed column follows a write there.
  for (Operation *user : row.getUsers()) {
    auto read = dyn_cast<vector::TransferReadOp>(user);
    auto write = dyn_cast<vector::TransferWriteOp>(user);
    if (!(read && read.getBase() == row) && !(write && write.getBase() == row))
      return std::nullopt;
  }
  SmallVector<SmallVector<Value>> writtenAt;
  for (Operation &op : body->without_terminator()) {
    if (&op == last.getOperation())
      break;
    bool touches = false;
    op.walk([&](Operation *nested) {
      touches |= llvm::is_contained(nested->getOperands(), row);
    });
    if (!touches)
      continue;
    if (!chain.producer) {
      chain.producer = dyn_cast<scf::ForOp>(op);
      if (!chain.producer || !haveSameBounds(chain.producer, last))
        return std::nullopt;
      bool producerWrites = false;
      WalkResult walk = chain.producer.walk([&](Operation *nested) {
        if (auto read = dyn_cast<vector::TransferReadOp>(nested))
          if (read.getBase() == row)
            return WalkResult::interrupt();
        if (auto write = dyn_cast<vector::TransferWriteOp>(nested))
          if (write.getBase() == row)
            producerWrites |= isRowTransfer(
                write, row, chain.producer.getInductionVar(), rows);
        return WalkResult::advance();
      });
      if (walk.wasInterrupted() || !producerWrites)
        return std::nullopt;
      continue;
    }
    if (auto write = dyn_cast<vector::TransferWriteOp>(op)) {
      writtenAt.push_back(llvm::to_vector(write.getIndices()));
      continue;
    }
    if (auto read = dyn_cast<vector::TransferReadOp>(op)) {
      if (!llvm::is_contained(writtenAt, llvm::to_vector(read.getIndices())))
        return std::nullopt;
      continue;
    }
    // A pass over the producer's columns may read what it wrote.
    auto pass = dyn_cast<scf::ForOp>(op);
    if (!pass || !haveSameBounds(pass, last))
      return std::nullopt;
    WalkResult walk = pass.walk([&](Operation *nested) {
      if (auto read = dyn_cast<vector::TransferReadOp>(nested))
        if (read.getBase() == row &&
            !isRowTransfer(read, row, pass.getInductionVar(), rows))
          return WalkResult::interrupt();
      if (auto write = dyn_cast<vector::TransferWriteOp>(nested))
        if (write.getBase() == row)
          return WalkResult::interrupt();
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      return std::nullopt;
  }
  if (!chain.producer || !accessesOnlyThrough(rows, row))
    return std::nullopt;
  return chain;
}

/// Makes the writes of `ops` (and of the ops they hold) to `row`
/// non-temporal vector stores where they are whole aligned registers.
static void streamWrites(ArrayRef<Operation *> ops, Value row) {
  int64_t elementBytes =
      cast<MemRefType>(row.getType()).getElementTypeBitWidth() / 8;
  SmallVector<vector::TransferWriteOp> writes;
  for (Operation *op : ops)
    op->walk([&](vector::TransferWriteOp write) {
      if (write.getBase() == row)
        writes.push_back(write);
    });
  for (vector::TransferWriteOp write : writes) {
    VectorType type = write.getVectorType();
    int64_t width = type.getShape().back();
    if ((width * elementBytes) % kStreamAlignment != 0 ||
        llvm::any_of(type.getShape().drop_back(),
                     [](int64_t d) { return d != 1; }) ||
        !isAlignedColumn(write.getIndices().back(),
                         kStreamAlignment / elementBytes))
      continue;
    OpBuilder builder(write);
    Value flat = vector::ShapeCastOp::create(
        builder, write.getLoc(),
        VectorType::get({width}, type.getElementType()),
        write.getValueToStore());
    vector::StoreOp::create(builder, write.getLoc(), flat, row,
                            write.getIndices(), /*nontemporal=*/true,
                            builder.getI64IntegerAttr(kStreamAlignment));
    write.erase();
  }
}

/// Rewrites `chain`: row `r`'s intermediate values go to scratch row
/// `r % 2`; its last pass runs in row `r + 1`'s producer, the last row's
/// after the loop.
static void streamRowResults(RowChain &chain) {
  scf::ForOp rows = chain.rows;
  Block *body = rows.getBody();
  Location loc = rows.getLoc();
  Value row = chain.resultRow.getResult();
  auto rowType = cast<MemRefType>(row.getType());
  int64_t columns = rowType.getShape()[1];
  SmallVector<int64_t> strides;
  int64_t offset;
  (void)rowType.getStridesAndOffset(strides, offset);
  llvm::SmallPtrSet<Operation *, 16> finalSet(chain.finalOps.begin(),
                                              chain.finalOps.end());

  // A result whose size is known only at run time is streamed when it is
  // large enough; the loop as it was runs otherwise.
  OpBuilder builder(rows);
  MemRefType resultType = chain.result.getType();
  if (!resultType.hasStaticShape()) {
    int64_t staticBytes = resultType.getElementTypeBitWidth() / 8;
    for (int64_t size : resultType.getShape())
      if (!ShapedType::isDynamic(size))
        staticBytes *= size;
    Value bytes = arith::ConstantIndexOp::create(builder, loc, staticBytes);
    for (Value size : chain.result.getDynamicSizes())
      bytes = arith::MulIOp::create(builder, loc, bytes, size);
    Value large = arith::CmpIOp::create(
        builder, loc, arith::CmpIPredicate::uge, bytes,
        arith::ConstantIndexOp::create(builder, loc, kStreamMinBytes));
    auto choice = scf::IfOp::create(builder, loc, large,
                                    /*withElseRegion=*/true);
    builder.setInsertionPoint(choice.elseBlock()->getTerminator());
    builder.clone(*rows);
    rows->moveBefore(choice.thenBlock()->getTerminator());
    builder.setInsertionPoint(rows);
  }

  // Two scratch rows with the result row's layout.
  auto scratchType = MemRefType::get({2, strides[0]}, rowType.getElementType());
  Value scratch = memref::AllocOp::create(builder, loc, scratchType,
                                          builder.getI64IntegerAttr(64));

  // In the body: everything but the final stores goes to the scratch row.
  builder.setInsertionPointAfter(chain.resultRow);
  Value parity =
      arith::AndIOp::create(builder, loc, rows.getInductionVar(),
                            arith::ConstantIndexOp::create(builder, loc, 1));
  SmallVector<OpFoldResult> offsets = {parity, builder.getIndexAttr(0)};
  SmallVector<OpFoldResult> sizes = {builder.getIndexAttr(1),
                                     builder.getIndexAttr(columns)};
  SmallVector<OpFoldResult> unitStrides = {builder.getIndexAttr(1),
                                           builder.getIndexAttr(1)};
  Value scratchRow = memref::SubViewOp::create(builder, loc, rowType, scratch,
                                               offsets, sizes, unitStrides);
  row.replaceUsesWithIf(scratchRow, [&](OpOperand &use) {
    auto write = dyn_cast<vector::TransferWriteOp>(use.getOwner());
    return !write || !finalSet.contains(body->findAncestorOpInBlock(*write));
  });
  streamWrites(chain.finalOps, row);
  // The stores replaced the remainder's writes: the final ops are again
  // the last pass and everything after it.
  chain.finalOps.clear();
  finalSet.clear();
  for (Operation *op = chain.lastPass; op != body->getTerminator();
       op = op->getNextNode()) {
    chain.finalOps.push_back(op);
    finalSet.insert(op);
  }

  // The row's values the final ops read, carried to the next row.
  llvm::SetVector<Value> carried;
  for (Operation *op : chain.finalOps)
    op->walk([&](Operation *nested) {
      for (Value operand : nested->getOperands()) {
        if (rows.isDefinedOutsideOfLoop(operand))
          continue;
        Operation *def = operand.getDefiningOp();
        if (operand == rows.getInductionVar() ||
            (def && !finalSet.contains(body->findAncestorOpInBlock(*def))))
          carried.insert(operand);
      }
    });

  // The first row without its final ops; the other rows with the previous
  // row's final ops in their producer; the last row's final ops.
  builder.setInsertionPoint(rows);
  Value lower = rows.getLowerBound(), upper = rows.getUpperBound();
  Value one = arith::ConstantIndexOp::create(builder, loc, 1);
  std::optional<int64_t> lowerConst = getConstantIntValue(lower);
  std::optional<int64_t> upperConst = getConstantIntValue(upper);
  if (!lowerConst || !upperConst || *lowerConst >= *upperConst) {
    Value any = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::slt,
                                      lower, upper);
    auto ifOp = scf::IfOp::create(builder, loc, any, /*withElseRegion=*/false);
    builder.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  }
  IRMapping firstRow;
  firstRow.map(rows.getInductionVar(), lower);
  for (Operation &op : body->without_terminator())
    if (!finalSet.contains(&op))
      builder.clone(op, firstRow);
  SmallVector<Value> init = llvm::map_to_vector(
      carried, [&](Value v) { return firstRow.lookupOrDefault(v); });

  Value second = arith::AddIOp::create(builder, loc, lower, one);
  auto pipelined = scf::ForOp::create(
      builder, loc, second, upper, rows.getStep(), init,
      [&](OpBuilder &b, Location, Value index, ValueRange previous) {
        IRMapping thisRow, previousRow;
        thisRow.map(rows.getInductionVar(), index);
        previousRow.map(carried.getArrayRef(), previous);
        for (Operation &op : body->without_terminator()) {
          if (finalSet.contains(&op))
            continue;
          Operation *clone = b.clone(op, thisRow);
          if (&op != chain.producer.getOperation())
            continue;
          auto producer = cast<scf::ForOp>(clone);
          OpBuilder inner = OpBuilder::atBlockTerminator(producer.getBody());
          previousRow.map(chain.lastPass.getInductionVar(),
                          producer.getInductionVar());
          for (Operation &pass : chain.lastPass.getBody()->without_terminator())
            inner.clone(pass, previousRow);
          for (Operation *op : chain.finalOps)
            if (op != chain.lastPass.getOperation())
              b.clone(*op, previousRow);
        }
        scf::YieldOp::create(b, loc, llvm::map_to_vector(carried, [&](Value v) {
                               return thisRow.lookupOrDefault(v);
                             }));
      });
  IRMapping lastRow;
  lastRow.map(carried.getArrayRef(), pipelined.getResults());
  for (Operation *op : chain.finalOps)
    builder.clone(*op, lastRow);
  // Non-temporal stores are weakly ordered: the stores are complete before
  // anything else (another thread, after the parallel loop) reads them.
  LLVM::FenceOp::create(builder, loc, LLVM::AtomicOrdering::seq_cst);

  builder.setInsertionPointAfter(rows);
  memref::DeallocOp::create(builder, loc, scratch);
  rows.erase();
}

namespace {
struct TFCStreamRowResultsPass
    : public tfc::impl::TFCStreamRowResultsBase<TFCStreamRowResultsPass> {
  void runOnOperation() override {
    SmallVector<RowChain> chains;
    getOperation().walk([&](scf::ForOp rows) {
      if (std::optional<RowChain> chain = matchRowChain(rows))
        chains.push_back(*chain);
    });
    for (RowChain &chain : chains)
      streamRowResults(chain);
  }
};
} // namespace
