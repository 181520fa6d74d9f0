//===- MergeIdenticalFunctions.cpp - tfc-merge-identical-functions --------===//
//
// Keeps one of each set of equal private functions: functions whose bodies
// have the same operations, attributes, types and use of values, in the same
// order, whatever their names and locations.
//
//===----------------------------------------------------------------------===//

#include "tfc/Codegen/CPU/Passes.h"

#include "tfc/Dialect/TFC/IR/TFCDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseSet.h"

#include <map>
#include <vector>

namespace mlir::tfc {
#define GEN_PASS_DEF_TFCMERGEIDENTICALFUNCTIONS
#include "tfc/Codegen/CPU/Passes.h.inc"
} // namespace mlir::tfc

using namespace mlir;
using namespace mlir::tfc;

/// What makes two functions equal, as a sequence of words: the function's
/// type and attributes but its name, then for each op in order its name,
/// attributes and properties, result types, operands (as the numbers of
/// the values they use, counted in order of definition), successors and
/// regions. Attributes and types are uniqued, so their addresses stand for
/// them.
static std::vector<const void *> getStructuralKey(func::FuncOp function) {
  // Every value and block is numbered first, so that a use that comes
  // before its definition (in a graph of blocks) has its number too.
  DenseMap<Value, size_t> numbers;
  DenseMap<Block *, size_t> blocks;
  auto numberBlock = [&](Block &block) {
    blocks.try_emplace(&block, blocks.size());
    for (BlockArgument argument : block.getArguments())
      numbers.try_emplace(argument, numbers.size());
  };
  for (Block &block : function.getBody())
    numberBlock(block);
  function.getBody().walk<WalkOrder::PreOrder>([&](Operation *op) {
    for (OpResult result : op->getResults())
      numbers.try_emplace(result, numbers.size());
    for (Region &region : op->getRegions())
      for (Block &block : region)
        numberBlock(block);
  });

  std::vector<const void *> key;
  auto word = [&](const void *pointer) { key.push_back(pointer); };
  auto number = [&](size_t n) {
    key.push_back(reinterpret_cast<const void *>(n));
  };
  auto describeBlock = [&](Block &block) {
    number(block.getNumArguments());
    for (BlockArgument argument : block.getArguments())
      word(argument.getType().getAsOpaquePointer());
  };
  word(function.getFunctionType().getAsOpaquePointer());
  for (NamedAttribute attribute : function->getAttrs()) {
    if (attribute.getName() == SymbolTable::getSymbolAttrName() ||
        attribute.getName() == kMergedFunctionsAttrName)
      continue;
    word(attribute.getName().getAsOpaquePointer());
    word(attribute.getValue().getAsOpaquePointer());
  }
  for (Block &block : function.getBody())
    describeBlock(block);
  function.getBody().walk<WalkOrder::PreOrder>([&](Operation *op) {
    word(op->getName().getAsOpaquePointer());
    word(op->getRawDictionaryAttrs().getAsOpaquePointer());
    word(op->getPropertiesAsAttribute().getAsOpaquePointer());
    number(op->getNumOperands());
    for (Value operand : op->getOperands()) {
      // A value from outside the function cannot be used inside it (a
      // function is isolated from above); it would count apart.
      auto it = numbers.find(operand);
      number(it == numbers.end() ? ~size_t(0) : it->second);
    }
    number(op->getNumResults());
    for (OpResult result : op->getResults())
      word(result.getType().getAsOpaquePointer());
    number(op->getNumSuccessors());
    for (Block *successor : op->getSuccessors())
      number(blocks.lookup(successor));
    number(op->getNumRegions());
    for (Region &region : op->getRegions()) {
      number(llvm::range_size(region.getBlocks()));
      for (Block &block : region)
        describeBlock(block);
    }
  });
  return key;
}

/// How many functions `function` stands for: 1, or more once others were
/// merged into it.
static int64_t getMergedCount(func::FuncOp function) {
  auto count = function->getAttrOfType<IntegerAttr>(kMergedFunctionsAttrName);
  return count ? count.getInt() : 1;
}

/// Whether `function` may be merged into an equal one: a private function
/// with a body that nothing outside the module finds by its name (an entry
/// point, which the model's function table names, keeps its own).
static bool isMergeable(func::FuncOp function) {
  return function.isPrivate() && !function.isExternal() &&
         !function->hasAttr(kEntryPointAttrName);
}

namespace {
struct TFCMergeIdenticalFunctionsPass
    : public tfc::impl::TFCMergeIdenticalFunctionsBase<
          TFCMergeIdenticalFunctionsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    std::map<std::vector<const void *>, func::FuncOp> kept;
    DenseMap<StringAttr, func::FuncOp> replacements;
    for (auto function : module.getOps<func::FuncOp>()) {
      if (!isMergeable(function))
        continue;
      auto [it, inserted] =
          kept.try_emplace(getStructuralKey(function), function);
      if (inserted)
        continue;
      func::FuncOp keptFunction = it->second;
      replacements[function.getSymNameAttr()] = keptFunction;
      // The locations of the kept function's ops are those of one of the
      // functions it stands for; the runtime's messages say so.
      keptFunction->setAttr(
          kMergedFunctionsAttrName,
          IntegerAttr::get(IntegerType::get(&getContext(), 64),
                           getMergedCount(keptFunction) +
                               getMergedCount(function)));
    }
    if (replacements.empty())
      return;

    // Calls of a merged function call the one kept.
    module.walk([&](func::CallOp call) {
      auto it = replacements.find(call.getCalleeAttr().getAttr());
      if (it != replacements.end())
        call.setCallee(it->second.getSymName());
    });
    // The merged functions go, unless something else names them (one walk
    // over the module: a lookup per function would be quadratic).
    llvm::DenseSet<StringAttr> named;
    if (std::optional<SymbolTable::UseRange> uses =
            SymbolTable::getSymbolUses(&module.getBodyRegion()))
      for (const SymbolTable::SymbolUse &use : *uses)
        named.insert(use.getSymbolRef().getRootReference());
    for (auto function :
         llvm::make_early_inc_range(module.getOps<func::FuncOp>()))
      if (replacements.count(function.getSymNameAttr()) &&
          !named.contains(function.getSymNameAttr()))
        function.erase();
  }
};
} // namespace
