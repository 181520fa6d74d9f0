//===- ControlFlow.cpp - tfc.cond and tfc.while to scf --------------------===//
//
// tfc.cond becomes scf.if and tfc.while becomes scf.while; their regions
// move over unchanged (scheduling left them in the order they run), and
// their terminators become scf.yield and scf.condition. Loop-carried
// tensor arrays change type to the tensors that hold them.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"
#include "Utils.h"

#include "tfc/Dialect/TFC/IR/TFCOps.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::tfc;

namespace {

/// The scalar of a rank-0 bool tensor, the form both ops take predicates in.
FailureOr<Value> extractPredicate(ConversionPatternRewriter &rewriter,
                                  Location loc, Value predicate) {
  auto type = dyn_cast<RankedTensorType>(predicate.getType());
  if (!type || type.getRank() != 0)
    return failure();
  return extractScalar(rewriter, loc, predicate);
}

struct CondLowering : public OpConversionPattern<CondOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(CondOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> types;
    if (failed(getTypeConverter()->convertTypes(op.getResultTypes(), types)))
      return rewriter.notifyMatchFailure(
          op, "results must be tensors or tensor arrays of known element "
              "shape (drop control tokens first)");
    Location loc = op.getLoc();
    FailureOr<Value> predicate =
        extractPredicate(rewriter, loc, adaptor.getPred());
    if (failed(predicate))
      return rewriter.notifyMatchFailure(op, "needs a ranked scalar predicate");
    auto ifOp = scf::IfOp::create(rewriter, loc, types, *predicate,
                                  /*addThenBlock=*/false,
                                  /*addElseBlock=*/false);
    rewriter.inlineRegionBefore(op.getThenBranch(), ifOp.getThenRegion(),
                                ifOp.getThenRegion().end());
    rewriter.inlineRegionBefore(op.getElseBranch(), ifOp.getElseRegion(),
                                ifOp.getElseRegion().end());
    rewriter.replaceOp(op, ifOp.getResults());
    return success();
  }
};

/// The loop types are the shape invariants: initial values, which may be
/// more static, are cast to them, and so are the values the body yields.
struct WhileLowering : public OpConversionPattern<WhileOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(WhileOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    const TypeConverter *converter = getTypeConverter();
    SmallVector<Type> types;
    if (failed(converter->convertTypes(op.getResultTypes(), types)))
      return rewriter.notifyMatchFailure(
          op, "loop variables must be tensors or tensor arrays of known "
              "element shape");
    Location loc = op.getLoc();
    SmallVector<Value> inits;
    for (auto [init, type] : llvm::zip_equal(adaptor.getInits(), types))
      inits.push_back(castTensorTo(rewriter, loc, init, type));
    auto whileOp = scf::WhileOp::create(rewriter, loc, TypeRange(types), inits,
                                        ArrayRef<NamedAttribute>{});
    rewriter.inlineRegionBefore(op.getCond(), whileOp.getBefore(),
                                whileOp.getBefore().end());
    rewriter.inlineRegionBefore(op.getBody(), whileOp.getAfter(),
                                whileOp.getAfter().end());
    if (failed(rewriter.convertRegionTypes(&whileOp.getBefore(), *converter)) ||
        failed(rewriter.convertRegionTypes(&whileOp.getAfter(), *converter)))
      return failure();
    rewriter.replaceOp(op, whileOp.getResults());
    return success();
  }
};

/// The loop goes on with its current values while the predicate holds.
struct ConditionLowering : public OpConversionPattern<ConditionOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ConditionOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto whileOp = dyn_cast<scf::WhileOp>(op->getParentOp());
    if (!whileOp)
      return rewriter.notifyMatchFailure(op, "the loop is not lowered yet");
    FailureOr<Value> predicate =
        extractPredicate(rewriter, op.getLoc(), adaptor.getCondition());
    if (failed(predicate))
      return rewriter.notifyMatchFailure(op, "needs a ranked scalar predicate");
    rewriter.replaceOpWithNewOp<scf::ConditionOp>(
        op, *predicate, whileOp.getBeforeBody()->getArguments());
    return success();
  }
};

/// The terminators of lowered branches and loop bodies. A branch may yield
/// a more static type than the result it gives: it is cast.
struct YieldLowering : public OpConversionPattern<YieldOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(YieldOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Operation *parent = op->getParentOp();
    TypeRange expected;
    if (auto ifOp = dyn_cast<scf::IfOp>(parent))
      expected = ifOp.getResultTypes();
    else if (auto whileOp = dyn_cast<scf::WhileOp>(parent))
      expected = whileOp.getResultTypes();
    else
      return rewriter.notifyMatchFailure(op, "not in a lowered cond or loop");
    SmallVector<Value> values;
    for (auto [value, type] : llvm::zip_equal(adaptor.getOperands(), expected))
      values.push_back(castTensorTo(rewriter, op.getLoc(), value, type));
    rewriter.replaceOpWithNewOp<scf::YieldOp>(op, values);
    return success();
  }
};

} // namespace

void mlir::tfc::populateControlFlowToSCFPatterns(const TypeConverter &converter,
                                                 RewritePatternSet &patterns) {
  patterns.add<CondLowering, WhileLowering, ConditionLowering, YieldLowering>(
      converter, patterns.getContext());
}
