//===- StructuralCSE.cpp - the tfc-cse pass ---------------------------===//
//
// Common subexpression elimination keyed by the structure of an op's
// regions too, so that loops with equal operands but different bodies are
// not compared with each other one by one.
//
//===----------------------------------------------------------------------===//

#include "tfc/Codegen/CPU/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/CSE.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir::tfc {
#define GEN_PASS_DEF_TFCSTRUCTURALCSE
#include "tfc/Codegen/CPU/Passes.h.inc"
} // namespace mlir::tfc

using namespace mlir;
using namespace mlir::tfc;

/// The attribute that holds the hash while CSE runs.
static constexpr llvm::StringLiteral kStructureAttr = "tfc.cse_structure";

/// A hash of `op` and of everything nested in it, equal for ops that CSE
/// finds equivalent: `op` as CSE hashes it but without its operands (CSE
/// hashes those itself, once earlier duplicates are replaced), each nested
/// op likewise with the values defined inside `op` (block arguments and
/// results) numbered in the order they are defined and the values from
/// above by identity, and the shape of the regions.
static llvm::hash_code hashStructure(Operation *op) {
  llvm::DenseMap<Value, unsigned> inner;
  auto hashInner = [&](Value value) -> llvm::hash_code {
    auto it = inner.find(value);
    if (it == inner.end())
      return hash_value(value);
    return llvm::hash_combine(~0u, it->second);
  };
  llvm::hash_code hash = OperationEquivalence::computeHash(
      op, OperationEquivalence::ignoreHashValue,
      OperationEquivalence::ignoreHashValue,
      OperationEquivalence::IgnoreLocations);
  op->walk<WalkOrder::PreOrder>([&](Operation *nested) {
    if (nested != op)
      hash = llvm::hash_combine(
          hash, OperationEquivalence::computeHash(
                    nested, hashInner, OperationEquivalence::ignoreHashValue,
                    OperationEquivalence::IgnoreLocations));
    for (Region &region : nested->getRegions()) {
      hash = llvm::hash_combine(hash, region.getBlocks().size());
      for (Block &block : region) {
        hash = llvm::hash_combine(hash, block.getNumArguments());
        for (BlockArgument argument : block.getArguments()) {
          hash = llvm::hash_combine(hash, argument.getType());
          inner.try_emplace(argument, inner.size());
        }
      }
    }
    for (Value result : nested->getResults())
      inner.try_emplace(result, inner.size());
  });
  return hash;
}

/// Sets the hash of each op with regions at the top level of `func`; the
/// hashes are all computed before any is set, so that none includes
/// another's.
static void tagStructures(func::FuncOp func) {
  Builder builder(func.getContext());
  SmallVector<std::pair<Operation *, llvm::hash_code>> tagged;
  for (Block &block : func.getBody())
    for (Operation &op : block)
      if (op.getNumRegions() != 0)
        tagged.emplace_back(&op, hashStructure(&op));
  for (auto [op, hash] : tagged)
    op->setAttr(kStructureAttr, builder.getI64IntegerAttr(static_cast<int64_t>(
                                    static_cast<size_t>(hash))));
}

static void untagStructures(func::FuncOp func) {
  for (Block &block : func.getBody())
    for (Operation &op : block)
      op.removeAttr(kStructureAttr);
}

namespace {
struct TFCStructuralCSEPass
    : public tfc::impl::TFCStructuralCSEBase<TFCStructuralCSEPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    IRRewriter rewriter(&getContext());
    DominanceInfo &dominance = getAnalysis<DominanceInfo>();
    // A loop that reads a value from above equals another only once that
    // value's duplicates are merged; its hash includes the value's
    // identity, so such loops are merged by the next round. A round that
    // changes nothing ends it (the last round of most functions is the
    // second).
    bool changedAny = false;
    for (bool changed = true; changed;) {
      changed = false;
      tagStructures(func);
      eliminateCommonSubExpressions(rewriter, dominance, func, &changed);
      untagStructures(func);
      changedAny |= changed;
    }
    if (!changedAny)
      markAllAnalysesPreserved();
    else
      markAnalysesPreserved<DominanceInfo, PostDominanceInfo>();
  }
};
} // namespace
