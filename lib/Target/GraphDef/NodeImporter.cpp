//===- NodeImporter.cpp - what an op importer works with ------------------===//

#include "Importer.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::tfc;
using namespace mlir::tfc::graphdef;

NodeImporter::NodeImporter(ImportScope &scope, int index, OpBuilder &builder)
    : node(scope.importer.index.node(index)), index(index),
      loc(scope.importer.nodeLocation(index)), builder(builder), scope(scope),
      inputs(scope.importer.index.dataInputs(index)) {}

InFlightDiagnostic NodeImporter::emitError() {
  return mlir::emitError(loc)
         << "node '" << node.name() << "' (" << node.op() << "): ";
}

LogicalResult NodeImporter::error(const Twine &message) {
  emitError() << message;
  return failure();
}

FailureOr<Value> NodeImporter::input(unsigned i) {
  if (i >= inputs.size())
    return error("needs input #" + Twine(i) + ", but has " +
                 Twine(inputs.size()) + " inputs");
  TensorId id{inputs[i].node, inputs[i].output};
  const ImportedValue *given = scope.findGiven(id);
  ImportedNode *producer = given ? nullptr : scope.find(id.node);
  const ImportedValue *value = given;
  if (!value) {
    if (!producer || id.output >= static_cast<int>(producer->outputs.size()))
      return error("input #" + Twine(i) + " names output " + Twine(id.output) +
                   " of node '" + scope.importer.index.node(id.node).name() +
                   "', which has no such output");
    value = &producer->outputs[id.output];
  }
  if (value->value) {
    if (std::optional<DenseElementsAttr> folded =
            constantBehindTokens(value->value))
      return constant(*folded);
    return value->value;
  }
  if (!value->variable && constantStringInput(i))
    return error("input #" + Twine(i) + " ('" +
                 scope.importer.index.node(id.node).name() +
                 "') is a string, and tfc has no string tensors");
  if (!value->variable)
    return error("input #" + Twine(i) + " is not a tensor");
  // A reference input where a value is expected reads the variable when
  // this node runs.
  if (scope.initialValue)
    return InitializedValueOp::create(builder, loc, value->variable)
        .getResult();
  // Once the node has taken its control tokens, what it reads is read
  // after them, as TensorFlow reads a node's inputs when the node runs.
  auto read = ReadOp::create(builder, loc, value->variable, controlTokens);
  if (result.token && !result.hasOwnToken)
    result.token = GroupOp::create(builder, loc,
                                   ValueRange{result.token, read.getControl()});
  else if (!result.token)
    result.token = read.getControl();
  return read.getValue();
}

FailureOr<SmallVector<Value>> NodeImporter::allInputs() {
  SmallVector<Value> values;
  for (unsigned i = 0, e = inputs.size(); i < e; ++i) {
    FailureOr<Value> value = input(i);
    if (failed(value))
      return failure();
    values.push_back(*value);
  }
  return values;
}

std::optional<std::string> NodeImporter::constantStringInput(unsigned i) const {
  if (i >= inputs.size() || inputs[i].output != 0)
    return std::nullopt;
  const tensorflow::NodeDef &producer =
      scope.importer.index.node(inputs[i].node);
  if (producer.op() != "Const")
    return std::nullopt;
  auto value = producer.attr().find("value");
  if (value == producer.attr().end() ||
      value->second.value_case() != tensorflow::AttrValue::kTensor)
    return std::nullopt;
  const tensorflow::TensorProto &tensor = value->second.tensor();
  if (tensor.dtype() != tensorflow::DT_STRING ||
      tensor.tensor_shape().dim_size() != 0 || tensor.string_val_size() != 1)
    return std::nullopt;
  return tensor.string_val(0);
}

FailureOr<SmallVector<std::string>>
NodeImporter::constantStringsInput(unsigned i, StringRef what) {
  const GraphIndex &graph = scope.importer.index;
  if (i >= inputs.size())
    return error("needs input #" + Twine(i) + " (" + what + ")");
  int node = inputs[i].node;
  while (graph.node(node).op() == "Identity" && !graph.dataInputs(node).empty())
    node = graph.dataInputs(node).front().node;
  const tensorflow::NodeDef &def = graph.node(node);
  auto value = def.attr().find("value");
  if (def.op() != "Const" || value == def.attr().end() ||
      value->second.value_case() != tensorflow::AttrValue::kTensor ||
      value->second.tensor().dtype() != tensorflow::DT_STRING)
    return error(what + " (input #" + Twine(i) +
                 ") must be a string constant, but node '" + def.name() +
                 "' is " + def.op());
  const tensorflow::TensorProto &tensor = value->second.tensor();
  int64_t count = 1;
  for (const auto &dim : tensor.tensor_shape().dim())
    count *= dim.size();
  SmallVector<std::string> strings(tensor.string_val().begin(),
                                   tensor.string_val().end());
  // A constant of equal strings may hold just one.
  if (strings.size() == 1 && count > 1)
    strings.assign(count, strings.front());
  if (static_cast<int64_t>(strings.size()) != count)
    return error(what + " (node '" + def.name() + "') holds " +
                 Twine(strings.size()) + " strings for " + Twine(count) +
                 " elements");
  return strings;
}

FailureOr<ImportedValue> NodeImporter::importedInput(unsigned i) {
  if (i >= inputs.size())
    return error("needs input #" + Twine(i) + ", but has " +
                 Twine(inputs.size()) + " inputs");
  TensorId id{inputs[i].node, inputs[i].output};
  if (const ImportedValue *given = scope.findGiven(id))
    return *given;
  ImportedNode *producer = scope.find(id.node);
  if (!producer || id.output >= static_cast<int>(producer->outputs.size()))
    return error("input #" + Twine(i) + " names output " + Twine(id.output) +
                 " of node '" + scope.importer.index.node(id.node).name() +
                 "', which has no such output");
  return producer->outputs[id.output];
}

FailureOr<Value> NodeImporter::variableInput(unsigned i) {
  if (i >= inputs.size())
    return error("needs input #" + Twine(i) + ", but has " +
                 Twine(inputs.size()) + " inputs");
  TensorId id{inputs[i].node, inputs[i].output};
  const ImportedValue *value = scope.findGiven(id);
  if (!value) {
    ImportedNode *producer = scope.find(id.node);
    if (producer && id.output < static_cast<int>(producer->outputs.size()))
      value = &producer->outputs[id.output];
  }
  if (!value || !value->variable)
    return error("input #" + Twine(i) + " ('" +
                 scope.importer.index.node(id.node).name() +
                 "') must be a variable (a reference or resource)");
  return value->variable;
}

std::optional<DenseElementsAttr> NodeImporter::constantInput(unsigned i) {
  if (i >= inputs.size())
    return std::nullopt;
  TensorId id{inputs[i].node, inputs[i].output};
  const ImportedValue *value = scope.findGiven(id);
  if (!value) {
    ImportedNode *producer = scope.find(id.node);
    if (!producer || id.output >= static_cast<int>(producer->outputs.size()))
      return std::nullopt;
    value = &producer->outputs[id.output];
  }
  DenseElementsAttr attr;
  if (value->value && matchPattern(value->value, m_Constant(&attr)))
    return attr;
  if (value->value)
    return constantBehindTokens(value->value);
  return std::nullopt;
}

std::optional<DenseElementsAttr>
NodeImporter::constantBehindTokens(Value value) {
  // Gradients written under `tf.control_dependencies(update_ops)` give
  // their shape arithmetic (Shape, BroadcastGradientArgs) control inputs;
  // their values are still what the later nodes need as attributes.
  auto wrapper = value.getDefiningOp<ControlDependenciesOp>();
  if (!wrapper || controlTaken)
    return std::nullopt;
  Operation *yield = wrapper.getBody().front().getTerminator();
  unsigned k = cast<OpResult>(value).getResultNumber();
  DenseElementsAttr attr;
  if (k >= yield->getNumOperands() ||
      !matchPattern(yield->getOperand(k), m_Constant(&attr)))
    return std::nullopt;
  for (Value token : wrapper.getTokens())
    if (!llvm::is_contained(inheritedTokens, token))
      inheritedTokens.push_back(token);
  return attr;
}

FailureOr<SmallVector<int64_t>>
NodeImporter::constantIntsInput(unsigned i, StringRef what) {
  std::optional<DenseElementsAttr> attr = constantInput(i);
  if (!attr || !attr->getElementType().isInteger() ||
      attr->getType().getRank() > 1) {
    emitError() << what << " (input #" << i
                << ") must be a constant integer scalar or vector: tfc "
                   "needs it when it compiles the graph";
    return failure();
  }
  SmallVector<int64_t> values;
  for (const APInt &v : attr->getValues<APInt>())
    values.push_back(v.getSExtValue());
  return values;
}

FailureOr<int64_t> NodeImporter::constantIntInput(unsigned i, StringRef what) {
  FailureOr<SmallVector<int64_t>> values = constantIntsInput(i, what);
  if (failed(values))
    return failure();
  if (values->size() != 1) {
    emitError() << what << " (input #" << i << ") must hold one value, not "
                << values->size();
    return failure();
  }
  return values->front();
}

Value NodeImporter::constant(DenseElementsAttr value) {
  return ConstantOp::create(builder, loc, value).getResult();
}

Value NodeImporter::bytes(StringRef text) {
  auto type = RankedTensorType::get({static_cast<int64_t>(text.size())},
                                    builder.getI8Type());
  SmallVector<int8_t> values(text.begin(), text.end());
  return constant(DenseElementsAttr::get(type, ArrayRef<int8_t>(values)));
}

std::optional<SmallVector<int64_t>> NodeImporter::shapeInput(unsigned i) {
  if (constantInput(i)) {
    FailureOr<SmallVector<int64_t>> dims = constantIntsInput(i, "the shape");
    return succeeded(dims) ? std::optional(*dims) : std::nullopt;
  }
  FailureOr<Value> value = input(i);
  if (failed(value))
    return std::nullopt;
  auto shapeOf = value->getDefiningOp<ShapeOfOp>();
  auto type = shapeOf ? dyn_cast<RankedTensorType>(shapeOf.getInput().getType())
                      : RankedTensorType();
  if (!type)
    return std::nullopt;
  SmallVector<int64_t> dims;
  for (int64_t d : type.getShape())
    dims.push_back(ShapedType::isDynamic(d) ? -1 : d);
  return dims;
}

FailureOr<Value> NodeImporter::runTimeVectorInput(unsigned i, StringRef what) {
  FailureOr<Value> value = input(i);
  if (failed(value))
    return failure();
  auto vector = dyn_cast<RankedTensorType>(value->getType());
  if (!vector || vector.getRank() != 1 || vector.isDynamicDim(0))
    return error(what + " (input #" + Twine(i) +
                 ") is known only at run time, and so is its length; tfc "
                 "needs at least the length");
  return *value;
}

FailureOr<Value> NodeImporter::entriesAgree(Value a, ArrayRef<int64_t> at,
                                            Value b, ArrayRef<int64_t> bt) {
  auto pick = [&](Value vector, ArrayRef<int64_t> positions) {
    auto type = RankedTensorType::get({static_cast<int64_t>(positions.size())},
                                      builder.getI64Type());
    return create1("tfc.gather",
                   {vector, constant(DenseElementsAttr::get(type, positions))});
  };
  FailureOr<Value> left = pick(a, at), right = pick(b, bt);
  if (failed(left) || failed(right))
    return failure();
  FailureOr<Value> equal = create1("tfc.equal", {*left, *right});
  if (failed(equal))
    return failure();
  return create1("tfc.reduce_all", {*equal});
}

FailureOr<SmallVector<Value>> NodeImporter::afterCheck(Value holds,
                                                       ValueRange data,
                                                       const Twine &message,
                                                       ValueRange results) {
  auto check = AssertOp::create(builder, loc, holds, data,
                                builder.getStringAttr(message.str()),
                                IntegerAttr(), ValueRange());
  if (failed(this->check(check)))
    return failure();
  auto checked = ControlDependenciesOp::create(builder, loc, results.getTypes(),
                                               ValueRange{check.getControl()});
  OpBuilder body = OpBuilder::atBlockEnd(&checked.getBody().emplaceBlock());
  YieldOp::create(body, loc, results);
  return SmallVector<Value>(checked.getResults());
}

Value NodeImporter::scalar(Type element, double value) {
  auto type = RankedTensorType::get({}, element);
  if (isa<FloatType>(element))
    return constant(
        DenseElementsAttr::get(type, FloatAttr::get(element, value)));
  return constant(DenseElementsAttr::get(
      type, IntegerAttr::get(element, static_cast<int64_t>(value))));
}

const tensorflow::AttrValue *NodeImporter::attr(StringRef name) const {
  auto it = node.attr().find(name.str());
  return it == node.attr().end() ? nullptr : &it->second;
}

FailureOr<Type> NodeImporter::typeAttr(StringRef name) {
  const tensorflow::AttrValue *value = attr(name);
  if (!value || value->value_case() != tensorflow::AttrValue::kType)
    return error("needs a dtype attribute '" + name + "'");
  Type type = convertDataType(getContext(), value->type());
  if (!type)
    return error("dtype " + dataTypeName(value->type()) + " (attribute '" +
                 name +
                 "') is not supported: tfc has float, double, half, "
                 "bfloat16, int8, int32, int64 and bool");
  return type;
}

std::optional<int64_t> NodeImporter::intAttr(StringRef name) const {
  const tensorflow::AttrValue *value = attr(name);
  if (!value || value->value_case() != tensorflow::AttrValue::kI)
    return std::nullopt;
  return value->i();
}

bool NodeImporter::boolAttr(StringRef name, bool defaultValue) const {
  const tensorflow::AttrValue *value = attr(name);
  if (!value || value->value_case() != tensorflow::AttrValue::kB)
    return defaultValue;
  return value->b();
}

std::optional<std::string> NodeImporter::stringAttr(StringRef name) const {
  const tensorflow::AttrValue *value = attr(name);
  if (!value || value->value_case() != tensorflow::AttrValue::kS)
    return std::nullopt;
  return value->s();
}

std::optional<SmallVector<int64_t>>
NodeImporter::intListAttr(StringRef name) const {
  const tensorflow::AttrValue *value = attr(name);
  if (!value || value->value_case() != tensorflow::AttrValue::kList)
    return std::nullopt;
  return SmallVector<int64_t>(value->list().i().begin(),
                              value->list().i().end());
}

std::optional<SmallVector<int64_t>>
NodeImporter::shapeAttr(StringRef name) const {
  const tensorflow::AttrValue *value = attr(name);
  if (!value || value->value_case() != tensorflow::AttrValue::kShape ||
      value->shape().unknown_rank())
    return std::nullopt;
  SmallVector<int64_t> dims;
  for (const auto &dim : value->shape().dim())
    dims.push_back(dim.size());
  return dims;
}

namespace {

/// Collects the diagnostics of a step so that they can be reported as the
/// node's.
class CapturedDiagnostics {
public:
  explicit CapturedDiagnostics(MLIRContext *context)
      : handler(context, [this](Diagnostic &diag) {
          if (diag.getSeverity() == DiagnosticSeverity::Error)
            messages.push_back(diag.str());
          return success();
        }) {}
  std::vector<std::string> messages;

private:
  ScopedDiagnosticHandler handler;
};

} // namespace

/// Reports `messages` (what a step said) as errors of the node.
static LogicalResult reportAsNode(NodeImporter &n,
                                  ArrayRef<std::string> messages,
                                  StringRef fallback) {
  InFlightDiagnostic diag = n.emitError();
  for (auto [i, message] : llvm::enumerate(messages))
    diag << (i ? "; " : "") << message;
  if (messages.empty())
    diag << fallback;
  return failure();
}

LogicalResult NodeImporter::check(Operation *op) {
  std::vector<std::string> messages;
  {
    CapturedDiagnostics captured(getContext());
    if (succeeded(mlir::verify(op)))
      return success();
    messages = captured.messages;
  }
  return reportAsNode(*this, messages, "the op it becomes is invalid");
}

FailureOr<SmallVector<Value>>
NodeImporter::create(StringRef opName, ValueRange operands,
                     ArrayRef<NamedAttribute> attrs) {
  MLIRContext *context = getContext();
  std::optional<RegisteredOperationName> name =
      RegisteredOperationName::lookup(opName, context);
  assert(name && "importers create registered ops");
  auto *infer = name->getInterface<InferTypeOpInterface>();
  assert(infer && "importers create ops that infer their types");
  NamedAttrList inherent, discardable;
  for (const NamedAttribute &attr : attrs) {
    if (llvm::is_contained(name->getAttributeNames(), attr.getName()))
      inherent.push_back(attr);
    else
      discardable.push_back(attr);
  }
  DictionaryAttr dict = inherent.getDictionary(context);

  // The op's properties, made from the attributes, are what type inference
  // reads.
  int size = name->getOpPropertyByteSize();
  std::unique_ptr<std::max_align_t[]> storage;
  OpaqueProperties properties(nullptr);
  llvm::scope_exit destroy([&] {
    if (properties)
      name->destroyOpProperties(properties);
  });
  SmallVector<Type> types;
  std::vector<std::string> messages;
  bool badAttributes = false, inferred = false;
  {
    CapturedDiagnostics captured(context);
    if (size > 0) {
      storage.reset(new std::max_align_t[size / sizeof(std::max_align_t) + 1]);
      properties = OpaqueProperties(storage.get());
      name->initOpProperties(properties, OpaqueProperties(nullptr));
      badAttributes = failed(name->setOpPropertiesFromAttribute(
          *name, properties, dict, [&] { return mlir::emitError(loc); }));
    }
    if (!badAttributes)
      inferred = succeeded(infer->inferReturnTypes(
          context, loc, operands, dict, properties, RegionRange(), types));
    messages = captured.messages;
  }
  if (badAttributes)
    return reportAsNode(*this, messages,
                        ("bad attributes for " + opName).str());
  if (!inferred)
    return reportAsNode(*this, messages,
                        ("its inputs do not fit " + opName).str());

  OperationState state(loc, *name);
  state.addOperands(operands);
  state.addTypes(types);
  state.addAttributes(discardable);
  if (size > 0)
    state.propertiesAttr = dict;
  else
    state.addAttributes(inherent);
  Operation *op = builder.create(state);
  if (failed(check(op))) {
    op->erase();
    return failure();
  }
  SmallVector<Value> folded;
  if (succeeded(builder.tryFold(op, folded)) && !folded.empty()) {
    op->erase();
    return folded;
  }
  return SmallVector<Value>(op->getResults());
}

FailureOr<Value> NodeImporter::create1(StringRef opName, ValueRange operands,
                                       ArrayRef<NamedAttribute> attrs) {
  FailureOr<SmallVector<Value>> results = create(opName, operands, attrs);
  if (failed(results))
    return failure();
  assert(results->size() == 1 && "create1 makes one-result ops");
  return results->front();
}

SmallVector<Value> NodeImporter::takeControlTokens() {
  controlTaken = true;
  llvm::SetVector<Value> tokens;
  for (const NodeInput &input : scope.importer.index.inputs(index))
    if (input.control && !scope.isGivenControl(input.node))
      if (Value token = scope.tokenOf(input.node, builder))
        tokens.insert(token);
  tokens.insert(inheritedTokens.begin(), inheritedTokens.end());
  controlTokens.assign(tokens.begin(), tokens.end());
  return controlTokens;
}

void NodeImporter::setOutputs(ValueRange values) {
  result.outputs.clear();
  for (Value value : values)
    result.outputs.push_back({value, Value()});
}

LogicalResult NodeImporter::setResult(FailureOr<Value> value) {
  if (failed(value))
    return failure();
  setOutputs(*value);
  return success();
}

void NodeImporter::setOutput(unsigned i, ImportedValue value) {
  if (result.outputs.size() <= i)
    result.outputs.resize(i + 1);
  result.outputs[i] = value;
}

void NodeImporter::setToken(Value token) {
  result.token = token;
  result.hasOwnToken = true;
}
