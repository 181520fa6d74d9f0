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
// This file holds the pass, its walk over the roots and the generic tiling
// step; the strategies per kind of root are in TileContractions.cpp and
// TileRowChains.cpp.
//
//===----------------------------------------------------------------------===//

#include "TileAndFuse.h"
#include "tfc/Codegen/CPU/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/TilingInterface.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::tfc {
#define GEN_PASS_DEF_TFCTILEANDFUSE
#include "tfc/Codegen/CPU/Passes.h.inc"
} // namespace mlir::tfc

using namespace mlir;
using namespace mlir::tfc;
using namespace mlir::tfc::tiling;

namespace {
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
} // namespace

Operation *TileAndFuse::tileAndFuse(Operation *op, ArrayRef<int64_t> sizes,
                                    LoopType loopType,
                                    function_ref<bool(Operation *, bool)> fuse,
                                    ArrayRef<int64_t> interchange) {
  return tileAndFuse(op, indexAttrs(rewriter, sizes), loopType, fuse,
                     interchange);
}

Operation *TileAndFuse::tileAndFuse(Operation *op, ArrayRef<OpFoldResult> sizes,
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