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
#include "llvm/ADT/SmallVector.h"

#include <string>
#include <vector>

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
  PackedWeights,  // tfc-pack-weights
  PrefetchRows,   // tfc-prefetch-rows
  StreamRows,     // tfc-stream-row-results
  FuseRowPasses,  // tfc-fuse-row-passes
  UpdateInPlace,  // tfc-update-variables-in-place
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

/// The default of the CUDA pipelines' `cuda-arch` list.
#define TFC_DEFAULT_CUDA_ARCHS "sm_80,sm_90"

/// A pipeline option as PassPipelineOptions declares it, from
/// PipelineOptions.def.
#define TFC_PASS_OPTION(TYPE, FIELD, NAME, DEFAULT, HELP)                     \
  PassOptions::Option<TYPE> FIELD{*this, NAME, llvm::cl::desc(HELP),           \
                                  llvm::cl::init(DEFAULT)};
#define TFC_PASS_LIST_OPTION(ELEMENT, PARSER, FIELD, NAME, HELP)              \
  PassOptions::ListOption<ELEMENT, PARSER> FIELD{*this, NAME,                  \
                                                 llvm::cl::desc(HELP)};

/// The options of the CPU pipelines: the front end's and the CPU target's.
struct TfcPipelineOptions : public PassPipelineOptions<TfcPipelineOptions> {
#define TFC_FRONTEND_OPTION TFC_PASS_OPTION
#define TFC_FRONTEND_LIST_OPTION TFC_PASS_LIST_OPTION
#define TFC_CPU_OPTION TFC_PASS_OPTION
#include "tfc/Pipelines/PipelineOptions.def"

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

/// The options of the CUDA pipelines: the front end's and the CUDA
/// target's.
struct TfcCUDAPipelineOptions
    : public PassPipelineOptions<TfcCUDAPipelineOptions> {
#define TFC_FRONTEND_OPTION TFC_PASS_OPTION
#define TFC_FRONTEND_LIST_OPTION TFC_PASS_LIST_OPTION
#define TFC_CUDA_OPTION TFC_PASS_OPTION
#define TFC_CUDA_LIST_OPTION TFC_PASS_LIST_OPTION
#include "tfc/Pipelines/PipelineOptions.def"

  /// The front-end options these imply.
  void toFrontendOptions(TfcPipelineOptions &options) const;
  /// The architectures, the default if none was given.
  SmallVector<std::string> getArchs() const;
  /// The toolkit directory, the configured default if none was given.
  std::string getToolkit() const;
};

#undef TFC_PASS_OPTION
#undef TFC_PASS_LIST_OPTION

/// The values of every pipeline option, as plain fields with the same
/// names and defaults: what the driver keeps (and `tfc compile`'s flags
/// store into) before it builds a pipeline's options from them.
struct TfcPipelineSettings {
#define TFC_SETTING(TYPE, FIELD, NAME, DEFAULT, HELP) TYPE FIELD = DEFAULT;
#define TFC_LIST_SETTING(ELEMENT, PARSER, FIELD, NAME, HELP)                   \
  std::vector<ELEMENT> FIELD;
#define TFC_FRONTEND_OPTION TFC_SETTING
#define TFC_FRONTEND_LIST_OPTION TFC_LIST_SETTING
#define TFC_CPU_OPTION TFC_SETTING
#define TFC_CUDA_OPTION TFC_SETTING
#define TFC_CUDA_LIST_OPTION TFC_LIST_SETTING
#include "tfc/Pipelines/PipelineOptions.def"
#undef TFC_SETTING
#undef TFC_LIST_SETTING

  /// Sets the options of the CPU pipelines to these values.
  void applyTo(TfcPipelineOptions &options) const;
  /// Sets the options of the CUDA pipelines to these values.
  void applyTo(TfcCUDAPipelineOptions &options) const;
};

/// The help of each pipeline option, by field, for tools that spell the
/// flag their own way (`tfc compile -O2`).
namespace pipeline_option_help {
#define TFC_HELP(TYPE, FIELD, NAME, DEFAULT, HELP)                             \
  inline constexpr const char FIELD[] = HELP;
#define TFC_LIST_HELP(ELEMENT, PARSER, FIELD, NAME, HELP)                      \
  inline constexpr const char FIELD[] = HELP;
#define TFC_FRONTEND_OPTION TFC_HELP
#define TFC_FRONTEND_LIST_OPTION TFC_LIST_HELP
#define TFC_CPU_OPTION TFC_HELP
#define TFC_CUDA_OPTION TFC_HELP
#define TFC_CUDA_LIST_OPTION TFC_LIST_HELP
#include "tfc/Pipelines/PipelineOptions.def"
#undef TFC_HELP
#undef TFC_LIST_HELP
} // namespace pipeline_option_help

/// From tensors with a fixed ABI to host functions launching outlined GPU
/// kernels (`gpu.launch_func` of one `gpu.module`): tfc to linalg, fusion,
/// bufferization, device memory, the mapping to blocks and threads and
/// outlining. Both the CUDA target and its CPU emulation continue from here.
void buildTfcCUDAKernelPipeline(OpPassManager &pm,
                                const TfcCUDAPipelineOptions &options);

/// From the kernel pipeline's output to the LLVM dialect with the kernels in
/// a `gpu.binary`: NVVM, PTX per architecture and, when `packFatbin`, one
/// fatbin of cubins and PTX (otherwise the PTX objects stay, for
/// `--emit=ptx`).
void buildTfcCUDABackendPipeline(OpPassManager &pm,
                                 const TfcCUDAPipelineOptions &options,
                                 bool packFatbin = true);

/// From the kernel pipeline's output to the LLVM dialect for the host CPU,
/// the kernels emulated by loops over blocks and threads
/// (`--target=cuda-emulator`).
void buildTfcCUDAEmulatorPipeline(OpPassManager &pm);

/// The ABI, kernel and backend pipelines: the front end's output to the
/// LLVM dialect for CUDA.
void buildTfcCUDALoweringPipeline(OpPassManager &pm,
                                  const TfcCUDAPipelineOptions &options);

/// The whole of it: `tfc-cuda-pipeline`.
void buildTfcCUDAPipeline(OpPassManager &pm,
                          const TfcCUDAPipelineOptions &options);

/// Registers `tfc-frontend`, `tfc-cpu-lowering`, `tfc-cpu-pipeline`,
/// `tfc-cuda-lowering` and `tfc-cuda-pipeline`.
void registerTfcPipelines();

} // namespace tfc
} // namespace mlir

#endif // TFC_PIPELINES_PIPELINES_H
