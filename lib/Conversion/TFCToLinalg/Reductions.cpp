//===- Reductions.cpp - tfc reductions to linalg --------------------------===//
//
// reduce_sum, reduce_mean and reduce_max become linalg.reduce over the
// reduced axes; keep_dims re-inserts the size-1 dimensions with
// tensor.expand_shape; the mean divides by the number of reduced elements.
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

enum class ReductionKind { Sum, Mean, Max };

/// The value a reduction starts from: 0 for sums, the lowest value for max
/// (so an empty max is -inf, as in TensorFlow).
TypedAttr initialValue(OpBuilder &builder, Type elementType,
                       ReductionKind kind) {
  if (kind != ReductionKind::Max)
    return cast<TypedAttr>(builder.getZeroAttr(elementType));
  if (auto floatType = dyn_cast<FloatType>(elementType))
    return builder.getFloatAttr(
        floatType, APFloat::getInf(floatType.getFloatSemantics(), true));
  unsigned width = elementType.getIntOrFloatBitWidth();
  return builder.getIntegerAttr(elementType, APInt::getSignedMinValue(width));
}

/// Groups the dimensions of the keep_dims result onto the reduced tensor's:
/// every kept size-1 dimension joins a neighboring surviving dimension.
SmallVector<ReassociationIndices>
keptDimsReassociation(int64_t rank, ArrayRef<int64_t> reducedAxes) {
  SmallVector<ReassociationIndices> groups;
  ReassociationIndices pending;
  for (int64_t dim = 0; dim < rank; ++dim) {
    pending.push_back(dim);
    if (!llvm::is_contained(reducedAxes, dim)) {
      groups.push_back(pending);
      pending.clear();
    }
  }
  // Trailing reduced dimensions join the last group (none if all reduced).
  if (!pending.empty() && !groups.empty())
    llvm::append_range(groups.back(), pending);
  return groups;
}

template <typename OpTy, ReductionKind kind>
struct ReductionToLinalg : public OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto inputType = dyn_cast<RankedTensorType>(adaptor.getInput().getType());
    auto resultType = dyn_cast<RankedTensorType>(op.getType());
    if (!inputType || !resultType)
      return rewriter.notifyMatchFailure(op, "code generation needs ranked "
                                             "tensors");
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    SmallVector<int64_t> axes = op.getNormalizedAxes();
    Type elementType = inputType.getElementType();

    // The reduced tensor, without the reduced dimensions.
    SmallVector<int64_t> shape;
    SmallVector<Value> sizes;
    for (int64_t dim = 0; dim < inputType.getRank(); ++dim) {
      if (llvm::is_contained(axes, dim))
        continue;
      shape.push_back(inputType.getDimSize(dim));
      if (inputType.isDynamicDim(dim))
        sizes.push_back(tensor::DimOp::create(rewriter, loc, input, dim));
    }
    auto reducedType = RankedTensorType::get(shape, elementType);
    Value init = buildFilledTensor(rewriter, loc, reducedType, sizes,
                                   initialValue(rewriter, elementType, kind));
    bool isFloat = isa<FloatType>(elementType);
    auto reduce = linalg::ReduceOp::create(
        rewriter, loc, ValueRange{input}, ValueRange{init}, axes,
        [&](OpBuilder &builder, Location nestedLoc, ValueRange args) {
          Value combined;
          if (kind == ReductionKind::Max)
            combined = isFloat ? Value(arith::MaximumFOp::create(
                                     builder, nestedLoc, args[0], args[1]))
                               : Value(arith::MaxSIOp::create(
                                     builder, nestedLoc, args[0], args[1]));
          else
            combined = isFloat ? Value(arith::AddFOp::create(
                                     builder, nestedLoc, args[0], args[1]))
                               : Value(arith::AddIOp::create(
                                     builder, nestedLoc, args[0], args[1]));
          linalg::YieldOp::create(builder, nestedLoc, combined);
        });
    Value result = reduce.getResult(0);

    if (kind == ReductionKind::Mean)
      result = divideByCount(rewriter, loc, input, axes, result);

    if (op.getKeepDims() && reducedType != resultType)
      result = tensor::ExpandShapeOp::create(
          rewriter, loc, resultType, result,
          keptDimsReassociation(inputType.getRank(), axes));
    rewriter.replaceOp(op, result);
    return success();
  }

  /// Divides `sum` by the number of elements each output summed.
  static Value divideByCount(OpBuilder &builder, Location loc, Value input,
                             ArrayRef<int64_t> axes, Value sum) {
    Value count = arith::ConstantIndexOp::create(builder, loc, 1);
    for (int64_t axis : axes)
      count = arith::MulIOp::create(
          builder, loc, count, tensor::DimOp::create(builder, loc, input, axis));
    auto sumType = cast<RankedTensorType>(sum.getType());
    Type elementType = sumType.getElementType();
    Value divisor;
    if (isa<FloatType>(elementType)) {
      Value asInt = arith::IndexCastOp::create(builder, loc,
                                               builder.getI64Type(), count);
      divisor = arith::SIToFPOp::create(builder, loc, elementType, asInt);
    } else {
      divisor = arith::IndexCastOp::create(builder, loc, elementType, count);
    }
    // A mean over nothing divides by zero: NaN for floats as in TensorFlow,
    // and 0 for integers instead of a trap.
    return buildElementwiseGeneric(
        builder, loc, sumType, ValueRange{sum},
        [&](OpBuilder &nested, Location nestedLoc, ValueRange args) -> Value {
          if (isa<FloatType>(elementType))
            return arith::DivFOp::create(nested, nestedLoc, args[0], divisor);
          Value zero = buildScalarConstant(nested, nestedLoc, elementType, 0);
          Value one = buildScalarConstant(nested, nestedLoc, elementType, 1);
          Value isZero = arith::CmpIOp::create(
              nested, nestedLoc, arith::CmpIPredicate::eq, divisor, zero);
          Value safe =
              arith::SelectOp::create(nested, nestedLoc, isZero, one, divisor);
          Value quotient =
              arith::DivSIOp::create(nested, nestedLoc, args[0], safe);
          return arith::SelectOp::create(nested, nestedLoc, isZero, zero,
                                         quotient);
        });
  }
};

} // namespace

void mlir::tfc::populateReductionToLinalgPatterns(RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<ReductionToLinalg<ReduceSumOp, ReductionKind::Sum>,
               ReductionToLinalg<ReduceMeanOp, ReductionKind::Mean>,
               ReductionToLinalg<ReduceMaxOp, ReductionKind::Max>>(context);
}
