//===- InsertRuntimeChecks.cpp - the checks TensorFlow's kernels make -----===//
//
// Implements `tfc-insert-runtime-checks`: integer division by zero, gather
// indices and segment ids out of range, negative run-time tile multiples
// and dynamic shape mismatches fail the
// run with an error status, as they fail TensorFlow's kernels, instead of
// computing a value.
//
//===----------------------------------------------------------------------===//

#include "tfc/Dialect/TFC/Transforms/Passes.h"

#include "Gradients/GradientUtils.h"

#include "tfc/Dialect/TFC/IR/TFCOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/TypeUtilities.h"

namespace mlir::tfc {
#define GEN_PASS_DEF_TFCINSERTRUNTIMECHECKS
#include "tfc/Dialect/TFC/Transforms/Passes.h.inc"
} // namespace mlir::tfc

using namespace mlir;
using namespace mlir::tfc;

namespace {

/// Whether `value` is a constant all of whose elements satisfy `predicate`.
bool isConstantWhere(Value value, function_ref<bool(const APInt &)> predicate) {
  DenseIntElementsAttr elements;
  if (!matchPattern(value, m_Constant(&elements)))
    return false;
  return llvm::all_of(elements.getValues<APInt>(), predicate);
}

/// Asserts that every element of the bool tensor `holds` is true.
void assertAll(OpBuilder &b, Location loc, Value holds, StringRef message,
               ValueRange data) {
  Value all = holds;
  if (cast<RankedTensorType>(holds.getType()).getRank() > 0)
    all = ReduceAllOp::create(b, loc, holds, DenseI64ArrayAttr(),
                              /*keep_dims=*/false);
  AssertOp::create(b, loc, all, data, b.getStringAttr(message),
                   /*summarize=*/IntegerAttr(), /*after=*/ValueRange());
}

/// Integer div, floordiv and mod: the divisor has no zero.
void checkDivisor(OpBuilder &b, Operation *op, Value divisor) {
  auto type = cast<RankedTensorType>(divisor.getType());
  if (!isa<IntegerType>(type.getElementType()))
    return;
  if (isConstantWhere(divisor, [](const APInt &v) { return !v.isZero(); }))
    return;
  Location loc = op->getLoc();
  Value zero = buildScalar(b, loc, type.getElementType(), 0);
  Value nonZero = NotEqualOp::create(b, loc, divisor, zero);
  assertAll(b, loc, nonZero, "Integer division by zero", {});
}

/// tile with multiples known at run time: none is negative.
void checkTileMultiples(OpBuilder &b, TileOp op) {
  Value multiples = op.getDynamicMultiples();
  if (!multiples ||
      isConstantWhere(multiples, [](const APInt &v) { return !v.isNegative(); }))
    return;
  Location loc = op.getLoc();
  Type element = cast<RankedTensorType>(multiples.getType()).getElementType();
  Value zero = buildScalar(b, loc, element, 0);
  Value nonNegative = GreaterEqualOp::create(b, loc, multiples, zero);
  assertAll(b, loc, nonNegative, "Tile: Expected multiples >= 0",
            {multiples});
}

/// Element `index` of a 1-D shape tensor, as a 1-element tensor.
Value shapeElement(OpBuilder &b, Location loc, Value shape, int64_t index) {
  return SliceOp::create(b, loc, shape, b.getDenseI64ArrayAttr(index),
                         b.getDenseI64ArrayAttr(1));
}

/// The axis `gather` reads along, counted from the front, when its params
/// are ranked.
std::optional<int64_t> gatherAxis(GatherOp gather) {
  auto params = dyn_cast<RankedTensorType>(gather.getParams().getType());
  if (!params)
    return std::nullopt;
  int64_t axis = gather.getAxis();
  if (axis < 0)
    axis += params.getRank();
  if (axis < 0 || axis >= params.getRank())
    return std::nullopt;
  return axis;
}

/// gather: every index is in [0, size of the gathered axis).
void checkGatherIndices(OpBuilder &b, GatherOp op) {
  auto indicesType = dyn_cast<RankedTensorType>(op.getIndices().getType());
  std::optional<int64_t> gathered = gatherAxis(op);
  if (!gathered || !indicesType)
    return;
  int64_t axis = *gathered;
  auto params = cast<RankedTensorType>(op.getParams().getType());
  Location loc = op.getLoc();
  Type indexType = indicesType.getElementType();
  Value indices = op.getIndices();
  Value size;
  std::string message;
  if (params.isDynamicDim(axis)) {
    // The size, read from the shape at run time.
    Value shape =
        ShapeOfOp::create(b, loc, op.getParams(), TypeAttr::get(indexType));
    size = ReshapeOp::create(b, loc, shapeElement(b, loc, shape, axis), Value(),
                             b.getDenseI64ArrayAttr({}));
    message = "gather: indices are not in [0, size of axis " +
              std::to_string(axis) + ")";
  } else {
    int64_t n = params.getDimSize(axis);
    if (isConstantWhere(indices, [&](const APInt &v) {
          return !v.isNegative() && v.slt(n);
        }))
      return;
    size = buildScalar(b, loc, indexType, n);
    message = "gather: indices are not in [0, " + std::to_string(n) + ")";
  }
  Value zero = buildScalar(b, loc, indexType, 0);
  Value notNegative = GreaterEqualOp::create(b, loc, indices, zero);
  Value belowSize = LessOp::create(b, loc, indices, size);
  Value inRange = LogicalAndOp::create(b, loc, notNegative, belowSize);
  assertAll(b, loc, inRange, message, {indices});
}

/// The size of the axis `gather` reads along, when it is static.
std::optional<int64_t> gatheredSize(GatherOp gather) {
  std::optional<int64_t> axis = gatherAxis(gather);
  if (!axis)
    return std::nullopt;
  auto params = cast<RankedTensorType>(gather.getParams().getType());
  if (params.isDynamicDim(*axis))
    return std::nullopt;
  return params.getDimSize(*axis);
}

/// unsorted_segment_sum: every id is below num_segments (negative ids are
/// dropped, as TensorFlow drops them). Left out for constant ids below it,
/// and for ids that a gather from num_segments rows also reads (the
/// gradient of gather): that gather's check covers them.
void checkSegmentIds(OpBuilder &b, UnsortedSegmentSumOp op) {
  Value ids = op.getSegmentIds();
  auto idsType = dyn_cast<RankedTensorType>(ids.getType());
  if (!idsType)
    return;
  Location loc = op.getLoc();
  if (Value count = op.getDynamicNumSegments()) {
    // Known at run time only: compared in the ids' type.
    Value bound = count;
    if (getElementTypeOrSelf(count.getType()) != idsType.getElementType())
      bound = CastOp::create(b, loc, count,
                             TypeAttr::get(idsType.getElementType()));
    assertAll(b, loc, LessOp::create(b, loc, ids, bound),
              "unsorted_segment_sum: segment_ids are not < num_segments",
              {ids, count});
    return;
  }
  auto n = static_cast<int64_t>(*op.getNumSegments());
  if (isConstantWhere(ids, [&](const APInt &v) { return v.slt(n); }))
    return;
  for (Operation *user : ids.getUsers())
    if (auto gather = dyn_cast<GatherOp>(user))
      if (gather.getIndices() == ids && gatheredSize(gather) == n)
        return;
  Value size = buildScalar(b, loc, idsType.getElementType(), n);
  Value below = LessOp::create(b, loc, ids, size);
  assertAll(b, loc, below,
            "unsorted_segment_sum: segment_ids are not < num_segments = " +
                std::to_string(n),
            {ids});
}

/// The binary ops that broadcast their operands against each other.
bool isBroadcastingBinaryOp(Operation *op) {
  return isa<AddOp, SubOp, MulOp, DivOp, FloorDivOp, ModOp, PowOp, MaximumOp,
             MinimumOp, EqualOp, NotEqualOp, LessOp, LessEqualOp, GreaterOp,
             GreaterEqualOp, LogicalAndOp, LogicalOrOp, LogicalXorOp>(op);
}

/// A broadcasting binary op: each pair of aligned dimensions where one is
/// dynamic and neither is statically 1 must be equal at run time, or one of
/// them 1 (it broadcasts, as in TensorFlow).
void checkBroadcast(OpBuilder &b, Operation *op) {
  auto lhs = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
  auto rhs = dyn_cast<RankedTensorType>(op->getOperand(1).getType());
  if (!lhs || !rhs)
    return;
  int64_t common = std::min(lhs.getRank(), rhs.getRank());
  SmallVector<std::pair<int64_t, int64_t>> pairs;
  for (int64_t i = 1; i <= common; ++i) {
    int64_t l = lhs.getRank() - i, r = rhs.getRank() - i;
    int64_t ls = lhs.getDimSize(l), rs = rhs.getDimSize(r);
    if (!ShapedType::isDynamic(ls) && !ShapedType::isDynamic(rs))
      continue;
    if (ls == 1 || rs == 1)
      continue;
    pairs.emplace_back(l, r);
  }
  if (pairs.empty())
    return;
  Location loc = op->getLoc();
  Type i64 = b.getI64Type();
  Value lhsShape =
      ShapeOfOp::create(b, loc, op->getOperand(0), TypeAttr::get(i64));
  Value rhsShape =
      ShapeOfOp::create(b, loc, op->getOperand(1), TypeAttr::get(i64));
  Value one = buildScalar(b, loc, i64, 1);
  Value holds;
  for (auto [l, r] : pairs) {
    // Built in a fixed order (argument evaluation order is unspecified).
    Value lhsDim = shapeElement(b, loc, lhsShape, l);
    Value rhsDim = shapeElement(b, loc, rhsShape, r);
    Value equal = EqualOp::create(b, loc, lhsDim, rhsDim);
    Value lhsOne = EqualOp::create(b, loc, lhsDim, one);
    Value rhsOne = EqualOp::create(b, loc, rhsDim, one);
    Value fits = LogicalOrOp::create(
        b, loc, equal, LogicalOrOp::create(b, loc, lhsOne, rhsOne));
    holds = holds ? Value(LogicalAndOp::create(b, loc, holds, fits)) : fits;
  }
  std::string message;
  llvm::raw_string_ostream os(message);
  os << "Incompatible shapes at run time in " << op->getName();
  assertAll(b, loc, holds, message, {lhsShape, rhsShape});
}

struct InsertRuntimeChecks
    : public tfc::impl::TFCInsertRuntimeChecksBase<InsertRuntimeChecks> {
  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation()->walk([&](Operation *op) {
      if (isBroadcastingBinaryOp(op) ||
          isa<GatherOp, UnsortedSegmentSumOp, TileOp>(op))
        ops.push_back(op);
    });
    OpBuilder builder(&getContext());
    for (Operation *op : ops) {
      builder.setInsertionPoint(op);
      if (isBroadcastingBinaryOp(op))
        checkBroadcast(builder, op);
      if (isa<DivOp, FloorDivOp, ModOp>(op))
        checkDivisor(builder, op, op->getOperand(1));
      if (auto gather = dyn_cast<GatherOp>(op))
        checkGatherIndices(builder, gather);
      if (auto segmentSum = dyn_cast<UnsortedSegmentSumOp>(op))
        checkSegmentIds(builder, segmentSum);
      if (auto tile = dyn_cast<TileOp>(op))
        checkTileMultiples(builder, tile);
    }
  }
};

} // namespace
