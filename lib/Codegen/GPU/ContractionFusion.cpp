//===- ContractionFusion.cpp - what a tiled matmul absorbs ----------------===//
//
// A dense layer after bufferization is three linalg ops: a fill of the
// product's buffer with zeros, the matmul accumulating into it, and an
// element-wise op reading the product at its own position (the bias add and
// the activation). Mapped one by one they are three kernels, and the
// product goes through device memory twice. planContractionFusion finds the
// fill and the element-wise op a tiled contraction can absorb: its
// accumulators start from the fill's value, and its epilogue computes the
// element-wise op from the registers (TiledContraction.cpp).
//
//===----------------------------------------------------------------------===//

#include "Mapping.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;
using namespace mlir::tfc;
using namespace mlir::tfc::gpu_mapping;

/// Ops that may sit between a contraction and its epilogue: they touch no
/// buffer's data, so the contraction may run after them.
static bool isTransparent(Operation *op) {
  return op->getNumRegions() == 0 &&
         (isa<gpu::AllocOp>(op) || isMemoryEffectFree(op));
}

/// The ops of `block` that use `buffer` or a view of it, directly or in
/// their regions.
static DenseSet<Operation *> opsUsing(Value buffer, Block *block) {
  DenseSet<Operation *> users;
  SmallVector<Value> worklist{buffer};
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (Operation *user : value.getUsers()) {
      if (auto view = dyn_cast<ViewLikeOpInterface>(user);
          view && view.getViewSource() == value)
        llvm::append_range(worklist, user->getResults());
      if (Operation *ancestor = block->findAncestorOpInBlock(*user))
        users.insert(ancestor);
    }
  }
  return users;
}

/// Whether `map` visits each element of a buffer of `rank` once in
/// `op`'s iteration space, which has exactly that rank.
static bool coversOnce(linalg::GenericOp op, AffineMap map, int64_t rank) {
  return op.getNumLoops() == static_cast<unsigned>(rank) && map.isPermutation();
}

/// The value `fill` stores everywhere in its single output, when it is a
/// fill of all of `buffer`: defined outside its body, or a scalar input.
static Value filledValue(linalg::GenericOp fill, Value buffer) {
  if (fill.getNumDpsInits() != 1 || fill.getDpsInits()[0] != buffer ||
      fill.getNumReductionLoops() != 0 ||
      !coversOnce(fill, fill.getIndexingMapsArray().back(),
                  cast<MemRefType>(buffer.getType()).getRank()))
    return Value();
  Value yielded = fill.getBody()->getTerminator()->getOperand(0);
  if (auto arg = dyn_cast<BlockArgument>(yielded)) {
    if (arg.getOwner() != fill.getBody() ||
        arg.getArgNumber() >= fill.getNumDpsInputs())
      return Value();
    Value input = fill.getDpsInputs()[arg.getArgNumber()];
    return isa<MemRefType>(input.getType()) ? Value() : input;
  }
  return yielded.getParentRegion() == &fill.getRegion() ? Value() : yielded;
}

/// Whether the epilogue's results, which would overwrite an input of the
/// contraction that other blocks still read, can go to a new buffer
/// instead: its output is an allocation of the function overwritten whole
/// (the old values unread), with no views, and read after the epilogue
/// only in the same block, where the new buffer replaces it.
static bool canWriteFreshBuffer(linalg::GenericOp epilogue) {
  if (epilogue.getNumDpsInits() != 1)
    return false;
  OpOperand &init = epilogue.getDpsInitsMutable()[0];
  Value output = init.get();
  if (!output.getDefiningOp<gpu::AllocOp>() ||
      !epilogue.getMatchingBlockArgument(&init).use_empty() ||
      llvm::is_contained(epilogue.getDpsInputs(), output))
    return false;
  Block *block = epilogue->getBlock();
  return llvm::all_of(output.getUsers(), [&](Operation *user) {
    Operation *ancestor = block->findAncestorOpInBlock(*user);
    return ancestor && !isa<ViewLikeOpInterface>(user);
  });
}

/// Whether `op` reads `product` (the whole buffer, not a view) at its own
/// position as one input, touches no other view of it, and writes each
/// element of its outputs once; sets `overwritesSource` when it writes one
/// of `sources` (the contraction's inputs, which other blocks still read
/// while a block writes).
static bool isEpilogueOf(linalg::GenericOp op, Value product,
                         ArrayRef<Value> sources, bool &overwritesSource) {
  if (!op.hasPureBufferSemantics() || op.getNumReductionLoops() != 0)
    return false;
  int64_t rank = cast<MemRefType>(product.getType()).getRank();
  int reads = 0;
  for (OpOperand *input : op.getDpsInputOperands()) {
    Value value = input->get();
    if (value == product) {
      if (!op.getMatchingIndexingMap(input).isIdentity() ||
          op.getNumLoops() != static_cast<unsigned>(rank))
        return false;
      ++reads;
    } else if (isa<MemRefType>(value.getType()) &&
               getViewRoot(value) == product) {
      return false;
    }
  }
  if (reads != 1)
    return false;
  overwritesSource = false;
  for (OpOperand &init : op.getDpsInitsMutable()) {
    Value root = getViewRoot(init.get());
    if (!coversOnce(op, op.getMatchingIndexingMap(&init), rank) ||
        (root == product && init.get() != product))
      return false;
    overwritesSource |= llvm::any_of(
        sources, [&](Value source) { return getViewRoot(source) == root; });
  }
  return true;
}

ContractionFusion
gpu_mapping::planContractionFusion(linalg::GenericOp op,
                                   const DenseSet<Operation *> &taken,
                                   bool withEpilogue) {
  ContractionFusion fusion;
  Value product = op.getDpsInits()[0];
  // A product buffer the contraction also reads keeps its fill and its own
  // kernels.
  if (!product.getDefiningOp<gpu::AllocOp>() ||
      llvm::any_of(op.getDpsInputs(),
                   [&](Value input) { return getViewRoot(input) == product; }))
    return fusion;
  Block *block = op->getBlock();
  DenseSet<Operation *> users = opsUsing(product, block);

  // The fill: the last op before the contraction that touches the product.
  for (Operation *before = op->getPrevNode(); before;
       before = before->getPrevNode()) {
    if (!users.contains(before))
      continue;
    auto fill = dyn_cast<linalg::GenericOp>(before);
    if (fill && !taken.contains(fill))
      if (Value value = filledValue(fill, product);
          value && value.getType() ==
                       cast<MemRefType>(product.getType()).getElementType()) {
        fusion.initial = value;
        fusion.fill = fill;
      }
    break;
  }

  if (!withEpilogue)
    return fusion;
  // The epilogue: the next op that is not transparent.
  Operation *after = op->getNextNode();
  while (after && isTransparent(after))
    after = after->getNextNode();
  auto epilogue = dyn_cast_or_null<linalg::GenericOp>(after);
  bool overwritesSource = false;
  if (!epilogue || taken.contains(epilogue) ||
      !isEpilogueOf(epilogue, product, op.getDpsInputs(), overwritesSource) ||
      (overwritesSource && !canWriteFreshBuffer(epilogue)))
    return fusion;
  fusion.epilogue = epilogue;
  fusion.freshOutput = overwritesSource;
  // The product is stored when something after the epilogue reads it; an
  // epilogue writing it in place leaves its own result there.
  bool writesProduct = llvm::is_contained(epilogue.getDpsInits(), product);
  fusion.storeProduct =
      !writesProduct && llvm::any_of(users, [&](Operation *user) {
        return user != op && user != epilogue && !user->isBeforeInBlock(op);
      });
  return fusion;
}

void gpu_mapping::giveEpilogueFreshOutput(OpBuilder &b,
                                          linalg::GenericOp epilogue) {
  OpOperand &init = epilogue.getDpsInitsMutable()[0];
  auto alloc = init.get().getDefiningOp<gpu::AllocOp>();
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(epilogue);
  Value fresh = gpu::AllocOp::create(b, alloc.getLoc(), alloc.getType(),
                                     /*asyncToken=*/Type(), ValueRange{},
                                     alloc.getDynamicSizes(), ValueRange{},
                                     /*hostShared=*/false)
                    .getMemref();
  Block *block = epilogue->getBlock();
  alloc.getMemref().replaceUsesWithIf(fresh, [&](OpOperand &use) {
    Operation *ancestor = block->findAncestorOpInBlock(*use.getOwner());
    return ancestor == epilogue || epilogue->isBeforeInBlock(ancestor);
  });
}
