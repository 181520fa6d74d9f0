//===- Importer.h - the GraphDef importer's internals -----------*- C++ -*-===//
//
// The pieces the op importers share: the graph's index, the scope a region
// is imported into, and the context each op importer gets for its node.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_LIB_TARGET_GRAPHDEF_IMPORTER_H
#define TFC_LIB_TARGET_GRAPHDEF_IMPORTER_H

#include "ModelFile.h"

#include "tfc/Dialect/TFC/IR/TFCOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"

#include <functional>
#include <optional>

namespace mlir::tfc::graphdef {

/// An output of a node: its index in the GraphDef and the output number.
struct TensorId {
  int node = -1;
  int output = 0;
  bool operator==(const TensorId &other) const {
    return node == other.node && output == other.output;
  }
};

/// One entry of a NodeDef's `input` list, resolved.
struct NodeInput {
  int node;
  int output;
  bool control;
};

/// The graph's nodes by name, with their inputs resolved.
class GraphIndex {
public:
  /// Indexes `file`'s graph; reports duplicate names and inputs naming no
  /// node.
  static FailureOr<GraphIndex> build(const ModelFile &file,
                                     MLIRContext *context);

  int lookup(StringRef name) const {
    auto it = byName.find(name);
    return it == byName.end() ? -1 : it->second;
  }
  const tensorflow::NodeDef &node(int index) const {
    return graph->node(index);
  }
  int size() const { return graph->node_size(); }
  ArrayRef<NodeInput> inputs(int index) const { return nodeInputs[index]; }
  /// The data inputs only, in order.
  SmallVector<NodeInput> dataInputs(int index) const;
  /// Parses `name`, `name:N` (not `^name`).
  std::optional<TensorId> parseTensor(StringRef text) const;

private:
  const tensorflow::GraphDef *graph = nullptr;
  llvm::StringMap<int> byName;
  std::vector<SmallVector<NodeInput, 2>> nodeInputs;
};

/// A node's output once imported: a tensor, a variable reference (a
/// `VariableV2` output, or an `Assign`'s, which also has the new value), or
/// both.
struct ImportedValue {
  Value value;
  Value variable;
};

struct ImportedNode {
  SmallVector<ImportedValue, 1> outputs;
  /// Says that the node's effects have run; null for pure nodes, whose
  /// token is derived from their inputs when a control edge needs one.
  Value token;
  bool hasOwnToken = false;
};

class GraphImporter;

/// A region being filled: an entry's graph, a variable's initial value, a
/// branch or a loop body. Nodes imported in an enclosing scope are visible.
class ImportScope {
public:
  ImportScope(GraphImporter &importer, Block *block, ImportScope *parent,
              bool initialValue)
      : importer(importer), block(block), parent(parent),
        initialValue(initialValue) {}

  GraphImporter &importer;
  Block *block;
  ImportScope *parent;
  /// Reading a variable here means its initial value.
  bool initialValue;
  /// Tensors given from outside (feeds, region arguments).
  llvm::DenseMap<std::pair<int, int>, ImportedValue> given;
  /// Nodes whose control edges hold in this region without a token: a
  /// functionalized cond's or loop's Switch, Merge and Enter nodes, which
  /// only said in which branch or frame a node runs.
  llvm::DenseSet<int> givenControl;
  llvm::DenseMap<int, ImportedNode> nodes;

  /// The imported node, here or in an enclosing scope.
  ImportedNode *find(int node);
  const ImportedValue *findGiven(TensorId id);
  bool isGivenControl(int node);
  /// Imports, in this scope, the nodes that `tensors` need in a nested
  /// region without depending on anything the region is given: what
  /// TensorFlow computes outside a branch or loop.
  LogicalResult hoistInvariants(ImportScope &region,
                                ArrayRef<TensorId> tensors);
  /// Imports what `tensors` and `targetNodes` need, in dependency order.
  LogicalResult importFor(ArrayRef<TensorId> tensors,
                          ArrayRef<int> targetNodes);
  /// The value of tensor `id` (imported before); reads a variable when
  /// the tensor is a reference without a value.
  FailureOr<Value> tensorValue(TensorId id, OpBuilder &builder, Location loc);
  /// The token saying node `node` has run, or null when it has no effect
  /// behind it.
  Value tokenOf(int node, OpBuilder &builder);
};

/// What an op importer sees: its node, its inputs and the builder.
class NodeImporter {
public:
  NodeImporter(ImportScope &scope, int index, OpBuilder &builder);

  const tensorflow::NodeDef &node;
  int index;
  Location loc;
  OpBuilder &builder;
  ImportScope &scope;

  MLIRContext *getContext() { return builder.getContext(); }
  StringRef name() const { return node.name(); }
  StringRef opType() const { return node.op(); }

  /// Data inputs.
  unsigned getNumInputs() const { return inputs.size(); }
  /// Input `i` as a tensor; variables are read (after the node's control
  /// tokens once it has taken them).
  FailureOr<Value> input(unsigned i);
  /// Every input as tensors.
  FailureOr<SmallVector<Value>> allInputs();
  /// Input `i` as imported: a tensor, a variable reference or both.
  FailureOr<ImportedValue> importedInput(unsigned i);
  /// Input `i` as a variable handle (a ref or resource input).
  FailureOr<Value> variableInput(unsigned i);
  /// The value of input `i` when it is a constant.
  std::optional<DenseElementsAttr> constantInput(unsigned i);
  /// Input `i` as integers; an error naming the input when it is not a
  /// constant.
  FailureOr<SmallVector<int64_t>> constantIntsInput(unsigned i, StringRef what);
  /// Input `i` as one integer (a scalar or a one-element vector); an error
  /// naming the input when it is not such a constant.
  FailureOr<int64_t> constantIntInput(unsigned i, StringRef what);

  /// The text of input `i` when it is a scalar string constant (tfc has no
  /// string tensors: a string `Const` is kept as text for the ops that
  /// read it, such as the message of an `Assert`).
  std::optional<std::string> constantStringInput(unsigned i) const;
  /// The strings of input `i`, a string constant (of any shape, in
  /// row-major order) perhaps behind Identity nodes; an error naming the
  /// input, `what`, otherwise.
  FailureOr<SmallVector<std::string>> constantStringsInput(unsigned i,
                                                           StringRef what);

  /// The dims input `i` holds: a constant, or the shape (`tfc.shape`) of
  /// a ranked tensor with -1 for its dynamic sizes; nothing otherwise.
  std::optional<SmallVector<int64_t>> shapeInput(unsigned i);
  /// Input `i` as a 1-D integer tensor of a static length whose values are
  /// known only at run time (a shape of a batch of unknown size); an error
  /// naming the input, `what`, when its length is unknown too.
  FailureOr<Value> runTimeVectorInput(unsigned i, StringRef what);

  /// A `tfc.constant` of `value`.
  Value constant(DenseElementsAttr value);
  /// A 1-D i8 constant of the bytes of `text` (tfc's form of a string).
  Value bytes(StringRef text);
  /// A scalar bool: whether a[at[k]] == b[bt[k]] for every k (1-D
  /// integer tensors).
  FailureOr<Value> entriesAgree(Value a, ArrayRef<int64_t> at, Value b,
                                ArrayRef<int64_t> bt);
  /// `results` once a `tfc.assert` of the bool scalar `holds` (failing with
  /// `message` and `data`) has run: the values of a `tfc.control_dependencies`
  /// on the assertion's token, which its consumers wait for.
  FailureOr<SmallVector<Value>> afterCheck(Value holds, ValueRange data,
                                           const Twine &message,
                                           ValueRange results);
  /// A scalar constant of `element`, a float or integer type.
  Value scalar(Type element, double value);

  /// Attributes.
  const tensorflow::AttrValue *attr(StringRef name) const;
  FailureOr<Type> typeAttr(StringRef name);
  std::optional<int64_t> intAttr(StringRef name) const;
  bool boolAttr(StringRef name, bool defaultValue) const;
  std::optional<std::string> stringAttr(StringRef name) const;
  std::optional<SmallVector<int64_t>> intListAttr(StringRef name) const;
  /// A `shape` attribute as dims (-1 unknown); nullopt for unknown rank.
  std::optional<SmallVector<int64_t>> shapeAttr(StringRef name) const;

  /// Creates `opName` with its result types inferred, verifies and folds
  /// it; reports errors as this node's and returns the results, or
  /// failure.
  FailureOr<SmallVector<Value>> create(StringRef opName, ValueRange operands,
                                       ArrayRef<NamedAttribute> attrs = {});
  /// `create` for an op with one result.
  FailureOr<Value> create1(StringRef opName, ValueRange operands,
                           ArrayRef<NamedAttribute> attrs = {});
  /// Verifies an op built with a typed builder, reporting errors as this
  /// node's.
  LogicalResult check(Operation *op);
  NamedAttribute namedAttr(StringRef name, Attribute value) {
    return builder.getNamedAttr(name, value);
  }

  /// The tokens of the node's control inputs (and of effects behind its
  /// data inputs' producers that are pure). An effectful op takes them as
  /// `after`; taking them tells the importer not to wrap the node in
  /// `tfc.control_dependencies`.
  SmallVector<Value> takeControlTokens();
  bool tookControlTokens() const { return controlTaken; }

  /// Results.
  void setOutputs(ValueRange values);
  /// Makes `value` the node's one output when it is one.
  LogicalResult setResult(FailureOr<Value> value);
  void setOutput(unsigned i, ImportedValue value);
  void setToken(Value token);

  /// "node 'NAME' (OP): " followed by the message, at the node.
  InFlightDiagnostic emitError();
  LogicalResult error(const Twine &message);

  ImportedNode result;

private:
  /// The constant a pure node with control inputs made, seen through the
  /// `tfc.control_dependencies` that holds it: this node then inherits the
  /// wrapper's tokens, so it runs after them as TensorFlow runs the
  /// consumers of such a node, and the value folds like any constant.
  /// Nothing once the node has taken its tokens.
  std::optional<DenseElementsAttr> constantBehindTokens(Value value);

  SmallVector<NodeInput> inputs;
  bool controlTaken = false;
  SmallVector<Value> controlTokens;
  /// Tokens of the wrappers `constantBehindTokens` looked through.
  SmallVector<Value> inheritedTokens;
};

using OpImportFn = std::function<LogicalResult(NodeImporter &)>;

struct OpImporterEntry {
  std::string tfOp;
  OpImportFn fn;
  /// The tfc ops it becomes, for the documentation.
  std::string tfcOps;
};

/// The table of op importers, keyed by TensorFlow op type: it is the list
/// of supported ops.
class OpRegistry {
public:
  static const OpRegistry &get();
  const OpImporterEntry *lookup(StringRef op) const;
  void add(StringRef tfOp, OpImportFn fn, StringRef tfcOps);
  std::vector<const OpImporterEntry *> all() const;

private:
  llvm::StringMap<OpImporterEntry> entries;
};

// One function per family registers its importers (ops/*.cpp).
void registerGraphOpImporters(OpRegistry &registry);
void registerVariableOpImporters(OpRegistry &registry);
void registerMathOpImporters(OpRegistry &registry);
void registerArrayOpImporters(OpRegistry &registry);
void registerNNOpImporters(OpRegistry &registry);
void registerControlFlowOpImporters(OpRegistry &registry);
void registerElementwiseOpImporters(OpRegistry &registry);
void registerSliceOpImporters(OpRegistry &registry);
void registerIndexOpImporters(OpRegistry &registry);
void registerShapeFoldingOpImporters(OpRegistry &registry);
void registerLossOpImporters(OpRegistry &registry);
void registerBatchNormOpImporters(OpRegistry &registry);
void registerRandomOpImporters(OpRegistry &registry);
void registerGradientOpImporters(OpRegistry &registry);
void registerTrainingOpImporters(OpRegistry &registry);
void registerSaverOpImporters(OpRegistry &registry);
void registerExampleOpImporters(OpRegistry &registry);
void registerTensorArrayOpImporters(OpRegistry &registry);

/// Rewrites TensorFlow 1 control flow (Switch/Merge conds, Enter/Exit/
/// NextIteration/LoopCond frames) into `_TfcCond` and `_TfcWhile` nodes that
/// the importer turns into `tfc.cond` and `tfc.while`, innermost first
/// (Functionalize.cpp).
LogicalResult functionalizeControlFlow(ModelFile &file, MLIRContext *context);

/// The element type of a TensorArray once `written` (the type of a value
/// stored in it) is known: the dimensions `element` leaves unknown taken
/// from `written` (TensorArrayOps.cpp). `element` itself when they do not
/// fit together, which the write's verifier reports.
TensorType refineArrayElement(TensorType element, TensorType written);

/// Replaces every call of a function of the graph's FunctionDefLibrary
/// (PartitionedCall, StatefulPartitionedCall, or a node whose op is the
/// function's name) with the function's body, under the call's name scope
/// (InlineFunctions.cpp).
LogicalResult inlineFunctionCalls(ModelFile &file, MLIRContext *context);

/// Whether `op` is functional control flow: If, StatelessIf, While,
/// StatelessWhile.
bool isFunctionalControlFlow(StringRef op);

/// Attributes of the nodes the lowering of If and While makes, for the op
/// report: a node it added (bool), and the op of the node it replaced
/// (string, on the replacement).
inline constexpr char kLoweredAttr[] = "_tfc_lowered";
inline constexpr char kLoweredFromAttr[] = "_tfc_lowered_from";

/// The function of the graph's library named so, or null.
using FunctionLookup =
    llvm::function_ref<const tensorflow::FunctionDef *(StringRef)>;

/// Rewrites the If or While `node` as TensorFlow 1 control flow whose new
/// nodes, named under `prefix`, call the branches, condition and body with
/// PartitionedCall; `node` becomes the IdentityN of the results. Returns
/// the new nodes, or failure with `error` set
/// (LowerFunctionalControlFlow.cpp).
FailureOr<std::vector<tensorflow::NodeDef>>
lowerFunctionalControlFlow(tensorflow::NodeDef &node, StringRef prefix,
                           FunctionLookup lookup, std::string &error);

/// Converts a TensorFlow dtype (a reference type counts as its base type)
/// to tfc's element type; null for dtypes tfc does not have.
Type convertDataType(MLIRContext *context, int dtype);
/// TensorFlow's name of a dtype (`DT_FLOAT`).
std::string dataTypeName(int dtype);
/// The tensor type of a TensorShapeProto (unranked for unknown rank).
Type convertShape(const tensorflow::TensorShapeProto &shape, Type element);
/// The constant a TensorProto holds; an explanation on failure.
FailureOr<DenseElementsAttr> convertTensor(const tensorflow::TensorProto &proto,
                                           MLIRContext *context,
                                           std::string &error);

/// The module-level state: the file, the variables, the entries.
class GraphImporter {
public:
  GraphImporter(const ModelFile &file, const GraphIndex &index,
                ModuleOp module);

  const ModelFile &file;
  const GraphIndex &index;
  ModuleOp module;
  MLIRContext *context;

  Location nodeLocation(int node) const {
    return file.nodeLocation(context, node);
  }
  /// Collections from the MetaGraphDef a variable belongs to.
  std::vector<std::string> variableCollections(StringRef name) const;
  /// The `tfc.global_variable` of variable node `node`, created on first
  /// use with its initial value.
  FailureOr<GlobalVariableOp> globalVariable(int node);
  /// The node that initializes variable `node`, or -1.
  int initializerOf(int node) const;

private:
  llvm::DenseMap<int, GlobalVariableOp> variables;
  /// Variables whose initial value is being imported (cycle check).
  llvm::DenseSet<int> initializing;
};

/// Op types whose outputs are variable references or handles.
bool isVariableOp(StringRef op);

} // namespace mlir::tfc::graphdef

#endif // TFC_LIB_TARGET_GRAPHDEF_IMPORTER_H
