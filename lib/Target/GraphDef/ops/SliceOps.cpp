//===- SliceOps.cpp - slicing, indexing, splitting and padding ------------===//
//
// The TensorFlow ops that map onto tfc's slice and index ops. Positions,
// sizes and axes that TensorFlow takes as tensors are tfc attributes, so
// they must be constants of the graph (an error names the input
// otherwise); the data and the indices stay operands.
//
//===----------------------------------------------------------------------===//

#include "../Importer.h"

#include "tfc/Dialect/TFC/IR/TFCShapes.h"

using namespace mlir;
using namespace mlir::tfc;
using namespace mlir::tfc::graphdef;

static NamedAttribute i64Attr(NodeImporter &n, StringRef name, int64_t value) {
  return n.namedAttr(name, n.builder.getI64IntegerAttr(value));
}

static NamedAttribute i64ArrayAttr(NodeImporter &n, StringRef name,
                                   ArrayRef<int64_t> values) {
  return n.namedAttr(name, n.builder.getDenseI64ArrayAttr(values));
}

/// A Slice whose size is the shape of a tensor with sizes known only at
/// run time (`Slice(grad, offset, shape(x))`, the gradient of a concat
/// over a batch of unknown size): a dynamic size starting at 0 is taken as
/// "to the end" (-1), and checked when the graph runs to be the input's
/// whole size there. `sizes` gets the sizes; `checked` the dimensions the
/// check covers.
static LogicalResult runTimeSliceSizes(NodeImporter &n, Value input,
                                       ArrayRef<int64_t> begin,
                                       SmallVectorImpl<int64_t> &sizes,
                                       SmallVectorImpl<int64_t> &checked) {
  std::optional<SmallVector<int64_t>> dims = n.shapeInput(2);
  auto inputType = dyn_cast<RankedTensorType>(input.getType());
  if (!dims || !inputType ||
      static_cast<int64_t>(dims->size()) != inputType.getRank() ||
      begin.size() != dims->size())
    return n.error("size (input #2) must be a constant integer scalar or "
                   "vector, or the shape of a tensor of the input's rank: "
                   "tfc needs it when it compiles the graph");
  for (auto [i, size] : llvm::enumerate(*dims)) {
    if (size != -1) {
      sizes.push_back(size);
      continue;
    }
    if (begin[i] != 0)
      return n.error("size " + Twine(i) +
                     " (input #2) is known only at "
                     "run time and begins at " +
                     Twine(begin[i]) +
                     "; tfc slices such a dimension from 0 to its end");
    sizes.push_back(-1);
    checked.push_back(i);
  }
  return success();
}

static LogicalResult importSlice(NodeImporter &n) {
  FailureOr<Value> input = n.input(0);
  FailureOr<SmallVector<int64_t>> begin = n.constantIntsInput(1, "begin");
  if (failed(input) || failed(begin))
    return failure();
  SmallVector<int64_t> size, checked;
  if (n.constantInput(2)) {
    FailureOr<SmallVector<int64_t>> constant = n.constantIntsInput(2, "size");
    if (failed(constant))
      return failure();
    size = *constant;
  } else if (failed(runTimeSliceSizes(n, *input, *begin, size, checked))) {
    return failure();
  }
  FailureOr<Value> slice = n.create1(
      "tfc.slice", {*input},
      {i64ArrayAttr(n, "begin", *begin), i64ArrayAttr(n, "size", size)});
  if (failed(slice) || checked.empty())
    return n.setResult(slice);
  // Its consumers wait for the check that the dimensions sliced whole are
  // the sizes asked for.
  FailureOr<Value> sizeValue = n.input(2);
  if (failed(sizeValue))
    return failure();
  FailureOr<Value> inputShape = n.create1(
      "tfc.shape", {*input},
      {n.namedAttr("out_type",
                   TypeAttr::get(getElementTypeOrSelf(sizeValue->getType())))});
  if (failed(inputShape))
    return failure();
  FailureOr<Value> agree =
      n.entriesAgree(*sizeValue, checked, *inputShape, checked);
  if (failed(agree))
    return failure();
  FailureOr<SmallVector<Value>> result = n.afterCheck(
      *agree, {*sizeValue, *inputShape},
      "Slice: tfc slices a dimension of a size known only at run time "
      "whole; the size and the input's shape",
      *slice);
  if (failed(result))
    return failure();
  n.setOutputs(*result);
  return success();
}

static LogicalResult importStridedSlice(NodeImporter &n) {
  FailureOr<Value> input = n.input(0);
  FailureOr<SmallVector<int64_t>> begin = n.constantIntsInput(1, "begin");
  FailureOr<SmallVector<int64_t>> end = n.constantIntsInput(2, "end");
  FailureOr<SmallVector<int64_t>> strides = n.constantIntsInput(3, "strides");
  if (failed(input) || failed(begin) || failed(end) || failed(strides))
    return failure();
  SmallVector<NamedAttribute> attrs{i64ArrayAttr(n, "begin", *begin),
                                    i64ArrayAttr(n, "end", *end),
                                    i64ArrayAttr(n, "strides", *strides)};
  for (StringRef mask : {"begin_mask", "end_mask", "ellipsis_mask",
                         "new_axis_mask", "shrink_axis_mask"})
    if (int64_t bits = n.intAttr(mask).value_or(0))
      attrs.push_back(i64Attr(n, mask, bits));
  return n.setResult(n.create1("tfc.strided_slice", {*input}, attrs));
}

/// Gathers constant `params` along `axis` at constant `indices` at import,
/// as gradient graphs pick dimensions out of shapes (TopKV2's gradient:
/// `GatherV2(Shape, -1)`); nothing when an index is out of range, which
/// the op then reports.
static std::optional<DenseElementsAttr>
gatherConstants(DenseElementsAttr params, DenseElementsAttr indices,
                int64_t axis) {
  ArrayRef<int64_t> shape = params.getType().getShape();
  int64_t rank = shape.size();
  if (axis < 0)
    axis += rank;
  if (axis < 0 || axis >= rank || !indices.getElementType().isInteger())
    return std::nullopt;
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < axis; ++d)
    outer *= shape[d];
  for (int64_t d = axis + 1; d < rank; ++d)
    inner *= shape[d];
  SmallVector<int64_t> picks;
  for (const APInt &index : indices.getValues<APInt>()) {
    int64_t i = index.getSExtValue();
    if (i < 0 || i >= shape[axis])
      return std::nullopt;
    picks.push_back(i);
  }
  SmallVector<Attribute> all(params.getValues<Attribute>());
  SmallVector<Attribute> values;
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t i : picks)
      for (int64_t k = 0; k < inner; ++k)
        values.push_back(all[(o * shape[axis] + i) * inner + k]);
  SmallVector<int64_t> dims(shape.take_front(axis));
  llvm::append_range(dims, indices.getType().getShape());
  llvm::append_range(dims, shape.drop_front(axis + 1));
  return DenseElementsAttr::get(
      RankedTensorType::get(dims, params.getElementType()), values);
}

/// Gather (axis 0) and GatherV2 (a constant axis; batch_dims 0 only).
static LogicalResult importGather(NodeImporter &n, bool hasAxis) {
  FailureOr<Value> params = n.input(0), indices = n.input(1);
  if (failed(params) || failed(indices))
    return failure();
  int64_t axis = 0;
  if (hasAxis) {
    FailureOr<int64_t> value = n.constantIntInput(2, "the axis");
    if (failed(value))
      return failure();
    axis = *value;
    if (int64_t batchDims = n.intAttr("batch_dims").value_or(0))
      return n.error("batch_dims = " + Twine(batchDims) +
                     " is not supported (only 0)");
  }
  std::optional<DenseElementsAttr> constParams = n.constantInput(0),
                                   constIndices = n.constantInput(1);
  if (constParams && constIndices)
    if (std::optional<DenseElementsAttr> gathered =
            gatherConstants(*constParams, *constIndices, axis)) {
      n.setOutputs(n.constant(*gathered));
      return success();
    }
  return n.setResult(
      n.create1("tfc.gather", {*params, *indices}, {i64Attr(n, "axis", axis)}));
}

static LogicalResult importOneHot(NodeImporter &n) {
  FailureOr<Value> indices = n.input(0);
  FailureOr<int64_t> depth = n.constantIntInput(1, "the depth");
  FailureOr<Value> on = n.input(2), off = n.input(3);
  if (failed(indices) || failed(depth) || failed(on) || failed(off))
    return failure();
  if (*depth < 0)
    return n.error("depth must be non-negative, got: " + Twine(*depth));
  return n.setResult(
      n.create1("tfc.one_hot", {*indices, *on, *off},
                {i64Attr(n, "depth", *depth),
                 i64Attr(n, "axis", n.intAttr("axis").value_or(-1))}));
}

/// UnsortedSegmentSum: a constant num_segments is an attribute, so the
/// result's first dimension is static; one computed in the graph (the
/// count of a Unique, as in the sparse updates of optimizers) is an operand
/// and the first dimension is known at run time.
static LogicalResult importUnsortedSegmentSum(NodeImporter &n) {
  FailureOr<Value> data = n.input(0), ids = n.input(1);
  if (failed(data) || failed(ids))
    return failure();
  if (!n.constantInput(2)) {
    FailureOr<Value> segments = n.input(2);
    if (failed(segments))
      return failure();
    auto type = dyn_cast<RankedTensorType>(segments->getType());
    if (!type || type.getRank() != 0)
      return n.error("num_segments should be a scalar, not " +
                     formatShape(segments->getType()));
    return n.setResult(
        n.create1("tfc.unsorted_segment_sum", {*data, *ids, *segments}));
  }
  FailureOr<int64_t> segments = n.constantIntInput(2, "num_segments");
  if (failed(segments))
    return failure();
  if (*segments < 0)
    return n.error("num_segments must be non-negative, got: " +
                   Twine(*segments));
  return n.setResult(n.create1("tfc.unsorted_segment_sum", {*data, *ids},
                               {i64Attr(n, "num_segments", *segments)}));
}

/// Unique: the distinct elements, in the order they first occur, and each
/// element's position among them; the first output's length is known at
/// run time.
static LogicalResult importUnique(NodeImporter &n) {
  FailureOr<Value> input = n.input(0);
  if (failed(input))
    return failure();
  SmallVector<NamedAttribute> attrs;
  const tensorflow::AttrValue *outIdx = n.attr("out_idx");
  if (outIdx && outIdx->type() == tensorflow::DT_INT64)
    attrs.push_back(
        n.namedAttr("out_idx", TypeAttr::get(n.builder.getI64Type())));
  FailureOr<SmallVector<Value>> outputs =
      n.create("tfc.unique", {*input}, attrs);
  if (failed(outputs))
    return failure();
  n.setOutputs(*outputs);
  return success();
}

static LogicalResult importUnpack(NodeImporter &n) {
  FailureOr<Value> input = n.input(0);
  if (failed(input))
    return failure();
  SmallVector<NamedAttribute> attrs{
      i64Attr(n, "axis", n.intAttr("axis").value_or(0))};
  if (std::optional<int64_t> num = n.intAttr("num"))
    attrs.push_back(i64Attr(n, "num", *num));
  FailureOr<SmallVector<Value>> outputs =
      n.create("tfc.unstack", {*input}, attrs);
  if (failed(outputs))
    return failure();
  n.setOutputs(*outputs);
  return success();
}

/// Split (the axis first, `num_split` equal parts) and SplitV (the sizes,
/// one of them possibly -1, then the axis).
static LogicalResult importSplit(NodeImporter &n, bool sized) {
  unsigned valueInput = sized ? 0 : 1, axisInput = sized ? 2 : 0;
  FailureOr<Value> input = n.input(valueInput);
  FailureOr<int64_t> axis = n.constantIntInput(axisInput, "the split axis");
  if (failed(input) || failed(axis))
    return failure();
  SmallVector<NamedAttribute> attrs{i64Attr(n, "axis", *axis)};
  if (sized) {
    FailureOr<SmallVector<int64_t>> sizes =
        n.constantIntsInput(1, "size_splits");
    if (failed(sizes))
      return failure();
    attrs.push_back(i64ArrayAttr(n, "sizes", *sizes));
  } else {
    std::optional<int64_t> num = n.intAttr("num_split");
    if (!num)
      return n.error("needs the attribute 'num_split'");
    attrs.push_back(i64Attr(n, "num", *num));
  }
  FailureOr<SmallVector<Value>> outputs =
      n.create("tfc.split", {*input}, attrs);
  if (failed(outputs))
    return failure();
  n.setOutputs(*outputs);
  return success();
}

/// The `[rank, 2]` paddings input of the Pad ops, flattened to
/// `[before0, after0, before1, ...]`.
static FailureOr<SmallVector<int64_t>> paddingsInput(NodeImporter &n) {
  std::optional<DenseElementsAttr> paddings = n.constantInput(1);
  if (!paddings || !paddings->getElementType().isInteger() ||
      paddings->getType().getRank() != 2 ||
      paddings->getType().getDimSize(1) != 2) {
    n.emitError() << "the paddings (input #1) must be a constant integer "
                     "matrix [rank, 2]: tfc needs them when it compiles the "
                     "graph";
    return failure();
  }
  SmallVector<int64_t> values;
  for (const APInt &v : paddings->getValues<APInt>())
    values.push_back(v.getSExtValue());
  return values;
}

/// Pad (zeros) and PadV2 (a scalar `constant_values`).
static LogicalResult importPad(NodeImporter &n, bool hasValue) {
  FailureOr<Value> input = n.input(0);
  FailureOr<SmallVector<int64_t>> paddings = paddingsInput(n);
  if (failed(input) || failed(paddings))
    return failure();
  SmallVector<Value> operands{*input};
  if (hasValue) {
    FailureOr<Value> value = n.input(2);
    if (failed(value))
      return failure();
    operands.push_back(*value);
  }
  return n.setResult(
      n.create1("tfc.pad", operands, {i64ArrayAttr(n, "paddings", *paddings)}));
}

/// MirrorPad: along each padded dimension, a gather of the input with the
/// constant indices of the mirrored positions. REFLECT mirrors around the
/// edge element (`[2, 1, | 0, 1, 2, | 1, 0]`), SYMMETRIC includes it
/// (`[1, 0, | 0, 1, 2, | 2, 1]`); the padded dimensions must be static.
static LogicalResult importMirrorPad(NodeImporter &n) {
  FailureOr<Value> input = n.input(0);
  FailureOr<SmallVector<int64_t>> paddings = paddingsInput(n);
  if (failed(input) || failed(paddings))
    return failure();
  std::optional<std::string> mode = n.stringAttr("mode");
  if (!mode || (*mode != "REFLECT" && *mode != "SYMMETRIC"))
    return n.error("mode must be 'REFLECT' or 'SYMMETRIC'");
  bool reflect = *mode == "REFLECT";
  auto type = dyn_cast<RankedTensorType>(input->getType());
  if (!type || type.getRank() * 2 != static_cast<int64_t>(paddings->size()))
    return n.error("the paddings must have one row per dimension of a "
                   "ranked input");
  Value result = *input;
  for (int64_t dim = 0, rank = type.getRank(); dim < rank; ++dim) {
    int64_t before = (*paddings)[2 * dim], after = (*paddings)[2 * dim + 1];
    if (before == 0 && after == 0)
      continue;
    int64_t size = type.getDimSize(dim);
    if (ShapedType::isDynamic(size))
      return n.error("dimension " + Twine(dim) +
                     " is padded, so its size must be known");
    int64_t limit = reflect ? size - 1 : size;
    if (before < 0 || after < 0 || before > limit || after > limit)
      return n.error("paddings must be no greater than the dimension size "
                     "(less for REFLECT): " +
                     Twine(before) + ", " + Twine(after) + " vs. " +
                     Twine(size) + " in dimension " + Twine(dim));
    SmallVector<int32_t> indices;
    int64_t skip = reflect ? 1 : 0;
    for (int64_t i = before; i > 0; --i)
      indices.push_back(i - 1 + skip);
    for (int64_t i = 0; i < size; ++i)
      indices.push_back(i);
    for (int64_t i = 0; i < after; ++i)
      indices.push_back(size - 1 - skip - i);
    auto indexType = RankedTensorType::get(
        {static_cast<int64_t>(indices.size())}, n.builder.getI32Type());
    Value indexConstant =
        n.constant(DenseElementsAttr::get(indexType, ArrayRef(indices)));
    FailureOr<Value> gathered = n.create1("tfc.gather", {result, indexConstant},
                                          {i64Attr(n, "axis", dim)});
    if (failed(gathered))
      return failure();
    result = *gathered;
  }
  n.setOutputs(result);
  return success();
}

/// The `output_type` attribute of ArgMax and ArgMin: int64 unless int32.
static SmallVector<NamedAttribute> argOutputType(NodeImporter &n) {
  const tensorflow::AttrValue *type = n.attr("output_type");
  if (type && type->type() == tensorflow::DT_INT32)
    return {n.namedAttr("output_type", TypeAttr::get(n.builder.getI32Type()))};
  return {};
}

/// ArgMax, and ArgMin as the ArgMax of an order-reversing map that is exact
/// and keeps ties: `-x` for floats, `-1 - x` (which cannot overflow) for
/// integers.
static LogicalResult importArgMax(NodeImporter &n, bool min) {
  FailureOr<Value> input = n.input(0);
  FailureOr<int64_t> axis = n.constantIntInput(1, "the dimension");
  if (failed(input) || failed(axis))
    return failure();
  Value values = *input;
  if (min) {
    Type element = cast<TensorType>(values.getType()).getElementType();
    FailureOr<Value> reversed =
        isa<FloatType>(element)
            ? n.create1("tfc.neg", {values})
            : n.create1("tfc.sub", {n.scalar(element, -1), values});
    if (failed(reversed))
      return failure();
    values = *reversed;
  }
  SmallVector<NamedAttribute> attrs = argOutputType(n);
  attrs.push_back(i64Attr(n, "axis", *axis));
  return n.setResult(n.create1("tfc.argmax", {values}, attrs));
}

/// TopKV2 (k a constant input) and TopK (k an attribute).
static LogicalResult importTopK(NodeImporter &n, bool kInput) {
  FailureOr<Value> input = n.input(0);
  if (failed(input))
    return failure();
  int64_t k;
  if (kInput) {
    FailureOr<int64_t> value = n.constantIntInput(1, "k");
    if (failed(value))
      return failure();
    k = *value;
  } else {
    std::optional<int64_t> value = n.intAttr("k");
    if (!value)
      return n.error("needs the attribute 'k'");
    k = *value;
  }
  FailureOr<SmallVector<Value>> outputs = n.create(
      "tfc.top_k", {*input},
      {i64Attr(n, "k", k),
       n.namedAttr("sorted",
                   n.builder.getBoolAttr(n.boolAttr("sorted", true)))});
  if (failed(outputs))
    return failure();
  n.setOutputs(*outputs);
  return success();
}

/// ShapeN: one `tfc.shape` per input.
static LogicalResult importShapeN(NodeImporter &n) {
  SmallVector<NamedAttribute> attrs;
  const tensorflow::AttrValue *type = n.attr("out_type");
  if (type && type->type() == tensorflow::DT_INT64)
    attrs.push_back(
        n.namedAttr("out_type", TypeAttr::get(n.builder.getI64Type())));
  SmallVector<Value> shapes;
  for (unsigned i = 0, e = n.getNumInputs(); i < e; ++i) {
    FailureOr<Value> input = n.input(i);
    if (failed(input))
      return failure();
    FailureOr<Value> shape = n.create1("tfc.shape", {*input}, attrs);
    if (failed(shape))
      return failure();
    shapes.push_back(*shape);
  }
  n.setOutputs(shapes);
  return success();
}

/// BroadcastTo: `tfc.broadcast_like` a filled tensor of the target shape,
/// which only lends its shape (a splat constant when the shape is).
static LogicalResult importBroadcastTo(NodeImporter &n) {
  FailureOr<Value> input = n.input(0);
  if (failed(input))
    return failure();
  Type element = cast<TensorType>(input->getType()).getElementType();
  Value zero = n.scalar(element, 0);
  FailureOr<Value> like;
  if (std::optional<DenseElementsAttr> shape = n.constantInput(1)) {
    FailureOr<SmallVector<int64_t>> dims = n.constantIntsInput(1, "the shape");
    if (failed(dims))
      return failure();
    like = n.create1("tfc.fill", {zero}, {i64ArrayAttr(n, "shape", *dims)});
  } else {
    FailureOr<Value> dims = n.input(1);
    if (failed(dims))
      return failure();
    like = n.create1("tfc.fill", {zero, *dims});
  }
  if (failed(like))
    return failure();
  return n.setResult(n.create1("tfc.broadcast_like", {*input, *like}));
}

void mlir::tfc::graphdef::registerSliceOpImporters(OpRegistry &registry) {
  registry.add("Slice", importSlice, "tfc.slice");
  registry.add("StridedSlice", importStridedSlice, "tfc.strided_slice");
  registry.add(
      "Gather", [](NodeImporter &n) { return importGather(n, false); },
      "tfc.gather");
  registry.add(
      "GatherV2", [](NodeImporter &n) { return importGather(n, true); },
      "tfc.gather");
  registry.add("OneHot", importOneHot, "tfc.one_hot");
  registry.add("Unique", importUnique, "tfc.unique");
  registry.add("UnsortedSegmentSum", importUnsortedSegmentSum,
               "tfc.unsorted_segment_sum");
  registry.add("Unpack", importUnpack, "tfc.unstack");
  registry.add(
      "Split", [](NodeImporter &n) { return importSplit(n, false); },
      "tfc.split");
  registry.add(
      "SplitV", [](NodeImporter &n) { return importSplit(n, true); },
      "tfc.split");
  registry.add(
      "Pad", [](NodeImporter &n) { return importPad(n, false); }, "tfc.pad");
  registry.add(
      "PadV2", [](NodeImporter &n) { return importPad(n, true); }, "tfc.pad");
  registry.add("MirrorPad", importMirrorPad, "tfc.gather");
  registry.add(
      "ArgMax", [](NodeImporter &n) { return importArgMax(n, false); },
      "tfc.argmax");
  registry.add(
      "ArgMin", [](NodeImporter &n) { return importArgMax(n, true); },
      "tfc.argmax, tfc.neg or tfc.sub");
  registry.add(
      "TopKV2", [](NodeImporter &n) { return importTopK(n, true); },
      "tfc.top_k");
  registry.add(
      "TopK", [](NodeImporter &n) { return importTopK(n, false); },
      "tfc.top_k");
  registry.add("ShapeN", importShapeN, "tfc.shape");
  registry.add("BroadcastTo", importBroadcastTo,
               "tfc.broadcast_like, tfc.fill");
}
