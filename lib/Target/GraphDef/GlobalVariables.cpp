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

namespace {

/// What a variable node declares: its element type, and its shape unless
/// its rank is unknown.
struct DeclaredType {
  Type element;
  std::optional<SmallVector<int64_t>> dims;

  bool isStatic() const { return dims && !ShapedType::isDynamicShape(*dims); }
  /// The global's type until an initial value tells an unknown shape.
  RankedTensorType placeholder() const {
    return RankedTensorType::get(dims ? *dims : SmallVector<int64_t>(),
                                 element);
  }
};

/// Starts an error about the variable being imported.
using VariableError = llvm::function_ref<InFlightDiagnostic()>;

} // namespace

/// The element type and shape variable node `def` declares.
static FailureOr<DeclaredType> declaredType(MLIRContext *context,
                                            const tensorflow::NodeDef &def,
                                            VariableError fail) {
  auto dtype = def.attr().find("dtype");
  if (dtype == def.attr().end()) {
    fail() << "has no 'dtype' attribute";
    return failure();
  }
  DeclaredType declared;
  declared.element = convertDataType(context, dtype->second.type());
  if (!declared.element) {
    fail() << "holds " << dataTypeName(dtype->second.type())
           << " values, a dtype tfc does not have";
    return failure();
  }
  auto shape = def.attr().find("shape");
  if (shape != def.attr().end() && !shape->second.shape().unknown_rank()) {
    declared.dims.emplace();
    for (const auto &dim : shape->second.shape().dim())
      declared.dims->push_back(dim.size() < 0 ? ShapedType::kDynamic
                                              : dim.size());
  }
  return declared;
}

/// Creates the global of a variable after the module's other globals:
/// variables go first in the module, in the order they are created. With
/// `zeros`, it starts as zeros; else its initial value region is to fill.
static GlobalVariableOp createGlobal(ModuleOp module, Location loc,
                                     StringRef name, RankedTensorType type,
                                     bool zeros,
                                     ArrayRef<std::string> collections) {
  OpBuilder builder(module.getContext());
  Block &body = module.getBodyRegion().front();
  auto lastGlobal = llvm::find_if(llvm::reverse(body), [](Operation &op) {
    return isa<GlobalVariableOp>(op);
  });
  if (lastGlobal == llvm::reverse(body).end())
    builder.setInsertionPointToStart(&body);
  else
    builder.setInsertionPointAfter(&*lastGlobal);
  SmallVector<StringRef> collectionRefs(collections.begin(), collections.end());
  InitializerAttrInterface initializer;
  if (zeros)
    initializer = ZerosAttr::get(module.getContext());
  return GlobalVariableOp::create(builder, loc, builder.getStringAttr(name),
                                  TypeAttr::get(type), initializer,
                                  builder.getStrArrayAttr(collectionRefs),
                                  StringAttr(), FlatSymbolRefAttr());
}

/// Ends the initial value region of `global` with tensor `value`, imported
/// in `scope`; a variable whose shape the graph leaves open takes the
/// value's.
static LogicalResult yieldInitialValue(ImportScope &scope,
                                       GlobalVariableOp global, TensorId value,
                                       const DeclaredType &declared,
                                       Location loc, VariableError fail) {
  OpBuilder inner = OpBuilder::atBlockEnd(scope.block);
  FailureOr<Value> initial = scope.tensorValue(value, inner, loc);
  if (failed(initial))
    return failure();
  YieldOp::create(inner, loc, ValueRange{*initial});
  if (declared.isStatic())
    return success();
  auto initialType = dyn_cast<RankedTensorType>(initial->getType());
  if (!initialType || !initialType.hasStaticShape()) {
    fail() << "its shape is not known from the graph (validate_shape=False "
              "or unknown dimensions) nor from its initial value of type "
           << initial->getType();
    return failure();
  }
  global.setValueType(initialType);
  return success();
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
  FailureOr<DeclaredType> declared = declaredType(context, def, fail);
  if (failed(declared))
    return failure();

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
  if (restoredOnly && !declared->isStatic()) {
    fail() << "has no initializer and its shape is not fully known";
    return failure();
  }

  GlobalVariableOp global =
      createGlobal(module, loc, def.name(), declared->placeholder(),
                   restoredOnly, variableCollections(def.name()));
  variables[node] = global;
  if (restoredOnly) {
    initializing.erase(node);
    return global;
  }
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
  if (failed(yieldInitialValue(scope, global, value, *declared, loc, fail)))
    return failure();
  initializing.erase(node);
  return global;
}
