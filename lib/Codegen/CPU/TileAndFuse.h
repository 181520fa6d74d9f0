//===- TileAndFuse.h - the tiler of tfc-tile-and-fuse -----------*- C++ -*-===//
//
// Internal to lib/Codegen/CPU: the class that tiles one root of
// tfc-tile-and-fuse, and the small rules its parts share. The pass and the
// generic tiling step are in TileAndFuse.cpp, contractions and convolutions
// in TileContractions.cpp, row-wise chains in TileRowChains.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_LIB_CODEGEN_CPU_TILEANDFUSE_H
#define TFC_LIB_CODEGEN_CPU_TILEANDFUSE_H

#include "Transforms.h"
#include "tfc/Codegen/CPU/TargetDescription.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tfc::tiling {

/// How many pieces the outer level of a row-wise op aims for: enough for
/// two threads to balance, few enough that each piece is sizable.
constexpr int64_t kTargetChunks = 64;

/// The largest divisor of `size` that is at most `target`: a tile size with
/// no remainder, so every tile is static.
inline int64_t divisorAtMost(int64_t size, int64_t target) {
  for (int64_t tile = std::min(size, target); tile > 1; --tile)
    if (size % tile == 0)
      return tile;
  return 1;
}

/// The largest divisor of `size` that is at most `target` and a multiple
/// of `unit`; 0 when there is none.
inline int64_t divisorMultipleAtMost(int64_t size, int64_t target,
                                     int64_t unit) {
  if (unit <= 0 || size % unit != 0)
    return 0;
  for (int64_t tile = target - target % unit; tile >= unit; tile -= unit)
    if (size % tile == 0)
      return tile;
  return 0;
}

/// The smallest divisor of `size` that is at least `target`.
inline int64_t divisorAtLeast(int64_t size, int64_t target) {
  for (int64_t tile = std::max<int64_t>(target, 1); tile < size; ++tile)
    if (size % tile == 0)
      return tile;
  return size;
}

inline SmallVector<OpFoldResult> indexAttrs(Builder &b,
                                            ArrayRef<int64_t> sizes) {
  return llvm::map_to_vector(sizes, [&](int64_t size) -> OpFoldResult {
    return b.getIndexAttr(size);
  });
}

inline bool hasStaticShapes(linalg::LinalgOp op) {
  return op.hasPureTensorSemantics() &&
         llvm::none_of(op.getStaticLoopRanges(), ShapedType::isDynamic);
}

/// An op whose first loop, a parallel one, has a size known only at run
/// time (a dynamic batch) while its other loops are static: tiled like a
/// static op, its rows in tiles of static sizes. Of the convolutions, only
/// 2-d NHWC ones are (their batch in tiles of one image).
inline bool hasDynamicRows(linalg::LinalgOp op) {
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
inline bool isTileable(linalg::LinalgOp op) {
  // An op with a loop of no iterations does nothing: tiling it would ask
  // for tiles of an empty range.
  if (llvm::is_contained(op.getStaticLoopRanges(), 0))
    return false;
  return hasStaticShapes(op) || hasDynamicRows(op) || hasDynamicRowLength(op);
}

/// A 2-d matmul: linalg.matmul, a generic contraction with (m, n, k)
/// loops, or one on a packed B (isPackedMatmul).
inline bool isMatmulLike(linalg::LinalgOp op) {
  return (op.getNumLoops() == 3 && op.getNumParallelLoops() == 2 &&
          linalg::isaContractionOpInterface(op)) ||
         isPackedMatmul(op);
}

/// For tiling levels that fuse no producer.
inline bool fuseNothing(Operation *, bool) { return false; }

/// The fill of a contraction's output block is computed per block; other
/// producers are roots of their own (a contraction's operands are read many
/// times and must not be recomputed per block).
inline bool fusableIntoContraction(Operation *producer, bool isDestination) {
  return isDestination && isa<linalg::FillOp>(producer);
}

/// The convolution a root computes: the root itself or, for an
/// element-wise consumer of the convolution's whole output (bias and
/// activation, fused by then into one generic), its producer; null for
/// other roots.
linalg::Conv2DNhwcHwcfOp getConvolution(linalg::LinalgOp root);

/// How a row-wise root is tiled (TileAndFuse::planRowTiling): the tile
/// sizes of its outer level (over threads when `parallel`) and of its inner
/// level (single rows, or row steps of long rows), and what decided them.
struct RowTiling {
  SmallVector<int64_t> outer, inner;
  bool dynamicRows = false, dynamicLength = false, longRows = false;
  bool parallel = false;
};

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
  /// The widths of a matmul's column blocks and register tiles for `n`
  /// columns: divisors of `n`, the register tile a whole one of the
  /// target's or at least whole vectors where `n` allows.
  std::pair<int64_t, int64_t> columnTiles(int64_t n) const;
  /// The columns a matmul of `n` columns computes: `n` padded to whole
  /// vectors (or to a whole register tile when that adds at most a
  /// sixteenth); `n` itself when it is whole vectors or a single column.
  int64_t vectorColumns(int64_t n) const;
  /// The column block and register tile of a contraction on a packed B
  /// (isPackedMatmul): whole panels per block, a panel per register tile.
  std::pair<int64_t, int64_t> packedColumnTiles(linalg::LinalgOp op) const;
  /// Tiles a matmul with dynamic rows: blocks of the target's rows over
  /// threads, each split into tiles of static row counts (register tiles,
  /// a padded register tile for the rows left, or tiles of 2 and 1 rows)
  /// that tileReduction handles as in a static matmul. With
  /// `packAtRunTime`, a matmul whose B could be packed is two versions,
  /// chosen by the rows at run time (branchOnRowsToPack).
  LogicalResult tileDynamicMatmul(linalg::LinalgOp op,
                                  bool packAtRunTime = true);
  void tileRowWise(linalg::LinalgOp op);
  /// Tiles `op` into square blocks transposed in registers when it is a
  /// copy that moves the input's innermost dimension (TileTransposes.cpp);
  /// false, with nothing changed, for any other op.
  bool tileTranspose(linalg::LinalgOp op);
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

  /// `op`, a matmul whose output starts as a fill, on B padded with zero
  /// columns to vectorColumns (the rows static or not); the first columns
  /// of its result replace the matmul's. Failure when it is no such matmul
  /// or needs no padding.
  FailureOr<linalg::MatmulOp> padColumnsToVectors(linalg::LinalgOp op);

  /// Replaces `matmul`, of rows known at run time, by a branch on them:
  /// from the target's minRowsToPack rows, the matmul on B packed per call
  /// into panels of `panel` columns (the pack tiled), else the matmul
  /// itself. Returns both contractions, or failure (nothing changed) when
  /// B cannot be packed.
  FailureOr<std::pair<linalg::LinalgOp, linalg::LinalgOp>>
  branchOnRowsToPack(linalg::MatmulOp matmul, int64_t panel);

  /// `op` when it is a matmul whose B could be packed per call into panels
  /// of its register tile (`registerN` columns of whole vectors, dividing
  /// its column block `blockN`), else null.
  linalg::MatmulOp packableMatmul(linalg::LinalgOp op, int64_t blockN,
                                  int64_t registerN) const;

  /// Tiles the copy of B into panels of packMatmulB so that it reads B in
  /// order.
  void tilePack(linalg::TransposeOp pack);

  /// Tiles a contraction (on a packed B when `packed`) into blocks of the
  /// target's reduction block; returns the tiled op, or null.
  Operation *tileReductionBlocks(linalg::LinalgOp op, bool packed);

  /// Tiles an output block into reduction blocks and register tiles of
  /// `registerM` rows; the rows left over get a register tile of their own.
  LogicalResult tileReduction(linalg::LinalgOp op, int64_t registerM,
                              int64_t registerN, bool packed);

  /// Tiles the ops of one row (the body of `rowLoop`) along the row in
  /// steps of the target's row step; reductions keep a vector of partial
  /// results.
  void tileAlongRow(scf::ForOp rowLoop);

  /// The tiling of the row-wise root `op`.
  RowTiling planRowTiling(linalg::LinalgOp op) const;
  /// Whether a producer goes into the loops of a row-wise root.
  bool fusableIntoRows(Operation *producer, bool isDestination,
                       bool longRows) const;
  /// The rows per outer tile of `op`, whose rows or row length are known
  /// only at run time (getDynamicChunk).
  Value getDynamicRowChunk(linalg::LinalgOp op, bool dynamicLength);
  /// After the rows of a root are tiled and fused: one copy of each fused
  /// producer, row buffers reused, and the ops of `rowLoop`'s row stepping
  /// along it.
  void finishRow(scf::ForOp rowLoop, bool dynamicLength);

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

} // namespace mlir::tfc::tiling

#endif // TFC_LIB_CODEGEN_CPU_TILEANDFUSE_H
