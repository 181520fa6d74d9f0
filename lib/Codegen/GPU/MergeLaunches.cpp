//===- MergeLaunches.cpp - the tfc-gpu-merge-launches pass ----------------===//
//
// A launch costs the GPU a few microseconds however little it does; a small
// training step is tens of single-block launches. Consecutive launches of
// one block become one launch whose block runs their bodies in order, a
// barrier between two; consecutive launches of the same larger grid whose
// bodies touch disjoint memory (the columns of a concatenation) become one
// launch whose threads run their bodies in order.
//
//===----------------------------------------------------------------------===//

#include "tfc/Codegen/GPU/Passes.h"

#include "tfc/Codegen/MemoryEffects.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::tfc {
#define GEN_PASS_DEF_TFCGPUMERGELAUNCHES
#include "tfc/Codegen/GPU/Passes.h.inc"
} // namespace mlir::tfc

using namespace mlir;
using namespace mlir::tfc;

namespace {
/// A launch that may join a merged one: one block of `threads`.
struct Candidate {
  gpu::LaunchOp launch;
  std::array<int64_t, 3> block;
  /// Whether its threads meet (a barrier, an all-reduce): then it runs
  /// with exactly its own block.
  bool synchronizes;
};
} // namespace

static std::optional<int64_t> constantIndex(Value value) {
  APInt result;
  if (!matchPattern(value, m_ConstantInt(&result)))
    return std::nullopt;
  return result.getSExtValue();
}

/// Whether `launch` can be merged at all: one block of body, no async
/// tokens, no workgroup or private memory, no cluster, and a body that
/// takes its ids and sizes from the launch's arguments (which a merged
/// launch remaps), not from ops that would read its own.
static bool isMergeable(gpu::LaunchOp launch) {
  if (launch.getAsyncToken() || !launch.getAsyncDependencies().empty() ||
      launch.getDynamicSharedMemorySize() ||
      !launch.getWorkgroupAttributions().empty() ||
      !launch.getPrivateAttributions().empty() ||
      !launch.getBody().hasOneBlock() || launch.hasClusterSize())
    return false;
  return !launch.getBody()
              .walk([](Operation *op) {
                return isa<gpu::ThreadIdOp, gpu::BlockIdOp, gpu::BlockDimOp,
                           gpu::GridDimOp, gpu::LaneIdOp>(op)
                           ? WalkResult::interrupt()
                           : WalkResult::advance();
              })
              .wasInterrupted();
}

/// Whether the threads of `launch` meet (a barrier, an all-reduce, a
/// shuffle).
static bool synchronizes(gpu::LaunchOp launch) {
  return launch.getBody()
      .walk([](Operation *op) {
        return isa<gpu::BarrierOp, gpu::AllReduceOp, gpu::ShuffleOp,
                   gpu::SubgroupReduceOp>(op)
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

/// `launch` as a candidate: mergeable, a grid of one block, static block
/// sizes.
static std::optional<Candidate> asCandidate(gpu::LaunchOp launch) {
  if (!isMergeable(launch))
    return std::nullopt;
  for (Value size :
       {launch.getGridSizeX(), launch.getGridSizeY(), launch.getGridSizeZ()})
    if (constantIndex(size) != 1)
      return std::nullopt;
  Candidate candidate{launch, {}, false};
  Value sizes[] = {launch.getBlockSizeX(), launch.getBlockSizeY(),
                   launch.getBlockSizeZ()};
  for (int i = 0; i < 3; ++i) {
    std::optional<int64_t> size = constantIndex(sizes[i]);
    if (!size || *size < 1)
      return std::nullopt;
    candidate.block[i] = *size;
  }
  candidate.synchronizes = synchronizes(launch);
  return candidate;
}

/// Host ops that may sit between merged launches and move before the
/// first: allocations, views, sizes and pure arithmetic.
static bool canHoist(Operation *op) {
  if (auto alloc = dyn_cast<gpu::AllocOp>(op))
    return !alloc.getAsyncToken() && alloc.getAsyncDependencies().empty();
  return isa<memref::DimOp, ViewLikeOpInterface>(op) || isPure(op);
}

/// Whether `next` can join a run of `run`'s launches.
static bool canJoin(ArrayRef<Candidate> run, const Candidate &next) {
  bool sameBlock = llvm::all_of(
      run, [&](const Candidate &c) { return c.block == next.block; });
  if (sameBlock)
    return true;
  // Different blocks: all 1-d, and nobody's threads meet (they will run
  // under guards in a block of another size).
  auto oneDim = [](const Candidate &c) {
    return c.block[1] == 1 && c.block[2] == 1;
  };
  return oneDim(next) && !next.synchronizes &&
         llvm::all_of(run, [&](const Candidate &c) {
           return oneDim(c) && !c.synchronizes;
         });
}

/// Replaces the launches of `run` (in order, with only hoistable ops between
/// them) with one.
static void mergeRun(ArrayRef<Candidate> run) {
  gpu::LaunchOp first = run.front().launch;
  // Host ops between the launches go before the first.
  SmallVector<Operation *> between;
  for (Operation *op = first->getNextNode(); op != run.back().launch;
       op = op->getNextNode())
    if (!isa<gpu::LaunchOp>(op))
      between.push_back(op);
  for (Operation *op : between)
    op->moveBefore(first);

  std::array<int64_t, 3> block = run.front().block;
  for (const Candidate &c : run)
    if (c.block[0] > block[0])
      block[0] = c.block[0];
  OpBuilder b(first);
  Location loc = first.getLoc();
  auto index = [&](int64_t value) {
    return arith::ConstantIndexOp::create(b, loc, value).getResult();
  };
  Value one = index(1);
  auto merged = gpu::LaunchOp::create(b, loc, one, one, one, index(block[0]),
                                      index(block[1]), index(block[2]));
  Block &body = merged.getBody().front();
  b.setInsertionPointToEnd(&body);
  for (auto [i, c] : llvm::enumerate(run)) {
    if (i > 0)
      gpu::BarrierOp::create(b, loc);
    gpu::LaunchOp launch = c.launch;
    IRMapping mapping;
    mapping.map(launch.getBlockIds().x, merged.getBlockIds().x);
    mapping.map(launch.getBlockIds().y, merged.getBlockIds().y);
    mapping.map(launch.getBlockIds().z, merged.getBlockIds().z);
    mapping.map(launch.getGridSize().x, merged.getGridSize().x);
    mapping.map(launch.getGridSize().y, merged.getGridSize().y);
    mapping.map(launch.getGridSize().z, merged.getGridSize().z);
    mapping.map(launch.getThreadIds().x, merged.getThreadIds().x);
    mapping.map(launch.getThreadIds().y, merged.getThreadIds().y);
    mapping.map(launch.getThreadIds().z, merged.getThreadIds().z);
    // The body sees the block it was written for.
    OpBuilder::InsertionGuard guard(b);
    mapping.map(launch.getBlockSize().x, index(c.block[0]));
    mapping.map(launch.getBlockSize().y, index(c.block[1]));
    mapping.map(launch.getBlockSize().z, index(c.block[2]));
    if (c.block != block) {
      Value inBlock =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                merged.getThreadIds().x, index(c.block[0]));
      auto guarded = scf::IfOp::create(b, loc, inBlock, false);
      b.setInsertionPoint(guarded.thenBlock()->getTerminator());
    }
    for (Operation &op : launch.getBody().front().without_terminator())
      b.clone(op, mapping);
  }
  gpu::TerminatorOp::create(b, loc);
  for (const Candidate &c : run)
    c.launch->erase();
}

/// Whether `a` and `b` may share an element: views of one buffer unless
/// both are subviews of it with static offsets and sizes that do not meet
/// in some dimension; different buffers unless both are function arguments
/// (which a caller may pass twice).
static bool mayOverlap(Value a, Value b) {
  Value rootA = getViewRoot(a), rootB = getViewRoot(b);
  if (rootA != rootB)
    return isa<BlockArgument>(rootA) && isa<BlockArgument>(rootB);
  auto subA = a.getDefiningOp<memref::SubViewOp>();
  auto subB = b.getDefiningOp<memref::SubViewOp>();
  if (!subA || !subB || subA.getSource() != subB.getSource())
    return true;
  for (auto [offsetA, sizeA, offsetB, sizeB] :
       llvm::zip(subA.getStaticOffsets(), subA.getStaticSizes(),
                 subB.getStaticOffsets(), subB.getStaticSizes())) {
    if (ShapedType::isDynamic(offsetA) || ShapedType::isDynamic(sizeA) ||
        ShapedType::isDynamic(offsetB) || ShapedType::isDynamic(sizeB))
      continue;
    if (offsetA + sizeA <= offsetB || offsetB + sizeB <= offsetA)
      return false;
  }
  return true;
}

namespace {
/// The buffers a launch's body reads and writes (values of host code).
struct Accesses {
  SetVector<Value> reads, writes;
};
} // namespace

/// What `launch`'s body reads and writes of host buffers; nullopt where an
/// op's effects are unknown or on a buffer of the body's own.
static std::optional<Accesses> accessesOf(gpu::LaunchOp launch) {
  Accesses accesses;
  for (Operation &op : launch.getBody().front()) {
    std::optional<SmallVector<MemoryEffects::EffectInstance>> effects =
        collectMemoryEffects(&op);
    if (!effects)
      return std::nullopt;
    for (const MemoryEffects::EffectInstance &effect : *effects) {
      Value value = effect.getValue();
      if (!value || launch->isAncestor(value.getParentBlock()->getParentOp()))
        return std::nullopt;
      if (isa<MemoryEffects::Write>(effect.getEffect()))
        accesses.writes.insert(value);
      else if (isa<MemoryEffects::Read>(effect.getEffect()))
        accesses.reads.insert(value);
      else
        return std::nullopt;
    }
  }
  return accesses;
}

/// Whether a launch touching `next` may run in the same threads as one
/// touching `earlier`: neither writes what the other touches.
static bool independent(const Accesses &earlier, const Accesses &next) {
  auto conflict = [](const SetVector<Value> &writes, const Accesses &other) {
    return llvm::any_of(writes, [&](Value write) {
      return llvm::any_of(other.reads,
                          [&](Value v) { return mayOverlap(write, v); }) ||
             llvm::any_of(other.writes,
                          [&](Value v) { return mayOverlap(write, v); });
    });
  };
  return !conflict(earlier.writes, next) && !conflict(next.writes, earlier);
}

/// A launch that may join others of the same grid: mergeable, static block
/// sizes, threads that do not meet.
static bool isGridCandidate(gpu::LaunchOp launch) {
  if (!isMergeable(launch) || synchronizes(launch))
    return false;
  return llvm::all_of(
      ValueRange{launch.getBlockSizeX(), launch.getBlockSizeY(),
                 launch.getBlockSizeZ()},
      [](Value size) { return constantIndex(size).has_value(); });
}

/// Whether `a` and `b` launch the same grid and block (the same values).
static bool sameShape(gpu::LaunchOp a, gpu::LaunchOp b) {
  return a.getGridSizeX() == b.getGridSizeX() &&
         a.getGridSizeY() == b.getGridSizeY() &&
         a.getGridSizeZ() == b.getGridSizeZ() &&
         constantIndex(a.getBlockSizeX()) == constantIndex(b.getBlockSizeX()) &&
         constantIndex(a.getBlockSizeY()) == constantIndex(b.getBlockSizeY()) &&
         constantIndex(a.getBlockSizeZ()) == constantIndex(b.getBlockSizeZ());
}

/// Replaces `run`, launches of one grid and block with only hoistable host
/// ops between them and independent bodies, with one launch whose threads
/// run the bodies in order.
static void mergeGridRun(ArrayRef<gpu::LaunchOp> run) {
  gpu::LaunchOp first = run.front();
  SmallVector<Operation *> between;
  for (Operation *op = first->getNextNode(); op != run.back();
       op = op->getNextNode())
    if (!isa<gpu::LaunchOp>(op))
      between.push_back(op);
  for (Operation *op : between)
    op->moveBefore(first);
  OpBuilder b(first);
  Location loc = first.getLoc();
  auto merged = gpu::LaunchOp::create(
      b, loc, first.getGridSizeX(), first.getGridSizeY(), first.getGridSizeZ(),
      first.getBlockSizeX(), first.getBlockSizeY(), first.getBlockSizeZ());
  b.setInsertionPointToEnd(&merged.getBody().front());
  for (gpu::LaunchOp launch : run) {
    IRMapping mapping;
    for (auto [from, to] : llvm::zip(launch.getBody().getArguments(),
                                     merged.getBody().getArguments()))
      mapping.map(from, to);
    for (Operation &op : launch.getBody().front().without_terminator())
      b.clone(op, mapping);
  }
  gpu::TerminatorOp::create(b, loc);
  for (gpu::LaunchOp launch : run)
    launch->erase();
}

/// Merges the runs of launches of one grid in `block`.
static void mergeGridsIn(Block &block) {
  SmallVector<SmallVector<gpu::LaunchOp>> runs;
  SmallVector<gpu::LaunchOp> run;
  SmallVector<Accesses> runAccesses;
  auto endRun = [&] {
    if (run.size() > 1)
      runs.push_back(run);
    run.clear();
    runAccesses.clear();
  };
  for (Operation &op : block) {
    auto launch = dyn_cast<gpu::LaunchOp>(op);
    if (!launch) {
      if (!run.empty() && canHoist(&op))
        continue;
      endRun();
      continue;
    }
    std::optional<Accesses> accesses;
    if (isGridCandidate(launch))
      accesses = accessesOf(launch);
    if (!accesses) {
      endRun();
      continue;
    }
    bool joins = !run.empty() && sameShape(run.front(), launch) &&
                 llvm::all_of(runAccesses, [&](const Accesses &earlier) {
                   return independent(earlier, *accesses);
                 });
    if (!joins)
      endRun();
    run.push_back(launch);
    runAccesses.push_back(*accesses);
  }
  endRun();
  for (ArrayRef<gpu::LaunchOp> each : runs)
    mergeGridRun(each);
}

/// Merges the runs of candidate launches in `block`.
static void mergeIn(Block &block) {
  SmallVector<SmallVector<Candidate>> runs;
  SmallVector<Candidate> run;
  auto endRun = [&] {
    if (run.size() > 1)
      runs.push_back(run);
    run.clear();
  };
  for (Operation &op : block) {
    if (auto launch = dyn_cast<gpu::LaunchOp>(op)) {
      std::optional<Candidate> candidate = asCandidate(launch);
      if (!candidate) {
        endRun();
        continue;
      }
      if (!run.empty() && !canJoin(run, *candidate))
        endRun();
      run.push_back(*candidate);
      continue;
    }
    if (!run.empty() && canHoist(&op))
      continue;
    endRun();
  }
  endRun();
  for (ArrayRef<Candidate> each : runs)
    mergeRun(each);
}

namespace {
struct TFCGPUMergeLaunchesPass
    : public tfc::impl::TFCGPUMergeLaunchesBase<TFCGPUMergeLaunchesPass> {
  void runOnOperation() override {
    SmallVector<Block *> blocks;
    getOperation()->walk([&](Block *block) {
      // Host code only: not the bodies of launches.
      if (!block->getParentOp()->getParentOfType<gpu::LaunchOp>() &&
          !isa<gpu::LaunchOp>(block->getParentOp()))
        blocks.push_back(block);
    });
    for (Block *block : blocks) {
      mergeGridsIn(*block);
      mergeIn(*block);
    }
  }
};
} // namespace
