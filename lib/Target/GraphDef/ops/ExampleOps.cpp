//===- ExampleOps.cpp - ParseExample: tf.train.Examples to tensors --------===//
//
// TensorFlow Serving's classify and regress signatures feed a batch of
// serialized `tf.train.Example`s to ParseExample (`tf.io.parse_example`),
// whose dense features (`tf.io.FixedLenFeature`) become the model's
// inputs. tfc has no tensors of strings: the batch is fed as the bytes of
// a TFRecord file (docs/import.md), and the parse is the runtime's own
// host function `tfc.parse_example`, called with each feature's key, shape
// and default. Sparse and ragged features, string features and features
// of no fixed shape are errors naming the node.
//
//===----------------------------------------------------------------------===//

#include "../Importer.h"

#include "tfc/runtime/host_call.h"

using namespace mlir;
using namespace mlir::tfc;
using namespace mlir::tfc::graphdef;

namespace {

/// One dense feature of a ParseExample node.
struct DenseFeature {
  std::string key;
  SmallVector<int64_t> shape;
  Value defaults;
};

} // namespace

/// The dense features: their keys, the `dense_shapes` attribute and the
/// defaults from input `firstDefault` on, checked against `Tdense`.
static FailureOr<SmallVector<DenseFeature>>
denseFeatures(NodeImporter &n, ArrayRef<std::string> keys,
              unsigned firstDefault) {
  const tensorflow::AttrValue *types = n.attr("Tdense");
  const tensorflow::AttrValue *shapes = n.attr("dense_shapes");
  auto size = static_cast<int>(keys.size());
  if (!types || !shapes || types->list().type_size() != size ||
      shapes->list().shape_size() != size)
    return n.error("needs the attributes Tdense and dense_shapes with one "
                   "entry per dense key (" +
                   Twine(size) + ")");
  SmallVector<DenseFeature> features;
  for (int i = 0; i < size; ++i) {
    DenseFeature feature{keys[i], {}, {}};
    int dtype = types->list().type(i);
    if (dtype != tensorflow::DT_FLOAT && dtype != tensorflow::DT_INT64)
      return n.error("dense feature '" + feature.key + "' is " +
                     dataTypeName(dtype) +
                     ": tfc parses float and int64 features");
    const tensorflow::TensorShapeProto &shape = shapes->list().shape(i);
    for (const auto &dim : shape.dim()) {
      if (dim.size() < 0 || shape.unknown_rank())
        return n.error("dense feature '" + feature.key +
                       "' has no fixed shape (a FixedLenSequenceFeature): "
                       "tfc parses features of a fixed shape");
      feature.shape.push_back(dim.size());
    }
    FailureOr<Value> defaults = n.input(firstDefault + i);
    if (failed(defaults))
      return failure();
    Type element = getElementTypeOrSelf(defaults->getType());
    if (element != (dtype == tensorflow::DT_FLOAT
                        ? Type(n.builder.getF32Type())
                        : Type(n.builder.getI64Type())))
      return n.error("the default of dense feature '" + feature.key +
                     "' is not of its dtype " + dataTypeName(dtype));
    feature.defaults = *defaults;
    features.push_back(std::move(feature));
  }
  return features;
}

/// The call of `tfc.parse_example` on `serialized` for `features`.
static LogicalResult parseDense(NodeImporter &n,
                                ArrayRef<DenseFeature> features) {
  FailureOr<Value> serialized = n.input(0);
  if (failed(serialized))
    return failure();
  auto bytes = dyn_cast<RankedTensorType>(serialized->getType());
  if (!bytes || bytes.getRank() != 1 || !bytes.getElementType().isInteger(8))
    return n.error("the serialized examples (input #0) must be a fed batch "
                   "of strings, which tfc takes as the bytes of a TFRecord "
                   "file");
  SmallVector<Value> args{*serialized};
  SmallVector<Type> results;
  for (const DenseFeature &feature : features) {
    args.push_back(n.bytes(feature.key));
    auto shapeType = RankedTensorType::get(
        {static_cast<int64_t>(feature.shape.size())}, n.builder.getI64Type());
    args.push_back(n.constant(
        DenseElementsAttr::get(shapeType, ArrayRef<int64_t>(feature.shape))));
    args.push_back(feature.defaults);
    SmallVector<int64_t> dims{ShapedType::kDynamic};
    llvm::append_range(dims, feature.shape);
    results.push_back(RankedTensorType::get(
        dims, getElementTypeOrSelf(feature.defaults.getType())));
  }
  SmallVector<Value> after = n.takeControlTokens();
  auto op = HostCallOp::create(
      n.builder, n.loc, results, ControlType::get(n.getContext()),
      FlatSymbolRefAttr::get(n.getContext(), TFC_PARSE_EXAMPLE_FN), args,
      after);
  if (failed(n.check(op)))
    return failure();
  n.setOutputs(op.getOutputs());
  n.setToken(op.getControl());
  return success();
}

/// ParseExample: serialized, names, sparse_keys..., dense_keys...,
/// dense_defaults...; outputs the sparse triples, then the dense values.
static LogicalResult importParseExample(NodeImporter &n) {
  std::optional<int64_t> numSparse = n.intAttr("Nsparse");
  std::optional<int64_t> numDense = n.intAttr("Ndense");
  if (!numSparse || !numDense)
    return n.error("needs the attributes Nsparse and Ndense");
  if (*numSparse != 0)
    return n.error("has " + Twine(*numSparse) +
                   " sparse features (tf.io.VarLenFeature): tfc parses "
                   "dense features only");
  if (n.getNumInputs() != 2 + 2 * *numDense)
    return n.error("has " + Twine(n.getNumInputs()) + " inputs, not " +
                   Twine(2 + 2 * *numDense) + " for " + Twine(*numDense) +
                   " dense features");
  SmallVector<std::string> keys;
  for (int64_t i = 0; i < *numDense; ++i) {
    FailureOr<SmallVector<std::string>> key =
        n.constantStringsInput(2 + i, "a dense key");
    if (failed(key))
      return failure();
    if (key->size() != 1)
      return n.error("dense key #" + Twine(i) + " is not one string");
    keys.push_back(key->front());
  }
  FailureOr<SmallVector<DenseFeature>> features =
      denseFeatures(n, keys, 2 + *numDense);
  if (failed(features))
    return failure();
  return parseDense(n, *features);
}

/// ParseExampleV2 (TensorFlow 2's `tf.io.parse_example`): serialized,
/// names, sparse_keys, dense_keys, ragged_keys (string vectors),
/// dense_defaults...
static LogicalResult importParseExampleV2(NodeImporter &n) {
  std::optional<int64_t> numSparse = n.intAttr("num_sparse");
  if (numSparse && *numSparse != 0)
    return n.error("has " + Twine(*numSparse) +
                   " sparse features (tf.io.VarLenFeature): tfc parses "
                   "dense features only");
  FailureOr<SmallVector<std::string>> ragged =
      n.constantStringsInput(4, "ragged_keys");
  if (failed(ragged))
    return failure();
  if (!ragged->empty())
    return n.error("has ragged features (tf.io.RaggedFeature): tfc parses "
                   "dense features only");
  FailureOr<SmallVector<std::string>> keys =
      n.constantStringsInput(3, "dense_keys");
  if (failed(keys))
    return failure();
  if (n.getNumInputs() != 5 + keys->size())
    return n.error("has " + Twine(n.getNumInputs()) + " inputs, not " +
                   Twine(5 + keys->size()) + " for " + Twine(keys->size()) +
                   " dense features");
  FailureOr<SmallVector<DenseFeature>> features = denseFeatures(n, *keys, 5);
  if (failed(features))
    return failure();
  return parseDense(n, *features);
}

void mlir::tfc::graphdef::registerExampleOpImporters(OpRegistry &registry) {
  registry.add("ParseExample", importParseExample,
               "tfc.host_call @tfc.parse_example");
  registry.add("ParseExampleV2", importParseExampleV2,
               "tfc.host_call @tfc.parse_example");
}
