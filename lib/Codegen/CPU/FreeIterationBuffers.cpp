//===- FreeIterationBuffers.cpp - tfc-free-iteration-buffers --------------===//
//
// Frees, at the end of its iteration, each buffer a parallel loop's body
// allocates and uses only there: the calling thread's arena never sees a
// buffer another thread allocated, so nothing else would free it.
//
//===----------------------------------------------------------------------===//

#include "tfc/Codegen/CPU/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace mlir::tfc {
#define GEN_PASS_DEF_TFCFREEITERATIONBUFFERS
#include "tfc/Codegen/CPU/Passes.h.inc"
} // namespace mlir::tfc

using namespace mlir;
using namespace mlir::tfc;

/// Whether the buffer of `alloc` is used only inside its block, by ops that
/// neither hand it (or a view of it) out of the block nor free it.
static bool staysInBlock(memref::AllocOp alloc) {
  Block *block = alloc->getBlock();
  SmallVector<Value> aliases{alloc.getResult()};
  while (!aliases.empty()) {
    Value alias = aliases.pop_back_val();
    for (Operation *user : alias.getUsers()) {
      Operation *inBlock = block->findAncestorOpInBlock(*user);
      if (!inBlock || inBlock == block->getTerminator())
        return false;
      if (user->hasTrait<OpTrait::IsTerminator>() ||
          isa<CallOpInterface, bufferization::ToTensorOp, memref::DeallocOp>(
              user))
        return false;
      if (auto view = dyn_cast<ViewLikeOpInterface>(user)) {
        if (view.getViewSource() == alias)
          aliases.push_back(view->getResult(0));
        continue;
      }
      // An op that makes a new value of the buffer other than a view
      // (a cast to another dialect's type) could carry it anywhere.
      for (Value result : user->getResults())
        if (isa<BaseMemRefType>(result.getType()))
          return false;
    }
  }
  return true;
}

namespace {
struct FreeIterationBuffersPass
    : public tfc::impl::TFCFreeIterationBuffersBase<FreeIterationBuffersPass> {
  void runOnOperation() override {
    SmallVector<memref::AllocOp> allocs;
    getOperation().walk([&](memref::AllocOp alloc) {
      if (alloc->getParentOfType<scf::ForallOp>() ||
          alloc->getParentOfType<scf::ParallelOp>())
        allocs.push_back(alloc);
    });
    for (memref::AllocOp alloc : allocs) {
      if (!staysInBlock(alloc))
        continue;
      OpBuilder builder(alloc->getBlock()->getTerminator());
      memref::DeallocOp::create(builder, alloc.getLoc(), alloc.getResult());
    }
  }
};
} // namespace
