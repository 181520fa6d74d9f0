//===- LowerVariables.cpp - variables as buffers from the runtime ---------===//
//
// Implements tfc-lower-variables: a function's variables become memref
// arguments that the runtime fills with the store's buffers; reads and
// assigns become SSA values, and assigned variables are written back once.
//
//===----------------------------------------------------------------------===//

#include "tfc/Conversion/Passes.h"

#include "tfc/Dialect/TFC/IR/TFCOps.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::tfc {
#define GEN_PASS_DEF_TFCLOWERVARIABLES
#include "tfc/Conversion/Passes.h.inc"
} // namespace mlir::tfc

using namespace mlir;
using namespace mlir::tfc;

/// `value` as `type` when that is a more or less static form of its type.
static Value castToType(OpBuilder &builder, Location loc, Value value,
                        Type type) {
  if (value.getType() == type)
    return value;
  return tensor::CastOp::create(builder, loc, type, value);
}

namespace {

/// The state of one variable while the function is walked in order.
struct VariableState {
  BlockArgument buffer;
  /// The value the variable had when the call started.
  Value initial;
  /// The value it has at the point of the walk.
  Value current;
  bool assigned = false;
};

/// The current values of the variables at a point of the walk.
using Snapshot = llvm::DenseMap<StringAttr, Value>;

class VariableLowering {
public:
  VariableLowering(func::FuncOp func, SymbolTable &symbols)
      : func(func), symbols(symbols) {}

  LogicalResult run();

private:
  /// The state of the variable a handle refers to, adding its buffer
  /// argument on first use.
  FailureOr<VariableState *> stateOf(Value handle);

  /// Lowers the accesses of a block, and of the regions of its `tfc.cond`
  /// and `tfc.while` ops, in execution order.
  LogicalResult lowerBlock(Block &block);
  LogicalResult lowerAssign(Operation *op, Value var, Value value);
  LogicalResult lowerCond(CondOp cond);
  LogicalResult lowerWhile(WhileOp loop);

  Snapshot snapshot() const;
  /// Makes the values of `values` current; a variable first used after the
  /// snapshot has its initial value.
  void restore(const Snapshot &values);

  func::FuncOp func;
  SymbolTable &symbols;
  llvm::MapVector<StringAttr, VariableState> variables;
  /// The lowered reads and assigns, erased at the end.
  SmallVector<Operation *> accesses;
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
  state.initial = initial;
  state.current = initial;
  return &state;
}

Snapshot VariableLowering::snapshot() const {
  Snapshot values;
  for (auto &[name, state] : variables)
    values[name] = state.current;
  return values;
}

void VariableLowering::restore(const Snapshot &values) {
  for (auto &[name, state] : variables) {
    Value value = values.lookup(name);
    state.current = value ? value : state.initial;
  }
}

/// The symbol of the variable an assign writes, if it has a handle.
static StringAttr assignedVariable(Operation *op) {
  Value var;
  if (auto assign = dyn_cast<AssignOp>(op))
    var = assign.getVar();
  else if (auto add = dyn_cast<AssignAddOp>(op))
    var = add.getVar();
  else if (auto sub = dyn_cast<AssignSubOp>(op))
    var = sub.getVar();
  else
    return {};
  auto handle = var.getDefiningOp<VarHandleOp>();
  return handle ? handle.getVariableAttr().getAttr() : StringAttr();
}

static bool accessesVariables(Operation *op) {
  WalkResult found = op->walk([](Operation *inner) {
    return isa<ReadOp, AssignOp, AssignAddOp, AssignSubOp>(inner)
               ? WalkResult::interrupt()
               : WalkResult::advance();
  });
  return found.wasInterrupted();
}

LogicalResult VariableLowering::lowerAssign(Operation *op, Value var,
                                            Value value) {
  FailureOr<VariableState *> state = stateOf(var);
  if (failed(state))
    return failure();
  OpBuilder builder(op);
  Type varType = (*state)->current.getType();
  Value updated;
  if (isa<AssignOp>(op))
    updated = castToType(builder, op->getLoc(), value, varType);
  else if (isa<AssignAddOp>(op))
    updated = castToType(
        builder, op->getLoc(),
        AddOp::create(builder, op->getLoc(), (*state)->current, value),
        varType);
  else
    updated = castToType(
        builder, op->getLoc(),
        SubOp::create(builder, op->getLoc(), (*state)->current, value),
        varType);
  (*state)->current = updated;
  (*state)->assigned = true;
  op->getResult(0).replaceAllUsesWith(
      castToType(builder, op->getLoc(), updated, op->getResult(0).getType()));
  accesses.push_back(op);
  return success();
}

/// Each branch starts from the values before the cond; a variable that
/// either branch changes becomes a result of the cond, yielded by both.
LogicalResult VariableLowering::lowerCond(CondOp cond) {
  Snapshot before = snapshot();
  SmallVector<Snapshot, 2> after;
  for (Region *branch : {&cond.getThenBranch(), &cond.getElseBranch()}) {
    restore(before);
    if (failed(lowerBlock(branch->front())))
      return failure();
    after.push_back(snapshot());
  }
  restore(before);

  SmallVector<StringAttr> changed;
  for (auto &[name, state] : variables) {
    Value incoming = before.lookup(name);
    if (!incoming)
      incoming = state.initial;
    if (after[0].lookup(name) != incoming || after[1].lookup(name) != incoming)
      changed.push_back(name);
  }
  if (changed.empty())
    return success();

  SmallVector<Type> types(cond.getResultTypes());
  for (StringAttr name : changed)
    types.push_back(variables[name].initial.getType());
  OpBuilder builder(cond);
  auto lowered = CondOp::create(builder, cond.getLoc(), types, cond.getPred(),
                                cond->getAttrs());
  Region *branches[] = {&cond.getThenBranch(), &cond.getElseBranch()};
  for (auto [index, branch] : llvm::enumerate(branches)) {
    Operation *yield = branch->front().getTerminator();
    for (StringAttr name : changed) {
      Value value = after[index].lookup(name);
      yield->insertOperands(yield->getNumOperands(),
                            value ? value : variables[name].initial);
    }
  }
  lowered.getThenBranch().takeBody(cond.getThenBranch());
  lowered.getElseBranch().takeBody(cond.getElseBranch());
  cond->replaceAllUsesWith(
      lowered->getResults().take_front(cond->getNumResults()));
  for (auto [index, name] : llvm::enumerate(changed))
    variables[name].current = lowered->getResult(cond->getNumResults() + index);
  cond->erase();
  return success();
}

/// A variable the body assigns becomes a loop variable: its value enters
/// the loop, each iteration yields the new one, and the loop's result is
/// its value afterwards. Variables only read are loop invariants.
LogicalResult VariableLowering::lowerWhile(WhileOp loop) {
  WalkResult inCondition = loop.getCond().walk([](Operation *op) {
    return assignedVariable(op) ? WalkResult::interrupt()
                                : WalkResult::advance();
  });
  if (inCondition.wasInterrupted())
    return loop.emitOpError("assigns a variable in its condition, which code "
                            "generation does not support; assign it in the "
                            "body");
  llvm::SetVector<StringAttr> carried;
  WalkResult unknown = loop.getBody().walk([&](Operation *op) {
    if (!isa<AssignOp, AssignAddOp, AssignSubOp>(op))
      return WalkResult::advance();
    StringAttr name = assignedVariable(op);
    if (!name || failed(stateOf(op->getOperand(0))))
      return WalkResult::interrupt();
    carried.insert(name);
    return WalkResult::advance();
  });
  if (unknown.wasInterrupted())
    return failure();

  if (!carried.empty()) {
    SmallVector<Type> types(loop.getResultTypes());
    SmallVector<Value> inits(loop.getInits());
    for (StringAttr name : carried) {
      types.push_back(variables[name].initial.getType());
      inits.push_back(variables[name].current);
    }
    OpBuilder builder(loop);
    auto lowered =
        WhileOp::create(builder, loop.getLoc(), types, inits, loop->getAttrs());
    lowered.getCond().takeBody(loop.getCond());
    lowered.getBody().takeBody(loop.getBody());
    for (Region *region : {&lowered.getCond(), &lowered.getBody()})
      for (StringAttr name : carried)
        region->front().addArgument(variables[name].initial.getType(),
                                    loop.getLoc());
    loop->replaceAllUsesWith(
        lowered->getResults().take_front(loop->getNumResults()));
    loop->erase();
    loop = lowered;
  }

  unsigned first = loop->getNumResults() - carried.size();
  Snapshot before = snapshot();
  for (Region *region : {&loop.getCond(), &loop.getBody()}) {
    restore(before);
    for (auto [index, name] : llvm::enumerate(carried))
      variables[name].current = region->front().getArgument(first + index);
    if (failed(lowerBlock(region->front())))
      return failure();
  }
  Operation *yield = loop.getBody().front().getTerminator();
  for (StringAttr name : carried)
    yield->insertOperands(yield->getNumOperands(), variables[name].current);
  restore(before);
  for (auto [index, name] : llvm::enumerate(carried))
    variables[name].current = loop->getResult(first + index);
  return success();
}

LogicalResult VariableLowering::lowerBlock(Block &block) {
  for (Operation &op : llvm::make_early_inc_range(block)) {
    if (auto read = dyn_cast<ReadOp>(op)) {
      FailureOr<VariableState *> state = stateOf(read.getVar());
      if (failed(state))
        return failure();
      OpBuilder builder(read);
      read.getValue().replaceAllUsesWith(castToType(builder, read.getLoc(),
                                                    (*state)->current,
                                                    read.getValue().getType()));
      accesses.push_back(read);
      continue;
    }
    if (auto assign = dyn_cast<AssignOp>(op)) {
      if (failed(lowerAssign(assign, assign.getVar(), assign.getValue())))
        return failure();
      continue;
    }
    if (auto add = dyn_cast<AssignAddOp>(op)) {
      if (failed(lowerAssign(add, add.getVar(), add.getValue())))
        return failure();
      continue;
    }
    if (auto sub = dyn_cast<AssignSubOp>(op)) {
      if (failed(lowerAssign(sub, sub.getVar(), sub.getValue())))
        return failure();
      continue;
    }
    if (!accessesVariables(&op))
      continue;
    if (auto cond = dyn_cast<CondOp>(op)) {
      if (failed(lowerCond(cond)))
        return failure();
      continue;
    }
    if (auto loop = dyn_cast<WhileOp>(op)) {
      if (failed(lowerWhile(loop)))
        return failure();
      continue;
    }
    return op.emitOpError("reads or assigns variables in a region that code "
                          "generation does not support");
  }
  return success();
}

LogicalResult VariableLowering::run() {
  if (!func.getBody().hasOneBlock())
    return func.emitOpError("variables are lowered in single-block "
                            "functions only");
  Block &body = func.getBody().front();
  if (failed(lowerBlock(body)))
    return failure();

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
  SmallVector<VarHandleOp> handles;
  func.walk([&](VarHandleOp handle) { handles.push_back(handle); });
  for (VarHandleOp handle : handles) {
    if (!handle->use_empty())
      return handle.emitOpError("is still used after variable lowering");
    handle->erase();
  }

  if (variables.empty())
    return success();
  MLIRContext *context = func.getContext();
  SmallVector<Attribute> names =
      llvm::map_to_vector(variables, [](auto &entry) -> Attribute {
        return FlatSymbolRefAttr::get(entry.first);
      });
  func->setAttr(kVariablesAttrName, ArrayAttr::get(context, names));
  if (llvm::any_of(variables,
                   [](auto &entry) { return entry.second.assigned; }))
    func->setAttr(kWritesVariablesAttrName, UnitAttr::get(context));
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
      bool called =
          !uses || llvm::any_of(*uses, [](const SymbolTable::SymbolUse &use) {
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
