//===- TFCDialect.cpp - tfc dialect registration --------------------------===//
//
// Registers the tfc dialect's types and ops, materializes folded
// constants and verifies the dialect's discardable attributes.
//
//===----------------------------------------------------------------------===//

#include "tfc/Dialect/TFC/IR/TFCDialect.h"

#include "tfc/Dialect/TFC/IR/TFCOps.h"

#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/FoldInterfaces.h"

using namespace mlir;
using namespace mlir::tfc;

namespace {
/// Keeps folded constants inside the graph they belong to: without this the
/// folder hoists them into the enclosing function, out of the graph region.
struct TFCFoldInterface : public DialectFoldInterface {
  using DialectFoldInterface::DialectFoldInterface;

  bool shouldMaterializeInto(Region *region) const final {
    return isa<GraphOp>(region->getParentOp());
  }
};
} // namespace

#include "tfc/Dialect/TFC/IR/TFCOpsDialect.cpp.inc"

void TFCDialect::initialize() {
  registerTypes();
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "tfc/Dialect/TFC/IR/TFCOps.cpp.inc"
      >();
  addInterfaces<TFCFoldInterface>();
}

Operation *TFCDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                           Type type, Location loc) {
  auto elements = dyn_cast<ElementsAttr>(value);
  if (!elements || elements.getType() != type)
    return nullptr;
  return ConstantOp::create(builder, loc, elements);
}

//===----------------------------------------------------------------------===//
// Discardable attributes
//===----------------------------------------------------------------------===//

/// Checks that `attr` (named `name`) has the kind ODS declares for it;
/// `where` says what it is attached to in the message.
static LogicalResult verifyKind(function_ref<InFlightDiagnostic()> emitError,
                                StringRef name, Attribute attr, bool isKind,
                                StringRef kind) {
  if (isKind)
    return success();
  return emitError() << "'" << name << "' must be " << kind << ", got "
                     << attr;
}

LogicalResult TFCDialect::verifyOperationAttribute(Operation *op,
                                                   NamedAttribute attribute) {
  StringRef name = attribute.getName().strref();
  Attribute attr = attribute.getValue();
  auto emit = [&] { return op->emitOpError(); };
  auto onFunction = [&]() -> LogicalResult {
    // A func.func, or the llvm.func it becomes.
    if (isa<FunctionOpInterface>(op))
      return success();
    return op->emitOpError() << "'" << name << "' is only valid on a function";
  };
  if (name == NameAttrHelper::getNameStr())
    return verifyKind(emit, name, attr, isa<StringAttr>(attr), "a string");
  if (name == EntryPointAttrHelper::getNameStr() ||
      name == WritesVariablesAttrHelper::getNameStr()) {
    if (failed(onFunction()))
      return failure();
    return verifyKind(emit, name, attr, isa<UnitAttr>(attr), "a unit attribute");
  }
  if (name == VariablesAttrHelper::getNameStr()) {
    if (failed(onFunction()))
      return failure();
    auto array = dyn_cast<ArrayAttr>(attr);
    return verifyKind(emit, name, attr,
                      array && llvm::all_of(array, llvm::IsaPred<StringAttr,
                                                                 SymbolRefAttr>),
                      "an array of variable names or symbols");
  }
  if (name == ScheduledAttrHelper::getNameStr() ||
      name == GrowsAttrHelper::getNameStr() ||
      name == HostAttrHelper::getNameStr() ||
      name == NonpositiveOperandAttrHelper::getNameStr())
    return verifyKind(emit, name, attr, isa<UnitAttr>(attr), "a unit attribute");
  if (name == MergedFunctionsAttrHelper::getNameStr()) {
    if (failed(onFunction()))
      return failure();
    auto count = dyn_cast<IntegerAttr>(attr);
    return verifyKind(emit, name, attr,
                      count && count.getType().isInteger(64) &&
                          count.getInt() >= 2,
                      "a 64-bit integer of at least 2");
  }
  if (name == PackedVariablesAttrHelper::getNameStr()) {
    if (!isa<ModuleOp>(op))
      return op->emitOpError() << "'" << name << "' is only valid on a module";
    auto entries = dyn_cast<DictionaryAttr>(attr);
    auto isView = [](Attribute view) {
      auto pair = dyn_cast<ArrayAttr>(view);
      auto panel = pair && pair.size() == 2 ? dyn_cast<IntegerAttr>(pair[1])
                                            : IntegerAttr();
      return panel && isa<FlatSymbolRefAttr>(pair[0]) && panel.getInt() > 0;
    };
    return verifyKind(
        emit, name, attr,
        entries && llvm::all_of(entries,
                                [&](NamedAttribute e) {
                                  auto views =
                                      dyn_cast<ArrayAttr>(e.getValue());
                                  return views && llvm::all_of(views, isView);
                                }),
        "a dictionary of arrays of [@variable, panel] pairs");
  }
  return op->emitOpError() << "has an unknown tfc attribute '" << name << "'";
}

LogicalResult TFCDialect::verifyRegionArgAttribute(Operation *op,
                                                   unsigned region,
                                                   unsigned argIndex,
                                                   NamedAttribute attribute) {
  StringRef name = attribute.getName().strref();
  Attribute attr = attribute.getValue();
  auto emit = [&] {
    return op->emitOpError() << "argument " << argIndex << ": ";
  };
  if (name == NameAttrHelper::getNameStr())
    return verifyKind(emit, name, attr, isa<StringAttr>(attr), "a string");
  if (name == StringAttrHelper::getNameStr())
    return verifyKind(emit, name, attr, isa<UnitAttr>(attr), "a unit attribute");
  return emit() << "unknown tfc argument attribute '" << name << "'";
}

LogicalResult TFCDialect::verifyRegionResultAttribute(
    Operation *op, unsigned region, unsigned resultIndex,
    NamedAttribute attribute) {
  StringRef name = attribute.getName().strref();
  auto emit = [&] {
    return op->emitOpError() << "result " << resultIndex << ": ";
  };
  if (name == NameAttrHelper::getNameStr())
    return verifyKind(emit, name, attribute.getValue(),
                      isa<StringAttr>(attribute.getValue()), "a string");
  return emit() << "unknown tfc result attribute '" << name << "'";
}
