//===- Pipelines.cpp - tfc pass pipelines ---------------------------------===//
//
// The front end and the CPU lowering, as pass pipelines.
//
//===----------------------------------------------------------------------===//

#include "tfc/Pipelines/Pipelines.h"

#include "tfc/Conversion/Passes.h"
#include "tfc/Dialect/TFC/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::tfc;

void mlir::tfc::buildTfcFrontendPipeline(OpPassManager &pm,
                                         const TfcPipelineOptions &options) {
  pm.addPass(createTFCResolveScopes());
  // The guide's silent pitfalls are reported on the program as written.
  TFCLintOptions lint;
  lint.strict = options.strict;
  pm.addPass(createTFCLint(lint));
  pm.addPass(createCanonicalizerPass());
  // -O0 runs no optional rewrite, so a program can be compared with and
  // without them.
  if (options.optLevel > 0) {
    pm.addPass(createTFCStableSoftmax());
    pm.addPass(createTFCSliceToReduce());
  }
  // Gradients of the stable forms are stable too; the optimizers' slot
  // variables exist before initialization is planned.
  TFCAutodiffOptions autodiff;
  autodiff.allowUndefinedGradients = options.allowUndefinedGradients;
  pm.addPass(createTFCAutodiff(autodiff));
  pm.addPass(createTFCPlanInitialization());
  pm.addPass(createTFCOutlineInitializers());
  pm.addPass(createTFCCheckAsserts());
  TFCCheckRacesOptions races;
  races.strict = options.strict;
  pm.addPass(createTFCCheckRaces(races));
  pm.addPass(createTFCSchedule());
  pm.addNestedPass<func::FuncOp>(createTFCInlineGraphs());
  // Scheduled code runs in text order: tokens order nothing more.
  pm.addNestedPass<func::FuncOp>(createTFCDropControl());
}

void mlir::tfc::buildTfcEntryPointABIPipeline(
    OpPassManager &pm, const TfcPipelineOptions &options) {
  pm.addPass(createTFCLowerVariables());
  pm.addPass(createTFCMarkEntryPoints());
}

void mlir::tfc::buildTfcCPUCodegenPipeline(OpPassManager &pm,
                                           const TfcPipelineOptions &options) {
  pm.addPass(createTFCLowerRuntimeCalls());
  pm.addPass(createConvertTFCToLinalg());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  if (options.optLevel > 0)
    pm.addPass(createLinalgElementwiseOpFusionPass());

  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  bufferize.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  // Loop-carried values that change shape (a sequence grown by concat) are
  // new buffers in each iteration; the call's arena frees them.
  bufferize.allowReturnAllocsFromLoops = true;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  pm.addPass(createCanonicalizerPass());

  pm.addNestedPass<func::FuncOp>(createConvertLinalgToLoopsPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  // Views of reshapes and slices compute their sizes with affine.apply.
  pm.addPass(createLowerAffinePass());
  pm.addPass(createSCFToControlFlowPass());
  // Allocations go through the runtime, which owns a model call's
  // temporaries and hands returned buffers to the caller.
  FinalizeMemRefToLLVMConversionPassOptions memrefToLLVM;
  memrefToLLVM.useGenericFunctions = true;
  pm.addPass(createFinalizeMemRefToLLVMConversionPass(memrefToLLVM));
  // Integer powers have no LLVM intrinsic: they become small functions.
  pm.addPass(createConvertMathToFuncs());
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createConvertMathToLibmPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createCanonicalizerPass());
}

void mlir::tfc::buildTfcCPULoweringPipeline(OpPassManager &pm,
                                            const TfcPipelineOptions &options) {
  buildTfcEntryPointABIPipeline(pm, options);
  buildTfcCPUCodegenPipeline(pm, options);
}

void mlir::tfc::buildTfcCPUPipeline(OpPassManager &pm,
                                    const TfcPipelineOptions &options) {
  buildTfcFrontendPipeline(pm, options);
  buildTfcCPULoweringPipeline(pm, options);
}

void mlir::tfc::registerTfcPipelines() {
  PassPipelineRegistration<TfcPipelineOptions>(
      "tfc-frontend",
      "Resolve scopes and variables, plan initialization, inline graphs",
      buildTfcFrontendPipeline);
  PassPipelineRegistration<TfcPipelineOptions>(
      "tfc-cpu-lowering",
      "Lower the front end's output to the LLVM dialect for the host CPU",
      buildTfcCPULoweringPipeline);
  PassPipelineRegistration<TfcPipelineOptions>(
      "tfc-cpu-pipeline", "The whole CPU pipeline, tfc to the LLVM dialect",
      buildTfcCPUPipeline);
}
