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
#include "tfc/Dialect/TFC/IR/TFCShapes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

namespace mlir::tfc {
#define GEN_PASS_DEF_TFCRESOLVESCOPES
#include "tfc/Dialect/TFC/Transforms/Passes.h.inc"
} // namespace mlir::tfc

using namespace mlir;
using namespace mlir::tfc;

/// The attribute holding an op's full TensorFlow name.

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
/// current variable scope (for tf.get_variable) with its reuse mode and the
/// defaults it gives tf.get_variable.
struct ScopeContext {
  std::string nameScope;
  std::string varScope;
  ReuseMode reuse = ReuseMode::None;
  /// The scope's default initializer and dtype; null where no scope set one.
  InitializerAttrInterface initializer;
  Type dtype;
  /// The handle of the captured scope this body belongs to, if any, so that
  /// `reuse_variables()` also changes the scope object.
  std::string handle;
};

/// A scope captured with `as @handle`, as the Python scope object is: what
/// re-entering it brings back.
struct CapturedScope {
  std::string varScope;
  ReuseMode reuse;
  InitializerAttrInterface initializer;
  Type dtype;
  /// The name scope it opened when it was first entered
  /// (`scope.original_name_scope`).
  std::string originalNameScope;
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
  std::string enterVariableScope(VariableScopeOp scope, const ScopeContext &ctx,
                                 const std::optional<CapturedScope> &captured,
                                 ScopeContext &inner);
  LogicalResult resolveGetVariable(GetVariableOp op, ScopeContext &ctx);
  LogicalResult checkSharedVariable(GetVariableOp op, StringRef storeName,
                                    TensorType requested,
                                    GlobalVariableOp global, ReuseMode reuse);
  LogicalResult resolveVariable(VariableOp op, ScopeContext &ctx);
  LogicalResult resolveAddToCollection(AddToCollectionOp op);

  /// Creates the global variable `symbol` of `type` for a variable-creating
  /// op, initialized by `initializer` or else by the op's initial_value.
  template <typename CreationOp>
  GlobalVariableOp createGlobal(CreationOp op, StringRef symbol,
                                TensorType type,
                                InitializerAttrInterface initializer);

  /// Replaces a variable-creating op with a handle to `global`.
  LogicalResult replaceWithHandle(Operation *op, GlobalVariableOp global);

  /// Gives `op` its full name in the current name scope.
  LogicalResult nameOp(Operation *op, ScopeContext &ctx);

  /// Opens `name` inside the name scope `current` as `tf.name_scope(name)`
  /// does, reporting an invalid name at `op`; returns the new name scope.
  FailureOr<std::string> openNameScope(Operation *op, StringRef current,
                                       StringRef name);

  /// Records `name` as the name of a node of the graph; a second node of the
  /// same name is an error, as in TensorFlow.
  LogicalResult claimNodeName(Operation *op, StringRef name);

  /// Brings the values an initial_value region uses from the graph into the
  /// (isolated) global variable: handles and constants are cloned.
  LogicalResult isolateInitialValue(GlobalVariableOp global);

  ModuleOp module;
  NameRegistry names;
  /// The full names of the graph's nodes (ops and variables).
  llvm::StringSet<> nodeNames;
  VariableScopeCounts scopeCounts;
  /// Variables by symbol: those in the module already and those created.
  llvm::StringMap<GlobalVariableOp> globals;
  /// tf.get_variable's store: the variables it shares, by the name it was
  /// asked for. tf.Variable's variables are not in it, and a variable's
  /// symbol differs from its store name when a tf.Variable took that name
  /// first, as in TensorFlow.
  llvm::StringMap<GlobalVariableOp> store;
  /// Where each stored variable was defined, for "originally defined" notes.
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
/// the existing variable's type, a variable its scope's dtype). Re-infers the
/// result types of its users; where a user cannot re-infer, a tensor.cast
/// restores the old type for it. A changed dtype cannot be cast back: the
/// program must then write the type it means.
static LogicalResult refineUsers(Value value, Type oldType) {
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
      auto from = dyn_cast<TensorType>(current.getType());
      auto to = dyn_cast<TensorType>(previous);
      if (!from || !to)
        continue;
      if (from.getElementType() != to.getElementType())
        return user->emitOpError("takes a value typed ")
               << to << " that is " << from
               << " once scopes are resolved (a variable took its scope's "
                  "dtype); write the variable's type";
      OpBuilder builder(user);
      auto cast = tensor::CastOp::create(builder, user->getLoc(), to, current);
      use.set(cast);
    }
  }
  return success();
}

/// Replaces `from` by `to`, whose type may be more precise.
static LogicalResult replaceAndRefine(Value from, Value to) {
  Type oldType = from.getType();
  from.replaceAllUsesWith(to);
  if (oldType != to.getType())
    return refineUsers(to, oldType);
  return success();
}

/// TensorFlow's initializer for a get_variable that names none: Glorot
/// uniform for floating point, zeros (false) for integers and bool.
static InitializerAttrInterface defaultInitializer(TensorType type) {
  MLIRContext *context = type.getContext();
  if (isa<FloatType>(type.getElementType()))
    return GlorotUniformAttr::get(context, std::nullopt);
  return ZerosAttr::get(context);
}

//===----------------------------------------------------------------------===//
// The walk
//===----------------------------------------------------------------------===//

LogicalResult ScopeResolver::run() {
  // Variables already in the module (from an earlier resolution or written
  // by hand) take part in sharing.
  for (auto global : module.getOps<GlobalVariableOp>()) {
    globals[global.getSymName()] = global;
    store[global.getSymName()] = global;
    definitions.insert({global.getSymName(), global.getLoc()});
    names.markUsed(global.getSymName());
    nodeNames.insert(global.getSymName());
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

  if (failed(nameOp(op, ctx)))
    return failure();
  // Ops with bodies of their own (cond, while, ...) name their ops in the
  // same scope, as TensorFlow's functional control flow does.
  for (Region &region : op->getRegions())
    for (Block &block : region)
      if (failed(resolveBlock(block, ctx)))
        return failure();
  return success();
}

FailureOr<std::string> ScopeResolver::openNameScope(Operation *op,
                                                    StringRef current,
                                                    StringRef name) {
  if (!isValidScopeName(name, current))
    return op->emitError() << "'" << name << "' is not a valid scope name";
  // "" is the root; a name ending in "/" (what an earlier name_scope
  // returned) is absolute and re-entered as it is.
  if (name.empty())
    return std::string();
  if (name.ends_with("/"))
    return name.drop_back().str();
  return names.makeUnique(joinScope(current, name));
}

LogicalResult ScopeResolver::claimNodeName(Operation *op, StringRef name) {
  // Unique names cannot collide; an absolute name ("bar/") can.
  if (!nodeNames.insert(name).second)
    return op->emitError() << "Duplicate node name in graph: '" << name << "'";
  return success();
}

LogicalResult ScopeResolver::nameOp(Operation *op, ScopeContext &ctx) {
  std::string fullName;
  auto given = op->getAttrOfType<StringAttr>(kNameAttrName);
  if (given && !given.getValue().empty()) {
    // TensorFlow's op wrappers create an op inside `name_scope(name)`: the
    // name is checked and made unique as a scope name, and one ending in
    // "/" is taken as it is.
    FailureOr<std::string> scoped =
        openNameScope(op, ctx.nameScope, given.getValue());
    if (failed(scoped))
      return failure();
    fullName = std::move(*scoped);
  } else {
    fullName = names.makeUnique(joinScope(ctx.nameScope, defaultTFName(op)));
  }
  if (failed(claimNodeName(op, fullName)))
    return failure();
  op->setAttr(kNameAttrName, StringAttr::get(op->getContext(), fullName));
  return success();
}

/// Moves the body of a scope before it, replacing the scope's results with
/// the values its body yields.
static LogicalResult flattenScope(Operation *scope, Block &body) {
  auto yield = cast<YieldOp>(body.getTerminator());
  SmallVector<Value> yielded(yield.getValues());
  yield->erase();
  scope->getBlock()->getOperations().splice(scope->getIterator(),
                                            body.getOperations());
  for (auto [result, value] : llvm::zip_equal(scope->getResults(), yielded))
    if (failed(replaceAndRefine(result, value)))
      return failure();
  scope->erase();
  return success();
}

LogicalResult ScopeResolver::resolveNameScope(NameScopeOp scope,
                                              ScopeContext &ctx) {
  ScopeContext inner = ctx;
  if (std::optional<StringRef> name = scope.getScopeName()) {
    FailureOr<std::string> opened = openNameScope(scope, ctx.nameScope, *name);
    if (failed(opened))
      return failure();
    inner.nameScope = std::move(*opened);
  } else {
    // name_scope(scope.original_name_scope): that exact name scope again.
    StringRef handle = scope.getOriginalNameScopeAttr().getValue();
    auto it = capturedScopes.find(handle);
    if (it == capturedScopes.end())
      return scope.emitOpError("enters the original name scope of @")
             << handle << ", which no earlier variable_scope captured";
    inner.nameScope = it->second.originalNameScope;
  }
  if (failed(resolveBlock(scope.getBody().front(), inner)))
    return failure();
  return flattenScope(scope, scope.getBody().front());
}

/// Sets `inner`'s variable scope, reuse mode and defaults for `scope`, entered
/// from `ctx`, and returns the name scope the variable scope remembers. One
/// named by a string (or a unique default name) extends the current variable
/// scope and inherits its reuse mode and defaults; a captured scope is
/// re-entered with its own name, reuse mode and defaults, wherever it is
/// entered from.
std::string ScopeResolver::enterVariableScope(
    VariableScopeOp scope, const ScopeContext &ctx,
    const std::optional<CapturedScope> &captured, ScopeContext &inner) {
  std::string originalNameScope = inner.nameScope;
  if (captured) {
    inner.varScope = captured->varScope;
    inner.reuse = captured->reuse;
    inner.initializer = captured->initializer;
    inner.dtype = captured->dtype;
    originalNameScope = captured->originalNameScope;
  } else {
    StringRef name = scope.getScopeName() ? *scope.getScopeName() : "";
    std::string unique;
    if (!scope.getScopeName()) {
      unique = scopeCounts.makeUnique(ctx.varScope, *scope.getDefaultName());
      name = unique;
    }
    inner.varScope = joinScope(ctx.varScope, name);
    inner.reuse = ctx.reuse;
    inner.initializer = ctx.initializer;
    inner.dtype = ctx.dtype;
  }
  if (scope.getReuse())
    inner.reuse = ReuseMode::Reuse;
  else if (scope.getAutoReuse())
    inner.reuse = ReuseMode::Auto;
  if (std::optional<InitializerAttrInterface> init = scope.getInitializer())
    inner.initializer = *init;
  if (std::optional<Type> dtype = scope.getDtype())
    inner.dtype = *dtype;
  return originalNameScope;
}

LogicalResult ScopeResolver::resolveVariableScope(VariableScopeOp scope,
                                                  ScopeContext &ctx) {
  std::optional<CapturedScope> captured;
  if (FlatSymbolRefAttr ref = scope.getScopeRefAttr()) {
    auto it = capturedScopes.find(ref.getValue());
    if (it == capturedScopes.end())
      return scope.emitOpError("enters scope @")
             << ref.getValue() << ", which no earlier variable_scope captured";
    captured = it->second;
  }

  // The name scope of the ops inside: one named after the scope (the last
  // component of a captured scope's name, or the default name), made unique
  // like any name scope, unless auxiliary_name_scope=False keeps the
  // current one.
  ScopeContext inner;
  StringRef nameScopeBase = scope.getScopeName()
                                ? *scope.getScopeName()
                                : captured ? lastComponent(captured->varScope)
                                           : *scope.getDefaultName();
  inner.nameScope = ctx.nameScope;
  if (scope.getAuxiliaryNameScope().value_or(true) && !nameScopeBase.empty()) {
    FailureOr<std::string> opened =
        openNameScope(scope, ctx.nameScope, nameScopeBase);
    if (failed(opened))
      return failure();
    inner.nameScope = std::move(*opened);
  }

  std::string originalNameScope =
      enterVariableScope(scope, ctx, captured, inner);
  scopeCounts.open(inner.varScope);
  std::optional<llvm::StringMap<unsigned>> savedCounts;
  if (captured)
    savedCounts = scopeCounts.save();

  if (std::optional<StringRef> handle = scope.getHandle()) {
    if (capturedScopes.count(*handle))
      return scope.emitOpError("captures scope @")
             << *handle << " again; each handle names one scope";
    capturedScopes[*handle] = {inner.varScope, inner.reuse, inner.initializer,
                               inner.dtype, originalNameScope};
    inner.handle = handle->str();
  } else if (scope.getScopeRef()) {
    inner.handle = scope.getScopeRefAttr().getValue().str();
  }

  if (failed(resolveBlock(scope.getBody().front(), inner)))
    return failure();
  if (savedCounts)
    scopeCounts.restore(std::move(*savedCounts));
  else
    scopeCounts.closeSubscopes(inner.varScope);
  return flattenScope(scope, scope.getBody().front());
}

//===----------------------------------------------------------------------===//
// Variables
//===----------------------------------------------------------------------===//

/// The type a get_variable asks for: written, or a shape with the scope's
/// dtype, or that of a tensor initializer or initial value; else the dtype
/// alone.
static TensorType getRequestedType(GetVariableOp op,
                                   InitializerAttrInterface initializer,
                                   Type dtype) {
  Value initialValue = op.getInitialValueResult();
  if (std::optional<Type> written = op.getValueType())
    return cast<TensorType>(*written);
  if (std::optional<ArrayRef<int64_t>> shape = op.getShape())
    return RankedTensorType::get(*shape, dtype);
  if (auto constant = dyn_cast_if_present<ConstantInitAttr>(initializer))
    return cast<TensorType>(constant.getValue().getType());
  if (initialValue && isa<TensorType>(initialValue.getType()))
    return cast<TensorType>(initialValue.getType());
  return UnrankedTensorType::get(dtype);
}

/// Checks that get_variable may return the existing store variable `global`:
/// the scope reuses, and the dtype and shape asked for are the variable's.
LogicalResult ScopeResolver::checkSharedVariable(GetVariableOp op,
                                                 StringRef storeName,
                                                 TensorType requested,
                                                 GlobalVariableOp global,
                                                 ReuseMode reuse) {
  if (reuse == ReuseMode::None) {
    InFlightDiagnostic diag = op.emitError()
                              << "Variable " << storeName
                              << " already exists, disallowed. Did you mean "
                                 "to set reuse=True or reuse=tf.AUTO_REUSE "
                                 "in VarScope?";
    diag.attachNote(definitions.at(storeName)) << "originally defined here";
    return diag;
  }
  auto found = cast<TensorType>(global.getValueType());
  if (requested.getElementType() != found.getElementType()) {
    InFlightDiagnostic diag = op.emitError()
                              << "Trying to share variable " << storeName
                              << ", but specified dtype "
                              << pythonDTypeName(requested.getElementType())
                              << " and found dtype "
                              << pythonDTypeName(found.getElementType()) << ".";
    diag.attachNote(definitions.at(storeName)) << "originally defined here";
    return diag;
  }
  if (requested.hasRank() && requested != found) {
    InFlightDiagnostic diag =
        op.emitError() << "Trying to share variable " << storeName
                       << ", but specified shape "
                       << formatShapeTuple(requested) << " and found shape "
                       << formatShapeTuple(found) << ".";
    diag.attachNote(definitions.at(storeName)) << "originally defined here";
    return diag;
  }
  return success();
}

LogicalResult ScopeResolver::resolveGetVariable(GetVariableOp op,
                                                ScopeContext &ctx) {
  std::string storeName = joinScope(ctx.varScope, op.getVarName());
  MLIRContext *context = op.getContext();

  // The scope's defaults fill in what the op leaves out: an explicit
  // initializer (or initial value) and an explicit dtype win.
  InitializerAttrInterface initializer;
  if (std::optional<InitializerAttrInterface> given = op.getInitializer())
    initializer = *given;
  else if (op.getInitialValue().empty())
    initializer = ctx.initializer;
  Type dtype = ctx.dtype ? ctx.dtype : Float32Type::get(context);

  TensorType requested = getRequestedType(op, initializer, dtype);
  auto existing = store.find(storeName);
  if (existing != store.end()) {
    GlobalVariableOp global = existing->second;
    if (failed(
            checkSharedVariable(op, storeName, requested, global, ctx.reuse)))
      return failure();
    return replaceWithHandle(op, global);
  }

  if (ctx.reuse == ReuseMode::Reuse)
    return op.emitError() << "Variable " << storeName
                          << " does not exist, or was not created with "
                             "tf.get_variable(). Did you mean to set "
                             "reuse=tf.AUTO_REUSE in VarScope?";
  if (!requested.hasStaticShape())
    return op.emitError() << "Shape of a new variable (" << storeName
                          << ") must be fully defined, but instead was "
                          << formatShapeTuple(requested) << ".";
  // The variable is created at the root name scope under its full name,
  // which TensorFlow checks and makes unique as an op name: a tf.Variable
  // that took the name first makes this one `<name>_1`.
  if (!isValidScopeName(storeName, /*current=*/""))
    return op.emitError() << "'" << storeName << "' is not a valid scope name";
  if (!initializer && !op.getInitialValueResult())
    initializer = defaultInitializer(requested);
  if (initializer &&
      failed(initializer.verifyForType(requested, [&] { return op.emitError(); })))
    return failure();
  std::string symbol = names.makeUnique(storeName);
  if (failed(claimNodeName(op, symbol)))
    return failure();
  GlobalVariableOp global = createGlobal(op, symbol, requested, initializer);
  store[storeName] = global;
  definitions.insert({storeName, op.getLoc()});
  return replaceWithHandle(op, global);
}

LogicalResult ScopeResolver::resolveVariable(VariableOp op, ScopeContext &ctx) {
  // tf.Variable opens a name scope of its name (checked, and made unique
  // unless it ends in "/"); "Variable" when it has none.
  StringRef name = op.getVarName().empty() ? "Variable" : op.getVarName();
  FailureOr<std::string> fullName = openNameScope(op, ctx.nameScope, name);
  if (failed(fullName) || failed(claimNodeName(op, *fullName)))
    return failure();
  auto type = cast<VarType>(op.getType()).getValueType();
  if (!type.hasStaticShape())
    return op.emitError() << "Shape of a new variable (" << *fullName
                          << ") must be fully defined, but instead was "
                          << formatShapeTuple(type) << ".";
  GlobalVariableOp global = createGlobal(
      op, *fullName, type, op.getInitializer().value_or(nullptr));
  return replaceWithHandle(op, global);
}

template <typename CreationOp>
GlobalVariableOp ScopeResolver::createGlobal(CreationOp op, StringRef symbol,
                                             TensorType type,
                                             InitializerAttrInterface initializer) {
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
      builder, op.getLoc(), StringAttr::get(context, symbol),
      TypeAttr::get(type), initializer, ArrayAttr::get(context, collectionAttrs),
      op.getDeviceAttr(), /*initializer_function=*/FlatSymbolRefAttr());
  if (!initializer && !op.getInitialValue().empty()) {
    global.getInitialValue().takeBody(op.getInitialValue());
    movedInitialValues.push_back(global);
  }
  globals[symbol] = global;
  return global;
}

LogicalResult ScopeResolver::replaceWithHandle(Operation *op,
                                               GlobalVariableOp global) {
  OpBuilder builder(op);
  auto type = VarType::get(op->getContext(),
                           cast<TensorType>(global.getValueType()));
  auto handle = VarHandleOp::create(builder, op->getLoc(), type,
                                    FlatSymbolRefAttr::get(global.getSymNameAttr()));
  if (failed(replaceAndRefine(op->getResult(0), handle)))
    return failure();
  op->erase();
  return success();
}

LogicalResult ScopeResolver::resolveAddToCollection(AddToCollectionOp op) {
  auto handle = op.getVar().getDefiningOp<VarHandleOp>();
  if (!handle)
    return op.emitError("tf.add_to_collection needs a variable created "
                        "earlier in the graph");
  GlobalVariableOp global = globals.lookup(handle.getVariable());
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
    copy->removeAttr(kNameAttrName);
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
