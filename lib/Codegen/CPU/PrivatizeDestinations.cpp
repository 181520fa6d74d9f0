//===- PrivatizeDestinations.cpp - tfc-privatize-destinations -------------===//
//
// Gives each user of a shared empty or filled tensor a copy of its own
// before bufferization, which otherwise weighs every writer of the shared
// value against every other one.
//
//===----------------------------------------------------------------------===//

#include "tfc/Codegen/CPU/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
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

/// Whether `value` is written into `shared`: whether the chain of
/// destinations (a DPS op's init, a loop's shared output or iteration
/// argument) and views that `value` was written through passes `shared`.
static bool writtenInto(Value value, Value shared) {
  while (value != shared) {
    auto result = dyn_cast<OpResult>(value);
    if (!result)
      return false;
    Operation *op = result.getOwner();
    unsigned number = result.getResultNumber();
    if (auto dps = dyn_cast<DestinationStyleOpInterface>(op))
      value = dps.getDpsInitOperand(number)->get();
    else if (auto forall = dyn_cast<scf::ForallOp>(op))
      value = forall.getOutputs()[number];
    else if (auto loop = dyn_cast<scf::ForOp>(op))
      value = loop.getInitArgs()[number];
    else if (isa<tensor::ExtractSliceOp, tensor::CollapseShapeOp,
                 tensor::ExpandShapeOp>(op))
      value = op->getOperand(0);
    else
      return false;
  }
  return true;
}

/// Whether `anchor`, a user of the shared `value`, reads a tensor written
/// into `value` by another of its users: the two results live at once and
/// cannot share a buffer. Sharing the empty tensor anyway made
/// bufferization copy the first result out of place (a weight's gradient,
/// 1.6 MB, before the update that reads it). Reads are a linalg op's inputs
/// and what a loop's body takes from above.
static bool readsAnotherWriter(Operation *anchor, Value value) {
  SmallVector<Value> reads;
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(anchor)) {
    // An element-wise op may read an input at the position it writes in
    // the same buffer: bufferization writes it in place.
    bool elementwise = linalgOp.getNumParallelLoops() == linalgOp.getNumLoops();
    for (OpOperand *input : linalgOp.getDpsInputOperands()) {
      if (elementwise && linalgOp.getNumDpsInits() == 1 &&
          linalgOp.getMatchingIndexingMap(input) ==
              linalgOp.getMatchingIndexingMap(linalgOp.getDpsInitOperand(0)))
        continue;
      reads.push_back(input->get());
    }
  } else if (isa<scf::ForallOp, scf::ForOp>(anchor)) {
    llvm::SetVector<Value> above;
    getUsedValuesDefinedAbove(anchor->getRegions(), above);
    reads.append(above.begin(), above.end());
  }
  return llvm::any_of(reads, [&](Value read) {
    return isa<TensorType>(read.getType()) && read != value &&
           writtenInto(read, value);
  });
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
      llvm::stable_sort(uses, [](const auto &a, const auto &b) {
        return a.first != b.first && a.first->isBeforeInBlock(b.first);
      });
      // A user that reads another's result gets its own copy; in program
      // order, so that a user reading a privatized result keeps sharing.
      llvm::erase_if(uses, [&](const auto &use) {
        if (!readsAnotherWriter(use.first, value))
          return false;
        builder.setInsertionPoint(use.first);
        use.second->set(privatizer.recompute(builder, value));
        return true;
      });
      if (uses.size() <= kUsesPerCopy)
        continue;
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
