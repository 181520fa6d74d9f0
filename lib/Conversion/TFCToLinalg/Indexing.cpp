//===- Indexing.cpp - tfc indexing ops to linalg --------------------------===//
//
// The ops that select elements by index: gather and one_hot are
// linalg.generic ops over their results that compute indices in their
// bodies; unsorted_segment_sum, which scatters, is a loop nest over its ids;
// unique is a loop that appends what it has not seen to a buffer and
// returns the filled part, a slice of a size known at run time;
// argmax is a reduction carrying the best value and its index; top_k
// repeats that reduction k times.
//
//===----------------------------------------------------------------------===//

#include "Patterns.h"
#include "Utils.h"

#include "tfc/Dialect/TFC/IR/TFCOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::tfc;

namespace {

/// The dynamic sizes of `type` (a result) taken from `sources`: dimension i
/// of the result is dimension `sourceDims[i]` of `sourceValues[i]`.
SmallVector<Value> dynamicSizesFrom(OpBuilder &builder, Location loc,
                                    RankedTensorType type,
                                    ArrayRef<std::pair<Value, int64_t>> dims) {
  SmallVector<Value> sizes;
  for (int64_t dim = 0; dim < type.getRank(); ++dim)
    if (type.isDynamicDim(dim))
      sizes.push_back(tensor::DimOp::create(builder, loc, dims[dim].first,
                                            dims[dim].second));
  return sizes;
}

Value compare(OpBuilder &b, Location loc, arith::CmpFPredicate floatPredicate,
              arith::CmpIPredicate intPredicate, Value lhs, Value rhs) {
  if (isa<FloatType>(lhs.getType()))
    return arith::CmpFOp::create(b, loc, floatPredicate, lhs, rhs);
  return arith::CmpIOp::create(b, loc, intPredicate, lhs, rhs);
}

/// result[p..., i..., q...] = params[p..., indices[i...], q...]. An index
/// out of range is clamped to the nearest valid one (TensorFlow fails the
/// run on CPU).
struct GatherLowering : public OpConversionPattern<GatherOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(GatherOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto paramsType = dyn_cast<RankedTensorType>(adaptor.getParams().getType());
    auto indicesType =
        dyn_cast<RankedTensorType>(adaptor.getIndices().getType());
    auto resultType = dyn_cast<RankedTensorType>(op.getType());
    if (!paramsType || !indicesType || !resultType)
      return rewriter.notifyMatchFailure(op, "needs ranked tensors");
    Location loc = op.getLoc();
    Value params = adaptor.getParams(), indices = adaptor.getIndices();
    int64_t axis = op.getAxis();
    if (axis < 0)
      axis += paramsType.getRank();
    int64_t indexRank = indicesType.getRank();

    SmallVector<std::pair<Value, int64_t>> sources;
    for (int64_t dim = 0; dim < axis; ++dim)
      sources.push_back({params, dim});
    for (int64_t dim = 0; dim < indexRank; ++dim)
      sources.push_back({indices, dim});
    for (int64_t dim = axis + 1; dim < paramsType.getRank(); ++dim)
      sources.push_back({params, dim});
    Value init = tensor::EmptyOp::create(
        rewriter, loc, resultType.getShape(), resultType.getElementType(),
        dynamicSizesFrom(rewriter, loc, resultType, sources));

    MLIRContext *context = rewriter.getContext();
    int64_t rank = resultType.getRank();
    SmallVector<AffineExpr> indexExprs;
    for (int64_t dim = 0; dim < indexRank; ++dim)
      indexExprs.push_back(getAffineDimExpr(axis + dim, context));
    SmallVector<AffineMap> maps = {AffineMap::get(rank, 0, indexExprs, context),
                                   rewriter.getMultiDimIdentityMap(rank)};
    Value last = arith::SubIOp::create(
        rewriter, loc, tensor::DimOp::create(rewriter, loc, params, axis),
        arith::ConstantIndexOp::create(rewriter, loc, 1));
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{resultType}, indices, init, maps, iterators,
        [&](OpBuilder &b, Location nestedLoc, ValueRange args) {
          Value index = castInteger(b, nestedLoc, args[0], b.getIndexType());
          Value zero = arith::ConstantIndexOp::create(b, nestedLoc, 0);
          index = arith::MaxSIOp::create(b, nestedLoc, index, zero);
          index = arith::MinSIOp::create(b, nestedLoc, index, last);
          SmallVector<Value> position;
          for (int64_t dim = 0; dim < axis; ++dim)
            position.push_back(linalg::IndexOp::create(b, nestedLoc, dim));
          position.push_back(index);
          for (int64_t dim = axis + indexRank; dim < rank; ++dim)
            position.push_back(linalg::IndexOp::create(b, nestedLoc, dim));
          Value element =
              tensor::ExtractOp::create(b, nestedLoc, params, position);
          linalg::YieldOp::create(b, nestedLoc, element);
        });
    rewriter.replaceOp(op, generic.getResult(0));
    return success();
  }
};

/// The rows that unsorted_segment_sum adds: data[i..., :] into
/// output[segment, :], both rank-reduced to the trailing dimensions.
struct SegmentRows {
  Value data;
  int64_t idRank, rowRank;
  RankedTensorType rowType;
  SmallVector<OpFoldResult> rowSizes;

  /// output with data[position..., :] added into output[segment, :].
  Value addRow(OpBuilder &b, Location l, ValueRange position, Value segment,
               Value output) const {
    SmallVector<OpFoldResult> dataOffsets(position.begin(), position.end());
    SmallVector<OpFoldResult> dataSizes(idRank, b.getIndexAttr(1));
    dataOffsets.append(rowRank, b.getIndexAttr(0));
    llvm::append_range(dataSizes, rowSizes);
    SmallVector<OpFoldResult> dataStrides(idRank + rowRank, b.getIndexAttr(1));
    Value row = tensor::ExtractSliceOp::create(b, l, rowType, data, dataOffsets,
                                               dataSizes, dataStrides);

    SmallVector<OpFoldResult> outOffsets = {segment};
    SmallVector<OpFoldResult> outSizes = {b.getIndexAttr(1)};
    outOffsets.append(rowRank, b.getIndexAttr(0));
    llvm::append_range(outSizes, rowSizes);
    SmallVector<OpFoldResult> outStrides(rowRank + 1, b.getIndexAttr(1));
    Value target = tensor::ExtractSliceOp::create(
        b, l, rowType, output, outOffsets, outSizes, outStrides);

    SmallVector<AffineMap> maps(2, b.getMultiDimIdentityMap(rowRank));
    SmallVector<utils::IteratorType> iterators(rowRank,
                                               utils::IteratorType::parallel);
    auto sum = linalg::GenericOp::create(
        b, l, TypeRange{rowType}, row, target, maps, iterators,
        [&](OpBuilder &nb, Location nl, ValueRange args) {
          linalg::YieldOp::create(nb, nl, addScalars(nb, nl, args[0], args[1]));
        });
    return tensor::InsertSliceOp::create(b, l, sum.getResult(0), output,
                                         outOffsets, outSizes, outStrides);
  }
};

/// output[s, ...] = the sum of data[i..., ...] over the positions i whose id
/// is s: a loop nest over the positions of the ids adds each data slice into
/// the output row its id selects, in place, so the cost is one pass over the
/// data. Ids outside [0, num_segments) are skipped: TensorFlow drops
/// negative ids, and ids past the end fail the run earlier
/// (tfc-insert-runtime-checks) where the target has checks.
struct UnsortedSegmentSumLowering
    : public OpConversionPattern<UnsortedSegmentSumOp> {
  using OpConversionPattern::OpConversionPattern;

  /// The number of segments: the attribute, or the operand's value.
  static Value getNumSegments(UnsortedSegmentSumOp op, OpAdaptor adaptor,
                              OpBuilder &builder) {
    Location loc = op.getLoc();
    if (std::optional<uint64_t> given = op.getNumSegments())
      return arith::ConstantIndexOp::create(builder, loc,
                                            static_cast<int64_t>(*given));
    return castInteger(
        builder, loc,
        extractScalar(builder, loc, adaptor.getDynamicNumSegments()),
        builder.getIndexType());
  }

  LogicalResult
  matchAndRewrite(UnsortedSegmentSumOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto dataType = dyn_cast<RankedTensorType>(adaptor.getData().getType());
    auto idsType =
        dyn_cast<RankedTensorType>(adaptor.getSegmentIds().getType());
    auto resultType = dyn_cast<RankedTensorType>(op.getType());
    if (!dataType || !idsType || !resultType)
      return rewriter.notifyMatchFailure(op, "needs ranked tensors");
    Location loc = op.getLoc();
    Value ids = adaptor.getSegmentIds();
    Type elementType = resultType.getElementType();
    SegmentRows rows;
    rows.data = adaptor.getData();
    rows.idRank = idsType.getRank();
    rows.rowRank = resultType.getRank() - 1;
    rows.rowType =
        RankedTensorType::get(resultType.getShape().drop_front(), elementType);
    for (int64_t dim = 0; dim < rows.rowRank; ++dim)
      rows.rowSizes.push_back(
          tensor::getMixedSize(rewriter, loc, rows.data, rows.idRank + dim));

    Value numSegments = getNumSegments(op, adaptor, rewriter);
    SmallVector<Value> dynamicSizes;
    if (resultType.isDynamicDim(0))
      dynamicSizes.push_back(numSegments);
    for (int64_t dim = 1; dim <= rows.rowRank; ++dim)
      if (resultType.isDynamicDim(dim))
        dynamicSizes.push_back(getValueOrCreateConstantIndexOp(
            rewriter, loc, rows.rowSizes[dim - 1]));
    Value zeros = buildFilledTensor(rewriter, loc, resultType, dynamicSizes,
                                    rewriter.getZeroAttr(elementType));

    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
    SmallVector<Value> lower(rows.idRank, zero), steps(rows.idRank, one), upper;
    for (int64_t dim = 0; dim < rows.idRank; ++dim)
      upper.push_back(tensor::DimOp::create(rewriter, loc, ids, dim));
    scf::LoopNest nest = scf::buildLoopNest(
        rewriter, loc, lower, upper, steps, ValueRange{zeros},
        [&](OpBuilder &b, Location l, ValueRange position,
            ValueRange state) -> scf::ValueVector {
          Value output = state[0];
          Value segment =
              castInteger(b, l, tensor::ExtractOp::create(b, l, ids, position),
                          b.getIndexType());
          Value inRange = arith::AndIOp::create(
              b, l,
              arith::CmpIOp::create(b, l, arith::CmpIPredicate::sge, segment,
                                    zero),
              arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt, segment,
                                    numSegments));
          auto ifOp = scf::IfOp::create(
              b, l, inRange,
              [&](OpBuilder &tb, Location tl) {
                scf::YieldOp::create(
                    tb, tl, rows.addRow(tb, tl, position, segment, output));
              },
              [&](OpBuilder &eb, Location el) {
                scf::YieldOp::create(eb, el, output);
              });
          return {ifOp.getResult(0)};
        });
    rewriter.replaceOp(op, nest.results.front());
    return success();
  }
};

/// The first position j < count of `distinct` holding x, or count: a
/// linear search that stops at the first match.
Value findFirst(OpBuilder &b, Location l, Value distinct, Value count,
                Value x) {
  Value zero = arith::ConstantIndexOp::create(b, l, 0);
  Value one = arith::ConstantIndexOp::create(b, l, 1);
  auto search = scf::WhileOp::create(
      b, l, TypeRange{b.getIndexType()}, ValueRange{zero},
      [&](OpBuilder &cb, Location cl, ValueRange args) {
        Value j = args[0];
        Value inside =
            arith::CmpIOp::create(cb, cl, arith::CmpIPredicate::slt, j, count);
        auto differs = scf::IfOp::create(
            cb, cl, inside,
            [&](OpBuilder &tb, Location tl) {
              Value seen =
                  tensor::ExtractOp::create(tb, tl, distinct, ValueRange{j});
              Value equal = compare(tb, tl, arith::CmpFPredicate::OEQ,
                                    arith::CmpIPredicate::eq, seen, x);
              Value notEqual = arith::XOrIOp::create(
                  tb, tl, equal,
                  arith::ConstantOp::create(tb, tl, tb.getBoolAttr(true)));
              scf::YieldOp::create(tb, tl, notEqual);
            },
            [&](OpBuilder &eb, Location el) {
              Value stop =
                  arith::ConstantOp::create(eb, el, eb.getBoolAttr(false));
              scf::YieldOp::create(eb, el, stop);
            });
        scf::ConditionOp::create(cb, cl, differs.getResult(0), j);
      },
      [&](OpBuilder &bb, Location bl, ValueRange args) {
        scf::YieldOp::create(
            bb, bl, ValueRange{arith::AddIOp::create(bb, bl, args[0], one)});
      });
  return search.getResult(0);
}

/// Unique: one pass over the input that keeps the distinct elements found
/// so far at the front of a buffer as long as the input. Each element is
/// looked up among them (a linear search, stopping at the first match); a
/// new one is appended. `idx` records the position found or given; the
/// output is the buffer's first `count` elements. The search makes the cost
/// O(n * distinct), which is small for the ids of an embedding batch.
struct UniqueLowering : public OpConversionPattern<UniqueOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(UniqueOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto inputType = dyn_cast<RankedTensorType>(adaptor.getInput().getType());
    auto outputType = dyn_cast<RankedTensorType>(op.getOutput().getType());
    auto idxType = dyn_cast<RankedTensorType>(op.getIdx().getType());
    if (!inputType || !outputType || !idxType)
      return rewriter.notifyMatchFailure(op, "needs ranked tensors");
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    Type elementType = inputType.getElementType();
    Type indexType = idxType.getElementType();

    Value length = tensor::DimOp::create(rewriter, loc, input, 0);
    SmallVector<Value> lengthSizes;
    if (inputType.isDynamicDim(0))
      lengthSizes.push_back(length);
    Value buffer = tensor::EmptyOp::create(rewriter, loc, inputType.getShape(),
                                           elementType, lengthSizes);
    Value idx = tensor::EmptyOp::create(rewriter, loc, idxType.getShape(),
                                        indexType, lengthSizes);
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);

    auto loop = scf::ForOp::create(
        rewriter, loc, zero, length, one, ValueRange{buffer, idx, zero},
        [&](OpBuilder &b, Location l, Value i, ValueRange state) {
          Value distinct = state[0], positions = state[1], count = state[2];
          Value x = tensor::ExtractOp::create(b, l, input, i);
          Value j = findFirst(b, l, distinct, count, x);
          Value isNew =
              arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, j, count);
          auto append = scf::IfOp::create(
              b, l, isNew,
              [&](OpBuilder &tb, Location tl) {
                Value grown = tensor::InsertOp::create(tb, tl, x, distinct,
                                                       ValueRange{count});
                scf::YieldOp::create(
                    tb, tl,
                    ValueRange{grown,
                               arith::AddIOp::create(tb, tl, count, one)});
              },
              [&](OpBuilder &eb, Location el) {
                scf::YieldOp::create(eb, el, ValueRange{distinct, count});
              });
          Value position = tensor::InsertOp::create(
              b, l, castInteger(b, l, j, indexType), positions, ValueRange{i});
          scf::YieldOp::create(
              b, l,
              ValueRange{append.getResult(0), position, append.getResult(1)});
        });
    Value count = loop.getResult(2);
    SmallVector<OpFoldResult> offsets = {rewriter.getIndexAttr(0)};
    SmallVector<OpFoldResult> sizes = {count};
    SmallVector<OpFoldResult> strides = {rewriter.getIndexAttr(1)};
    Value output = tensor::ExtractSliceOp::create(
        rewriter, loc, outputType, loop.getResult(0), offsets, sizes, strides);
    rewriter.replaceOp(op, {output, loop.getResult(1)});
    return success();
  }
};

/// on_value where the index along the new dimension equals the index read
/// from `indices`, off_value elsewhere (also for indices out of range).
struct OneHotLowering : public OpConversionPattern<OneHotOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OneHotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto indicesType =
        dyn_cast<RankedTensorType>(adaptor.getIndices().getType());
    auto resultType = dyn_cast<RankedTensorType>(op.getType());
    if (!indicesType || !resultType)
      return rewriter.notifyMatchFailure(op, "needs ranked tensors");
    Location loc = op.getLoc();
    int64_t rank = resultType.getRank();
    auto given = static_cast<int64_t>(op.getAxis());
    int64_t axis = given == -1 ? rank - 1 : given;
    Value indices = adaptor.getIndices();

    SmallVector<std::pair<Value, int64_t>> sources;
    SmallVector<AffineExpr> indexExprs;
    for (int64_t dim = 0; dim < rank; ++dim) {
      if (dim == axis) {
        sources.push_back({indices, 0}); // Static: the depth.
        continue;
      }
      int64_t indexDim = dim < axis ? dim : dim - 1;
      sources.push_back({indices, indexDim});
      indexExprs.push_back(rewriter.getAffineDimExpr(dim));
    }
    Value init = tensor::EmptyOp::create(
        rewriter, loc, resultType.getShape(), resultType.getElementType(),
        dynamicSizesFrom(rewriter, loc, resultType, sources));
    Value on = extractScalar(rewriter, loc, adaptor.getOnValue());
    Value off = extractScalar(rewriter, loc, adaptor.getOffValue());
    SmallVector<AffineMap> maps = {
        AffineMap::get(rank, 0, indexExprs, rewriter.getContext()),
        rewriter.getMultiDimIdentityMap(rank)};
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{resultType}, indices, init, maps, iterators,
        [&](OpBuilder &b, Location nestedLoc, ValueRange args) {
          Value position = castInteger(
              b, nestedLoc, linalg::IndexOp::create(b, nestedLoc, axis),
              args[0].getType());
          Value hot = arith::CmpIOp::create(
              b, nestedLoc, arith::CmpIPredicate::eq, position, args[0]);
          linalg::YieldOp::create(
              b, nestedLoc,
              arith::SelectOp::create(b, nestedLoc, hot, on, off).getResult());
        });
    rewriter.replaceOp(op, generic.getResult(0));
    return success();
  }
};

/// A reduction over `axis` of `input` that keeps, per output element, the
/// first element that is larger than every other among those `eligible`
/// admits: the maximum and its index. With no eligible element the index
/// stays -1.
std::pair<Value, Value>
buildArgMax(OpBuilder &builder, Location loc, Value input, int64_t axis,
            Type indexType,
            function_ref<Value(OpBuilder &, Location, Value value, Value index)>
                eligible) {
  auto inputType = cast<RankedTensorType>(input.getType());
  Type elementType = inputType.getElementType();
  int64_t rank = inputType.getRank();
  SmallVector<int64_t> shape;
  SmallVector<Value> sizes;
  SmallVector<AffineExpr> outputExprs;
  for (int64_t dim = 0; dim < rank; ++dim) {
    if (dim == axis)
      continue;
    shape.push_back(inputType.getDimSize(dim));
    if (inputType.isDynamicDim(dim))
      sizes.push_back(tensor::DimOp::create(builder, loc, input, dim));
    outputExprs.push_back(builder.getAffineDimExpr(dim));
  }
  auto valueType = RankedTensorType::get(shape, elementType);
  auto indexTensorType = RankedTensorType::get(shape, indexType);
  Value values = buildFilledTensor(builder, loc, valueType, sizes,
                                   lowestValue(builder, elementType));
  Value indices = buildFilledTensor(builder, loc, indexTensorType, sizes,
                                    builder.getIntegerAttr(indexType, -1));
  AffineMap outputMap =
      AffineMap::get(rank, 0, outputExprs, builder.getContext());
  SmallVector<AffineMap> maps = {builder.getMultiDimIdentityMap(rank),
                                 outputMap, outputMap};
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  iterators[axis] = utils::IteratorType::reduction;
  auto generic = linalg::GenericOp::create(
      builder, loc, TypeRange{valueType, indexTensorType}, input,
      ValueRange{values, indices}, maps, iterators,
      [&](OpBuilder &b, Location nestedLoc, ValueRange args) {
        Value value = args[0], best = args[1], bestIndex = args[2];
        Value index =
            castInteger(b, nestedLoc,
                        linalg::IndexOp::create(b, nestedLoc, axis), indexType);
        // Strictly larger: of equal values the first one wins, as in
        // TensorFlow; the first eligible one always replaces "none".
        Value none = arith::CmpIOp::create(
            b, nestedLoc, arith::CmpIPredicate::slt, bestIndex,
            arith::ConstantOp::create(b, nestedLoc,
                                      b.getIntegerAttr(indexType, 0)));
        Value larger = compare(b, nestedLoc, arith::CmpFPredicate::OGT,
                               arith::CmpIPredicate::sgt, value, best);
        Value better = arith::OrIOp::create(b, nestedLoc, none, larger);
        Value take = arith::AndIOp::create(
            b, nestedLoc, better, eligible(b, nestedLoc, value, index));
        linalg::YieldOp::create(
            b, nestedLoc,
            ValueRange{
                arith::SelectOp::create(b, nestedLoc, take, value, best),
                arith::SelectOp::create(b, nestedLoc, take, index, bestIndex)});
      });
  return {generic.getResult(0), generic.getResult(1)};
}

struct ArgMaxLowering : public OpConversionPattern<ArgMaxOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ArgMaxOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto inputType = dyn_cast<RankedTensorType>(adaptor.getInput().getType());
    auto resultType = dyn_cast<RankedTensorType>(op.getType());
    if (!inputType || !resultType)
      return rewriter.notifyMatchFailure(op, "needs ranked tensors");
    int64_t axis = op.getAxis();
    if (axis < 0)
      axis += inputType.getRank();
    auto [values, indices] = buildArgMax(
        rewriter, op.getLoc(), adaptor.getInput(), axis,
        resultType.getElementType(),
        [](OpBuilder &b, Location loc, Value, Value) -> Value {
          return arith::ConstantOp::create(b, loc, b.getBoolAttr(true));
        });
    rewriter.replaceOp(
        op, castTensorTo(rewriter, op.getLoc(), indices, resultType));
    return success();
  }
};

/// The k largest entries of the last dimension, largest first and of equal
/// values the first, are k argmax reductions: each takes the best entry
/// that comes after the previous pick in that order.
struct TopKLowering : public OpConversionPattern<TopKOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(TopKOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto inputType = dyn_cast<RankedTensorType>(adaptor.getInput().getType());
    auto valuesType = dyn_cast<RankedTensorType>(op.getValues().getType());
    auto indicesType = dyn_cast<RankedTensorType>(op.getIndices().getType());
    if (!inputType || !valuesType || !indicesType)
      return rewriter.notifyMatchFailure(op, "needs ranked tensors");
    Location loc = op.getLoc();
    Value input = adaptor.getInput();
    int64_t rank = inputType.getRank();
    int64_t axis = rank - 1;
    Type elementType = inputType.getElementType();
    Type indexType = indicesType.getElementType();

    SmallVector<Value> batchSizes;
    SmallVector<int64_t> batchShape(inputType.getShape().drop_back());
    for (int64_t dim = 0; dim < axis; ++dim)
      if (inputType.isDynamicDim(dim))
        batchSizes.push_back(tensor::DimOp::create(rewriter, loc, input, dim));
    Value values = tensor::EmptyOp::create(rewriter, loc, valuesType.getShape(),
                                           elementType, batchSizes);
    Value indices = tensor::EmptyOp::create(
        rewriter, loc, indicesType.getShape(), indexType, batchSizes);
    // Before the first pick, "previous" is above everything.
    Value previous = buildFilledTensor(
        rewriter, loc, RankedTensorType::get(batchShape, elementType),
        batchSizes, highestValue(rewriter, elementType));
    Value previousIndex = buildFilledTensor(
        rewriter, loc, RankedTensorType::get(batchShape, indexType), batchSizes,
        rewriter.getIntegerAttr(indexType, -1));

    Value lower = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value upper = arith::ConstantIndexOp::create(rewriter, loc, op.getK());
    Value step = arith::ConstantIndexOp::create(rewriter, loc, 1);
    auto loop = scf::ForOp::create(
        rewriter, loc, lower, upper, step,
        ValueRange{values, indices, previous, previousIndex},
        [&](OpBuilder &b, Location nestedLoc, Value k, ValueRange state) {
          Value prev = state[2], prevIndex = state[3];
          // Eligible: after (prev, prevIndex) in the order, i.e. smaller,
          // or equal and later.
          auto [best, bestIndex] = buildArgMax(
              b, nestedLoc, input, axis, indexType,
              [&](OpBuilder &nb, Location l, Value value, Value index) {
                SmallVector<Value> position;
                for (int64_t dim = 0; dim < axis; ++dim)
                  position.push_back(linalg::IndexOp::create(nb, l, dim));
                Value p = tensor::ExtractOp::create(nb, l, prev, position);
                Value pi =
                    tensor::ExtractOp::create(nb, l, prevIndex, position);
                Value smaller = compare(nb, l, arith::CmpFPredicate::OLT,
                                        arith::CmpIPredicate::slt, value, p);
                Value equal = compare(nb, l, arith::CmpFPredicate::OEQ,
                                      arith::CmpIPredicate::eq, value, p);
                Value later = arith::CmpIOp::create(
                    nb, l, arith::CmpIPredicate::sgt, index, pi);
                return arith::OrIOp::create(
                           nb, l, smaller,
                           arith::AndIOp::create(nb, l, equal, later))
                    .getResult();
              });
          SmallVector<OpFoldResult> offsets(rank, b.getIndexAttr(0));
          offsets[axis] = k;
          SmallVector<OpFoldResult> sizes =
              tensor::getMixedSizes(b, nestedLoc, state[0]);
          sizes[axis] = b.getIndexAttr(1);
          SmallVector<OpFoldResult> strides(rank, b.getIndexAttr(1));
          Value newValues = tensor::InsertSliceOp::create(
              b, nestedLoc, best, state[0], offsets, sizes, strides);
          Value newIndices = tensor::InsertSliceOp::create(
              b, nestedLoc, bestIndex, state[1], offsets, sizes, strides);
          scf::YieldOp::create(
              b, nestedLoc, ValueRange{newValues, newIndices, best, bestIndex});
        });
    rewriter.replaceOp(op, {loop.getResult(0), loop.getResult(1)});
    return success();
  }
};

} // namespace

void mlir::tfc::populateIndexingToLinalgPatterns(RewritePatternSet &patterns) {
  patterns.add<GatherLowering, UnsortedSegmentSumLowering, UniqueLowering,
               OneHotLowering, ArgMaxLowering, TopKLowering>(
      patterns.getContext());
}
