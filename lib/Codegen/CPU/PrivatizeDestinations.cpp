//===- PrivatizeDestinations.cpp - tfc-privatize-destinations -------------===//
//
// Gives each user of a shared empty or filled tensor a copy of its own
// before bufferization, which otherwise weighs every writer of the shared
// value against every other one.
//
//===----------------------------------------------------------------------===//

#include "tfc/Codegen/CPU/Passes.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir::tfc {
#define GEN_PASS_DEF_TFCPRIVATIZEDESTINATIONS
#include "tfc/Codegen/CPU/Passes.h.inc"
} // namespace mlir::tfc

using namespace mlir;
using namespace mlir::tfc;

namespace {
class Privatizer {
public:
  explicit Privatizer(int64_t maxOps) : maxOps(maxOps) {}

  /// Whether `value` is an empty tensor or computed from empty tensors
  /// only, by a side-effect-free op of at most maxOps operations.
  bool isRecomputable(Value value);

  /// A copy of the computation of the recomputable `value` at `builder`.
  Value recompute(OpBuilder &builder, Value value);

private:
  int64_t maxOps;
  llvm::DenseMap<Operation *, bool> known;
};
} // namespace

bool Privatizer::isRecomputable(Value value) {
  Operation *op = value.getDefiningOp();
  if (!op || !isa<TensorType>(value.getType()))
    return false;
  if (isa<tensor::EmptyOp>(op))
    return true;
  auto [it, inserted] = known.try_emplace(op, false);
  if (!inserted)
    return it->second;
  if (!isMemoryEffectFree(op))
    return false;
  int64_t size = 0;
  op->walk([&](Operation *) { ++size; });
  if (size > maxOps)
    return false;
  // Tensors from above the op's regions would be read: not a fill.
  llvm::SetVector<Value> above;
  getUsedValuesDefinedAbove(op->getRegions(), above);
  if (llvm::any_of(above,
                   [](Value v) { return isa<TensorType>(v.getType()); }))
    return false;
  bool result = llvm::all_of(op->getOperands(), [&](Value operand) {
    return !isa<TensorType>(operand.getType()) || isRecomputable(operand);
  });
  known[op] = result;
  return result;
}

Value Privatizer::recompute(OpBuilder &builder, Value value) {
  Operation *op = value.getDefiningOp();
  IRMapping mapping;
  for (Value operand : op->getOperands())
    if (isa<TensorType>(operand.getType()) && !mapping.contains(operand))
      mapping.map(operand, recompute(builder, operand));
  Operation *copy = builder.clone(*op, mapping);
  return copy->getResult(cast<OpResult>(value).getResultNumber());
}

/// How many uses share one copy. Sharing lets bufferization give users
/// whose values do not overlap in time one buffer (an MLP's layers reuse
/// each other's); the analysis costs the square of the users per value,
/// so a bounded group keeps it linear in the graph.
static constexpr size_t kUsesPerCopy = 8;

namespace {
struct TFCPrivatizeDestinationsPass
    : public tfc::impl::TFCPrivatizeDestinationsBase<
          TFCPrivatizeDestinationsPass> {
  using TFCPrivatizeDestinationsBase::TFCPrivatizeDestinationsBase;

  void runOnOperation() override {
    Privatizer privatizer(maxOps);
    // Shared values in program order: an empty tensor is handled before
    // the fills of it, whose copies then get empty tensors of their own.
    SmallVector<Value> shared;
    getOperation().walk([&](Operation *op) {
      for (Value result : op->getResults())
        if (!result.hasOneUse() && !result.use_empty() &&
            privatizer.isRecomputable(result))
          shared.push_back(result);
    });
    OpBuilder builder(&getContext());
    for (Value value : shared) {
      // The uses in program order, by their ancestor in the value's block:
      // a copy goes before that ancestor, not into a loop that would
      // recompute it in every iteration.
      Block *block = value.getParentBlock();
      SmallVector<std::pair<Operation *, OpOperand *>> uses;
      for (OpOperand &use : value.getUses())
        if (Operation *anchor = block->findAncestorOpInBlock(*use.getOwner()))
          uses.emplace_back(anchor, &use);
      if (uses.size() <= kUsesPerCopy)
        continue;
      llvm::stable_sort(uses, [](const auto &a, const auto &b) {
        return a.first != b.first && a.first->isBeforeInBlock(b.first);
      });
      // The first group keeps the original; each further group of
      // kUsesPerCopy uses shares a copy made before the group's first user.
      Value copy = value;
      for (auto [index, use] : llvm::enumerate(uses)) {
        if (index % kUsesPerCopy == 0 && index != 0) {
          builder.setInsertionPoint(use.first);
          copy = privatizer.recompute(builder, value);
        }
        use.second->set(copy);
      }
    }
  }
};
} // namespace
