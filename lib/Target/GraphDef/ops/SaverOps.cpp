//===- SaverOps.cpp - tf.train.Saver's ops: SaveV2, RestoreV2, paths ------===//
//
// A Saver adds `save/SaveV2` (the variables under their names) and
// `save/RestoreV2` (whose outputs `save/Assign` nodes assign) to the graph,
// with the checkpoint path as the string tensor `save/Const`, which callers
// feed. SaveV2 and RestoreV2 become `tfc.save_tensors` and
// `tfc.restore_tensors`, which the runtime's TensorFlow checkpoint code
// runs; the names, constants of the graph, become attributes.
//
// Strings are scalar paths only, held as their bytes (`tensor<?xi8>`):
// StringJoin and ShardedFilename, which build a sharded save's temporary
// path, are concatenations of bytes. Vectors of strings are the name lists
// of the saver ops and the parts MergeV2Checkpoints merges, nothing else.
// MergeV2Checkpoints, which moves files, calls a host function of the
// runtime's own (`tfc.merge_v2_checkpoints`).
//
//===----------------------------------------------------------------------===//

#include "../Importer.h"

#include "tfc/runtime/host_call.h"

#include "llvm/Support/Format.h"

using namespace mlir;
using namespace mlir::tfc;
using namespace mlir::tfc::graphdef;

static ArrayAttr stringArray(Builder &builder, ArrayRef<std::string> strings) {
  SmallVector<Attribute> attrs;
  for (const std::string &s : strings)
    attrs.push_back(builder.getStringAttr(s));
  return builder.getArrayAttr(attrs);
}

/// The path input: a scalar string, which tfc holds as a 1-D i8 tensor.
static FailureOr<Value> pathInput(NodeImporter &n, unsigned i) {
  FailureOr<Value> path = n.input(i);
  if (failed(path))
    return failure();
  auto type = dyn_cast<RankedTensorType>(path->getType());
  if (!type || type.getRank() != 1 || !type.getElementType().isInteger(8)) {
    std::string text;
    llvm::raw_string_ostream(text) << path->getType();
    return n.error("input #" + Twine(i) +
                   " must be a scalar string (a checkpoint path), got " + text);
  }
  return path;
}

/// SaveV2 writes whole tensors; a slice spec (a partitioned variable) is
/// refused, naming the tensor.
static LogicalResult checkWholeTensors(NodeImporter &n,
                                       ArrayRef<std::string> names,
                                       ArrayRef<std::string> slices) {
  if (names.size() != slices.size())
    return n.error("has " + Twine(names.size()) + " tensor names but " +
                   Twine(slices.size()) + " shape_and_slices");
  for (auto [name, slice] : llvm::zip(names, slices))
    if (!slice.empty())
      return n.error("saves or restores tensor '" + name + "' as the slice '" +
                     slice +
                     "' (a partitioned variable); tfc saves and restores "
                     "whole tensors only");
  return success();
}

/// The tensor names of a SaveV2 or RestoreV2 (its second input), whose
/// slices (its third) must all be whole tensors.
static FailureOr<SmallVector<std::string>> wholeTensorNames(NodeImporter &n) {
  FailureOr<SmallVector<std::string>> names =
      n.constantStringsInput(1, "tensor_names");
  if (failed(names))
    return failure();
  FailureOr<SmallVector<std::string>> slices =
      n.constantStringsInput(2, "shape_and_slices");
  if (failed(slices) || failed(checkWholeTensors(n, *names, *slices)))
    return failure();
  return names;
}

static LogicalResult importSaveV2(NodeImporter &n) {
  FailureOr<SmallVector<std::string>> names = wholeTensorNames(n);
  if (failed(names))
    return failure();
  if (n.getNumInputs() != 3 + names->size())
    return n.error("has " + Twine(n.getNumInputs() - 3) + " tensors for " +
                   Twine(names->size()) + " names");
  // The control tokens first: the variables saved are read after them.
  SmallVector<Value> after = n.takeControlTokens();
  FailureOr<Value> prefix = pathInput(n, 0);
  if (failed(prefix))
    return failure();
  SmallVector<Value> tensors;
  for (unsigned i = 3; i < n.getNumInputs(); ++i) {
    FailureOr<Value> tensor = n.input(i);
    if (failed(tensor))
      return failure();
    tensors.push_back(*tensor);
  }
  if (Value read = n.result.token)
    after.push_back(read);
  auto op = SaveTensorsOp::create(n.builder, n.loc, *prefix, tensors,
                                  stringArray(n.builder, *names), after);
  if (failed(n.check(op)))
    return failure();
  n.setToken(op.getControl());
  return success();
}

/// The type of a variable node (VariableV2, VarHandleOp, ...): its `dtype`
/// and `shape` attributes; null when it has no complete shape.
static Type variableNodeType(NodeImporter &n, const tensorflow::NodeDef &def) {
  auto dtype = def.attr().find("dtype");
  auto shape = def.attr().find("shape");
  if (dtype == def.attr().end() || shape == def.attr().end() ||
      shape->second.value_case() != tensorflow::AttrValue::kShape)
    return {};
  Type element = convertDataType(n.getContext(), dtype->second.type());
  if (!element || shape->second.shape().unknown_rank())
    return {};
  for (const auto &dim : shape->second.shape().dim())
    if (dim.size() < 0)
      return {};
  return convertShape(shape->second.shape(), element);
}

/// The type RestoreV2's output `output` must have: that of the variable an
/// Assign of it (directly or through Identity nodes) assigns (the value of a tensor it restores has no shape in
/// the graph), else what `_output_shapes` records.
static Type restoredType(NodeImporter &n, int output, Type element) {
  const GraphIndex &index = n.scope.importer.index;
  for (int node = 0, e = index.size(); node < e; ++node) {
    StringRef op = index.node(node).op();
    if (op != "Assign" && op != "AssignVariableOp")
      continue;
    SmallVector<NodeInput> inputs = index.dataInputs(node);
    if (inputs.size() != 2)
      continue;
    // The value may come through Identity nodes (a TensorFlow 2 restore
    // function has one per tensor).
    NodeInput value = inputs[1];
    while (index.node(value.node).op() == "Identity" &&
           !index.dataInputs(value.node).empty())
      value = index.dataInputs(value.node).front();
    if (value.node != n.index || value.output != output)
      continue;
    int variable = inputs[0].node;
    while (index.node(variable).op() == "Identity" &&
           !index.dataInputs(variable).empty())
      variable = index.dataInputs(variable).front().node;
    if (Type type = variableNodeType(n, index.node(variable)))
      return type;
  }
  if (const tensorflow::AttrValue *shapes = n.attr("_output_shapes"))
    if (output < shapes->list().shape_size()) {
      const tensorflow::TensorShapeProto &shape = shapes->list().shape(output);
      bool complete = !shape.unknown_rank();
      for (const auto &dim : shape.dim())
        complete &= dim.size() >= 0;
      if (complete)
        return convertShape(shape, element);
    }
  return {};
}

static LogicalResult importRestoreV2(NodeImporter &n) {
  FailureOr<SmallVector<std::string>> names = wholeTensorNames(n);
  if (failed(names))
    return failure();
  const tensorflow::AttrValue *dtypes = n.attr("dtypes");
  if (!dtypes || dtypes->list().type_size() != static_cast<int>(names->size()))
    return n.error("needs a 'dtypes' attribute with one dtype per name");
  // Which outputs a node of the graph reads: a TensorFlow 2 restore
  // function restores the object graph, a tensor of strings nobody reads,
  // along with the variables; tfc leaves such a tensor out.
  const GraphIndex &index = n.scope.importer.index;
  SmallVector<bool> read(names->size(), false);
  for (int node = 0, e = index.size(); node < e; ++node)
    for (const NodeInput &input : index.inputs(node))
      if (!input.control && input.node == n.index && input.output >= 0 &&
          input.output < static_cast<int>(read.size()))
        read[input.output] = true;
  SmallVector<Type> types;
  SmallVector<std::string> restored;
  SmallVector<int> outputOf;
  for (auto [i, name] : llvm::enumerate(*names)) {
    int dtype = dtypes->list().type(i);
    Type element = convertDataType(n.getContext(), dtype);
    if (!element && !read[i]) {
      outputOf.push_back(-1);
      continue;
    }
    if (!element)
      return n.error("restores tensor '" + name + "' of dtype " +
                     dataTypeName(dtype) + ", which tfc does not have");
    Type type = restoredType(n, static_cast<int>(i), element);
    if (!type)
      return n.error("cannot tell the shape of tensor '" + name +
                     "' (output " + Twine(i) +
                     "): no Assign of it to a variable of known shape");
    if (cast<RankedTensorType>(type).getElementType() != element)
      return n.error("restores tensor '" + name + "' as " +
                     dataTypeName(dtype) +
                     " into a variable of another dtype");
    outputOf.push_back(static_cast<int>(types.size()));
    types.push_back(type);
    restored.push_back(name);
  }
  SmallVector<Value> after = n.takeControlTokens();
  FailureOr<Value> prefix = pathInput(n, 0);
  if (failed(prefix))
    return failure();
  auto op = RestoreTensorsOp::create(
      n.builder, n.loc, types, ControlType::get(n.getContext()), *prefix,
      stringArray(n.builder, restored), after);
  if (failed(n.check(op)))
    return failure();
  for (auto [i, output] : llvm::enumerate(outputOf))
    n.setOutput(static_cast<unsigned>(i),
                output < 0 ? ImportedValue{}
                           : ImportedValue{op.getOutputs()[output], Value()});
  n.setToken(op.getControl());
  return success();
}

/// Concatenates strings (1-D i8 tensors).
static FailureOr<Value> joinBytes(NodeImporter &n, ArrayRef<Value> parts) {
  if (parts.size() == 1)
    return parts.front();
  return n.create1("tfc.concat", parts,
                   {n.namedAttr("axis", n.builder.getI64IntegerAttr(0))});
}

/// StringJoin of scalar strings: the inputs with the separator between.
static LogicalResult importStringJoin(NodeImporter &n) {
  std::string separator = n.stringAttr("separator").value_or("");
  SmallVector<Value> parts;
  for (unsigned i = 0; i < n.getNumInputs(); ++i) {
    FailureOr<Value> part = pathInput(n, i);
    if (failed(part))
      return failure();
    if (i && !separator.empty())
      parts.push_back(n.bytes(separator));
    parts.push_back(*part);
  }
  if (parts.empty())
    return n.error("joins no strings");
  return n.setResult(joinBytes(n, parts));
}

/// ShardedFilename(basename, shard, num_shards): `basename-00000-of-00001`,
/// for constant shard numbers.
static LogicalResult importShardedFilename(NodeImporter &n) {
  FailureOr<Value> basename = pathInput(n, 0);
  FailureOr<int64_t> shard = n.constantIntInput(1, "shard");
  FailureOr<int64_t> numShards = n.constantIntInput(2, "num_shards");
  if (failed(basename) || failed(shard) || failed(numShards))
    return failure();
  std::string suffix;
  llvm::raw_string_ostream(suffix)
      << llvm::format("-%05lld-of-%05lld", static_cast<long long>(*shard),
                      static_cast<long long>(*numShards));
  Value parts[] = {*basename, n.bytes(suffix)};
  return n.setResult(joinBytes(n, parts));
}

/// The checkpoint_prefixes of MergeV2Checkpoints, a vector of strings: a
/// Pack of scalar strings (what a Saver builds) or a string constant. tfc
/// holds no vectors of strings, so each becomes a value of its own. The
/// Pack's value is not used, so what it waits for (a Saver's Pack waits for
/// the save) goes to `after`.
static FailureOr<SmallVector<Value>> partPrefixes(NodeImporter &n,
                                                  SmallVector<Value> &after) {
  const GraphIndex &index = n.scope.importer.index;
  SmallVector<NodeInput> inputs = index.dataInputs(n.index);
  if (inputs.size() != 2)
    return n.error("needs 2 inputs (checkpoint_prefixes, "
                   "destination_prefix), has " +
                   Twine(inputs.size()));
  int node = inputs[0].node;
  while (index.node(node).op() == "Identity" &&
         !index.dataInputs(node).empty())
    node = index.dataInputs(node).front().node;
  SmallVector<Value> prefixes;
  if (index.node(node).op() == "Pack") {
    if (Value token = n.scope.tokenOf(node, n.builder))
      after.push_back(token);
    for (NodeInput part : index.dataInputs(node)) {
      FailureOr<Value> value = n.scope.tensorValue(
          TensorId{part.node, part.output}, n.builder, n.loc);
      auto type = succeeded(value)
                      ? dyn_cast<RankedTensorType>(value->getType())
                      : RankedTensorType();
      if (!type || type.getRank() != 1 || !type.getElementType().isInteger(8))
        return n.error("checkpoint_prefixes must pack scalar strings, but "
                       "node '" +
                       index.node(part.node).name() + "' is not one");
      prefixes.push_back(*value);
    }
  } else {
    FailureOr<SmallVector<std::string>> strings =
        n.constantStringsInput(0, "checkpoint_prefixes");
    if (failed(strings))
      return failure();
    for (const std::string &prefix : *strings)
      prefixes.push_back(n.bytes(prefix));
  }
  if (prefixes.empty())
    return n.error("merges no checkpoint_prefixes");
  return prefixes;
}

/// A sharded save's last step: the parts SaveV2 wrote at temporary
/// prefixes become one checkpoint at the destination. File-system work,
/// done by the runtime's built-in host function of the same meaning.
static LogicalResult importMergeV2Checkpoints(NodeImporter &n) {
  if (n.boolAttr("allow_missing_files", false))
    return n.error("has allow_missing_files set, which tfc does not "
                   "support");
  SmallVector<Value> after = n.takeControlTokens();
  FailureOr<SmallVector<Value>> prefixes = partPrefixes(n, after);
  if (failed(prefixes))
    return failure();
  FailureOr<Value> destination = pathInput(n, 1);
  if (failed(destination))
    return failure();
  auto flag = RankedTensorType::get({}, n.builder.getI1Type());
  SmallVector<Value> args{n.constant(DenseElementsAttr::get(
      flag, n.boolAttr("delete_old_dirs", true)))};
  llvm::append_range(args, *prefixes);
  args.push_back(*destination);
  auto op = HostCallOp::create(
      n.builder, n.loc, TypeRange(), ControlType::get(n.getContext()),
      FlatSymbolRefAttr::get(n.getContext(), TFC_MERGE_V2_CHECKPOINTS_FN),
      args, after);
  if (failed(n.check(op)))
    return failure();
  n.setToken(op.getControl());
  return success();
}

void mlir::tfc::graphdef::registerSaverOpImporters(OpRegistry &registry) {
  registry.add("SaveV2", importSaveV2, "tfc.save_tensors");
  registry.add("RestoreV2", importRestoreV2, "tfc.restore_tensors");
  registry.add("StringJoin", importStringJoin, "tfc.concat (of bytes)");
  registry.add("ShardedFilename", importShardedFilename,
               "tfc.concat (of bytes)");
  registry.add("MergeV2Checkpoints", importMergeV2Checkpoints,
               "tfc.host_call @tfc.merge_v2_checkpoints");
}
