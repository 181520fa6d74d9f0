//===- TileContractions.cpp - tiling matmuls and convolutions -------------===//
//
// The strategies of tfc-tile-and-fuse for contractions (blocks over
// threads, reduction blocks, register tiles; B packed into panels, rows
// split where register tiles end, dynamic rows in tiles of static counts)
// and for 2-d convolutions with their fused element-wise consumer.
//
//===----------------------------------------------------------------------===//

#include "TileAndFuse.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/Utils/Utils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Utils/Utils.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tfc;
using namespace mlir::tfc::tiling;

std::pair<int64_t, int64_t> TileAndFuse::columnTiles(int64_t n) const {
  // A register tile of whole vectors: the largest divisor alone may be an
  // odd width (784 columns made blocks of 56 in tiles of 14, whose partial
  // vectors ran 15x slower than 768 columns). A whole register tile of the
  // target's first, in the widest block it divides; else whole vectors.
  int64_t lanes = target.lanes();
  int64_t whole = tiles.registerN;
  if (int64_t blockN =
          divisorMultipleAtMost(n, std::max(tiles.blockN, whole), whole))
    return {blockN, whole};
  if (int64_t blockN =
          divisorMultipleAtMost(n, std::max(tiles.blockN, lanes), lanes))
    return {blockN, divisorMultipleAtMost(blockN, whole, lanes)};
  int64_t blockN = divisorAtMost(n, tiles.blockN);
  return {blockN, divisorAtMost(blockN, tiles.registerN)};
}

// Columns that are no multiple of the vector width are padded to whole
// vectors: register tiles of partial vectors (10 output columns in tiles of
// 10, 100 in tiles of 10) ran at a tenth of the speed of whole ones.
// Columns that whole register tiles almost divide (1000 with AVX2's
// 16-column tiles, 784 with AVX-512's 32) are padded to them when that adds
// at most a sixteenth: a narrower tile would leave FMA units idle.
int64_t TileAndFuse::vectorColumns(int64_t n) const {
  int64_t lanes = target.lanes(), registerN = tiles.registerN;
  // One column is a matrix-vector product: padding would multiply its work.
  if (lanes <= 1 || n < 2)
    return n;
  int64_t width = llvm::alignTo(n, registerN);
  if (n % registerN == 0 || (width - n) * 16 > n)
    width = llvm::alignTo(n, lanes);
  return width;
}

FailureOr<linalg::MatmulOp>
TileAndFuse::padColumnsToVectors(linalg::LinalgOp op) {
  auto matmul = dyn_cast<linalg::MatmulOp>(op.getOperation());
  if (!matmul || matmul.hasUserDefinedMaps())
    return failure();
  Value a = matmul.getDpsInputOperand(0)->get();
  Value b = matmul.getDpsInputOperand(1)->get();
  Value c = matmul.getDpsInitOperand(0)->get();
  auto bType = dyn_cast<RankedTensorType>(b.getType());
  auto cType = dyn_cast<RankedTensorType>(c.getType());
  if (!bType || !cType || !bType.hasStaticShape() || cType.isDynamicDim(1))
    return failure();
  int64_t n = bType.getDimSize(1);
  int64_t width = vectorColumns(n);
  linalg::FillOp fill = getFillOfEmpty(c);
  if (width == n || !fill)
    return failure();
  Location loc = matmul.getLoc();
  rewriter.setInsertionPoint(matmul);
  Value zero = arith::ConstantOp::create(
      rewriter, loc, rewriter.getZeroAttr(bType.getElementType()));
  Value paddedB = tensor::createPadHighOp(
      RankedTensorType::get({bType.getDimSize(0), width},
                            bType.getElementType()),
      b, zero, /*nofold=*/false, loc, rewriter);
  auto paddedType = RankedTensorType::get({cType.getDimSize(0), width},
                                          cType.getElementType());
  OpFoldResult rows = tensor::getMixedSize(rewriter, loc, c, 0);
  Value empty = tensor::EmptyOp::create(rewriter, loc,
                                        {rows, rewriter.getIndexAttr(width)},
                                        paddedType.getElementType());
  Value init = linalg::FillOp::create(rewriter, loc,
                                      fill.getDpsInputOperand(0)->get(), empty)
                   .getResult(0);
  auto padded =
      linalg::MatmulOp::create(rewriter, loc, TypeRange{paddedType},
                               ValueRange{a, paddedB}, ValueRange{init});
  padded->setDiscardableAttrs(matmul->getDiscardableAttrDictionary());
  Value columns = tensor::ExtractSliceOp::create(
      rewriter, loc, cType, padded.getResult(0), indexAttrs(rewriter, {0, 0}),
      {rows, rewriter.getIndexAttr(n)}, indexAttrs(rewriter, {1, 1}));
  rewriter.replaceOp(matmul, columns);
  return padded;
}

std::pair<int64_t, int64_t>
TileAndFuse::packedColumnTiles(linalg::LinalgOp op) const {
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  int64_t panels = ranges[1], panel = ranges[2];
  // The block of columnTiles, in whole panels.
  int64_t blockN = columnTiles(panels * panel).first;
  return {panel * divisorAtMost(panels, std::max<int64_t>(1, blockN / panel)),
          panel};
}

linalg::MatmulOp TileAndFuse::packableMatmul(linalg::LinalgOp op,
                                             int64_t blockN,
                                             int64_t registerN) const {
  auto matmul = dyn_cast<linalg::MatmulOp>(op.getOperation());
  if (!matmul || registerN < target.lanes() || blockN % registerN != 0)
    return nullptr;
  return matmul;
}

void TileAndFuse::tilePack(linalg::TransposeOp pack) {
  // Loops (panel, k, column) of Bp[panel, k, :] = B[k, panel, :]: chunks of
  // B's rows over threads, then one row of B at a time with its panels
  // inside, so that B is read in order and each panel written in order.
  // Panels outside rows read B a row apart per step (2 KiB for N = 512),
  // every read a cache miss: the three packs of the 784-512-512-10 MLP
  // took 13 % of its time at batch 64.
  SmallVector<int64_t> ranges = pack.getStaticLoopRanges();
  int64_t rows = ranges[1];
  int64_t chunk =
      divisorAtMost(rows, std::max<int64_t>(1, rows / kTargetChunks));
  bool parallel =
      computeProduct(ranges) >= parallelThreshold && rows / chunk > 1;
  Operation *block =
      tileAndFuse(pack, {0, chunk, 0},
                  parallel ? LoopType::ForallOp : LoopType::ForOp, fuseNothing);
  if (block)
    tileAndFuse(block, {1, 1, 0}, LoopType::ForOp, fuseNothing, {1, 0, 2});
}

LogicalResult TileAndFuse::tileMatmul(linalg::LinalgOp op) {
  if (FailureOr<linalg::MatmulOp> padded = padColumnsToVectors(op);
      succeeded(padded))
    return tileMatmul(*padded);
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  int64_t m = ranges[0];
  linalg::LinalgOp contraction = op;
  int64_t blockN, registerN;
  bool packed = isPackedMatmul(op);
  if (packed) {
    // B came packed (a variable's panels, tfc-pack-weights).
    std::tie(blockN, registerN) = packedColumnTiles(op);
  } else {
    std::tie(blockN, registerN) = columnTiles(ranges[1]);
    // With enough rows to amortize it, B is packed into register-tile
    // panels first (a copy of B per call).
    linalg::MatmulOp matmul = packableMatmul(op, blockN, registerN);
    if (matmul && m >= tiles.minRowsToPack) {
      FailureOr<std::pair<linalg::GenericOp, linalg::TransposeOp>> result =
          packMatmulB(rewriter, matmul, registerN);
      if (succeeded(result)) {
        tilePack(result->second);
        contraction = result->first;
        packed = true;
      }
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

FailureOr<std::pair<linalg::LinalgOp, linalg::LinalgOp>>
TileAndFuse::branchOnRowsToPack(linalg::MatmulOp matmul, int64_t panel) {
  if (!canPackMatmulB(matmul, panel))
    return failure();
  Location loc = matmul.getLoc();
  rewriter.setInsertionPoint(matmul);
  Value rows = tensor::DimOp::create(rewriter, loc,
                                     matmul.getDpsInputOperand(0)->get(), 0);
  Value enough = arith::CmpIOp::create(
      rewriter, loc, arith::CmpIPredicate::sge, rows,
      arith::ConstantIndexOp::create(rewriter, loc, tiles.minRowsToPack));
  auto branch =
      scf::IfOp::create(rewriter, loc, matmul->getResultTypes(), enough,
                        /*addThenBlock=*/true, /*addElseBlock=*/true);
  // Each version gets its own copy of the output's fill, which its tiles
  // fuse.
  Value init = matmul.getDpsInitOperand(0)->get();
  linalg::FillOp fill = getFillOfEmpty(init);
  auto copyInto = [&](Block *block) {
    rewriter.setInsertionPointToStart(block);
    IRMapping mapping;
    if (fill) {
      Value empty = fill.getDpsInitOperand(0)->get();
      mapping.map(empty, rewriter.clone(*empty.getDefiningOp())->getResult(0));
      mapping.map(init, rewriter.clone(*fill, mapping)->getResult(0));
    }
    auto copy = cast<linalg::MatmulOp>(rewriter.clone(*matmul, mapping));
    scf::YieldOp::create(rewriter, loc, copy->getResults());
    return copy;
  };
  linalg::MatmulOp toPack = copyInto(branch.thenBlock());
  linalg::MatmulOp inPlace = copyInto(branch.elseBlock());
  rewriter.replaceOp(matmul, branch);
  if (fill && fill->use_empty()) {
    Operation *empty = fill.getDpsInitOperand(0)->get().getDefiningOp();
    rewriter.eraseOp(fill);
    if (empty->use_empty())
      rewriter.eraseOp(empty);
  }
  FailureOr<std::pair<linalg::GenericOp, linalg::TransposeOp>> packed =
      packMatmulB(rewriter, toPack, panel);
  assert(succeeded(packed) && "canPackMatmulB checked the shapes");
  tilePack(packed->second);
  return std::make_pair(cast<linalg::LinalgOp>(packed->first.getOperation()),
                        cast<linalg::LinalgOp>(inPlace.getOperation()));
}

LogicalResult TileAndFuse::tileDynamicMatmul(linalg::LinalgOp op,
                                             bool packAtRunTime) {
  if (FailureOr<linalg::MatmulOp> padded = padColumnsToVectors(op);
      succeeded(padded))
    return tileDynamicMatmul(*padded, packAtRunTime);
  bool packed = isPackedMatmul(op);
  auto [blockN, registerN] =
      packed ? packedColumnTiles(op) : columnTiles(op.getStaticLoopRanges()[1]);
  // B packed per call pays only from the target's minRowsToPack rows,
  // which a batch known at run time may not have: two versions, chosen at
  // run time. (The 784-512-512-10 MLP at batch 256, weights as arguments,
  // took 1.15x the static time with B always read in place.)
  linalg::MatmulOp matmul = packableMatmul(op, blockN, registerN);
  if (packAtRunTime && matmul)
    if (FailureOr<std::pair<linalg::LinalgOp, linalg::LinalgOp>> versions =
            branchOnRowsToPack(matmul, registerN);
        succeeded(versions))
      return success(succeeded(tileDynamicMatmul(versions->first, false)) &&
                     succeeded(tileDynamicMatmul(versions->second, false)));
  // Blocks of rows over threads, their fills fused. B is read in place
  // unless it came packed (a variable's panels, or per call above). A
  // batch of one block is one iteration, which
  // tfc-runtime-thread-count runs on the calling thread. The blocks are
  // of equal rows, chosen at run time (64 rows in blocks of 48 and 16 ran
  // 2 threads at 1.3x a static batch).
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  Value rows = getValueOrCreateConstantIndexOp(
      rewriter, loc, op.createLoopRanges(rewriter, loc).front().size);
  Value blockRows = getBalancedBlockRows(rewriter, loc, rows, 2 * tiles.blockM,
                                         tiles.registerM);
  SmallVector<OpFoldResult> blockSizes = {OpFoldResult(blockRows),
                                          rewriter.getIndexAttr(blockN),
                                          rewriter.getIndexAttr(0)};
  if (packed)
    blockSizes = {OpFoldResult(blockRows),
                  rewriter.getIndexAttr(blockN / registerN),
                  rewriter.getIndexAttr(0), rewriter.getIndexAttr(0)};
  Operation *block =
      tileAndFuse(op, blockSizes, LoopType::ForallOp, fusableIntoContraction);
  if (!block)
    return success();
  // The block's fill, a row at a time, then blocks of the reduction as in
  // a static matmul: a reduction block of B (of one panel, on a packed B)
  // stays in L1 while every row tile of the block reads it. With the row
  // tiles outside the reduction blocks, each row tile streamed the block's
  // whole slab of B from L2 (the 784-512-512-10 MLP at batch 64 took 1.11x
  // the static time on 1 thread, 1.19x on 2).
  auto tiled = cast<linalg::LinalgOp>(block);
  if (auto fill =
          tiled.getDpsInitOperand(0)->get().getDefiningOp<linalg::FillOp>())
    if (failed(tileDynamicRows(rewriter, fill, {1}, std::nullopt)))
      return success();
  Operation *reductionBlock = tileReductionBlocks(tiled, packed);
  if (reductionBlock && packed)
    reductionBlock =
        tileAndFuse(reductionBlock, {0, 1, 0, 0}, LoopType::ForOp, fuseNothing);
  if (!reductionBlock)
    return success();
  // Its rows (as many as the batch leaves the block) in register tiles;
  // the rows left over, if at least half a register tile, in one more
  // register tile with its rows of A padded with zeros; fewer in tiles of
  // 2 and 1 rows. Each tile has a static row count and is tiled into
  // register tiles as in a static matmul, so every output element still
  // sums its products in the order of the reduction loop. Each tile
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
  FailureOr<SmallVector<linalg::LinalgOp>> parts = tileDynamicRows(
      rewriter, cast<linalg::LinalgOp>(reductionBlock), steps,
      tiles.registerM > 1 ? std::optional<unsigned>(1) : std::nullopt);
  if (failed(parts))
    return success();
  for (auto [part, step] : llvm::zip(*parts, steps))
    tileAndFuse(part,
                packed ? SmallVector<int64_t>{step, 1, registerN, 1}
                       : SmallVector<int64_t>{step, registerN, 1},
                LoopType::ForOp, fuseNothing);
  return success();
}

Operation *TileAndFuse::tileReductionBlocks(linalg::LinalgOp op, bool packed) {
  int64_t blockK = divisorAtMost(op.getStaticLoopRanges().back(), tiles.blockK);
  return tileAndFuse(op,
                     packed ? SmallVector<int64_t>{0, 0, 0, blockK}
                            : SmallVector<int64_t>{0, 0, blockK},
                     LoopType::ForOp, fuseNothing);
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
  Operation *reductionBlock = tileReductionBlocks(op, packed);
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

/// The convolution of a tile `tiled` of a root: the tile itself when the
/// root was the convolution (`isConv`), else the convolution fused into the
/// tile's loop body.
static linalg::Conv2DNhwcHwcfOp findTiledConvolution(Operation *tiled,
                                                     bool isConv) {
  if (isConv)
    return dyn_cast<linalg::Conv2DNhwcHwcfOp>(tiled);
  linalg::Conv2DNhwcHwcfOp conv;
  tiled->getBlock()->walk([&](linalg::Conv2DNhwcHwcfOp op) { conv = op; });
  return conv;
}

linalg::Conv2DNhwcHwcfOp tiling::getConvolution(linalg::LinalgOp root) {
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
  bool parallel =
      dynamicBatch || (computeProduct(ranges) >= parallelThreshold &&
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
  // Output columns in register tiles of the target's rows (6 with AVX2),
  // the columns left over in one tile of their own (peeled below), where
  // the largest divisor is a narrower tile: 64 columns made tiles of 4 (8
  // accumulators, too few to hide the FMA latency), 14 tiles of 2, 7 tiles
  // of 1. A divisor of at least half the register tile stays for few
  // columns (8 columns: two tiles of 4 rather than 6 and 2).
  int64_t colTile = divisorAtMost(cols, tiles.registerM);
  bool peelCols =
      colTile < tiles.registerM && cols > tiles.registerM &&
      (cols >= 2 * tiles.registerM || 2 * colTile <= tiles.registerM);
  inner[2] = peelCols ? tiles.registerM : colTile;
  inner[3] = divisorAtMost(channels, tiles.registerN);
  // The block's fill stays outside the register tiles (fused there, each
  // tile would zero a buffer of its own), tiled like them but in columns
  // that divide the block (static tiles, no peeled one).
  linalg::Conv2DNhwcHwcfOp blockConv = findTiledConvolution(block, isConv);
  if (blockConv)
    if (auto fill = blockConv.getDpsInitOperand(0)
                        ->get()
                        .getDefiningOp<linalg::FillOp>())
      tileAndFuse(fill, {1, 1, colTile, inner[3]}, LoopType::ForOp,
                  fuseNothing);
  Operation *tile =
      tileAndFuse(block, inner, LoopType::ForOp, [](Operation *producer, bool) {
        return isa<linalg::Conv2DNhwcHwcfOp>(producer);
      });
  if (!tile)
    return;
  SmallVector<linalg::Conv2DNhwcHwcfOp> tiledConvs;
  if (linalg::Conv2DNhwcHwcfOp tiledConv = findTiledConvolution(tile, isConv))
    tiledConvs.push_back(tiledConv);
  // The last, narrower tile of columns as a loop iteration of its own, of
  // static sizes (the loop's bounds are): the loop over columns is the
  // outermost of the register tile's loops that steps by the column tile to
  // the last column.
  if (peelCols) {
    scf::ForOp columnLoop;
    for (auto loop = dyn_cast<scf::ForOp>(tile->getParentOp()); loop;
         loop = dyn_cast<scf::ForOp>(loop->getParentOp()))
      if (getConstantIntValue(loop.getStep()) == inner[2] &&
          getConstantIntValue(loop.getUpperBound()) == cols)
        columnLoop = loop;
    scf::ForOp partial;
    if (columnLoop && succeeded(scf::peelForLoopAndSimplifyBounds(
                          rewriter, columnLoop, partial)))
      partial.walk(
          [&](linalg::Conv2DNhwcHwcfOp conv) { tiledConvs.push_back(conv); });
  }
  // The register tile's reduction, one filter tap and input channel per
  // step: the accumulators stay in registers across it (tfc-vectorize
  // hoists them), and the step is an outer product.
  for (linalg::Conv2DNhwcHwcfOp tiledConv : tiledConvs)
    tileAndFuse(tiledConv, {0, 0, 0, 0, 1, 1, 1}, LoopType::ForOp, fuseNothing);
}
