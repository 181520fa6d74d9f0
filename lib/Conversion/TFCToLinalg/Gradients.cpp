//===- Gradients.cpp - tfc gradient kernels to linalg ---------------------===//
//
// The ops gradient graphs use beyond the core ops: relu_grad (a masked
// select) and broadcast_like (a broadcast to another tensor's shape).
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"
#include "Utils.h"

#include "tfc/Dialect/TFC/IR/TFCOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::tfc;

namespace {

/// `features > 0 ? gradients : 0`. A select, not TensorFlow's product with
/// the mask, so a masked-out NaN or infinite gradient gives 0 as the
/// `where`-based gradients of TensorFlow do.
struct ReluGradToLinalg : public OpConversionPattern<ReluGradOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ReluGradOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultType = dyn_cast<RankedTensorType>(op.getType());
    if (!resultType || !llvm::all_of(adaptor.getOperands().getTypes(),
                                     llvm::IsaPred<RankedTensorType>))
      return rewriter.notifyMatchFailure(op, "needs ranked tensors");
    Type elementType = resultType.getElementType();
    Value result = buildElementwiseGeneric(
        rewriter, op.getLoc(), resultType, adaptor.getOperands(),
        [&](OpBuilder &b, Location loc, ValueRange args) -> Value {
          Value zero = buildScalarConstant(b, loc, elementType, 0);
          Value positive =
              isa<FloatType>(elementType)
                  ? Value(arith::CmpFOp::create(
                        b, loc, arith::CmpFPredicate::OGT, args[1], zero))
                  : Value(arith::CmpIOp::create(
                        b, loc, arith::CmpIPredicate::sgt, args[1], zero));
          return arith::SelectOp::create(b, loc, positive, args[0], zero);
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// A linalg.generic that reads the input through a map dropping the new
/// dimensions and pinning stretched size-1 dimensions to 0; the dynamic
/// sizes come from `like`, whose values are never read.
struct BroadcastLikeToLinalg : public OpConversionPattern<BroadcastLikeOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(BroadcastLikeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultType = dyn_cast<RankedTensorType>(op.getType());
    auto inputType = dyn_cast<RankedTensorType>(adaptor.getInput().getType());
    if (!resultType || !inputType ||
        !isa<RankedTensorType>(adaptor.getLike().getType()))
      return rewriter.notifyMatchFailure(op, "needs ranked tensors");
    Location loc = op.getLoc();
    MLIRContext *context = rewriter.getContext();

    SmallVector<Value> sizes;
    for (int64_t dim = 0; dim < resultType.getRank(); ++dim)
      if (resultType.isDynamicDim(dim))
        sizes.push_back(
            tensor::DimOp::create(rewriter, loc, adaptor.getLike(), dim));
    Value init = tensor::EmptyOp::create(rewriter, loc, resultType.getShape(),
                                         resultType.getElementType(), sizes);

    SmallVector<AffineExpr> exprs;
    for (auto [inputDim, resultDim] :
         llvm::zip_equal(inputType.getShape(), op.getInputToResultDims())) {
      if (inputDim == 1 && resultType.getDimSize(resultDim) != 1)
        exprs.push_back(getAffineConstantExpr(0, context));
      else
        exprs.push_back(getAffineDimExpr(resultDim, context));
    }
    SmallVector<AffineMap> maps = {
        AffineMap::get(resultType.getRank(), 0, exprs, context),
        rewriter.getMultiDimIdentityMap(resultType.getRank())};
    SmallVector<utils::IteratorType> iterators(resultType.getRank(),
                                               utils::IteratorType::parallel);
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{resultType}, ValueRange{adaptor.getInput()},
        ValueRange{init}, maps, iterators,
        [](OpBuilder &b, Location nestedLoc, ValueRange args) {
          linalg::YieldOp::create(b, nestedLoc, args[0]);
        });
    rewriter.replaceOp(op, generic.getResult(0));
    return success();
  }
};

} // namespace

void mlir::tfc::populateGradientKernelsToLinalgPatterns(
    RewritePatternSet &patterns) {
  patterns.add<ReluGradToLinalg, BroadcastLikeToLinalg>(patterns.getContext());
}
