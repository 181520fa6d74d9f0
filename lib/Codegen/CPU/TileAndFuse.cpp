//===- TileAndFuse.cpp - the tfc-tile-and-fuse pass -----------------------===//
//
// Tiles statically shaped linalg ops on tensors so that their tiles
// vectorize: contractions get a cache level (scf.forall, one block per
// thread), a reduction-block level and a register tile; everything else is
// tiled row by row with its producers fused in. Ops whose row count (first
// loop) is known only at run time take the same path: their row tiles are
// split into tiles of static row counts (contractions) or are single rows.
// Rows whose length is known only at run time are single rows too, each op
// of a row stepping along it in static steps and a remainder.
//
//===----------------------------------------------------------------------===//

#include "Transforms.h"
#include "tfc/Codegen/CPU/Passes.h"
#include "tfc/Codegen/CPU/TargetDescription.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Linalg/Utils/Utils.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/TilingInterface.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::tfc {
#define GEN_PASS_DEF_TFCTILEANDFUSE
#include "tfc/Codegen/CPU/Passes.h.inc"
} // namespace mlir::tfc

using namespace mlir;
using namespace mlir::tfc;

namespace {

/// How many pieces the outer level of a row-wise op aims for: enough for
/// two threads to balance, few enough that each piece is sizable.
constexpr int64_t kTargetChunks = 64;

/// The largest divisor of `size` that is at most `target`: a tile size with
/// no remainder, so every tile is static.
static int64_t divisorAtMost(int64_t size, int64_t target) {
  for (int64_t tile = std::min(size, target); tile > 1; --tile)
    if (size % tile == 0)
      return tile;
  return 1;
}

/// The smallest divisor of `size` that is at least `target`.
static int64_t divisorAtLeast(int64_t size, int64_t target) {
  for (int64_t tile = std::max<int64_t>(target, 1); tile < size; ++tile)
    if (size % tile == 0)
      return tile;
  return size;
}

static SmallVector<OpFoldResult> indexAttrs(Builder &b,
                                            ArrayRef<int64_t> sizes) {
  return llvm::map_to_vector(sizes, [&](int64_t size) -> OpFoldResult {
    return b.getIndexAttr(size);
  });
}

static bool hasStaticShapes(linalg::LinalgOp op) {
  return op.hasPureTensorSemantics() &&
         llvm::none_of(op.getStaticLoopRanges(), ShapedType::isDynamic);
}

/// An op whose first loop, a parallel one, has a size known only at run
/// time (a dynamic batch) while its other loops are static: tiled like a
/// static op, its rows in tiles of static sizes. Of the convolutions, only
/// 2-d NHWC ones are (their batch in tiles of one image).
static bool hasDynamicRows(linalg::LinalgOp op) {
  if (!op.hasPureTensorSemantics() || op.getNumLoops() < 2 ||
      (isa<linalg::ConvolutionOpInterface>(op.getOperation()) &&
       !isa<linalg::Conv2DNhwcHwcfOp>(op.getOperation())))
    return false;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  return ShapedType::isDynamic(ranges[0]) &&
         op.getIteratorTypesArray()[0] == utils::IteratorType::parallel &&
         llvm::none_of(ArrayRef(ranges).drop_front(), ShapedType::isDynamic);
}

/// Ops the pass tiles: static ones, those with dynamic rows and those with
/// rows of a dynamic length.
static bool isTileable(linalg::LinalgOp op) {
  return hasStaticShapes(op) || hasDynamicRows(op) || hasDynamicRowLength(op);
}

/// A 2-d matmul: linalg.matmul or a generic contraction with (m, n, k)
/// loops.
static bool isMatmulLike(linalg::LinalgOp op) {
  return op.getNumLoops() == 3 && op.getNumParallelLoops() == 2 &&
         linalg::isaContractionOpInterface(op);
}

static int64_t product(ArrayRef<int64_t> sizes) {
  int64_t result = 1;
  for (int64_t size : sizes)
    result *= size;
  return result;
}

/// Records erased ops, so roots fused into an earlier root are skipped.
struct ErasureListener : public RewriterBase::Listener {
  llvm::DenseSet<Operation *> erased;
  void notifyOperationErased(Operation *op) override { erased.insert(op); }
};

/// The ops defining `op`'s operands: what tiling `op` may leave dead.
static SmallVector<Operation *> getProducers(Operation *op) {
  SmallVector<Operation *> producers;
  for (Value operand : op->getOperands())
    if (Operation *producer = operand.getDefiningOp())
      producers.push_back(producer);
  return producers;
}

/// Erases the ops of `worklist` that are dead, and their producers that
/// become dead in turn: the producers fused into a root's loops. Only the
/// root's own producer chain is visited, so tiling N roots stays linear (a
/// dead-code sweep of the whole function per root was quadratic).
static void eraseDeadProducers(RewriterBase &rewriter,
                               SmallVector<Operation *> worklist,
                               const ErasureListener &listener) {
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    if (listener.erased.contains(op))
      continue;
    // With dynamic shapes, tiling leaves sizes read from the producer and
    // slices of it that fusion replaced: neither may keep it alive.
    redirectDimsToInits(rewriter, op);
    llvm::SetVector<Operation *> users(llvm::from_range, op->getUsers());
    for (Operation *user : users)
      if (!listener.erased.contains(user) && isOpTriviallyDead(user))
        rewriter.eraseOp(user);
    if (!isOpTriviallyDead(op))
      continue;
    SmallVector<Operation *> producers = getProducers(op);
    rewriter.eraseOp(op);
    worklist.append(producers);
  }
}

class TileAndFuse {
public:
  TileAndFuse(IRRewriter &rewriter, const CPUTarget &target,
              int64_t parallelThreshold, int64_t maxRow, bool fuseProducers)
      : rewriter(rewriter), target(target), tiles(target.getTileSizes()),
        parallelThreshold(parallelThreshold), maxRow(maxRow),
        fuseProducers(fuseProducers) {}

  /// Packs B of a large matmul, splits off the rows that do not fill
  /// whole register tiles, and tiles the parts (tileContraction); fails
  /// after reporting an error.
  LogicalResult tileMatmul(linalg::LinalgOp op);
  /// Tiles a matmul with dynamic rows: blocks of the target's rows over
  /// threads, each split into tiles of static row counts (register tiles,
  /// a padded register tile for the rows left, or tiles of 2 and 1 rows)
  /// that tileReduction handles as in a static matmul.
  LogicalResult tileDynamicMatmul(linalg::LinalgOp op);
  void tileRowWise(linalg::LinalgOp op);
  /// Tiles `conv` and its element-wise consumer `root` (or the convolution
  /// alone when `root` is `conv`) into row blocks over threads and register
  /// tiles of output columns and channels, the consumer fused into the
  /// convolution's register tile.
  void tileConvolution(linalg::LinalgOp root, linalg::Conv2DNhwcHwcfOp conv);

private:
  using LoopType = scf::SCFTilingOptions::LoopType;

  /// Tiles a contraction (the packed one of packMatmulB when `packed`)
  /// for threads, caches and registers, with `blockN` columns per block and
  /// `registerN` per register tile; with `allRows`, one block holds every
  /// row and is split where its register tiles end (tileReduction).
  LogicalResult tileContraction(linalg::LinalgOp op, int64_t blockN,
                                int64_t registerN, bool packed,
                                bool allRows = false);

  /// Tiles an output block into reduction blocks and register tiles of
  /// `registerM` rows; the rows left over get a register tile of their own.
  LogicalResult tileReduction(linalg::LinalgOp op, int64_t registerM,
                              int64_t registerN, bool packed);

  /// Tiles the ops of one row (the body of `rowLoop`) along the row in
  /// steps of the target's row step; reductions keep a vector of partial
  /// results.
  void tileAlongRow(scf::ForOp rowLoop);

  /// Tiles `op` with `sizes`, fusing the producers `fuse` accepts; replaces
  /// the op and returns the tiled op, or null when tiling does not apply.
  Operation *tileAndFuse(Operation *op, ArrayRef<int64_t> sizes,
                         LoopType loopType,
                         function_ref<bool(Operation *, bool)> fuse,
                         ArrayRef<int64_t> interchange = {});
  Operation *tileAndFuse(Operation *op, ArrayRef<OpFoldResult> sizes,
                         LoopType loopType,
                         function_ref<bool(Operation *, bool)> fuse,
                         ArrayRef<int64_t> interchange = {});

  /// The rows per outer tile of a row-wise op with `rows` rows, each of
  /// `rowWork` elements, either known at run time: about kTargetChunks
  /// tiles, but one tile (no threads) below the parallel threshold; at
  /// least 1.
  Value getDynamicChunk(Location loc, Value rows, OpFoldResult rowWork);

  IRRewriter &rewriter;
  const CPUTarget &target;
  CPUTileSizes tiles;
  int64_t parallelThreshold, maxRow;
  bool fuseProducers;
};

} // namespace

Operation *TileAndFuse::tileAndFuse(Operation *op, ArrayRef<int64_t> sizes,
                                    LoopType loopType,
                                    function_ref<bool(Operation *, bool)> fuse,
                                    ArrayRef<int64_t> interchange) {
  return tileAndFuse(op, indexAttrs(rewriter, sizes), loopType, fuse,
                     interchange);
}

Operation *TileAndFuse::tileAndFuse(Operation *op,
                                    ArrayRef<OpFoldResult> sizes,
                                    LoopType loopType,
                                    function_ref<bool(Operation *, bool)> fuse,
                                    ArrayRef<int64_t> interchange) {
  if (llvm::all_of(sizes, [](OpFoldResult size) {
        std::optional<int64_t> value = getConstantIntValue(size);
        return value && *value == 0;
      }))
    return op;
  auto tilingOp = dyn_cast<TilingInterface>(op);
  if (!tilingOp)
    return nullptr;
  scf::SCFTilingOptions tiling;
  tiling.setTileSizes(sizes).setLoopType(loopType);
  if (!interchange.empty())
    tiling.setInterchange(interchange);
  scf::SCFTileAndFuseOptions options;
  options.setTilingOptions(tiling);
  options.setFusionControlFn(
      [&](tensor::ExtractSliceOp, OpResult producer, bool isDestination)
          -> std::optional<scf::SCFTileAndFuseOptions::ControlFnResult> {
        if (!fuse(producer.getOwner(), isDestination))
          return std::nullopt;
        return scf::SCFTileAndFuseOptions::ControlFnResult{};
      });
  rewriter.setInsertionPoint(op);
  FailureOr<scf::SCFTileAndFuseResult> result =
      scf::tileConsumerAndFuseProducersUsingSCF(rewriter, tilingOp, options);
  if (failed(result))
    return nullptr;
  for (OpResult value : op->getResults())
    if (Value replacement = result->replacements.lookup(value))
      rewriter.replaceAllUsesWith(value, replacement);
  if (op->use_empty())
    rewriter.eraseOp(op);
  return result->tiledAndFusedOps.front();
}

/// For tiling levels that fuse no producer.
static bool fuseNothing(Operation *, bool) { return false; }

/// The fill of a contraction's output block is computed per block; other
/// producers are roots of their own (a contraction's operands are read many
/// times and must not be recomputed per block).
static bool fusableIntoContraction(Operation *producer, bool isDestination) {
  return isDestination && isa<linalg::FillOp>(producer);
}

LogicalResult TileAndFuse::tileMatmul(linalg::LinalgOp op) {
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  int64_t m = ranges[0], n = ranges[1];
  int64_t blockN = divisorAtMost(n, tiles.blockN);
  int64_t registerN = divisorAtMost(blockN, tiles.registerN);

  // With enough rows to amortize it, B is packed into register-tile panels
  // first (a copy of B per call).
  linalg::LinalgOp contraction = op;
  bool packed = false;
  auto matmul = dyn_cast<linalg::MatmulOp>(op.getOperation());
  if (matmul && m >= tiles.minRowsToPack && registerN >= target.lanes() &&
      blockN % registerN == 0) {
    FailureOr<std::pair<linalg::GenericOp, linalg::TransposeOp>> result =
        packMatmulB(rewriter, matmul, registerN);
    if (succeeded(result)) {
      tileRowWise(result->second);
      contraction = result->first;
      packed = true;
    }
  }

  // When no divisor of the rows is near the register tile's (64 or 1024
  // rows and 6-row tiles), the rows left after whole register tiles get a
  // register tile of their number. Few rows are one block, split where its
  // register tiles are, so that every row reuses the block's columns of B
  // from cache; otherwise the whole contraction is split, and the few rows
  // left read B once more.
  int64_t rest = m % tiles.registerM;
  bool uneven = m > tiles.registerM && rest != 0 &&
                divisorAtMost(m, tiles.registerM) < tiles.registerM;
  if (!uneven || m <= 2 * tiles.blockM)
    return tileContraction(contraction, blockN, registerN, packed,
                           /*allRows=*/uneven);
  FailureOr<std::pair<linalg::LinalgOp, linalg::LinalgOp>> parts =
      splitContractionRows(rewriter, contraction, m - rest);
  if (failed(parts) ||
      failed(tileContraction(parts->first, blockN, registerN, packed)))
    return failure();
  return tileContraction(parts->second, blockN, registerN, packed);
}

LogicalResult TileAndFuse::tileDynamicMatmul(linalg::LinalgOp op) {
  int64_t n = op.getStaticLoopRanges()[1];
  int64_t blockN = divisorAtMost(n, tiles.blockN);
  int64_t registerN = divisorAtMost(blockN, tiles.registerN);
  // Blocks of rows over threads, their fills fused. B is read in place:
  // packing it pays only from hundreds of rows, which a batch known at run
  // time may not have. A batch of one block is one iteration, which
  // tfc-runtime-thread-count runs on the calling thread. The blocks are
  // of equal rows, chosen at run time (64 rows in blocks of 48 and 16 ran
  // 2 threads at 1.3x a static batch).
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  Value rows = getValueOrCreateConstantIndexOp(
      rewriter, loc, op.createLoopRanges(rewriter, loc).front().size);
  Value blockRows = getBalancedBlockRows(rewriter, loc, rows, tiles.blockM,
                                         tiles.registerM);
  Operation *block = tileAndFuse(
      op,
      {OpFoldResult(blockRows), rewriter.getIndexAttr(blockN),
       rewriter.getIndexAttr(0)},
      LoopType::ForallOp, fusableIntoContraction);
  if (!block)
    return success();
  // The block's rows (as many as the batch leaves it) in register tiles;
  // the rows left over, if at least half a register tile, in one more
  // register tile with its rows of A padded with zeros; fewer in tiles of
  // 2 and 1 rows. Each tile has a static row count, so it is tiled for
  // caches and registers as in a static matmul, and every output element
  // still sums its products in the order of the reduction loop. Each tile
  // streams B once: tiles of 4, 2 and 1 rows for 7 rows made 2.2x the
  // static time at batch 7; one padded tile for a single row computes 8
  // rows, 1.3x the static time at batch 1.
  int64_t half = llvm::divideCeil(tiles.registerM, 2);
  SmallVector<int64_t> steps = {tiles.registerM};
  if (tiles.registerM > 1)
    steps.push_back(tiles.registerM);
  for (int64_t step = half > 1 ? static_cast<int64_t>(llvm::bit_floor(
                                         static_cast<uint64_t>(half - 1)))
                                   : 0;
       step >= 1; step /= 2)
    steps.push_back(step);
  if (steps.back() != 1)
    steps.push_back(1);
  FailureOr<SmallVector<linalg::LinalgOp>> parts =
      tileDynamicRows(rewriter, cast<linalg::LinalgOp>(block), steps,
                      tiles.registerM > 1 ? std::optional<unsigned>(1)
                                          : std::nullopt);
  if (failed(parts))
    return success();
  for (auto [part, step] : llvm::zip(*parts, steps)) {
    if (auto fill =
            part.getDpsInitOperand(0)->get().getDefiningOp<linalg::FillOp>())
      tileAndFuse(fill, {step, registerN}, LoopType::ForOp, fuseNothing);
    if (failed(tileReduction(part, step, registerN, /*packed=*/false)))
      return failure();
  }
  return success();
}

Value TileAndFuse::getDynamicChunk(Location loc, Value rows,
                                   OpFoldResult rowWork) {
  Value pieces = arith::ConstantIndexOp::create(rewriter, loc, kTargetChunks);
  Value serialRows;
  if (std::optional<int64_t> known = getConstantIntValue(rowWork)) {
    serialRows = arith::ConstantIndexOp::create(
        rewriter, loc,
        std::max<int64_t>(1, llvm::divideCeil(parallelThreshold,
                                              std::max<int64_t>(*known, 1))));
  } else {
    Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
    Value threshold =
        arith::ConstantIndexOp::create(rewriter, loc, parallelThreshold);
    Value work =
        arith::MaxUIOp::create(rewriter, loc, cast<Value>(rowWork), one);
    serialRows = arith::CeilDivUIOp::create(rewriter, loc, threshold, work);
  }
  Value chunk = arith::CeilDivUIOp::create(rewriter, loc, rows, pieces);
  return arith::MaxUIOp::create(rewriter, loc, chunk, serialRows);
}

LogicalResult TileAndFuse::tileContraction(linalg::LinalgOp op, int64_t blockN,
                                           int64_t registerN, bool packed,
                                           bool allRows) {
  // Loops (m, n, k), or (m, panels, panel columns, k) on a packed B.
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  int64_t m = ranges[0], k = ranges.back();
  int64_t n = packed ? ranges[1] * ranges[2] : ranges[1];
  int64_t registerM =
      allRows ? tiles.registerM : divisorAtMost(m, tiles.registerM);
  int64_t blockM =
      allRows
          ? m
          : registerM *
                divisorAtMost(m / registerM,
                              std::max<int64_t>(1, tiles.blockM / registerM));
  bool parallel =
      m * n * k >= parallelThreshold && (m / blockM) * (n / blockN) > 1;
  LoopType outerLoop = parallel ? LoopType::ForallOp : LoopType::ForOp;

  // The cache level: one output block per thread, its fill fused. On a
  // packed B, column blocks outside row blocks: the static schedule then
  // gives each thread whole column blocks of the packed B (2 MiB for
  // K = 2048 with AVX-512, its L2) and streams A past them, instead of
  // streaming all of B once per row block (4x less traffic for 2048^3;
  // 12-15 % faster there).
  Operation *block =
      packed ? tileAndFuse(op, {blockM, blockN / registerN, 0, 0}, outerLoop,
                           fusableIntoContraction, {1, 0, 2, 3})
             : tileAndFuse(op, {blockM, blockN, 0}, outerLoop,
                           fusableIntoContraction);
  if (!block)
    return success();
  // The fill of the block, tiled like the registers below.
  auto tiled = cast<linalg::LinalgOp>(block);
  int64_t fillRows = divisorAtMost(blockM, registerM);
  if (auto fill =
          tiled.getDpsInitOperand(0)->get().getDefiningOp<linalg::FillOp>())
    tileAndFuse(fill,
                packed ? SmallVector<int64_t>{fillRows, 1, registerN}
                       : SmallVector<int64_t>{fillRows, registerN},
                LoopType::ForOp, fuseNothing);
  return tileReduction(tiled, registerM, registerN, packed);
}

LogicalResult TileAndFuse::tileReduction(linalg::LinalgOp op, int64_t registerM,
                                         int64_t registerN, bool packed) {
  // Rows left over after whole register tiles are a part of their own,
  // with its own reduction loop: split inside the reduction loop, the
  // parts' accumulators would be hoisted out of it in an order that
  // bufferization copies.
  int64_t rows = op.getStaticLoopRanges()[0];
  if (int64_t rest = rows % registerM) {
    FailureOr<std::pair<linalg::LinalgOp, linalg::LinalgOp>> parts =
        splitContractionRows(rewriter, op, rows - rest);
    if (failed(parts) ||
        failed(tileReduction(parts->first, registerM, registerN, packed)))
      return failure();
    return tileReduction(parts->second, rest, registerN, packed);
  }
  // Blocks of the reduction, then the register tiles.
  int64_t k = op.getStaticLoopRanges().back();
  int64_t blockK = divisorAtMost(k, tiles.blockK);
  Operation *reductionBlock =
      tileAndFuse(op,
                  packed ? SmallVector<int64_t>{0, 0, 0, blockK}
                         : SmallVector<int64_t>{0, 0, blockK},
                  LoopType::ForOp, fuseNothing);
  if (!reductionBlock)
    return success();
  // On a packed B, the register tile's panel dimension has size 1, which
  // the vector lowering drops, leaving the outer products of an unpacked
  // tile; panels outside rows: a panel's reduction block stays in L1 (the
  // target's reduction block is sized for it) while the rows of A, fewer
  // bytes per step, come from L2.
  if (packed)
    tileAndFuse(reductionBlock, {registerM, 1, registerN, 1}, LoopType::ForOp,
                fuseNothing, {1, 0, 2, 3});
  else
    tileAndFuse(reductionBlock, {registerM, registerN, 1}, LoopType::ForOp,
                fuseNothing);
  return success();
}

/// The convolution a root computes: the root itself or, for an
/// element-wise consumer of the convolution's whole output (bias and
/// activation, fused by then into one generic), its producer.
static linalg::Conv2DNhwcHwcfOp getConvolution(linalg::LinalgOp root) {
  if (auto conv = dyn_cast<linalg::Conv2DNhwcHwcfOp>(root.getOperation()))
    return isTileable(conv) ? conv : nullptr;
  if (root.getNumLoops() != 4 || root.getNumParallelLoops() != 4 ||
      root->getNumResults() != 1)
    return nullptr;
  for (OpOperand *operand : root.getDpsInputOperands()) {
    auto conv = operand->get().getDefiningOp<linalg::Conv2DNhwcHwcfOp>();
    if (conv && conv->hasOneUse() && isTileable(conv) &&
        root.getMatchingIndexingMap(operand).isIdentity())
      return conv;
  }
  return nullptr;
}

void TileAndFuse::tileConvolution(linalg::LinalgOp root,
                                  linalg::Conv2DNhwcHwcfOp conv) {
  // Loops of the convolution: (n, oh, ow, f, kh, kw, c).
  SmallVector<int64_t> ranges = conv.getStaticLoopRanges();
  int64_t batch = ranges[0], rows = ranges[1], cols = ranges[2],
          channels = ranges[3];
  bool isConv = root.getOperation() == conv.getOperation();
  int64_t numLoops = root.getNumLoops();
  // Blocks of output rows, about kTargetChunks of them over the batch. A
  // batch known only at run time is cut as one image, each block in one
  // image, so every block is static; its blocks always go to threads (one
  // block runs on the calling thread).
  bool dynamicBatch = ShapedType::isDynamic(batch);
  int64_t images = dynamicBatch ? 1 : batch;
  int64_t blockRows =
      divisorAtMost(rows, std::max<int64_t>(1, images * rows / kTargetChunks));
  bool parallel = dynamicBatch || (product(ranges) >= parallelThreshold &&
                                   batch * (rows / blockRows) > 1);
  // The convolution (its tiled copy at the inner level) and its fill.
  auto fuse = [](Operation *producer, bool) {
    return isa<linalg::Conv2DNhwcHwcfOp, linalg::FillOp>(producer);
  };
  SmallVector<int64_t> outer(numLoops, 0), inner(numLoops, 0);
  outer[0] = 1;
  outer[1] = blockRows;
  Operation *block = tileAndFuse(
      root, outer, parallel ? LoopType::ForallOp : LoopType::ForOp, fuse);
  if (!block)
    return;
  inner[1] = 1;
  inner[2] = divisorAtMost(cols, tiles.registerM);
  inner[3] = divisorAtMost(channels, tiles.registerN);
  // The block's fill stays outside the register tiles (fused there, each
  // tile would zero a buffer of its own), tiled like them.
  linalg::Conv2DNhwcHwcfOp blockConv;
  if (isConv)
    blockConv = dyn_cast<linalg::Conv2DNhwcHwcfOp>(block);
  else
    block->getBlock()->walk(
        [&](linalg::Conv2DNhwcHwcfOp op) { blockConv = op; });
  if (blockConv)
    if (auto fill = blockConv.getDpsInitOperand(0)
                        ->get()
                        .getDefiningOp<linalg::FillOp>())
      tileAndFuse(fill, {1, 1, inner[2], inner[3]}, LoopType::ForOp,
                  fuseNothing);
  Operation *tile =
      tileAndFuse(block, inner, LoopType::ForOp, [](Operation *producer, bool) {
        return isa<linalg::Conv2DNhwcHwcfOp>(producer);
      });
  if (!tile)
    return;
  // The register tile's reduction, one filter tap and input channel per
  // step: the accumulators stay in registers across it (tfc-vectorize
  // hoists them), and the step is an outer product.
  linalg::Conv2DNhwcHwcfOp tiledConv;
  if (isConv)
    tiledConv = dyn_cast<linalg::Conv2DNhwcHwcfOp>(tile);
  else
    tile->getBlock()->walk(
        [&](linalg::Conv2DNhwcHwcfOp op) { tiledConv = op; });
  if (tiledConv)
    tileAndFuse(tiledConv, {0, 0, 0, 0, 1, 1, 1}, LoopType::ForOp, fuseNothing);
}

void TileAndFuse::tileRowWise(linalg::LinalgOp op) {
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  int64_t numLoops = op.getNumLoops();
  if (numLoops == 0)
    return;
  bool innerIsParallel = iterators.back() == utils::IteratorType::parallel;
  // Rows known at run time (hasDynamicRows): the outer level is parallel,
  // in chunks computed at run time, and the inner level's single rows are
  // static. Rows of a length known at run time (hasDynamicRowLength) are
  // chunked the same way, whatever their count, and kept whole: each row's
  // ops then step along it with a remainder (tileAlongRow).
  bool dynamicLength = ShapedType::isDynamic(ranges.back());
  bool dynamicRows = ShapedType::isDynamic(ranges[0]) || dynamicLength;
  // Long rows are cut along their last dimension, which must then be
  // parallel in every fused op, when there are too few rows to share out
  // (fewer than kTargetChunks); otherwise rows stay whole, however long,
  // and their ops step along them (tileAlongRow): a softmax over rows of
  // 30000 then reads each row from memory once, where cut rows computed
  // the maximum and the exponentials twice and read the input four times
  // (2.2x the time). A 1-d op is a single row with no loop around it: cut
  // from the row step on, or it would become one vector of the whole row
  // (the machine scheduler is quadratic in a block of 500 such
  // 4096-element adds).
  ArrayRef<int64_t> leading = ArrayRef(ranges).drop_back();
  bool fewRows = llvm::none_of(leading, ShapedType::isDynamic) &&
                 product(leading) < kTargetChunks;
  bool longRows =
      innerIsParallel && !dynamicLength &&
      ((ranges.back() > maxRow && fewRows) ||
       (numLoops == 1 && ranges.back() > tiles.rowStep));
  bool parallel = dynamicRows || product(ranges) >= parallelThreshold;

  // The outer level: the outermost parallel loop that has more than one
  // iteration, in about kTargetChunks pieces.
  SmallVector<int64_t> outer(numLoops, 0), inner(numLoops, 0);
  int64_t lastOuter = longRows ? numLoops : numLoops - 1;
  for (int64_t i = 0; i < lastOuter; ++i) {
    if (i == 0 && dynamicRows)
      break;
    if (iterators[i] != utils::IteratorType::parallel || ranges[i] <= 1)
      continue;
    int64_t chunk = divisorAtLeast(ranges[i], ranges[i] / kTargetChunks);
    if (longRows && i == numLoops - 1)
      chunk = std::max(chunk, divisorAtLeast(ranges[i], tiles.rowStep));
    outer[i] = chunk;
    break;
  }
  // The inner level: one row at a time, or a row step of it.
  for (int64_t i = 0; i < numLoops - 1; ++i)
    if (iterators[i] == utils::IteratorType::parallel)
      inner[i] = 1;
  if (longRows)
    inner[numLoops - 1] = divisorAtMost(ranges.back(), tiles.rowStep);

  auto fuse = [&](Operation *producer, bool isDestination) {
    // Unfused, only the op's own output fill goes into its loops.
    if (!fuseProducers)
      return fusableIntoContraction(producer, isDestination);
    auto linalgProducer = dyn_cast<linalg::LinalgOp>(producer);
    if (!linalgProducer || isMatmulLike(linalgProducer) ||
        !isTileable(linalgProducer))
      return false;
    if (longRows)
      return linalgProducer.getNumParallelLoops() ==
             linalgProducer.getNumLoops();
    return true;
  };
  SmallVector<OpFoldResult> outerSizes = indexAttrs(rewriter, outer);
  if (dynamicRows) {
    rewriter.setInsertionPoint(op);
    Location loc = op.getLoc();
    SmallVector<Range> loopRanges = op.createLoopRanges(rewriter, loc);
    // The elements of a row: a constant unless its length is dynamic.
    OpFoldResult rowWork =
        rewriter.getIndexAttr(product(ArrayRef(ranges).drop_front()));
    if (dynamicLength) {
      Value work = arith::ConstantIndexOp::create(
          rewriter, loc, product(ArrayRef(ranges).drop_front().drop_back()));
      rowWork = arith::MulIOp::create(
                    rewriter, loc, work,
                    getValueOrCreateConstantIndexOp(rewriter, loc,
                                                    loopRanges.back().size))
                    .getResult();
    }
    outerSizes[0] = getDynamicChunk(
        loc,
        getValueOrCreateConstantIndexOp(rewriter, loc, loopRanges.front().size),
        rowWork);
  }
  Operation *rows = tileAndFuse(
      op, outerSizes, parallel ? LoopType::ForallOp : LoopType::ForOp, fuse);
  if (!rows)
    return;
  Operation *row = tileAndFuse(rows, inner, LoopType::ForOp, fuse);
  if (!row || longRows || (!dynamicLength && ranges.back() <= tiles.rowStep))
    return;
  if (auto rowLoop = dyn_cast<scf::ForOp>(row->getParentOp())) {
    // Fusion computes a producer once per use (the exponentials of a
    // softmax for the sum and for the division): one copy is enough. The
    // copies are inside this root's loops, so CSE looks there only: over
    // the whole function, it made the pass quadratic in the graph's size.
    Operation *outermost = rowLoop;
    while (!isa<func::FuncOp>(outermost->getParentOp()))
      outermost = outermost->getParentOp();
    // Sizes known at run time are read from different tensors by each copy.
    if (dynamicLength)
      foldDynamicSizes(outermost, static_cast<RewriterBase::Listener *>(
                           rewriter.getListener()));
    DominanceInfo dominance;
    eliminateCommonSubExpressions(rewriter, dominance, outermost);
    reuseRowBuffers(rewriter, *rowLoop.getBody());
    tileAlongRow(rowLoop);
  }
}

void TileAndFuse::tileAlongRow(scf::ForOp rowLoop) {
  SmallVector<linalg::LinalgOp> ops;
  for (Operation &op : rowLoop.getBody()->without_terminator())
    if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op))
      if (linalgOp.hasPureTensorSemantics() && !isa<linalg::FillOp>(op))
        ops.push_back(linalgOp);
  for (linalg::LinalgOp op : ops) {
    // Whole steps of the row step and a remainder, for a row of a length
    // known at run time or without a divisor near the step that is a
    // multiple of the vector length (30000: 60 was 20 % slower than 64);
    // otherwise steps of that divisor, with no remainder.
    int64_t step = tiles.rowStep;
    if (hasStaticShapes(op)) {
      SmallVector<int64_t> ranges = op.getStaticLoopRanges();
      if (ranges.empty() || ranges.back() <= tiles.rowStep)
        continue;
      int64_t divisor = divisorAtMost(ranges.back(), tiles.rowStep);
      if (divisor >= tiles.rowStep / 2 && divisor % target.lanes() == 0)
        step = divisor;
    }
    (void)tileDynamicRow(rewriter, op, step);
  }
}

/// Gives each op whose output starts as a fill (a contraction's zeros) a
/// fill of its own. CSE merges the fills of all the contractions of a
/// graph into one; that one could be fused into no contraction, each
/// contraction then copied the shared zeros, and bufferization weighed
/// every one of its uses against every other (quadratic in the graph).
static void privatizeFills(func::FuncOp func) {
  SmallVector<linalg::FillOp> shared;
  func.walk([&](linalg::FillOp fill) {
    if (fill.hasPureTensorSemantics() && !fill->hasOneUse())
      shared.push_back(fill);
  });
  OpBuilder builder(func.getContext());
  for (linalg::FillOp fill : shared) {
    // Every use but the first gets a copy, made before its user.
    SmallVector<OpOperand *> uses = llvm::map_to_vector(
        fill->getResult(0).getUses(), [](OpOperand &use) { return &use; });
    for (OpOperand *use : llvm::drop_begin(uses)) {
      auto user = dyn_cast<DestinationStyleOpInterface>(use->getOwner());
      if (!user || !user.isDpsInit(use))
        continue;
      builder.setInsertionPoint(use->getOwner());
      IRMapping mapping;
      Value init = fill.getDpsInitOperand(0)->get();
      if (auto empty = init.getDefiningOp<tensor::EmptyOp>())
        mapping.map(init, builder.clone(*empty)->getResult(0));
      use->set(builder.clone(*fill, mapping)->getResult(0));
    }
  }
}

namespace {
struct TFCTileAndFusePass
    : public tfc::impl::TFCTileAndFuseBase<TFCTileAndFusePass> {
  using TFCTileAndFuseBase::TFCTileAndFuseBase;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    // A padded copy becomes a fill and a copy into its interior: the fill
    // is a memset, the copy moves whole rows (a tensor.pad would be
    // bufferized into an element-wise generator).
    {
      RewritePatternSet patterns(&getContext());
      linalg::populateDecomposePadPatterns(patterns);
      if (failed(applyPatternsGreedily(func, std::move(patterns))))
        return signalPassFailure();
    }
    privatizeFills(func);
    // Roots are the linalg ops at the top level of the function; those
    // fused into a later root are gone by the time they come up.
    SmallVector<linalg::LinalgOp> roots;
    for (Block &block : func.getBody())
      for (Operation &op : block)
        if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op))
          if (isTileable(linalgOp) && !isa<linalg::FillOp>(op))
            roots.push_back(linalgOp);

    ErasureListener listener;
    IRRewriter rewriter(&getContext(), &listener);
    const CPUTarget *cpu = lookupCPUTarget(target);
    if (!cpu) {
      func.emitError() << "unknown CPU target '" << target << "'";
      return signalPassFailure();
    }
    TileAndFuse tiler(rewriter, *cpu, parallelThreshold, maxRow, fuseProducers);
    for (linalg::LinalgOp root : llvm::reverse(roots)) {
      if (listener.erased.contains(root))
        continue;
      SmallVector<Operation *> producers = getProducers(root);
      if (isMatmulLike(root)) {
        if (failed(hasDynamicRows(root) ? tiler.tileDynamicMatmul(root)
                                        : tiler.tileMatmul(root)))
          return signalPassFailure();
      } else if (linalg::Conv2DNhwcHwcfOp conv = getConvolution(root))
        tiler.tileConvolution(root, conv);
      else
        tiler.tileRowWise(root);
      // Producers fused into the root's loops are dead now.
      eraseDeadProducers(rewriter, std::move(producers), listener);
    }
  }
};
} // namespace
