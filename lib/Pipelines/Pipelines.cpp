//===- Pipelines.cpp - tfc's named pass pipelines -------------------------===//
//
// Builds and registers the tfc pipelines.
//
//===----------------------------------------------------------------------===//

#include "tfc/Pipelines/Pipelines.h"

#include "tfc/Dialect/TFC/Transforms/Passes.h"

#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::tfc;

void mlir::tfc::buildTfcFrontendPipeline(OpPassManager &pm,
                                         const TfcFrontendOptions &options) {
  // Folding first: conditions computed from constants become constants that
  // tfc-check-asserts can judge, constant conds lose their dead branch.
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createTFCCheckAssertsPass());
  TFCCheckRacesPassOptions races;
  races.strict = options.strict;
  pm.addPass(createTFCCheckRacesPass(races));
  pm.addPass(createTFCSchedulePass());
  pm.addPass(createCanonicalizerPass());
}

void mlir::tfc::registerTfcPipelines() {
  PassPipelineRegistration<TfcFrontendOptions>(
      "tfc-frontend",
      "From a TensorFlow graph as written to sequential tfc code: "
      "canonicalize, tfc-check-asserts, tfc-check-races, tfc-schedule",
      buildTfcFrontendPipeline);
}
