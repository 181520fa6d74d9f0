//===- VerifyHostCode.cpp - the tfc-gpu-verify-host-code pass -------------===//
//
// The last line of defence of the CUDA target's memory model: host code
// that would still load, store or allocate memory the wrong way is an error
// at compile time, not a wrong program at run time.
//
//===----------------------------------------------------------------------===//

#include "tfc/Codegen/GPU/Passes.h"

#include "HostBuffers.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace mlir::tfc {
#define GEN_PASS_DEF_TFCGPUVERIFYHOSTCODE
#include "tfc/Codegen/GPU/Passes.h.inc"
} // namespace mlir::tfc

using namespace mlir;
using namespace mlir::tfc;

/// Checks one op of host code.
static LogicalResult verifyHostOp(Operation *op) {
  auto deviceAccess = [&](Value memref) -> LogicalResult {
    if (isHostBuffer(memref))
      return success();
    return op->emitOpError(
        "accesses device memory from host code on the CUDA target");
  };
  if (auto load = dyn_cast<memref::LoadOp>(op))
    return deviceAccess(load.getMemref());
  if (auto store = dyn_cast<memref::StoreOp>(op))
    return deviceAccess(store.getMemref());
  if (auto reshape = dyn_cast<memref::ReshapeOp>(op))
    return deviceAccess(reshape.getShape());
  if (isa<memref::CopyOp, memref::AtomicRMWOp, memref::GenericAtomicRMWOp,
          linalg::LinalgOp, vector::TransferReadOp, vector::TransferWriteOp,
          vector::LoadOp, vector::StoreOp>(op))
    return op->emitOpError(
        "accesses device memory from host code on the CUDA target");
  if (isa<memref::AllocOp, memref::AllocaOp>(op) && !op->hasAttr(kHostAttrName))
    return op->emitOpError("allocates host memory for a temporary on the CUDA "
                           "target (temporaries are device memory)");
  if (auto getGlobal = dyn_cast<memref::GetGlobalOp>(op))
    for (Operation *user : getGlobal->getUsers())
      if (!isa<gpu::MemcpyOp>(user))
        return user->emitOpError(
            "uses a host constant directly on the CUDA target");
  return success();
}

namespace {
struct TFCGPUVerifyHostCodePass
    : public tfc::impl::TFCGPUVerifyHostCodeBase<TFCGPUVerifyHostCodePass> {
  void runOnOperation() override {
    bool failed = false;
    for (auto func : getOperation().getOps<func::FuncOp>())
      func.walk<WalkOrder::PreOrder>([&](Operation *op) {
        if (isa<gpu::LaunchOp>(op))
          return WalkResult::skip();
        if (mlir::failed(verifyHostOp(op)))
          failed = true;
        return WalkResult::advance();
      });
    if (failed)
      signalPassFailure();
  }
};
} // namespace
