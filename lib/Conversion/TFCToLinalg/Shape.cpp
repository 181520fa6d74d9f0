//===- Shape.cpp - tfc shape ops to tensor and linalg ---------------------===//
//
// Shape queries become tensor.dim arithmetic; reshapes, expand_dims and
// squeeze become tensor.collapse_shape / tensor.expand_shape (views, no
// copies); tile, fill, range and cast become linalg ops.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"
#include "Utils.h"

#include "tfc/Dialect/TFC/IR/TFCOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Utils/Utils.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::tfc;

namespace {

RankedTensorType getRanked(Value value) {
  return dyn_cast<RankedTensorType>(value.getType());
}

//===----------------------------------------------------------------------===//
// shape, rank, size
//===----------------------------------------------------------------------===//

/// The dimensions, as a 1-D tensor of the op's index dtype.
struct ShapeOfLowering : public OpConversionPattern<ShapeOfOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ShapeOfOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType input = getRanked(adaptor.getInput());
    if (!input)
      return rewriter.notifyMatchFailure(op, "needs a ranked input");
    Location loc = op.getLoc();
    auto resultType = cast<RankedTensorType>(op.getType());
    SmallVector<Value> dims;
    for (int64_t dim = 0; dim < input.getRank(); ++dim)
      dims.push_back(castInteger(
          rewriter, loc,
          tensor::DimOp::create(rewriter, loc, adaptor.getInput(), dim),
          resultType.getElementType()));
    rewriter.replaceOpWithNewOp<tensor::FromElementsOp>(op, resultType, dims);
    return success();
  }
};

struct RankLowering : public OpConversionPattern<RankOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(RankOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType input = getRanked(adaptor.getInput());
    if (!input)
      return rewriter.notifyMatchFailure(op, "needs a ranked input");
    auto type = cast<RankedTensorType>(op.getType());
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(
        op, DenseElementsAttr::get(
                type, rewriter.getIntegerAttr(type.getElementType(),
                                              input.getRank())));
    return success();
  }
};

/// The product of the dimensions.
struct SizeLowering : public OpConversionPattern<SizeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SizeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType input = getRanked(adaptor.getInput());
    if (!input)
      return rewriter.notifyMatchFailure(op, "needs a ranked input");
    Location loc = op.getLoc();
    Value count = buildElementCount(rewriter, loc, adaptor.getInput());
    auto type = cast<RankedTensorType>(op.getType());
    Value scalar = castInteger(rewriter, loc, count, type.getElementType());
    rewriter.replaceOpWithNewOp<tensor::FromElementsOp>(op, type, scalar);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// reshape, expand_dims, squeeze
//===----------------------------------------------------------------------===//

/// The reassociation of all `rank` dimensions into one.
SmallVector<ReassociationIndices, 1> allDimsInOne(int64_t rank) {
  return {llvm::to_vector(llvm::seq<int64_t>(0, rank))};
}

/// A reshape in row-major order is a collapse to one dimension and an
/// expansion to the new shape: both are views of the same buffer. The size
/// standing for `-1` is the element count divided by the other sizes.
struct ReshapeLowering : public OpConversionPattern<ReshapeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ReshapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType input = getRanked(adaptor.getInput());
    auto resultType = dyn_cast<RankedTensorType>(op.getType());
    if (!input || !resultType)
      return rewriter.notifyMatchFailure(op, "needs ranked tensors");
    Location loc = op.getLoc();
    if (Value shape = adaptor.getShape()) {
      // A shape known at run time: tensor.reshape reads it, as indices (the
      // memref lowering does not extend narrower integers).
      auto shapeType = cast<RankedTensorType>(shape.getType());
      Value indices = buildElementwiseGeneric(
          rewriter, loc, shapeType.clone(rewriter.getIndexType()), shape,
          [](OpBuilder &b, Location nestedLoc, ValueRange args) {
            return castInteger(b, nestedLoc, args[0], b.getIndexType());
          });
      rewriter.replaceOpWithNewOp<tensor::ReshapeOp>(
          op, resultType, adaptor.getInput(), indices);
      return success();
    }

    Value flat = adaptor.getInput();
    if (input.getRank() != 1 && input.getRank() != 0)
      flat = tensor::CollapseShapeOp::create(rewriter, loc, flat,
                                             allDimsInOne(input.getRank()));
    if (resultType.getRank() == 0) {
      rewriter.replaceOp(op, tensor::CollapseShapeOp::create(
                                 rewriter, loc, resultType, flat,
                                 ArrayRef<ReassociationIndices>{}));
      return success();
    }

    // The sizes of the result, with the one left open computed.
    ArrayRef<int64_t> newShape = *op.getNewShape();
    SmallVector<OpFoldResult> sizes;
    int64_t known = 1;
    for (int64_t size : newShape)
      if (size != -1)
        known *= size;
    for (auto [dim, size] : llvm::enumerate(newShape)) {
      if (!resultType.isDynamicDim(dim)) {
        sizes.push_back(rewriter.getIndexAttr(resultType.getDimSize(dim)));
        continue;
      }
      Value count = buildElementCount(rewriter, loc, adaptor.getInput());
      Value divisor = arith::ConstantIndexOp::create(rewriter, loc, known);
      sizes.push_back(
          arith::DivUIOp::create(rewriter, loc, count, divisor).getResult());
    }

    if (input.getRank() == 0) {
      // A scalar becomes a shape of ones: only unit dimensions are added.
      rewriter.replaceOp(op, tensor::ExpandShapeOp::create(
                                 rewriter, loc, resultType, flat,
                                 ArrayRef<ReassociationIndices>{}, sizes));
      return success();
    }
    // A static result: the flat size is the static element count.
    if (resultType.hasStaticShape())
      flat = castTensorTo(rewriter, loc, flat,
                          RankedTensorType::get({resultType.getNumElements()},
                                                resultType.getElementType()));
    if (resultType.getRank() == 1) {
      rewriter.replaceOp(op, castTensorTo(rewriter, loc, flat, resultType));
      return success();
    }
    rewriter.replaceOp(op, tensor::ExpandShapeOp::create(
                               rewriter, loc, resultType, flat,
                               allDimsInOne(resultType.getRank()), sizes));
    return success();
  }
};

struct ExpandDimsLowering : public OpConversionPattern<ExpandDimsOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ExpandDimsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultType = dyn_cast<RankedTensorType>(op.getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "needs a ranked input");
    int64_t axis = op.getAxis();
    if (axis < 0)
      axis += resultType.getRank();
    rewriter.replaceOpWithNewOp<tensor::ExpandShapeOp>(
        op, resultType, adaptor.getInput(),
        getUnitDimsReassociation(resultType.getRank(), {axis}));
    return success();
  }
};

/// The removed dimensions have size 1 (an unknown one is taken to be 1, as
/// the type says; it is not checked at run time).
struct SqueezeLowering : public OpConversionPattern<SqueezeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SqueezeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType input = getRanked(adaptor.getInput());
    auto resultType = dyn_cast<RankedTensorType>(op.getType());
    if (!input || !resultType)
      return rewriter.notifyMatchFailure(op, "needs ranked tensors");
    Location loc = op.getLoc();
    Value collapsed = tensor::CollapseShapeOp::create(
        rewriter, loc, adaptor.getInput(),
        getUnitDimsReassociation(input.getRank(), op.getRemovedDims()));
    rewriter.replaceOp(op, castTensorTo(rewriter, loc, collapsed, resultType));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// tile, fill, range
//===----------------------------------------------------------------------===//

/// `linalg.transpose` into an empty tensor whose dynamic sizes are the
/// input's, permuted.
struct TransposeLowering : public OpConversionPattern<TransposeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(TransposeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType input = getRanked(adaptor.getInput());
    auto resultType = dyn_cast<RankedTensorType>(op.getType());
    if (!input || !resultType)
      return rewriter.notifyMatchFailure(op, "needs ranked tensors");
    Location loc = op.getLoc();
    SmallVector<int64_t> perm = op.getPermutation();
    SmallVector<Value> dynamicSizes;
    for (auto [dim, from] : llvm::enumerate(perm))
      if (resultType.isDynamicDim(dim))
        dynamicSizes.push_back(
            tensor::DimOp::create(rewriter, loc, adaptor.getInput(), from));
    Value init =
        tensor::EmptyOp::create(rewriter, loc, resultType, dynamicSizes);
    auto transpose = linalg::TransposeOp::create(
        rewriter, loc, adaptor.getInput(), init, perm);
    rewriter.replaceOp(op, transpose.getResult());
    return success();
  }
};

/// Dimension i of the result is `multiples[i]` copies of dimension i: a
/// broadcast into [m0, d0, m1, d1, ...], which collapses pairwise into the
/// result without a modulo on a possibly dynamic size.
struct TileLowering : public OpConversionPattern<TileOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(TileOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType input = getRanked(adaptor.getInput());
    if (!input)
      return rewriter.notifyMatchFailure(op, "needs a ranked input");
    Location loc = op.getLoc();
    ArrayRef<int64_t> multiples = op.getMultiples();
    int64_t rank = input.getRank();
    MLIRContext *context = rewriter.getContext();
    SmallVector<int64_t> shape;
    SmallVector<Value> dynamicSizes;
    SmallVector<AffineExpr> inputExprs;
    SmallVector<ReassociationIndices> pairs;
    for (int64_t dim = 0; dim < rank; ++dim) {
      // A multiple known at run time is entry `dim` of the operand.
      if (multiples[dim] == -1)
        dynamicSizes.push_back(
            extractIndex(rewriter, loc, adaptor.getDynamicMultiples(), dim));
      if (input.isDynamicDim(dim))
        dynamicSizes.push_back(
            tensor::DimOp::create(rewriter, loc, adaptor.getInput(), dim));
      shape.push_back(multiples[dim] == -1 ? ShapedType::kDynamic
                                           : multiples[dim]);
      shape.push_back(input.getDimSize(dim));
      inputExprs.push_back(getAffineDimExpr(2 * dim + 1, context));
      pairs.push_back({2 * dim, 2 * dim + 1});
    }
    auto broadcastType = RankedTensorType::get(shape, input.getElementType());
    Value init = tensor::EmptyOp::create(rewriter, loc, shape,
                                         input.getElementType(), dynamicSizes);
    SmallVector<AffineMap> maps = {
        AffineMap::get(2 * rank, 0, inputExprs, context),
        rewriter.getMultiDimIdentityMap(2 * rank)};
    SmallVector<utils::IteratorType> iterators(2 * rank,
                                               utils::IteratorType::parallel);
    auto broadcast = linalg::GenericOp::create(
        rewriter, loc, TypeRange{broadcastType}, adaptor.getInput(), init, maps,
        iterators, [](OpBuilder &b, Location nestedLoc, ValueRange args) {
          linalg::YieldOp::create(b, nestedLoc, args[0]);
        });
    Value tiled = tensor::CollapseShapeOp::create(
        rewriter, loc, broadcast.getResult(0), pairs);
    rewriter.replaceOp(op, castTensorTo(rewriter, loc, tiled, op.getType()));
    return success();
  }
};

/// zeros_like and ones_like: a linalg.fill of the input's shape.
template <typename OpTy, int value>
struct FilledLikeLowering : public OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type = getRanked(adaptor.getInput());
    if (!type)
      return rewriter.notifyMatchFailure(op, "needs a ranked input");
    Location loc = op.getLoc();
    Type elementType = type.getElementType();
    TypedAttr fill = value == 0 ? rewriter.getZeroAttr(elementType)
                                : rewriter.getOneAttr(elementType);
    rewriter.replaceOp(op,
                       buildFilledTensor(rewriter, loc, type,
                                         tensor::createDynamicDimValues(
                                             rewriter, loc, adaptor.getInput()),
                                         fill));
    return success();
  }
};

struct FillLowering : public OpConversionPattern<FillOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(FillOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultType = dyn_cast<RankedTensorType>(op.getType());
    if (!resultType || !getRanked(adaptor.getValue()))
      return rewriter.notifyMatchFailure(op, "needs ranked tensors");
    Location loc = op.getLoc();
    SmallVector<Value> sizes;
    for (int64_t dim = 0; dim < resultType.getRank(); ++dim)
      if (resultType.isDynamicDim(dim))
        sizes.push_back(extractIndex(rewriter, loc, adaptor.getDims(), dim));
    Value empty = tensor::EmptyOp::create(rewriter, loc, resultType.getShape(),
                                          resultType.getElementType(), sizes);
    Value scalar = extractScalar(rewriter, loc, adaptor.getValue());
    rewriter.replaceOpWithNewOp<linalg::FillOp>(op, scalar, empty);
    return success();
  }
};

/// start + i * delta for i below the element count, which is
/// ceil((limit - start) / delta) when positive. A zero delta, an error in
/// TensorFlow, gives an empty range instead of a trap.
struct RangeLowering : public OpConversionPattern<RangeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(RangeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto resultType = cast<RankedTensorType>(op.getType());
    Type type = resultType.getElementType();
    Value start = extractScalar(rewriter, loc, adaptor.getStart());
    Value limit = extractScalar(rewriter, loc, adaptor.getLimit());
    Value delta = extractScalar(rewriter, loc, adaptor.getDelta());
    Value zero = buildScalarConstant(rewriter, loc, type, 0);
    Value count;
    if (isa<FloatType>(type)) {
      Value span = arith::SubFOp::create(rewriter, loc, limit, start);
      Value steps = math::CeilOp::create(
          rewriter, loc, arith::DivFOp::create(rewriter, loc, span, delta));
      Value positive = arith::MaximumFOp::create(rewriter, loc, steps, zero);
      Value isZero = arith::CmpFOp::create(
          rewriter, loc, arith::CmpFPredicate::OEQ, delta, zero);
      positive = arith::SelectOp::create(rewriter, loc, isZero, zero, positive);
      count = arith::FPToSIOp::create(rewriter, loc, rewriter.getI64Type(),
                                      positive);
    } else {
      Value one = buildScalarConstant(rewriter, loc, type, 1);
      Value isZero = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::eq, delta, zero);
      Value safeDelta =
          arith::SelectOp::create(rewriter, loc, isZero, one, delta);
      Value span = arith::SubIOp::create(rewriter, loc, limit, start);
      Value steps = arith::CeilDivSIOp::create(rewriter, loc, span, safeDelta);
      steps = arith::MaxSIOp::create(rewriter, loc, steps, zero);
      count = arith::SelectOp::create(rewriter, loc, isZero, zero, steps);
    }
    Value size = castInteger(rewriter, loc, count, rewriter.getIndexType());
    Value init = tensor::EmptyOp::create(rewriter, loc, resultType.getShape(),
                                         type, ValueRange{size});
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{resultType}, ValueRange{}, init,
        ArrayRef<AffineMap>{rewriter.getMultiDimIdentityMap(1)},
        ArrayRef<utils::IteratorType>{utils::IteratorType::parallel},
        [&](OpBuilder &b, Location nestedLoc, ValueRange) {
          Value index = linalg::IndexOp::create(b, nestedLoc, 0);
          Value i =
              arith::IndexCastOp::create(b, nestedLoc, b.getI64Type(), index);
          Value step;
          if (isa<FloatType>(type))
            step = arith::MulFOp::create(
                b, nestedLoc, arith::SIToFPOp::create(b, nestedLoc, type, i),
                delta);
          else
            step = arith::MulIOp::create(
                b, nestedLoc, castInteger(b, nestedLoc, i, type), delta);
          linalg::YieldOp::create(b, nestedLoc,
                                  addScalars(b, nestedLoc, start, step));
        });
    rewriter.replaceOp(op, generic.getResult(0));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// cast
//===----------------------------------------------------------------------===//

/// TensorFlow's Cast on one element: floats truncate toward zero into
/// integers, numbers become bools by comparison with zero (NaN is true),
/// bools become 0 or 1.
Value castElement(OpBuilder &b, Location loc, Value value, Type to) {
  Type from = value.getType();
  if (from == to)
    return value;
  bool fromFloat = isa<FloatType>(from), toFloat = isa<FloatType>(to);
  if (to.isInteger(1)) {
    Value zero = buildScalarConstant(b, loc, from, 0);
    if (fromFloat)
      return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE, value,
                                   zero);
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, value, zero);
  }
  if (from.isInteger(1))
    return toFloat ? Value(arith::UIToFPOp::create(b, loc, to, value))
                   : Value(arith::ExtUIOp::create(b, loc, to, value));
  if (fromFloat && toFloat)
    return from.getIntOrFloatBitWidth() < to.getIntOrFloatBitWidth()
               ? Value(arith::ExtFOp::create(b, loc, to, value))
               : Value(arith::TruncFOp::create(b, loc, to, value));
  if (fromFloat)
    return arith::FPToSIOp::create(b, loc, to, value);
  if (toFloat)
    return arith::SIToFPOp::create(b, loc, to, value);
  return castInteger(b, loc, value, to);
}

struct CastLowering : public OpConversionPattern<CastOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(CastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultType = dyn_cast<RankedTensorType>(op.getType());
    if (!resultType || !getRanked(adaptor.getInput()))
      return rewriter.notifyMatchFailure(op, "needs ranked tensors");
    Type to = resultType.getElementType();
    rewriter.replaceOp(
        op, buildElementwiseGeneric(
                rewriter, op.getLoc(), resultType, adaptor.getInput(),
                [&](OpBuilder &b, Location loc, ValueRange args) {
                  return castElement(b, loc, args[0], to);
                }));
    return success();
  }
};

} // namespace

void mlir::tfc::populateShapeToLinalgPatterns(RewritePatternSet &patterns) {
  patterns.add<ShapeOfLowering, RankLowering, SizeLowering, ReshapeLowering,
               TransposeLowering, FilledLikeLowering<ZerosLikeOp, 0>,
               FilledLikeLowering<OnesLikeOp, 1>, ExpandDimsLowering,
               SqueezeLowering, TileLowering, FillLowering, RangeLowering,
               CastLowering>(patterns.getContext());
}
