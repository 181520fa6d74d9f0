//===- Reductions.cpp - tfc reductions to linalg --------------------------===//
//
// reduce_sum, reduce_mean, reduce_max, reduce_min, reduce_prod, reduce_any
// and reduce_all become linalg.reduce over the reduced axes; keep_dims
// re-inserts the size-1 dimensions with tensor.expand_shape; the mean divides
// by the number of reduced elements.
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

enum class ReductionKind { Sum, Mean, Max, Min, Prod, Any, All };

/// The value a reduction starts from, its result over nothing as in
/// TensorFlow: 0 for sums, 1 for products, the lowest value for max (an
/// empty max is -inf), the highest for min, false for any, true for all.
TypedAttr initialValue(OpBuilder &builder, Type elementType,
                       ReductionKind kind) {
  switch (kind) {
  case ReductionKind::Sum:
  case ReductionKind::Mean:
  case ReductionKind::Any:
    return cast<TypedAttr>(builder.getZeroAttr(elementType));
  case ReductionKind::Prod:
    return cast<TypedAttr>(builder.getOneAttr(elementType));
  case ReductionKind::All:
    return builder.getIntegerAttr(elementType, 1);
  case ReductionKind::Max:
  case ReductionKind::Min:
    break;
  }
  return kind == ReductionKind::Max ? lowestValue(builder, elementType)
                                    : highestValue(builder, elementType);
}

/// Combines an element with the running value. Max and min propagate NaN.
Value combine(OpBuilder &b, Location loc, ReductionKind kind, Value element,
              Value acc) {
  bool isFloat = isa<FloatType>(acc.getType());
  switch (kind) {
  case ReductionKind::Sum:
  case ReductionKind::Mean:
    return addScalars(b, loc, element, acc);
  case ReductionKind::Prod:
    return isFloat ? Value(arith::MulFOp::create(b, loc, element, acc))
                   : Value(arith::MulIOp::create(b, loc, element, acc));
  case ReductionKind::Max:
    return isFloat ? Value(arith::MaximumFOp::create(b, loc, element, acc))
                   : Value(arith::MaxSIOp::create(b, loc, element, acc));
  case ReductionKind::Min:
    return isFloat ? Value(arith::MinimumFOp::create(b, loc, element, acc))
                   : Value(arith::MinSIOp::create(b, loc, element, acc));
  case ReductionKind::Any:
    return arith::OrIOp::create(b, loc, element, acc);
  case ReductionKind::All:
    return arith::AndIOp::create(b, loc, element, acc);
  }
  llvm_unreachable("unknown reduction");
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
    auto reduce = linalg::ReduceOp::create(
        rewriter, loc, ValueRange{input}, ValueRange{init}, axes,
        [&](OpBuilder &builder, Location nestedLoc, ValueRange args) {
          linalg::YieldOp::create(
              builder, nestedLoc,
              combine(builder, nestedLoc, kind, args[0], args[1]));
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
    Value count = buildSizeProduct(builder, loc, input, axes);
    auto sumType = cast<RankedTensorType>(sum.getType());
    Type elementType = sumType.getElementType();
    Value divisor;
    if (isa<FloatType>(elementType)) {
      Value asInt =
          arith::IndexCastOp::create(builder, loc, builder.getI64Type(), count);
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
               ReductionToLinalg<ReduceMaxOp, ReductionKind::Max>,
               ReductionToLinalg<ReduceMinOp, ReductionKind::Min>,
               ReductionToLinalg<ReduceProdOp, ReductionKind::Prod>,
               ReductionToLinalg<ReduceAnyOp, ReductionKind::Any>,
               ReductionToLinalg<ReduceAllOp, ReductionKind::All>>(context);
}
