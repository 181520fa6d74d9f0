//===- OutlineDispatches.cpp - the tfc-outline-dispatches pass ------------===//
//
// Cuts large functions on tensors into pieces before tiling, where no cut
// separates ops that tfc-tile-and-fuse would fuse, and outlines each piece
// into a function: the passes after it then work on many small functions,
// and equal pieces are compiled once.
//
//===----------------------------------------------------------------------===//

#include "tfc/Codegen/CPU/Passes.h"

#include "Outlining.h"
#include "TileAndFuse.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir::tfc {
#define GEN_PASS_DEF_TFCOUTLINEDISPATCHES
#include "tfc/Codegen/CPU/Passes.h.inc"
} // namespace mlir::tfc

using namespace mlir;
using namespace mlir::tfc;
using tiling::isMatmulLike;

/// Constants of more elements than this that are not splats are weights:
/// they stay in the function, and the pieces take them as arguments.
static constexpr int64_t kMaxClonedConstantElements = 8;

/// A constant worth an argument: a tensor of many distinct elements.
static bool isWeight(Operation *op) {
  ElementsAttr elements;
  if (!isConstantOp(op) ||
      !matchPattern(op->getResult(0), m_Constant(&elements)))
    return false;
  return !elements.isSplat() &&
         elements.getNumElements() > kMaxClonedConstantElements;
}

/// Ops each piece that uses them gets a copy of: other constants, empty
/// tensors and fills of them (a contraction fuses its own fill), and sizes
/// (tiling relates the sizes of its ops through them).
static bool isRematerialized(Operation *op) {
  if (isa<tensor::EmptyOp, tensor::DimOp>(op))
    return true;
  if (auto fill = dyn_cast<linalg::FillOp>(op))
    return fill.hasPureTensorSemantics() && getFillOfEmpty(fill.getResult(0));
  return isConstantOp(op) && !isWeight(op);
}

/// Whether tiling never fuses the op computing `value` into a consumer: a
/// block argument, a contraction, a call, a loop or a tensor of a buffer.
static bool isNeverFused(Value value) {
  Operation *producer = value.getDefiningOp();
  if (!producer || !isa<RankedTensorType>(value.getType()))
    return true;
  if (isa<func::CallOp, bufferization::ToTensorOp>(producer))
    return true;
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(producer))
    return isMatmulLike(linalgOp);
  return producer->getNumRegions() != 0;
}

/// Contractions: tiling fuses none of their inputs (they are read many
/// times), only their output's fill.
static bool readsInputsInPlace(linalg::LinalgOp op) {
  return isMatmulLike(op) || isa<linalg::Conv2DNhwcHwcfOp>(op.getOperation());
}

namespace {
/// On tensors: no cut separates an op from a later one that could fuse it.
class DispatchPolicy : public CutPolicy {
public:
  explicit DispatchPolicy(Block &body) : body(body) {
    for (auto [index, op] : llvm::enumerate(body))
      positions[&op] = index;
  }

  bool isCopied(Operation *op) override { return isRematerialized(op); }
  /// Weights too, as globals do: layers that differ in them only make equal
  /// pieces.
  bool staysInPlace(Operation *op) override {
    return CutPolicy::staysInPlace(op) || isWeight(op);
  }
  bool mayCutBefore(Operation *op) override {
    return reach < positions.lookup(op);
  }
  void added(Operation *op) override {
    reach = std::max(reach, lastFusingUse(op));
  }
  void started() override { reach = -1; }

private:
  int64_t lastFusingUse(Operation *op);

  Block &body;
  DenseMap<Operation *, int64_t> positions;
  /// The last op that may fuse an op of the current piece: no cut before
  /// it.
  int64_t reach = -1;
};
} // namespace

/// The position of the last top-level op that could fuse `op` into its
/// loops, or -1: a row-wise op using its result, or a contraction using it
/// as its output. A contraction's inputs, ops other than linalg ops (the
/// terminator, a pad, a loop: tiling starts at top-level linalg ops only)
/// fuse nothing.
int64_t DispatchPolicy::lastFusingUse(Operation *op) {
  int64_t last = -1;
  for (Value result : op->getResults()) {
    if (isNeverFused(result))
      continue;
    for (OpOperand &use : result.getUses()) {
      Operation *top = body.findAncestorOpInBlock(*use.getOwner());
      auto consumer = dyn_cast<linalg::LinalgOp>(top);
      if (!consumer)
        continue;
      if (top == use.getOwner() && readsInputsInPlace(consumer) &&
          !consumer.isDpsInit(&use))
        continue;
      last = std::max(last, positions.lookup(top));
    }
  }
  return last;
}

/// Cuts `function`'s body into pieces and outlines each, unless it is one
/// piece.
static void outlineDispatches(func::FuncOp function, int64_t maxOps,
                              SymbolTable &symbols) {
  DispatchPolicy policy(function.getBody().front());
  SmallVector<SmallVector<Operation *>> pieces =
      cutIntoPieces(function.getBody().front(), maxOps, policy);
  if (pieces.size() >= 2)
    outlinePieces(function, pieces, "dispatch", symbols, policy);
}

namespace {
struct TFCOutlineDispatchesPass
    : public tfc::impl::TFCOutlineDispatchesBase<TFCOutlineDispatchesPass> {
  using TFCOutlineDispatchesBase::TFCOutlineDispatchesBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    for (func::FuncOp function : getFunctionsToCut(module, maxOps))
      outlineDispatches(function, maxOps, symbols);
  }
};
} // namespace
