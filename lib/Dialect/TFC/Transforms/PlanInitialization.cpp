//===- PlanInitialization.cpp - order variable initialization -------------===//
//
// Implements tfc-plan-initialization: per collection, orders the variables so
// that every variable initializes after those whose initial values it uses.
//
//===----------------------------------------------------------------------===//

#include "tfc/Dialect/TFC/Transforms/Passes.h"

#include "tfc/Dialect/TFC/IR/TFCOps.h"

#include "mlir/IR/Builders.h"
#include "tfc/Dialect/TFC/IR/TFCDialect.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::tfc {
#define GEN_PASS_DEF_TFCPLANINITIALIZATION
#include "tfc/Dialect/TFC/Transforms/Passes.h.inc"
} // namespace mlir::tfc

using namespace mlir;
using namespace mlir::tfc;

namespace {

/// The variables a global variable's initial value reads, in use order.
using Dependencies =
    llvm::DenseMap<GlobalVariableOp, SmallVector<GlobalVariableOp>>;

/// Collects, for every variable, the variables its initial_value region
/// refers to.
static Dependencies collectDependencies(ModuleOp module,
                                        SymbolTable &symbols) {
  Dependencies deps;
  for (auto global : module.getOps<GlobalVariableOp>()) {
    llvm::SetVector<GlobalVariableOp> used;
    global.getInitialValue().walk([&](VarHandleOp handle) {
      if (auto target =
              symbols.lookup<GlobalVariableOp>(handle.getVariable()))
        used.insert(target);
    });
    deps[global] = used.takeVector();
  }
  return deps;
}

/// Reports a cycle of initializer dependencies, if any, naming its variables.
static LogicalResult checkAcyclic(ModuleOp module, const Dependencies &deps) {
  enum class Mark { Active, Done };
  llvm::DenseMap<GlobalVariableOp, Mark> marks;
  SmallVector<GlobalVariableOp> path;

  std::function<LogicalResult(GlobalVariableOp)> visit =
      [&](GlobalVariableOp global) -> LogicalResult {
    auto it = marks.find(global);
    if (it != marks.end()) {
      if (it->second == Mark::Done)
        return success();
      // `global` is on the current path: the cycle runs from it to the end.
      auto start = llvm::find(path, global);
      std::string cycle;
      for (GlobalVariableOp member : llvm::make_range(start, path.end()))
        cycle += "@" + member.getSymName().str() + " -> ";
      cycle += "@" + global.getSymName().str();
      InFlightDiagnostic diag =
          global.emitError("initializer dependency cycle: ") << cycle;
      for (GlobalVariableOp member : llvm::make_range(start + 1, path.end()))
        diag.attachNote(member.getLoc())
            << "@" << member.getSymName() << " is on the cycle";
      return diag;
    }
    marks[global] = Mark::Active;
    path.push_back(global);
    for (GlobalVariableOp dep : deps.lookup(global))
      if (failed(visit(dep)))
        return failure();
    path.pop_back();
    marks[global] = Mark::Done;
    return success();
  };

  for (auto global : module.getOps<GlobalVariableOp>())
    if (failed(visit(global)))
      return failure();
  return success();
}

/// The variables of `collection` in module order, each after its
/// dependencies in the same collection.
static SmallVector<Attribute> planCollection(ModuleOp module,
                                             const Dependencies &deps,
                                             StringRef collection) {
  llvm::SetVector<GlobalVariableOp> order;
  std::function<void(GlobalVariableOp)> visit = [&](GlobalVariableOp global) {
    if (order.contains(global))
      return;
    for (GlobalVariableOp dep : deps.lookup(global))
      if (dep.isInCollection(collection))
        visit(dep);
    order.insert(global);
  };
  for (auto global : module.getOps<GlobalVariableOp>())
    if (global.isInCollection(collection))
      visit(global);
  return llvm::map_to_vector(order, [](GlobalVariableOp global) -> Attribute {
    return FlatSymbolRefAttr::get(global.getSymNameAttr());
  });
}

struct TFCPlanInitializationPass
    : public tfc::impl::TFCPlanInitializationBase<TFCPlanInitializationPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    for (auto plan : llvm::make_early_inc_range(
             module.getOps<InitializerPlanOp>()))
      plan->erase();

    SymbolTable symbols(module);
    Dependencies deps = collectDependencies(module, symbols);
    if (failed(checkAcyclic(module, deps)))
      return signalPassFailure();

    // The plans follow the last variable.
    OpBuilder builder = OpBuilder::atBlockBegin(module.getBody());
    for (auto global : module.getOps<GlobalVariableOp>())
      builder.setInsertionPointAfter(global);
    for (StringRef collection : {kGlobalVariables, kLocalVariables}) {
      SmallVector<Attribute> order = planCollection(module, deps, collection);
      InitializerPlanOp::create(builder, module.getLoc(),
                                builder.getStringAttr(collection),
                                builder.getArrayAttr(order));
    }
  }
};

} // namespace
