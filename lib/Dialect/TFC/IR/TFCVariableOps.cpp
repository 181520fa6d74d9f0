//===- TFCVariableOps.cpp - variables, scopes and their access ------------===//
//
// Type inference and verification of the variable ops: creation, scopes,
// resolved variables and handles, reads and assigns.
//
//===----------------------------------------------------------------------===//

#include "tfc/Dialect/TFC/IR/TFCOps.h"
#include "tfc/Dialect/TFC/IR/TFCShapes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace mlir::tfc;

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

Value mlir::tfc::getYieldedInitialValue(Region &initialValue) {
  if (initialValue.empty() || initialValue.front().empty())
    return {};
  auto yield = dyn_cast<YieldOp>(initialValue.front().back());
  if (!yield || yield.getValues().size() != 1)
    return {};
  return yield.getValues().front();
}

LogicalResult mlir::tfc::inferVariableType(
    MLIRContext *context, std::optional<Location> loc,
    std::optional<Type> declaredType,
    std::optional<ArrayRef<int64_t>> shapeOnly,
    std::optional<InitializerAttrInterface> init, Region &initialValue,
    SmallVectorImpl<Type> &inferred) {
  // TensorFlow's default dtype; the scope's dtype replaces it when scopes
  // are resolved.
  if (shapeOnly) {
    inferred.push_back(VarType::get(
        context, RankedTensorType::get(*shapeOnly, Float32Type::get(context))));
    return success();
  }
  if (declaredType) {
    auto tensor = dyn_cast<TensorType>(*declaredType);
    if (!tensor)
      return emitOptionalError(loc, "a variable holds a tensor, got ",
                               *declaredType);
    inferred.push_back(VarType::get(context, tensor));
    return success();
  }
  if (auto constant = dyn_cast_if_present<ConstantInitAttr>(
          init ? Attribute(*init) : Attribute())) {
    inferred.push_back(VarType::get(
        context, cast<TensorType>(constant.getValue().getType())));
    return success();
  }
  if (Value yielded = getYieldedInitialValue(initialValue))
    if (auto tensor = dyn_cast<TensorType>(yielded.getType())) {
      inferred.push_back(VarType::get(context, tensor));
      return success();
    }
  // Typed later, from the variable it reuses.
  inferred.push_back(
      VarType::get(context, UnrankedTensorType::get(Float32Type::get(context))));
  return success();
}

/// Checks an `initial_value` region: one block ending in a `tfc.yield` of one
/// tensor, compatible with the variable's type.
static LogicalResult verifyInitialValueRegion(Operation *op, Region &region,
                                              TensorType valueType) {
  if (region.empty())
    return success();
  if (!region.hasOneBlock())
    return op->emitOpError("initial_value region must have one block");
  Block &block = region.front();
  if (block.getNumArguments() != 0)
    return op->emitOpError("initial_value region takes no arguments");
  auto yield = block.empty() ? YieldOp() : dyn_cast<YieldOp>(block.back());
  if (!yield || yield.getValues().size() != 1)
    return op->emitOpError(
        "initial_value region must end in a 'tfc.yield' of one tensor");
  auto yielded = dyn_cast<TensorType>(yield.getValues().front().getType());
  if (!yielded || !areCompatibleTypes(yielded, valueType))
    return op->emitOpError("initial value has type ")
           << yield.getValues().front().getType()
           << " but the variable holds " << valueType;
  return success();
}

LogicalResult mlir::tfc::verifyVariableCreation(
    Operation *op, std::optional<Type> declaredType,
    std::optional<ArrayRef<int64_t>> shapeOnly,
    std::optional<InitializerAttrInterface> init, Region &initialValue,
    std::optional<StringRef> device, bool needsInitialValue) {
  if (declaredType && shapeOnly)
    return op->emitOpError("takes a type or a shape, not both");
  if (shapeOnly && llvm::any_of(*shapeOnly, [](int64_t d) { return d < 0; }))
    return op->emitOpError("shape ")
           << formatDims(*shapeOnly) << " has a negative size";
  if (init && !initialValue.empty())
    return op->emitOpError(
        "takes an initializer or an initial_value region, not both");
  if (needsInitialValue && !init && initialValue.empty())
    return op->emitOpError("needs an initial value (an initializer or an "
                           "initial_value region), as tf.Variable does");

  TensorType valueType =
      cast<VarType>(op->getResult(0).getType()).getValueType();
  if (!isTfcElementType(valueType.getElementType()))
    return op->emitOpError("a variable cannot hold elements of type ")
           << valueType.getElementType();
  // With a shape alone the dtype is the scope's: tfc-resolve-scopes checks
  // the initializer once it knows it.
  if (init && !shapeOnly &&
      failed(init->verifyForType(valueType,
                                 [&] { return op->emitOpError(); })))
    return failure();
  if (failed(verifyInitialValueRegion(op, initialValue, valueType)))
    return failure();
  if (device && !isValidDeviceSpec(*device))
    return op->emitOpError("invalid device specification '")
           << *device
           << "' (expected e.g. '/device:GPU:1', '/cpu:0' or "
              "'/job:worker/task:0/device:CPU:0')";
  return success();
}

LogicalResult mlir::tfc::verifyAssignedValue(Operation *op, Type varType,
                                             Type valueType) {
  TensorType target = cast<VarType>(varType).getValueType();
  auto value = cast<TensorType>(valueType);
  if (target.getElementType() != value.getElementType())
    return op->emitOpError("cannot assign a tensor of ")
           << value.getElementType() << " to a variable of "
           << target.getElementType();
  if (!areCompatibleTypes(target, value))
    return op->emitOpError("cannot assign a tensor of shape ")
           << formatShape(value) << " to a variable of shape "
           << formatShape(target);
  return success();
}

/// Parses a non-negative decimal number, or `*` when `allowStar`.
static bool isIndex(StringRef text, bool allowStar = false) {
  if (allowStar && text == "*")
    return true;
  unsigned value;
  return !text.empty() && !text.getAsInteger(10, value);
}

static bool isIdentifier(StringRef text) {
  return !text.empty() && llvm::isAlpha(text.front()) &&
         llvm::all_of(text, [](char c) { return llvm::isAlnum(c) || c == '_'; });
}

bool mlir::tfc::isValidDeviceSpec(StringRef spec) {
  if (spec.empty())
    return true;
  if (!spec.consume_front("/"))
    return false;
  llvm::StringSet<> seen;
  SmallVector<StringRef> parts;
  spec.split(parts, '/');
  for (StringRef part : parts) {
    auto [key, rest] = part.split(':');
    std::string lower = key.lower();
    if (lower == "job") {
      if (!isIdentifier(rest))
        return false;
    } else if (lower == "replica" || lower == "task") {
      if (!isIndex(rest))
        return false;
    } else if (lower == "device") {
      auto [type, id] = rest.split(':');
      if (!isIdentifier(type) || !isIndex(id, /*allowStar=*/true))
        return false;
    } else if (lower == "cpu" || lower == "gpu") {
      // The legacy short form: /cpu:0, /gpu:1.
      lower = "device";
      if (!isIndex(rest, /*allowStar=*/true))
        return false;
    } else {
      return false;
    }
    if (!seen.insert(lower).second)
      return false;
  }
  return true;
}

//===----------------------------------------------------------------------===//
// InitializedValueOp
//===----------------------------------------------------------------------===//

LogicalResult InitializedValueOp::inferReturnTypes(
    MLIRContext *, std::optional<Location> location, Adaptor adaptor,
    SmallVectorImpl<Type> &inferred) {
  auto var = dyn_cast<VarType>(adaptor.getVar().getType());
  if (!var)
    return emitOptionalError(location, "expected a variable handle");
  inferred.push_back(var.getValueType());
  return success();
}

LogicalResult InitializedValueOp::verify() {
  Operation *owner = (*this)->getParentOp();
  while (owner && !isa<GetVariableOp, VariableOp, GlobalVariableOp>(owner))
    owner = owner->getParentOp();
  if (!owner)
    return emitOpError("is only valid in a variable's initial_value region");
  return success();
}

//===----------------------------------------------------------------------===//
// Scopes
//===----------------------------------------------------------------------===//

/// The values a scope body yields must match the scope's results.
static LogicalResult verifyScopeYield(Operation *scope, Region &body) {
  Block &block = body.front();
  auto yield = block.empty() ? YieldOp() : dyn_cast<YieldOp>(block.back());
  if (!yield)
    return scope->emitOpError("body must end in 'tfc.yield'");
  if (yield.getValues().getTypes() != scope->getResultTypes())
    return scope->emitOpError("yields ")
           << yield.getValues().size() << " values of types "
           << yield.getValues().getTypes() << " but has results of types "
           << scope->getResultTypes();
  return success();
}

LogicalResult VariableScopeOp::verify() {
  if (getScopeName() && getScopeRef())
    return emitOpError("takes a scope name or a captured scope (@handle), "
                       "not both");
  if (!getScopeName() && !getScopeRef()) {
    // tf.variable_scope(None, default_name=...): a new, unique scope, which
    // there is nothing to reuse in.
    if (!getDefaultName())
      return emitOpError(
          "If default_name is None then name_or_scope is required");
    if (getReuse() || getAutoReuse())
      return emitOpError("reuse=True cannot be used without a name_or_scope");
  }
  if (getReuse() && getAutoReuse())
    return emitOpError("cannot both reuse and auto_reuse");
  if (std::optional<Type> dtype = getDtype(); dtype && !isTfcElementType(*dtype))
    return emitOpError("dtype must be a variable's element type, got ")
           << *dtype;
  return success();
}

LogicalResult NameScopeOp::verify() {
  if (getScopeName().has_value() == getOriginalNameScope().has_value())
    return emitOpError("takes a scope name or `original_name_scope @handle`, "
                       "and not both");
  return success();
}

LogicalResult VariableScopeOp::verifyRegions() {
  return verifyScopeYield(*this, getBody());
}

LogicalResult NameScopeOp::verifyRegions() {
  return verifyScopeYield(*this, getBody());
}

//===----------------------------------------------------------------------===//
// GlobalVariableOp and VarHandleOp
//===----------------------------------------------------------------------===//

bool GlobalVariableOp::isInCollection(StringRef name) {
  return llvm::any_of(getCollections().getAsValueRange<StringAttr>(),
                      [&](StringRef c) { return c == name; });
}

bool GlobalVariableOp::isTrainable() {
  return isInCollection(kTrainableVariables);
}

Value GlobalVariableOp::getInitialValueResult() {
  return getYieldedInitialValue(getInitialValue());
}

LogicalResult GlobalVariableOp::verify() {
  auto type = cast<TensorType>(getValueType());
  if (!type.hasStaticShape())
    return emitOpError("variable '")
           << getSymName() << "' must have a static shape, got "
           << formatShape(type);
  if (!isTfcElementType(type.getElementType()))
    return emitOpError("a variable cannot hold elements of type ")
           << type.getElementType();
  int ways = getInitializer().has_value() + !getInitialValue().empty() +
             getInitializerFunction().has_value();
  if (ways != 1)
    return emitOpError("needs exactly one of an initializer, an "
                       "initial_value region and an initializer_function");
  if (auto init = getInitializer())
    if (failed(init->verifyForType(type, [&] { return emitOpError(); })))
      return failure();
  if (failed(verifyInitialValueRegion(*this, getInitialValue(), type)))
    return failure();
  if (auto device = getDevice(); device && !isValidDeviceSpec(*device))
    return emitOpError("invalid device specification '") << *device << "'";
  return success();
}

LogicalResult
VarHandleOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto global = symbolTable.lookupNearestSymbolFrom<GlobalVariableOp>(
      *this, getVariableAttr());
  if (!global)
    return emitOpError("refers to an unknown variable ") << getVariableAttr();
  Type expected = VarType::get(getContext(),
                               cast<TensorType>(global.getValueType()));
  if (getType() != expected)
    return emitOpError("has type ")
           << getType() << " but variable " << getVariableAttr() << " is "
           << expected;
  return success();
}

LogicalResult
InitializerPlanOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  llvm::StringSet<> seen;
  for (auto ref : getVariables().getAsRange<FlatSymbolRefAttr>()) {
    auto global =
        symbolTable.lookupNearestSymbolFrom<GlobalVariableOp>(*this, ref);
    if (!global)
      return emitOpError("refers to an unknown variable ") << ref;
    if (!seen.insert(ref.getValue()).second)
      return emitOpError("lists variable ") << ref << " twice";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Reads and assigns
//===----------------------------------------------------------------------===//

/// A read or assign returns the variable's value type and a control token.
LogicalResult mlir::tfc::inferVariableAccessTypes(
    MLIRContext *context, std::optional<Location> location, Type varType,
    SmallVectorImpl<Type> &inferred) {
  auto var = dyn_cast<VarType>(varType);
  if (!var)
    return emitOptionalError(location, "expected a variable handle, got ",
                             varType);
  inferred.push_back(var.getValueType());
  inferred.push_back(ControlType::get(context));
  return success();
}

LogicalResult ReadOp::inferReturnTypes(MLIRContext *context,
                                       std::optional<Location> location,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &inferred) {
  return inferVariableAccessTypes(context, location,
                                  adaptor.getVar().getType(), inferred);
}

