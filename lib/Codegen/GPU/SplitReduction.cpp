//===- SplitReduction.cpp - reductions over columns and few long rows -----===//
//
// The mappings tfc-gpu-map-linalg gives the block reductions that one block
// per output element serves badly:
//
// - Column reductions (a reduce_sum over axis 0, a bias gradient), whose
//   neighbouring output elements are neighbours in memory: one thread per
//   output element walks down its column, so a warp's loads are coalesced
//   (a block per column reads one element per row, each from another
//   memory sector).
// - Few long rows (a reduce_sum over everything): each row is cut into
//   parts, one block per part.
//
// When the outputs alone give too few blocks, the reduced elements are cut
// into parts, a first kernel writes each part's partial result to a
// temporary buffer, and a second combines each output's partial results in
// a fixed order, so results do not depend on timing.
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

namespace {
/// Blocks a first stage aims for: a few per multiprocessor of a large GPU
/// (132 on an H100), enough to keep its memory system busy.
constexpr int64_t kTargetBlocks = 512;
/// Fewest rows of a column a thread reduces in a part: below it, writing
/// and combining partial results costs more than the parallelism gains.
constexpr int64_t kMinColumnPart = 16;
/// Fewest elements of a row a block reduces in a part (16 per thread of a
/// block of 256).
constexpr int64_t kMinRowPart = 4096;
/// Most rows that are cut into parts; more give enough blocks as they are.
constexpr int64_t kMaxSplitRows = kTargetBlocks / 8;
/// Shortest row (static) cut into parts: a block reads a shorter one in
/// about the time a second launch costs.
constexpr int64_t kMinSplitRow = 65536;
} // namespace

/// Whether neighbouring output elements of `op` read neighbouring elements:
/// every buffer the payload reads has the last parallel loop as its
/// unit-stride fastest index, or depends on no reduced loop (the same
/// element for a thread's whole column). A buffer read along the reduced
/// loops and broadcast over the columns (a convolution's input, a weight
/// per reduced row) leaves the block reduction, which reads it coalesced.
static bool readsAlongColumns(linalg::GenericOp op) {
  SmallVector<unsigned> parallel, reduced;
  op.getParallelDims(parallel);
  op.getReductionDims(reduced);
  if (parallel.empty())
    return false;
  unsigned last = parallel.back();
  bool alongColumns = false;
  for (OpOperand *input : op.getDpsInputOperands()) {
    auto type = dyn_cast<MemRefType>(input->get().getType());
    if (!type || op.getMatchingBlockArgument(input).use_empty())
      continue;
    AffineMap map = op.getMatchingIndexingMap(input);
    if (!map.isFunctionOfDim(last)) {
      if (llvm::any_of(reduced,
                       [&](unsigned d) { return map.isFunctionOfDim(d); }))
        return false;
      continue;
    }
    auto fastest = dyn_cast<AffineDimExpr>(map.getResults().back());
    if (!fastest || fastest.getPosition() != last ||
        !type.isLastDimUnitStride())
      return false;
    alongColumns = true;
  }
  return alongColumns;
}

/// The result of `combiner` over `partials[first + i * step]` for i below
/// `count`, unrolled like a row reduction, from `start` by `stride`.
static Value combineStored(OpBuilder &b, Location loc, Operation *combiner,
                           Value partials, Value first, Value step, Value start,
                           Value count, int64_t stride) {
  Value neutral =
      arith::ConstantOp::create(b, loc, *arith::getNeutralElement(combiner));
  SmallVector<Value> accumulators = emitStridedLoop(
      b, loc, start, count, stride, neutral,
      [&](OpBuilder &inner, Value i, ValueRange accumulator) {
        Value index = arith::AddIOp::create(
            inner, loc, first, arith::MulIOp::create(inner, loc, i, step));
        Value partial = memref::LoadOp::create(inner, loc, partials, index);
        return SmallVector<Value>{
            combinePartials(inner, combiner, {accumulator[0], partial})};
      });
  return combinePartials(b, combiner, accumulators);
}

/// A device buffer of `count` partial results of `combiner`'s type.
static Value allocatePartials(OpBuilder &b, Location loc, Operation *combiner,
                              Value count) {
  std::optional<int64_t> known = getConstantIntValue(count);
  auto type = MemRefType::get({known ? *known : ShapedType::kDynamic},
                              combiner->getResult(0).getType());
  SmallVector<Value> dynamicSizes;
  if (!known)
    dynamicSizes.push_back(count);
  return gpu::AllocOp::create(b, loc, type, /*asyncToken=*/Type(), ValueRange{},
                              dynamicSizes, ValueRange{},
                              /*hostShared=*/false)
      .getMemref();
}

/// How many parts to cut `length` reduced elements into: enough for
/// `wanted` blocks of `existing` blocks, at least `minPart` elements each,
/// at least one.
static Value partCount(OpBuilder &b, Location loc, Value existing, Value length,
                       int64_t minPart) {
  // No outputs launch one block all the same.
  Value wanted = b.createOrFold<arith::CeilDivUIOp>(
      loc, indexConstant(b, loc, kTargetBlocks),
      b.createOrFold<arith::MaxUIOp>(loc, existing, indexConstant(b, loc, 1)));
  Value most = b.createOrFold<arith::CeilDivUIOp>(
      loc, length, indexConstant(b, loc, minPart));
  return b.createOrFold<arith::MaxUIOp>(
      loc, b.createOrFold<arith::MinUIOp>(loc, wanted, most),
      indexConstant(b, loc, 1));
}

/// The global index of thread `thread` of block `block` of `size` threads.
static Value globalIndex(OpBuilder &b, Location loc, Value block, Value thread,
                         int64_t size) {
  return arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, block, indexConstant(b, loc, size)),
      thread);
}

/// A column reduction: a thread per output element, the reduced elements
/// cut into `parts` along the grid's y.
static void mapColumnReduction(OpBuilder &b, linalg::GenericOp op,
                               Operation *combiner, int64_t maxBlockSize) {
  Location loc = op.getLoc();
  IterationSpace space = iterationSpace(b, loc, op);
  SmallVector<Value> parallelSizes = space.sizesOf(space.parallelDims);
  SmallVector<Value> reducedSizes = space.sizesOf(space.reductionDims);
  Value outputs = product(b, loc, parallelSizes);
  Value reduced = product(b, loc, reducedSizes);
  int64_t blockSize =
      rowBlockSize(getConstantIntValue(outputs), maxBlockSize, /*wide=*/false);
  Value columnBlocks = b.createOrFold<arith::CeilDivUIOp>(
      loc, outputs, indexConstant(b, loc, blockSize));
  Value parts = partCount(b, loc, columnBlocks, reduced, kMinColumnPart);
  bool oneStage = getConstantIntValue(parts) == 1;
  Value partials;
  if (!oneStage)
    partials = allocatePartials(
        b, loc, combiner, b.createOrFold<arith::MulIOp>(loc, parts, outputs));
  Value partLength = b.createOrFold<arith::CeilDivUIOp>(loc, reduced, parts);

  OpBuilder::InsertionGuard guard(b);
  Value one = indexConstant(b, loc, 1);
  gpu::LaunchOp first =
      createLaunch(b, loc, {columnBlocks, parts, one}, {blockSize, 1, 1});
  Value output = globalIndex(b, loc, first.getBlockIds().x,
                             first.getThreadIds().x, blockSize);
  auto inRange = scf::IfOp::create(
      b, loc,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, output, outputs),
      false);
  b.setInsertionPointToStart(&inRange.getThenRegion().front());
  SmallVector<Value> parallelIvs = delinearize(b, loc, output, parallelSizes);
  Value begin =
      arith::MulIOp::create(b, loc, first.getBlockIds().y, partLength);
  Value end = arith::MinUIOp::create(
      b, loc, arith::AddIOp::create(b, loc, begin, partLength), reduced);
  Value partial = emitStridedReduction(
      b, loc, op, combiner, begin, end, 1,
      [&](OpBuilder &inner, Value position) {
        return space.merge(parallelIvs,
                           delinearize(inner, loc, position, reducedSizes));
      });
  if (oneStage) {
    storeCombined(b, loc, op, combiner, partial,
                  space.outputPoint(b, loc, parallelIvs));
    return;
  }
  Value slot = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, first.getBlockIds().y, outputs),
      output);
  memref::StoreOp::create(b, loc, partial, partials, slot);

  // The second stage: each output's partial results, in order.
  b.setInsertionPointAfter(first);
  gpu::LaunchOp second =
      createLaunch(b, loc, {columnBlocks, one, one}, {blockSize, 1, 1});
  output = globalIndex(b, loc, second.getBlockIds().x, second.getThreadIds().x,
                       blockSize);
  inRange = scf::IfOp::create(
      b, loc,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, output, outputs),
      false);
  b.setInsertionPointToStart(&inRange.getThenRegion().front());
  Value total = combineStored(b, loc, combiner, partials, output, outputs,
                              indexConstant(b, loc, 0), parts, 1);
  storeCombined(
      b, loc, op, combiner, total,
      space.outputPoint(b, loc, delinearize(b, loc, output, parallelSizes)));
}

/// The rows of `op` (static) when they are few and long enough to be cut
/// into parts.
static std::optional<int64_t> splitRowCount(linalg::GenericOp op) {
  int64_t rows = 1, length = 1;
  for (auto [size, type] :
       llvm::zip(op.getStaticLoopRanges(), op.getIteratorTypesArray())) {
    if (ShapedType::isDynamic(size))
      return std::nullopt;
    (type == utils::IteratorType::reduction ? length : rows) *= size;
  }
  if (rows < 1 || rows > kMaxSplitRows || length < kMinSplitRow)
    return std::nullopt;
  return rows;
}

bool gpu_mapping::isSplitRowReduction(linalg::GenericOp op) {
  Operation *combiner = nullptr;
  return matchBlockReduction(op, combiner) && !readsAlongColumns(op) &&
         splitRowCount(op);
}

/// Few long rows: each row cut into parts along the grid's y, a block
/// reducing each part; a second kernel, a block per row, combines them.
/// Fails, creating nothing, when the rows are many or short.
static LogicalResult mapSplitRows(OpBuilder &b, linalg::GenericOp op,
                                  gpu::AllReduceOperation kind,
                                  Operation *combiner, int64_t blockSize) {
  std::optional<int64_t> rows = splitRowCount(op);
  if (!rows)
    return failure();
  Location loc = op.getLoc();
  IterationSpace space = iterationSpace(b, loc, op);
  SmallVector<Value> parallelSizes = space.sizesOf(space.parallelDims);
  SmallVector<Value> reducedSizes = space.sizesOf(space.reductionDims);
  Value rowCount = indexConstant(b, loc, *rows);
  Value reduced = product(b, loc, reducedSizes);
  Value parts = partCount(b, loc, rowCount, reduced, kMinRowPart);
  Value partials = allocatePartials(
      b, loc, combiner, b.createOrFold<arith::MulIOp>(loc, parts, rowCount));
  // A whole number of the block's strides: each warp's loads start at a
  // multiple of 32 elements of the row.
  Value stride = indexConstant(b, loc, blockSize);
  Value partLength = b.createOrFold<arith::MulIOp>(
      loc,
      b.createOrFold<arith::CeilDivUIOp>(
          loc, b.createOrFold<arith::CeilDivUIOp>(loc, reduced, parts), stride),
      stride);

  OpBuilder::InsertionGuard guard(b);
  Value one = indexConstant(b, loc, 1);
  Value zero = indexConstant(b, loc, 0);
  gpu::LaunchOp first =
      createLaunch(b, loc, {rowCount, parts, one}, {blockSize, 1, 1});
  Value row = first.getBlockIds().x, part = first.getBlockIds().y;
  SmallVector<Value> rowIvs = delinearize(b, loc, row, parallelSizes);
  Value begin = arith::MulIOp::create(b, loc, part, partLength);
  Value end = arith::MinUIOp::create(
      b, loc, arith::AddIOp::create(b, loc, begin, partLength), reduced);
  Value partial = emitStridedReduction(
      b, loc, op, combiner,
      arith::AddIOp::create(b, loc, begin, first.getThreadIds().x), end,
      blockSize, [&](OpBuilder &inner, Value position) {
        return space.merge(rowIvs,
                           delinearize(inner, loc, position, reducedSizes));
      });
  // Every thread reaches the all-reduce; thread 0 stores the part's total.
  Value total = gpu::AllReduceOp::create(
                    b, loc, partial,
                    gpu::AllReduceOperationAttr::get(b.getContext(), kind),
                    /*uniform=*/true)
                    .getResult();
  auto isFirstThread =
      scf::IfOp::create(b, loc,
                        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                              first.getThreadIds().x, zero),
                        false);
  b.setInsertionPointToStart(&isFirstThread.getThenRegion().front());
  memref::StoreOp::create(
      b, loc, total, partials,
      ValueRange{arith::AddIOp::create(
          b, loc, arith::MulIOp::create(b, loc, row, parts), part)});

  // The second stage: a block per row over its parts' results, in order.
  b.setInsertionPointAfter(first);
  int64_t secondBlockSize = rowBlockSize(getConstantIntValue(parts), blockSize,
                                         /*wide=*/false);
  gpu::LaunchOp second =
      createLaunch(b, loc, {rowCount, one, one}, {secondBlockSize, 1, 1});
  row = second.getBlockIds().x;
  Value rowPartial = combineStored(
      b, loc, combiner, partials, arith::MulIOp::create(b, loc, row, parts),
      one, second.getThreadIds().x, parts, secondBlockSize);
  Value isFirst = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                        second.getThreadIds().x, zero);
  emitRowTotal(
      b, loc, op, kind, combiner, rowPartial, isFirst,
      space.outputPoint(b, loc, delinearize(b, loc, row, parallelSizes)));
  return success();
}

LogicalResult gpu_mapping::mapSplitReduction(OpBuilder &b, linalg::GenericOp op,
                                             gpu::AllReduceOperation kind,
                                             Operation *combiner,
                                             int64_t maxBlockSize) {
  if (readsAlongColumns(op)) {
    mapColumnReduction(b, op, combiner, maxBlockSize);
    return success();
  }
  return mapSplitRows(b, op, kind, combiner, maxBlockSize);
}
