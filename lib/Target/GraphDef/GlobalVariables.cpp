//===- GlobalVariables.cpp - TensorFlow variables as tfc globals ----------===//
//
// Every variable node becomes a `tfc.global_variable` with the node's name,
// so that checkpoints map one to one. Its initial value is the subgraph
// feeding the variable's initializer (`w/Assign`, or the VariableDef's
// initializer in a MetaGraphDef), imported into the `initial_value` region
// where reading another variable means its initial value.
//
//===----------------------------------------------------------------------===//

#include "Importer.h"

#include "mlir/IR/Diagnostics.h"

using namespace mlir;
using namespace mlir::tfc;
using namespace mlir::tfc::graphdef;

bool mlir::tfc::graphdef::isVariableOp(StringRef op) {
  return op == "VariableV2" || op == "Variable" || op == "VarHandleOp";
}

GraphImporter::GraphImporter(const ModelFile &file, const GraphIndex &index,
                             ModuleOp module)
    : file(file), index(index), module(module), context(module.getContext()) {}

namespace {

/// The VariableDefs of a MetaGraphDef collection.
std::vector<tensorflow::VariableDef>
collectionVariables(const tensorflow::MetaGraphDef &meta,
                    const std::string &collection) {
  std::vector<tensorflow::VariableDef> defs;
  auto it = meta.collection_def().find(collection);
  if (it == meta.collection_def().end() || !it->second.has_bytes_list())
    return defs;
  for (const std::string &bytes : it->second.bytes_list().value()) {
    tensorflow::VariableDef def;
    if (def.ParseFromString(bytes))
      defs.push_back(std::move(def));
  }
  return defs;
}

StringRef nodeOfTensor(StringRef tensor) {
  return tensor.take_until([](char c) { return c == ':'; });
}

bool assigns(const GraphIndex &index, int assign, int variable) {
  StringRef op = index.node(assign).op();
  if (op != "Assign" && op != "AssignVariableOp")
    return false;
  ArrayRef<NodeInput> inputs = index.inputs(assign);
  return inputs.size() >= 2 && !inputs[0].control && inputs[0].node == variable;
}

} // namespace

std::vector<std::string>
GraphImporter::variableCollections(StringRef name) const {
  static const std::pair<const char *, const char *> known[] = {
      {"variables", "GLOBAL_VARIABLES"},
      {"trainable_variables", "TRAINABLE_VARIABLES"},
      {"local_variables", "LOCAL_VARIABLES"},
      {"model_variables", "MODEL_VARIABLES"}};
  std::vector<std::string> collections;
  bool listed = false;
  for (auto [key, collection] : known)
    for (const tensorflow::VariableDef &def :
         collectionVariables(file.meta, key))
      if (nodeOfTensor(def.variable_name()) == name) {
        collections.push_back(collection);
        listed = true;
        break;
      }
  // A bare GraphDef does not say; a variable is global, as TensorFlow
  // makes it by default.
  if (!listed)
    collections.push_back("GLOBAL_VARIABLES");
  return collections;
}

int GraphImporter::initializerOf(int node) const {
  StringRef name = index.node(node).name();
  for (const char *key : {"variables", "local_variables"})
    for (const tensorflow::VariableDef &def :
         collectionVariables(file.meta, key))
      if (nodeOfTensor(def.variable_name()) == name) {
        int init = index.lookup(def.initializer_name());
        if (init >= 0 && assigns(index, init, node))
          return init;
      }
  int conventional = index.lookup((name + "/Assign").str());
  if (conventional >= 0 && assigns(index, conventional, node))
    return conventional;
  return -1;
}

FailureOr<GlobalVariableOp> GraphImporter::globalVariable(int node) {
  auto cached = variables.find(node);
  if (cached != variables.end())
    return cached->second;
  const tensorflow::NodeDef &def = index.node(node);
  Location loc = nodeLocation(node);
  auto fail = [&]() {
    return mlir::emitError(loc)
           << "variable '" << def.name() << "' (" << def.op() << "): ";
  };
  if (!initializing.insert(node).second) {
    fail() << "its initial value depends on itself";
    return failure();
  }

  auto dtype = def.attr().find("dtype");
  if (dtype == def.attr().end()) {
    fail() << "has no 'dtype' attribute";
    return failure();
  }
  Type element = convertDataType(context, dtype->second.type());
  if (!element) {
    fail() << "holds " << dataTypeName(dtype->second.type())
           << " values, a dtype tfc does not have";
    return failure();
  }
  std::optional<SmallVector<int64_t>> dims;
  auto shape = def.attr().find("shape");
  if (shape != def.attr().end() && !shape->second.shape().unknown_rank()) {
    dims.emplace();
    for (const auto &dim : shape->second.shape().dim())
      dims->push_back(dim.size() < 0 ? ShapedType::kDynamic : dim.size());
  }

  int init = initializerOf(node);
  // A TensorFlow 2 SavedModel's variables have no initializer in the
  // graph: their values come from the checkpoint, through the restore
  // function or `--restore`. tfc initializes every variable before the
  // first call (the restore function's entry point too), so such a
  // variable starts as zeros until it is restored.
  bool restoredOnly = init < 0 && file.meta.has_object_graph_def();
  if (init < 0 && !restoredOnly) {
    fail() << "no initializer assigns it (tfc looks for the VariableDef's "
              "initializer or a node '"
           << def.name() << "/Assign')";
    return failure();
  }
  if (restoredOnly && (!dims || ShapedType::isDynamicShape(*dims))) {
    fail() << "has no initializer and its shape is not fully known";
    return failure();
  }

  // Variables go first in the module, in the order they are created.
  OpBuilder builder(context);
  Block &body = module.getBodyRegion().front();
  auto lastGlobal = llvm::find_if(llvm::reverse(body), [](Operation &op) {
    return isa<GlobalVariableOp>(op);
  });
  if (lastGlobal == llvm::reverse(body).end())
    builder.setInsertionPointToStart(&body);
  else
    builder.setInsertionPointAfter(&*lastGlobal);
  std::vector<std::string> collections = variableCollections(def.name());
  SmallVector<StringRef> collectionRefs(collections.begin(), collections.end());
  auto placeholderType =
      RankedTensorType::get(dims ? *dims : SmallVector<int64_t>(), element);
  if (restoredOnly) {
    auto global = GlobalVariableOp::create(
        builder, loc, builder.getStringAttr(def.name()),
        TypeAttr::get(placeholderType), ZerosAttr::get(context),
        builder.getStrArrayAttr(collectionRefs), StringAttr(),
        FlatSymbolRefAttr());
    variables[node] = global;
    initializing.erase(node);
    return global;
  }
  auto global = GlobalVariableOp::create(
      builder, loc, builder.getStringAttr(def.name()),
      TypeAttr::get(placeholderType), InitializerAttrInterface(),
      builder.getStrArrayAttr(collectionRefs), StringAttr(),
      FlatSymbolRefAttr());
  variables[node] = global;
  Block *block = new Block();
  global.getInitialValue().push_back(block);

  ImportScope scope(*this, block, /*parent=*/nullptr, /*initialValue=*/true);
  NodeInput valueInput = index.dataInputs(init)[1];
  TensorId value{valueInput.node, valueInput.output};
  if (failed(scope.importFor({value}, {}))) {
    mlir::emitRemark(loc) << "while importing the initial value of variable '"
                          << def.name() << "'";
    global.erase();
    variables.erase(node);
    return failure();
  }
  OpBuilder inner = OpBuilder::atBlockEnd(block);
  FailureOr<Value> initial = scope.tensorValue(value, inner, loc);
  if (failed(initial))
    return failure();
  YieldOp::create(inner, loc, ValueRange{*initial});

  auto initialType = dyn_cast<RankedTensorType>(initial->getType());
  if (!dims || ShapedType::isDynamicShape(*dims)) {
    if (!initialType || !initialType.hasStaticShape()) {
      fail() << "its shape is not known from the graph (validate_shape=False "
                "or unknown dimensions) nor from its initial value of type "
             << initial->getType();
      return failure();
    }
    global.setValueType(initialType);
  }
  initializing.erase(node);
  return global;
}
