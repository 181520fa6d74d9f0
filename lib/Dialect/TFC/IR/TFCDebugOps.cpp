//===- TFCDebugOps.cpp - print, assertions and host calls -----------------===//
//
// Type inference, verification and folding of `tfc.print`, the assertions and
// `tfc.host_call`.
//
//===----------------------------------------------------------------------===//

#include "tfc/Dialect/TFC/IR/TFCOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/APFloat.h"

using namespace mlir;
using namespace mlir::tfc;

MLIR_DEFINE_EXPLICIT_TYPE_ID(mlir::tfc::HostResource)

//===----------------------------------------------------------------------===//
// PrintOp
//===----------------------------------------------------------------------===//

LogicalResult PrintOp::inferReturnTypes(MLIRContext *context,
                                        std::optional<Location>,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &inferred) {
  inferred.push_back(adaptor.getInput().getType());
  inferred.push_back(ControlType::get(context));
  return success();
}

//===----------------------------------------------------------------------===//
// Assertions
//===----------------------------------------------------------------------===//

LogicalResult AssertOp::verify() {
  auto type = dyn_cast<RankedTensorType>(getCondition().getType());
  if (type && type.getRank() != 0)
    return emitOpError("condition should be a scalar, got shape ")
           << formatShape(type);
  return success();
}

LogicalResult AssertRankOp::verify() {
  auto rank = static_cast<int64_t>(getRank());
  if (rank < 0)
    return emitOpError("rank must be non-negative, got ") << rank;
  // TensorFlow checks a statically known rank while building the graph.
  auto type = dyn_cast<RankedTensorType>(getInput().getType());
  if (type && type.getRank() != rank) {
    InFlightDiagnostic diag = emitOpError();
    if (std::optional<StringRef> message = getMessage())
      diag << *message << ": ";
    return diag << "Tensor must have rank " << rank << ". Received rank "
                << type.getRank() << ", shape " << formatShape(type);
  }
  return success();
}

std::optional<bool> AssertOp::evaluateStatically() {
  DenseElementsAttr condition;
  if (!matchPattern(getCondition(), m_Constant(&condition)) ||
      condition.getNumElements() != 1)
    return std::nullopt;
  return (*condition.getValues<APInt>().begin()).getBoolValue();
}

std::optional<bool> AssertRankOp::evaluateStatically() {
  auto type = dyn_cast<RankedTensorType>(getInput().getType());
  if (!type)
    return std::nullopt;
  return type.getRank() == static_cast<int64_t>(getRank());
}

std::optional<bool> AssertPositiveOp::evaluateStatically() {
  DenseElementsAttr input;
  if (!matchPattern(getInput(), m_Constant(&input)))
    return std::nullopt;
  if (isa<FloatType>(input.getElementType()))
    // NaN is not positive: `!(x > 0)` catches it.
    return llvm::all_of(input.getValues<APFloat>(), [](const APFloat &x) {
      return x.compare(APFloat::getZero(x.getSemantics())) ==
             APFloat::cmpGreaterThan;
    });
  return llvm::all_of(input.getValues<APInt>(),
                      [](const APInt &x) { return x.isStrictlyPositive(); });
}

namespace {
/// An assertion known to hold does nothing but wait for its `after` tokens:
/// it becomes a `tfc.no_op` after them, which keeps every ordering through
/// it (and canonicalizes further into a `tfc.group` of them).
template <typename AssertOpTy>
struct RemoveTrueAssertion : public OpRewritePattern<AssertOpTy> {
  using OpRewritePattern<AssertOpTy>::OpRewritePattern;

  LogicalResult matchAndRewrite(AssertOpTy op,
                                PatternRewriter &rewriter) const override {
    if (op.evaluateStatically() != std::optional<bool>(true))
      return failure();
    rewriter.replaceOpWithNewOp<NoOpOp>(op, op.getAfter());
    return success();
  }
};
} // namespace

void AssertOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                           MLIRContext *context) {
  results.add<RemoveTrueAssertion<AssertOp>>(context);
}

void AssertRankOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                               MLIRContext *context) {
  results.add<RemoveTrueAssertion<AssertRankOp>>(context);
}

void AssertPositiveOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                   MLIRContext *context) {
  results.add<RemoveTrueAssertion<AssertPositiveOp>>(context);
}
