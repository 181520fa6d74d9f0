//===- RowChain.cpp - runs of row ops as one kernel -----------------------===//
//
// tfc-gpu-map-linalg's row chains: a run of fills, element-wise ops and
// block reductions over the same rows, in which whatever the run writes is
// only read at its own row, becomes one kernel with a block per row (a
// softmax reads its row from device memory once and writes it once).
//
//===----------------------------------------------------------------------===//

#include "Mapping.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;
using namespace mlir::tfc;
using namespace mlir::tfc::gpu_mapping;

/// What the number of iterations of a loop is: a static size, or a
/// dimension of a buffer (an allocation's size traced to the dimension it
/// was taken from), so that two ops over the rows of related buffers are
/// seen to have as many rows.
using LoopExtent = std::pair<Value, int64_t>;

static LoopExtent extentOf(Value buffer, int64_t dim) {
  auto type = cast<MemRefType>(buffer.getType());
  if (!type.isDynamicDim(dim))
    return {Value(), type.getDimSize(dim)};
  if (auto alloc = buffer.getDefiningOp<gpu::AllocOp>()) {
    Value size = alloc.getDynamicSizes()[type.getDynamicDimIndex(dim)];
    if (auto source = size.getDefiningOp<memref::DimOp>())
      if (std::optional<int64_t> index = source.getConstantIndex())
        return extentOf(source.getSource(), *index);
    return {size, ShapedType::kDynamic};
  }
  return {buffer, dim};
}

/// The extent of `op`'s first loop, from an operand it indexes.
static std::optional<LoopExtent> rowExtent(linalg::GenericOp op) {
  for (OpOperand &operand : op->getOpOperands()) {
    AffineMap map = op.getMatchingIndexingMap(&operand);
    for (unsigned i = 0, e = map.getNumResults(); i < e; ++i)
      if (auto dim = dyn_cast<AffineDimExpr>(map.getResult(i));
          dim && dim.getPosition() == 0 &&
          isa<MemRefType>(operand.get().getType()))
        return extentOf(operand.get(), i);
  }
  return std::nullopt;
}

/// Whether `op` can run inside a row chain over `rows` rows: its first loop
/// is parallel with `rows` iterations, and it is element-wise or a block
/// reduction of all its other loops into row-indexed outputs.
static bool isRowOp(linalg::GenericOp op, const LoopExtent &rows) {
  if (!op.hasPureBufferSemantics() || op.getNumLoops() == 0 ||
      rowExtent(op) != rows ||
      op.getIteratorTypesArray()[0] != utils::IteratorType::parallel)
    return false;
  for (OpOperand &operand : op->getOpOperands()) {
    AffineMap map = op.getMatchingIndexingMap(&operand);
    if (!map.isProjectedPermutation())
      return false;
    // A row-indexed operand: its first index is the row.
    if (map.getNumResults() > 0 && map.getDimPosition(0) == 0)
      continue;
    // Otherwise the same for every row, and only read.
    if (map.isFunctionOfDim(0) || op.isDpsInit(&operand))
      return false;
  }
  if (op.getNumReductionLoops() == 0)
    return true;
  Operation *combiner = nullptr;
  return llvm::all_of(llvm::drop_begin(op.getIteratorTypesArray()),
                      [](utils::IteratorType type) {
                        return type == utils::IteratorType::reduction;
                      }) &&
         matchBlockReduction(op, combiner).has_value();
}

/// Ops that may sit between the ops of a row chain: they touch no buffer's
/// data.
static bool isTransparent(Operation *op) {
  return isa<gpu::AllocOp, memref::DimOp>(op) ||
         op->hasTrait<OpTrait::ConstantLike>();
}

/// The longest run of row ops from `first` on, over its rows, in which a
/// buffer one op writes is indexed by the row wherever the run touches it;
/// a run worth a kernel of its own has a reduction and another op.
SmallVector<linalg::GenericOp>
gpu_mapping::rowChainFrom(linalg::GenericOp first) {
  SmallVector<linalg::GenericOp> chain;
  std::optional<LoopExtent> extent = rowExtent(first);
  if (!extent || !isRowOp(first, *extent))
    return chain;
  LoopExtent rows = *extent;
  // Buffers the run writes: allocations or arguments, never views.
  DenseSet<Value> written;
  auto isRowIndexed = [](linalg::GenericOp op, OpOperand &operand) {
    AffineMap map = op.getMatchingIndexingMap(&operand);
    return map.getNumResults() > 0 && map.getDimPosition(0) == 0;
  };
  auto accepts = [&](linalg::GenericOp op) {
    if (!isRowOp(op, rows))
      return false;
    for (OpOperand &operand : op->getOpOperands()) {
      Value value = operand.get(), root = getViewRoot(value);
      if (op.isDpsInit(&operand)) {
        // Written buffers are allocations or arguments, named one way.
        if (root != value)
          return false;
        continue;
      }
      // A written buffer is read as itself, at its row.
      if (written.contains(root) &&
          (root != value || !isRowIndexed(op, operand)))
        return false;
    }
    for (Value init : op.getDpsInits())
      for (linalg::GenericOp earlier : chain)
        for (OpOperand &operand : earlier->getOpOperands())
          if (getViewRoot(operand.get()) == init &&
              (operand.get() != init || !isRowIndexed(earlier, operand)))
            return false;
    return true;
  };
  for (Operation *op = first; op; op = op->getNextNode()) {
    if (isTransparent(op))
      continue;
    auto generic = dyn_cast<linalg::GenericOp>(op);
    if (!generic || !accepts(generic))
      break;
    chain.push_back(generic);
    for (Value init : generic.getDpsInits())
      written.insert(init);
  }
  bool hasReduction = llvm::any_of(chain, [](linalg::GenericOp op) {
    return op.getNumReductionLoops() != 0;
  });
  // Few long rows are read faster by several blocks each
  // (SplitReduction.cpp); a fill of their outputs is no reason to give them
  // one block each.
  auto isFill = [](linalg::GenericOp op) {
    return op.getNumReductionLoops() == 0 &&
           llvm::all_of(op.getDpsInputOperands(), [&](OpOperand *input) {
             return !isa<MemRefType>(input->get().getType()) ||
                    op.getMatchingBlockArgument(input).use_empty();
           });
  };
  bool onlySplitRows = llvm::all_of(chain, [&](linalg::GenericOp op) {
    return isFill(op) || isSplitRowReduction(op);
  });
  if (chain.size() < 2 || !hasReduction || onlySplitRows)
    chain.clear();
  return chain;
}

/// A row chain as one kernel: a block per row runs the ops in order, each
/// op's threads striding over the row (consecutive threads, consecutive
/// elements), a reduction combining its threads' partial results with
/// `gpu.all_reduce`, and a barrier between two ops, so that what one op
/// writes of the row the next one reads. A softmax is one kernel that
/// reads its row from device memory once (the later passes hit the cache)
/// and writes it once.
void gpu_mapping::mapRowChain(OpBuilder &b,
                              SmallVector<linalg::GenericOp> chain,
                              int64_t maxBlockSize) {
  Location loc = chain.back().getLoc();
  b.setInsertionPoint(chain.back());
  Value rows = loopSizes(b, loc, chain.front())[0];
  int64_t longest = 1, passes = 0;
  for (linalg::GenericOp op : chain) {
    int64_t inner = 1;
    for (int64_t size : llvm::drop_begin(op.getStaticLoopRanges()))
      inner = ShapedType::isDynamic(size) || ShapedType::isDynamic(inner)
                  ? ShapedType::kDynamic
                  : inner * size;
    if (inner != 1)
      ++passes;
    longest = ShapedType::isDynamic(inner) || ShapedType::isDynamic(longest)
                  ? ShapedType::kDynamic
                  : std::max(longest, inner);
  }
  int64_t blockSize = rowBlockSize(ShapedType::isDynamic(longest)
                                       ? std::nullopt
                                       : std::optional<int64_t>(longest),
                                   maxBlockSize, /*wide=*/passes <= 1);
  Value one = indexConstant(b, loc, 1);
  gpu::LaunchOp launch =
      createLaunch(b, loc, {rows, one, one}, {blockSize, 1, 1});
  Value row = launch.getBlockIds().x, thread = launch.getThreadIds().x;
  Value zero = indexConstant(b, loc, 0);
  Value isFirst =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, thread, zero);
  // Without rows, the one block launched reads and writes nothing.
  Value isRow =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, row, rows);
  std::optional<RowRegisters> registers;
  if (RowRegisters::fits(chain, longest, blockSize))
    registers.emplace(row, thread, isRow, longest, blockSize);
  for (auto [index, member] : llvm::enumerate(chain)) {
    linalg::GenericOp op = member;
    if (index > 0)
      gpu::BarrierOp::create(b, loc);
    if (registers && registers->isWholeRow(op)) {
      registers->emit(b, loc, op, isFirst);
      continue;
    }
    if (registers)
      registers->forget(op);
    SmallVector<Value> sizes = loopSizes(b, loc, op);
    SmallVector<Value> innerSizes(llvm::drop_begin(sizes));
    Value inner = arith::SelectOp::create(b, loc, isRow,
                                          product(b, loc, innerSizes), zero);
    auto pointAt = [&](OpBuilder &inner, Value position) {
      SmallVector<Value> ivs{row};
      llvm::append_range(ivs, delinearize(inner, loc, position, innerSizes));
      return ivs;
    };
    if (op.getNumReductionLoops() == 0) {
      emitStridedLoop(b, loc, thread, inner, blockSize, {},
                      [&](OpBuilder &body, Value position, ValueRange) {
                        SmallVector<Value> ivs = pointAt(body, position);
                        SmallVector<Value> outs =
                            loadOutputs(body, loc, op, ivs, /*all=*/false);
                        storeOutputs(body, loc, op, ivs,
                                     emitPayload(body, loc, op, ivs, outs));
                        return SmallVector<Value>();
                      });
      continue;
    }
    Operation *combiner = nullptr;
    gpu::AllReduceOperation kind = *matchBlockReduction(op, combiner);
    Value partial = emitStridedReduction(b, loc, op, combiner, thread, inner,
                                         blockSize, pointAt);
    SmallVector<Value> ivs(op.getNumLoops(), zero);
    ivs[0] = row;
    emitRowTotal(b, loc, op, kind, combiner, partial,
                 arith::AndIOp::create(b, loc, isRow, isFirst), ivs);
  }
}

/// Whether `op` stores one scalar into every element of its only output.
static bool isFill(Operation *op) {
  auto generic = dyn_cast_or_null<linalg::GenericOp>(op);
  if (!generic || generic.getNumDpsInputs() != 1 ||
      generic.getNumDpsInits() != 1 || generic.getNumReductionLoops() != 0 ||
      !generic.hasPureBufferSemantics())
    return false;
  Value input = generic.getDpsInputOperand(0)->get();
  if (isa<ShapedType>(input.getType()))
    return false;
  auto yield = cast<linalg::YieldOp>(generic.getBody()->getTerminator());
  return yield.getNumOperands() == 1 &&
         yield.getOperand(0) == generic.getBody()->getArgument(0);
}

void gpu_mapping::refillCopiesOfFills(func::FuncOp func) {
  SmallVector<gpu::MemcpyOp> copies;
  func.walk([&](gpu::MemcpyOp copy) {
    if (!copy.getAsyncToken() && copy.getAsyncDependencies().empty() &&
        copy.getSrc().getType() == copy.getDst().getType())
      copies.push_back(copy);
  });
  for (gpu::MemcpyOp copy : copies) {
    // The last op before the copy, in its block, that touches the source
    // (itself or an op nested in it; a view of it counts as touching).
    Value source = copy.getSrc();
    auto touches = [&](Operation *op) {
      return op
          ->walk([&](Operation *nested) {
            return llvm::is_contained(nested->getOperands(), source)
                       ? WalkResult::interrupt()
                       : WalkResult::advance();
          })
          .wasInterrupted();
    };
    Operation *writer = nullptr;
    for (Operation *op = copy->getPrevNode(); op && !writer;
         op = op->getPrevNode())
      if (touches(op))
        writer = op;
    if (!isFill(writer) ||
        cast<linalg::GenericOp>(writer).getDpsInits()[0] != source)
      continue;
    OpBuilder b(copy);
    IRMapping mapping;
    mapping.map(source, copy.getDst());
    b.clone(*writer, mapping);
    copy.erase();
  }
}
