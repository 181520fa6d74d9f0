//===- Emulate.cpp - the tfc-gpu-emulate pass -----------------------------===//
//
// Runs outlined GPU kernels on the host: each kernel becomes a function
// that loops over blocks and, inside a block, over threads once per phase
// between barriers, so the mapped kernel IR of the CUDA target can be
// checked for numbers on a machine without a GPU.
//
//===----------------------------------------------------------------------===//

#include "tfc/Codegen/GPU/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::tfc {
#define GEN_PASS_DEF_TFCGPUEMULATE
#include "tfc/Codegen/GPU/Passes.h.inc"
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
/// The order in which a block's threads run a region of a kernel: phases
/// of ops every thread runs before any thread goes on, separated by
/// barriers and all-reduces, and loops (uniform across the block) whose
/// bodies hold barriers and so have their own schedule.
struct Schedule {
  struct Step {
    /// The ops of a phase; empty for a barrier or a loop.
    SmallVector<Operation *> ops;
    /// The `gpu.barrier`, `gpu.all_reduce` or `scf.for` of the step; null
    /// for a phase.
    Operation *op = nullptr;
    std::unique_ptr<Schedule> body;
  };
  SmallVector<Step> steps;
};

/// Builds the host function of one kernel.
class KernelEmulator {
public:
  KernelEmulator(gpu::GPUFuncOp kernel) : kernel(kernel) {}

  FailureOr<func::FuncOp> emulate(OpBuilder &b, StringRef name);

private:
  LogicalResult schedule(Block &block, Schedule &out);
  LogicalResult findCrossingValues(const Schedule &top);
  void emitSchedule(OpBuilder &b, Location loc, const Schedule &schedule);
  void emitAllReduce(OpBuilder &b, Location loc, gpu::AllReduceOp reduce);
  void emitMmaSync(OpBuilder &b, Location loc, nvgpu::MmaSyncOp mma);
  void emitLoop(OpBuilder &b, Location loc, scf::ForOp loop,
                const Schedule &body);
  /// Loops over the threads of a block; `body` runs in each with the
  /// block's mapping extended by the thread's ids.
  void forEachThread(
      OpBuilder &b, Location loc,
      function_ref<void(IRMapping &local, Value thread, ArrayRef<Value> tids)>
          body);
  void emitPhase(OpBuilder &b, Location loc, ArrayRef<Operation *> ops);
  /// `value` in a thread: mapped, or loaded from its slot.
  Value threadValue(OpBuilder &b, Location loc, IRMapping &local, Value value,
                    Value thread);
  /// A value the same in every thread, such as a loop bound.
  Value uniformValue(OpBuilder &b, Location loc, Value value);
  Value idValue(Operation *op, ArrayRef<Value> tids);
  Value linearThread(OpBuilder &b, Location loc, ArrayRef<Value> tids);

  gpu::GPUFuncOp kernel;
  Schedule top;
  SmallVector<Operation *> idOps, constants;
  /// The step each op scheduled at some level belongs to: ops of a phase
  /// share their phase's number; barriers, all-reduces, loops and their
  /// yields have their own.
  DenseMap<Operation *, unsigned> stepOf;
  /// Values used outside the phase defining them, the iteration arguments
  /// of loops with barriers and those loops' results: one slot per thread
  /// (a loop's result shares its iteration argument's slot).
  llvm::MapVector<Value, Value> crossing;
  IRMapping mapping;
  /// Block ids, block and grid sizes.
  SmallVector<Value> blockIds, blockDims, gridDims;
  Value threadCount;
};
} // namespace

/// Whether `mma` is the one `mma.sync` the emulator runs: m16n8k8 on TF32
/// with f32 accumulators (A vector<4x1xf32>, B vector<2x1xf32>, C
/// vector<2x2xf32>).
static bool isEmulatedMma(nvgpu::MmaSyncOp mma) {
  MLIRContext *context = mma.getContext();
  Type f32 = Float32Type::get(context), bf16 = BFloat16Type::get(context);
  auto shape = [](Value v) { return cast<VectorType>(v.getType()); };
  if (shape(mma.getMatrixC()) != VectorType::get({2, 2}, f32))
    return false;
  if (mma.getTf32Enabled())
    return llvm::equal(mma.getMmaShapeAsArray(), ArrayRef<int64_t>{16, 8, 8}) &&
           shape(mma.getMatrixA()) == VectorType::get({4, 1}, f32) &&
           shape(mma.getMatrixB()) == VectorType::get({2, 1}, f32);
  return llvm::equal(mma.getMmaShapeAsArray(), ArrayRef<int64_t>{16, 8, 16}) &&
         shape(mma.getMatrixA()) == VectorType::get({4, 2}, bf16) &&
         shape(mma.getMatrixB()) == VectorType::get({2, 2}, bf16);
}

static bool isSync(Operation *op) {
  return isa<gpu::BarrierOp, gpu::AllReduceOp, nvgpu::MmaSyncOp>(op);
}

static bool holdsSync(Operation *op) {
  return op
      ->walk([](Operation *inner) {
        return isSync(inner) ? WalkResult::interrupt() : WalkResult::advance();
      })
      .wasInterrupted();
}

LogicalResult KernelEmulator::schedule(Block &block, Schedule &out) {
  bool topLevel = block.getParentOp() == kernel;
  out.steps.emplace_back();
  for (Operation &op : block.without_terminator()) {
    if (isSync(&op)) {
      if (auto reduce = dyn_cast<gpu::AllReduceOp>(op);
          reduce && !reduce.getOp())
        return reduce.emitOpError("with a region is not emulated");
      if (auto mma = dyn_cast<nvgpu::MmaSyncOp>(op); mma && !isEmulatedMma(mma))
        return mma.emitOpError("of this shape is not emulated (only m16n8k8 "
                               "on TF32 and m16n8k16 on BF16, both with f32 "
                               "accumulators)");
      stepOf[&op] = stepOf.size();
      out.steps.emplace_back().op = &op;
      out.steps.emplace_back();
      continue;
    }
    if (op.walk([](Operation *inner) {
            return isa<gpu::ShuffleOp, gpu::SubgroupReduceOp>(inner)
                       ? WalkResult::interrupt()
                       : WalkResult::advance();
          }).wasInterrupted())
      return op.emitOpError("holds a warp-level op, which the emulator does "
                            "not run");
    if (holdsSync(&op)) {
      // A loop all threads run the same number of times may hold barriers:
      // the block runs it once, each iteration phase by phase.
      auto loop = dyn_cast<scf::ForOp>(op);
      if (!loop)
        return op.emitOpError("holds a barrier inside control flow other "
                              "than a loop, which the emulator does not run");
      stepOf[loop] = stepOf.size();
      stepOf[loop.getBody()->getTerminator()] = stepOf.size();
      Schedule::Step &step = out.steps.emplace_back();
      step.op = loop;
      step.body = std::make_unique<Schedule>();
      if (failed(schedule(*loop.getBody(), *step.body)))
        return failure();
      out.steps.emplace_back();
      continue;
    }
    // Top-level ids and constants are the same in every phase: they are
    // mapped, not carried.
    if (topLevel &&
        isa<gpu::ThreadIdOp, gpu::BlockIdOp, gpu::BlockDimOp, gpu::GridDimOp>(
            op)) {
      idOps.push_back(&op);
      continue;
    }
    if (topLevel && op.hasTrait<OpTrait::ConstantLike>()) {
      constants.push_back(&op);
      continue;
    }
    Schedule::Step &phase = out.steps.back();
    if (phase.ops.empty())
      stepOf[&op] = stepOf.size();
    else
      stepOf[&op] = stepOf.lookup(phase.ops.front());
    phase.ops.push_back(&op);
  }
  return success();
}

LogicalResult KernelEmulator::findCrossingValues(const Schedule &top) {
  // A value crosses when the step owning one of its users (the user, or
  // its first ancestor that was scheduled) is not the step defining it.
  auto ownerStep = [&](Operation *user) -> std::optional<unsigned> {
    for (; user && user != kernel; user = user->getParentOp())
      if (auto it = stepOf.find(user); it != stepOf.end())
        return it->second;
    return std::nullopt;
  };
  std::function<void(const Schedule &)> visit = [&](const Schedule &s) {
    for (const Schedule::Step &step : s.steps) {
      for (Operation *op : step.ops)
        for (Value result : op->getResults())
          if (llvm::any_of(result.getUsers(), [&](Operation *user) {
                return ownerStep(user) != stepOf.lookup(op);
              }))
            crossing.insert({result, Value()});
      if (auto loop = dyn_cast_or_null<scf::ForOp>(step.op)) {
        for (Value arg : loop.getRegionIterArgs())
          crossing.insert({arg, Value()});
        visit(*step.body);
      }
      // An mma's result differs from lane to lane.
      if (auto mma = dyn_cast_or_null<nvgpu::MmaSyncOp>(step.op))
        crossing.insert({mma.getRes(), Value()});
    }
  };
  visit(top);
  for (auto &entry : crossing) {
    Type type = entry.first.getType();
    if (auto vector = dyn_cast<VectorType>(type))
      type = vector.getElementType();
    if (!type.isIntOrIndexOrFloat())
      return kernel.emitOpError("carries a value of type ")
             << entry.first.getType()
             << " across a barrier, which the emulator does not run";
  }
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

Value KernelEmulator::idValue(Operation *op, ArrayRef<Value> tids) {
  if (auto id = dyn_cast<gpu::ThreadIdOp>(op))
    return tids.empty() ? Value()
                        : tids[static_cast<unsigned>(id.getDimension())];
  if (auto id = dyn_cast<gpu::BlockIdOp>(op))
    return blockIds[static_cast<unsigned>(id.getDimension())];
  if (auto dim = dyn_cast<gpu::BlockDimOp>(op))
    return blockDims[static_cast<unsigned>(dim.getDimension())];
  if (auto dim = dyn_cast<gpu::GridDimOp>(op))
    return gridDims[static_cast<unsigned>(dim.getDimension())];
  return Value();
}

void KernelEmulator::forEachThread(
    OpBuilder &b, Location loc,
    function_ref<void(IRMapping &local, Value thread, ArrayRef<Value> tids)>
        body) {
  OpBuilder::InsertionGuard guard(b);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  SmallVector<Value> tids(3);
  for (int dim = 2; dim >= 0; --dim) {
    auto loop = scf::ForOp::create(b, loc, zero, blockDims[dim], one);
    tids[dim] = loop.getInductionVar();
    b.setInsertionPointToStart(loop.getBody());
  }
  IRMapping local = mapping;
  for (Operation *op : idOps)
    local.map(op->getResult(0), idValue(op, tids));
  body(local, linearThread(b, loc, tids), tids);
}

Value KernelEmulator::threadValue(OpBuilder &b, Location loc, IRMapping &local,
                                  Value value, Value thread) {
  if (Value mapped = local.lookupOrNull(value))
    return mapped;
  Value slot = crossing.lookup(value);
  assert(slot && "a value of another step is mapped or has a slot");
  Value loaded = memref::LoadOp::create(b, loc, slot, thread);
  local.map(value, loaded);
  return loaded;
}

Value KernelEmulator::uniformValue(OpBuilder &b, Location loc, Value value) {
  if (Value mapped = mapping.lookupOrNull(value))
    return mapped;
  if (Operation *def = value.getDefiningOp();
      def && llvm::is_contained(idOps, def))
    if (Value id = idValue(def, {}))
      return id;
  // Thread 0's copy: the value is the same in every thread.
  return memref::LoadOp::create(
      b, loc, crossing.lookup(value),
      ValueRange{arith::ConstantIndexOp::create(b, loc, 0)});
}

/// Runs `ops` in every thread: values of other steps are loaded from their
/// slots, this phase's crossing values stored.
void KernelEmulator::emitPhase(OpBuilder &b, Location loc,
                               ArrayRef<Operation *> ops) {
  if (ops.empty())
    return;
  forEachThread(
      b, loc, [&](IRMapping &local, Value thread, ArrayRef<Value> tids) {
        for (Operation *op : ops) {
          op->walk([&](Operation *inner) {
            for (Value operand : inner->getOperands())
              if (crossing.count(operand))
                threadValue(b, loc, local, operand, thread);
          });
          SmallVector<Value> results;
          if (Value id = idValue(op, tids)) {
            results.push_back(id);
            local.map(op->getResult(0), id);
          } else {
            Operation *clone = b.clone(*op, local);
            // Top-level ids are mapped; nested ones are replaced in the clones.
            clone->walk([&](Operation *inner) {
              if (Value id = idValue(inner, tids)) {
                inner->getResult(0).replaceAllUsesWith(id);
                inner->erase();
              }
            });
            results.append(clone->result_begin(), clone->result_end());
          }
          for (auto [result, value] : llvm::zip(op->getResults(), results))
            if (Value slot = crossing.lookup(result))
              memref::StoreOp::create(b, loc, value, slot, thread);
        }
      });
}

void KernelEmulator::emitAllReduce(OpBuilder &b, Location loc,
                                   gpu::AllReduceOp reduce) {
  // The block's threads in order: thread 0's value, then the others.
  Value slot = crossing.lookup(reduce.getValue());
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value first = memref::LoadOp::create(b, loc, slot, zero);
  auto loop =
      scf::ForOp::create(b, loc, one, threadCount, one, ValueRange{first});
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    Value next = memref::LoadOp::create(b, loc, slot, loop.getInductionVar());
    scf::YieldOp::create(
        b, loc,
        combine(b, loc, *reduce.getOp(), loop.getRegionIterArgs()[0], next));
  }
  // The result is the same in every thread: later steps use it directly.
  mapping.map(reduce.getResult(), loop.getResult(0));
}

/// `mma.sync` (m16n8k8 on TF32, m16n8k16 on BF16) for each warp of the
/// block, from the lanes' fragments as PTX lays them out: lane l (group
/// g = l / 4, index t = l % 4) holds A at rows g, g + 8 and B at column g,
/// at k = t and t + 4 on TF32 (a0: (g, t), a1: (g + 8, t), a2: (g, t + 4),
/// a3: (g + 8, t + 4); b0: t, b1: t + 4), and at k = 2t, 2t + 1 and 2t + 8,
/// 2t + 9 on BF16, two to a register in the same order; C and D at rows g,
/// g + 8 and columns 2t, 2t + 1. The operands are read as the tensor cores
/// read them (TF32: the low 13 bits of an f32 dropped); the products are
/// summed in order along k.
void KernelEmulator::emitMmaSync(OpBuilder &b, Location loc,
                                 nvgpu::MmaSyncOp mma) {
  Value dSlot = crossing.lookup(mma.getRes());
  auto index = [&](int64_t value) {
    return arith::ConstantIndexOp::create(b, loc, value).getResult();
  };
  Type f32 = b.getF32Type(), i32 = b.getI32Type();
  Value mask = arith::ConstantIntOp::create(b, loc, i32, 0xFFFFE000);
  // An operand as the tensor cores read it: TF32 (the low 13 bits of an
  // f32 dropped), or BF16 (exact in f32).
  auto operandValue = [&](Value value) -> Value {
    if (!value.getType().isF32())
      return arith::ExtFOp::create(b, loc, f32, value);
    Value bits = arith::BitcastOp::create(b, loc, i32, value);
    return arith::BitcastOp::create(b, loc, f32,
                                    arith::AndIOp::create(b, loc, bits, mask));
  };
  // The mma's k; half of it in each register of a lane's A or B, whose
  // registers hold `perRegister` elements each.
  int64_t depth = mma.getMmaShapeAsArray()[2];
  int64_t half = depth / 2;
  int64_t perRegister =
      cast<VectorType>(mma.getMatrixA().getType()).getShape()[1];
  // Lane `lane`'s `operand`: from its slot, or the same in every lane (a
  // constant).
  auto fragment = [&](Value operand, Value lane) -> Value {
    if (Value slot = crossing.lookup(operand))
      return memref::LoadOp::create(b, loc, slot, lane);
    return uniformValue(b, loc, operand);
  };
  auto element = [&](Value operand, Value lane, ArrayRef<int64_t> position) {
    return vector::ExtractOp::create(b, loc, fragment(operand, lane), position)
        .getResult();
  };
  auto warps = scf::ForOp::create(b, loc, index(0), threadCount, index(32));
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(warps.getBody());
  Value warp = warps.getInductionVar();
  auto lanes = scf::ForOp::create(b, loc, index(0), index(32), index(1));
  b.setInsertionPointToStart(lanes.getBody());
  Value lane = lanes.getInductionVar();
  Value self = arith::AddIOp::create(b, loc, warp, lane);
  Value group = arith::DivUIOp::create(b, loc, lane, index(4));
  Value inGroup = arith::RemUIOp::create(b, loc, lane, index(4));
  Value result = fragment(mma.getMatrixC(), self);
  for (int64_t h = 0; h < 2; ++h)
    for (int64_t j = 0; j < 2; ++j) {
      // D[row][column], row = g + 8h, column = 2t + j.
      Value column = arith::AddIOp::create(
          b, loc, arith::MulIOp::create(b, loc, inGroup, index(2)), index(j));
      Value sum =
          vector::ExtractOp::create(b, loc, result, ArrayRef<int64_t>{h, j});
      for (int64_t k = 0; k < depth; ++k) {
        // A[row][k] is in lane g * 4 + (k % half) / perRegister, register
        // h + 2 * (k / half); B[k][column] in lane column * 4 + (k % half)
        // / perRegister, register k / half; each at k % perRegister.
        int64_t inLane = (k % half) / perRegister;
        Value aLane = arith::AddIOp::create(
            b, loc, warp,
            arith::AddIOp::create(
                b, loc, arith::MulIOp::create(b, loc, group, index(4)),
                index(inLane)));
        Value bLane = arith::AddIOp::create(
            b, loc, warp,
            arith::AddIOp::create(
                b, loc, arith::MulIOp::create(b, loc, column, index(4)),
                index(inLane)));
        Value a = operandValue(element(mma.getMatrixA(), aLane,
                                       {h + 2 * (k / half), k % perRegister}));
        Value bValue = operandValue(
            element(mma.getMatrixB(), bLane, {k / half, k % perRegister}));
        sum = math::FmaOp::create(b, loc, a, bValue, sum);
      }
      result = vector::InsertOp::create(b, loc, sum, result,
                                        ArrayRef<int64_t>{h, j});
    }
  memref::StoreOp::create(b, loc, result, dSlot, self);
}

/// A loop holding barriers runs once for the block; its iteration
/// arguments live in per-thread slots, set from the initial values before
/// the first iteration and from the yielded ones after each.
void KernelEmulator::emitLoop(OpBuilder &b, Location loc, scf::ForOp loop,
                              const Schedule &body) {
  forEachThread(b, loc, [&](IRMapping &local, Value thread, ArrayRef<Value>) {
    SmallVector<Value> inits =
        llvm::map_to_vector(loop.getInitArgs(), [&](Value init) {
          return threadValue(b, loc, local, init, thread);
        });
    for (auto [arg, init] : llvm::zip(loop.getRegionIterArgs(), inits))
      memref::StoreOp::create(b, loc, init, crossing.lookup(arg), thread);
  });
  auto emulated =
      scf::ForOp::create(b, loc, uniformValue(b, loc, loop.getLowerBound()),
                         uniformValue(b, loc, loop.getUpperBound()),
                         uniformValue(b, loc, loop.getStep()));
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(emulated.getBody()->getTerminator());
  mapping.map(loop.getInductionVar(), emulated.getInductionVar());
  emitSchedule(b, loc, body);
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  forEachThread(b, loc, [&](IRMapping &local, Value thread, ArrayRef<Value>) {
    // Every yielded value is read before any iteration argument is set.
    SmallVector<Value> next =
        llvm::map_to_vector(yield.getOperands(), [&](Value value) {
          return threadValue(b, loc, local, value, thread);
        });
    for (auto [arg, value] : llvm::zip(loop.getRegionIterArgs(), next))
      memref::StoreOp::create(b, loc, value, crossing.lookup(arg), thread);
  });
}

void KernelEmulator::emitSchedule(OpBuilder &b, Location loc,
                                  const Schedule &schedule) {
  for (const Schedule::Step &step : schedule.steps) {
    if (!step.op)
      emitPhase(b, loc, step.ops);
    else if (auto reduce = dyn_cast<gpu::AllReduceOp>(step.op))
      emitAllReduce(b, loc, reduce);
    else if (auto mma = dyn_cast<nvgpu::MmaSyncOp>(step.op))
      emitMmaSync(b, loc, mma);
    else if (auto loop = dyn_cast<scf::ForOp>(step.op))
      emitLoop(b, loc, loop, *step.body);
    // A barrier only separates phases.
  }
}

FailureOr<func::FuncOp> KernelEmulator::emulate(OpBuilder &b, StringRef name) {
  if (!kernel.getBody().hasOneBlock())
    return kernel.emitOpError("has control flow between blocks, which the "
                              "emulator does not run");
  if (!kernel.getPrivateAttributions().empty())
    return kernel.emitOpError("has private memory attributions, which the "
                              "emulator does not run");
  if (failed(schedule(kernel.getBody().front(), top)) ||
      failed(findCrossingValues(top)))
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
  // Workgroup memory: one host buffer, reused by each block in turn. Its
  // alignment allows the kernels' vector accesses.
  for (BlockArgument buffer : kernel.getWorkgroupAttributions()) {
    auto type = cast<MemRefType>(buffer.getType());
    auto hostType = MemRefType::get(type.getShape(), type.getElementType(),
                                    type.getLayout());
    mapping.map(buffer, memref::AllocaOp::create(b, loc, hostType, ValueRange{},
                                                 b.getI64IntegerAttr(64)));
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
  // A loop's results are its iteration arguments after the last iteration.
  std::function<void(const Schedule &)> aliasResults = [&](const Schedule &s) {
    for (const Schedule::Step &step : s.steps)
      if (auto loop = dyn_cast_or_null<scf::ForOp>(step.op)) {
        for (auto [arg, result] :
             llvm::zip(loop.getRegionIterArgs(), loop.getResults()))
          crossing[result] = crossing.lookup(arg);
        aliasResults(*step.body);
      }
  };
  aliasResults(top);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  blockIds.resize(3);
  for (int dim = 2; dim >= 0; --dim) {
    auto loop = scf::ForOp::create(b, loc, zero, gridDims[dim], one);
    blockIds[dim] = loop.getInductionVar();
    b.setInsertionPointToStart(loop.getBody());
  }
  emitSchedule(b, loc, top);
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
            b,
            (kernels.getName() + "_" + kernel.getName() + "_emulated").str());
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
