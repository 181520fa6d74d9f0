//===- ShapeFolding.cpp - shape arithmetic evaluated at import ------------===//
//
// Range, ConcatOffset, InvertPermutation, BroadcastGradientArgs and
// DynamicStitch compute shapes, offsets and axes, mostly in gradient graphs
// where the shapes are static. On constant inputs they are evaluated here,
// with TensorFlow's kernels' rules and messages, so that the reshapes and
// reductions they feed get constant attributes. Otherwise they are composed
// of tfc ops where that is possible, and are an error naming the input
// where it is not.
//
//===----------------------------------------------------------------------===//

#include "../Importer.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APSInt.h"

using namespace mlir;
using namespace mlir::tfc;
using namespace mlir::tfc::graphdef;

/// A 1-D constant of `element` (an integer type) holding `values`.
static Value intVector(NodeImporter &n, Type element,
                       ArrayRef<int64_t> values) {
  auto type =
      RankedTensorType::get({static_cast<int64_t>(values.size())}, element);
  SmallVector<APInt> bits;
  for (int64_t v : values)
    bits.push_back(
        APInt(element.getIntOrFloatBitWidth(), v, /*isSigned=*/true));
  return n.constant(DenseElementsAttr::get(type, bits));
}

static Type elementOf(Value value) {
  return cast<TensorType>(value.getType()).getElementType();
}

static std::string shapeString(ArrayRef<int64_t> dims) {
  std::string text = "[";
  for (auto [i, d] : llvm::enumerate(dims))
    text += (i ? "," : "") + std::to_string(d);
  return text + "]";
}

//===----------------------------------------------------------------------===//
// Range
//===----------------------------------------------------------------------===//

static std::string floatString(const APFloat &value) {
  SmallString<16> text;
  value.toString(text);
  return std::string(text);
}

/// Constant ranges longer than this stay `tfc.range`, computed at run time.
static constexpr int64_t kMaxFoldedRange = 1 << 16;

/// The scalar value of a constant input, or null.
static std::optional<Attribute> scalarConstant(NodeImporter &n, unsigned i) {
  std::optional<DenseElementsAttr> value = n.constantInput(i);
  if (!value || value->getNumElements() != 1)
    return std::nullopt;
  return *value->value_begin<Attribute>();
}

/// Range of integers: `(|limit - start| + |delta| - 1) / |delta|` elements,
/// `start + i * delta`.
static DenseElementsAttr integerRange(Type element, int64_t start,
                                      int64_t limit, int64_t delta) {
  int64_t size =
      (std::abs(limit - start) + std::abs(delta) - 1) / std::abs(delta);
  if (size > kMaxFoldedRange)
    return {};
  SmallVector<APInt> values;
  for (int64_t i = 0; i < size; ++i)
    values.push_back(APInt(element.getIntOrFloatBitWidth(), start + i * delta,
                           /*isSigned=*/true));
  return DenseElementsAttr::get(RankedTensorType::get({size}, element), values);
}

/// Range of floats, computed in the element type as TensorFlow's kernel
/// does: `ceil(|(limit - start) / delta|)` elements, each the previous plus
/// `delta` (accumulated, not `start + i * delta`).
static DenseElementsAttr floatRange(Type element, APFloat start, APFloat limit,
                                    APFloat delta) {
  const auto rm = APFloat::rmNearestTiesToEven;
  APFloat count = limit;
  count.subtract(start, rm);
  count.divide(delta, rm);
  count.clearSign();
  count.roundToIntegral(APFloat::rmTowardPositive);
  if (!count.isFinite() ||
      count.compare(APFloat(count.getSemantics(), kMaxFoldedRange)) ==
          APFloat::cmpGreaterThan)
    return {};
  APSInt size(64, /*isUnsigned=*/false);
  bool exact;
  count.convertToInteger(size, APFloat::rmTowardZero, &exact);
  SmallVector<APFloat> values;
  APFloat value = start;
  for (int64_t i = 0; i < size.getExtValue(); ++i) {
    values.push_back(value);
    value.add(delta, rm);
  }
  return DenseElementsAttr::get(
      RankedTensorType::get({size.getExtValue()}, element), values);
}

/// Range: a constant when start, limit and delta are (and the range is not
/// long), else `tfc.range`, whose length is known at run time only.
static LogicalResult importRange(NodeImporter &n) {
  std::optional<Attribute> start = scalarConstant(n, 0),
                           limit = scalarConstant(n, 1),
                           delta = scalarConstant(n, 2);
  if (start && limit && delta) {
    Type element = cast<TypedAttr>(*start).getType();
    DenseElementsAttr range;
    if (auto s = dyn_cast<IntegerAttr>(*start)) {
      auto l = dyn_cast<IntegerAttr>(*limit), d = dyn_cast<IntegerAttr>(*delta);
      if (!l || !d)
        return n.error("start, limit and delta must have one dtype");
      int64_t first = s.getInt(), last = l.getInt(), step = d.getInt();
      if (step == 0)
        return n.error("Requires delta != 0: 0");
      if (step > 0 && first > last)
        return n.error("Requires start <= limit when delta > 0: " +
                       Twine(first) + "/" + Twine(last));
      if (step < 0 && first < last)
        return n.error("Requires start >= limit when delta < 0: " +
                       Twine(first) + "/" + Twine(last));
      range = integerRange(element, first, last, step);
    } else {
      auto l = dyn_cast<FloatAttr>(*limit), d = dyn_cast<FloatAttr>(*delta);
      if (!l || !d)
        return n.error("start, limit and delta must have one dtype");
      APFloat first = cast<FloatAttr>(*start).getValue(), last = l.getValue(),
              step = d.getValue();
      if (step.isZero())
        return n.error("Requires delta != 0: 0");
      APFloat::cmpResult order = first.compare(last);
      if (!step.isNegative() && order == APFloat::cmpGreaterThan)
        return n.error("Requires start <= limit when delta > 0: " +
                       floatString(first) + "/" + floatString(last));
      if (step.isNegative() && order == APFloat::cmpLessThan)
        return n.error("Requires start >= limit when delta < 0: " +
                       floatString(first) + "/" + floatString(last));
      range = floatRange(element, first, last, step);
    }
    if (range) {
      n.setOutputs(n.constant(range));
      return success();
    }
  }
  FailureOr<SmallVector<Value>> inputs = n.allInputs();
  if (failed(inputs))
    return failure();
  return n.setResult(n.create1("tfc.range", *inputs));
}

//===----------------------------------------------------------------------===//
// ConcatOffset
//===----------------------------------------------------------------------===//

/// ConcatOffset: for each of N shapes, the offset at which ConcatV2 along
/// `concat_dim` put that input: zeros but for the concatenation axis, the
/// sum of the preceding inputs' sizes there. On constant shapes, or shapes
/// of tensors whose sizes along the axis are static (a batch of unknown
/// size concatenated along features), the offsets are constants (and the
/// known sizes are checked as the kernel does); otherwise each is
/// `(shape_0 + ... + shape_{i-1}) * e_axis`.
static LogicalResult importConcatOffset(NodeImporter &n) {
  FailureOr<int64_t> axisValue = n.constantIntInput(0, "concat_dim");
  if (failed(axisValue))
    return failure();
  unsigned count = n.getNumInputs() - 1;
  if (count == 0)
    return n.error("needs at least one shape");
  SmallVector<Value> shapes;
  for (unsigned i = 1; i <= count; ++i) {
    FailureOr<Value> shape = n.input(i);
    if (failed(shape))
      return failure();
    shapes.push_back(*shape);
  }
  auto shapeType = dyn_cast<RankedTensorType>(shapes.front().getType());
  if (!shapeType || shapeType.getRank() != 1 || shapeType.isDynamicDim(0))
    return n.error("the shapes must be vectors of a static length");
  int64_t rank = shapeType.getDimSize(0);
  int64_t axis = *axisValue < 0 ? *axisValue + rank : *axisValue;
  if (axis < 0 || axis >= rank)
    return n.error("Concat dim is out of range: " + Twine(*axisValue) +
                   " vs. " + Twine(rank));
  Type element = shapeType.getElementType();

  SmallVector<SmallVector<int64_t>> constants;
  for (unsigned i = 1; i <= count; ++i) {
    std::optional<SmallVector<int64_t>> dims = n.shapeInput(i);
    bool offsetKnown = dims && static_cast<int64_t>(dims->size()) == rank &&
                       ((*dims)[axis] >= 0 || i == count);
    if (!dims || (static_cast<int64_t>(dims->size()) == rank && !offsetKnown))
      break;
    constants.push_back(*dims);
  }
  if (constants.size() == count) {
    SmallVector<Value> offsets;
    int64_t offset = 0;
    for (auto [i, dims] : llvm::enumerate(constants)) {
      if (static_cast<int64_t>(dims.size()) != rank)
        return n.error("input " + Twine(i) + " should contain " + Twine(rank) +
                       " elements, but got " + Twine(dims.size()));
      for (int64_t d = 0; d < rank; ++d)
        if (d != axis && dims[d] != constants.front()[d] && dims[d] >= 0 &&
            constants.front()[d] >= 0)
          return n.error("All dimensions except " + Twine(axis) +
                         " must match. Input " + Twine(i) + " has shape " +
                         shapeString(dims) +
                         " and doesn't match input 0 with shape " +
                         shapeString(constants.front()) + ".");
      SmallVector<int64_t> values(rank, 0);
      values[axis] = offset;
      offsets.push_back(intVector(n, element, values));
      offset += dims[axis];
    }
    n.setOutputs(offsets);
    return success();
  }

  SmallVector<int64_t> unit(rank, 0);
  unit[axis] = 1;
  Value mask = intVector(n, element, unit);
  SmallVector<Value> offsets{intVector(n, element, SmallVector<int64_t>(rank))};
  Value sum;
  for (Value shape : ArrayRef(shapes).drop_back()) {
    FailureOr<Value> next =
        sum ? n.create1("tfc.add", {sum, shape}) : FailureOr<Value>(shape);
    if (failed(next))
      return failure();
    sum = *next;
    FailureOr<Value> offset = n.create1("tfc.mul", {sum, mask});
    if (failed(offset))
      return failure();
    offsets.push_back(*offset);
  }
  n.setOutputs(offsets);
  return success();
}

//===----------------------------------------------------------------------===//
// InvertPermutation
//===----------------------------------------------------------------------===//

/// InvertPermutation: `y[x[i]] = i`. A constant on a constant permutation
/// (checked as the kernel checks it); otherwise the scatter
/// `unsorted_segment_sum([0, 1, ...], x)`, which needs x's length.
static LogicalResult importInvertPermutation(NodeImporter &n) {
  if (n.constantInput(0)) {
    FailureOr<SmallVector<int64_t>> x =
        n.constantIntsInput(0, "the permutation");
    if (failed(x))
      return failure();
    int64_t size = x->size();
    SmallVector<int64_t> inverse(size, -1);
    for (int64_t i = 0; i < size; ++i) {
      int64_t d = (*x)[i];
      if (d < 0 || d >= size)
        return n.error(Twine(d) + " is not between 0 and " + Twine(size));
      if (inverse[d] != -1)
        return n.error(Twine(d) + " is duplicated in the input.");
      inverse[d] = i;
    }
    n.setOutputs(intVector(n, n.constantInput(0)->getElementType(), inverse));
    return success();
  }
  FailureOr<Value> x = n.input(0);
  if (failed(x))
    return failure();
  auto type = dyn_cast<RankedTensorType>(x->getType());
  if (!type || type.getRank() != 1 || type.isDynamicDim(0))
    return n.error("the permutation must be a constant or a vector of a "
                   "static length");
  int64_t size = type.getDimSize(0);
  Value positions = intVector(n, type.getElementType(),
                              llvm::to_vector(llvm::seq<int64_t>(0, size)));
  return n.setResult(n.create1(
      "tfc.unsorted_segment_sum", {positions, *x},
      {n.namedAttr("num_segments", n.builder.getI64IntegerAttr(size))}));
}

//===----------------------------------------------------------------------===//
// BroadcastGradientArgs
//===----------------------------------------------------------------------===//

/// BroadcastGradientArgs(s0, s1): for each operand of a broadcasting binary
/// op, the dimensions its gradient is summed over. As TensorFlow's BCast:
/// the shapes are aligned on the right and padded with 1s; a dimension
/// where one shape has 1 and the other not is reduced for the first, and a
/// dimension where both have 1 is reduced for both. A dynamic dimension
/// (-1) is decided when the other shape has 1 there (the gradient of the
/// other operand is reduced; reducing the dynamic one too, were it 1 at
/// run time, would change nothing). Otherwise (both dynamic, a batch of
/// unknown size on both sides, or dynamic against a size above 1) the two
/// sizes must agree, which an assertion checks when the graph runs: tfc
/// takes them as equal, reducing neither.
static LogicalResult importBroadcastGradientArgs(NodeImporter &n) {
  std::optional<SmallVector<int64_t>> s0 = n.shapeInput(0),
                                      s1 = n.shapeInput(1);
  if (!s0 || !s1)
    return n.error("the shapes (inputs #0 and #1) must be constants or the "
                   "shapes of tensors of known rank");
  size_t rank = std::max(s0->size(), s1->size());
  auto dimOf = [rank](ArrayRef<int64_t> shape, size_t i) -> int64_t {
    size_t pad = rank - shape.size();
    return i < pad ? 1 : shape[i - pad];
  };
  SmallVector<int64_t> r0, r1;
  // Aligned dimensions whose sizes are taken as equal: their positions in
  // s0 and in s1.
  SmallVector<std::pair<int64_t, int64_t>> assumedEqual;
  for (size_t i = 0; i < rank; ++i) {
    int64_t x = dimOf(*s0, i), y = dimOf(*s1, i);
    if ((x == -1 && y != 1) || (y == -1 && x != 1)) {
      assumedEqual.emplace_back(i - (rank - s0->size()),
                                i - (rank - s1->size()));
      continue;
    }
    if (x == y) {
      if (x == 1) {
        r0.push_back(i);
        r1.push_back(i);
      }
    } else if (x == 1) {
      r0.push_back(i);
    } else if (y == 1) {
      r1.push_back(i);
    } else {
      return n.error("Incompatible shapes: " + shapeString(*s0) + " vs. " +
                     shapeString(*s1));
    }
  }
  Type element = cast<TensorType>((*n.input(0)).getType()).getElementType();
  Value reduce0 = intVector(n, element, r0),
        reduce1 = intVector(n, element, r1);
  if (assumedEqual.empty()) {
    n.setOutputs({reduce0, reduce1});
    return success();
  }
  FailureOr<Value> shape0 = n.input(0), shape1 = n.input(1);
  if (failed(shape0) || failed(shape1))
    return failure();
  SmallVector<int64_t> at0, at1;
  for (auto [i0, i1] : assumedEqual) {
    at0.push_back(i0);
    at1.push_back(i1);
  }
  FailureOr<Value> agree = n.entriesAgree(*shape0, at0, *shape1, at1);
  if (failed(agree))
    return failure();
  // The reductions wait for the check, so that it runs before them.
  FailureOr<SmallVector<Value>> checked = n.afterCheck(
      *agree, {*shape0, *shape1},
      "Incompatible shapes in a gradient: tfc takes the sizes known only at "
      "run time as equal (it does not broadcast a dimension that is 1 only "
      "at run time)",
      {reduce0, reduce1});
  if (failed(checked))
    return failure();
  n.setOutputs(*checked);
  return success();
}

//===----------------------------------------------------------------------===//
// DynamicStitch
//===----------------------------------------------------------------------===//

namespace {
/// One index input of a DynamicStitch and the data it places.
struct StitchPart {
  SmallVector<int64_t> indices;
  SmallVector<int64_t> indexShape;
  Value data;
};
} // namespace

/// The stitch's parts; `rows` is set to the result's row count (one past
/// the largest index).
static FailureOr<SmallVector<StitchPart>>
stitchParts(NodeImporter &n, unsigned count, int64_t &rows) {
  SmallVector<StitchPart> parts;
  rows = 0;
  for (unsigned m = 0; m < count; ++m) {
    std::optional<DenseElementsAttr> constant = n.constantInput(m);
    if (!constant || !constant->getElementType().isInteger()) {
      n.emitError() << "the indices (input #" << m
                    << ") must be a constant: tfc needs them when it "
                       "compiles the graph";
      return failure();
    }
    FailureOr<Value> data = n.input(count + m);
    if (failed(data))
      return failure();
    StitchPart part;
    for (const APInt &v : constant->getValues<APInt>()) {
      int64_t index = v.getSExtValue();
      if (index < 0)
        return n.error("indices[" + Twine(m) + "] holds " + Twine(index) +
                       ", which is negative");
      part.indices.push_back(index);
      rows = std::max(rows, index + 1);
    }
    part.indexShape.assign(constant->getType().getShape().begin(),
                           constant->getType().getShape().end());
    part.data = *data;
    parts.push_back(part);
  }
  return parts;
}

/// The dimensions every data input has after its indices' shape:
/// data[m].shape = indices[m].shape + tail.
static FailureOr<SmallVector<int64_t>> stitchTail(NodeImporter &n,
                                                  ArrayRef<StitchPart> parts) {
  SmallVector<int64_t> tail;
  for (auto [m, part] : llvm::enumerate(parts)) {
    ArrayRef<int64_t> prefix = part.indexShape;
    auto type = dyn_cast<RankedTensorType>(part.data.getType());
    bool fits = type && type.getShape().size() >= prefix.size() &&
                type.getShape().take_front(prefix.size()) == prefix;
    ArrayRef<int64_t> rest =
        fits ? type.getShape().drop_front(prefix.size()) : ArrayRef<int64_t>();
    if (fits && m == 0)
      tail.assign(rest.begin(), rest.end());
    if (!fits || rest != ArrayRef<int64_t>(tail))
      return n.error("data[" + Twine(m) + "] must have the shape of indices[" +
                     Twine(m) +
                     "] followed by the dimensions the other data have "
                     "after their indices'");
  }
  if (ShapedType::isDynamicShape(tail))
    return n.error("the data's dimensions after the indices' must be static");
  return tail;
}

/// For each row of the result, the row of the concatenated data that
/// writes it last; `gap` (the number of data rows) for rows nobody writes.
static SmallVector<int64_t> lastWriters(ArrayRef<StitchPart> parts,
                                        int64_t rows, int64_t &gap) {
  int64_t total = 0;
  for (const StitchPart &part : parts)
    total += part.indices.size();
  gap = total;
  SmallVector<int64_t> source(rows, gap);
  int64_t position = 0;
  for (const StitchPart &part : parts)
    for (int64_t index : part.indices)
      source[index] = position++;
  return source;
}

/// All data constant: the merged tensor, element by element.
static Value foldedStitch(NodeImporter &n, ArrayRef<DenseElementsAttr> data,
                          ArrayRef<int64_t> source, int64_t gap,
                          int64_t rowSize, RankedTensorType resultType) {
  SmallVector<Attribute> flat;
  for (DenseElementsAttr part : data)
    llvm::append_range(flat, part.getValues<Attribute>());
  Attribute zero = n.builder.getZeroAttr(resultType.getElementType());
  SmallVector<Attribute> values;
  values.reserve(source.size() * rowSize);
  for (int64_t row : source)
    for (int64_t i = 0; i < rowSize; ++i)
      values.push_back(row == gap ? zero : flat[row * rowSize + i]);
  return n.constant(DenseElementsAttr::get(resultType, values));
}

/// Other data: the parts, each reshaped to `[count] + tail`, and a zero
/// row when some row is not written, concatenated and gathered row by row.
static LogicalResult gatherStitch(NodeImporter &n, ArrayRef<StitchPart> parts,
                                  ArrayRef<int64_t> tail,
                                  ArrayRef<int64_t> source, bool hasGaps) {
  Type element = elementOf(parts.front().data);
  SmallVector<int64_t> rowShape{-1};
  llvm::append_range(rowShape, tail);
  SmallVector<Value> pieces;
  for (const StitchPart &part : parts) {
    FailureOr<Value> piece = n.create1(
        "tfc.reshape", {part.data},
        {n.namedAttr("new_shape", n.builder.getDenseI64ArrayAttr(rowShape))});
    if (failed(piece))
      return failure();
    pieces.push_back(*piece);
  }
  if (hasGaps) {
    SmallVector<int64_t> zeroShape{1};
    llvm::append_range(zeroShape, tail);
    FailureOr<Value> zeros = n.create1(
        "tfc.fill", {n.scalar(element, 0)},
        {n.namedAttr("shape", n.builder.getDenseI64ArrayAttr(zeroShape))});
    if (failed(zeros))
      return failure();
    pieces.push_back(*zeros);
  }
  FailureOr<Value> all =
      n.create1("tfc.concat", pieces,
                {n.namedAttr("axis", n.builder.getI64IntegerAttr(0))});
  if (failed(all))
    return failure();
  return n.setResult(n.create1(
      "tfc.gather", {*all, intVector(n, n.builder.getI32Type(), source)}));
}

/// DynamicStitch and ParallelDynamicStitch:
/// `merged[indices[m][i...], ...] = data[m][i..., ...]`, later entries
/// winning; rows no index names are zero. The indices must be constants.
/// Constant data gives a constant; other data is concatenated (each
/// reshaped to `[count] + tail`) and gathered row by row.
static LogicalResult importDynamicStitch(NodeImporter &n) {
  unsigned count = n.getNumInputs() / 2;
  if (count == 0 || n.getNumInputs() != 2 * count)
    return n.error("needs as many data inputs as index inputs");
  int64_t rows;
  FailureOr<SmallVector<StitchPart>> parts = stitchParts(n, count, rows);
  if (failed(parts))
    return failure();
  FailureOr<SmallVector<int64_t>> tail = stitchTail(n, *parts);
  if (failed(tail))
    return failure();
  int64_t rowSize = 1;
  for (int64_t d : *tail)
    rowSize *= d;
  int64_t gap;
  SmallVector<int64_t> source = lastWriters(*parts, rows, gap);
  bool hasGaps = llvm::is_contained(source, gap);

  SmallVector<int64_t> resultShape{rows};
  llvm::append_range(resultShape, *tail);
  auto resultType =
      RankedTensorType::get(resultShape, elementOf(parts->front().data));
  SmallVector<DenseElementsAttr> constants;
  for (unsigned m = 0; m < count; ++m)
    if (std::optional<DenseElementsAttr> data = n.constantInput(count + m))
      constants.push_back(*data);
  if (constants.size() == count) {
    n.setOutputs(foldedStitch(n, constants, source, gap, rowSize, resultType));
    return success();
  }
  return gatherStitch(n, *parts, *tail, source, hasGaps);
}

void mlir::tfc::graphdef::registerShapeFoldingOpImporters(
    OpRegistry &registry) {
  registry.add("Range", importRange, "a constant, or tfc.range");
  registry.add("ConcatOffset", importConcatOffset,
               "constants, or tfc.add and tfc.mul");
  registry.add("InvertPermutation", importInvertPermutation,
               "a constant, or tfc.unsorted_segment_sum");
  registry.add("BroadcastGradientArgs", importBroadcastGradientArgs,
               "constants");
  registry.add("DynamicStitch", importDynamicStitch,
               "a constant, or tfc.concat and tfc.gather");
  registry.add("ParallelDynamicStitch", importDynamicStitch,
               "a constant, or tfc.concat and tfc.gather");
}
