//===- LowerVariables.cpp - variables as buffers from the runtime ---------===//
//
// Implements tfc-lower-variables: a function's variables become memref
// arguments that the runtime fills with the store's buffers; reads and
// assigns become SSA values, and assigned variables are written back once.
//
//===----------------------------------------------------------------------===//

#include "tfc/Dialect/TFC/Transforms/Passes.h"

#include "tfc/Dialect/TFC/IR/TFCOps.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "llvm/ADT/MapVector.h"

namespace mlir::tfc {
#define GEN_PASS_DEF_TFCLOWERVARIABLES
#include "tfc/Dialect/TFC/Transforms/Passes.h.inc"
} // namespace mlir::tfc

using namespace mlir;
using namespace mlir::tfc;

namespace {

/// The state of one variable while the function is walked in order.
struct VariableState {
  BlockArgument buffer;
  Value current;
  bool assigned = false;
};

/// Casts `value` to `type` when it is a less static version of it.
static Value castTo(OpBuilder &builder, Location loc, Value value, Type type) {
  if (value.getType() == type)
    return value;
  return tensor::CastOp::create(builder, loc, type, value);
}

class VariableLowering {
public:
  VariableLowering(func::FuncOp func, SymbolTable &symbols)
      : func(func), symbols(symbols) {}

  LogicalResult run();

private:
  /// The state of the variable a handle refers to, adding its buffer
  /// argument on first use.
  FailureOr<VariableState *> stateOf(Value handle);

  func::FuncOp func;
  SymbolTable &symbols;
  llvm::MapVector<StringAttr, VariableState> variables;
};

} // namespace

FailureOr<VariableState *> VariableLowering::stateOf(Value handle) {
  auto handleOp = handle.getDefiningOp<VarHandleOp>();
  if (!handleOp)
    return emitError(handle.getLoc(), "variable handle does not come from "
                                      "tfc.var_handle; resolve scopes first");
  StringAttr name = handleOp.getVariableAttr().getAttr();
  auto it = variables.find(name);
  if (it != variables.end())
    return &it->second;

  auto global = symbols.lookup<GlobalVariableOp>(name);
  if (!global)
    return handleOp.emitOpError("refers to an unknown variable");
  auto tensorType = cast<RankedTensorType>(global.getValueType());
  auto memrefType =
      MemRefType::get(tensorType.getShape(), tensorType.getElementType());
  unsigned index = func.getNumArguments();
  if (failed(func.insertArgument(index, memrefType, {}, global.getLoc())))
    return func.emitOpError("cannot add the buffer argument of variable @")
           << name.getValue();
  BlockArgument buffer = func.getArgument(index);
  OpBuilder builder = OpBuilder::atBlockBegin(&func.getBody().front());
  Value initial = bufferization::ToTensorOp::create(
      builder, global.getLoc(), tensorType, buffer, /*restrict=*/true,
      /*writable=*/true);
  VariableState &state = variables[name];
  state.buffer = buffer;
  state.current = initial;
  return &state;
}

LogicalResult VariableLowering::run() {
  if (!func.getBody().hasOneBlock())
    return func.emitOpError("variables are lowered in single-block "
                            "functions only");
  Block &body = func.getBody().front();
  SmallVector<Operation *> accesses;
  for (Operation &op : llvm::make_early_inc_range(body)) {
    OpBuilder builder(&op);
    if (auto read = dyn_cast<ReadOp>(op)) {
      FailureOr<VariableState *> state = stateOf(read.getVar());
      if (failed(state))
        return failure();
      read.getValue().replaceAllUsesWith(
          castTo(builder, read.getLoc(), (*state)->current,
                 read.getValue().getType()));
      accesses.push_back(read);
      continue;
    }
    Value updated;
    Value var, value;
    if (auto assign = dyn_cast<AssignOp>(op)) {
      var = assign.getVar();
      value = assign.getValue();
    } else if (auto add = dyn_cast<AssignAddOp>(op)) {
      var = add.getVar();
      value = add.getValue();
    } else if (auto sub = dyn_cast<AssignSubOp>(op)) {
      var = sub.getVar();
      value = sub.getValue();
    } else {
      // Effects nested in other ops (control flow) are not lowered yet.
      WalkResult nested = op.walk([&](Operation *inner) {
        if (inner != &op && isa<ReadOp, AssignOp, AssignAddOp, AssignSubOp>(inner))
          return WalkResult::interrupt();
        return WalkResult::advance();
      });
      if (nested.wasInterrupted())
        return op.emitOpError("reads or assigns variables in a nested region, "
                              "which code generation does not support yet");
      continue;
    }
    FailureOr<VariableState *> state = stateOf(var);
    if (failed(state))
      return failure();
    Type varType = (*state)->current.getType();
    if (isa<AssignOp>(op))
      updated = castTo(builder, op.getLoc(), value, varType);
    else if (isa<AssignAddOp>(op))
      updated = castTo(builder, op.getLoc(),
                       AddOp::create(builder, op.getLoc(), (*state)->current,
                                     value),
                       varType);
    else
      updated = castTo(builder, op.getLoc(),
                       SubOp::create(builder, op.getLoc(), (*state)->current,
                                     value),
                       varType);
    (*state)->current = updated;
    (*state)->assigned = true;
    op.getResult(0).replaceAllUsesWith(
        castTo(builder, op.getLoc(), updated, op.getResult(0).getType()));
    accesses.push_back(&op);
  }

  // A returned value read before an assign still refers to the variable's
  // buffer, which the write-back below overwrites: return a copy instead.
  Operation *terminator = body.getTerminator();
  OpBuilder builder(terminator);
  for (OpOperand &operand : terminator->getOpOperands()) {
    Value value = operand.get();
    while (auto cast = value.getDefiningOp<tensor::CastOp>())
      value = cast.getSource();
    auto toTensor = value.getDefiningOp<bufferization::ToTensorOp>();
    if (!toTensor)
      continue;
    bool overwritten = llvm::any_of(variables, [&](auto &entry) {
      return entry.second.assigned &&
             entry.second.buffer == toTensor.getBuffer();
    });
    if (!overwritten)
      continue;
    auto copy = bufferization::AllocTensorOp::create(
        builder, terminator->getLoc(),
        cast<RankedTensorType>(operand.get().getType()), ValueRange{},
        operand.get());
    operand.set(copy);
  }

  // Write the final values back where the function returns.
  for (auto &[name, state] : variables)
    if (state.assigned)
      bufferization::MaterializeInDestinationOp::create(
          builder, terminator->getLoc(), TypeRange{}, state.current,
          state.buffer, /*restrict=*/true, /*writable=*/true);

  // Drop the accesses (later ones first: their tokens feed each other) and
  // the handles.
  for (Operation *op : llvm::reverse(accesses)) {
    Value token = op->getResults().back();
    for (OpOperand &use : token.getUses())
      if (!llvm::is_contained(accesses, use.getOwner()))
        return use.getOwner()->emitOpError(
            "uses the control token of a variable access; lower control "
            "dependencies before variables");
    op->erase();
  }
  for (Operation &op : llvm::make_early_inc_range(body))
    if (auto handle = dyn_cast<VarHandleOp>(op)) {
      if (!handle->use_empty())
        return handle.emitOpError("is still used after variable lowering");
      handle->erase();
    }

  if (variables.empty())
    return success();
  MLIRContext *context = func.getContext();
  SmallVector<Attribute> names = llvm::map_to_vector(
      variables, [](auto &entry) -> Attribute {
        return FlatSymbolRefAttr::get(entry.first);
      });
  func->setAttr("tfc.variables", ArrayAttr::get(context, names));
  if (llvm::any_of(variables, [](auto &entry) { return entry.second.assigned; }))
    func->setAttr("tfc.writes_variables", UnitAttr::get(context));
  return success();
}

namespace {
struct TFCLowerVariablesPass
    : public tfc::impl::TFCLowerVariablesBase<TFCLowerVariablesPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    for (auto func : module.getOps<func::FuncOp>()) {
      if (func.isExternal())
        continue;
      bool usesVariables = false;
      func.walk([&](Operation *op) {
        if (isa<VarHandleOp, ReadOp, AssignOp, AssignAddOp, AssignSubOp>(op))
          usesVariables = true;
      });
      if (!usesVariables)
        continue;
      std::optional<SymbolTable::UseRange> uses =
          SymbolTable::getSymbolUses(func, module);
      bool called = !uses || llvm::any_of(*uses, [](const SymbolTable::SymbolUse &use) {
        return isa<CallOpInterface>(use.getUser());
      });
      if (called) {
        func.emitOpError("uses variables and is called from other functions; "
                         "only entry points may use variables");
        return signalPassFailure();
      }
      if (failed(VariableLowering(func, symbols).run()))
        return signalPassFailure();
    }
  }
};
} // namespace
