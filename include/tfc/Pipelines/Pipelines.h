//===- Pipelines.h - tfc's named pass pipelines -----------------*- C++ -*-===//
//
// The pipelines that `tfc-opt` registers and the `tfc` driver runs: one
// options struct and one builder per pipeline.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_PIPELINES_PIPELINES_H
#define TFC_PIPELINES_PIPELINES_H

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

namespace mlir::tfc {

/// Options of `tfc-frontend`.
struct TfcFrontendOptions : public PassPipelineOptions<TfcFrontendOptions> {
  PassOptions::Option<bool> strict{
      *this, "strict",
      llvm::cl::desc("Report races between unordered variable accesses as "
                     "errors (the driver's --tfc-strict)"),
      llvm::cl::init(false)};
};

/// From a TensorFlow graph as written to sequential code: folds what the
/// program fixes, reports assertions that always fail and races, then
/// prunes and schedules the graphs.
void buildTfcFrontendPipeline(OpPassManager &pm,
                              const TfcFrontendOptions &options);

/// Registers the pipelines with `tfc-opt`.
void registerTfcPipelines();

} // namespace mlir::tfc

#endif // TFC_PIPELINES_PIPELINES_H
