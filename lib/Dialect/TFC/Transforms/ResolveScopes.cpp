//===- ResolveScopes.cpp - TensorFlow's naming and sharing rules ----------===//
//
// Implements tfc-resolve-scopes: walks the graphs of a module in text order
// with TensorFlow 1's name and variable scopes, names every op, resolves
// tfc.get_variable / tfc.variable to module-level tfc.global_variable symbols
// and flattens the scopes.
//
//===----------------------------------------------------------------------===//

#include "tfc/Dialect/TFC/Transforms/Passes.h"

#include "TFNames.h"
#include "tfc/Dialect/TFC/IR/TFCOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringMap.h"

namespace mlir::tfc {
#define GEN_PASS_DEF_TFCRESOLVESCOPES
#include "tfc/Dialect/TFC/Transforms/Passes.h.inc"
} // namespace mlir::tfc

using namespace mlir;
using namespace mlir::tfc;

/// The attribute holding an op's full TensorFlow name.
static constexpr StringLiteral kNameAttr = "tfc.name";

namespace {

/// How tfc.get_variable treats existing and missing variables in a scope.
enum class ReuseMode {
  /// Create; an existing variable is an error (reuse=False).
  None,
  /// Reuse; a missing variable is an error (reuse=True).
  Reuse,
  /// Reuse existing, create missing (reuse=tf.AUTO_REUSE).
  Auto,
};

/// Where the walk is: the current name scope (for ops and tf.Variable), the
/// current variable scope (for tf.get_variable) and its reuse mode.
struct ScopeContext {
  std::string nameScope;
  std::string varScope;
  ReuseMode reuse = ReuseMode::None;
  /// The handle of the captured scope this body belongs to, if any, so that
  /// `reuse_variables()` also changes the scope object.
  std::string handle;
};

/// A scope captured with `as @handle`, as the Python scope object is.
struct CapturedScope {
  std::string varScope;
  ReuseMode reuse;
};

class ScopeResolver {
public:
  explicit ScopeResolver(ModuleOp module) : module(module) {}

  LogicalResult run();

private:
  LogicalResult resolveBlock(Block &block, ScopeContext &ctx);
  LogicalResult resolveOp(Operation *op, ScopeContext &ctx);
  LogicalResult resolveNameScope(NameScopeOp scope, ScopeContext &ctx);
  LogicalResult resolveVariableScope(VariableScopeOp scope, ScopeContext &ctx);
  LogicalResult resolveGetVariable(GetVariableOp op, ScopeContext &ctx);
  LogicalResult resolveVariable(VariableOp op, ScopeContext &ctx);
  LogicalResult resolveAddToCollection(AddToCollectionOp op);

  /// Creates the global variable `fullName` for a variable-creating op.
  template <typename CreationOp>
  FailureOr<GlobalVariableOp> createGlobal(CreationOp op, StringRef fullName);

  /// Replaces a variable-creating op with a handle to `global`.
  void replaceWithHandle(Operation *op, GlobalVariableOp global);

  /// Gives `op` its full name in the current name scope.
  void nameOp(Operation *op, ScopeContext &ctx);

  /// Brings the values an initial_value region uses from the graph into the
  /// (isolated) global variable: handles and constants are cloned.
  LogicalResult isolateInitialValue(GlobalVariableOp global);

  ModuleOp module;
  NameRegistry names;
  /// Variables by full name: those in the module already and those created.
  llvm::StringMap<GlobalVariableOp> variables;
  /// Where each created variable was defined, for "originally defined" notes.
  llvm::StringMap<Location> definitions;
  llvm::StringMap<CapturedScope> capturedScopes;
  /// Global variables whose initial_value region came from a graph.
  SmallVector<GlobalVariableOp> movedInitialValues;
};

} // namespace

//===----------------------------------------------------------------------===//
// Types made more precise
//===----------------------------------------------------------------------===//

/// `value` now has a more precise type than `oldType` (a reused variable got
/// the existing variable's type). Re-infers the result types of its users;
/// where a user cannot re-infer, a tensor.cast restores the old type for it.
static void refineUsers(Value value, Type oldType) {
  SmallVector<std::pair<Value, Type>> worklist = {{value, oldType}};
  while (!worklist.empty()) {
    auto [current, previous] = worklist.pop_back_val();
    for (OpOperand &use : llvm::make_early_inc_range(current.getUses())) {
      Operation *user = use.getOwner();
      auto infer = dyn_cast<InferTypeOpInterface>(user);
      SmallVector<Type> inferred;
      if (infer &&
          succeeded(infer.inferReturnTypes(
              user->getContext(), user->getLoc(), user->getOperands(),
              user->getRawDictionaryAttrs(), user->getPropertiesStorage(),
              user->getRegions(), inferred)) &&
          inferred.size() == user->getNumResults()) {
        for (auto [result, type] : llvm::zip_equal(user->getResults(), inferred)) {
          if (result.getType() == type)
            continue;
          Type before = result.getType();
          result.setType(type);
          worklist.push_back({result, before});
        }
        continue;
      }
      if (isa<TensorType>(previous) && isa<TensorType>(current.getType())) {
        OpBuilder builder(user);
        auto cast =
            tensor::CastOp::create(builder, user->getLoc(), previous, current);
        use.set(cast);
      }
    }
  }
}

/// Replaces `from` by `to`, whose type may be more precise.
static void replaceAndRefine(Value from, Value to) {
  Type oldType = from.getType();
  from.replaceAllUsesWith(to);
  if (oldType != to.getType())
    refineUsers(to, oldType);
}

//===----------------------------------------------------------------------===//
// The walk
//===----------------------------------------------------------------------===//

LogicalResult ScopeResolver::run() {
  // Variables already in the module (from an earlier resolution or written
  // by hand) take part in sharing.
  for (auto global : module.getOps<GlobalVariableOp>()) {
    variables[global.getSymName()] = global;
    definitions.insert({global.getSymName(), global.getLoc()});
    names.markUsed(global.getSymName());
  }

  // All graphs of the module form one TensorFlow graph, built in text order.
  SmallVector<GraphOp> graphs;
  module.walk([&](GraphOp graph) {
    if (!graph->getParentOfType<GraphOp>())
      graphs.push_back(graph);
  });
  for (GraphOp graph : graphs) {
    ScopeContext root;
    if (failed(resolveBlock(graph.getBody().front(), root)))
      return failure();
  }

  for (GlobalVariableOp global : movedInitialValues)
    if (failed(isolateInitialValue(global)))
      return failure();
  return success();
}

LogicalResult ScopeResolver::resolveBlock(Block &block, ScopeContext &ctx) {
  // Scopes move their bodies into `block` as they are flattened: walk a
  // snapshot so that moved (already resolved) ops are not seen twice.
  SmallVector<Operation *> ops = llvm::map_to_vector(block, [](Operation &op) {
    return &op;
  });
  for (Operation *op : ops)
    if (failed(resolveOp(op, ctx)))
      return failure();
  return success();
}

LogicalResult ScopeResolver::resolveOp(Operation *op, ScopeContext &ctx) {
  if (auto scope = dyn_cast<NameScopeOp>(op))
    return resolveNameScope(scope, ctx);
  if (auto scope = dyn_cast<VariableScopeOp>(op))
    return resolveVariableScope(scope, ctx);
  if (auto getVariable = dyn_cast<GetVariableOp>(op))
    return resolveGetVariable(getVariable, ctx);
  if (auto variable = dyn_cast<VariableOp>(op))
    return resolveVariable(variable, ctx);
  if (auto add = dyn_cast<AddToCollectionOp>(op))
    return resolveAddToCollection(add);
  if (isa<ReuseVariablesOp>(op)) {
    ctx.reuse = ReuseMode::Reuse;
    if (!ctx.handle.empty())
      capturedScopes[ctx.handle].reuse = ReuseMode::Reuse;
    op->erase();
    return success();
  }
  if (op->hasTrait<OpTrait::IsTerminator>() || isa<VarHandleOp>(op))
    return success();

  nameOp(op, ctx);
  // Ops with bodies of their own (cond, while, ...) name their ops in the
  // same scope, as TensorFlow's functional control flow does.
  for (Region &region : op->getRegions())
    for (Block &block : region)
      if (failed(resolveBlock(block, ctx)))
        return failure();
  return success();
}

void ScopeResolver::nameOp(Operation *op, ScopeContext &ctx) {
  std::string base;
  if (auto given = op->getAttrOfType<StringAttr>(kNameAttr))
    base = given.str();
  else
    base = defaultTFName(op);
  op->setAttr(kNameAttr, StringAttr::get(op->getContext(),
                                         names.makeUnique(joinScope(
                                             ctx.nameScope, base))));
}

/// Moves the body of a scope before it, replacing the scope's results with
/// the values its body yields.
static void flattenScope(Operation *scope, Block &body) {
  auto yield = cast<YieldOp>(body.getTerminator());
  SmallVector<Value> yielded(yield.getValues());
  yield->erase();
  scope->getBlock()->getOperations().splice(scope->getIterator(),
                                            body.getOperations());
  for (auto [result, value] : llvm::zip_equal(scope->getResults(), yielded))
    replaceAndRefine(result, value);
  scope->erase();
}

LogicalResult ScopeResolver::resolveNameScope(NameScopeOp scope,
                                              ScopeContext &ctx) {
  StringRef name = scope.getScopeName();
  ScopeContext inner = ctx;
  if (name.empty()) {
    // tf.name_scope(""): back to the root scope.
    inner.nameScope.clear();
  } else if (name.ends_with("/")) {
    // A name ending in "/" re-enters that exact scope.
    inner.nameScope = name.drop_back().str();
  } else {
    inner.nameScope = names.makeUnique(joinScope(ctx.nameScope, name));
  }
  if (failed(resolveBlock(scope.getBody().front(), inner)))
    return failure();
  flattenScope(scope, scope.getBody().front());
  return success();
}

LogicalResult ScopeResolver::resolveVariableScope(VariableScopeOp scope,
                                                  ScopeContext &ctx) {
  ScopeContext inner;
  StringRef nameScopeBase;
  if (std::optional<StringRef> name = scope.getScopeName()) {
    // A scope named by a string extends the current variable scope and
    // inherits its reuse mode.
    inner.varScope = joinScope(ctx.varScope, *name);
    inner.reuse = ctx.reuse;
    nameScopeBase = *name;
  } else {
    // A captured scope is re-entered with its own name and reuse mode,
    // wherever it is entered from.
    StringRef handle = scope.getScopeRefAttr().getValue();
    auto it = capturedScopes.find(handle);
    if (it == capturedScopes.end())
      return scope.emitOpError("enters scope @")
             << handle << ", which no earlier variable_scope captured";
    inner.varScope = it->second.varScope;
    inner.reuse = it->second.reuse;
    nameScopeBase = lastComponent(inner.varScope);
  }
  if (scope.getReuse())
    inner.reuse = ReuseMode::Reuse;
  else if (scope.getAutoReuse())
    inner.reuse = ReuseMode::Auto;
  // The name scope opened with it is made unique like any name scope.
  inner.nameScope = names.makeUnique(joinScope(ctx.nameScope, nameScopeBase));

  if (std::optional<StringRef> handle = scope.getHandle()) {
    if (capturedScopes.count(*handle))
      return scope.emitOpError("captures scope @")
             << *handle << " again; each handle names one scope";
    capturedScopes[*handle] = {inner.varScope, inner.reuse};
    inner.handle = handle->str();
  } else if (scope.getScopeRef()) {
    inner.handle = scope.getScopeRefAttr().getValue().str();
  }

  if (failed(resolveBlock(scope.getBody().front(), inner)))
    return failure();
  flattenScope(scope, scope.getBody().front());
  return success();
}

//===----------------------------------------------------------------------===//
// Variables
//===----------------------------------------------------------------------===//

LogicalResult ScopeResolver::resolveGetVariable(GetVariableOp op,
                                                ScopeContext &ctx) {
  std::string fullName = joinScope(ctx.varScope, op.getVarName());
  TensorType requested = cast<VarType>(op.getType()).getValueType();

  auto existing = variables.find(fullName);
  if (existing != variables.end()) {
    GlobalVariableOp global = existing->second;
    if (ctx.reuse == ReuseMode::None) {
      InFlightDiagnostic diag = op.emitError()
                                << "Variable " << fullName
                                << " already exists, disallowed. Did you mean "
                                   "to set reuse=True or reuse=tf.AUTO_REUSE "
                                   "in VarScope?";
      diag.attachNote(definitions.at(fullName)) << "originally defined here";
      return diag;
    }
    auto found = cast<TensorType>(global.getValueType());
    if (requested.getElementType() != found.getElementType()) {
      InFlightDiagnostic diag =
          op.emitError() << "Trying to share variable " << fullName
                         << ", but specified dtype "
                         << formatDType(requested.getElementType())
                         << " and found dtype "
                         << formatDType(found.getElementType()) << ".";
      diag.attachNote(definitions.at(fullName)) << "originally defined here";
      return diag;
    }
    if (requested.hasRank() && requested != found) {
      InFlightDiagnostic diag = op.emitError()
                                << "Trying to share variable " << fullName
                                << ", but specified shape "
                                << formatShapeTuple(requested)
                                << " and found shape "
                                << formatShapeTuple(found) << ".";
      diag.attachNote(definitions.at(fullName)) << "originally defined here";
      return diag;
    }
    replaceWithHandle(op, global);
    return success();
  }

  if (ctx.reuse == ReuseMode::Reuse)
    return op.emitError() << "Variable " << fullName
                          << " does not exist, or was not created with "
                             "tf.get_variable(). Did you mean to set "
                             "reuse=tf.AUTO_REUSE in VarScope?";
  FailureOr<GlobalVariableOp> global = createGlobal(op, fullName);
  if (failed(global))
    return failure();
  names.markUsed(fullName);
  replaceWithHandle(op, *global);
  return success();
}

LogicalResult ScopeResolver::resolveVariable(VariableOp op, ScopeContext &ctx) {
  // tf.Variable opens a name scope of its name: unique in the name scope.
  std::string fullName =
      names.makeUnique(joinScope(ctx.nameScope, op.getVarName()));
  if (variables.count(fullName))
    return op.emitError() << "variable name " << fullName
                          << " is already taken by another variable";
  FailureOr<GlobalVariableOp> global = createGlobal(op, fullName);
  if (failed(global))
    return failure();
  replaceWithHandle(op, *global);
  return success();
}

template <typename CreationOp>
FailureOr<GlobalVariableOp> ScopeResolver::createGlobal(CreationOp op,
                                                        StringRef fullName) {
  auto type = cast<VarType>(op.getType()).getValueType();
  if (!type.hasStaticShape())
    return op.emitError() << "Shape of a new variable (" << fullName
                          << ") must be fully defined, but instead was "
                          << formatShapeTuple(type) << ".";

  // Collections: the given ones or GLOBAL_VARIABLES, plus TRAINABLE_VARIABLES
  // for trainable variables, as tf.get_variable does.
  MLIRContext *context = op.getContext();
  llvm::SetVector<StringRef> collections;
  if (std::optional<ArrayAttr> given = op.getCollections())
    for (StringRef name : given->template getAsValueRange<StringAttr>())
      collections.insert(name);
  else
    collections.insert(kGlobalVariables);
  if (op.getTrainable())
    collections.insert(kTrainableVariables);
  SmallVector<Attribute> collectionAttrs = llvm::map_to_vector(
      collections, [&](StringRef c) -> Attribute {
        return StringAttr::get(context, c);
      });

  // A variable created without an initializer is Glorot-uniform
  // initialized, as in TensorFlow.
  InitializerAttrInterface initializer;
  if (std::optional<InitializerAttrInterface> given = op.getInitializer())
    initializer = *given;
  else if (op.getInitialValue().empty())
    initializer = GlorotUniformAttr::get(context, std::nullopt);

  // Variables go before the functions, in creation order.
  OpBuilder builder(context);
  Operation *anchor = &module.getBody()->front();
  while (anchor && isa<GlobalVariableOp>(anchor))
    anchor = anchor->getNextNode();
  if (anchor)
    builder.setInsertionPoint(anchor);
  else
    builder.setInsertionPointToEnd(module.getBody());
  auto global = GlobalVariableOp::create(
      builder, op.getLoc(), StringAttr::get(context, fullName),
      TypeAttr::get(type), initializer, ArrayAttr::get(context, collectionAttrs),
      op.getDeviceAttr(), /*initializer_function=*/FlatSymbolRefAttr());
  if (!op.getInitialValue().empty()) {
    global.getInitialValue().takeBody(op.getInitialValue());
    movedInitialValues.push_back(global);
  }
  variables[fullName] = global;
  definitions.insert({fullName, op.getLoc()});
  return global;
}

void ScopeResolver::replaceWithHandle(Operation *op, GlobalVariableOp global) {
  OpBuilder builder(op);
  auto type = VarType::get(op->getContext(),
                           cast<TensorType>(global.getValueType()));
  auto handle = VarHandleOp::create(builder, op->getLoc(), type,
                                    FlatSymbolRefAttr::get(global.getSymNameAttr()));
  replaceAndRefine(op->getResult(0), handle);
  op->erase();
}

LogicalResult ScopeResolver::resolveAddToCollection(AddToCollectionOp op) {
  auto handle = op.getVar().getDefiningOp<VarHandleOp>();
  if (!handle)
    return op.emitError("tf.add_to_collection needs a variable created "
                        "earlier in the graph");
  GlobalVariableOp global = variables.lookup(handle.getVariable());
  if (!global)
    return op.emitError("unknown variable ") << handle.getVariableAttr();
  if (!global.isInCollection(op.getCollection())) {
    SmallVector<Attribute> collections(global.getCollections().getValue());
    collections.push_back(op.getCollectionAttr());
    global.setCollectionsAttr(ArrayAttr::get(op.getContext(), collections));
  }
  op->erase();
  return success();
}

LogicalResult ScopeResolver::isolateInitialValue(GlobalVariableOp global) {
  Region &region = global.getInitialValue();
  Block &entry = region.front();
  // Values defined outside the region, in use order.
  llvm::SetVector<Value> outside;
  region.walk([&](Operation *op) {
    for (Value operand : op->getOperands())
      if (!region.isAncestor(operand.getParentRegion()))
        outside.insert(operand);
  });
  OpBuilder builder = OpBuilder::atBlockBegin(&entry);
  for (Value value : outside) {
    Operation *def = value.getDefiningOp();
    if (!def || !(isa<VarHandleOp>(def) || def->hasTrait<OpTrait::ConstantLike>()))
      return global.emitError("the initial value of @")
             << global.getSymName()
             << " uses a value computed in the graph; it may only use "
                "constants and other variables' initial values";
    Operation *copy = builder.clone(*def);
    copy->removeAttr(kNameAttr);
    value.replaceUsesWithIf(copy->getResult(0), [&](OpOperand &use) {
      return region.isAncestor(use.getOwner()->getParentRegion());
    });
  }
  return success();
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

namespace {
struct TFCResolveScopesPass
    : public tfc::impl::TFCResolveScopesBase<TFCResolveScopesPass> {
  void runOnOperation() override {
    if (failed(ScopeResolver(getOperation()).run()))
      signalPassFailure();
  }
};
} // namespace
