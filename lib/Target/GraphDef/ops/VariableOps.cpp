//===- VariableOps.cpp - reference and resource variables -----------------===//
//
// A variable node gives the handle of its `tfc.global_variable`. A
// reference (`VariableV2`) read where a value is expected becomes a
// `tfc.read` when the reading node runs (NodeImporter::input); `Assign`
// outputs both the new value and the variable, as TensorFlow's ref output.
//
//===----------------------------------------------------------------------===//

#include "../Importer.h"

using namespace mlir;
using namespace mlir::tfc;
using namespace mlir::tfc::graphdef;

static LogicalResult importVariable(NodeImporter &n) {
  FailureOr<GlobalVariableOp> global = n.scope.importer.globalVariable(n.index);
  if (failed(global))
    return failure();
  auto type =
      VarType::get(n.getContext(), cast<TensorType>(global->getValueType()));
  auto handle = VarHandleOp::create(
      n.builder, n.loc, type, FlatSymbolRefAttr::get(global->getSymNameAttr()));
  n.setOutput(0, {Value(), handle});
  return success();
}

/// Assign, AssignAdd, AssignSub (ref) and their resource forms.
template <typename AssignOpTy>
static LogicalResult importAssign(NodeImporter &n, bool resource) {
  // The control tokens first: a variable read for the value is read after
  // them.
  SmallVector<Value> after = n.takeControlTokens();
  FailureOr<Value> variable = n.variableInput(0);
  FailureOr<Value> value = n.input(1);
  if (failed(variable) || failed(value))
    return failure();
  if (Value read = n.result.token)
    after.push_back(read);
  auto op = AssignOpTy::create(n.builder, n.loc, *variable, *value, after);
  if (failed(n.check(op)))
    return failure();
  if (!resource)
    n.setOutput(0, {op.getNewValue(), *variable});
  n.setToken(op.getControl());
  return success();
}

static LogicalResult importReadVariable(NodeImporter &n) {
  FailureOr<Value> variable = n.variableInput(0);
  if (failed(variable))
    return failure();
  if (n.scope.initialValue) {
    n.setOutputs(
        InitializedValueOp::create(n.builder, n.loc, *variable).getResult());
    return success();
  }
  auto read =
      ReadOp::create(n.builder, n.loc, *variable, n.takeControlTokens());
  n.setOutputs(read.getValue());
  n.setToken(read.getControl());
  return success();
}

/// tfc initializes every variable before the first call, so this is true.
static LogicalResult importIsInitialized(NodeImporter &n) {
  if (failed(n.variableInput(0)))
    return failure();
  auto type = RankedTensorType::get({}, n.builder.getI1Type());
  auto constant = ConstantOp::create(
      n.builder, n.loc, DenseElementsAttr::get(type, ArrayRef<bool>{true}));
  n.setOutputs(constant.getResult());
  return success();
}

void mlir::tfc::graphdef::registerVariableOpImporters(OpRegistry &registry) {
  for (const char *op : {"VariableV2", "Variable", "VarHandleOp"})
    registry.add(op, importVariable, "tfc.global_variable, tfc.var_handle");
  registry.add(
      "Assign",
      [](NodeImporter &n) { return importAssign<AssignOp>(n, false); },
      "tfc.assign");
  registry.add(
      "AssignAdd",
      [](NodeImporter &n) { return importAssign<AssignAddOp>(n, false); },
      "tfc.assign_add");
  registry.add(
      "AssignSub",
      [](NodeImporter &n) { return importAssign<AssignSubOp>(n, false); },
      "tfc.assign_sub");
  registry.add(
      "AssignVariableOp",
      [](NodeImporter &n) { return importAssign<AssignOp>(n, true); },
      "tfc.assign");
  registry.add(
      "AssignAddVariableOp",
      [](NodeImporter &n) { return importAssign<AssignAddOp>(n, true); },
      "tfc.assign_add");
  registry.add(
      "AssignSubVariableOp",
      [](NodeImporter &n) { return importAssign<AssignSubOp>(n, true); },
      "tfc.assign_sub");
  registry.add("ReadVariableOp", importReadVariable, "tfc.read");
  registry.add("IsVariableInitialized", importIsInitialized,
               "tfc.constant (true)");
  registry.add("VarIsInitializedOp", importIsInitialized,
               "tfc.constant (true)");
}
