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
  auto type = RankedTensorType::get({static_cast<int64_t>(bytes.size())},
                                    n.builder.getI8Type());
  SmallVector<int8_t> values(bytes.begin(), bytes.end());
  n.setOutputs(
      n.constant(DenseElementsAttr::get(type, ArrayRef<int8_t>(values))));
  return success();
}

static LogicalResult importConst(NodeImporter &n) {
  const tensorflow::AttrValue *value = n.attr("value");
  if (!value || value->value_case() != tensorflow::AttrValue::kTensor)
    return n.error("has no tensor attribute 'value'");
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

static LogicalResult importIdentityN(NodeImporter &n) {
  FailureOr<SmallVector<Value>> inputs = n.allInputs();
  if (failed(inputs))
    return failure();
  n.setOutputs(*inputs);
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
}
