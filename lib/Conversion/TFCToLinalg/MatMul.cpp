//===- MatMul.cpp - tfc.matmul to linalg ----------------------------------===//
//
// tfc.matmul becomes linalg.matmul or linalg.batch_matmul when it is a plain
// product, and a contraction linalg.generic when it transposes an operand or
// broadcasts batch dimensions.
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

struct MatMulToLinalg : public OpConversionPattern<MatMulOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(MatMulOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto aType = dyn_cast<RankedTensorType>(adaptor.getA().getType());
    auto bType = dyn_cast<RankedTensorType>(adaptor.getB().getType());
    auto resultType = dyn_cast<RankedTensorType>(op.getType());
    if (!aType || !bType || !resultType)
      return rewriter.notifyMatchFailure(op, "code generation needs ranked "
                                             "tensors");
    Location loc = op.getLoc();
    Value a = adaptor.getA(), b = adaptor.getB();
    bool transposeA = op.getTransposeA(), transposeB = op.getTransposeB();
    int64_t rank = resultType.getRank(), batch = rank - 2;
    int64_t aBatch = aType.getRank() - 2, bBatch = bType.getRank() - 2;

    // Where each result dimension's size comes from.
    SmallVector<Value> sizes;
    for (int64_t dim = 0; dim < rank; ++dim) {
      if (!resultType.isDynamicDim(dim))
        continue;
      Value source;
      int64_t sourceDim = -1;
      if (dim == batch) {
        source = a;
        sourceDim = aType.getRank() - (transposeA ? 1 : 2);
      } else if (dim == batch + 1) {
        source = b;
        sourceDim = bType.getRank() - (transposeB ? 2 : 1);
      } else if (int64_t d = dim - (batch - aBatch);
                 d >= 0 && aType.isDynamicDim(d)) {
        source = a;
        sourceDim = d;
      } else {
        source = b;
        sourceDim = dim - (batch - bBatch);
      }
      sizes.push_back(tensor::DimOp::create(rewriter, loc, source, sourceDim));
    }
    Type elementType = resultType.getElementType();
    Value init = buildFilledTensor(
        rewriter, loc, resultType, sizes,
        cast<TypedAttr>(rewriter.getZeroAttr(elementType)));

    // Plain products map to the named ops, which later passes know best.
    if (!transposeA && !transposeB && aType.getRank() == 2 &&
        bType.getRank() == 2) {
      rewriter.replaceOp(op, linalg::MatmulOp::create(
                                 rewriter, loc, TypeRange{resultType},
                                 ValueRange{a, b}, ValueRange{init})
                                 .getResult(0));
      return success();
    }
    if (!transposeA && !transposeB && aType.getRank() == 3 &&
        bType.getRank() == 3 &&
        aType.getDimSize(0) == bType.getDimSize(0) &&
        !aType.isDynamicDim(0)) {
      rewriter.replaceOp(op, linalg::BatchMatmulOp::create(
                                 rewriter, loc, TypeRange{resultType},
                                 ValueRange{a, b}, ValueRange{init})
                                 .getResult(0));
      return success();
    }

    // The general case: loops (batch..., m, n, k).
    MLIRContext *context = rewriter.getContext();
    int64_t numLoops = rank + 1;
    AffineExpr m = getAffineDimExpr(batch, context);
    AffineExpr n = getAffineDimExpr(batch + 1, context);
    AffineExpr k = getAffineDimExpr(batch + 2, context);
    auto operandMap = [&](RankedTensorType type, int64_t operandBatch,
                          AffineExpr row, AffineExpr col) {
      SmallVector<AffineExpr> exprs;
      for (int64_t d = 0; d < operandBatch; ++d) {
        int64_t resultDim = d + (batch - operandBatch);
        if (type.getDimSize(d) == 1 && resultType.getDimSize(resultDim) != 1)
          exprs.push_back(getAffineConstantExpr(0, context));
        else
          exprs.push_back(getAffineDimExpr(resultDim, context));
      }
      exprs.push_back(row);
      exprs.push_back(col);
      return AffineMap::get(numLoops, 0, exprs, context);
    };
    SmallVector<AffineMap> maps = {
        transposeA ? operandMap(aType, aBatch, k, m)
                   : operandMap(aType, aBatch, m, k),
        transposeB ? operandMap(bType, bBatch, n, k)
                   : operandMap(bType, bBatch, k, n),
    };
    SmallVector<AffineExpr> resultExprs;
    for (int64_t d = 0; d < rank; ++d)
      resultExprs.push_back(getAffineDimExpr(d, context));
    maps.push_back(AffineMap::get(numLoops, 0, resultExprs, context));
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    iterators.push_back(utils::IteratorType::reduction);

    bool isFloat = isa<FloatType>(elementType);
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{resultType}, ValueRange{a, b},
        ValueRange{init}, maps, iterators,
        [&](OpBuilder &builder, Location nestedLoc, ValueRange args) {
          Value product, sum;
          if (isFloat) {
            product = arith::MulFOp::create(builder, nestedLoc, args[0], args[1]);
            sum = arith::AddFOp::create(builder, nestedLoc, args[2], product);
          } else {
            product = arith::MulIOp::create(builder, nestedLoc, args[0], args[1]);
            sum = arith::AddIOp::create(builder, nestedLoc, args[2], product);
          }
          linalg::YieldOp::create(builder, nestedLoc, sum);
        });
    rewriter.replaceOp(op, generic.getResult(0));
    return success();
  }
};

} // namespace

void mlir::tfc::populateMatMulToLinalgPatterns(RewritePatternSet &patterns) {
  patterns.add<MatMulToLinalg>(patterns.getContext());
}
