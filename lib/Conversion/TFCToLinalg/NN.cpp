//===- NN.cpp - tfc neural-network ops to core tfc ops --------------------===//
//
// The NN ops (softmax family, losses, bias_add) are rewritten into the core
// element-wise and reduction ops in their numerically stable forms; the
// conversion then lowers those like any others. The max-subtracted
// exponentials are what make softmax([1000, 0]) [1, 0] instead of NaN.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"

#include "tfc/Dialect/TFC/IR/TFCOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/Transforms/DialectConversion.h"

#include <cfloat>

using namespace mlir;
using namespace mlir::tfc;

namespace {

Value scalarConstant(OpBuilder &b, Location loc, Type elementType,
                     double value) {
  auto type = RankedTensorType::get({}, elementType);
  return ConstantOp::create(
      b, loc, DenseElementsAttr::get(type, b.getFloatAttr(elementType, value)));
}

Type elementTypeOf(Value value) {
  return cast<TensorType>(value.getType()).getElementType();
}

/// The maximum along `axes`, kept as size-1 dimensions, made finite: with
/// every element -inf, x - max would be NaN; -FLT_MAX keeps it -inf.
Value finiteMax(OpBuilder &b, Location loc, Value x, ArrayRef<int64_t> axes) {
  Value max = ReduceMaxOp::create(b, loc, x, b.getDenseI64ArrayAttr(axes),
                                  /*keep_dims=*/true);
  Value lowest = scalarConstant(b, loc, elementTypeOf(x), -FLT_MAX);
  return MaximumOp::create(b, loc, max, lowest);
}

/// The stable pieces of the softmax family along `axes`: the finite
/// maximum, exp(x - max) and its sum (kept).
struct ShiftedExp {
  Value max, exp, sum;
};

ShiftedExp shiftedExp(OpBuilder &b, Location loc, Value x,
                      ArrayRef<int64_t> axes) {
  Value max = finiteMax(b, loc, x, axes);
  Value shifted = SubOp::create(b, loc, x, max);
  auto exp = ExpOp::create(b, loc, shifted);
  // x - max(x) <= 0: the exponential cannot overflow.
  exp->setAttr(kNonPositiveOperandAttrName, b.getUnitAttr());
  Value sum = ReduceSumOp::create(b, loc, exp, b.getDenseI64ArrayAttr(axes),
                                  /*keep_dims=*/true);
  return {max, exp, sum};
}

bool isRanked(Value value) { return isa<RankedTensorType>(value.getType()); }

struct SoftmaxLowering : public OpConversionPattern<SoftmaxOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SoftmaxOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isRanked(adaptor.getLogits()))
      return rewriter.notifyMatchFailure(op, "needs a ranked operand");
    Location loc = op.getLoc();
    int64_t axis = op.getNormalizedAxis();
    auto [max, exp, sum] =
        shiftedExp(rewriter, loc, adaptor.getLogits(), {axis});
    // exp * (1 / sum), as TensorFlow's kernel computes it: one division per
    // row instead of one per element (a vector division costs 10 to 16
    // cycles, more than the rest of softmax together).
    Value one = scalarConstant(rewriter, loc, elementTypeOf(sum), 1);
    Value reciprocal = DivOp::create(rewriter, loc, one, sum);
    rewriter.replaceOp(op, MulOp::create(rewriter, loc, exp, reciprocal));
    return success();
  }
};

struct LogSoftmaxLowering : public OpConversionPattern<LogSoftmaxOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(LogSoftmaxOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isRanked(adaptor.getLogits()))
      return rewriter.notifyMatchFailure(op, "needs a ranked operand");
    Location loc = op.getLoc();
    int64_t axis = op.getNormalizedAxis();
    Value x = adaptor.getLogits();
    auto [max, exp, sum] = shiftedExp(rewriter, loc, x, {axis});
    // (x - max) - log(sum(exp(x - max)))
    Value shifted = SubOp::create(rewriter, loc, x, max);
    Value logSum = LogOp::create(rewriter, loc, sum);
    rewriter.replaceOp(op, SubOp::create(rewriter, loc, shifted, logSum));
    return success();
  }
};

struct LogSumExpLowering : public OpConversionPattern<ReduceLogSumExpOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ReduceLogSumExpOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isRanked(adaptor.getInput()))
      return rewriter.notifyMatchFailure(op, "needs a ranked operand");
    Location loc = op.getLoc();
    SmallVector<int64_t> axes = op.getNormalizedAxes();
    Value x = adaptor.getInput();
    auto [max, exp, sum] = shiftedExp(rewriter, loc, x, axes);
    // max + log(sum(exp(x - max))), then drop the kept dimensions.
    Value kept = AddOp::create(rewriter, loc, max,
                               LogOp::create(rewriter, loc, sum));
    Value result = kept;
    if (!op.getKeepDims())
      // Summing over size-1 dimensions removes them without changing values.
      result = ReduceSumOp::create(rewriter, loc, kept,
                                   rewriter.getDenseI64ArrayAttr(axes),
                                   /*keep_dims=*/false);
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct CrossEntropyLowering
    : public OpConversionPattern<SoftmaxCrossEntropyWithLogitsOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SoftmaxCrossEntropyWithLogitsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isRanked(adaptor.getLogits()))
      return rewriter.notifyMatchFailure(op, "needs a ranked operand");
    Location loc = op.getLoc();
    // -sum(labels * log_softmax(logits)) over the last axis.
    Value logProbs = LogSoftmaxOp::create(rewriter, loc, adaptor.getLogits(),
                                          /*axis=*/-1);
    Value products = MulOp::create(rewriter, loc, adaptor.getLabels(), logProbs);
    Value sum = ReduceSumOp::create(rewriter, loc, products,
                                    rewriter.getDenseI64ArrayAttr({-1}),
                                    /*keep_dims=*/false);
    rewriter.replaceOp(op, NegOp::create(rewriter, loc, sum));
    return success();
  }
};

struct SoftplusLowering : public OpConversionPattern<SoftplusOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SoftplusOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value x = adaptor.getInput();
    // max(x, 0) + log(1 + exp(-|x|)): exp never overflows.
    Value zero = scalarConstant(rewriter, loc, elementTypeOf(x), 0);
    Value one = scalarConstant(rewriter, loc, elementTypeOf(x), 1);
    Value positive = MaximumOp::create(rewriter, loc, x, zero);
    Value negAbs = NegOp::create(rewriter, loc, AbsOp::create(rewriter, loc, x));
    Value log = LogOp::create(
        rewriter, loc,
        AddOp::create(rewriter, loc, one, ExpOp::create(rewriter, loc, negAbs)));
    rewriter.replaceOp(op, AddOp::create(rewriter, loc, positive, log));
    return success();
  }
};

struct L2LossLowering : public OpConversionPattern<L2LossOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(L2LossOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value x = adaptor.getInput();
    Value sum = ReduceSumOp::create(rewriter, loc,
                                    SquareOp::create(rewriter, loc, x),
                                    /*axes=*/nullptr, /*keep_dims=*/false);
    Value half = scalarConstant(rewriter, loc, elementTypeOf(x), 0.5);
    rewriter.replaceOp(op, MulOp::create(rewriter, loc, sum, half));
    return success();
  }
};

/// bias_add is a broadcasting add: the bias matches the last dimension.
struct BiasAddLowering : public OpConversionPattern<BiasAddOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(BiasAddOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value sum = AddOp::create(rewriter, op.getLoc(), adaptor.getValue(),
                              adaptor.getBias());
    if (sum.getType() != op.getType())
      sum = tensor::CastOp::create(rewriter, op.getLoc(), op.getType(), sum);
    rewriter.replaceOp(op, sum);
    return success();
  }
};

} // namespace

void mlir::tfc::populateNNToCorePatterns(RewritePatternSet &patterns) {
  patterns.add<SoftmaxLowering, LogSoftmaxLowering, LogSumExpLowering,
               CrossEntropyLowering, SoftplusLowering, L2LossLowering,
               BiasAddLowering>(patterns.getContext());
}
