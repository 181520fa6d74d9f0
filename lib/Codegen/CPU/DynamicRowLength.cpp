//===- DynamicRowLength.cpp - rows whose length is known at run time ------===//
//
// Steps along a row whose length is known only at run time as along a
// static one: whole steps of a static number of elements, which vectorize,
// then one partial step of the elements left. A reduction along the row
// keeps a vector of partial results across both, so it sums in the order
// of the static path.
//
//===----------------------------------------------------------------------===//

#include "Transforms.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/TilingInterface.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;
using namespace mlir::tfc;

bool mlir::tfc::hasDynamicRowLength(linalg::LinalgOp op) {
  if (!op.hasPureTensorSemantics() || op.getNumLoops() < 2 ||
      isa<linalg::ConvolutionOpInterface>(op.getOperation()) ||
      linalg::isaContractionOpInterface(op))
    return false;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  ArrayRef<int64_t> middle = ArrayRef(ranges).drop_front().drop_back();
  return ShapedType::isDynamic(ranges.back()) &&
         op.getIteratorTypesArray()[0] == utils::IteratorType::parallel &&
         llvm::none_of(middle, ShapedType::isDynamic);
}

LogicalResult mlir::tfc::tileDynamicRow(RewriterBase &rewriter,
                                        linalg::LinalgOp op, int64_t step) {
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  auto tiling = dyn_cast<TilingInterface>(op.getOperation());
  int64_t last = static_cast<int64_t>(ranges.size()) - 1;
  if (!tiling || last < 0 || step <= 1 ||
      llvm::any_of(ArrayRef(ranges).drop_back(), ShapedType::isDynamic))
    return failure();
  // Only the row is cut: the other loops have size 1 here, or are
  // reductions the op keeps whole.
  if (llvm::any_of(llvm::seq<int64_t>(0, last), [&](int64_t i) {
        return iterators[i] == utils::IteratorType::reduction;
      }))
    return failure();
  SmallVector<OpFoldResult> sizes(ranges.size(), rewriter.getIndexAttr(0));
  sizes[last] = rewriter.getIndexAttr(step);
  scf::SCFTilingOptions options;
  options.setTileSizes(sizes);
  if (iterators[last] == utils::IteratorType::reduction)
    options
        .setReductionTilingStrategy(
            ReductionTilingStrategy::PartialReductionOuterReduction)
        .setReductionDims({static_cast<unsigned>(last)});
  rewriter.setInsertionPoint(op);
  FailureOr<scf::SCFTilingResult> result =
      scf::tileUsingSCF(rewriter, tiling, options);
  if (failed(result) || result->loops.size() != 1)
    return failure();
  rewriter.replaceOp(op, result->replacements);
  // The whole steps, where the tile sizes fold to `step` and the tiles
  // become static, and the step left, a scalar loop of fewer elements.
  auto loop = dyn_cast<scf::ForOp>(result->loops.front().getOperation());
  scf::ForOp partial;
  if (loop)
    (void)scf::peelForLoopAndSimplifyBounds(rewriter, loop, partial);
  return success();
}

void mlir::tfc::foldDynamicSizes(Operation *loops,
                                 RewriterBase::Listener *listener) {
  MLIRContext *context = loops->getContext();
  // The size ops of the loops and of their block (tiling reads sizes before
  // the loops too), not those inside the block's other ops: over the whole
  // function, every root would visit every other root's loops.
  auto forEachSizeOp = [&](function_ref<void(Operation *)> fn) {
    for (Operation &op : *loops->getBlock()) {
      if (&op == loops)
        op.walk<WalkOrder::PreOrder>([&](Operation *nested) {
          if (isa<tensor::DimOp, tensor::EmptyOp>(nested))
            fn(nested);
        });
      else if (isa<tensor::DimOp, tensor::EmptyOp>(op))
        fn(&op);
    }
  };
  RewritePatternSet patterns(context);
  tensor::DimOp::getCanonicalizationPatterns(patterns, context);
  tensor::EmptyOp::getCanonicalizationPatterns(patterns, context);
  // Only the size ops and what they create are rewritten: folding every op
  // of the loops would also fold away the loops the caller still holds.
  SmallVector<Operation *> sizeOps;
  forEachSizeOp([&](Operation *op) { sizeOps.push_back(op); });
  GreedyRewriteConfig config;
  config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled)
      .setStrictness(GreedyRewriteStrictness::ExistingAndNewOps)
      .setListener(listener);
  (void)applyOpPatternsGreedily(sizeOps, std::move(patterns), config);

  // Each loop tiling builds reads the sizes it needs with a `tensor.dim`
  // (and an index constant) of its own: equal sizes, different values.
  // Each becomes the first read of the same dimension that dominates it.
  SmallVector<tensor::DimOp> dims;
  forEachSizeOp([&](Operation *op) {
    if (auto dim = dyn_cast<tensor::DimOp>(op))
      dims.push_back(dim);
  });
  DominanceInfo dominance(loops->getParentOp());
  DenseMap<std::pair<Value, int64_t>, SmallVector<Value, 2>> reads;
  IRRewriter rewriter(context, listener);
  for (tensor::DimOp dim : dims) {
    std::optional<int64_t> index = dim.getConstantIndex();
    if (!index)
      continue;
    SmallVector<Value, 2> &earlier = reads[{dim.getSource(), *index}];
    auto *it = llvm::find_if(earlier, [&](Value read) {
      return dominance.properlyDominates(read, dim);
    });
    if (it != earlier.end())
      rewriter.replaceOp(dim, *it);
    else
      earlier.push_back(dim.getResult());
  }
}
