//===- TFCSliceOps.cpp - joining, slicing and indexing --------------------===//
//
// Type inference of concat, stack, unstack, slice, gather,
// unsorted_segment_sum, top_k, argmax and one_hot, with TensorFlow's error
// messages. strided_slice has its own file.
//
//===----------------------------------------------------------------------===//

#include "tfc/Dialect/TFC/IR/TFCOps.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::tfc;

/// Checks that all `types` have one dtype; `tfName` names TensorFlow's op.
static LogicalResult checkSameDtype(std::optional<Location> loc,
                                    StringRef tfName, TypeRange types) {
  Type dtype = cast<TensorType>(types.front()).getElementType();
  if (llvm::all_of(types, [&](Type type) {
        return cast<TensorType>(type).getElementType() == dtype;
      }))
    return success();
  std::string names;
  llvm::raw_string_ostream os(names);
  llvm::interleaveComma(types, os, [&](Type type) {
    os << dtypeName(cast<TensorType>(type).getElementType());
  });
  return emitOptionalError(loc, "Tensors in list passed to 'values' of '",
                           tfName, "' Op have types [", names,
                           "] that don't all match.");
}

/// Normalizes `axis` into [0, rank) or fails; the caller reports.
static std::optional<int64_t> normalizeAxis(int64_t axis, int64_t rank) {
  if (axis < -rank || axis >= rank)
    return std::nullopt;
  return axis < 0 ? axis + rank : axis;
}

//===----------------------------------------------------------------------===//
// ConcatOp and StackOp
//===----------------------------------------------------------------------===//

/// The shape of the concatenation of `types` along `axis`, checked as
/// TensorFlow checks it: the ranked inputs have the rank of input `first`
/// and agree on every other dimension; the axis sums their sizes (unknown
/// when any input is unranked).
static FailureOr<SmallVector<int64_t>>
getConcatShape(std::optional<Location> location, TypeRange types, size_t first,
               int64_t axis) {
  auto reference = cast<RankedTensorType>(types[first]);
  int64_t rank = reference.getRank();
  SmallVector<int64_t> shape(reference.getShape());
  shape[axis] = 0;
  SmallVector<size_t> owner(rank, first);
  bool allRanked = true;
  for (auto [index, type] : llvm::enumerate(types)) {
    auto ranked = dyn_cast<RankedTensorType>(type);
    if (!ranked) {
      allRanked = false;
      continue;
    }
    if (ranked.getRank() != rank)
      return emitOptionalError(location,
                               "ConcatOp : Ranks of all input tensors should "
                               "match: shape[",
                               first, "] = ", formatShape(reference),
                               " vs. shape[", index,
                               "] = ", formatShape(ranked));
    for (int64_t dim = 0; dim < rank; ++dim) {
      int64_t size = ranked.getDimSize(dim);
      if (dim == axis) {
        // An unknown or absurdly large sum is unknown.
        if (ShapedType::isDynamic(shape[dim]) || ShapedType::isDynamic(size) ||
            llvm::AddOverflow(shape[dim], size, shape[dim]))
          shape[dim] = ShapedType::kDynamic;
        continue;
      }
      if (ShapedType::isDynamic(size))
        continue;
      if (ShapedType::isDynamic(shape[dim])) {
        shape[dim] = size;
        owner[dim] = index;
      } else if (shape[dim] != size) {
        return emitOptionalError(
            location, "ConcatOp : Dimensions of inputs should match: shape[",
            owner[dim], "] = ", formatShape(types[owner[dim]]), " vs. shape[",
            index, "] = ", formatShape(ranked));
      }
    }
  }
  if (!allRanked)
    shape[axis] = ShapedType::kDynamic;
  return shape;
}

LogicalResult ConcatOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> location,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &inferred) {
  TypeRange types = adaptor.getInputs().getTypes();
  if (types.empty())
    return emitOptionalError(location, "ConcatOp : Expected a number of "
                                       "input tensors >= 1");
  if (failed(checkSameDtype(location, "ConcatV2", types)))
    return failure();
  Type dtype = cast<TensorType>(types.front()).getElementType();

  // The first ranked input fixes the rank; the others must agree with it.
  std::optional<size_t> first;
  for (auto [index, type] : llvm::enumerate(types))
    if (cast<TensorType>(type).hasRank()) {
      first = index;
      break;
    }
  if (!first) {
    inferred.push_back(UnrankedTensorType::get(dtype));
    return success();
  }
  auto reference = cast<RankedTensorType>(types[*first]);
  int64_t rank = reference.getRank();
  if (rank == 0)
    return emitOptionalError(location,
                             "Can't concatenate scalars (use tf.stack "
                             "instead)");
  std::optional<int64_t> axis =
      normalizeAxis(static_cast<int64_t>(adaptor.getAxis()), rank);
  if (!axis)
    return emitOptionalError(location,
                             "ConcatOp : Expected concatenating dimensions in "
                             "the range [",
                             -rank, ", ", rank, "), but got ",
                             static_cast<int64_t>(adaptor.getAxis()));

  FailureOr<SmallVector<int64_t>> shape =
      getConcatShape(location, types, *first, *axis);
  if (failed(shape))
    return failure();
  inferred.push_back(RankedTensorType::get(*shape, dtype));
  return success();
}

LogicalResult StackOp::inferReturnTypes(MLIRContext *,
                                        std::optional<Location> location,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &inferred) {
  TypeRange types = adaptor.getInputs().getTypes();
  if (types.empty())
    return emitOptionalError(location, "Pack: needs at least one input");
  if (failed(checkSameDtype(location, "Pack", types)))
    return failure();
  Type dtype = cast<TensorType>(types.front()).getElementType();

  // All inputs have one shape: join what each one knows.
  std::optional<size_t> first;
  SmallVector<int64_t> shape;
  for (size_t index = 0; index < types.size(); ++index) {
    auto ranked = dyn_cast<RankedTensorType>(types[index]);
    if (!ranked)
      continue;
    if (!first) {
      first = index;
      shape.assign(ranked.getShape().begin(), ranked.getShape().end());
      continue;
    }
    auto mismatch = [&] {
      return emitOptionalError(
          location, "Shapes of all inputs must match: values[", *first,
          "].shape = ", formatShape(types[*first]), " != values[", index,
          "].shape = ", formatShape(ranked));
    };
    if (ranked.getRank() != static_cast<int64_t>(shape.size()))
      return mismatch();
    for (auto [dim, size] : llvm::enumerate(ranked.getShape())) {
      if (ShapedType::isDynamic(size))
        continue;
      if (ShapedType::isDynamic(shape[dim]))
        shape[dim] = size;
      else if (shape[dim] != size)
        return mismatch();
    }
  }
  if (!first) {
    inferred.push_back(UnrankedTensorType::get(dtype));
    return success();
  }
  auto rank = static_cast<int64_t>(shape.size()) + 1;
  auto axis = getIntOr(adaptor.getAxisAttr(), 0);
  std::optional<int64_t> normalized = normalizeAxis(axis, rank);
  if (!normalized)
    return emitOptionalError(location, "axis = ", axis, " not in [", -rank,
                             ", ", rank, ")");
  shape.insert(shape.begin() + *normalized, static_cast<int64_t>(types.size()));
  inferred.push_back(RankedTensorType::get(shape, dtype));
  return success();
}

//===----------------------------------------------------------------------===//
// UnstackOp
//===----------------------------------------------------------------------===//

LogicalResult UnstackOp::inferReturnTypes(MLIRContext *,
                                          std::optional<Location> location,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &inferred) {
  auto input = cast<TensorType>(adaptor.getInput().getType());
  std::optional<int64_t> num;
  if (std::optional<uint64_t> n = adaptor.getNum())
    num = static_cast<int64_t>(*n);
  if (num && *num < 0)
    return emitOptionalError(location, "num must be non-negative, got ", *num);
  auto ranked = dyn_cast<RankedTensorType>(input);
  if (!ranked) {
    if (!num)
      return emitOptionalError(location, "Cannot infer argument `num` from "
                                         "shape <unknown>");
    inferred.append(*num, input);
    return success();
  }
  int64_t rank = ranked.getRank();
  auto axis = getIntOr(adaptor.getAxisAttr(), 0);
  std::optional<int64_t> normalized = normalizeAxis(axis, rank);
  if (!normalized)
    return emitOptionalError(location, "axis = ", axis, " not in [", -rank,
                             ", ", rank, ")");
  int64_t size = ranked.getDimSize(*normalized);
  if (ShapedType::isDynamic(size) && !num)
    return emitOptionalError(location,
                             "Cannot infer argument `num` from shape ",
                             formatShape(ranked));
  if (!ShapedType::isDynamic(size) && num && *num != size)
    return emitOptionalError(location, "num = ", *num,
                             " does not match dimension ", *normalized,
                             " of shape ", formatShape(ranked));
  SmallVector<int64_t> shape(ranked.getShape());
  shape.erase(shape.begin() + *normalized);
  inferred.append(ShapedType::isDynamic(size) ? *num : size,
                  RankedTensorType::get(shape, ranked.getElementType()));
  return success();
}

//===----------------------------------------------------------------------===//
// SplitOp
//===----------------------------------------------------------------------===//

int64_t SplitOp::getNormalizedAxis() {
  int64_t rank = cast<RankedTensorType>(getInput().getType()).getRank();
  return *normalizeAxis(getAxis(), rank);
}

LogicalResult SplitOp::inferReturnTypes(MLIRContext *,
                                        std::optional<Location> location,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &inferred) {
  auto input = cast<TensorType>(adaptor.getInput().getType());
  std::optional<ArrayRef<int64_t>> sizes = adaptor.getSizes();
  std::optional<int64_t> num;
  if (adaptor.getNumAttr())
    num = static_cast<int64_t>(*adaptor.getNum());
  if (num.has_value() == sizes.has_value())
    return emitOptionalError(location, "split needs either `num` or `sizes`");
  if (num && *num <= 0)
    return emitOptionalError(
        location, "Number of ways to split should be > 0, but got ", *num);
  auto ranked = dyn_cast<RankedTensorType>(input);
  if (!ranked) {
    inferred.append(num ? *num : sizes->size(), input);
    return success();
  }
  int64_t rank = ranked.getRank();
  int64_t axis = adaptor.getAxis();
  std::optional<int64_t> normalized = normalizeAxis(axis, rank);
  if (!normalized)
    return emitOptionalError(location, "-input rank(-", rank,
                             ") <= split_dim < input rank (", rank,
                             "), but got ", axis);
  int64_t size = ranked.getDimSize(*normalized);
  SmallVector<int64_t> partSizes;
  if (num) {
    if (!ShapedType::isDynamic(size) && size % *num != 0)
      return emitOptionalError(
          location,
          "Number of ways to split should evenly divide the split dimension, "
          "but got split_dim ",
          *normalized, " (size = ", size, ") and num_split ", *num);
    partSizes.assign(*num, ShapedType::isDynamic(size) ? ShapedType::kDynamic
                                                       : size / *num);
  } else {
    // TensorFlow's SplitV: one size may be -1, the others add up to at most
    // the dimension.
    int64_t known = 0, rest = -1;
    for (auto [index, part] : llvm::enumerate(*sizes)) {
      if (part == -1) {
        if (rest != -1)
          return emitOptionalError(location,
                                   "Only one dimensions can have a value of "
                                   "-1. Second one found at dimension ",
                                   index);
        rest = index;
        continue;
      }
      if (part < 0)
        return emitOptionalError(location, "Split size at index ", index,
                                 " must be >= 0. Got: ", part);
      known += part;
    }
    if (!ShapedType::isDynamic(size) &&
        (known > size || (rest == -1 && known != size)))
      return emitOptionalError(
          location,
          "Determined shape must either match input shape along split_dim "
          "exactly if fully specified, or be less than the size of the input "
          "along split_dim if not fully specified.  Got: ",
          known);
    for (auto [index, part] : llvm::enumerate(*sizes)) {
      if (static_cast<int64_t>(index) != rest)
        partSizes.push_back(part);
      else
        partSizes.push_back(ShapedType::isDynamic(size) ? ShapedType::kDynamic
                                                        : size - known);
    }
  }
  for (int64_t part : partSizes) {
    SmallVector<int64_t> shape(ranked.getShape());
    shape[*normalized] = part;
    inferred.push_back(RankedTensorType::get(shape, ranked.getElementType()));
  }
  return success();
}

//===----------------------------------------------------------------------===//
// SliceOp
//===----------------------------------------------------------------------===//

LogicalResult SliceOp::inferReturnTypes(MLIRContext *,
                                        std::optional<Location> location,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &inferred) {
  auto input = cast<TensorType>(adaptor.getInput().getType());
  ArrayRef<int64_t> begin = adaptor.getBegin(), size = adaptor.getSize();
  auto ranked = dyn_cast<RankedTensorType>(input);
  auto rank = static_cast<int64_t>(ranked ? ranked.getRank() : begin.size());
  if (static_cast<int64_t>(begin.size()) != rank ||
      static_cast<int64_t>(size.size()) != rank)
    return emitOptionalError(
        location,
        "Expected begin and size arguments to be 1-D tensors of "
        "size ",
        rank, ", but got shapes [", begin.size(), "] and [", size.size(),
        "] instead.");

  SmallVector<int64_t> shape;
  for (int64_t i = 0; i < rank; ++i) {
    int64_t dim = ranked ? ranked.getDimSize(i) : ShapedType::kDynamic;
    bool known = !ShapedType::isDynamic(dim);
    if (begin[i] < 0 || (known && begin[i] > dim))
      return emitOptionalError(location, "Expected begin[", i, "] in [0, ",
                               known ? std::to_string(dim) : "?", "], but got ",
                               begin[i]);
    if (size[i] < -1 || (known && size[i] > dim - begin[i]))
      return emitOptionalError(location, "Expected size[", i, "] in [0, ",
                               known ? std::to_string(dim - begin[i]) : "?",
                               "], but got ", size[i]);
    if (size[i] != -1)
      shape.push_back(size[i]);
    else
      shape.push_back(known ? dim - begin[i] : ShapedType::kDynamic);
  }
  inferred.push_back(RankedTensorType::get(shape, input.getElementType()));
  return success();
}

//===----------------------------------------------------------------------===//
// GatherOp
//===----------------------------------------------------------------------===//

LogicalResult GatherOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> location,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &inferred) {
  auto params = cast<TensorType>(adaptor.getParams().getType());
  auto indices = cast<TensorType>(adaptor.getIndices().getType());
  auto ranked = dyn_cast<RankedTensorType>(params);
  if (!ranked) {
    inferred.push_back(UnrankedTensorType::get(params.getElementType()));
    return success();
  }
  int64_t rank = ranked.getRank();
  if (rank == 0)
    return emitOptionalError(location, "params must be at least 1 "
                                       "dimensional");
  auto axis = getIntOr(adaptor.getAxisAttr(), 0);
  std::optional<int64_t> normalized = normalizeAxis(axis, rank);
  if (!normalized)
    return emitOptionalError(location, "Expected axis in the range [", -rank,
                             ", ", rank, "), but got ", axis);
  if (!indices.hasRank()) {
    inferred.push_back(UnrankedTensorType::get(params.getElementType()));
    return success();
  }
  SmallVector<int64_t> shape(ranked.getShape().take_front(*normalized));
  llvm::append_range(shape, indices.getShape());
  llvm::append_range(shape, ranked.getShape().drop_front(*normalized + 1));
  inferred.push_back(RankedTensorType::get(shape, params.getElementType()));
  return success();
}

//===----------------------------------------------------------------------===//
// UnsortedSegmentSumOp
//===----------------------------------------------------------------------===//

LogicalResult UnsortedSegmentSumOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  auto data = cast<TensorType>(adaptor.getData().getType());
  auto ids = cast<TensorType>(adaptor.getSegmentIds().getType());
  std::optional<uint64_t> given = adaptor.getNumSegments();
  if (given.has_value() == static_cast<bool>(adaptor.getDynamicNumSegments()))
    return emitOptionalError(location, "num_segments must be given once: as an "
                                       "attribute or as an operand");
  int64_t numSegments =
      given ? static_cast<int64_t>(*given) : ShapedType::kDynamic;
  if (given && numSegments < 0)
    return emitOptionalError(location, "Input num_segments == ", numSegments,
                             " must not be negative.");
  if (!data.hasRank() || !ids.hasRank()) {
    inferred.push_back(UnrankedTensorType::get(data.getElementType()));
    return success();
  }
  // The ids' shape must be a prefix of the data's; unknown sizes agree with
  // anything.
  ArrayRef<int64_t> dataShape = data.getShape();
  bool prefix = ids.getRank() <= data.getRank() &&
                llvm::all_of(llvm::zip(ids.getShape(), dataShape), [](auto p) {
                  auto [id, dim] = p;
                  return ShapedType::isDynamic(id) ||
                         ShapedType::isDynamic(dim) || id == dim;
                });
  if (!prefix)
    return emitOptionalError(
        location, "data.shape = ", formatShape(data),
        " does not start with segment_ids.shape = ", formatShape(ids));
  SmallVector<int64_t> shape = {numSegments};
  llvm::append_range(shape, dataShape.drop_front(ids.getRank()));
  inferred.push_back(RankedTensorType::get(shape, data.getElementType()));
  return success();
}

//===----------------------------------------------------------------------===//
// UniqueOp
//===----------------------------------------------------------------------===//

LogicalResult UniqueOp::inferReturnTypes(MLIRContext *context,
                                         std::optional<Location> location,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &inferred) {
  auto input = cast<TensorType>(adaptor.getInput().getType());
  std::optional<Type> outIdx = adaptor.getOutIdx();
  Type idxType = outIdx ? *outIdx : IntegerType::get(context, 32);
  if (input.hasRank() && input.getRank() != 1)
    return emitOptionalError(location, "unique expects a 1D vector, got ",
                             formatShape(input));
  // The number of distinct elements is known when the run is.
  inferred.push_back(
      RankedTensorType::get({ShapedType::kDynamic}, input.getElementType()));
  inferred.push_back(RankedTensorType::get(
      {input.hasRank() ? input.getDimSize(0) : ShapedType::kDynamic}, idxType));
  return success();
}

//===----------------------------------------------------------------------===//
// TopKOp and ArgMaxOp
//===----------------------------------------------------------------------===//

LogicalResult TopKOp::inferReturnTypes(MLIRContext *context,
                                       std::optional<Location> location,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &inferred) {
  auto input = cast<TensorType>(adaptor.getInput().getType());
  auto k = static_cast<int64_t>(adaptor.getK());
  if (k < 0)
    return emitOptionalError(location, "Need k >= 0, got ", k);
  Type i32 = IntegerType::get(context, 32);
  auto ranked = dyn_cast<RankedTensorType>(input);
  if (!ranked) {
    inferred.push_back(input);
    inferred.push_back(UnrankedTensorType::get(i32));
    return success();
  }
  if (ranked.getRank() == 0)
    return emitOptionalError(location, "input must be >= 1-D, got shape []");
  int64_t columns = ranked.getShape().back();
  if (!ShapedType::isDynamic(columns) && columns < k)
    return emitOptionalError(location,
                             "input must have at least k columns. Had ",
                             columns, ", needs ", k);
  SmallVector<int64_t> shape(ranked.getShape());
  shape.back() = k;
  inferred.push_back(RankedTensorType::get(shape, ranked.getElementType()));
  inferred.push_back(RankedTensorType::get(shape, i32));
  return success();
}

LogicalResult ArgMaxOp::inferReturnTypes(MLIRContext *context,
                                         std::optional<Location> location,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &inferred) {
  auto input = cast<TensorType>(adaptor.getInput().getType());
  std::optional<Type> outType = adaptor.getOutputType();
  Type dtype = outType ? *outType : IntegerType::get(context, 64);
  auto ranked = dyn_cast<RankedTensorType>(input);
  if (!ranked) {
    inferred.push_back(UnrankedTensorType::get(dtype));
    return success();
  }
  int64_t rank = ranked.getRank();
  auto axis = getIntOr(adaptor.getAxisAttr(), 0);
  std::optional<int64_t> normalized = normalizeAxis(axis, rank);
  if (!normalized)
    return emitOptionalError(location, "Expected dimension in the range [",
                             -rank, ", ", rank, "), but got ", axis);
  SmallVector<int64_t> shape(ranked.getShape());
  shape.erase(shape.begin() + *normalized);
  inferred.push_back(RankedTensorType::get(shape, dtype));
  return success();
}

//===----------------------------------------------------------------------===//
// OneHotOp
//===----------------------------------------------------------------------===//

LogicalResult OneHotOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> location,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &inferred) {
  auto depth = static_cast<int64_t>(adaptor.getDepth());
  if (depth < 0)
    return emitOptionalError(location,
                             "depth must be non-negative, got: ", depth);
  auto on = cast<TensorType>(adaptor.getOnValue().getType());
  auto off = cast<TensorType>(adaptor.getOffValue().getType());
  for (auto [name, type] :
       {std::pair<StringRef, TensorType>{"on_value", on}, {"off_value", off}})
    if (type.hasRank() && type.getRank() != 0)
      return emitOptionalError(
          location, name, " must be a scalar, but got: ", formatShape(type));
  if (on.getElementType() != off.getElementType())
    return emitOptionalError(location,
                             "on_value and off_value must have the same "
                             "dtype, got ",
                             dtypeName(on.getElementType()), " and ",
                             dtypeName(off.getElementType()));

  auto indices = dyn_cast<RankedTensorType>(adaptor.getIndices().getType());
  if (!indices) {
    inferred.push_back(UnrankedTensorType::get(on.getElementType()));
    return success();
  }
  int64_t rank = indices.getRank();
  auto axis = getIntOr(adaptor.getAxisAttr(), -1);
  if (axis < -1 || axis > rank)
    return emitOptionalError(location, "Expected axis to be -1 or between [0, ",
                             rank + 1, ").  But received: ", axis);
  SmallVector<int64_t> shape(indices.getShape());
  shape.insert(axis == -1 ? shape.end() : shape.begin() + axis, depth);
  inferred.push_back(RankedTensorType::get(shape, on.getElementType()));
  return success();
}

//===----------------------------------------------------------------------===//
// PadOp
//===----------------------------------------------------------------------===//

LogicalResult PadOp::inferReturnTypes(MLIRContext *,
                                      std::optional<Location> location,
                                      Adaptor adaptor,
                                      SmallVectorImpl<Type> &inferred) {
  auto input = cast<TensorType>(adaptor.getInput().getType());
  ArrayRef<int64_t> paddings = adaptor.getPaddings();
  if (paddings.size() % 2 != 0)
    return emitOptionalError(location,
                             "paddings must hold a [before, after] pair per "
                             "dimension, got ",
                             paddings.size(), " values");
  if (Value value = adaptor.getValue()) {
    auto valueType = cast<TensorType>(value.getType());
    if (valueType.hasRank() && valueType.getRank() != 0)
      return emitOptionalError(location,
                               "constant_values must be a scalar. Shape of "
                               "constant_values: ",
                               formatShape(valueType));
    if (valueType.getElementType() != input.getElementType())
      return emitOptionalError(location,
                               "constant_values must have the "
                               "input's dtype ",
                               dtypeName(input.getElementType()), ", got ",
                               dtypeName(valueType.getElementType()));
  }
  int64_t rank = paddings.size() / 2;
  for (auto [index, amount] : llvm::enumerate(paddings))
    if (amount < 0)
      return emitOptionalError(location, "Paddings must be non-negative: ",
                               paddings[index & ~size_t(1)], " ",
                               paddings[index | 1]);
  auto ranked = dyn_cast<RankedTensorType>(input);
  if (!ranked) {
    inferred.push_back(
        RankedTensorType::get(SmallVector<int64_t>(rank, ShapedType::kDynamic),
                              input.getElementType()));
    return success();
  }
  if (ranked.getRank() != rank)
    return emitOptionalError(location,
                             "The first dimension of paddings must be the "
                             "rank of inputs",
                             formatShape(ranked), " [", rank, "]");
  SmallVector<int64_t> shape;
  for (int64_t dim = 0; dim < rank; ++dim) {
    int64_t size = ranked.getDimSize(dim);
    shape.push_back(ShapedType::isDynamic(size)
                        ? size
                        : size + paddings[2 * dim] + paddings[2 * dim + 1]);
  }
  inferred.push_back(RankedTensorType::get(shape, ranked.getElementType()));
  return success();
}
