//===- GraphOps.cpp - graph plumbing: constants, placeholders, identity ---===//

#include "../Importer.h"

using namespace mlir;
using namespace mlir::tfc;
using namespace mlir::tfc::graphdef;

/// A scalar string is its bytes (a checkpoint path); other string
/// constants (a saver's name lists, which the saver ops read from the
/// graph) have no value.
static LogicalResult importStringConst(NodeImporter &n,
                                       const tensorflow::TensorProto &tensor) {
  if (tensor.tensor_shape().dim_size() != 0 || tensor.tensor_shape().unknown_rank()) {
    n.setOutput(0, {});
    return success();
  }
  std::string bytes =
      tensor.string_val_size() ? tensor.string_val(0) : std::string();
  n.setOutputs(n.bytes(bytes));
  return success();
}

static LogicalResult importConst(NodeImporter &n) {
  const tensorflow::AttrValue *value = n.attr("value");
  if (!value || value->value_case() != tensorflow::AttrValue::kTensor)
    return n.error("has no tensor attribute 'value'");
  // A scalar string becomes its bytes (a path for the saver ops); the
  // ops that read a string's text (an Assert's message) read it from the
  // node.
  if (value->tensor().dtype() == tensorflow::DT_STRING)
    return importStringConst(n, value->tensor());
  std::string why;
  FailureOr<DenseElementsAttr> attr =
      convertTensor(value->tensor(), n.getContext(), why);
  if (failed(attr))
    return n.error("its value " + why);
  auto op = ConstantOp::create(n.builder, n.loc, *attr);
  n.setOutputs(op->getResults());
  return success();
}

static LogicalResult importPlaceholder(NodeImporter &n) {
  return n.error("is a placeholder this entry point needs, but it is not "
                 "fed: add it to the entry's feeds");
}

/// PlaceholderWithDefault: its default when it is not fed.
static LogicalResult importForward(NodeImporter &n) {
  FailureOr<Value> input = n.input(0);
  if (failed(input))
    return failure();
  n.setOutputs(*input);
  return success();
}

/// IdentityN reads its inputs, except resources (a variable's handle a
/// function returns, say): those stay the variable, read by whoever reads
/// it.
static LogicalResult importIdentityN(NodeImporter &n) {
  const tensorflow::AttrValue *types = n.attr("T");
  for (unsigned i = 0, e = n.getNumInputs(); i < e; ++i) {
    bool resource = types && static_cast<int>(i) < types->list().type_size() &&
                    types->list().type(i) == tensorflow::DT_RESOURCE;
    if (resource) {
      FailureOr<ImportedValue> input = n.importedInput(i);
      if (failed(input))
        return failure();
      n.setOutput(i, *input);
      continue;
    }
    FailureOr<Value> input = n.input(i);
    if (failed(input))
      return failure();
    n.setOutput(i, {*input, Value()});
  }
  return success();
}

/// Ref-preserving identities pass the variable on (RefIdentity).
static LogicalResult importRefForward(NodeImporter &n) {
  FailureOr<Value> variable = n.variableInput(0);
  if (failed(variable))
    return failure();
  n.setOutput(0, {Value(), *variable});
  return success();
}

static LogicalResult importNoOp(NodeImporter &n) {
  SmallVector<Value> tokens = n.takeControlTokens();
  auto op = NoOpOp::create(n.builder, n.loc, tokens);
  n.setToken(op.getControl());
  return success();
}

/// Assert(condition, data...): a false condition fails the run with
/// "assertion failed: " and the data, each in brackets and summarized to
/// `summarize` elements, as TensorFlow's kernel writes them. tfc has no
/// string tensors: the string constants of the data (tf.assert_equal's
/// "Condition x == y did not hold element-wise:") make the message, each
/// in its brackets, and the tensors' values follow them, so strings that
/// TensorFlow prints between two tensors come before the values here.
static LogicalResult importAssert(NodeImporter &n) {
  if (n.getNumInputs() == 0)
    return n.error("needs a condition");
  FailureOr<Value> condition = n.input(0);
  if (failed(condition))
    return failure();
  auto type = dyn_cast<RankedTensorType>(condition->getType());
  if (!type || type.getRank() != 0 || !type.getElementType().isInteger(1)) {
    n.emitError() << "the condition must be a bool scalar, not "
                  << condition->getType();
    return failure();
  }
  std::string message;
  SmallVector<Value> data;
  for (unsigned i = 1; i < n.getNumInputs(); ++i) {
    if (std::optional<std::string> text = n.constantStringInput(i)) {
      // The runtime brackets the whole message: the brackets between the
      // strings make each one bracketed, as TensorFlow prints them.
      message += (message.empty() ? "" : "] [") + *text;
      continue;
    }
    FailureOr<Value> value = n.input(i);
    if (failed(value))
      return failure();
    data.push_back(*value);
  }
  int64_t summarize = n.intAttr("summarize").value_or(3);
  auto check = AssertOp::create(
      n.builder, n.loc, *condition, data, n.builder.getStringAttr(message),
      n.builder.getI64IntegerAttr(summarize), n.takeControlTokens());
  if (failed(n.check(check)))
    return failure();
  n.setToken(check.getControl());
  return success();
}

void mlir::tfc::graphdef::registerGraphOpImporters(OpRegistry &registry) {
  registry.add("Const", importConst, "tfc.constant");
  registry.add("Placeholder", importPlaceholder, "function argument (fed)");
  registry.add("PlaceholderV2", importPlaceholder, "function argument (fed)");
  registry.add("PlaceholderWithDefault", importForward,
               "its default, or a function argument when fed");
  for (const char *op :
       {"Identity", "Snapshot", "StopGradient", "PreventGradient"})
    registry.add(op, importForward, "(its input)");
  registry.add("IdentityN", importIdentityN, "(its inputs)");
  registry.add("RefIdentity", importRefForward, "(its variable)");
  registry.add("NoOp", importNoOp, "tfc.no_op");
  registry.add("ControlTrigger", importNoOp, "tfc.no_op");
  registry.add("Assert", importAssert, "tfc.assert");
}
