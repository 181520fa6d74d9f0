//===- Indexing.cpp - gradients of gather and unsorted_segment_sum --------===//
//
// TensorFlow's _GatherV2Grad and _UnsortedSegmentSumGrad. The two ops are
// each other's gradient: the rows gather read receive the incoming
// gradient, summed where an index repeats; each slice summed into a segment
// receives that segment's gradient. The indices get no gradient.
//
//===----------------------------------------------------------------------===//

#include "GradientUtils.h"

#include "tfc/Dialect/TFC/IR/TFCOps.h"

using namespace mlir;
using namespace mlir::tfc;

namespace {

/// A dense gradient for `params` (TensorFlow builds an IndexedSlices, whose
/// densification is this segment sum): the rows of `dy` summed into the
/// rows of params their indices name. Along an axis other than 0, `dy` is
/// transposed so that the indices' dimensions come first, and the sum back.
FailureOr<Value> gatherGrad(OpBuilder &b, Location loc, GatherOp op, Value dy) {
  auto params = dyn_cast<RankedTensorType>(op.getParams().getType());
  auto indices = dyn_cast<RankedTensorType>(op.getIndices().getType());
  int64_t rank = params ? params.getRank() : 0;
  int64_t axis = op.getAxis();
  if (axis < 0)
    axis += rank;
  if (!params || !indices || params.isDynamicDim(axis))
    return op.emitError("the gradient of gather needs ranked indices and a "
                        "static params size along the axis, got ")
           << op.getParams().getType() << " and " << op.getIndices().getType();
  int64_t indexRank = indices.getRank();
  int64_t dyRank = rank - 1 + indexRank;
  int64_t numSegments = params.getDimSize(axis);
  if (axis == 0)
    return castToType(
        b, loc,
        UnsortedSegmentSumOp::create(b, loc, dy, op.getIndices(), numSegments),
        params);

  SmallVector<int64_t> toFront;
  for (int64_t dim = axis; dim < axis + indexRank; ++dim)
    toFront.push_back(dim);
  for (int64_t dim = 0; dim < axis; ++dim)
    toFront.push_back(dim);
  for (int64_t dim = axis + indexRank; dim < dyRank; ++dim)
    toFront.push_back(dim);
  Value front =
      TransposeOp::create(b, loc, dy, b.getDenseI64ArrayAttr(toFront));
  Value summed =
      UnsortedSegmentSumOp::create(b, loc, front, op.getIndices(), numSegments);
  // The summed rows are [params.shape[axis]] + the other dimensions in
  // order: the first axis dimensions go back before it.
  SmallVector<int64_t> back;
  for (int64_t dim = 1; dim <= axis; ++dim)
    back.push_back(dim);
  back.push_back(0);
  for (int64_t dim = axis + 1; dim < rank; ++dim)
    back.push_back(dim);
  return castToType(
      b, loc, TransposeOp::create(b, loc, summed, b.getDenseI64ArrayAttr(back)),
      params);
}

/// Each slice of data gets the gradient of the segment it was summed into:
/// a gather of `dy` by the ids. Slices whose id names no segment were
/// dropped and get zeros; their ids are replaced by 0 before the gather,
/// which fails the run on indices out of range (TensorFlow's
/// _GatherDropNegatives, which also drops ids past the end here since the
/// forward op drops them).
FailureOr<Value> unsortedSegmentSumGrad(OpBuilder &b, Location loc,
                                        UnsortedSegmentSumOp op, Value dy) {
  Value data = op.getData(), ids = op.getSegmentIds();
  auto idsType = dyn_cast<RankedTensorType>(ids.getType());
  auto dataType = dyn_cast<RankedTensorType>(data.getType());
  if (!idsType || !dataType)
    return op.emitError("the gradient of unsorted_segment_sum needs ranked "
                        "data and segment ids, got ")
           << data.getType() << " and " << ids.getType();
  if (!op.getNumSegments())
    return op.emitError("the gradient of unsorted_segment_sum needs "
                        "num_segments known at compile time");
  auto numSegments = static_cast<int64_t>(*op.getNumSegments());
  // No segment: nothing was summed anywhere, and dy has no row to gather.
  if (numSegments == 0)
    return buildFilledLike(b, loc, data, 0.0);
  Type idType = idsType.getElementType();
  Value valid = LogicalAndOp::create(
      b, loc,
      GreaterEqualOp::create(b, loc, ids, buildScalar(b, loc, idType, 0)),
      LessOp::create(
          b, loc, ids,
          buildScalar(b, loc, idType, static_cast<double>(numSegments))));
  Value safeIds =
      WhereOp::create(b, loc, valid, ids, buildScalar(b, loc, idType, 0));
  Value gathered = GatherOp::create(b, loc, dy, safeIds);
  // The mask gets a unit dimension per dimension of a slice, so that it
  // broadcasts along them.
  int64_t dataRank = dataType.getRank();
  Value mask = valid;
  for (int64_t dim = idsType.getRank(); dim < dataRank; ++dim)
    mask = ExpandDimsOp::create(b, loc, mask, dim);
  Value zero = buildScalar(b, loc, elementTypeOf(dy), 0.0);
  return castToType(b, loc, WhereOp::create(b, loc, mask, gathered, zero),
                    data.getType());
}

} // namespace

void mlir::tfc::registerIndexingGradients(DialectRegistry &registry) {
  // The indices have no gradient.
  registry.addExtension(+[](MLIRContext *context, TFCDialect *) {
    GatherOp::attachInterface<FirstOperandGradientModel<GatherOp, gatherGrad>>(
        *context);
    UnsortedSegmentSumOp::attachInterface<FirstOperandGradientModel<
        UnsortedSegmentSumOp, unsortedSegmentSumGrad>>(*context);
  });
}
