//===- CUDAPipelines.cpp - the tfc CUDA pipelines -------------------------===//
//
// tfc to GPU kernels for CUDA: the front end and ABI as on the CPU, then
// linalg, fusion, bufferization into device memory, the mapping to blocks
// and threads, outlining, NVVM, PTX per architecture and one fatbin.
//
//===----------------------------------------------------------------------===//

#include "tfc/Pipelines/Pipelines.h"

#include "SharedStages.h"

#include "tfc/Codegen/CPU/Passes.h"
#include "tfc/Codegen/GPU/Passes.h"
#include "tfc/Conversion/Passes.h"
#include "tfc/Dialect/TFC/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::tfc;

#ifndef TFC_CUDA_TOOLKIT_DIR
#define TFC_CUDA_TOOLKIT_DIR "/usr/local/cuda"
#endif

SmallVector<std::string> TfcCUDAPipelineOptions::getArchs() const {
  SmallVector<std::string> result(archs.begin(), archs.end());
  if (result.empty())
    for (StringRef arch : llvm::split(TFC_DEFAULT_CUDA_ARCHS, ','))
      result.push_back(arch.str());
  return result;
}

std::string TfcCUDAPipelineOptions::getToolkit() const {
  std::string value = toolkit;
  return value.empty() ? std::string(TFC_CUDA_TOOLKIT_DIR) : value;
}

void mlir::tfc::buildTfcCUDAKernelPipeline(
    OpPassManager &pm, const TfcCUDAPipelineOptions &options) {
  pm.addPass(createTFCGPUCheckSupport());
  TFCLowerRuntimeCallsOptions runtimeCalls;
  runtimeCalls.deferAssertions = true;
  pm.addPass(createTFCLowerRuntimeCalls(runtimeCalls));
  pm.addPass(createConvertTFCToLinalg());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  if (options.optLevel > 0) {
    // Element-wise chains become one kernel, fused into the reductions
    // that consume them where they have one user.
    pm.addPass(createLinalgFoldUnitExtentDimsPass());
    pm.addPass(createCanonicalizerPass());
    pm.addPass(createLinalgElementwiseOpFusionPass());
    pm.addPass(createTFCGPUFuseElementwise());
    pm.addPass(createCanonicalizerPass());
    // An optimizer's update writes its variable's device buffer: no
    // device-to-device copy per updated variable at the end of a step.
    if (!llvm::is_contained(options.disableRewrites,
                            TfcRewrite::UpdateInPlace))
      pm.addNestedPass<func::FuncOp>(createTFCUpdateVariablesInPlace());
  }
  if (options.optLevel > 0) {
    // A concatenation's operands written in place where their producers
    // can write them: one copy kernel fewer each.
    pm.addNestedPass<func::FuncOp>(createTFCGPUDecomposeConcat());
  }
  addBufferization(pm);
  pm.addNestedPass<func::FuncOp>(createLinalgGeneralizeNamedOpsPass());
  pm.addPass(createTFCGPUDeviceMemory());
  TFCGPUMapLinalgOptions mapping;
  mapping.matmulPrecision = options.matmulPrecision;
  pm.addNestedPass<func::FuncOp>(createTFCGPUMapLinalg(mapping));
  pm.addPass(createTFCGPUVerifyHostCode());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addNestedPass<func::FuncOp>(createTFCGPUMergeLaunches());
  // Integer powers have no NVVM intrinsic: they become functions here, and
  // outlining copies the ones a kernel calls into its GPU module.
  pm.addPass(createConvertMathToFuncs());
  // Constants and sizes go into the kernels rather than becoming their
  // parameters, so the kernels' index arithmetic folds.
  pm.addNestedPass<func::FuncOp>(createGpuLaunchSinkIndexComputationsPass());
  pm.addPass(createGpuKernelOutliningPass());
  pm.addPass(createTFCGPUMergeKernelModules());
}

/// The PTX ISA version: 8.0 covers sm_80 to sm_90; newer GPUs need newer.
static std::string ptxFeatures(ArrayRef<std::string> archs) {
  for (StringRef arch : archs) {
    unsigned number = 0;
    if (arch.drop_front(3).consumeInteger(10, number) == false && number >= 100)
      return "+ptx86";
  }
  return "+ptx80";
}

void mlir::tfc::buildTfcCUDABackendPipeline(
    OpPassManager &pm, const TfcCUDAPipelineOptions &options, bool packFatbin) {
  SmallVector<std::string> archs = options.getArchs();
  std::string toolkit = options.getToolkit();
  for (const std::string &arch : archs) {
    GpuNVVMAttachTargetOptions target;
    target.chip = arch;
    target.features = ptxFeatures(archs);
    target.optLevel = std::max(2u, options.optLevel.getValue());
    pm.addPass(createGpuNVVMAttachTarget(target));
  }
  OpPassManager &kernels = pm.nest<gpu::GPUModuleOp>();
  kernels.addPass(createTFCGPULowerAllReduce());
  kernels.addPass(createSCFToControlFlowPass());
  // Tensor cores' mma.sync (--gpu-matmul-precision=tf32, bf16); MLIR's
  // conversion has no BF16 form.
  kernels.addPass(createTFCGPULowerBF16Mma());
  kernels.addPass(createConvertNVGPUToNVVMPass());
  kernels.addPass(createConvertGpuOpsToNVVMOps());
  kernels.addPass(createCanonicalizerPass());
  kernels.addPass(createCSEPass());
  kernels.addPass(createReconcileUnrealizedCastsPass());

  // Host code: every GPU op joins one stream of asynchronous work, waited
  // for where the host needs a result.
  pm.addNestedPass<func::FuncOp>(createGpuAsyncRegionPass());
  // Host code as on the CPU: allocations through the runtime,
  // transcendental functions from libm.
  addHostLLVMLowering(pm);
  pm.addPass(createGpuToLLVMConversionPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createCanonicalizerPass());

  GpuModuleToBinaryPassOptions binary;
  binary.toolkitPath = toolkit;
  binary.compilationTarget = "isa";
  pm.addPass(createGpuModuleToBinaryPass(binary));
  if (packFatbin) {
    TFCGPUPackFatbinOptions pack;
    pack.toolkitPath = toolkit;
    pm.addPass(createTFCGPUPackFatbin(pack));
  }
}

void mlir::tfc::buildTfcCUDAEmulatorPipeline(OpPassManager &pm) {
  pm.addPass(createTFCGPUEmulate());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  // BF16 conversions (the BF16 tensor cores' operands) as integer
  // arithmetic: the host has no conversion instructions to call.
  arith::ArithExpandOpsPassOptions expand;
  expand.includeBf16 = true;
  pm.addPass(arith::createArithExpandOpsPass(expand));
  // Host code as on the CPU: allocations through the runtime,
  // transcendental functions from libm; the kernels' vector loads of
  // workgroup memory become host vector loads.
  addHostLLVMLowering(pm, [](OpPassManager &pm) {
    pm.addPass(createConvertVectorToLLVMPass());
  });
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createCanonicalizerPass());
}

void mlir::tfc::buildTfcCUDALoweringPipeline(
    OpPassManager &pm, const TfcCUDAPipelineOptions &options) {
  TfcPipelineOptions frontend;
  options.toFrontendOptions(frontend);
  buildTfcEntryPointABIPipeline(pm, frontend);
  buildTfcCUDAKernelPipeline(pm, options);
  buildTfcCUDABackendPipeline(pm, options);
}

void mlir::tfc::buildTfcCUDAPipeline(OpPassManager &pm,
                                     const TfcCUDAPipelineOptions &options) {
  TfcPipelineOptions frontend;
  options.toFrontendOptions(frontend);
  buildTfcFrontendPipeline(pm, frontend);
  buildTfcCUDALoweringPipeline(pm, options);
}
