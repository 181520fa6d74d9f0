//===- StableSoftmax.cpp - stable softmax, cross-entropy, softplus --------===//
//
// Implements tfc-stable-softmax: patterns that recognize the naive formulas
// for softmax, log-softmax, logsumexp, softmax cross-entropy and softplus and
// replace them by the tfc ops that evaluate them without overflow.
//
// Every pattern replaces only its root op. The intermediate values it looked
// through (an exp, a sum, a softmax) keep their other users, who see the same
// values as before; once unused they are erased as dead code. Multiple uses
// therefore never block a rewrite: the rewritten value becomes stable and the
// rest of the graph is unchanged.
//
//===----------------------------------------------------------------------===//

#include "tfc/Dialect/TFC/Transforms/StableSoftmax.h"
#include "tfc/Dialect/TFC/Transforms/Passes.h"

#include "tfc/Dialect/TFC/IR/TFCOps.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tfc {
#define GEN_PASS_DEF_TFCSTABLESOFTMAX
#include "tfc/Dialect/TFC/Transforms/Passes.h.inc"
} // namespace mlir::tfc

using namespace mlir;
using namespace mlir::tfc;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// The one axis a reduction reduces, in [0, rank), if its input is ranked
/// and exactly one axis is reduced. A reduction without `axes` of a rank-1
/// tensor reduces its only axis.
template <typename ReduceOpTy>
static std::optional<int64_t> getSingleReducedAxis(ReduceOpTy reduce) {
  if (!isa<RankedTensorType>(reduce.getInput().getType()))
    return std::nullopt;
  SmallVector<int64_t> axes = reduce.getNormalizedAxes();
  if (axes.size() != 1)
    return std::nullopt;
  return axes.front();
}

/// The rank of a ranked tensor value, or std::nullopt.
static std::optional<int64_t> getRank(Value value) {
  if (auto type = dyn_cast<RankedTensorType>(value.getType()))
    return type.getRank();
  return std::nullopt;
}

/// The softmax attribute for `axis` of a tensor of rank `rank`: the last
/// axis is written as the default (-1), other axes as they are.
static IntegerAttr getSoftmaxAxisAttr(Builder &builder, int64_t axis,
                                      int64_t rank) {
  return builder.getI64IntegerAttr(axis == rank - 1 ? -1 : axis);
}

/// True when `value` is a constant splat of exactly 1.0.
static bool isSplatOne(Value value) {
  DenseElementsAttr constant;
  if (!matchPattern(value, m_Constant(&constant)) || !constant.isSplat() ||
      !isa<FloatType>(constant.getElementType()))
    return false;
  return constant.getSplatValue<APFloat>().isExactlyValue(1.0);
}

/// If `value` is the log-softmax of some logits along their last axis —
/// `log_softmax(logits)` or `log(softmax(logits))` — returns the logits.
static Value matchLastAxisLogSoftmax(Value value) {
  Value logits;
  int64_t axis = 0;
  if (auto logSoftmax = value.getDefiningOp<LogSoftmaxOp>()) {
    logits = logSoftmax.getLogits();
    if (!getRank(logits))
      return {};
    axis = logSoftmax.getNormalizedAxis();
  } else if (auto log = value.getDefiningOp<LogOp>()) {
    auto softmax = log.getInput().getDefiningOp<SoftmaxOp>();
    if (!softmax)
      return {};
    logits = softmax.getLogits();
    if (!getRank(logits))
      return {};
    axis = softmax.getNormalizedAxis();
  } else {
    return {};
  }
  return axis == *getRank(logits) - 1 ? logits : Value();
}

/// Replaces `root` by a new `OpTy` built from `args`. The new op takes over
/// the root's discardable attributes, its TensorFlow name (`tfc.name`) in
/// particular, so the value stays reachable under the name it had.
template <typename OpTy, typename... Args>
static void replaceRoot(PatternRewriter &rewriter, Operation *root,
                        Args &&...args) {
  DictionaryAttr attrs = root->getDiscardableAttrDictionary();
  auto replacement =
      OpTy::create(rewriter, root->getLoc(), std::forward<Args>(args)...);
  replacement->setDiscardableAttrs(attrs);
  rewriter.replaceOp(root, replacement->getResults());
}

namespace {

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

/// exp(x) / reduce_sum(exp(x), axes [a]) -> softmax(x, a).
///
/// The quotient is the softmax along `a` exactly when the sum, broadcast
/// back against exp(x), lines up with the axis it reduced: with `keep_dims`
/// it has size 1 there and x's sizes elsewhere; without `keep_dims` the
/// reduced axis is missing, and since broadcasting aligns trailing
/// dimensions that is only right when `a` is the leading axis (a rank-1
/// tensor summed to a scalar is the common case). Both exps must be of the
/// same tensor, as one op or two. The result type must be x's, so the
/// division does not broadcast anything else.
struct DivOfSumOfExpToSoftmax : OpRewritePattern<DivOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(DivOp div,
                                PatternRewriter &rewriter) const override {
    auto numerator = div.getLhs().getDefiningOp<ExpOp>();
    auto sum = div.getRhs().getDefiningOp<ReduceSumOp>();
    if (!numerator || !sum)
      return rewriter.notifyMatchFailure(div, "not exp(x) / reduce_sum(...)");
    auto denominator = sum.getInput().getDefiningOp<ExpOp>();
    Value x = numerator.getInput();
    if (!denominator || denominator.getInput() != x)
      return rewriter.notifyMatchFailure(div, "the sum is not of exp(x)");
    std::optional<int64_t> axis = getSingleReducedAxis(sum);
    if (!axis)
      return rewriter.notifyMatchFailure(div, "the sum is not over one axis");
    if (!sum.getKeepDims() && *axis != 0)
      return rewriter.notifyMatchFailure(
          div, "without keep_dims the sum broadcasts along the wrong axis");
    if (div.getType() != x.getType())
      return rewriter.notifyMatchFailure(div, "the division broadcasts x");
    replaceRoot<SoftmaxOp>(rewriter, div, x,
                           getSoftmaxAxisAttr(rewriter, *axis, *getRank(x)));
    return success();
  }
};

/// log(softmax(x, a)) -> log_softmax(x, a): the same value, computed as
/// x - max - log(sum(exp(x - max))) so that it never takes log(0).
struct LogOfSoftmaxToLogSoftmax : OpRewritePattern<LogOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(LogOp log,
                                PatternRewriter &rewriter) const override {
    auto softmax = log.getInput().getDefiningOp<SoftmaxOp>();
    if (!softmax)
      return rewriter.notifyMatchFailure(log, "not log(softmax(x))");
    replaceRoot<LogSoftmaxOp>(rewriter, log, softmax.getLogits(),
                              softmax.getAxisAttr());
    return success();
  }
};

/// log(reduce_sum(exp(x), axes, keep_dims)) ->
/// reduce_logsumexp(x, axes, keep_dims). Both reductions follow the same
/// shape rules, so the result type is unchanged for any axes.
struct LogOfSumOfExpToLogSumExp : OpRewritePattern<LogOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(LogOp log,
                                PatternRewriter &rewriter) const override {
    auto sum = log.getInput().getDefiningOp<ReduceSumOp>();
    auto exp = sum ? sum.getInput().getDefiningOp<ExpOp>() : ExpOp();
    if (!exp)
      return rewriter.notifyMatchFailure(log, "not log(reduce_sum(exp(x)))");
    replaceRoot<ReduceLogSumExpOp>(rewriter, log, exp.getInput(),
                                   sum.getAxesAttr(), sum.getKeepDimsAttr());
    return success();
  }
};

/// log(1 + exp(x)) or log(exp(x) + 1) -> softplus(x), where 1 is a constant
/// splat of exactly 1.0 that does not broadcast x to a larger shape.
struct LogOnePlusExpToSoftplus : OpRewritePattern<LogOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(LogOp log,
                                PatternRewriter &rewriter) const override {
    auto add = log.getInput().getDefiningOp<AddOp>();
    if (!add)
      return rewriter.notifyMatchFailure(log, "not log(a + b)");
    for (auto [one, other] : {std::pair(add.getLhs(), add.getRhs()),
                              std::pair(add.getRhs(), add.getLhs())}) {
      auto exp = other.getDefiningOp<ExpOp>();
      if (!exp || !isSplatOne(one) || add.getType() != exp.getType())
        continue;
      replaceRoot<SoftplusOp>(rewriter, log, exp.getInput());
      return success();
    }
    return rewriter.notifyMatchFailure(log, "not log(1 + exp(x))");
  }
};

/// reduce_logsumexp(x, [a]) - x -> -log_softmax(x, a), and
/// x - reduce_logsumexp(x, [a]) -> log_softmax(x, a): the cookbook
/// `-log p` subtracts two large numbers when the logits are large (about
/// 1e-4 relative lost in float32 near 1000), log_softmax never does. As for
/// softmax, the reduction must line up with x when it broadcasts back:
/// `keep_dims`, or the leading axis; and the difference must have x's type.
struct LogSumExpMinusX : OpRewritePattern<SubOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(SubOp sub,
                                PatternRewriter &rewriter) const override {
    for (bool negated : {true, false}) {
      Value reduced = negated ? sub.getLhs() : sub.getRhs();
      Value x = negated ? sub.getRhs() : sub.getLhs();
      auto lse = reduced.getDefiningOp<ReduceLogSumExpOp>();
      if (!lse || lse.getInput() != x || sub.getType() != x.getType())
        continue;
      std::optional<int64_t> axis = getSingleReducedAxis(lse);
      if (!axis || (!lse.getKeepDims() && *axis != 0))
        continue;
      IntegerAttr axisAttr = getSoftmaxAxisAttr(rewriter, *axis, *getRank(x));
      if (!negated) {
        replaceRoot<LogSoftmaxOp>(rewriter, sub, x, axisAttr);
        return success();
      }
      Value logSoftmax =
          LogSoftmaxOp::create(rewriter, sub.getLoc(), x, axisAttr);
      replaceRoot<NegOp>(rewriter, sub, logSoftmax);
      return success();
    }
    return rewriter.notifyMatchFailure(
        sub, "not reduce_logsumexp(x) - x or x - reduce_logsumexp(x) along "
             "one axis that lines up");
  }
};

/// The labels and logits of a cross-entropy term `labels * log_softmax(z)`.
struct CrossEntropyTerms {
  Value labels;
  Value logits;
};

/// True when `value` is computed from `source`: `source` is among the
/// operands of the ops `value` comes from, transitively.
static bool dependsOn(Value value, Value source) {
  SmallVector<Value> worklist{value};
  llvm::SmallPtrSet<Operation *, 16> visited;
  while (!worklist.empty()) {
    Value next = worklist.pop_back_val();
    if (next == source)
      return true;
    Operation *op = next.getDefiningOp();
    if (!op || !visited.insert(op).second)
      continue;
    llvm::append_range(worklist, op->getOperands());
  }
  return false;
}

/// Matches the summed product of a cross-entropy: `sum` reduces exactly the
/// last axis without keep_dims of `labels * L` (either operand order), where
/// L is the log-softmax of `logits` along their last axis and labels have
/// the logits' type, so neither is broadcast and the sum has the per-example
/// shape logits.shape[:-1]. With `negatedFactor`, exactly one factor must
/// be a negation (`-labels * L` or `labels * -L`), which is peeled off.
/// Labels computed from the logits (the entropy `softmax(z) *
/// log_softmax(z)`) are not matched: the op has no gradient with respect to
/// its labels, so the rewrite would make such a loss non-differentiable.
static std::optional<CrossEntropyTerms>
matchCrossEntropySum(ReduceSumOp sum, bool negatedFactor) {
  auto product = sum.getInput().getDefiningOp<MulOp>();
  std::optional<int64_t> rank = getRank(sum.getInput());
  if (!product || !rank || sum.getKeepDims() ||
      getSingleReducedAxis(sum) != *rank - 1)
    return std::nullopt;
  for (auto [labels, logProbs] :
       {std::pair(product.getLhs(), product.getRhs()),
        std::pair(product.getRhs(), product.getLhs())}) {
    if (negatedFactor) {
      if (auto neg = labels.getDefiningOp<NegOp>())
        labels = neg.getInput();
      else if (auto neg = logProbs.getDefiningOp<NegOp>())
        logProbs = neg.getInput();
      else
        continue;
    }
    Value logits = matchLastAxisLogSoftmax(logProbs);
    if (logits && labels.getType() == logits.getType() &&
        !dependsOn(labels, logits))
      return CrossEntropyTerms{labels, logits};
  }
  return std::nullopt;
}

/// -reduce_sum(labels * log_softmax(logits), axes [-1]) ->
/// softmax_cross_entropy_with_logits(labels, logits): the definition of the
/// op, per example. A mean over the batch on top is kept as it is.
struct NegOfSumToCrossEntropy : OpRewritePattern<NegOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(NegOp neg,
                                PatternRewriter &rewriter) const override {
    auto sum = neg.getInput().getDefiningOp<ReduceSumOp>();
    std::optional<CrossEntropyTerms> terms;
    if (sum)
      terms = matchCrossEntropySum(sum, /*negatedFactor=*/false);
    if (!terms)
      return rewriter.notifyMatchFailure(neg, "not a cross-entropy");
    replaceRoot<SoftmaxCrossEntropyWithLogitsOp>(rewriter, neg, terms->labels,
                                                 terms->logits);
    return success();
  }
};

/// reduce_sum(-labels * log_softmax(logits), axes [-1]) (or with the
/// log-probabilities negated) -> softmax_cross_entropy_with_logits(labels,
/// logits).
struct SumOfNegToCrossEntropy : OpRewritePattern<ReduceSumOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ReduceSumOp sum,
                                PatternRewriter &rewriter) const override {
    std::optional<CrossEntropyTerms> terms =
        matchCrossEntropySum(sum, /*negatedFactor=*/true);
    if (!terms)
      return rewriter.notifyMatchFailure(sum, "not a cross-entropy");
    replaceRoot<SoftmaxCrossEntropyWithLogitsOp>(rewriter, sum, terms->labels,
                                                 terms->logits);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Pass
//===----------------------------------------------------------------------===//

struct TFCStableSoftmaxPass
    : public tfc::impl::TFCStableSoftmaxBase<TFCStableSoftmaxPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateStableSoftmaxPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

void mlir::tfc::populateStableSoftmaxPatterns(RewritePatternSet &patterns) {
  patterns.add<DivOfSumOfExpToSoftmax, LogOfSoftmaxToLogSoftmax,
               LogOfSumOfExpToLogSumExp, LogOnePlusExpToSoftplus,
               LogSumExpMinusX, NegOfSumToCrossEntropy,
               SumOfNegToCrossEntropy>(
      patterns.getContext());
}
