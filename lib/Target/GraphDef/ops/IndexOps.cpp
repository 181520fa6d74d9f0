//===- IndexOps.cpp - GatherNd, ScatterNd and ReverseSequence -------------===//
//
// TensorFlow's ops that address elements by tuples of indices, written
// with tfc's gather and unsorted_segment_sum: an index tuple becomes the
// row-major position of the element (or slice) in the tensor flattened over
// the dimensions the tuple addresses. A tuple outside those dimensions
// fails the run, as on TensorFlow's CPU (its position alone could still
// land inside the flattened tensor), by a `tfc.assert` the results wait
// for.
//
//===----------------------------------------------------------------------===//

#include "Formula.h"

#include "tfc/Dialect/TFC/IR/TFCShapes.h"

#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::tfc;
using namespace mlir::tfc::graphdef;

/// A 1-D constant of integer type `element`.
static Value intVector(NodeImporter &n, Type element,
                       ArrayRef<int64_t> values) {
  unsigned width = element.getIntOrFloatBitWidth();
  SmallVector<APInt> bits;
  for (int64_t v : values)
    bits.push_back(APInt(width, v, /*isSigned=*/true));
  auto type =
      RankedTensorType::get({static_cast<int64_t>(values.size())}, element);
  return n.constant(DenseElementsAttr::get(type, bits));
}

/// The index tuples of `indices` (its last dimension) as row-major
/// positions in a tensor whose leading dimensions are `dims`, and whether
/// every tuple lies inside them.
static std::pair<Value, Value> linearize(Formula &f, Value indices,
                                         ArrayRef<int64_t> dims) {
  NodeImporter &n = f.n;
  auto type = cast<RankedTensorType>(indices.getType());
  Type element = type.getElementType();
  SmallVector<int64_t> strides(dims.size(), 1);
  for (int64_t i = static_cast<int64_t>(dims.size()) - 2; i >= 0; --i)
    strides[i] = strides[i + 1] * dims[i + 1];
  Value positions =
      f.op("reduce_sum", {f.mul(indices, intVector(n, element, strides))},
           {n.namedAttr("axes",
                        n.builder.getDenseI64ArrayAttr({type.getRank() - 1}))});
  Value inside =
      f.op("reduce_all",
           {f.op("logical_and",
                 {f.op("greater_equal", {indices, f.scalar(indices, 0)}),
                  f.op("less", {indices, intVector(n, element, dims)})})});
  return {positions, inside};
}

/// `result`, once a `tfc.assert` of `holds` (failing with `message` and
/// `data`) has run.
static FailureOr<Value> afterCheck(NodeImporter &n, Value holds,
                                   ValueRange data, const Twine &message,
                                   Value result) {
  FailureOr<SmallVector<Value>> checked =
      n.afterCheck(holds, data, message, result);
  if (failed(checked))
    return failure();
  return checked->front();
}

/// The index tuples' length: the static last dimension of `indices`, at
/// most `rank`.
static FailureOr<int64_t> tupleLength(NodeImporter &n, Value indices,
                                      int64_t rank, StringRef what) {
  auto type = dyn_cast<RankedTensorType>(indices.getType());
  if (!type || type.getRank() < 1 || type.isDynamicDim(type.getRank() - 1)) {
    n.emitError() << "the indices must have a known rank of at least 1 and a "
                     "static last dimension, not "
                  << indices.getType();
    return failure();
  }
  int64_t k = type.getDimSize(type.getRank() - 1);
  if (k < 1 || k > rank) {
    n.emitError() << "index innermost dimension length must be in [1, " << rank
                  << "] (the rank of " << what << "); has " << k;
    return failure();
  }
  return k;
}

/// A shape with at most one unknown size, as a reshape's `new_shape` (-1
/// for that size); failure when two are unknown.
static FailureOr<SmallVector<int64_t>> reshapeDims(NodeImporter &n,
                                                   ArrayRef<int64_t> dims) {
  SmallVector<int64_t> shape;
  for (int64_t d : dims)
    shape.push_back(ShapedType::isDynamic(d) ? -1 : d);
  if (llvm::count(shape, -1) > 1) {
    n.emitError() << "needs at most one unknown size (-1) among "
                  << formatDims(shape);
    return failure();
  }
  return shape;
}

/// GatherNd(params, indices): `output[i...] = params[indices[i...]]`, the
/// tuple addressing the leading dimensions of params; a gather from params
/// flattened over them.
static LogicalResult importGatherNd(NodeImporter &n) {
  FailureOr<Value> params = n.input(0), indices = n.input(1);
  if (failed(params) || failed(indices))
    return failure();
  auto paramsType = dyn_cast<RankedTensorType>(params->getType());
  if (!paramsType)
    return n.error("params must have a known rank");
  FailureOr<int64_t> k =
      tupleLength(n, *indices, paramsType.getRank(), "params");
  if (failed(k))
    return failure();
  ArrayRef<int64_t> shape = paramsType.getShape();
  ArrayRef<int64_t> addressed = shape.take_front(*k);
  if (ShapedType::isDynamicShape(addressed)) {
    n.emitError() << "the dimensions the indices address must be static, "
                     "not those of "
                  << params->getType();
    return failure();
  }
  SmallVector<int64_t> flatDims = {ShapedType::getNumElements(addressed)};
  llvm::append_range(flatDims, shape.drop_front(*k));
  FailureOr<SmallVector<int64_t>> flatShape = reshapeDims(n, flatDims);
  if (failed(flatShape))
    return failure();

  Formula f(n);
  Value flat = f.op(
      "reshape", {*params},
      {n.namedAttr("new_shape", n.builder.getDenseI64ArrayAttr(*flatShape))});
  auto [positions, inside] = linearize(f, *indices, addressed);
  Value gathered = f.op("gather", {flat, positions});
  if (f.failed())
    return failure();
  return n.setResult(
      afterCheck(n, inside, *indices,
                 "GatherNd: indices do not index into param shape " +
                     formatDims(shape) + ". Indices:",
                 gathered));
}

/// ScatterNd(indices, updates, shape): zeros of `shape` (a constant) with
/// each update added at its index tuple; updates of one tuple add up, as
/// in TensorFlow.
static LogicalResult importScatterNd(NodeImporter &n) {
  FailureOr<Value> indices = n.input(0), updates = n.input(1);
  FailureOr<SmallVector<int64_t>> shape = n.constantIntsInput(2, "the shape");
  if (failed(indices) || failed(updates) || failed(shape))
    return failure();
  if (llvm::any_of(*shape, [](int64_t d) { return d < 0; }))
    return n.error("the shape must not be negative, got " + formatDims(*shape));
  auto shapeRank = static_cast<int64_t>(shape->size());
  FailureOr<int64_t> k = tupleLength(n, *indices, shapeRank, "the shape");
  if (failed(k))
    return failure();
  ArrayRef<int64_t> addressed = ArrayRef<int64_t>(*shape).take_front(*k);
  ArrayRef<int64_t> slice = ArrayRef<int64_t>(*shape).drop_front(*k);

  // updates.shape must be indices.shape[:-1] + shape[k:].
  auto indicesType = cast<RankedTensorType>(indices->getType());
  auto updatesType = dyn_cast<RankedTensorType>(updates->getType());
  SmallVector<int64_t> expected(indicesType.getShape().drop_back());
  llvm::append_range(expected, slice);
  if (!updatesType || updatesType.getRank() != (int64_t)expected.size() ||
      failed(verifyCompatibleShape(updatesType.getShape(), expected))) {
    n.emitError() << "the updates must have shape indices.shape[:-1] + "
                     "shape["
                  << *k << ":] = " << formatDims(expected) << ", not "
                  << updates->getType();
    return failure();
  }

  Formula f(n);
  auto [positions, inside] = linearize(f, *indices, addressed);
  Value sums = f.op("unsorted_segment_sum", {*updates, positions},
                    {n.namedAttr("num_segments",
                                 n.builder.getI64IntegerAttr(
                                     ShapedType::getNumElements(addressed)))});
  Value scattered =
      f.op("reshape", {sums},
           {n.namedAttr("new_shape", n.builder.getDenseI64ArrayAttr(*shape))});
  if (f.failed())
    return failure();
  return n.setResult(afterCheck(n, inside, *indices,
                                "ScatterNd: indices do not index into shape " +
                                    formatDims(*shape) + ". Indices:",
                                scattered));
}

/// ReverseSequence(input, seq_lengths): along `seq_dim`, the first
/// `seq_lengths[b]` elements of batch `b` (along `batch_dim`) reversed, the
/// others kept. The input is brought to [batch, time, ...], flattened over
/// the two, and gathered at `b * time + source(b, t)`, where source is
/// `length - 1 - t` before the length and `t` after it.
/// ReverseSequence's seq_dim and batch_dim, checked against the input and
/// its lengths as TensorFlow checks them.
static FailureOr<std::pair<int64_t, int64_t>>
getReverseSequenceDims(NodeImporter &n, RankedTensorType type,
                       RankedTensorType lengthsType) {
  int64_t rank = type.getRank();
  std::optional<int64_t> seqAttr = n.intAttr("seq_dim");
  if (!seqAttr)
    return n.error("needs the attribute seq_dim");
  int64_t seqDim = *seqAttr, batchDim = n.intAttr("batch_dim").value_or(0);
  if (seqDim < 0 || seqDim >= rank || batchDim < 0 || batchDim >= rank ||
      seqDim == batchDim)
    return n.error("seq_dim " + Twine(seqDim) + " and batch_dim " +
                   Twine(batchDim) + " must be distinct dimensions of the " +
                   Twine(rank) + "-D input");
  int64_t time = type.getDimSize(seqDim), batch = type.getDimSize(batchDim);
  if (ShapedType::isDynamic(time)) {
    n.emitError() << "needs a static size of dimension seq_dim = " << seqDim
                  << ", not " << type;
    return failure();
  }
  if (!ShapedType::isDynamic(batch) && !lengthsType.isDynamicDim(0) &&
      lengthsType.getDimSize(0) != batch)
    return n.error("Length of seq_lengths != input.dims(" + Twine(batchDim) +
                   "), (" + Twine(lengthsType.getDimSize(0)) + " vs. " +
                   Twine(batch) + ")");
  return std::make_pair(seqDim, batchDim);
}

/// b * time for each batch b, as a column: a constant, or one from a range
/// over the lengths' positions when the batch is known at run time only.
static Value getBatchOffsets(NodeImporter &n, Formula &f, Value lengths,
                             Value lengthColumn, int64_t batch, int64_t time) {
  Type lengthType = cast<RankedTensorType>(lengths.getType()).getElementType();
  NamedAttribute column = n.namedAttr("axis", n.builder.getI64IntegerAttr(1));
  if (!ShapedType::isDynamic(batch)) {
    SmallVector<int64_t> starts;
    for (int64_t b = 0; b < batch; ++b)
      starts.push_back(b * time);
    return f.op("expand_dims", {intVector(n, lengthType, starts)}, {column});
  }
  Value count = f.castTo(f.op("size", {lengths}), lengthType);
  Value rows = f.op(
      "range", {f.scalar(lengthColumn, 0), count, f.scalar(lengthColumn, 1)});
  return f.mul(f.op("expand_dims", {rows}, {column}),
               f.scalar(lengthColumn, static_cast<double>(time)));
}

static LogicalResult importReverseSequence(NodeImporter &n) {
  FailureOr<Value> input = n.input(0), lengths = n.input(1);
  if (failed(input) || failed(lengths))
    return failure();
  auto type = dyn_cast<RankedTensorType>(input->getType());
  auto lengthsType = dyn_cast<RankedTensorType>(lengths->getType());
  if (!type || !lengthsType || lengthsType.getRank() != 1)
    return n.error("needs a ranked input and a vector of lengths");
  FailureOr<std::pair<int64_t, int64_t>> dims =
      getReverseSequenceDims(n, type, lengthsType);
  if (failed(dims))
    return failure();
  int64_t rank = type.getRank();
  auto [seqDim, batchDim] = *dims;
  int64_t time = type.getDimSize(seqDim), batch = type.getDimSize(batchDim);

  // [batch, time, the others in order].
  SmallVector<int64_t> perm = {batchDim, seqDim};
  for (int64_t d = 0; d < rank; ++d)
    if (d != batchDim && d != seqDim)
      perm.push_back(d);
  bool moved = !llvm::equal(perm, llvm::seq<int64_t>(0, rank));
  SmallVector<int64_t> inverse(rank);
  for (auto [i, d] : llvm::enumerate(perm))
    inverse[d] = static_cast<int64_t>(i);
  SmallVector<int64_t> flatDims = {
      ShapedType::isDynamic(batch) ? ShapedType::kDynamic : batch * time};
  for (int64_t d : ArrayRef<int64_t>(perm).drop_front(2))
    flatDims.push_back(type.getDimSize(d));
  FailureOr<SmallVector<int64_t>> flatShape = reshapeDims(n, flatDims);
  if (failed(flatShape))
    return failure();

  Formula f(n);
  Type lengthType = lengthsType.getElementType();
  Value x = *input;
  if (moved)
    x = f.op("transpose", {x},
             {n.namedAttr("perm", n.builder.getDenseI64ArrayAttr(perm))});
  Value flat = f.op(
      "reshape", {x},
      {n.namedAttr("new_shape", n.builder.getDenseI64ArrayAttr(*flatShape))});
  NamedAttribute column = n.namedAttr("axis", n.builder.getI64IntegerAttr(1));
  Value t =
      intVector(n, lengthType, llvm::to_vector(llvm::seq<int64_t>(0, time)));
  Value length = f.op("expand_dims", {*lengths}, {column});
  Value source = f.where(f.op("less", {t, length}),
                         f.sub(f.sub(length, f.scalar(length, 1)), t), t);
  Value offsets = getBatchOffsets(n, f, *lengths, length, batch, time);
  Value gathered = f.op("gather", {flat, f.add(offsets, source)});
  if (moved)
    gathered =
        f.op("transpose", {gathered},
             {n.namedAttr("perm", n.builder.getDenseI64ArrayAttr(inverse))});
  Value valid = f.op("reduce_all",
                     {f.op("less_equal", {*lengths, f.scalar(length, time)})});
  if (f.failed())
    return failure();
  return n.setResult(
      afterCheck(n, valid, *lengths,
                 "ReverseSequence: seq_lengths must be <= input.dims(" +
                     Twine(seqDim) + ") = " + Twine(time) + ". seq_lengths:",
                 gathered));
}

void mlir::tfc::graphdef::registerIndexOpImporters(OpRegistry &registry) {
  registry.add("GatherNd", importGatherNd,
               "tfc.reshape, tfc.gather, tfc.reduce_sum, tfc.assert");
  registry.add("ScatterNd", importScatterNd,
               "tfc.unsorted_segment_sum, tfc.reshape, tfc.reduce_sum, "
               "tfc.assert");
  registry.add("ReverseSequence", importReverseSequence,
               "tfc.transpose, tfc.reshape, tfc.gather, tfc.where, "
               "tfc.range, tfc.assert");
}
