//===- RowRegisters.cpp - a row chain's elements kept in registers --------===//
//
// A softmax row chain passes over its row three times (the maximum, the
// sums of exponentials, the division). Strided loops reload the row in
// every pass: from the L1 or L2 cache when it is still there, which with
// rows of 32 KiB and 8 blocks a multiprocessor it often is not. When the
// row is short enough that each thread holds its elements in registers
// (at most kMaxPerThread), every pass is unrolled over the thread's
// positions and an element an earlier pass loaded or stored is taken from
// the register: the row is read from memory once.
//
//===----------------------------------------------------------------------===//

#include "Mapping.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::tfc;
using namespace mlir::tfc::gpu_mapping;

/// Elements of a row a thread keeps at most (registers of each buffer the
/// chain keeps: the input, and what a pass writes for a later one).
static constexpr int64_t kMaxPerThread = 32;

/// The product of an op's static inner loop sizes (all but the row loop),
/// or nullopt when one is dynamic.
static std::optional<int64_t> innerLength(linalg::GenericOp op) {
  int64_t inner = 1;
  for (int64_t size : llvm::drop_begin(op.getStaticLoopRanges())) {
    if (ShapedType::isDynamic(size))
      return std::nullopt;
    inner *= size;
  }
  return inner;
}

bool RowRegisters::fits(ArrayRef<linalg::GenericOp> chain, int64_t length,
                        int64_t blockSize) {
  if (ShapedType::isDynamic(length) || length <= 1 ||
      llvm::divideCeil(length, blockSize) > kMaxPerThread)
    return false;
  return llvm::all_of(chain, [&](linalg::GenericOp op) {
    std::optional<int64_t> inner = innerLength(op);
    return inner && (*inner == 1 || *inner == length);
  });
}

bool RowRegisters::isWholeRow(linalg::GenericOp op) const {
  std::optional<int64_t> inner = innerLength(op);
  return inner && *inner == length;
}

/// The iteration point of the thread's k-th position of `op`'s row, and
/// in `valid` whether it exists (the block has a row, the position is in
/// it).
SmallVector<Value> RowRegisters::point(OpBuilder &b, Location loc,
                                       linalg::GenericOp op, int64_t k,
                                       Value &valid) {
  Value position = arith::AddIOp::create(b, loc, thread,
                                         indexConstant(b, loc, k * blockSize));
  valid = isRow;
  if ((k + 1) * blockSize > length)
    valid = arith::AndIOp::create(
        b, loc, isRow,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, position,
                              indexConstant(b, loc, length)));
  SmallVector<Value> innerSizes = llvm::map_to_vector(
      llvm::drop_begin(op.getStaticLoopRanges()),
      [&](int64_t size) { return indexConstant(b, loc, size); });
  SmallVector<Value> ivs{row};
  llvm::append_range(ivs, delinearize(b, loc, position, innerSizes));
  return ivs;
}

/// The same element at every position: the operand is indexed by the row
/// alone (a row total).
static bool isPerRow(AffineMap map) {
  return map.getNumResults() == 1 && map.getDimPosition(0) == 0;
}

Value RowRegisters::element(OpBuilder &b, Location loc, linalg::GenericOp op,
                            OpOperand &operand, ArrayRef<Value> ivs, int64_t k,
                            Value valid) {
  Value buffer = operand.get();
  if (!isa<MemRefType>(buffer.getType()))
    return buffer;
  AffineMap map = op.getMatchingIndexingMap(&operand);
  // Only where the element is this thread's own (an identity map over the
  // op's loops) or the row's one value.
  std::optional<int64_t> slot;
  if (map.isIdentity())
    slot = k;
  else if (map.isProjectedPermutation() && isPerRow(map))
    slot = -1;
  if (slot)
    if (auto it = kept.find({buffer, *slot}); it != kept.end())
      return it->second;
  SmallVector<Value> indices = indicesAt(b, loc, map, ivs);
  Type type = cast<MemRefType>(buffer.getType()).getElementType();
  // A block without a row (an empty batch) loads nothing.
  auto load = scf::IfOp::create(
      b, loc, valid,
      [&](OpBuilder &then, Location loc) {
        scf::YieldOp::create(
            then, loc,
            ValueRange{memref::LoadOp::create(then, loc, buffer, indices)});
      },
      [&](OpBuilder &otherwise, Location loc) {
        Value zero = arith::ConstantOp::create(
            otherwise, loc, cast<TypedAttr>(otherwise.getZeroAttr(type)));
        scf::YieldOp::create(otherwise, loc, zero);
      });
  Value value = load.getResult(0);
  if (slot)
    kept[{buffer, *slot}] = value;
  return value;
}

void RowRegisters::emit(OpBuilder &b, Location loc, linalg::GenericOp op,
                        Value isFirst) {
  int64_t positions = llvm::divideCeil(length, blockSize);
  auto inputsAt = [&](ArrayRef<Value> ivs, int64_t k, Value valid) {
    SmallVector<Value> inputs;
    for (OpOperand *input : op.getDpsInputOperands())
      inputs.push_back(op.getMatchingBlockArgument(input).use_empty()
                           ? Value()
                           : element(b, loc, op, *input, ivs, k, valid));
    return inputs;
  };
  if (op.getNumReductionLoops() == 0) {
    for (int64_t k = 0; k < positions; ++k) {
      Value valid;
      SmallVector<Value> ivs = point(b, loc, op, k, valid);
      SmallVector<Value> inputs = inputsAt(ivs, k, valid);
      SmallVector<Value> outs;
      for (OpOperand &init : op.getDpsInitsMutable())
        outs.push_back(op.getMatchingBlockArgument(&init).use_empty()
                           ? Value()
                           : element(b, loc, op, init, ivs, k, valid));
      SmallVector<Value> results = clonePayload(b, op, ivs, inputs, outs);
      for (auto [init, value] : llvm::zip(op.getDpsInitsMutable(), results)) {
        AffineMap map = op.getMatchingIndexingMap(&init);
        SmallVector<Value> indices = indicesAt(b, loc, map, ivs);
        auto store = scf::IfOp::create(b, loc, valid, false);
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPointToStart(&store.getThenRegion().front());
        memref::StoreOp::create(b, loc, value, init.get(), indices);
        if (map.isIdentity())
          kept[{init.get(), k}] = value;
        else
          forget(init.get());
      }
    }
    return;
  }
  Operation *combiner = nullptr;
  gpu::AllReduceOperation kind = *matchBlockReduction(op, combiner);
  Value neutral =
      arith::ConstantOp::create(b, loc, *arith::getNeutralElement(combiner));
  // Independent accumulators, so consecutive positions do not wait on
  // each other's combine.
  SmallVector<Value> partials(4, neutral);
  for (int64_t k = 0; k < positions; ++k) {
    Value valid;
    SmallVector<Value> ivs = point(b, loc, op, k, valid);
    SmallVector<Value> inputs = inputsAt(ivs, k, valid);
    Value &partial = partials[k % partials.size()];
    Value next = clonePayload(b, op, ivs, inputs, {partial})[0];
    // A position past the row's end adds nothing (a block without a row
    // stores no total).
    partial = (k + 1) * blockSize > length
                  ? arith::SelectOp::create(b, loc, valid, next, partial)
                  : next;
  }
  Value total = combinePartials(b, combiner, partials);
  SmallVector<Value> ivs(op.getNumLoops(), indexConstant(b, loc, 0));
  ivs[0] = row;
  emitRowTotal(b, loc, op, kind, combiner, total,
               arith::AndIOp::create(b, loc, isRow, isFirst), ivs);
  forget(op);
}

void RowRegisters::forget(Value buffer) {
  for (int64_t k = -1, e = llvm::divideCeil(length, blockSize); k < e; ++k)
    kept.erase({buffer, k});
}

void RowRegisters::forget(linalg::GenericOp op) {
  for (Value init : op.getDpsInits())
    forget(init);
}
