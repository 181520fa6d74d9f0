//===- Autodiff.cpp - tfc.gradients and tfc.minimize ----------------------===//
//
// Implements tfc-autodiff: replaces tfc.gradients with its reverse-mode
// gradient graph, and tfc.minimize with the gradient graph of its loss and
// the optimizer's updates, at the end of the graph so that they follow
// every read of the forward pass.
//
//===----------------------------------------------------------------------===//

#include "tfc/Dialect/TFC/Transforms/Passes.h"

#include "Gradients/AllReduce.h"
#include "Gradients/GradientUtils.h"
#include "Gradients/Optimizers.h"
#include "Gradients/ReverseMode.h"
#include "TFNames.h"
#include "tfc/Dialect/TFC/IR/TFCOps.h"
#include "tfc/Dialect/TFC/Transforms/Gradients.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::tfc {
#define GEN_PASS_DEF_TFCAUTODIFF
#include "tfc/Dialect/TFC/Transforms/Passes.h.inc"
} // namespace mlir::tfc

using namespace mlir;
using namespace mlir::tfc;

namespace {

/// The symbol of the variable a handle refers to, or null when the handle
/// is not a tfc.var_handle.
StringAttr variableOf(Value handle) {
  auto op = handle.getDefiningOp<VarHandleOp>();
  return op ? op.getVariableAttr().getAttr() : StringAttr();
}

/// The control token an access op returns.
Value tokenOf(Operation *access) { return access->getResults().back(); }

/// The variable reads and writes of a graph body, by variable.
DenseMap<StringAttr, SmallVector<Operation *>> collectAccesses(Block &body) {
  DenseMap<StringAttr, SmallVector<Operation *>> accesses;
  for (Operation &op : body)
    if (isa<ReadOp, AssignOp, AssignAddOp, AssignSubOp>(op))
      if (StringAttr symbol = variableOf(op.getOperand(0)))
        accesses[symbol].push_back(&op);
  return accesses;
}

/// The ops of `body` that depend on `op`'s results, through data or
/// control edges, transitively.
llvm::DenseSet<Operation *> dependentsOf(Operation *op, Block &body) {
  llvm::DenseSet<Operation *> dependents;
  SmallVector<Operation *> worklist = {op};
  while (!worklist.empty()) {
    Operation *current = worklist.pop_back_val();
    for (Operation *user : current->getUsers()) {
      Operation *inBody = body.findAncestorOpInBlock(*user);
      if (inBody && dependents.insert(inBody).second)
        worklist.push_back(inBody);
    }
  }
  return dependents;
}

/// The argument whose dimension 0 is a data-parallel step's batch size:
/// the entry point's first argument of rank 1 or more, or null.
Value batchInputOf(GraphOp graph) {
  auto func = graph->getParentOfType<FunctionOpInterface>();
  if (!func || func.isExternal())
    return Value();
  for (BlockArgument arg : func.getArguments())
    if (auto type = dyn_cast<RankedTensorType>(arg.getType()))
      if (type.getRank() >= 1)
        return arg;
  return Value();
}

/// Checks that a training op sits directly in a graph, where tfc-autodiff
/// can see the whole forward pass.
LogicalResult checkInGraph(Operation *op) {
  if (isa_and_nonnull<GraphOp>(op->getParentOp()))
    return success();
  return op->emitOpError("must be directly inside a tfc.graph; resolve "
                         "scopes (tfc-resolve-scopes) before tfc-autodiff");
}

std::string nameOf(Value value) {
  if (Operation *op = value.getDefiningOp())
    if (auto name = op->getAttrOfType<StringAttr>(kNameAttrName))
      return name.str();
  return "the value";
}

class AutodiffExpander {
public:
  AutodiffExpander(ModuleOp module, const ReverseModeOptions &options,
                   bool dataParallel)
      : module(module), symbols(module), optimizerState(symbols, names),
        options(options), dataParallel(dataParallel) {
    // Generated names must not collide with any op or variable name.
    module.walk([&](Operation *op) {
      // The training ops themselves are replaced: their names are free.
      if (isa<GradientsOp, MinimizeOp>(op))
        return;
      if (auto name = op->getAttrOfType<StringAttr>(kNameAttrName))
        names.markUsed(name.getValue());
      if (auto global = dyn_cast<GlobalVariableOp>(op))
        names.markUsed(global.getSymName());
    });
  }

  LogicalResult expand(GradientsOp op);
  LogicalResult expand(MinimizeOp op);

private:
  FailureOr<SmallVector<GlobalVariableOp>> getTrainedVariables(MinimizeOp op);
  ModuleOp module;
  SymbolTable symbols;
  NameRegistry names;
  OptimizerState optimizerState;
  const ReverseModeOptions &options;
  bool dataParallel;
};

} // namespace

LogicalResult AutodiffExpander::expand(GradientsOp op) {
  if (failed(checkInGraph(op)))
    return failure();
  Block &body = *op->getBlock();
  auto accesses = collectAccesses(body);
  SmallVector<SmallVector<Value>> groups;
  for (Value x : op.getXs()) {
    SmallVector<Value> &group = groups.emplace_back();
    if (!isa<VarType>(x.getType())) {
      group.push_back(x);
      continue;
    }
    StringAttr symbol = variableOf(x);
    if (!symbol)
      return op.emitOpError("differentiates with respect to a variable "
                            "handle that is not a tfc.var_handle");
    for (Operation *access : accesses.lookup(symbol))
      if (auto read = dyn_cast<ReadOp>(access))
        group.push_back(read.getValue());
  }

  OpBuilder builder(op);
  FailureOr<SmallVector<Value>> gradients = buildReverseModeGradients(
      builder, op, body, op.getY(), op.getGradYs(), groups,
      names.makeUnique("gradients"), names, options);
  if (failed(gradients))
    return failure();

  SmallVector<Value> replacements;
  for (auto [index, x, gradient, result] :
       llvm::enumerate(op.getXs(), *gradients, op.getResults())) {
    Type type = result.getType();
    if (!gradient) {
      if (!isa<RankedTensorType>(type))
        return op.emitOpError("cannot build the zero gradient of a tensor "
                              "of unknown rank ")
               << type;
      op.emitWarning() << "no gradient of '" << nameOf(op.getY())
                       << "' flows to operand #" << index + 1
                       << " of tfc.gradients; it is zero (tf.gradients "
                          "returns None)";
      gradient =
          isa<VarType>(x.getType())
              ? ConstantOp::create(
                    builder, op.getLoc(),
                    DenseElementsAttr::get(
                        cast<ShapedType>(type),
                        builder.getFloatAttr(getElementTypeOrSelf(type), 0.0)))
                    .getResult()
              : buildFilledLike(builder, op.getLoc(), x, 0.0);
    }
    replacements.push_back(castToType(builder, op.getLoc(), gradient, type));
  }
  op->replaceAllUsesWith(replacements);
  op->erase();
  return success();
}

/// The variables a tfc.minimize trains: its var_list, or every trainable
/// global variable when the list is empty.
FailureOr<SmallVector<GlobalVariableOp>>
AutodiffExpander::getTrainedVariables(MinimizeOp op) {
  SmallVector<GlobalVariableOp> variables;
  for (Value handle : op.getVarList()) {
    StringAttr symbol = variableOf(handle);
    auto global =
        symbol ? symbols.lookup<GlobalVariableOp>(symbol) : GlobalVariableOp();
    if (!global)
      return op.emitOpError("var_list must hold tfc.var_handle values of "
                            "global variables");
    variables.push_back(global);
  }
  if (op.getVarList().empty())
    for (auto global : module.getOps<GlobalVariableOp>())
      if (global.isTrainable())
        variables.push_back(global);
  return variables;
}

/// One update per variable the loss depends on, with its gradient cast to
/// the variable's type; it runs after the variable's accesses that the step
/// does not follow and after the op's own control inputs.
static SmallVector<VariableUpdate> getVariableUpdates(
    OpBuilder &builder, MinimizeOp op, ArrayRef<GlobalVariableOp> variables,
    ArrayRef<SmallVector<Value>> groups, ArrayRef<Value> gradients,
    const DenseMap<StringAttr, SmallVector<Operation *>> &accesses,
    const llvm::DenseSet<Operation *> &dependents) {
  SmallVector<VariableUpdate> updates;
  for (auto [variable, group, gradient] :
       llvm::zip_equal(variables, groups, gradients)) {
    if (!gradient)
      continue; // As TensorFlow: a variable the loss ignores stays as is.
    GlobalVariableOp global = variable;
    VariableUpdate &update = updates.emplace_back();
    update.global = global;
    update.handle = cast<ReadOp>(group.front().getDefiningOp()).getVar();
    update.gradient =
        castToType(builder, op.getLoc(), gradient, global.getValueType());
    for (Operation *access : accesses.lookup(global.getSymNameAttr()))
      if (!dependents.contains(access))
        update.after.push_back(tokenOf(access));
    llvm::append_range(update.after, op.getAfter());
  }
  return updates;
}

LogicalResult AutodiffExpander::expand(MinimizeOp op) {
  if (failed(checkInGraph(op)))
    return failure();
  Block &body = *op->getBlock();
  auto graph = cast<GraphOp>(op->getParentOp());
  FetchOp fetch = graph.getFetch();
  auto accesses = collectAccesses(body);
  // The graph is acyclic (verified): the loss is not among these.
  llvm::DenseSet<Operation *> dependents = dependentsOf(op, body);

  FailureOr<SmallVector<GlobalVariableOp>> trained = getTrainedVariables(op);
  if (failed(trained))
    return failure();
  SmallVector<GlobalVariableOp> &variables = *trained;

  // Sources: the reads of each variable that the step does not follow.
  SmallVector<SmallVector<Value>> groups;
  for (GlobalVariableOp global : variables) {
    SmallVector<Value> &group = groups.emplace_back();
    for (Operation *access : accesses.lookup(global.getSymNameAttr()))
      if (auto read = dyn_cast<ReadOp>(access))
        if (!dependents.contains(read))
          group.push_back(read.getValue());
  }

  OpBuilder builder(fetch);
  FailureOr<SmallVector<Value>> gradients = buildReverseModeGradients(
      builder, op, body, op.getLoss(), /*gradY=*/Value(), groups,
      names.makeUnique("gradients"), names, options);
  if (failed(gradients))
    return failure();

  SmallVector<VariableUpdate> updates = getVariableUpdates(
      builder, op, variables, groups, *gradients, accesses, dependents);
  if (updates.empty()) {
    InFlightDiagnostic diag = op.emitOpError(
        "No gradients provided for any variable, check your graph for ops "
        "that do not support gradients, between variables [");
    llvm::interleaveComma(variables, diag, [&](GlobalVariableOp global) {
      diag << "'" << global.getSymName() << "'";
    });
    return diag << "] and loss '" << nameOf(op.getLoss()) << "'";
  }

  // Data-parallel training: the optimizer applies the job's mean gradients.
  if (dataParallel &&
      failed(buildGradientAllReduce(builder, op.getLoc(), op, updates,
                                    batchInputOf(graph), names,
                                    names.makeUnique("DataParallel"))))
    return failure();

  Attribute optimizer = op.getOptimizer();
  Value step = buildOptimizerStep(
      builder, op.getLoc(), optimizer, updates, optimizerState,
      names.makeUnique(getOptimizerName(optimizer)));
  op.getControl().replaceAllUsesWith(step);
  op->erase();

  // What depends on the step (a read after the train op, say) runs after
  // it: keep those ops in order, after the updates.
  SmallVector<Operation *> later;
  for (Operation &inBody : body)
    if (dependents.contains(&inBody) && &inBody != fetch.getOperation())
      later.push_back(&inBody);
  for (Operation *moved : later)
    moved->moveBefore(fetch);
  return success();
}

namespace {
struct TFCAutodiffPass : public tfc::impl::TFCAutodiffBase<TFCAutodiffPass> {
  using Base::Base;

  void getDependentDialects(DialectRegistry &registry) const override {
    Base::getDependentDialects(registry);
    registerDifferentiableOpInterfaceExternalModels(registry);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<GradientsOp> gradients;
    SmallVector<MinimizeOp> steps;
    module.walk([&](Operation *op) {
      if (auto gradientsOp = dyn_cast<GradientsOp>(op))
        gradients.push_back(gradientsOp);
      else if (auto minimize = dyn_cast<MinimizeOp>(op))
        steps.push_back(minimize);
    });
    if (gradients.empty() && steps.empty())
      return;
    ReverseModeOptions options;
    options.allowUndefinedGradients = allowUndefinedGradients;
    AutodiffExpander expander(module, options, dataParallel);
    // tf.gradients results may feed a loss; expand them first.
    for (GradientsOp op : gradients)
      if (failed(expander.expand(op)))
        return signalPassFailure();
    for (MinimizeOp op : steps)
      if (failed(expander.expand(op)))
        return signalPassFailure();
  }
};
} // namespace
