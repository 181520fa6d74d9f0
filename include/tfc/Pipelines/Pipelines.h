//===- Pipelines.h - tfc pass pipelines -------------------------*- C++ -*-===//
//
// The named pipelines of tfc. `tfc compile` and `tfc-opt` build them with
// the same functions, so anything the driver does can be reproduced with
// tfc-opt.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_PIPELINES_PIPELINES_H
#define TFC_PIPELINES_PIPELINES_H

#include "mlir/Pass/PassOptions.h"

namespace mlir {
class OpPassManager;

namespace tfc {

/// The optional rewrites that can be turned off one at a time (from -O1,
/// where they run; -O0 runs none of them).
enum class TfcRewrite {
  StableSoftmax,  // tfc-stable-softmax
  SliceToReduce,  // tfc-slice-to-reduce
  BroadcastMerge, // tfc-broadcast-merge
  RowFusion,      // producers fused into row-wise tiles (tfc-tile-and-fuse)
};

/// Parses the names of the rewrites (`slice-to-reduce`, ...) for
/// `disable-rewrites` and `tfc compile --disable-rewrite`. A pass option
/// parses the elements of a list with a parser of its own that never sees
/// `llvm::cl::values`, so the names are added when a parser is initialized.
class TfcRewriteParser : public llvm::cl::parser<TfcRewrite> {
public:
  using llvm::cl::parser<TfcRewrite>::parser;
  void initialize();
  static void print(llvm::raw_ostream &os, TfcRewrite rewrite);
};

struct TfcPipelineOptions : public PassPipelineOptions<TfcPipelineOptions> {
  PassOptions::Option<unsigned> optLevel{
      *this, "opt-level",
      llvm::cl::desc("Optimization level 0-3; 0 also turns every optional "
                     "tfc rewrite off"),
      llvm::cl::init(2)};
  PassOptions::Option<bool> strict{
      *this, "strict",
      llvm::cl::desc("Make the warnings about races and pitfalls errors"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> allowUndefinedGradients{
      *this, "allow-undefined-gradients",
      llvm::cl::desc("Take missing gradients as zero with a warning, as "
                     "TensorFlow does, instead of failing (tfc-autodiff)"),
      llvm::cl::init(false)};
  PassOptions::ListOption<TfcRewrite, TfcRewriteParser> disableRewrites{
      *this, "disable-rewrites",
      llvm::cl::desc("Optional rewrites to leave out, comma-separated "
                     "(stable-softmax, slice-to-reduce, broadcast-merge, "
                     "row-fusion); the rest of the pipeline is unchanged")};

  /// Whether `rewrite` runs: from -O1, unless disabled.
  bool runs(TfcRewrite rewrite) const {
    return optLevel > 0 && !llvm::is_contained(disableRewrites, rewrite);
  }
};

/// From the front-end form (scopes, get_variable, graphs) to ordered code on
/// tensors with resolved variables: resolve scopes, lint, canonicalize, the
/// stable rewrites (from -O1), autodiff, plan initialization, outline
/// initial values, check assertions and races, schedule and inline graphs.
void buildTfcFrontendPipeline(OpPassManager &pm,
                              const TfcPipelineOptions &options);

/// Fixes the model's ABI on tensors: variables become buffer arguments and
/// entry points are marked. Its output is what the model's reflection data
/// describes.
void buildTfcEntryPointABIPipeline(OpPassManager &pm,
                                   const TfcPipelineOptions &options);

/// From tensors with a fixed ABI to the LLVM dialect for the host CPU: tfc to
/// linalg, bufferization, loops, LLVM.
void buildTfcCPUCodegenPipeline(OpPassManager &pm,
                                const TfcPipelineOptions &options);

/// The two above: the output of the front end to the LLVM dialect.
void buildTfcCPULoweringPipeline(OpPassManager &pm,
                                 const TfcPipelineOptions &options);

/// Both of the above: `tfc-cpu-pipeline`.
void buildTfcCPUPipeline(OpPassManager &pm, const TfcPipelineOptions &options);

/// Registers `tfc-frontend`, `tfc-cpu-lowering` and `tfc-cpu-pipeline`.
void registerTfcPipelines();

} // namespace tfc
} // namespace mlir

#endif // TFC_PIPELINES_PIPELINES_H
