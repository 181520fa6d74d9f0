//===- SliceToReduce.cpp - a sum of all rows as one reduce_sum ------------===//
//
// Implements tfc-slice-to-reduce: the guide's `z += x[i]` accumulation over
// every row becomes one reduce_sum, which is one pass over memory instead of
// one slice and one addition per row.
//
//===----------------------------------------------------------------------===//

#include "tfc/Dialect/TFC/Transforms/Passes.h"

#include "tfc/Dialect/TFC/IR/TFCOps.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir::tfc {
#define GEN_PASS_DEF_TFCSLICETOREDUCE
#include "tfc/Dialect/TFC/Transforms/Passes.h.inc"
} // namespace mlir::tfc

using namespace mlir;
using namespace mlir::tfc;

namespace {

/// A row of a tensor: `source[index]` along dimension 0; `keptDim` when the
/// row keeps a leading dimension of size 1 (tf.slice).
struct Row {
  Value source;
  int64_t index;
  bool keptDim;
};

/// Recognizes `value` as one row of a tensor.
std::optional<Row> matchRow(Value value) {
  if (auto slice = value.getDefiningOp<StridedSliceOp>()) {
    // x[i]: begin [i], end [i + 1], stride 1, shrinking dimension 0.
    ArrayRef<int64_t> begin = slice.getBegin(), end = slice.getEnd();
    bool unitStride = !slice.getStrides() ||
                      llvm::all_of(*slice.getStrides(),
                                   [](int64_t s) { return s == 1; });
    if (begin.size() == 1 && end.size() == 1 && unitStride &&
        slice.getShrinkAxisMask() == 1 && slice.getBeginMask() == 0 &&
        slice.getEndMask() == 0 && slice.getEllipsisMask() == 0 &&
        slice.getNewAxisMask() == 0 && begin[0] >= 0 && end[0] == begin[0] + 1)
      return Row{slice.getInput(), begin[0], false};
    return std::nullopt;
  }
  if (auto slice = value.getDefiningOp<SliceOp>()) {
    // tf.slice(x, [i, 0, ...], [1, -1, ...]): one row, dimension kept.
    ArrayRef<int64_t> begin = slice.getBegin(), size = slice.getSize();
    if (begin.empty() || size.front() != 1 || begin.front() < 0)
      return std::nullopt;
    auto type = dyn_cast<RankedTensorType>(slice.getInput().getType());
    if (!type)
      return std::nullopt;
    for (size_t d = 1; d < begin.size(); ++d)
      if (begin[d] != 0 ||
          (size[d] != -1 && size[d] != type.getDimSize(d)))
        return std::nullopt;
    return Row{slice.getInput(), begin.front(), true};
  }
  if (auto unstack = value.getDefiningOp<UnstackOp>()) {
    if (unstack.getAxis() != 0)
      return std::nullopt;
    return Row{unstack.getInput(),
               static_cast<int64_t>(cast<OpResult>(value).getResultNumber()),
               false};
  }
  return std::nullopt;
}

/// Rewrites the root of an add tree that sums every row of one tensor.
struct SumOfRowsToReduce : public OpRewritePattern<AddOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(AddOp root,
                                PatternRewriter &rewriter) const override {
    Type type = root.getType();
    // Only the root of a tree: an add feeding another add of the same type
    // is part of a larger sum.
    for (Operation *user : root->getUsers())
      if (auto parent = dyn_cast<AddOp>(user); parent && parent.getType() == type)
        return rewriter.notifyMatchFailure(root, "not the root of the sum");

    // The leaves of the tree of single-use adds of `type`.
    SmallVector<Value> leaves, worklist = {root.getLhs(), root.getRhs()};
    while (!worklist.empty()) {
      Value value = worklist.pop_back_val();
      auto add = value.getDefiningOp<AddOp>();
      if (add && add.getType() == type && add->hasOneUse()) {
        worklist.push_back(add.getLhs());
        worklist.push_back(add.getRhs());
        continue;
      }
      leaves.push_back(value);
    }

    // Every leaf but at most one is a row of one source.
    Value source, other;
    bool keptDim = false;
    llvm::DenseMap<int64_t, int> seen;
    for (Value leaf : leaves) {
      std::optional<Row> row = matchRow(leaf);
      if (row && (!source || (row->source == source &&
                              row->keptDim == keptDim))) {
        source = row->source;
        keptDim = row->keptDim;
        if (++seen[row->index] > 1)
          return rewriter.notifyMatchFailure(root, "a row is added twice");
        continue;
      }
      if (other)
        return rewriter.notifyMatchFailure(root, "more than one other term");
      other = leaf;
    }
    auto sourceType = source ? dyn_cast<RankedTensorType>(source.getType())
                             : RankedTensorType();
    if (!sourceType || sourceType.isDynamicDim(0) ||
        static_cast<int64_t>(seen.size()) != sourceType.getDimSize(0))
      return rewriter.notifyMatchFailure(root, "does not sum every row");
    for (int64_t i = 0; i < sourceType.getDimSize(0); ++i)
      if (!seen.count(i))
        return rewriter.notifyMatchFailure(root, "does not sum every row");

    Location loc = root.getLoc();
    Value sum = ReduceSumOp::create(rewriter, loc, source,
                                    rewriter.getDenseI64ArrayAttr({0}),
                                    /*keep_dims=*/keptDim);
    if (other)
      sum = AddOp::create(rewriter, loc, other, sum);
    if (sum.getType() != type)
      return rewriter.notifyMatchFailure(root, "the sum would change type");
    rewriter.replaceOp(root, sum);
    return success();
  }
};

struct TFCSliceToReducePass
    : public tfc::impl::TFCSliceToReduceBase<TFCSliceToReducePass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<SumOfRowsToReduce>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
