//===- ArrayOps.cpp - shapes, reshapes, concatenation, slicing ------------===//

#include "../Importer.h"

using namespace mlir;
using namespace mlir::tfc;
using namespace mlir::tfc::graphdef;

static LogicalResult setResult(NodeImporter &n, FailureOr<Value> value) {
  if (failed(value))
    return failure();
  n.setOutputs(*value);
  return success();
}

/// The `out_type` of Shape, Size: int32 unless it says int64.
static SmallVector<NamedAttribute> indexType(NodeImporter &n) {
  const tensorflow::AttrValue *type = n.attr("out_type");
  if (type && type->type() == tensorflow::DT_INT64)
    return {n.namedAttr("out_type", TypeAttr::get(n.builder.getI64Type()))};
  return {};
}

static LogicalResult importShape(NodeImporter &n) {
  FailureOr<Value> input = n.input(0);
  if (failed(input))
    return failure();
  return setResult(n, n.create1("tfc.shape", {*input}, indexType(n)));
}

static LogicalResult importSize(NodeImporter &n) {
  FailureOr<Value> input = n.input(0);
  if (failed(input))
    return failure();
  return setResult(n, n.create1("tfc.size", {*input}, indexType(n)));
}

static LogicalResult importRank(NodeImporter &n) {
  FailureOr<Value> input = n.input(0);
  if (failed(input))
    return failure();
  return setResult(n, n.create1("tfc.rank", {*input}));
}

/// Reshape: a constant shape becomes the attribute form.
static LogicalResult importReshape(NodeImporter &n) {
  FailureOr<Value> input = n.input(0);
  if (failed(input))
    return failure();
  if (std::optional<DenseElementsAttr> shape = n.constantInput(1)) {
    SmallVector<int64_t> dims;
    for (const APInt &v : shape->getValues<APInt>())
      dims.push_back(v.getSExtValue());
    return setResult(
        n, n.create1("tfc.reshape", {*input},
                     {n.namedAttr("new_shape",
                                  n.builder.getDenseI64ArrayAttr(dims))}));
  }
  FailureOr<Value> shape = n.input(1);
  if (failed(shape))
    return failure();
  return setResult(n, n.create1("tfc.reshape", {*input, *shape}));
}

static LogicalResult importFill(NodeImporter &n) {
  FailureOr<Value> value = n.input(1);
  if (failed(value))
    return failure();
  if (std::optional<DenseElementsAttr> dims = n.constantInput(0)) {
    SmallVector<int64_t> shape;
    for (const APInt &v : dims->getValues<APInt>())
      shape.push_back(v.getSExtValue());
    return setResult(
        n, n.create1(
               "tfc.fill", {*value},
               {n.namedAttr("shape", n.builder.getDenseI64ArrayAttr(shape))}));
  }
  FailureOr<Value> dims = n.input(0);
  if (failed(dims))
    return failure();
  return setResult(n, n.create1("tfc.fill", {*value, *dims}));
}

static LogicalResult importConcat(NodeImporter &n, bool axisFirst) {
  unsigned count = n.getNumInputs();
  if (count < 2)
    return n.error("needs values and an axis");
  unsigned axisInput = axisFirst ? 0 : count - 1;
  FailureOr<SmallVector<int64_t>> axis =
      n.constantIntsInput(axisInput, "the axis");
  if (failed(axis))
    return failure();
  if (axis->size() != 1)
    return n.error("the axis must be a scalar");
  SmallVector<Value> values;
  for (unsigned i = 0; i < count; ++i) {
    if (i == axisInput)
      continue;
    FailureOr<Value> value = n.input(i);
    if (failed(value))
      return failure();
    values.push_back(*value);
  }
  return setResult(
      n, n.create1("tfc.concat", values,
                   {n.namedAttr("axis",
                                n.builder.getI64IntegerAttr(axis->front()))}));
}

static LogicalResult importExpandDims(NodeImporter &n) {
  FailureOr<Value> input = n.input(0);
  FailureOr<SmallVector<int64_t>> axis = n.constantIntsInput(1, "the axis");
  if (failed(input) || failed(axis))
    return failure();
  if (axis->size() != 1)
    return n.error("the axis must hold one value");
  return setResult(
      n, n.create1("tfc.expand_dims", {*input},
                   {n.namedAttr("axis",
                                n.builder.getI64IntegerAttr(axis->front()))}));
}

static LogicalResult importSqueeze(NodeImporter &n) {
  FailureOr<Value> input = n.input(0);
  if (failed(input))
    return failure();
  SmallVector<NamedAttribute> attrs;
  std::optional<SmallVector<int64_t>> axes = n.intListAttr("squeeze_dims");
  if (!axes)
    axes = n.intListAttr("axis");
  if (axes && !axes->empty())
    attrs.push_back(n.namedAttr("axes", n.builder.getDenseI64ArrayAttr(*axes)));
  return setResult(n, n.create1("tfc.squeeze", {*input}, attrs));
}

static LogicalResult importPack(NodeImporter &n) {
  FailureOr<SmallVector<Value>> inputs = n.allInputs();
  if (failed(inputs))
    return failure();
  int64_t axis = n.intAttr("axis").value_or(0);
  return setResult(
      n, n.create1("tfc.stack", *inputs,
                   {n.namedAttr("axis", n.builder.getI64IntegerAttr(axis))}));
}

static LogicalResult importTranspose(NodeImporter &n) {
  FailureOr<Value> input = n.input(0);
  FailureOr<SmallVector<int64_t>> perm =
      n.constantIntsInput(1, "the permutation");
  if (failed(input) || failed(perm))
    return failure();
  return setResult(
      n,
      n.create1("tfc.transpose", {*input},
                {n.namedAttr("perm", n.builder.getDenseI64ArrayAttr(*perm))}));
}

/// Tile: constant multiples become the attribute; others (a gradient's
/// `floordiv(shape(x), ...)` over a batch of unknown size) are read at run
/// time, each -1 in the attribute.
static LogicalResult importTile(NodeImporter &n) {
  FailureOr<Value> input = n.input(0);
  if (failed(input))
    return failure();
  if (n.constantInput(1)) {
    FailureOr<SmallVector<int64_t>> multiples =
        n.constantIntsInput(1, "the multiples");
    if (failed(multiples))
      return failure();
    return setResult(
        n, n.create1("tfc.tile", {*input},
                     {n.namedAttr("multiples", n.builder.getDenseI64ArrayAttr(
                                                   *multiples))}));
  }
  FailureOr<Value> multiples = n.runTimeVectorInput(1, "the multiples");
  if (failed(multiples))
    return failure();
  SmallVector<int64_t> unknown(
      cast<RankedTensorType>(multiples->getType()).getDimSize(0), -1);
  return setResult(
      n, n.create1("tfc.tile", {*input, *multiples},
                   {n.namedAttr("multiples",
                                n.builder.getDenseI64ArrayAttr(unknown))}));
}

static OpImportFn like(StringRef tfcOp) {
  std::string name = ("tfc." + tfcOp).str();
  return [name](NodeImporter &n) -> LogicalResult {
    FailureOr<Value> input = n.input(0);
    if (failed(input))
      return failure();
    return setResult(n, n.create1(name, {*input}));
  };
}

void mlir::tfc::graphdef::registerArrayOpImporters(OpRegistry &registry) {
  registry.add("Shape", importShape, "tfc.shape");
  registry.add("Size", importSize, "tfc.size");
  registry.add("Rank", importRank, "tfc.rank");
  registry.add("Reshape", importReshape, "tfc.reshape");
  registry.add("Fill", importFill, "tfc.fill");
  registry.add(
      "ConcatV2", [](NodeImporter &n) { return importConcat(n, false); },
      "tfc.concat");
  registry.add(
      "Concat", [](NodeImporter &n) { return importConcat(n, true); },
      "tfc.concat");
  registry.add("ExpandDims", importExpandDims, "tfc.expand_dims");
  registry.add("Squeeze", importSqueeze, "tfc.squeeze");
  registry.add("Pack", importPack, "tfc.stack");
  registry.add("Transpose", importTranspose, "tfc.transpose");
  registry.add("Tile", importTile, "tfc.tile");
  registry.add("ZerosLike", like("zeros_like"), "tfc.zeros_like");
  registry.add("OnesLike", like("ones_like"), "tfc.ones_like");
}
