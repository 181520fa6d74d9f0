//===- MergeIdenticalFunctions.cpp - tfc-merge-identical-functions --------===//
//
// Keeps one of each set of equal private functions: functions whose bodies
// have the same operations, attributes, types and use of values, in the same
// order, whatever their names and locations.
//
//===----------------------------------------------------------------------===//

#include "tfc/Codegen/CPU/Passes.h"

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
  std::vector<const void *> key;
  auto word = [&](const void *pointer) { key.push_back(pointer); };
  auto number = [&](size_t n) {
    key.push_back(reinterpret_cast<const void *>(n));
  };
  word(function.getFunctionType().getAsOpaquePointer());
  for (NamedAttribute attribute : function->getAttrs())
    if (attribute.getName() != SymbolTable::getSymbolAttrName())
      word(attribute.getValue().getAsOpaquePointer());

  DenseMap<Value, size_t> numbers;
  DenseMap<Block *, size_t> blocks;
  auto defineBlock = [&](Block &block) {
    blocks.try_emplace(&block, blocks.size());
    number(block.getNumArguments());
    for (BlockArgument argument : block.getArguments()) {
      word(argument.getType().getAsOpaquePointer());
      numbers.try_emplace(argument, numbers.size());
    }
  };
  for (Block &block : function.getBody())
    defineBlock(block);
  function.getBody().walk<WalkOrder::PreOrder>([&](Operation *op) {
    word(op->getName().getAsOpaquePointer());
    word(op->getRawDictionaryAttrs().getAsOpaquePointer());
    word(op->getPropertiesAsAttribute().getAsOpaquePointer());
    number(op->getNumOperands());
    for (Value operand : op->getOperands()) {
      // A use before the definition (a block argument of a later block)
      // cannot happen in these region-structured functions; count it
      // apart all the same.
      auto it = numbers.find(operand);
      number(it == numbers.end() ? ~size_t(0) : it->second);
    }
    number(op->getNumResults());
    for (OpResult result : op->getResults()) {
      word(result.getType().getAsOpaquePointer());
      numbers.try_emplace(result, numbers.size());
    }
    number(op->getNumSuccessors());
    for (Block *successor : op->getSuccessors())
      number(blocks.lookup(successor));
    number(op->getNumRegions());
    for (Region &region : op->getRegions()) {
      number(llvm::range_size(region.getBlocks()));
      for (Block &block : region)
        defineBlock(block);
    }
  });
  return key;
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
      if (!function.isPrivate() || function.isExternal())
        continue;
      auto [it, inserted] =
          kept.try_emplace(getStructuralKey(function), function);
      if (!inserted)
        replacements[function.getSymNameAttr()] = it->second;
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
