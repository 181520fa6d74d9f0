//===- MergeLaunches.cpp - the tfc-gpu-merge-launches pass ----------------===//
//
// A launch costs the GPU a few microseconds however little it does; a small
// training step is tens of single-block launches. Consecutive launches of
// one block become one launch whose block runs their bodies in order, a
// barrier between two.
//
//===----------------------------------------------------------------------===//

#include "tfc/Codegen/GPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

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

/// `launch` as a candidate: a grid of one block, static block sizes, one
/// block of body, no async tokens, no workgroup or private memory.
static std::optional<Candidate> asCandidate(gpu::LaunchOp launch) {
  if (launch.getAsyncToken() || !launch.getAsyncDependencies().empty() ||
      launch.getDynamicSharedMemorySize() ||
      !launch.getWorkgroupAttributions().empty() ||
      !launch.getPrivateAttributions().empty() ||
      !launch.getBody().hasOneBlock() || launch.hasClusterSize())
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
  // The body must take its ids and sizes from the launch's arguments,
  // which the merged launch remaps, not from ops that would read its own.
  if (launch.getBody()
          .walk([](Operation *op) {
            return isa<gpu::ThreadIdOp, gpu::BlockIdOp, gpu::BlockDimOp,
                       gpu::GridDimOp, gpu::LaneIdOp>(op)
                       ? WalkResult::interrupt()
                       : WalkResult::advance();
          })
          .wasInterrupted())
    return std::nullopt;
  candidate.synchronizes =
      launch.getBody()
          .walk([](Operation *op) {
            return isa<gpu::BarrierOp, gpu::AllReduceOp, gpu::ShuffleOp,
                       gpu::SubgroupReduceOp>(op)
                       ? WalkResult::interrupt()
                       : WalkResult::advance();
          })
          .wasInterrupted();
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
    for (Block *block : blocks)
      mergeIn(*block);
  }
};
} // namespace
