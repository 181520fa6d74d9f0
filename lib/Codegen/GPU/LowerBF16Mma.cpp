//===- LowerBF16Mma.cpp - the tfc-gpu-lower-bf16-mma pass -----------------===//
//
// nvgpu.mma.sync on BF16 (m16n8k16, f32 accumulators) to nvvm.mma.sync,
// which takes each register of A and B as an i32 holding two BF16 values.
//
//===----------------------------------------------------------------------===//

#include "tfc/Codegen/GPU/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace mlir::tfc {
#define GEN_PASS_DEF_TFCGPULOWERBF16MMA
#include "tfc/Codegen/GPU/Passes.h.inc"
} // namespace mlir::tfc

using namespace mlir;
using namespace mlir::tfc;

/// Whether `mma` is the BF16 form the tiled matmuls emit.
static bool isBF16Mma(nvgpu::MmaSyncOp mma) {
  MLIRContext *context = mma.getContext();
  Type bf16 = BFloat16Type::get(context), f32 = Float32Type::get(context);
  return mma.getMatrixA().getType() == VectorType::get({4, 2}, bf16) &&
         mma.getMatrixB().getType() == VectorType::get({2, 2}, bf16) &&
         mma.getMatrixC().getType() == VectorType::get({2, 2}, f32) &&
         llvm::equal(mma.getMmaShapeAsArray(), ArrayRef<int64_t>{16, 8, 16});
}

/// The registers of a fragment of `count` x 2 BF16 values, each an i32.
static SmallVector<Value> packRegisters(OpBuilder &b, Location loc,
                                        Value fragment, int64_t count) {
  SmallVector<Value> registers;
  auto i32x1 = VectorType::get({1}, b.getI32Type());
  for (int64_t r = 0; r < count; ++r) {
    Value pair = vector::ExtractOp::create(b, loc, fragment, r);
    Value packed = vector::BitCastOp::create(b, loc, i32x1, pair);
    registers.push_back(vector::ExtractOp::create(b, loc, packed, 0));
  }
  return registers;
}

static void lowerBF16Mma(nvgpu::MmaSyncOp mma) {
  OpBuilder b(mma);
  Location loc = mma.getLoc();
  Type f32 = b.getF32Type();
  SmallVector<Value> a = packRegisters(b, loc, mma.getMatrixA(), 4);
  SmallVector<Value> bRegisters = packRegisters(b, loc, mma.getMatrixB(), 2);
  SmallVector<Value> c;
  for (int64_t h = 0; h < 2; ++h)
    for (int64_t j = 0; j < 2; ++j)
      c.push_back(vector::ExtractOp::create(b, loc, mma.getMatrixC(),
                                            ArrayRef<int64_t>{h, j}));
  auto resultType = LLVM::LLVMStructType::getLiteral(b.getContext(),
                                                     SmallVector<Type>(4, f32));
  auto nvvmMma = NVVM::MmaOp::create(
      b, loc, resultType, a, bRegisters, c, ArrayRef<int64_t>{16, 8, 16},
      /*b1Op=*/std::nullopt, /*intOverflow=*/std::nullopt,
      std::array<NVVM::MMATypes, 2>{NVVM::MMATypes::bf16, NVVM::MMATypes::bf16},
      std::array<NVVM::MMALayout, 2>{NVVM::MMALayout::row,
                                     NVVM::MMALayout::col});
  SmallVector<Value> d;
  for (int64_t i = 0; i < 4; ++i)
    d.push_back(LLVM::ExtractValueOp::create(b, loc, nvvmMma.getRes(), i));
  Value result =
      vector::FromElementsOp::create(b, loc, VectorType::get({2, 2}, f32), d);
  mma.getRes().replaceAllUsesWith(result);
  mma.erase();
}

namespace {
struct TFCGPULowerBF16MmaPass
    : public tfc::impl::TFCGPULowerBF16MmaBase<TFCGPULowerBF16MmaPass> {
  void runOnOperation() override {
    SmallVector<nvgpu::MmaSyncOp> mmas;
    getOperation().walk([&](nvgpu::MmaSyncOp mma) {
      if (isBF16Mma(mma))
        mmas.push_back(mma);
    });
    for (nvgpu::MmaSyncOp mma : mmas)
      lowerBF16Mma(mma);
  }
};
} // namespace
