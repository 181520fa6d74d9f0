//===- MapLinalg.cpp - the tfc-gpu-map-linalg pass ------------------------===//
//
// Maps linalg ops on device buffers to gpu.launch: element-wise ops over a
// 1-d grid, row reductions one block per row with a block-level all-reduce
// (column reductions and few long rows in two stages, SplitReduction.cpp),
// matmul-like contractions as shared-memory tiles (TiledContraction.cpp),
// runs of row ops over the same rows as one kernel (RowChain.cpp),
// other contractions and reductions as 2-d thread tiles.
//
//===----------------------------------------------------------------------===//

#include "Mapping.h"

#include "tfc/Codegen/GPU/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/ADT/bit.h"

namespace mlir::tfc {
#define GEN_PASS_DEF_TFCGPUMAPLINALG
#include "tfc/Codegen/GPU/Passes.h.inc"
} // namespace mlir::tfc

using namespace mlir;
using namespace mlir::tfc;
using namespace mlir::tfc::gpu_mapping;

/// Threads per side of a contraction's 2-d tile.
static constexpr int64_t kTileSide = 16;

Value gpu_mapping::indexConstant(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantIndexOp::create(b, loc, value);
}

Value gpu_mapping::product(OpBuilder &b, Location loc,
                          ArrayRef<Value> values) {
  int64_t known = 1;
  Value dynamic;
  for (Value value : values) {
    if (std::optional<int64_t> constant = getConstantIntValue(value)) {
      known *= *constant;
      continue;
    }
    dynamic =
        dynamic ? arith::MulIOp::create(b, loc, dynamic, value).getResult()
                : value;
  }
  Value result = indexConstant(b, loc, known);
  if (!dynamic)
    return result;
  return known == 1 ? dynamic
                    : arith::MulIOp::create(b, loc, dynamic, result).getResult();
}

SmallVector<Value> gpu_mapping::delinearize(OpBuilder &b, Location loc,
                                            Value linear,
                                            ArrayRef<Value> sizes) {
  SmallVector<Value> indices(sizes.size());
  for (int64_t i = static_cast<int64_t>(sizes.size()) - 1; i > 0; --i) {
    indices[i] = arith::RemUIOp::create(b, loc, linear, sizes[i]);
    linear = arith::DivUIOp::create(b, loc, linear, sizes[i]);
  }
  if (!sizes.empty())
    indices[0] = linear;
  return indices;
}

SmallVector<Value> gpu_mapping::indicesAt(OpBuilder &b, Location loc,
                                          AffineMap map, ValueRange ivs) {
  SmallVector<Value> indices;
  SmallVector<OpFoldResult> operands = getAsOpFoldResult(ivs);
  for (unsigned i = 0, e = map.getNumResults(); i < e; ++i)
    indices.push_back(getValueOrCreateConstantIndexOp(
        b, loc,
        affine::makeComposedFoldedAffineApply(b, loc, map.getSubMap({i}),
                                              operands)));
  return indices;
}

/// Loads the outputs at `ivs` whose block arguments the payload reads;
/// the others are null.
SmallVector<Value> gpu_mapping::loadOutputs(OpBuilder &b, Location loc,
                                      linalg::GenericOp op, ValueRange ivs,
                                      bool all) {
  SmallVector<Value> values;
  for (OpOperand &init : op.getDpsInitsMutable()) {
    if (!all && op.getMatchingBlockArgument(&init).use_empty()) {
      values.push_back(Value());
      continue;
    }
    values.push_back(memref::LoadOp::create(
        b, loc, init.get(),
        indicesAt(b, loc, op.getMatchingIndexingMap(&init), ivs)));
  }
  return values;
}

/// Clones the payload of `op` at iteration point `ivs`, the output block
/// arguments taking `outs`; returns the yielded values.
SmallVector<Value> gpu_mapping::emitPayload(OpBuilder &b, Location loc,
                                      linalg::GenericOp op, ValueRange ivs,
                                      ValueRange outs) {
  SmallVector<Value> inputs;
  for (OpOperand *input : op.getDpsInputOperands()) {
    Value value = input->get();
    if (isa<MemRefType>(value.getType()))
      value =
          op.getMatchingBlockArgument(input).use_empty()
              ? Value()
              : memref::LoadOp::create(
                    b, loc, value,
                    indicesAt(b, loc, op.getMatchingIndexingMap(input), ivs));
    inputs.push_back(value);
  }
  return clonePayload(b, op, ivs, inputs, outs);
}

SmallVector<Value> gpu_mapping::clonePayload(OpBuilder &b, linalg::GenericOp op,
                                             ValueRange ivs, ValueRange inputs,
                                             ValueRange outs) {
  IRMapping mapping;
  for (auto [input, value] : llvm::zip(op.getDpsInputOperands(), inputs))
    if (value)
      mapping.map(op.getMatchingBlockArgument(input), value);
  for (auto [arg, value] : llvm::zip(op.getRegionOutputArgs(), outs))
    if (value)
      mapping.map(arg, value);
  Block *body = op.getBody();
  for (Operation &nested : body->without_terminator()) {
    if (auto index = dyn_cast<linalg::IndexOp>(nested)) {
      mapping.map(index.getResult(), ivs[index.getDim()]);
      continue;
    }
    b.clone(nested, mapping);
  }
  return llvm::map_to_vector(body->getTerminator()->getOperands(),
                             [&](Value v) { return mapping.lookupOrDefault(v); });
}

void gpu_mapping::storeOutputs(OpBuilder &b, Location loc,
                               linalg::GenericOp op,
                         ValueRange ivs, ValueRange values) {
  for (auto [init, value] : llvm::zip(op.getDpsInitsMutable(), values))
    memref::StoreOp::create(
        b, loc, value, init.get(),
        indicesAt(b, loc, op.getMatchingIndexingMap(&init), ivs));
}

Value gpu_mapping::atLeastOne(OpBuilder &b, Location loc, Value value) {
  return arith::MaxUIOp::create(b, loc, value, indexConstant(b, loc, 1));
}

gpu::LaunchOp gpu_mapping::createLaunch(OpBuilder &b, Location loc,
                                        ArrayRef<Value> grid,
                                        ArrayRef<int64_t> block) {
  auto launch = gpu::LaunchOp::create(
      b, loc, atLeastOne(b, loc, grid[0]), atLeastOne(b, loc, grid[1]),
      atLeastOne(b, loc, grid[2]), indexConstant(b, loc, block[0]),
      indexConstant(b, loc, block[1]), indexConstant(b, loc, block[2]));
  Block &body = launch.getBody().front();
  b.setInsertionPointToEnd(&body);
  auto terminator = gpu::TerminatorOp::create(b, loc);
  b.setInsertionPoint(terminator);
  return launch;
}

SmallVector<Value> gpu_mapping::loopSizes(OpBuilder &b, Location loc,
                                          linalg::GenericOp op) {
  SmallVector<Value> sizes;
  for (Range range :
       cast<linalg::LinalgOp>(op.getOperation()).createLoopRanges(b, loc))
    sizes.push_back(getValueOrCreateConstantIndexOp(b, loc, range.size));
  return sizes;
}

IterationSpace gpu_mapping::iterationSpace(OpBuilder &b, Location loc,
                                           linalg::GenericOp op) {
  IterationSpace space;
  space.sizes = loopSizes(b, loc, op);
  for (auto [d, type] : llvm::enumerate(op.getIteratorTypesArray()))
    (type == utils::IteratorType::reduction ? space.reductionDims
                                       : space.parallelDims)
        .push_back(d);
  return space;
}

/// Element-wise: one thread per point, 1-d grid, last dimension fastest.
static void mapElementwise(OpBuilder &b, linalg::GenericOp op,
                           int64_t blockSize) {
  Location loc = op.getLoc();
  IterationSpace space = iterationSpace(b, loc, op);
  Value total = product(b, loc, space.sizes);
  Value blockCount = arith::CeilDivUIOp::create(
      b, loc, total, indexConstant(b, loc, blockSize));
  Value one = indexConstant(b, loc, 1);
  gpu::LaunchOp launch =
      createLaunch(b, loc, {blockCount, one, one}, {blockSize, 1, 1});
  Value linear = arith::AddIOp::create(
      b, loc,
      arith::MulIOp::create(b, loc, launch.getBlockIds().x,
                            indexConstant(b, loc, blockSize)),
      launch.getThreadIds().x);
  Value inRange = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                        linear, total);
  auto guard = scf::IfOp::create(b, loc, inRange, false);
  b.setInsertionPointToStart(&guard.getThenRegion().front());
  SmallVector<Value> ivs = delinearize(b, loc, linear, space.sizes);
  SmallVector<Value> outs = loadOutputs(b, loc, op, ivs, /*all=*/false);
  storeOutputs(b, loc, op, ivs, emitPayload(b, loc, op, ivs, outs));
}

/// The all-reduce kind of a reduction whose single output is combined by
/// one associative, commutative op of a 32-bit value; sets `combiner`.
std::optional<gpu::AllReduceOperation>
gpu_mapping::matchBlockReduction(linalg::GenericOp op, Operation *&combiner) {
  if (op.getNumDpsInits() != 1)
    return std::nullopt;
  BlockArgument out = op.getRegionOutputArgs()[0];
  Type type = out.getType();
  if (!out.hasOneUse() || !(type.isF32() || type.isInteger(32)))
    return std::nullopt;
  Operation *def = op.getBody()->getTerminator()->getOperand(0).getDefiningOp();
  if (!def || def != *out.getUsers().begin() || def->getNumOperands() != 2 ||
      def->getOperand(0) == def->getOperand(1))
    return std::nullopt;
  using Kind = gpu::AllReduceOperation;
  std::optional<Kind> kind =
      llvm::TypeSwitch<Operation *, std::optional<Kind>>(def)
          .Case<arith::AddFOp, arith::AddIOp>([](auto) { return Kind::ADD; })
          .Case<arith::MulFOp, arith::MulIOp>([](auto) { return Kind::MUL; })
          .Case<arith::MaximumFOp>([](auto) { return Kind::MAXIMUMF; })
          .Case<arith::MinimumFOp>([](auto) { return Kind::MINIMUMF; })
          .Case<arith::MaxNumFOp>([](auto) { return Kind::MAXNUMF; })
          .Case<arith::MinNumFOp>([](auto) { return Kind::MINNUMF; })
          .Case<arith::MaxSIOp>([](auto) { return Kind::MAXSI; })
          .Case<arith::MinSIOp>([](auto) { return Kind::MINSI; })
          .Case<arith::MaxUIOp>([](auto) { return Kind::MAXUI; })
          .Case<arith::MinUIOp>([](auto) { return Kind::MINUI; })
          .Case<arith::AndIOp>([](auto) { return Kind::AND; })
          .Case<arith::OrIOp>([](auto) { return Kind::OR; })
          .Case<arith::XOrIOp>([](auto) { return Kind::XOR; })
          .Default([](Operation *) { return std::nullopt; });
  if (!kind || !arith::getNeutralElement(def))
    return std::nullopt;
  combiner = def;
  return kind;
}

/// Iterations a thread unrolls when it strides over a row: each iteration
/// loads independently of the others, so a thread keeps this many loads in
/// flight instead of waiting for each before issuing the next.
static constexpr int64_t kStrideUnroll = 4;

/// Runs `body` at positions start, start + step, ... below `count`, with
/// `kStrideUnroll` positions per iteration of the loop, each guarded; the
/// body gets the position and its accumulator and returns the new one
/// (none without `inits`). Returns the accumulators, one per unrolled
/// position.
SmallVector<Value> gpu_mapping::emitStridedLoop(
    OpBuilder &b, Location loc, Value start, Value count, int64_t step,
    ValueRange inits,
    function_ref<SmallVector<Value>(OpBuilder &, Value, ValueRange)> body) {
  SmallVector<Value> carried;
  for (int64_t u = 0; u < kStrideUnroll; ++u)
    llvm::append_range(carried, inits);
  auto loop = scf::ForOp::create(b, loc, start, count,
                                 indexConstant(b, loc, step * kStrideUnroll),
                                 carried);
  OpBuilder::InsertionGuard guard(b);
  // A loop without results already has its terminator.
  if (carried.empty())
    b.setInsertionPoint(loop.getBody()->getTerminator());
  else
    b.setInsertionPointToStart(loop.getBody());
  size_t width = inits.size();
  SmallVector<Value> next;
  for (int64_t u = 0; u < kStrideUnroll; ++u) {
    Value position = arith::AddIOp::create(b, loc, loop.getInductionVar(),
                                           indexConstant(b, loc, u * step));
    ValueRange accumulators =
        loop.getRegionIterArgs().slice(u * width, width);
    Value inRange = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                          position, count);
    auto guarded = scf::IfOp::create(
        b, loc, inRange,
        [&](OpBuilder &then, Location loc) {
          scf::YieldOp::create(then, loc, body(then, position, accumulators));
        },
        [&](OpBuilder &otherwise, Location loc) {
          scf::YieldOp::create(otherwise, loc, accumulators);
        });
    llvm::append_range(next, guarded.getResults());
  }
  if (!carried.empty())
    scf::YieldOp::create(b, loc, next);
  return SmallVector<Value>(loop.getResults());
}

/// A thread's partial result of the reduction `op` over the positions from
/// `start` by `step` below `count`: the unrolled accumulators combined.
Value gpu_mapping::emitStridedReduction(
    OpBuilder &b, Location loc, linalg::GenericOp op, Operation *combiner,
    Value start, Value count, int64_t step,
    function_ref<SmallVector<Value>(OpBuilder &, Value)> pointAt) {
  Value neutral = arith::ConstantOp::create(
      b, loc, *arith::getNeutralElement(combiner));
  SmallVector<Value> partials = emitStridedLoop(
      b, loc, start, count, step, neutral,
      [&](OpBuilder &inner, Value position, ValueRange accumulators) {
        return emitPayload(inner, loc, op, pointAt(inner, position),
                           accumulators);
      });
  return combinePartials(b, combiner, partials);
}

Value gpu_mapping::combinePartials(OpBuilder &b, Operation *combiner,
                                   ArrayRef<Value> partials) {
  Value total = partials.front();
  for (Value partial : llvm::drop_begin(partials)) {
    IRMapping mapping;
    mapping.map(combiner->getOperand(0), total);
    mapping.map(combiner->getOperand(1), partial);
    total = b.clone(*combiner, mapping)->getResult(0);
  }
  return total;
}

/// Threads of a block that works on rows of `length` elements (unknown:
/// nullopt). A short row needs fewer threads, but at least a warp. With
/// `wide`, a long one gets up to 1024, about 8 elements each per pass over
/// the row. Measured on an H100 over rows of 8192: a kernel that passes
/// over its rows once gains (the row maxima of relu(a * b + c) * 0.5 over
/// three [8192, 8192] arrays: 320 to 288 us), one that passes three times
/// (a softmax) loses (182 to 215 us), so only single passes are wide.
int64_t gpu_mapping::rowBlockSize(std::optional<int64_t> length,
                            int64_t maxBlockSize, bool wide) {
  if (!length)
    return maxBlockSize;
  if (*length <= maxBlockSize)
    return std::clamp<int64_t>(llvm::PowerOf2Ceil(*length), 32, maxBlockSize);
  if (!wide)
    return maxBlockSize;
  return std::clamp<int64_t>(static_cast<int64_t>(
                                 llvm::bit_floor(uint64_t(*length / 8))), maxBlockSize,
                             1024);
}

/// Combines the block's partial results of the reduction `op` with
/// `gpu.all_reduce` (outside control flow: every thread reaches it), then
/// thread 0 of a block with a row (`isFirst`) combines the total with the
/// output's value at `ivs` and stores it there.
void gpu_mapping::emitRowTotal(OpBuilder &b, Location loc,
                               linalg::GenericOp op,
                         gpu::AllReduceOperation kind, Operation *combiner,
                         Value partial, Value isFirst, ArrayRef<Value> ivs) {
  Value total = gpu::AllReduceOp::create(
                    b, loc, partial,
                    gpu::AllReduceOperationAttr::get(b.getContext(), kind),
                    /*uniform=*/true)
                    .getResult();
  auto first = scf::IfOp::create(b, loc, isFirst, false);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&first.getThenRegion().front());
  storeCombined(b, loc, op, combiner, total, ivs);
}

void gpu_mapping::storeCombined(OpBuilder &b, Location loc,
                                linalg::GenericOp op, Operation *combiner,
                                Value total, ArrayRef<Value> ivs) {
  Value initial = loadOutputs(b, loc, op, ivs, /*all=*/true)[0];
  IRMapping mapping;
  BlockArgument out = op.getRegionOutputArgs()[0];
  for (Value operand : combiner->getOperands())
    mapping.map(operand, operand == out ? initial : total);
  storeOutputs(b, loc, op, ivs, b.clone(*combiner, mapping)->getResult(0));
}

/// A row reduction: one block per output element; its threads stride over
/// the reduced elements, `gpu.all_reduce` combines their partial results,
/// and thread 0 combines the total with the output's initial value.
static void mapBlockReduction(OpBuilder &b, linalg::GenericOp op,
                              gpu::AllReduceOperation kind,
                              Operation *combiner, int64_t maxBlockSize) {
  Location loc = op.getLoc();
  IterationSpace space = iterationSpace(b, loc, op);
  SmallVector<Value> rowSizes = space.sizesOf(space.parallelDims);
  SmallVector<Value> reducedSizes = space.sizesOf(space.reductionDims);
  Value rows = product(b, loc, rowSizes);
  Value reduced = product(b, loc, reducedSizes);
  int64_t blockSize =
      rowBlockSize(getConstantIntValue(reduced), maxBlockSize, /*wide=*/true);
  Value one = indexConstant(b, loc, 1);
  gpu::LaunchOp launch =
      createLaunch(b, loc, {rows, one, one}, {blockSize, 1, 1});
  // Without rows, the one block launched reads and writes nothing; the
  // all-reduce stays outside control flow, as every thread must reach it.
  Value isRow = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                      launch.getBlockIds().x, rows);
  SmallVector<Value> nonEmptySizes = llvm::map_to_vector(
      rowSizes, [&](Value size) { return atLeastOne(b, loc, size); });
  SmallVector<Value> rowIvs =
      delinearize(b, loc, launch.getBlockIds().x, nonEmptySizes);
  reduced = arith::SelectOp::create(b, loc, isRow, reduced,
                                    indexConstant(b, loc, 0));

  Value partial = emitStridedReduction(
      b, loc, op, combiner, launch.getThreadIds().x, reduced, blockSize,
      [&](OpBuilder &inner, Value position) {
        return space.merge(
            rowIvs, delinearize(inner, loc, position, reducedSizes));
      });
  Value isFirst = arith::AndIOp::create(
      b, loc, isRow,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                            launch.getThreadIds().x, indexConstant(b, loc, 0)));
  Value zero = indexConstant(b, loc, 0);
  SmallVector<Value> ivs =
      space.merge(rowIvs, SmallVector<Value>(reducedSizes.size(), zero));
  emitRowTotal(b, loc, op, kind, combiner, partial, isFirst, ivs);
}

/// One thread per output element, serial over the reduced elements: 16x16
/// tiles over the last two parallel dimensions, the others on the grid's z.
/// A single output filled with `filled` just before starts from it instead
/// of being loaded.
static void mapThreadPerOutput(OpBuilder &b, linalg::GenericOp op,
                               int64_t blockSize, Value filled = Value()) {
  Location loc = op.getLoc();
  IterationSpace space = iterationSpace(b, loc, op);
  SmallVector<Value> outSizes = space.sizesOf(space.parallelDims);
  SmallVector<Value> reducedSizes = space.sizesOf(space.reductionDims);
  Value reduced = product(b, loc, reducedSizes);
  Value one = indexConstant(b, loc, 1);
  size_t numOut = outSizes.size();
  Value columns = numOut >= 1 ? outSizes[numOut - 1] : one;
  Value rows = numOut >= 2 ? outSizes[numOut - 2] : one;
  SmallVector<Value> batchSizes(outSizes.begin(),
                                outSizes.begin() + std::max<size_t>(numOut, 2) - 2);
  Value batch = product(b, loc, batchSizes);
  bool twoD = numOut >= 2;
  int64_t sideX = twoD ? kTileSide : blockSize, sideY = twoD ? kTileSide : 1;
  Value gridX = arith::CeilDivUIOp::create(b, loc, columns,
                                           indexConstant(b, loc, sideX));
  Value gridY =
      arith::CeilDivUIOp::create(b, loc, rows, indexConstant(b, loc, sideY));
  gpu::LaunchOp launch =
      createLaunch(b, loc, {gridX, gridY, batch}, {sideX, sideY, 1});
  auto global = [&](Value block, Value thread, int64_t side) -> Value {
    return arith::AddIOp::create(
        b, loc,
        arith::MulIOp::create(b, loc, block, indexConstant(b, loc, side)),
        thread);
  };
  Value column = global(launch.getBlockIds().x, launch.getThreadIds().x, sideX);
  Value row = global(launch.getBlockIds().y, launch.getThreadIds().y, sideY);
  Value inRange = arith::AndIOp::create(
      b, loc,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, column, columns),
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, row, rows));
  inRange = arith::AndIOp::create(
      b, loc, inRange,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                            launch.getBlockIds().z, batch));
  auto guard = scf::IfOp::create(b, loc, inRange, false);
  b.setInsertionPointToStart(&guard.getThenRegion().front());

  SmallVector<Value> outIvs =
      delinearize(b, loc, launch.getBlockIds().z, batchSizes);
  if (numOut >= 2)
    outIvs.push_back(row);
  if (numOut >= 1)
    outIvs.push_back(column);
  Value zero = indexConstant(b, loc, 0);
  SmallVector<Value> firstIvs =
      space.merge(outIvs, SmallVector<Value>(reducedSizes.size(), zero));
  SmallVector<Value> initial =
      filled ? SmallVector<Value>{filled}
             : loadOutputs(b, loc, op, firstIvs, /*all=*/true);
  auto loop = scf::ForOp::create(b, loc, zero, reduced, one, initial);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    SmallVector<Value> ivs = space.merge(
        outIvs, delinearize(b, loc, loop.getInductionVar(), reducedSizes));
    scf::YieldOp::create(b, loc,
                         emitPayload(b, loc, op, ivs, loop.getRegionIterArgs()));
  }
  storeOutputs(b, loc, op, firstIvs, loop.getResults());
}

/// Replaces each `memref.dim` of a `memref.expand_shape` with the size the
/// expansion was given, so that the grids of ops over a buffer and over its
/// expansion are the same values (launches of equal grids can merge).
static void foldDimsOfExpansions(func::FuncOp func) {
  SmallVector<memref::DimOp> dims;
  func.walk([&](memref::DimOp dim) { dims.push_back(dim); });
  for (memref::DimOp dim : dims) {
    auto expand = dim.getSource().getDefiningOp<memref::ExpandShapeOp>();
    std::optional<int64_t> index = dim.getConstantIndex();
    if (!expand || !index)
      continue;
    OpFoldResult size = expand.getMixedOutputShape()[*index];
    OpBuilder b(dim);
    dim.replaceAllUsesWith(
        getValueOrCreateConstantIndexOp(b, dim.getLoc(), size));
    dim.erase();
  }
}

namespace {
struct TFCGPUMapLinalgPass
    : public tfc::impl::TFCGPUMapLinalgBase<TFCGPUMapLinalgPass> {
  using Base::Base;

  void runOnOperation() override {
    MatmulPrecision precision;
    if (matmulPrecision == "f32") {
      precision = MatmulPrecision::F32;
    } else if (matmulPrecision == "tf32") {
      precision = MatmulPrecision::TF32;
    } else if (matmulPrecision == "bf16") {
      precision = MatmulPrecision::BF16;
    } else {
      getOperation().emitError("unknown matmul precision '")
          << matmulPrecision << "' (expected f32, tf32 or bf16)";
      return signalPassFailure();
    }
    refillCopiesOfFills(getOperation());
    SmallVector<linalg::LinalgOp> ops;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (!op->getParentOfType<gpu::LaunchOp>())
        ops.push_back(op);
    });
    OpBuilder b(&getContext());
    // Row chains first: each becomes one kernel.
    DenseSet<Operation *> chained;
    for (linalg::LinalgOp linalgOp : ops) {
      auto op = dyn_cast<linalg::GenericOp>(linalgOp.getOperation());
      if (!op || chained.contains(op))
        continue;
      SmallVector<linalg::GenericOp> chain = rowChainFrom(op);
      if (chain.empty())
        continue;
      mapRowChain(b, chain, blockSize);
      for (linalg::GenericOp member : chain)
        chained.insert(member);
    }
    // Contractions absorb the fill before them where they can, tiled ones
    // the element-wise op after them too.
    DenseMap<Operation *, ContractionFusion> fusions;
    DenseSet<Operation *> taken = chained;
    for (linalg::LinalgOp linalgOp : ops) {
      auto op = dyn_cast<linalg::GenericOp>(linalgOp.getOperation());
      if (!op || taken.contains(op) || !op.hasPureBufferSemantics() ||
          op.getNumDpsInits() != 1 || !linalg::isaContractionOpInterface(op))
        continue;
      bool tiled = isTiledContraction(op);
      ContractionFusion fusion =
          planContractionFusion(op, taken, /*withEpilogue=*/tiled);
      if (!tiled && !fusion.fill)
        continue;
      for (linalg::GenericOp absorbed : {fusion.fill, fusion.epilogue})
        if (absorbed)
          taken.insert(absorbed);
      taken.insert(op);
      fusions[op] = fusion;
    }
    for (linalg::LinalgOp linalgOp : ops) {
      if (taken.contains(linalgOp) && !fusions.count(linalgOp)) {
        linalgOp->erase();
        continue;
      }
      auto op = dyn_cast<linalg::GenericOp>(linalgOp.getOperation());
      if (!op || !op.hasPureBufferSemantics()) {
        linalgOp->emitOpError("cannot be mapped to the GPU: expected a "
                              "linalg.generic on buffers (run "
                              "linalg-generalize-named-ops and bufferization "
                              "first)");
        return signalPassFailure();
      }
      b.setInsertionPoint(op);
      Operation *combiner = nullptr;
      if (op.getNumReductionLoops() == 0) {
        mapElementwise(b, op, blockSize);
      } else if (auto fusion = fusions.find(op); fusion != fusions.end()) {
        // With an epilogue, the contraction runs where the epilogue was,
        // after the allocations of its outputs.
        if (fusion->second.freshOutput)
          giveEpilogueFreshOutput(b, fusion->second.epilogue);
        if (fusion->second.epilogue)
          b.setInsertionPoint(fusion->second.epilogue);
        if (failed(mapTiledContraction(b, op, fusion->second, precision)))
          mapThreadPerOutput(b, op, blockSize, fusion->second.initial);
      } else if (linalg::isaContractionOpInterface(op)) {
        if (failed(mapTiledContraction(b, op, {}, precision)))
          mapThreadPerOutput(b, op, blockSize);
      } else if (std::optional<gpu::AllReduceOperation> kind =
                     matchBlockReduction(op, combiner)) {
        if (failed(mapSplitReduction(b, op, *kind, combiner, blockSize)))
          mapBlockReduction(b, op, *kind, combiner, blockSize);
      } else {
        mapThreadPerOutput(b, op, blockSize);
      }
      op.erase();
    }
    foldDimsOfExpansions(getOperation());
  }
};
} // namespace
