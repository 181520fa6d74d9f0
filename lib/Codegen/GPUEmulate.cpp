//===- GPUEmulate.cpp - the tfc-gpu-emulate pass --------------------------===//
//
// Runs outlined GPU kernels on the host: each kernel becomes a function
// that loops over blocks and, inside a block, over threads once per phase
// between barriers, so the mapped kernel IR of the CUDA target can be
// checked for numbers on a machine without a GPU.
//
//===----------------------------------------------------------------------===//

#include "tfc/Codegen/Passes.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::tfc {
#define GEN_PASS_DEF_TFCGPUEMULATE
#include "tfc/Codegen/Passes.h.inc"
} // namespace mlir::tfc

using namespace mlir;
using namespace mlir::tfc;

/// `lhs kind rhs` for an all-reduce kind.
static Value combine(OpBuilder &b, Location loc, gpu::AllReduceOperation kind,
                     Value lhs, Value rhs) {
  bool isFloat = isa<FloatType>(lhs.getType());
  using Kind = gpu::AllReduceOperation;
  switch (kind) {
  case Kind::ADD:
    return isFloat ? Value(arith::AddFOp::create(b, loc, lhs, rhs))
                   : Value(arith::AddIOp::create(b, loc, lhs, rhs));
  case Kind::MUL:
    return isFloat ? Value(arith::MulFOp::create(b, loc, lhs, rhs))
                   : Value(arith::MulIOp::create(b, loc, lhs, rhs));
  case Kind::MINUI:
    return arith::MinUIOp::create(b, loc, lhs, rhs);
  case Kind::MINSI:
    return arith::MinSIOp::create(b, loc, lhs, rhs);
  case Kind::MINNUMF:
    return arith::MinNumFOp::create(b, loc, lhs, rhs);
  case Kind::MAXUI:
    return arith::MaxUIOp::create(b, loc, lhs, rhs);
  case Kind::MAXSI:
    return arith::MaxSIOp::create(b, loc, lhs, rhs);
  case Kind::MAXNUMF:
    return arith::MaxNumFOp::create(b, loc, lhs, rhs);
  case Kind::AND:
    return arith::AndIOp::create(b, loc, lhs, rhs);
  case Kind::OR:
    return arith::OrIOp::create(b, loc, lhs, rhs);
  case Kind::XOR:
    return arith::XOrIOp::create(b, loc, lhs, rhs);
  case Kind::MINIMUMF:
    return arith::MinimumFOp::create(b, loc, lhs, rhs);
  case Kind::MAXIMUMF:
    return arith::MaximumFOp::create(b, loc, lhs, rhs);
  }
  llvm_unreachable("all-reduce kinds are covered");
}

namespace {
/// Builds the host function of one kernel.
class KernelEmulator {
public:
  KernelEmulator(gpu::GPUFuncOp kernel) : kernel(kernel) {}

  FailureOr<func::FuncOp> emulate(OpBuilder &b, StringRef name);

private:
  LogicalResult splitPhases();
  void emitBlock(OpBuilder &b, Location loc);
  void emitThreadLoop(OpBuilder &b, Location loc, ArrayRef<Operation *> ops);
  Value linearThread(OpBuilder &b, Location loc, ArrayRef<Value> tids);

  gpu::GPUFuncOp kernel;
  /// Top-level ops between barriers, and the barrier ending each phase
  /// (null for the last).
  SmallVector<SmallVector<Operation *>> phases;
  SmallVector<Operation *> barriers;
  SmallVector<Operation *> idOps, constants;
  /// Values used after the phase defining them: one slot per thread.
  llvm::MapVector<Value, Value> crossing;
  IRMapping mapping;
  /// Block ids, block and grid sizes.
  SmallVector<Value> blockIds, blockDims, gridDims;
  Value threadCount;
};
} // namespace

LogicalResult KernelEmulator::splitPhases() {
  if (!kernel.getBody().hasOneBlock())
    return kernel.emitOpError("has control flow between blocks, which the "
                              "emulator does not run");
  if (kernel.getNumWorkgroupAttributions() || !kernel.getPrivateAttributions()
                                                    .empty())
    return kernel.emitOpError("has memory attributions, which the emulator "
                              "does not run");
  phases.emplace_back();
  for (Operation &op : kernel.getBody().front().without_terminator()) {
    if (isa<gpu::BarrierOp, gpu::AllReduceOp>(op)) {
      if (auto reduce = dyn_cast<gpu::AllReduceOp>(op);
          reduce && !reduce.getOp())
        return reduce.emitOpError("with a region is not emulated");
      barriers.push_back(&op);
      phases.emplace_back();
      continue;
    }
    WalkResult nested = op.walk([](Operation *inner) {
      if (isa<gpu::BarrierOp, gpu::AllReduceOp, gpu::ShuffleOp,
              gpu::SubgroupReduceOp>(inner))
        return WalkResult::interrupt();
      return WalkResult::advance();
    });
    if (nested.wasInterrupted())
      return op.emitOpError("holds a barrier or warp-level op inside control "
                            "flow, which the emulator does not run");
    // Ids and constants are the same in every phase: they are mapped, not
    // carried.
    if (isa<gpu::ThreadIdOp, gpu::BlockIdOp, gpu::BlockDimOp, gpu::GridDimOp>(
            op))
      idOps.push_back(&op);
    else if (op.hasTrait<OpTrait::ConstantLike>())
      constants.push_back(&op);
    else
      phases.back().push_back(&op);
  }
  barriers.push_back(nullptr);
  // A value crosses a barrier when an op of a later phase uses it; the
  // operand of an all-reduce crosses into the reduction itself.
  DenseMap<Operation *, unsigned> phaseOf;
  for (auto [index, ops] : llvm::enumerate(phases))
    for (Operation *op : ops)
      phaseOf[op] = index;
  for (auto [index, ops] : llvm::enumerate(phases))
    for (Operation *op : ops)
      for (Value result : op->getResults())
        for (OpOperand &use : result.getUses()) {
          Operation *user = use.getOwner();
          while (user->getParentOp() != kernel)
            user = user->getParentOp();
          auto it = phaseOf.find(user);
          if (it == phaseOf.end() || it->second != index)
            crossing.insert({result, Value()});
        }
  for (auto &entry : crossing)
    if (!entry.first.getType().isIntOrIndexOrFloat())
      return kernel.emitOpError("carries a non-scalar value across a barrier, "
                                "which the emulator does not run");
  return success();
}

Value KernelEmulator::linearThread(OpBuilder &b, Location loc,
                                   ArrayRef<Value> tids) {
  // ((z * dimY) + y) * dimX + x
  Value linear = tids[2];
  linear = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, linear, blockDims[1]), tids[1]);
  return arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, linear, blockDims[0]), tids[0]);
}

/// Loops over the threads of a block running `ops`: crossing values of
/// earlier phases are loaded from their slots, those of this phase stored.
void KernelEmulator::emitThreadLoop(OpBuilder &b, Location loc,
                                    ArrayRef<Operation *> ops) {
  OpBuilder::InsertionGuard guard(b);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  SmallVector<Value> tids(3);
  for (int dim = 2; dim >= 0; --dim) {
    auto loop = scf::ForOp::create(b, loc, zero, blockDims[dim], one);
    tids[dim] = loop.getInductionVar();
    b.setInsertionPointToStart(loop.getBody());
  }
  Value thread = linearThread(b, loc, tids);
  IRMapping local = mapping;
  for (auto &[value, slot] : crossing)
    if (slot && !llvm::is_contained(ops, value.getDefiningOp()))
      local.map(value, memref::LoadOp::create(b, loc, slot, thread));
  auto idValue = [&](Operation *op) -> Value {
    if (auto id = dyn_cast<gpu::ThreadIdOp>(op))
      return tids[static_cast<unsigned>(id.getDimension())];
    if (auto id = dyn_cast<gpu::BlockIdOp>(op))
      return blockIds[static_cast<unsigned>(id.getDimension())];
    if (auto dim = dyn_cast<gpu::BlockDimOp>(op))
      return blockDims[static_cast<unsigned>(dim.getDimension())];
    if (auto dim = dyn_cast<gpu::GridDimOp>(op))
      return gridDims[static_cast<unsigned>(dim.getDimension())];
    return Value();
  };
  for (Operation *op : idOps)
    local.map(op->getResult(0), idValue(op));
  // Top-level ids are in idOps, not in a phase; nested ones are replaced
  // in the clones.
  for (Operation *op : ops) {
    Operation *clone = b.clone(*op, local);
    clone->walk([&](Operation *inner) {
      if (Value id = idValue(inner)) {
        inner->getResult(0).replaceAllUsesWith(id);
        inner->erase();
      }
    });
    for (auto [result, value] :
         llvm::zip(op->getResults(), clone->getResults()))
      if (Value slot = crossing.lookup(result))
        memref::StoreOp::create(b, loc, value, slot, thread);
  }
}

void KernelEmulator::emitBlock(OpBuilder &b, Location loc) {
  for (auto [ops, barrier] : llvm::zip(phases, barriers)) {
    emitThreadLoop(b, loc, ops);
    auto reduce = dyn_cast_or_null<gpu::AllReduceOp>(barrier);
    if (!reduce)
      continue;
    // The block's threads in order: thread 0's value, then the others.
    Value slot = crossing.lookup(reduce.getValue());
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    Value first = memref::LoadOp::create(b, loc, slot, zero);
    auto loop = scf::ForOp::create(b, loc, one, threadCount, one,
                                   ValueRange{first});
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(loop.getBody());
      Value next =
          memref::LoadOp::create(b, loc, slot, loop.getInductionVar());
      scf::YieldOp::create(b, loc,
                           combine(b, loc, *reduce.getOp(),
                                   loop.getRegionIterArgs()[0], next));
    }
    // The result is the same in every thread: later phases use it directly.
    mapping.map(reduce.getResult(), loop.getResult(0));
    crossing.erase(reduce.getResult());
  }
}

FailureOr<func::FuncOp> KernelEmulator::emulate(OpBuilder &b, StringRef name) {
  if (failed(splitPhases()))
    return failure();
  Location loc = kernel.getLoc();
  SmallVector<Type> inputs(kernel.getArgumentTypes());
  inputs.append(6, b.getIndexType());
  auto func = func::FuncOp::create(b, loc, name,
                                   b.getFunctionType(inputs, TypeRange{}));
  func.setPrivate();
  Block *entry = func.addEntryBlock();
  b.setInsertionPointToStart(entry);
  unsigned numArgs = kernel.getNumArguments();
  for (unsigned i = 0; i < numArgs; ++i)
    mapping.map(kernel.getArgument(i), entry->getArgument(i));
  for (unsigned i = 0; i < 3; ++i) {
    gridDims.push_back(entry->getArgument(numArgs + i));
    blockDims.push_back(entry->getArgument(numArgs + 3 + i));
  }
  for (Operation *op : constants)
    b.clone(*op, mapping);
  threadCount = arith::MulIOp::create(
      b, loc, arith::MulIOp::create(b, loc, blockDims[0], blockDims[1]),
      blockDims[2]);
  for (auto &[value, slot] : crossing)
    slot = memref::AllocaOp::create(
        b, loc, MemRefType::get({ShapedType::kDynamic}, value.getType()),
        ValueRange{threadCount});
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  blockIds.resize(3);
  for (int dim = 2; dim >= 0; --dim) {
    auto loop = scf::ForOp::create(b, loc, zero, gridDims[dim], one);
    blockIds[dim] = loop.getInductionVar();
    b.setInsertionPointToStart(loop.getBody());
  }
  emitBlock(b, loc);
  b.setInsertionPointToEnd(entry);
  func::ReturnOp::create(b, loc);
  return func;
}

/// Host code of the emulated program: device buffers are host buffers.
static void rewriteHostGPUOps(func::FuncOp func) {
  OpBuilder b(func.getContext());
  func.walk([&](Operation *op) {
    b.setInsertionPoint(op);
    if (auto alloc = dyn_cast<gpu::AllocOp>(op)) {
      Value host = memref::AllocOp::create(b, op->getLoc(), alloc.getType(),
                                           alloc.getDynamicSizes());
      alloc.getMemref().replaceAllUsesWith(host);
      op->erase();
    } else if (auto copy = dyn_cast<gpu::MemcpyOp>(op)) {
      memref::CopyOp::create(b, op->getLoc(), copy.getSrc(), copy.getDst());
      op->erase();
    } else if (isa<gpu::DeallocOp, gpu::WaitOp>(op)) {
      op->erase();
    }
  });
}

namespace {
struct TFCGPUEmulatePass
    : public tfc::impl::TFCGPUEmulateBase<TFCGPUEmulatePass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    OpBuilder b(&getContext());
    llvm::StringMap<func::FuncOp> emulated;
    for (auto kernels : module.getOps<gpu::GPUModuleOp>())
      for (auto kernel : kernels.getOps<gpu::GPUFuncOp>()) {
        if (!kernel.isKernel())
          continue;
        b.setInsertionPointToEnd(module.getBody());
        KernelEmulator emulator(kernel);
        FailureOr<func::FuncOp> func = emulator.emulate(
            b, (kernels.getName() + "_" + kernel.getName() + "_emulated").str());
        if (failed(func))
          return signalPassFailure();
        symbols.insert(*func);
        emulated[(kernels.getName() + "::" + kernel.getName()).str()] = *func;
      }

    SmallVector<gpu::LaunchFuncOp> launches;
    module.walk([&](gpu::LaunchFuncOp op) { launches.push_back(op); });
    for (gpu::LaunchFuncOp launch : launches) {
      std::string key = (launch.getKernelModuleName().getValue() +
                         "::" + launch.getKernelName().getValue())
                            .str();
      func::FuncOp callee = emulated.lookup(key);
      if (!callee || launch.getAsyncToken()) {
        launch.emitOpError("cannot be emulated");
        return signalPassFailure();
      }
      b.setInsertionPoint(launch);
      SmallVector<Value> operands(launch.getKernelOperands());
      gpu::KernelDim3 grid = launch.getGridSizeOperandValues();
      gpu::KernelDim3 block = launch.getBlockSizeOperandValues();
      operands.append({grid.x, grid.y, grid.z, block.x, block.y, block.z});
      func::CallOp::create(b, launch.getLoc(), callee, operands);
      launch.erase();
    }
    for (auto func : module.getOps<func::FuncOp>())
      rewriteHostGPUOps(func);
    for (auto kernels :
         llvm::make_early_inc_range(module.getOps<gpu::GPUModuleOp>()))
      kernels.erase();
    module->removeAttr(gpu::GPUDialect::getContainerModuleAttrName());
  }
};
} // namespace
