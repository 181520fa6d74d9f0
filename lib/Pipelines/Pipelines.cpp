//===- Pipelines.cpp - tfc pass pipelines ---------------------------------===//
//
// The front end and the CPU lowering, as pass pipelines.
//
//===----------------------------------------------------------------------===//

#include "tfc/Pipelines/Pipelines.h"

#include "SharedStages.h"

#include "tfc/Codegen/CPU/Passes.h"
#include "tfc/Codegen/CPU/TargetDescription.h"
#include "tfc/Conversion/Passes.h"
#include "tfc/Dialect/TFC/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Conversion/VectorToSCF/VectorToSCF.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/Transforms/Passes.h"
#include "mlir/Dialect/Vector/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::tfc;

namespace {
struct RewriteName {
  TfcRewrite rewrite;
  StringRef name, help;
};
} // namespace

static const RewriteName rewriteNames[] = {
    {TfcRewrite::StableSoftmax, "stable-softmax", "tfc-stable-softmax"},
    {TfcRewrite::SliceToReduce, "slice-to-reduce", "tfc-slice-to-reduce"},
    {TfcRewrite::BroadcastMerge, "broadcast-merge", "tfc-broadcast-merge"},
    {TfcRewrite::RowFusion, "row-fusion",
     "fusion of producers into row-wise tiles (tfc-tile-and-fuse "
     "fuse-producers=false)"},
    {TfcRewrite::PackedWeights, "packed-weights",
     "matmul weights in constants and variables read as panels packed "
     "once "
     "(tfc-pack-weights)"},
    {TfcRewrite::PrefetchRows, "prefetch-rows",
     "a row chain's second pass prefetching the next row (tfc-prefetch-rows)"},
    {TfcRewrite::FuseRowPasses, "fuse-row-passes",
     "a pass over a row merged into the pass whose results it reads "
     "(tfc-fuse-row-passes)"},
    {TfcRewrite::StreamRows, "stream-rows",
     "a row chain's final values stored past the cache during the next "
     "row's producer (tfc-stream-row-results)"},
    {TfcRewrite::UpdateInPlace, "update-in-place",
     "an optimizer's update writing its variable's buffer "
     "(tfc-update-variables-in-place)"},
};

void TfcRewriteParser::initialize() {
  llvm::cl::parser<TfcRewrite>::initialize();
  for (const RewriteName &entry : rewriteNames)
    addLiteralOption(entry.name, entry.rewrite, entry.help);
}

void TfcRewriteParser::print(llvm::raw_ostream &os, TfcRewrite rewrite) {
  for (const RewriteName &entry : rewriteNames)
    if (entry.rewrite == rewrite)
      os << entry.name;
}

void mlir::tfc::buildTfcFrontendPipeline(OpPassManager &pm,
                                         const TfcPipelineOptions &options) {
  pm.addPass(createTFCResolveScopes());
  // The guide's silent pitfalls are reported on the program as written.
  TFCLintOptions lint;
  lint.strict = options.strict;
  pm.addPass(createTFCLint(lint));
  pm.addPass(createCanonicalizerPass());
  // -O0 runs no optional rewrite, so a program can be compared with and
  // without them; `disable-rewrites` leaves out single ones.
  if (options.runs(TfcRewrite::StableSoftmax))
    pm.addPass(createTFCStableSoftmax());
  if (options.runs(TfcRewrite::SliceToReduce))
    pm.addPass(createTFCSliceToReduce());
  if (options.runs(TfcRewrite::BroadcastMerge))
    pm.addPass(createTFCBroadcastMerge());
  // Gradients of the stable forms are stable too; the optimizers' slot
  // variables exist before initialization is planned.
  TFCAutodiffOptions autodiff;
  autodiff.allowUndefinedGradients = options.allowUndefinedGradients;
  autodiff.dataParallel = options.dataParallel;
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
  // What TensorFlow's kernels check at run time fails the call here too.
  // The checks are assertions, which only the CPU target compiles.
  if (options.runtimeChecks)
    pm.addNestedPass<func::FuncOp>(createTFCInsertRuntimeChecks());
}

void mlir::tfc::buildTfcEntryPointABIPipeline(
    OpPassManager &pm, const TfcPipelineOptions &options) {
  pm.addPass(createTFCLowerVariables());
  pm.addPass(createTFCMarkEntryPoints());
}

/// Canonicalization and CSE of each function, in parallel when the context
/// has threads; tfc-cse, as tiled loops all have the same operands.
static void addFunctionCleanup(OpPassManager &pm) {
  OpPassManager &function = pm.nest<func::FuncOp>();
  function.addPass(createCanonicalizerPass());
  function.addPass(createTFCStructuralCSE());
}

/// Tiling, fusion and vectorization on tensors (from -O1): the loops that
/// make matmuls, softmaxes and element-wise chains fast (docs/performance.md).
static void buildTileAndVectorizePipeline(OpPassManager &pm,
                                          const TfcPipelineOptions &options) {
  // keep_dims reshapes would be propagated into the reductions by fusion
  // and then block tile-and-fuse; dropping unit dimensions first folds them
  // into the consumers' indexing maps.
  pm.addPass(createLinalgFoldUnitExtentDimsPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createLinalgElementwiseOpFusionPass());
  pm.addPass(createCanonicalizerPass());
  // An optimizer's update writes its variable's buffer, not a copy of it.
  if (options.runs(TfcRewrite::UpdateInPlace))
    pm.addNestedPass<func::FuncOp>(createTFCUpdateVariablesInPlace());
  // The tile sizes are those of the CPU the object file is compiled for.
  std::string target =
      selectCPUTarget(options.cpu, options.targetFeatures,
                      options.targetTriple)
          .name.str();
  // Before outlining, while the variables are still the entry points'
  // arguments.
  if (options.runs(TfcRewrite::PackedWeights)) {
    TFCPackWeightsOptions packing;
    packing.target = target;
    pm.addPass(createTFCPackWeights(packing));
  }
  // A large graph is cut into functions here, on tensors, where no cut
  // separates what tiling fuses: tiling and everything after it then work
  // on many small functions, and layers of one shape are compiled once.
  pm.addPass(createTFCOutlineDispatches());
  pm.addPass(createTFCMergeIdenticalFunctions());
  TFCTileAndFuseOptions tiling;
  tiling.target = target;
  tiling.fuseProducers = options.runs(TfcRewrite::RowFusion);
  pm.addNestedPass<func::FuncOp>(createTFCTileAndFuse(tiling));
  addFunctionCleanup(pm);
  TFCVectorizeOptions vectorize;
  vectorize.target = target;
  pm.addNestedPass<func::FuncOp>(createTFCVectorize(vectorize));
  TFCApproximateMathOptions approximate;
  approximate.target = target;
  pm.addPass(createTFCApproximateMath(approximate));
  addFunctionCleanup(pm);
}

void mlir::tfc::buildTfcCPUCodegenPipeline(OpPassManager &pm,
                                           const TfcPipelineOptions &options) {
  pm.addPass(createTFCLowerRuntimeCalls());
  bool optimize = options.optLevel > 0;
  pm.addPass(createConvertTFCToLinalg());
  addFunctionCleanup(pm);
  if (optimize)
    buildTileAndVectorizePipeline(pm, options);

  // After the last CSE: each destination its own (linear bufferization).
  pm.addNestedPass<func::FuncOp>(createTFCPrivatizeDestinations());
  addBufferization(pm, /*perFunction=*/true);
  // The arena is the calling thread's: what other threads allocate in a
  // parallel loop, the loop frees.
  pm.addNestedPass<func::FuncOp>(createTFCFreeIterationBuffers());
  // Vectorized gathers from slices of a buffer read the elements they mean.
  pm.addNestedPass<func::FuncOp>(createTFCPhysicalGatherIndices());
  // A reduction of what a pass over a row wrote runs in that pass.
  if (optimize && options.runs(TfcRewrite::FuseRowPasses))
    pm.addNestedPass<func::FuncOp>(createTFCFuseRowPasses());
  // The memory-bound first pass of a row chain overlaps the arithmetic of
  // the previous row's later passes.
  if (optimize && options.runs(TfcRewrite::PrefetchRows))
    pm.addNestedPass<func::FuncOp>(createTFCPrefetchRows());
  // A row chain's final values go to memory once, while the next row is
  // computed.
  if (optimize && options.runs(TfcRewrite::StreamRows))
    pm.addNestedPass<func::FuncOp>(createTFCStreamRowResults());

  pm.addNestedPass<func::FuncOp>(createConvertLinalgToLoopsPass());
  // A large graph is one large function: its pieces become functions of
  // their own, for LLVM's sake and the stack's (docs/codegen.md).
  pm.addPass(createTFCSplitFunctions());
  // Layers of one shape are then one function, which LLVM compiles once.
  pm.addPass(createTFCMergeIdenticalFunctions());
  if (optimize) {
    // Tiles that go to threads become OpenMP parallel regions whose thread
    // count the runtime chooses per call.
    if (options.openMP) {
      pm.addPass(createForallToParallelLoopPass());
      pm.addPass(createConvertSCFToOpenMPPass());
      pm.addPass(createTFCRuntimeThreadCount());
    } else {
      pm.addPass(createForallToForLoopPass());
    }
    pm.addNestedPass<func::FuncOp>(createConvertVectorToSCFPass());
    // Rows are reduced with vector.reduction, which LLVM turns into a tree
    // of whole-register operations (below), not a chain of scalar ones.
    pm.addNestedPass<func::FuncOp>(vector::createLowerVectorMultiReductionPass(
        vector::VectorMultiReductionLowering::InnerReduction));
  }
  addHostLLVMLowering(pm, [&](OpPassManager &pm) {
    if (!optimize)
      return;
    // Register tiles are sums of outer products: one FMA per row.
    ConvertVectorToLLVMPassOptions vectorToLLVM;
    vectorToLLVM.vectorContractLowering =
        vector::VectorContractLowering::OuterProduct;
    // Sums of a row in any order: a tree instead of a sequential chain.
    vectorToLLVM.reassociateFPReductions = true;
    pm.addNestedPass<func::FuncOp>(
        createConvertVectorToLLVMPass(vectorToLLVM));
    pm.addPass(createConvertOpenMPToLLVMPass());
  }, /*perFunction=*/true);
  OpPassManager &function = pm.nest<LLVM::LLVMFuncOp>();
  function.addPass(createReconcileUnrealizedCastsPass());
  function.addPass(createCanonicalizerPass());
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

/// tfc to host code launching mapped, outlined CUDA kernels.
static void buildCUDAKernelsFromTfc(OpPassManager &pm,
                                    const TfcCUDAPipelineOptions &options) {
  TfcPipelineOptions frontend;
  options.toFrontendOptions(frontend);
  buildTfcFrontendPipeline(pm, frontend);
  buildTfcEntryPointABIPipeline(pm, frontend);
  buildTfcCUDAKernelPipeline(pm, options);
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
  PassPipelineRegistration<TfcCUDAPipelineOptions>(
      "tfc-cuda-kernels",
      "The front end, the ABI and the CUDA kernel pipeline: host code "
      "launching mapped, outlined kernels (what NVVM and the emulator take)",
      buildCUDAKernelsFromTfc);
  PassPipelineRegistration<TfcCUDAPipelineOptions>(
      "tfc-cuda-emulator",
      "The front end and the CUDA kernel pipeline with the kernels emulated "
      "on the host, to the LLVM dialect",
      [](OpPassManager &pm, const TfcCUDAPipelineOptions &options) {
        buildCUDAKernelsFromTfc(pm, options);
        buildTfcCUDAEmulatorPipeline(pm);
      });
  PassPipelineRegistration<TfcCUDAPipelineOptions>(
      "tfc-cuda-lowering",
      "Lower the front end's output to the LLVM dialect with CUDA kernels",
      buildTfcCUDALoweringPipeline);
  PassPipelineRegistration<TfcCUDAPipelineOptions>(
      "tfc-cuda-pipeline",
      "The whole CUDA pipeline, tfc to the LLVM dialect and a fatbin",
      buildTfcCUDAPipeline);
}

void mlir::tfc::addBufferization(OpPassManager &pm, bool perFunction) {
  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  bufferize.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  // Loop-carried values that change shape (a sequence grown by concat) are
  // new buffers in each iteration; the call's arena frees them.
  bufferize.allowReturnAllocsFromLoops = true;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  // CSE first: a tile written in place is then a self-copy, which
  // canonicalization removes.
  if (perFunction) {
    OpPassManager &function = pm.nest<func::FuncOp>();
    function.addPass(createTFCStructuralCSE());
    function.addPass(createCanonicalizerPass());
    return;
  }
  pm.addPass(createCSEPass());
  pm.addPass(createCanonicalizerPass());
}

void mlir::tfc::addHostLLVMLowering(
    OpPassManager &pm,
    llvm::function_ref<void(OpPassManager &)> beforeMathToLLVM,
    bool perFunction) {
  // The passes that need no module, on each function where asked: on
  // func.func and on llvm.func, as the OpenMP conversion already makes
  // LLVM functions of the functions with parallel regions.
  auto onFunctions = [&](llvm::function_ref<std::unique_ptr<Pass>()> create) {
    if (!perFunction) {
      pm.addPass(create());
      return;
    }
    pm.addNestedPass<func::FuncOp>(create());
    pm.addNestedPass<LLVM::LLVMFuncOp>(create());
  };
  onFunctions([] { return memref::createExpandStridedMetadataPass(); });
  // Views of reshapes and slices compute their sizes with affine.apply.
  onFunctions([] { return createLowerAffinePass(); });
  // Allocations go through the runtime, which owns a model call's
  // temporaries and hands returned buffers to the caller. Memref ops inside
  // OpenMP regions are converted before the regions' control flow is.
  FinalizeMemRefToLLVMConversionPassOptions memrefToLLVM;
  memrefToLLVM.useGenericFunctions = true;
  pm.addPass(createFinalizeMemRefToLLVMConversionPass(memrefToLLVM));
  // Each allocation names its op for the runtime's RESOURCE_EXHAUSTED.
  pm.addPass(createTFCNameAllocationSites());
  onFunctions([] { return createSCFToControlFlowPass(); });
  // Integer powers have no LLVM intrinsic: they become small functions
  // (element by element for vectors, hence before the vector lowering).
  pm.addPass(createConvertMathToFuncs());
  if (beforeMathToLLVM)
    beforeMathToLLVM(pm);
  onFunctions([] { return createConvertMathToLLVMPass(); });
  pm.addPass(createConvertMathToLibmPass());
  onFunctions([] { return createArithToLLVMConversionPass(); });
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  onFunctions([] { return createConvertIndexToLLVMPass(); });
  // Vectorization pads transfers with ub.poison.
  onFunctions([] { return createUBToLLVMConversionPass(); });
}
