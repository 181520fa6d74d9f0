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

/// The operands of a tfc.matmul as code generation sees them: ranked tensors,
/// the flags, and how many batch dimensions each has.
struct MatMulOperands {
  Value a, b;
  RankedTensorType aType, bType, resultType;
  bool transposeA, transposeB;

  int64_t batch() const { return resultType.getRank() - 2; }
  int64_t aBatch() const { return aType.getRank() - 2; }
  int64_t bBatch() const { return bType.getRank() - 2; }
};

/// The run-time sizes of the result's dynamic dimensions, each read from the
/// operand dimension it comes from.
SmallVector<Value> getDynamicResultSizes(OpBuilder &builder, Location loc,
                                         const MatMulOperands &mm) {
  SmallVector<Value> sizes;
  int64_t batch = mm.batch();
  for (int64_t dim = 0, rank = mm.resultType.getRank(); dim < rank; ++dim) {
    if (!mm.resultType.isDynamicDim(dim))
      continue;
    Value source;
    int64_t sourceDim = -1;
    if (dim == batch) {
      source = mm.a;
      sourceDim = mm.aType.getRank() - (mm.transposeA ? 1 : 2);
    } else if (dim == batch + 1) {
      source = mm.b;
      sourceDim = mm.bType.getRank() - (mm.transposeB ? 2 : 1);
    } else if (int64_t d = dim - (batch - mm.aBatch());
               d >= 0 && mm.aType.isDynamicDim(d)) {
      source = mm.a;
      sourceDim = d;
    } else {
      source = mm.b;
      sourceDim = dim - (batch - mm.bBatch());
    }
    sizes.push_back(tensor::DimOp::create(builder, loc, source, sourceDim));
  }
  return sizes;
}

/// `matrix` (2-D, static) transposed, as a copy.
Value transposedCopy(OpBuilder &builder, Location loc, Value matrix) {
  auto type = cast<RankedTensorType>(matrix.getType());
  Value empty = tensor::EmptyOp::create(
      builder, loc, {type.getDimSize(1), type.getDimSize(0)},
      type.getElementType());
  return linalg::TransposeOp::create(builder, loc, matrix, empty,
                                     ArrayRef<int64_t>{1, 0})
      .getResult()[0];
}

/// When a product with a transposed B copies B transposed first, so that
/// the product is a linalg.matmul (packed, register-tiled along contiguous
/// columns): with rows known at compile time, at least
/// kMinRowsToTransposeCopy of them per kTransposeCopyUnit elements of B
/// (at least kMinRowsToTransposeCopy), and at most
/// kMaxTransposeCopyElements elements of B. Read in place, a transposed B
/// makes the register tile load its columns a row of B apart (AVX2, 1
/// thread, with the copy tiled in 8 x 8 blocks in registers):
/// [32, 1024] x [1024, 1024]^T 8.64 ms in place against 1.57 ms with the
/// copy, [8, 1024] x [1024, 1024]^T 2.06 against 0.80 ms, [64, 1024] x
/// [4096, 1024]^T 67.2 against 17.3 ms. The copy (0.46 ms for 1024 x 1024)
/// is not repaid by few rows of a large B: [8, 4096] x [1024, 4096]^T took
/// 10.0 ms in place against 14.1 ms with it, [16, 1024] x [4096, 1024]^T
/// 9.9 against 11.1 ms; nor by 4 rows or 1 ([1, 1024] x [1024, 1024]^T: 93
/// us in place, a dot product per output). A transposed A is read in
/// place: its register tile broadcasts one element per row, which the
/// stride costs little (1.2x), and copying the activations a weight's
/// gradient transposes made the MLP's training step at batch 128 slower
/// (6.7 -> 7.6 ms), not explained yet.
constexpr int64_t kMinRowsToTransposeCopy = 8;
constexpr int64_t kTransposeCopyUnit = int64_t(1) << 20;
constexpr int64_t kMaxTransposeCopyElements = int64_t(1) << 24;

/// Whether a product of `rows` rows copies its transposed B (above).
static bool copiesTransposedB(int64_t rows, int64_t elementsOfB) {
  int64_t units = llvm::divideCeil(elementsOfB, kTransposeCopyUnit);
  return elementsOfB <= kMaxTransposeCopyElements &&
         rows >= kMinRowsToTransposeCopy * std::max<int64_t>(1, units);
}

/// linalg.matmul or linalg.batch_matmul for a plain product, which later
/// passes know best; null otherwise. A 2-D product with a transposed B, no
/// transposed A, rows known at compile time and a static B that
/// copiesTransposedB accepts is a linalg.matmul of B's transposed copy.
Value createNamedMatMul(OpBuilder &builder, Location loc,
                        const MatMulOperands &mm, Value init) {
  bool matrices = mm.aType.getRank() == 2 && mm.bType.getRank() == 2;
  int64_t rows = mm.resultType.getRank() == 2 ? mm.resultType.getDimSize(0)
                                              : ShapedType::kDynamic;
  bool copyB = mm.transposeB && !mm.transposeA && matrices &&
               !ShapedType::isDynamic(rows) && mm.bType.hasStaticShape() &&
               copiesTransposedB(rows, mm.bType.getNumElements());
  if (mm.transposeA || (mm.transposeB && !copyB))
    return {};
  Value b = copyB ? transposedCopy(builder, loc, mm.b) : mm.b;
  // Arrays the ranges below point into (a braced range would dangle).
  Type resultTypes[] = {mm.resultType};
  Value inputs[] = {mm.a, b};
  Value outputs[] = {init};
  if (matrices)
    return linalg::MatmulOp::create(builder, loc, resultTypes, inputs, outputs)
        .getResult(0);
  if (mm.aType.getRank() == 3 && mm.bType.getRank() == 3 &&
      mm.aType.getDimSize(0) == mm.bType.getDimSize(0) &&
      !mm.aType.isDynamicDim(0))
    return linalg::BatchMatmulOp::create(builder, loc, resultTypes, inputs,
                                         outputs)
        .getResult(0);
  return {};
}

/// The general case, a contraction linalg.generic over the loops
/// (batch..., m, n, k): transposed operands swap their map's last two
/// results, and a batch dimension of size 1 broadcasts.
Value createContractionGeneric(OpBuilder &builder, Location loc,
                               const MatMulOperands &mm, Value init) {
  MLIRContext *context = builder.getContext();
  int64_t rank = mm.resultType.getRank(), batch = mm.batch();
  int64_t numLoops = rank + 1;
  AffineExpr m = getAffineDimExpr(batch, context);
  AffineExpr n = getAffineDimExpr(batch + 1, context);
  AffineExpr k = getAffineDimExpr(batch + 2, context);
  auto operandMap = [&](RankedTensorType type, int64_t operandBatch,
                        AffineExpr row, AffineExpr col) {
    SmallVector<AffineExpr> exprs;
    for (int64_t d = 0; d < operandBatch; ++d) {
      int64_t resultDim = d + (batch - operandBatch);
      if (type.getDimSize(d) == 1 && mm.resultType.getDimSize(resultDim) != 1)
        exprs.push_back(getAffineConstantExpr(0, context));
      else
        exprs.push_back(getAffineDimExpr(resultDim, context));
    }
    exprs.push_back(row);
    exprs.push_back(col);
    return AffineMap::get(numLoops, 0, exprs, context);
  };
  SmallVector<AffineMap> maps = {
      mm.transposeA ? operandMap(mm.aType, mm.aBatch(), k, m)
                    : operandMap(mm.aType, mm.aBatch(), m, k),
      mm.transposeB ? operandMap(mm.bType, mm.bBatch(), n, k)
                    : operandMap(mm.bType, mm.bBatch(), k, n),
      AffineMap::getMultiDimIdentityMap(numLoops, context).getMajorSubMap(rank),
  };
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  iterators.push_back(utils::IteratorType::reduction);

  bool isFloat = isa<FloatType>(mm.resultType.getElementType());
  auto generic = linalg::GenericOp::create(
      builder, loc, TypeRange{mm.resultType}, ValueRange{mm.a, mm.b},
      ValueRange{init}, maps, iterators,
      [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
        Value product, sum;
        if (isFloat) {
          product = arith::MulFOp::create(nested, nestedLoc, args[0], args[1]);
          sum = arith::AddFOp::create(nested, nestedLoc, args[2], product);
        } else {
          product = arith::MulIOp::create(nested, nestedLoc, args[0], args[1]);
          sum = arith::AddIOp::create(nested, nestedLoc, args[2], product);
        }
        linalg::YieldOp::create(nested, nestedLoc, sum);
      });
  return generic.getResult(0);
}

struct MatMulToLinalg : public OpConversionPattern<MatMulOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(MatMulOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MatMulOperands mm;
    mm.a = adaptor.getA();
    mm.b = adaptor.getB();
    mm.aType = dyn_cast<RankedTensorType>(mm.a.getType());
    mm.bType = dyn_cast<RankedTensorType>(mm.b.getType());
    mm.resultType = dyn_cast<RankedTensorType>(op.getType());
    mm.transposeA = op.getTransposeA();
    mm.transposeB = op.getTransposeB();
    if (!mm.aType || !mm.bType || !mm.resultType)
      return rewriter.notifyMatchFailure(op, "code generation needs ranked "
                                             "tensors");
    Location loc = op.getLoc();
    Type elementType = mm.resultType.getElementType();
    Value init = buildFilledTensor(
        rewriter, loc, mm.resultType, getDynamicResultSizes(rewriter, loc, mm),
        cast<TypedAttr>(rewriter.getZeroAttr(elementType)));
    Value result = createNamedMatMul(rewriter, loc, mm, init);
    if (!result)
      result = createContractionGeneric(rewriter, loc, mm, init);
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void mlir::tfc::populateMatMulToLinalgPatterns(RewritePatternSet &patterns) {
  patterns.add<MatMulToLinalg>(patterns.getContext());
}
