//===- TiledContraction.cpp - shared-memory tiles of a matmul -------------===//
//
// The mapping tfc-gpu-map-linalg gives matmul-like contractions of f32
// buffers. Each block of 16x16 threads computes a square tile of the
// output. Per step of 8 along k, its threads store the A and B tiles they
// loaded into shared memory, wait at a barrier, issue the global loads of
// the next step, and each accumulates its register tile with fused
// multiply-adds from 128-bit shared-memory loads before a second barrier
// frees the tiles. With TF32 tensor cores (opt-in), each warp accumulates
// a part of the block's tile with `mma.sync` instead, from operands
// rounded to TF32 as they are staged.
//
//===----------------------------------------------------------------------===//

#include "Mapping.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::tfc;
using namespace mlir::tfc::gpu_mapping;

namespace {
/// Threads per side of a block: 16 x 16 = 256 threads.
constexpr int64_t kThreadsPerSide = 16;
constexpr int64_t kThreads = kThreadsPerSide * kThreadsPerSide;
/// Elements of a thread's 128-bit shared-memory load.
constexpr int64_t kVector = 4;
/// Elements along k that a block stages per step.
constexpr int64_t kStepK = 8;
/// With BF16 tensor cores: one `mma.sync` m16n8k16 a step.
constexpr int64_t kBF16StepK = 16;
/// Padding of each shared-memory row: the stores of an operand whose k
/// index is the fastest then fall in distinct banks, and rows stay 16-byte
/// aligned for the vector loads.
constexpr int64_t kPad = 4;
/// With tensor cores, a warp's fragment loads read rows k and k + 4 of 8
/// consecutive elements: rows 8 banks apart keep its 32 loads in distinct
/// banks.
constexpr int64_t kTensorCorePad = 8;
/// Threads of a warp, and warps of a block along m (the rest along n).
constexpr int64_t kWarp = 32;
constexpr int64_t kWarpsAlongM = 2;
constexpr int64_t kWarpsAlongN = kThreads / kWarp / kWarpsAlongM;
/// The shape of one `mma.sync` on TF32: m16 n8 k8.
constexpr int64_t kMmaM = 16, kMmaN = 8;

struct Tiling {
  linalg::ContractionDimensions dims;
  /// Chunks of 4 rows (and of 4 columns) in a thread's register tile, 64
  /// rows apart: 1 gives 64x64 block tiles, 2 gives 128x128.
  int64_t chunks;
  /// F32: each thread's FMAs; TF32 and BF16: each warp's `mma.sync`.
  MatmulPrecision precision = MatmulPrecision::F32;

  /// Rows (and columns) of a block's tile.
  int64_t side() const { return chunks * kThreadsPerSide * kVector; }
  /// Rows (and columns) of a thread's register tile.
  int64_t registers() const { return chunks * kVector; }
  bool tensorCores() const { return precision != MatmulPrecision::F32; }
  int64_t pad() const { return tensorCores() ? kTensorCorePad : kPad; }
  /// Elements along k staged per step: one `mma.sync`'s k with BF16.
  int64_t stepK() const {
    return precision == MatmulPrecision::BF16 ? kBF16StepK : kStepK;
  }
  /// With tensor cores: the rows (columns) of a warp's part of the tile,
  /// and its `mma.sync` tiles along m (n).
  int64_t warpRows() const { return side() / kWarpsAlongM; }
  int64_t warpColumns() const { return side() / kWarpsAlongN; }
  int64_t mmaTilesM() const { return warpRows() / kMmaM; }
  int64_t mmaTilesN() const { return warpColumns() / kMmaN; }
};

/// An input as a block stages it: the loop dimension along its tile's side
/// (m for A, n for B), and where each thread's elements of the tile are.
struct StagedInput {
  Value buffer;
  AffineMap map;
  unsigned sideDim;
  Value sideOrigin, sideSize;
  /// Per element a thread copies: its k and side offsets in the tile.
  SmallVector<std::pair<Value, Value>> positions;
};
} // namespace

static bool isF32Buffer(Value value) {
  auto type = dyn_cast<MemRefType>(value.getType());
  return type && type.getElementType().isF32();
}

/// Whether the payload is `out + a * b` (in either order of each operation).
static bool isMultiplyAdd(linalg::GenericOp op) {
  Block *body = op.getBody();
  if (body->getOperations().size() != 3)
    return false;
  auto mul = dyn_cast<arith::MulFOp>(body->front());
  auto add = dyn_cast<arith::AddFOp>(*std::next(body->begin()));
  if (!mul || !add)
    return false;
  auto isPair = [](Value x, Value y, Value p, Value q) {
    return (x == p && y == q) || (x == q && y == p);
  };
  return isPair(mul.getLhs(), mul.getRhs(), body->getArgument(0),
                body->getArgument(1)) &&
         isPair(add.getLhs(), add.getRhs(), body->getArgument(2),
                mul.getResult()) &&
         body->getTerminator()->getOperand(0) == add.getResult();
}

static std::optional<Tiling> chooseTiling(linalg::GenericOp op,
                                          MatmulPrecision precision) {
  if (op.getNumDpsInputs() != 2 || op.getNumDpsInits() != 1 ||
      !llvm::all_of(op->getOperands(), isF32Buffer) || !isMultiplyAdd(op))
    return std::nullopt;
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(op);
  if (failed(dims) || dims->m.size() != 1 || dims->n.size() != 1 ||
      dims->k.size() != 1 || dims->batch.size() + 3 != op.getNumLoops() ||
      !llvm::all_of(op.getIndexingMapsArray(),
                    [](AffineMap map) { return map.isProjectedPermutation(); }))
    return std::nullopt;
  SmallVector<int64_t> sizes = op.getStaticLoopRanges();
  int64_t m = sizes[dims->m[0]], n = sizes[dims->n[0]];
  // A narrow output would leave most of a 64-wide tile idle: one thread per
  // output element serves it better.
  if ((!ShapedType::isDynamic(m) && m < 16) ||
      (!ShapedType::isDynamic(n) && n < 16))
    return std::nullopt;
  Tiling tiling{*dims, 1, precision};
  // 128x128 tiles do twice the work per shared-memory load, but only pay
  // when they still give every multiprocessor of a large GPU a few blocks.
  int64_t blocks = 1;
  for (unsigned d : dims->batch)
    blocks *= ShapedType::isDynamic(sizes[d]) ? 1 : sizes[d];
  if (!ShapedType::isDynamic(m) && !ShapedType::isDynamic(n) &&
      blocks * llvm::divideCeil(m, 128) * llvm::divideCeil(n, 128) >= 256)
    tiling.chunks = 2;
  return tiling;
}

/// The iteration point at (m, n, k) of the current batch.
static SmallVector<Value> pointAt(const Tiling &tiling, ArrayRef<Value> batch,
                                  Value m, Value n, Value k) {
  SmallVector<Value> ivs(tiling.dims.batch.size() + 3);
  for (auto [d, v] : llvm::zip(tiling.dims.batch, batch))
    ivs[d] = v;
  ivs[tiling.dims.m[0]] = m;
  ivs[tiling.dims.n[0]] = n;
  ivs[tiling.dims.k[0]] = k;
  return ivs;
}

/// `buffer[indices]` where `inRange`, else 0.
static Value loadOrZero(OpBuilder &b, Location loc, Value inRange, Value buffer,
                        ArrayRef<Value> indices) {
  return scf::IfOp::create(
             b, loc, inRange,
             [&](OpBuilder &then, Location loc) {
               scf::YieldOp::create(then, loc,
                                    ValueRange{memref::LoadOp::create(
                                        then, loc, buffer, indices)});
             },
             [&](OpBuilder &otherwise, Location loc) {
               scf::YieldOp::create(
                   otherwise, loc,
                   ValueRange{arith::ConstantOp::create(
                       otherwise, loc, otherwise.getF32FloatAttr(0))});
             })
      .getResult(0);
}

static Value isBelow(OpBuilder &b, Location loc, Value value, Value bound) {
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, value, bound);
}

/// Where each thread's elements of an input's tile are: consecutive threads
/// take consecutive elements along the input's fastest index, so the
/// global loads are coalesced.
static void placeElements(OpBuilder &b, Location loc, StagedInput &input,
                          unsigned kDim, int64_t side, int64_t stepK,
                          Value thread) {
  AffineMap map = input.map;
  bool kFastest = map.getDimPosition(map.getNumResults() - 1) == kDim;
  for (int64_t e = 0, n = side * stepK / kThreads; e < n; ++e) {
    Value linear = arith::AddIOp::create(b, loc, thread,
                                         indexConstant(b, loc, e * kThreads));
    Value fast = indexConstant(b, loc, kFastest ? stepK : side);
    Value inner = arith::RemUIOp::create(b, loc, linear, fast);
    Value outer = arith::DivUIOp::create(b, loc, linear, fast);
    input.positions.push_back(kFastest ? std::make_pair(inner, outer)
                                       : std::make_pair(outer, inner));
  }
}

/// The thread's elements of the input's tile at `k0`, zero outside the
/// operand.
static SmallVector<Value> loadTile(OpBuilder &b, Location loc,
                                   const Tiling &tiling,
                                   const StagedInput &input,
                                   ArrayRef<Value> batch, Value k0,
                                   Value kSize) {
  SmallVector<Value> values;
  bool isA = input.sideDim == tiling.dims.m[0];
  for (auto [kOffset, sideOffset] : input.positions) {
    Value k = arith::AddIOp::create(b, loc, k0, kOffset);
    Value s = arith::AddIOp::create(b, loc, input.sideOrigin, sideOffset);
    Value inRange = arith::AndIOp::create(b, loc, isBelow(b, loc, k, kSize),
                                          isBelow(b, loc, s, input.sideSize));
    Value zero = indexConstant(b, loc, 0);
    SmallVector<Value> point =
        pointAt(tiling, batch, isA ? s : zero, isA ? zero : s, k);
    values.push_back(loadOrZero(b, loc, inRange, input.buffer,
                                indicesAt(b, loc, input.map, point)));
  }
  return values;
}

/// The two shared-memory tiles of a block (A's and B's), each `stepK` rows
/// of `side` elements and the padding.
static std::pair<Value, Value> addSharedTiles(OpBuilder &b, Location loc,
                                              gpu::LaunchOp launch,
                                              const Tiling &tiling) {
  auto tileType = MemRefType::get(
      {tiling.stepK(), tiling.side() + tiling.pad()}, b.getF32Type(),
      MemRefLayoutAttrInterface(),
      gpu::AddressSpaceAttr::get(b.getContext(), gpu::AddressSpace::Workgroup));
  Value aTile = launch.addWorkgroupAttribution(tileType, loc);
  Value bTile = launch.addWorkgroupAttribution(tileType, loc);
  return {aTile, bTile};
}

/// The rows of A a block reads, of `mSize`, and the batch indices of its
/// block along z (of `batch` = the product of `batchSizes`). Past the last
/// batch (the one block of an empty grid), no row is read or written.
static std::pair<Value, SmallVector<Value>>
getBlockRows(OpBuilder &b, Location loc, gpu::LaunchOp launch, Value mSize,
             Value batch, ArrayRef<Value> batchSizes) {
  Value isBatch = isBelow(b, loc, launch.getBlockIds().z, batch);
  Value rows =
      arith::SelectOp::create(b, loc, isBatch, mSize, indexConstant(b, loc, 0));
  SmallVector<Value> nonEmptyBatch = llvm::map_to_vector(
      batchSizes, [&](Value size) { return atLeastOne(b, loc, size); });
  return {rows, delinearize(b, loc, launch.getBlockIds().z, nonEmptyBatch)};
}

/// Input `index` of `op`, staged along the loop dimension `sideDim` from
/// `origin`, of `size` elements; its elements are placed later.
static StagedInput stagedInput(linalg::GenericOp op, unsigned index,
                               unsigned sideDim, Value origin, Value size) {
  return {op.getDpsInputs()[index],
          op.getIndexingMapsArray()[index],
          sideDim,
          origin,
          size,
          {}};
}

/// The offset in the block's tile of element `r` of the register tile of
/// thread `threadId` (along one side): rows (and columns) in chunks of 4,
/// 64 apart.
static Value registerOffset(OpBuilder &b, Location loc, Value threadId,
                            int64_t r) {
  return arith::AddIOp::create(
      b, loc,
      arith::MulIOp::create(b, loc, threadId, indexConstant(b, loc, kVector)),
      indexConstant(b, loc,
                    (r / kVector) * kThreadsPerSide * kVector + r % kVector));
}

namespace {
/// A thread's register tile of the output: per element, its indices, whether
/// it is inside the output, and its value before the contraction.
struct OutputTile {
  SmallVector<SmallVector<Value>> indices;
  SmallVector<Value> inRange, initial;
};
} // namespace

/// Loads the register tile of rows `rowOf` and columns `columnOf` of the
/// output of `op` (zero outside its `rows` and `columns`), or takes
/// `filled` for each element when the output was filled with it.
static OutputTile loadOutputTile(OpBuilder &b, Location loc,
                                 const Tiling &tiling, linalg::GenericOp op,
                                 ArrayRef<Value> batchIvs,
                                 ArrayRef<Value> rowOf,
                                 ArrayRef<Value> columnOf, Value rows,
                                 Value columns, Value zero, Value filled) {
  Value output = op.getDpsInits()[0];
  AffineMap outputMap = op.getIndexingMapsArray()[2];
  OutputTile tile;
  for (Value row : rowOf)
    for (Value column : columnOf) {
      tile.indices.push_back(indicesAt(
          b, loc, outputMap, pointAt(tiling, batchIvs, row, column, zero)));
      tile.inRange.push_back(
          arith::AndIOp::create(b, loc, isBelow(b, loc, row, rows),
                                isBelow(b, loc, column, columns)));
      tile.initial.push_back(filled ? filled
                                    : loadOrZero(b, loc, tile.inRange.back(),
                                                 output, tile.indices.back()));
    }
  return tile;
}

namespace {
/// Where a thread's tensor-core fragments are: its warp's rows and columns
/// in the block's tile, its group of four lanes and its index in the group.
struct WarpLane {
  Value warpRow, warpColumn, group, inGroup;
};
} // namespace

static WarpLane locateLane(OpBuilder &b, Location loc, const Tiling &tiling,
                           Value thread) {
  auto constant = [&](int64_t value) { return indexConstant(b, loc, value); };
  Value warp = arith::DivUIOp::create(b, loc, thread, constant(kWarp));
  Value lane = arith::RemUIOp::create(b, loc, thread, constant(kWarp));
  WarpLane at;
  at.warpRow = arith::MulIOp::create(
      b, loc, arith::DivUIOp::create(b, loc, warp, constant(kWarpsAlongN)),
      constant(tiling.warpRows()));
  at.warpColumn = arith::MulIOp::create(
      b, loc, arith::RemUIOp::create(b, loc, warp, constant(kWarpsAlongN)),
      constant(tiling.warpColumns()));
  at.group = arith::DivUIOp::create(b, loc, lane, constant(4));
  at.inGroup = arith::RemUIOp::create(b, loc, lane, constant(4));
  return at;
}

/// The rows (or columns) of the block's tile a thread's accumulators hold
/// with tensor cores: per `mma.sync` tile along the side, the group's row
/// and the one 8 below (columns: 2 * the index in the group and the next).
static SmallVector<Value> laneOffsets(OpBuilder &b, Location loc,
                                      const Tiling &tiling, const WarpLane &at,
                                      bool rows) {
  SmallVector<Value> offsets;
  int64_t tiles = rows ? tiling.mmaTilesM() : tiling.mmaTilesN();
  Value first =
      rows ? at.group
           : arith::MulIOp::create(b, loc, at.inGroup, indexConstant(b, loc, 2))
                 .getResult();
  Value origin =
      arith::AddIOp::create(b, loc, rows ? at.warpRow : at.warpColumn, first);
  for (int64_t tile = 0; tile < tiles; ++tile)
    for (int64_t half = 0; half < 2; ++half)
      offsets.push_back(arith::AddIOp::create(
          b, loc, origin,
          indexConstant(b, loc,
                        rows ? tile * kMmaM + half * 8 : tile * kMmaN + half)));
  return offsets;
}

/// `value` rounded to TF32 (10 bits of mantissa), to nearest with ties
/// away from zero as `cvt.rna.tf32.f32` does; NaNs stay NaNs.
static Value roundToTF32(OpBuilder &b, Location loc, Value value) {
  Type i32 = b.getI32Type();
  auto constant = [&](int64_t c) {
    return arith::ConstantIntOp::create(b, loc, i32, c);
  };
  Value bits = arith::BitcastOp::create(b, loc, i32, value);
  Value rounded = arith::AndIOp::create(
      b, loc, arith::AddIOp::create(b, loc, bits, constant(0x1000)),
      constant(0xFFFFE000));
  Value isNaN =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, value, value);
  return arith::SelectOp::create(
      b, loc, isNaN, value,
      arith::BitcastOp::create(b, loc, value.getType(), rounded));
}

/// One step's FMAs: each thread's register tile from 128-bit loads of both
/// tiles.
static void accumulateWithFma(OpBuilder &b, Location loc, const Tiling &tiling,
                              Value aTile, Value bTile, Value tx, Value ty,
                              SmallVectorImpl<Value> &accumulators) {
  auto vectorType = VectorType::get({kVector}, b.getF32Type());
  auto readTile = [&](Value tile, Value k, Value threadId) {
    SmallVector<Value> values;
    for (int64_t chunk = 0; chunk < tiling.chunks; ++chunk) {
      Value vector = vector::LoadOp::create(
          b, loc, vectorType, tile,
          ValueRange{k, registerOffset(b, loc, threadId, chunk * kVector)},
          /*nontemporal=*/false, llvm::Align(16));
      for (int64_t i = 0; i < kVector; ++i)
        values.push_back(vector::ExtractOp::create(b, loc, vector, i));
    }
    return values;
  };
  int64_t registers = tiling.registers();
  for (int64_t k = 0; k < kStepK; ++k) {
    Value kIndex = indexConstant(b, loc, k);
    SmallVector<Value> aValues = readTile(aTile, kIndex, ty);
    SmallVector<Value> bValues = readTile(bTile, kIndex, tx);
    for (int64_t r = 0; r < registers; ++r)
      for (int64_t c = 0; c < registers; ++c) {
        Value &acc = accumulators[r * registers + c];
        acc = math::FmaOp::create(b, loc, aValues[r], bValues[c], acc);
      }
  }
}

/// One step's `mma.sync` per pair of a warp's tiles: m16 n8 k8 on TF32 or
/// m16 n8 k16 on BF16. A lane (group g, index t in the group) holds A's
/// rows g and g + 8 at its k columns and B's column g at its k rows: t and
/// t + 4 on TF32, one register each; 2t, 2t + 1 and 2t + 8, 2t + 9 on BF16,
/// two to a register. Its accumulators, rows g and g + 8 and columns 2t and
/// 2t + 1 of each pair of tiles, are elements of its register tile.
static void accumulateWithMma(OpBuilder &b, Location loc, const Tiling &tiling,
                              Value aTile, Value bTile, const WarpLane &at,
                              SmallVectorImpl<Value> &accumulators) {
  Type f32 = b.getF32Type();
  bool bf16 = tiling.precision == MatmulPrecision::BF16;
  Type element = bf16 ? Type(b.getBF16Type()) : f32;
  // The k of each of a lane's operand elements, register by register.
  SmallVector<SmallVector<int64_t>> kOffsets =
      bf16 ? SmallVector<SmallVector<int64_t>>{{0, 1}, {8, 9}}
           : SmallVector<SmallVector<int64_t>>{{0}, {4}};
  Value kBase =
      bf16 ? arith::MulIOp::create(b, loc, at.inGroup, indexConstant(b, loc, 2))
                 .getResult()
           : at.inGroup;
  auto load = [&](Value tile, int64_t k, Value origin, int64_t offset) {
    Value row = arith::AddIOp::create(b, loc, kBase, indexConstant(b, loc, k));
    Value position = arith::AddIOp::create(
        b, loc, arith::AddIOp::create(b, loc, origin, at.group),
        indexConstant(b, loc, offset));
    Value value =
        memref::LoadOp::create(b, loc, tile, ValueRange{row, position});
    return bf16 ? arith::TruncFOp::create(b, loc, element, value).getResult()
                : value;
  };
  int64_t perRegister = kOffsets.front().size();
  // A: registers (row g, low k), (g + 8, low k), (g, high k), (g + 8, high
  // k); B: (low k), (high k).
  SmallVector<Value> aFragments, bFragments;
  for (int64_t mt = 0; mt < tiling.mmaTilesM(); ++mt) {
    SmallVector<Value> values;
    for (ArrayRef<int64_t> ks : kOffsets)
      for (int64_t rowOffset : {0, 8})
        for (int64_t k : ks)
          values.push_back(load(aTile, k, at.warpRow, mt * kMmaM + rowOffset));
    aFragments.push_back(vector::FromElementsOp::create(
        b, loc, VectorType::get({4, perRegister}, element), values));
  }
  for (int64_t nt = 0; nt < tiling.mmaTilesN(); ++nt) {
    SmallVector<Value> values;
    for (ArrayRef<int64_t> ks : kOffsets)
      for (int64_t k : ks)
        values.push_back(load(bTile, k, at.warpColumn, nt * kMmaN));
    bFragments.push_back(vector::FromElementsOp::create(
        b, loc, VectorType::get({2, perRegister}, element), values));
  }
  int64_t registers = tiling.registers();
  for (int64_t mt = 0; mt < tiling.mmaTilesM(); ++mt)
    for (int64_t nt = 0; nt < tiling.mmaTilesN(); ++nt) {
      auto accumulator = [&](int64_t h, int64_t j) -> Value & {
        return accumulators[(mt * 2 + h) * registers + nt * 2 + j];
      };
      Value c = vector::FromElementsOp::create(
          b, loc, VectorType::get({2, 2}, f32),
          ValueRange{accumulator(0, 0), accumulator(0, 1), accumulator(1, 0),
                     accumulator(1, 1)});
      Value d = nvgpu::MmaSyncOp::create(
          b, loc, aFragments[mt], bFragments[nt], c,
          ArrayRef<int64_t>{kMmaM, kMmaN, tiling.stepK()},
          /*tf32Enabled=*/!bf16);
      for (int64_t h = 0; h < 2; ++h)
        for (int64_t j = 0; j < 2; ++j)
          accumulator(h, j) =
              vector::ExtractOp::create(b, loc, d, ArrayRef<int64_t>{h, j});
    }
}

/// The body of the loop along k, over steps of `stepK` elements: stores the
/// elements loaded for this step into the shared tiles (rounded to TF32
/// for tensor cores), loads the next step's (`loadStep`), and accumulates
/// the register tile (the first `numAccumulators` values the loop carries)
/// with the step's products (`accumulate`).
static void
buildStepK(OpBuilder &b, Location loc, const Tiling &tiling, scf::ForOp loop,
           Value stepK, size_t numAccumulators, const StagedInput &a,
           Value aTile, const StagedInput &bInput, Value bTile,
           function_ref<SmallVector<Value>(Value)> loadStep,
           function_ref<void(SmallVectorImpl<Value> &)> accumulate) {
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(loop.getBody());
  ValueRange args = loop.getRegionIterArgs();
  ValueRange staged = args.drop_front(numAccumulators);
  auto stage = [&](Value value) {
    return tiling.precision == MatmulPrecision::TF32
               ? roundToTF32(b, loc, value)
               : value;
  };
  for (auto [value, position] :
       llvm::zip(staged.take_front(a.positions.size()), a.positions))
    memref::StoreOp::create(b, loc, stage(value), aTile,
                            ValueRange{position.first, position.second});
  for (auto [value, position] :
       llvm::zip(staged.drop_front(a.positions.size()), bInput.positions))
    memref::StoreOp::create(b, loc, stage(value), bTile,
                            ValueRange{position.first, position.second});
  gpu::BarrierOp::create(b, loc);
  Value nextK0 = arith::MulIOp::create(
      b, loc,
      arith::AddIOp::create(b, loc, loop.getInductionVar(),
                            indexConstant(b, loc, 1)),
      stepK);
  SmallVector<Value> next = loadStep(nextK0);

  SmallVector<Value> accumulators(args.take_front(numAccumulators));
  accumulate(accumulators);
  gpu::BarrierOp::create(b, loc);
  accumulators.append(next);
  scf::YieldOp::create(b, loc, accumulators);
}

/// Computes `epilogue`, an element-wise op reading the product at its own
/// position, at the output element `indices` whose product is `product`,
/// and stores its results.
static void emitEpilogue(OpBuilder &b, Location loc, linalg::GenericOp epilogue,
                         Value output, ArrayRef<Value> indices, Value product) {
  // The epilogue's loops are the output's indices (an identity map).
  SmallVector<Value> inputs;
  for (OpOperand *input : epilogue.getDpsInputOperands()) {
    Value value = input->get();
    if (value == output)
      inputs.push_back(product);
    else if (!isa<MemRefType>(value.getType()))
      inputs.push_back(value);
    else if (epilogue.getMatchingBlockArgument(input).use_empty())
      inputs.push_back(Value());
    else
      inputs.push_back(memref::LoadOp::create(
          b, loc, value,
          indicesAt(b, loc, epilogue.getMatchingIndexingMap(input), indices)));
  }
  SmallVector<Value> outs =
      loadOutputs(b, loc, epilogue, indices, /*all=*/false);
  storeOutputs(b, loc, epilogue, indices,
               clonePayload(b, epilogue, indices, inputs, outs));
}

bool gpu_mapping::isTiledContraction(linalg::GenericOp op) {
  return chooseTiling(op, MatmulPrecision::F32).has_value();
}

LogicalResult gpu_mapping::mapTiledContraction(OpBuilder &b,
                                               linalg::GenericOp op,
                                               const ContractionFusion &fusion,
                                               MatmulPrecision precision) {
  std::optional<Tiling> tiling = chooseTiling(op, precision);
  if (!tiling)
    return failure();
  Location loc = op.getLoc();
  const linalg::ContractionDimensions &dims = tiling->dims;
  int64_t side = tiling->side(), registers = tiling->registers();
  SmallVector<Value> sizes = loopSizes(b, loc, op);
  Value mSize = sizes[dims.m[0]], nSize = sizes[dims.n[0]];
  Value kSize = sizes[dims.k[0]];
  SmallVector<Value> batchSizes =
      llvm::map_to_vector(dims.batch, [&](unsigned d) { return sizes[d]; });
  Value batch = product(b, loc, batchSizes);
  Value sideValue = indexConstant(b, loc, side);
  gpu::LaunchOp launch = createLaunch(
      b, loc,
      {arith::CeilDivUIOp::create(b, loc, nSize, sideValue),
       arith::CeilDivUIOp::create(b, loc, mSize, sideValue), batch},
      {kThreadsPerSide, kThreadsPerSide, 1});
  Value aTile, bTile;
  std::tie(aTile, bTile) = addSharedTiles(b, loc, launch, *tiling);

  Value tx = launch.getThreadIds().x, ty = launch.getThreadIds().y;
  Value thread = arith::AddIOp::create(
      b, loc,
      arith::MulIOp::create(b, loc, ty, indexConstant(b, loc, kThreadsPerSide)),
      tx);
  Value rows;
  SmallVector<Value> batchIvs;
  std::tie(rows, batchIvs) =
      getBlockRows(b, loc, launch, mSize, batch, batchSizes);
  StagedInput a = stagedInput(
      op, 0, dims.m[0],
      arith::MulIOp::create(b, loc, launch.getBlockIds().y, sideValue), rows);
  StagedInput bInput = stagedInput(
      op, 1, dims.n[0],
      arith::MulIOp::create(b, loc, launch.getBlockIds().x, sideValue), nSize);
  placeElements(b, loc, a, dims.k[0], side, tiling->stepK(), thread);
  placeElements(b, loc, bInput, dims.k[0], side, tiling->stepK(), thread);

  SmallVector<Value> rowOf, columnOf;
  WarpLane at;
  if (tiling->tensorCores()) {
    at = locateLane(b, loc, *tiling, thread);
    for (Value row : laneOffsets(b, loc, *tiling, at, /*rows=*/true))
      rowOf.push_back(arith::AddIOp::create(b, loc, a.sideOrigin, row));
    for (Value column : laneOffsets(b, loc, *tiling, at, /*rows=*/false))
      columnOf.push_back(
          arith::AddIOp::create(b, loc, bInput.sideOrigin, column));
  } else {
    for (int64_t r = 0; r < registers; ++r) {
      rowOf.push_back(arith::AddIOp::create(b, loc, a.sideOrigin,
                                            registerOffset(b, loc, ty, r)));
      columnOf.push_back(arith::AddIOp::create(b, loc, bInput.sideOrigin,
                                               registerOffset(b, loc, tx, r)));
    }
  }
  Value zero = indexConstant(b, loc, 0);
  OutputTile outputTile =
      loadOutputTile(b, loc, *tiling, op, batchIvs, rowOf, columnOf, rows,
                     nSize, zero, fusion.initial);

  // The loop carries the accumulators and the elements loaded for the
  // next step.
  auto loadStep = [&](Value k0) {
    SmallVector<Value> values =
        loadTile(b, loc, *tiling, a, batchIvs, k0, kSize);
    values.append(loadTile(b, loc, *tiling, bInput, batchIvs, k0, kSize));
    return values;
  };
  size_t numAccumulators = outputTile.initial.size();
  SmallVector<Value> carried = outputTile.initial;
  carried.append(loadStep(zero));
  Value stepK = indexConstant(b, loc, tiling->stepK());
  auto loop = scf::ForOp::create(
      b, loc, zero, arith::CeilDivUIOp::create(b, loc, kSize, stepK),
      indexConstant(b, loc, 1), carried);
  buildStepK(b, loc, *tiling, loop, stepK, numAccumulators, a, aTile, bInput,
             bTile, loadStep, [&](SmallVectorImpl<Value> &accumulators) {
               if (tiling->tensorCores())
                 accumulateWithMma(b, loc, *tiling, aTile, bTile, at,
                                   accumulators);
               else
                 accumulateWithFma(b, loc, *tiling, aTile, bTile, tx, ty,
                                   accumulators);
             });
  Value output = op.getDpsInits()[0];
  for (size_t i = 0; i < numAccumulators; ++i) {
    auto guard =
        scf::IfOp::create(b, loc, outputTile.inRange[i], /*withElse=*/false);
    OpBuilder::InsertionGuard insertion(b);
    b.setInsertionPointToStart(&guard.getThenRegion().front());
    if (fusion.storeProduct)
      memref::StoreOp::create(b, loc, loop.getResult(i), output,
                              outputTile.indices[i]);
    if (fusion.epilogue)
      emitEpilogue(b, loc, fusion.epilogue, output, outputTile.indices[i],
                   loop.getResult(i));
  }
  return success();
}
