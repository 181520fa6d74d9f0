//===- LowerRuntimeCalls.cpp - print, asserts and host calls --------------===//
//
// Implements tfc-lower-runtime-calls: tfc.print, the assertions,
// tfc.host_call, the gradient exchange and the checkpoint ops become calls of
// the runtime functions of tfc/runtime/compiled.h (listed in
// tfc/runtime/abi.h). Tensors cross as the parts of their buffers (address,
// offset, sizes and strides), which works for every dtype and rank with one
// function each.
//
//===----------------------------------------------------------------------===//

#include "ConstantStrings.h"

#include "tfc/Conversion/Passes.h"

#include "tfc/Dialect/TFC/IR/TFCOps.h"
#include "tfc/Support/RuntimeABI.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir::tfc {
#define GEN_PASS_DEF_TFCLOWERRUNTIMECALLS
#include "tfc/Conversion/Passes.h.inc"
} // namespace mlir::tfc

using namespace mlir;
using namespace mlir::tfc;

/// tf.Print's and tf.Assert's default for `summarize`.
static constexpr int64_t kDefaultSummarize = 3;

/// The runtime's code for an element type (tfc_dtype in
/// tfc/runtime/base.h), or 0 for one it does not know.
static int32_t dtypeCode(Type type) {
  if (type.isF16())
    return 1;
  if (type.isBF16())
    return 2;
  if (type.isF32())
    return 3;
  if (type.isF64())
    return 4;
  if (type.isInteger(1))
    return 5;
  if (type.isInteger(8))
    return 6;
  if (type.isInteger(32))
    return 7;
  if (type.isInteger(64))
    return 8;
  return 0;
}

namespace {

/// Builds the runtime calls of one module: declarations and message
/// strings are made once.
class RuntimeCalls {
public:
  explicit RuntimeCalls(ModuleOp module)
      : module(module), symbols(module),
        strings(module, symbols, "__tfc_string") {}

  /// A call of runtime function `name` of type (inputs) -> (results).
  func::CallOp call(OpBuilder &builder, Location loc, StringRef name,
                    ValueRange args, TypeRange results = {});

  /// The address of a NUL-terminated copy of `text`.
  Value string(OpBuilder &builder, Location loc, StringRef text) {
    return strings.address(builder, loc, text);
  }

  /// The parts of a buffer the runtime reads and writes tensors by: the
  /// aligned address, the offset, and the address of an array holding the
  /// sizes and the strides. The array is allocated on the stack once per
  /// call site, at the function's entry.
  SmallVector<Value, 3> bufferParts(OpBuilder &builder, Location loc,
                                    Value buffer);

  /// A new process-wide counter of `type`, zero at load time.
  Value counter(OpBuilder &builder, Location loc, MemRefType type);

  /// Pushes a tensor for the next print, assert or host call.
  LogicalResult push(OpBuilder &builder, Location loc, Value tensor);

  /// Hands where a tensor's buffer is to the runtime for the next deferred
  /// assertion: its address and offset, then each dimension's size and
  /// stride as scalars (no array: on the CUDA target host code must not
  /// store to memory, which would become device memory).
  LogicalResult pushDeferred(OpBuilder &builder, Location loc, Value tensor);

private:
  ModuleOp module;
  SymbolTable symbols;
  ConstantStrings strings;
};

} // namespace

func::CallOp RuntimeCalls::call(OpBuilder &builder, Location loc,
                                StringRef name, ValueRange args,
                                TypeRange results) {
  verifyRuntimeCall(name, args.getTypes(), results);
  auto type = builder.getFunctionType(args.getTypes(), results);
  auto callee = symbols.lookup<func::FuncOp>(name);
  if (!callee) {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToEnd(module.getBody());
    callee = func::FuncOp::create(builder, loc, name, type);
    callee.setPrivate();
    symbols.insert(callee);
  }
  return func::CallOp::create(builder, loc, callee, args);
}

Value RuntimeCalls::counter(OpBuilder &builder, Location loc, MemRefType type) {
  memref::GlobalOp global;
  {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(module.getBody());
    auto zero =
        DenseElementsAttr::get(RankedTensorType::get({}, type.getElementType()),
                               builder.getZeroAttr(type.getElementType()));
    global = memref::GlobalOp::create(builder, loc, "__tfc_counter",
                                      builder.getStringAttr("private"), type,
                                      zero, /*constant=*/false,
                                      /*alignment=*/IntegerAttr());
    symbols.insert(global);
  }
  return memref::GetGlobalOp::create(builder, loc, type, global.getSymName());
}

/// The aligned address of `buffer` as an index, and its strided metadata
/// (offset, sizes, strides).
static std::pair<Value, memref::ExtractStridedMetadataOp>
addressAndMetadata(OpBuilder &builder, Location loc, Value buffer) {
  Value address =
      memref::ExtractAlignedPointerAsIndexOp::create(builder, loc, buffer);
  return {address,
          memref::ExtractStridedMetadataOp::create(builder, loc, buffer)};
}

SmallVector<Value, 3> RuntimeCalls::bufferParts(OpBuilder &builder,
                                                Location loc, Value buffer) {
  auto type = cast<MemRefType>(buffer.getType());
  int64_t rank = type.getRank();
  auto [address, metadata] = addressAndMetadata(builder, loc, buffer);

  auto func = buffer.getParentRegion()->getParentOfType<func::FuncOp>();
  auto shapeType =
      MemRefType::get({std::max<int64_t>(2 * rank, 1)}, builder.getI64Type());
  Value shape;
  {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(&func.getBody().front());
    shape = memref::AllocaOp::create(builder, loc, shapeType);
  }
  auto store = [&](Value value, int64_t position) {
    Value element =
        arith::IndexCastOp::create(builder, loc, builder.getI64Type(), value);
    Value index = arith::ConstantIndexOp::create(builder, loc, position);
    memref::StoreOp::create(builder, loc, element, shape, index);
  };
  for (int64_t dim = 0; dim < rank; ++dim) {
    store(metadata.getSizes()[dim], dim);
    store(metadata.getStrides()[dim], rank + dim);
  }
  Value shapeAddress =
      memref::ExtractAlignedPointerAsIndexOp::create(builder, loc, shape);
  return {address, metadata.getOffset(), shapeAddress};
}

/// The runtime's dtype code (i32) and the rank (i64) of `type`, as the
/// tfc_rt_push_* functions take them.
static std::pair<Value, Value> dtypeAndRank(OpBuilder &builder, Location loc,
                                            RankedTensorType type) {
  Value dtype = arith::ConstantIntOp::create(builder, loc, builder.getI32Type(),
                                             dtypeCode(type.getElementType()));
  Value rank = arith::ConstantIntOp::create(builder, loc, builder.getI64Type(),
                                            type.getRank());
  return {dtype, rank};
}

/// The type of a tensor the runtime can take: ranked, of a dtype it knows.
static FailureOr<RankedTensorType> passableType(Location loc, Value tensor) {
  auto type = dyn_cast<RankedTensorType>(tensor.getType());
  if (!type || !dtypeCode(type.getElementType()))
    return emitError(loc, "cannot pass a tensor of type ")
           << tensor.getType() << " to the runtime";
  return type;
}

/// A view of `tensor`'s buffer with any layout: it may be a view into a
/// larger one.
static Value anyLayoutBuffer(OpBuilder &builder, Location loc, Value tensor) {
  auto type = cast<RankedTensorType>(tensor.getType());
  SmallVector<int64_t> strides(type.getRank(), ShapedType::kDynamic);
  auto layout = StridedLayoutAttr::get(builder.getContext(),
                                       ShapedType::kDynamic, strides);
  auto memrefType =
      MemRefType::get(type.getShape(), type.getElementType(), layout);
  return bufferization::ToBufferOp::create(builder, loc, memrefType, tensor,
                                           /*read_only=*/true);
}

LogicalResult RuntimeCalls::push(OpBuilder &builder, Location loc,
                                 Value tensor) {
  FailureOr<RankedTensorType> type = passableType(loc, tensor);
  if (failed(type))
    return failure();
  Value buffer = anyLayoutBuffer(builder, loc, tensor);
  SmallVector<Value, 3> parts = bufferParts(builder, loc, buffer);
  auto [dtype, rank] = dtypeAndRank(builder, loc, *type);
  call(builder, loc, "tfc_rt_push_tensor",
       {dtype, rank, parts[0], parts[1], parts[2]});
  return success();
}

LogicalResult RuntimeCalls::pushDeferred(OpBuilder &builder, Location loc,
                                         Value tensor) {
  FailureOr<RankedTensorType> type = passableType(loc, tensor);
  if (failed(type))
    return failure();
  Value buffer = anyLayoutBuffer(builder, loc, tensor);
  auto [address, metadata] = addressAndMetadata(builder, loc, buffer);
  auto [dtype, rank] = dtypeAndRank(builder, loc, *type);
  call(builder, loc, "tfc_rt_push_deferred_tensor",
       {dtype, rank, address, metadata.getOffset()});
  auto asI64 = [&](Value index) -> Value {
    return arith::IndexCastOp::create(builder, loc, builder.getI64Type(),
                                      index);
  };
  for (int64_t dim = 0; dim < type->getRank(); ++dim)
    call(builder, loc, "tfc_rt_deferred_tensor_dim",
         {asI64(metadata.getSizes()[dim]), asI64(metadata.getStrides()[dim])});
  return success();
}

static Value i64Constant(OpBuilder &builder, Location loc, int64_t value) {
  return arith::ConstantIntOp::create(builder, loc, builder.getI64Type(),
                                      value);
}

/// Whether every element of `input` satisfies `predicate`: a reduction of
/// the whole tensor into one i1.
static Value
allOf(OpBuilder &builder, Location loc, Value input,
      function_ref<Value(OpBuilder &, Location, Value)> predicate) {
  auto type = cast<RankedTensorType>(input.getType());
  auto scalarType = RankedTensorType::get({}, builder.getI1Type());
  Value init = tensor::EmptyOp::create(builder, loc, scalarType.getShape(),
                                       builder.getI1Type());
  Value yes =
      arith::ConstantIntOp::create(builder, loc, builder.getI1Type(), 1);
  init = linalg::FillOp::create(builder, loc, yes, init).getResult(0);
  SmallVector<int64_t> dims =
      llvm::to_vector(llvm::seq<int64_t>(0, type.getRank()));
  auto reduce = linalg::ReduceOp::create(
      builder, loc, ValueRange{input}, ValueRange{init}, dims,
      [&](OpBuilder &b, Location nestedLoc, ValueRange args) {
        Value holds = predicate(b, nestedLoc, args[0]);
        linalg::YieldOp::create(
            b, nestedLoc,
            arith::AndIOp::create(b, nestedLoc, holds, args[1]).getResult());
      });
  return tensor::ExtractOp::create(builder, loc, reduce.getResult(0),
                                   ValueRange{});
}

/// Calls tfc_rt_assert_fail with `data` when `holds` is false.
static LogicalResult checkAtRunTime(RuntimeCalls &runtime, OpBuilder &builder,
                                    Location loc, Value holds, ValueRange data,
                                    StringRef message, int64_t summarize) {
  Value yes =
      arith::ConstantIntOp::create(builder, loc, builder.getI1Type(), 1);
  Value fails = arith::XOrIOp::create(builder, loc, holds, yes);
  auto ifOp = scf::IfOp::create(builder, loc, fails, /*withElseRegion=*/false);
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(ifOp.thenBlock());
  for (Value value : data)
    if (failed(runtime.push(builder, loc, value)))
      return failure();
  runtime.call(builder, loc, "tfc_rt_assert_fail",
               {runtime.string(builder, loc, message),
                i64Constant(builder, loc, summarize)});
  return success();
}

/// `first_n`: a process-wide counter of the op's runs, incremented
/// atomically (read-only model calls run concurrently); the print runs while
/// the count before the increment is below n.
static void guardFirstN(RuntimeCalls &runtime, OpBuilder &builder, Location loc,
                        int64_t n) {
  auto counterType = MemRefType::get({}, builder.getI64Type());
  Value counter = runtime.counter(builder, loc, counterType);
  Value one = i64Constant(builder, loc, 1);
  Value before = memref::AtomicRMWOp::create(
      builder, loc, arith::AtomicRMWKind::addi, one, counter, ValueRange{});
  Value go = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::slt,
                                   before, i64Constant(builder, loc, n));
  auto ifOp = scf::IfOp::create(builder, loc, go, /*withElseRegion=*/false);
  builder.setInsertionPointToStart(ifOp.thenBlock());
}

static LogicalResult lowerPrint(RuntimeCalls &runtime, PrintOp print) {
  OpBuilder builder(print);
  Location loc = print.getLoc();
  if (std::optional<uint64_t> firstN = print.getFirstN())
    guardFirstN(runtime, builder, loc, static_cast<int64_t>(*firstN));
  for (Value value : print.getData())
    if (failed(runtime.push(builder, loc, value)))
      return failure();
  runtime.call(builder, loc, "tfc_rt_print",
               {runtime.string(builder, loc, print.getMessage().value_or("")),
                i64Constant(builder, loc,
                            print.getSummarize().value_or(kDefaultSummarize))});
  print.getOutput().replaceAllUsesWith(print.getInput());
  return success();
}

/// The condition is a scalar (the verifier says so when it is ranked).
static LogicalResult lowerAssert(RuntimeCalls &runtime, AssertOp op) {
  if (!isa<RankedTensorType>(op.getCondition().getType()))
    return op.emitOpError("needs a ranked condition for code generation");
  OpBuilder builder(op);
  Location loc = op.getLoc();
  Value holds =
      tensor::ExtractOp::create(builder, loc, op.getCondition(), ValueRange{});
  return checkAtRunTime(runtime, builder, loc, holds, op.getData(),
                        op.getMessage().value_or(""),
                        op.getSummarize().value_or(kDefaultSummarize));
}

/// The CUDA target's assertion: the condition and the data stay where they
/// are (device buffers, which host code never reads); the runtime keeps
/// their addresses and checks the condition when the call's device work is
/// done. A device buffer freed inside a call stays the call's until it
/// ends, so the addresses stay valid.
static LogicalResult lowerDeferredAssert(RuntimeCalls &runtime, AssertOp op) {
  auto type = dyn_cast<RankedTensorType>(op.getCondition().getType());
  if (!type || type.getRank() != 0)
    return op.emitOpError("needs a scalar condition for code generation");
  OpBuilder builder(op);
  Location loc = op.getLoc();
  for (Value value : op.getData())
    if (failed(runtime.pushDeferred(builder, loc, value)))
      return failure();
  Value buffer = anyLayoutBuffer(builder, loc, op.getCondition());
  auto [address, metadata] = addressAndMetadata(builder, loc, buffer);
  runtime.call(builder, loc, "tfc_rt_defer_assert",
               {address, metadata.getOffset(),
                runtime.string(builder, loc, op.getMessage().value_or("")),
                i64Constant(builder, loc,
                            op.getSummarize().value_or(kDefaultSummarize))});
  return success();
}

static LogicalResult lowerAssertPositive(RuntimeCalls &runtime,
                                         AssertPositiveOp op) {
  auto type = dyn_cast<RankedTensorType>(op.getInput().getType());
  if (!type)
    return op.emitOpError("needs a ranked input for code generation");
  OpBuilder builder(op);
  Location loc = op.getLoc();
  Type elementType = type.getElementType();
  // NaN is not positive: the ordered comparison is false for it.
  Value holds = allOf(
      builder, loc, op.getInput(),
      [&](OpBuilder &b, Location l, Value x) -> Value {
        if (auto floatType = dyn_cast<FloatType>(elementType))
          return arith::CmpFOp::create(
              b, l, arith::CmpFPredicate::OGT, x,
              arith::ConstantOp::create(b, l, b.getFloatAttr(floatType, 0)));
        return arith::CmpIOp::create(
            b, l, arith::CmpIPredicate::sgt, x,
            arith::ConstantOp::create(b, l, b.getIntegerAttr(elementType, 0)));
      });
  // TensorFlow's text, its parts bracketed as tfc_assert_fail brackets the
  // message: "[message] [Condition x > 0 did not hold element-wise: x =]".
  std::string message = op.getMessage().value_or("").str();
  if (!message.empty())
    message += "] [";
  message += "Condition x > 0 did not hold element-wise: x =";
  return checkAtRunTime(runtime, builder, loc, holds, op.getInput(), message,
                        kDefaultSummarize);
}

/// The rank of a ranked tensor is known: the verifier rejected a wrong one,
/// and the check holds.
static LogicalResult lowerAssertRank(AssertRankOp op) {
  auto type = dyn_cast<RankedTensorType>(op.getInput().getType());
  if (!type)
    return op.emitOpError("needs a ranked input for code generation");
  if (type.getRank() != static_cast<int64_t>(op.getRank()))
    return op.emitOpError("fails: the input has rank ") << type.getRank();
  return success();
}

/// Allocates each result of the last host call or restore (its dynamic
/// sizes asked from the runtime) and has the runtime copy it in.
static LogicalResult receiveResults(RuntimeCalls &runtime, OpBuilder &builder,
                                    Operation *op, ValueRange outputs) {
  Location loc = op->getLoc();
  for (auto [index, output] : llvm::enumerate(outputs)) {
    auto type = dyn_cast<RankedTensorType>(output.getType());
    if (!type || !dtypeCode(type.getElementType()))
      return op->emitOpError("result #")
             << index << " must be a ranked tensor for code generation";
    Value position = i64Constant(builder, loc, index);
    Value rank = i64Constant(builder, loc, type.getRank());
    SmallVector<Value> sizes;
    for (int64_t dim = 0; dim < type.getRank(); ++dim) {
      if (!type.isDynamicDim(dim))
        continue;
      Value size = runtime
                       .call(builder, loc, "tfc_rt_host_result_dim",
                             {position, rank, i64Constant(builder, loc, dim)},
                             builder.getI64Type())
                       .getResult(0);
      sizes.push_back(arith::IndexCastOp::create(builder, loc,
                                                 builder.getIndexType(), size));
    }
    auto memrefType = MemRefType::get(type.getShape(), type.getElementType());
    Value buffer = memref::AllocOp::create(builder, loc, memrefType, sizes);
    SmallVector<Value, 3> parts = runtime.bufferParts(builder, loc, buffer);
    Value dtype = arith::ConstantIntOp::create(
        builder, loc, builder.getI32Type(), dtypeCode(type.getElementType()));
    runtime.call(builder, loc, "tfc_rt_host_result",
                 {position, dtype, rank, parts[0], parts[1], parts[2]});
    Value tensor = bufferization::ToTensorOp::create(
        builder, loc, type, buffer, /*restrict=*/true, /*writable=*/true);
    output.replaceAllUsesWith(tensor);
  }
  return success();
}

/// Pushes the arguments, calls, then receives the results.
static LogicalResult lowerHostCall(RuntimeCalls &runtime, HostCallOp op) {
  OpBuilder builder(op);
  Location loc = op.getLoc();
  for (Value value : op.getArgs())
    if (failed(runtime.push(builder, loc, value)))
      return failure();
  runtime.call(builder, loc, "tfc_rt_host_call",
               {runtime.string(builder, loc, op.getCallee()),
                i64Constant(builder, loc, op.getOutputs().size())});
  return receiveResults(runtime, builder, op, op.getOutputs());
}

/// The exchange sums each gradient in its own buffer: the buffers are not
/// read-only, so bufferization gives the call a copy only of a gradient
/// that is read again (none is: the updates read the sums). The runtime
/// gets an array of (address, element count) pairs, on the stack at the
/// function's entry; the buffers are contiguous, as it reads them.
static LogicalResult lowerAllReduceGradients(RuntimeCalls &runtime,
                                             AllReduceGradientsOp op) {
  OpBuilder builder(op);
  Location loc = op.getLoc();
  auto func = op->getParentOfType<func::FuncOp>();
  int64_t count = op.getGradients().size();
  auto pairsType = MemRefType::get({2 * count}, builder.getI64Type());
  Value pairs;
  {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(&func.getBody().front());
    pairs = memref::AllocaOp::create(builder, loc, pairsType);
  }
  auto asI64 = [&](Value index) -> Value {
    return arith::IndexCastOp::create(builder, loc, builder.getI64Type(),
                                      index);
  };
  auto store = [&](Value value, int64_t position) {
    memref::StoreOp::create(
        builder, loc, value, pairs,
        ValueRange{arith::ConstantIndexOp::create(builder, loc, position)});
  };
  SmallVector<Value> buffers;
  for (auto [index, gradient] : llvm::enumerate(op.getGradients())) {
    auto type = cast<RankedTensorType>(gradient.getType());
    auto layout =
        StridedLayoutAttr::get(builder.getContext(), ShapedType::kDynamic,
                               computeSuffixProduct(type.getShape()));
    auto bufferType =
        MemRefType::get(type.getShape(), type.getElementType(), layout);
    Value buffer = bufferization::ToBufferOp::create(
        builder, loc, bufferType, gradient, /*read_only=*/false);
    auto [address, metadata] = addressAndMetadata(builder, loc, buffer);
    // The element the buffer starts at, in bytes from the aligned address.
    Value bytes = arith::MulIOp::create(
        builder, loc, metadata.getOffset(),
        arith::ConstantIndexOp::create(builder, loc, sizeof(float)));
    Value start = arith::AddIOp::create(builder, loc, address, bytes);
    store(asI64(start), 2 * index);
    store(i64Constant(builder, loc, type.getNumElements()), 2 * index + 1);
    buffers.push_back(buffer);
  }
  Value weight = i64Constant(builder, loc, 1);
  if (Value batch = op.getBatch())
    weight = asI64(tensor::DimOp::create(builder, loc, batch, 0));
  Value pairsAddress =
      memref::ExtractAlignedPointerAsIndexOp::create(builder, loc, pairs);
  Value scale =
      runtime
          .call(builder, loc, "tfc_rt_all_reduce_gradients",
                {pairsAddress, i64Constant(builder, loc, count), weight},
                builder.getF32Type())
          .getResult(0);
  for (auto [sum, buffer] : llvm::zip_equal(op.getSums(), buffers))
    sum.replaceAllUsesWith(bufferization::ToTensorOp::create(
        builder, loc, sum.getType(), buffer, /*restrict=*/true,
        /*writable=*/true));
  op.getScale().replaceAllUsesWith(tensor::FromElementsOp::create(
      builder, loc, op.getScale().getType(), ValueRange{scale}));
  return success();
}

/// The tensor names of a save or restore as one string, each name ended by
/// a NUL (names hold no NUL: they are TensorFlow node and variable names).
static std::string joinNames(ArrayAttr names) {
  std::string joined;
  for (Attribute name : names) {
    joined += cast<StringAttr>(name).getValue();
    joined.push_back('\0');
  }
  return joined;
}

/// The path and the tensors are pushed; the runtime writes them.
static LogicalResult lowerSaveTensors(RuntimeCalls &runtime, SaveTensorsOp op) {
  OpBuilder builder(op);
  Location loc = op.getLoc();
  if (failed(runtime.push(builder, loc, op.getPrefix())))
    return failure();
  for (Value value : op.getTensors())
    if (failed(runtime.push(builder, loc, value)))
      return failure();
  runtime.call(builder, loc, "tfc_rt_save_tensors",
               {runtime.string(builder, loc, joinNames(op.getTensorNames())),
                i64Constant(builder, loc, op.getTensors().size())});
  return success();
}

/// The path is pushed; the runtime reads the tensors as a host call's
/// results, which are received the same way.
static LogicalResult lowerRestoreTensors(RuntimeCalls &runtime,
                                         RestoreTensorsOp op) {
  OpBuilder builder(op);
  Location loc = op.getLoc();
  if (failed(runtime.push(builder, loc, op.getPrefix())))
    return failure();
  runtime.call(builder, loc, "tfc_rt_restore_tensors",
               {runtime.string(builder, loc, joinNames(op.getTensorNames())),
                i64Constant(builder, loc, op.getOutputs().size())});
  return receiveResults(runtime, builder, op, op.getOutputs());
}

namespace {
struct TFCLowerRuntimeCallsPass
    : public tfc::impl::TFCLowerRuntimeCallsBase<TFCLowerRuntimeCallsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<Operation *> ops;
    module.walk([&](Operation *op) {
      if (isa<PrintOp, AssertOp, AssertPositiveOp, AssertRankOp, HostCallOp,
              AllReduceGradientsOp, SaveTensorsOp, RestoreTensorsOp>(op))
        ops.push_back(op);
    });
    RuntimeCalls runtime(module);
    for (Operation *op : ops) {
      LogicalResult lowered =
          llvm::TypeSwitch<Operation *, LogicalResult>(op)
              .Case([&](PrintOp print) { return lowerPrint(runtime, print); })
              .Case([&](AssertOp a) {
                return deferAssertions ? lowerDeferredAssert(runtime, a)
                                       : lowerAssert(runtime, a);
              })
              .Case([&](AssertPositiveOp a) {
                return lowerAssertPositive(runtime, a);
              })
              .Case([&](AssertRankOp a) { return lowerAssertRank(a); })
              .Case(
                  [&](HostCallOp call) { return lowerHostCall(runtime, call); })
              .Case([&](AllReduceGradientsOp exchange) {
                return lowerAllReduceGradients(runtime, exchange);
              })
              .Case([&](SaveTensorsOp save) {
                return lowerSaveTensors(runtime, save);
              })
              .Case([&](RestoreTensorsOp restore) {
                return lowerRestoreTensors(runtime, restore);
              });
      if (failed(lowered))
        return signalPassFailure();
      Value token = op->getResults().back();
      if (isa<ControlType>(token.getType()) && !token.use_empty()) {
        op->emitOpError("has a control token that is still used; drop "
                        "control tokens first (tfc-drop-control)");
        return signalPassFailure();
      }
      op->erase();
    }
  }
};
} // namespace
