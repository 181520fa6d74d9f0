//===- TFCControlOps.cpp - control tokens and dependencies ----------------===//
//
// Type inference, folding and verification of `tfc.group`, `tfc.no_op` and
// `tfc.control_dependencies`.
//
//===----------------------------------------------------------------------===//

#include "tfc/Dialect/TFC/IR/TFCOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::tfc;

//===----------------------------------------------------------------------===//
// GroupOp and NoOpOp
//===----------------------------------------------------------------------===//

LogicalResult GroupOp::verify() {
  if (getInputs().empty())
    return emitOpError("needs at least one token (a group of none is "
                       "'tfc.no_op')");
  return success();
}

LogicalResult ReadyOp::verify() {
  if (getValues().empty())
    return emitOpError("needs at least one value (a token of none is "
                       "'tfc.no_op')");
  return success();
}

OpFoldResult GroupOp::fold(FoldAdaptor) {
  // A group of one token is that token.
  if (getInputs().size() == 1)
    return getInputs().front();
  return {};
}

namespace {
/// True for a token that orders nothing: a `tfc.no_op` without tokens.
static bool isEmptyToken(Value token) {
  auto noOp = token.getDefiningOp<NoOpOp>();
  return noOp && noOp.getAfter().empty();
}

/// Merges the inputs of groups feeding a group into it and drops repeated
/// tokens and tokens that order nothing: a group only says "after all of
/// these", so nesting and repetition carry no meaning.
struct FlattenGroup : public OpRewritePattern<GroupOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(GroupOp op,
                                PatternRewriter &rewriter) const override {
    llvm::SetVector<Value> tokens;
    bool changed = false;
    for (Value input : op.getInputs()) {
      if (auto inner = input.getDefiningOp<GroupOp>(); inner && inner != op) {
        tokens.insert(inner.getInputs().begin(), inner.getInputs().end());
        changed = true;
        continue;
      }
      if (isEmptyToken(input)) {
        changed = true;
        continue;
      }
      changed |= !tokens.insert(input);
    }
    if (!changed)
      return failure();
    if (tokens.empty())
      rewriter.replaceOpWithNewOp<NoOpOp>(op, ValueRange());
    else
      rewriter.replaceOpWithNewOp<GroupOp>(op, tokens.getArrayRef());
    return success();
  }
};

/// `tfc.no_op after(...)` means `tfc.group` of the same tokens; groups are
/// the canonical form, which folds and flattens. A no_op without tokens
/// stays: it is the only way to write a token that orders nothing.
struct NoOpToGroup : public OpRewritePattern<NoOpOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(NoOpOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getAfter().empty())
      return failure();
    rewriter.replaceOpWithNewOp<GroupOp>(op, op.getAfter());
    return success();
  }
};
} // namespace

void GroupOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                          MLIRContext *context) {
  results.add<FlattenGroup>(context);
}

void NoOpOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                         MLIRContext *context) {
  results.add<NoOpToGroup>(context);
}

//===----------------------------------------------------------------------===//
// ControlDependenciesOp
//===----------------------------------------------------------------------===//

LogicalResult ControlDependenciesOp::verifyRegions() {
  Block &body = getBody().front();
  auto yield = body.empty() ? YieldOp() : dyn_cast<YieldOp>(body.back());
  if (!yield)
    return emitOpError("body must end in 'tfc.yield'");
  if (yield.getValues().getTypes() != getResultTypes())
    return emitOpError("yields ")
           << yield.getValues().size() << " values of types "
           << yield.getValues().getTypes() << " but has results of types "
           << getResultTypes();
  return verifyAcyclicGraph(body);
}
