//===- DeviceMemory.cpp - the tfc-gpu-device-memory pass ------------------===//
//
// In a CUDA model every buffer host code handles is device memory: host
// code allocates it through the GPU runtime, fills constants with copies,
// and reaches single elements through one-thread kernels and staging
// copies, never by dereferencing it.
//
//===----------------------------------------------------------------------===//

#include "tfc/Codegen/GPU/Passes.h"

#include "HostBuffers.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::tfc {
#define GEN_PASS_DEF_TFCGPUDEVICEMEMORY
#include "tfc/Codegen/GPU/Passes.h.inc"
} // namespace mlir::tfc

using namespace mlir;
using namespace mlir::tfc;

/// Whether `op` runs on the host: not in a kernel, nor in the body of a
/// linalg op, which tfc-gpu-map-linalg turns into one (a gather's reads of
/// its params are device code).
static bool isHostCode(Operation *op) {
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp())
    if (isa<gpu::LaunchOp, linalg::LinalgOp>(parent))
      return false;
  return true;
}

/// A device buffer like `type` (identity layout, its dynamic sizes).
static Value allocDevice(OpBuilder &b, Location loc, MemRefType type,
                         ValueRange dynamicSizes) {
  auto deviceType = MemRefType::get(type.getShape(), type.getElementType());
  return gpu::AllocOp::create(b, loc, deviceType, /*asyncToken=*/Type(),
                              ValueRange{}, dynamicSizes, ValueRange{},
                              /*hostShared=*/false)
      .getMemref();
}

/// A launch of one thread; `b` is left inside it.
static void createSingleThreadLaunch(OpBuilder &b, Location loc) {
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  auto launch = gpu::LaunchOp::create(b, loc, one, one, one, one, one, one);
  b.setInsertionPointToEnd(&launch.getBody().front());
  auto terminator = gpu::TerminatorOp::create(b, loc);
  b.setInsertionPoint(terminator);
}

/// A host scalar of `elementType` at the start of `func` (staging buffers
/// must not grow the stack in loops).
static Value hostScalar(OpBuilder &b, func::FuncOp func, Location loc,
                        Type elementType) {
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&func.getBody().front());
  auto alloca =
      memref::AllocaOp::create(b, loc, MemRefType::get({}, elementType));
  alloca->setAttr(kHostAttrName, b.getUnitAttr());
  return alloca;
}

static LogicalResult rewriteGetGlobal(OpBuilder &b, memref::GetGlobalOp op) {
  auto global = SymbolTable::lookupNearestSymbolFrom<memref::GlobalOp>(
      op, op.getNameAttr());
  if (!global || !global.getConstant())
    return op.emitOpError("uses a mutable global, which the CUDA target does "
                          "not support");
  b.setInsertionPointAfter(op);
  Value device = allocDevice(b, op.getLoc(), op.getType(), {});
  op.getResult().replaceAllUsesWith(device);
  gpu::MemcpyOp::create(b, op.getLoc(), Type(), ValueRange{}, device, op);
  return success();
}

static bool hasIdentityLayout(Value value) {
  auto type = dyn_cast<MemRefType>(value.getType());
  return type && type.getLayout().isIdentity();
}

static void rewriteCopy(OpBuilder &b, memref::CopyOp op) {
  b.setInsertionPoint(op);
  Location loc = op.getLoc();
  Value source = op.getSource(), target = op.getTarget();
  if (hasIdentityLayout(source) && hasIdentityLayout(target)) {
    gpu::MemcpyOp::create(b, loc, Type(), ValueRange{}, target, source);
  } else {
    // Strided views are copied element by element by a kernel.
    unsigned rank = cast<MemRefType>(target.getType()).getRank();
    AffineMap identity = b.getMultiDimIdentityMap(rank);
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    linalg::GenericOp::create(
        b, loc, ValueRange{source}, ValueRange{target},
        ArrayRef<AffineMap>{identity, identity}, iterators,
        [](OpBuilder &nested, Location nestedLoc, ValueRange args) {
          linalg::YieldOp::create(nested, nestedLoc, args[0]);
        });
  }
  op.erase();
}

/// `memref.load` on the host: a kernel copies the element into a device
/// scalar, which is copied into a host scalar.
static void rewriteLoad(OpBuilder &b, func::FuncOp func, memref::LoadOp op) {
  Location loc = op.getLoc();
  Type elementType = op.getType();
  Value host = hostScalar(b, func, loc, elementType);
  b.setInsertionPoint(op);
  Value device =
      allocDevice(b, loc, MemRefType::get({}, elementType), ValueRange{});
  {
    OpBuilder::InsertionGuard guard(b);
    createSingleThreadLaunch(b, loc);
    Value value =
        memref::LoadOp::create(b, loc, op.getMemref(), op.getIndices());
    memref::StoreOp::create(b, loc, value, device, ValueRange{});
  }
  gpu::MemcpyOp::create(b, loc, Type(), ValueRange{}, host, device);
  op.getMemrefMutable().assign(host);
  op.getIndicesMutable().clear();
}

/// `memref.store` on the host: a one-thread kernel stores the value.
static void rewriteStore(OpBuilder &b, memref::StoreOp op) {
  b.setInsertionPoint(op);
  createSingleThreadLaunch(b, op.getLoc());
  Operation *moved = op.getOperation();
  moved->moveBefore(b.getInsertionBlock(), b.getInsertionPoint());
}

namespace {
struct TFCGPUDeviceMemoryPass
    : public tfc::impl::TFCGPUDeviceMemoryBase<TFCGPUDeviceMemoryPass> {
  void runOnOperation() override {
    OpBuilder b(&getContext());
    for (auto func : getOperation().getOps<func::FuncOp>()) {
      if (func.isExternal())
        continue;
      SmallVector<Operation *> ops;
      func.walk([&](Operation *op) {
        if (isHostCode(op) &&
            isa<memref::GetGlobalOp, memref::CopyOp, memref::LoadOp,
                memref::StoreOp, memref::AllocOp, memref::AllocaOp>(op))
          ops.push_back(op);
      });
      for (Operation *op : ops) {
        if (auto getGlobal = dyn_cast<memref::GetGlobalOp>(op)) {
          if (failed(rewriteGetGlobal(b, getGlobal)))
            return signalPassFailure();
        } else if (auto copy = dyn_cast<memref::CopyOp>(op)) {
          rewriteCopy(b, copy);
        } else if (auto load = dyn_cast<memref::LoadOp>(op)) {
          if (!isHostBuffer(load.getMemref()))
            rewriteLoad(b, func, load);
        } else if (auto store = dyn_cast<memref::StoreOp>(op)) {
          if (!isHostBuffer(store.getMemref()))
            rewriteStore(b, store);
        } else if (!op->hasAttr(kHostAttrName)) {
          // memref.alloc and memref.alloca of the bufferized program.
          b.setInsertionPoint(op);
          auto type = cast<MemRefType>(op->getResult(0).getType());
          ValueRange sizes = isa<memref::AllocOp>(op)
                                 ? cast<memref::AllocOp>(op).getDynamicSizes()
                                 : cast<memref::AllocaOp>(op).getDynamicSizes();
          if (!type.getLayout().isIdentity()) {
            op->emitOpError("allocates a buffer with a non-identity layout, "
                            "which the CUDA target does not support");
            return signalPassFailure();
          }
          Value device = allocDevice(b, op->getLoc(), type, sizes);
          op->getResult(0).replaceAllUsesWith(device);
          op->erase();
        }
      }
    }
  }
};
} // namespace
