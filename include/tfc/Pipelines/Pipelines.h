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
  PassOptions::Option<bool> dataParallel{
      *this, "data-parallel",
      llvm::cl::desc("Average each training step's gradients over the ranks "
                     "of a data-parallel job (tfc-autodiff)"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> runtimeChecks{
      *this, "runtime-checks",
      llvm::cl::desc("Fail the call where TensorFlow's kernels fail at run "
                     "time: integer division by zero, gather indices out "
                     "of range, dynamic shape mismatches "
                     "(tfc-insert-runtime-checks)"),
      llvm::cl::init(true)};
  PassOptions::Option<std::string> targetTriple{
      *this, "target-triple",
      llvm::cl::desc("The target triple the code is for (empty: the "
                     "host's); with cpu and target-features it chooses the "
                     "CPU target (docs/codegen.md)"),
      llvm::cl::init("")};
  PassOptions::Option<bool> openMP{
      *this, "openmp",
      llvm::cl::desc("Tiles that go to threads become OpenMP parallel "
                     "regions; without, they run in sequence on the "
                     "caller's thread (cross-compiled libraries, which "
                     "have no OpenMP runtime to link)"),
      llvm::cl::init(true)};
  PassOptions::Option<std::string> cpu{
      *this, "cpu",
      llvm::cl::desc("The LLVM CPU the code is for (host: the CPU tfc runs "
                     "on); with target-features it chooses the CPU target "
                     "whose tile sizes apply (docs/performance.md)"),
      llvm::cl::init("host")};
  PassOptions::Option<std::string> targetFeatures{
      *this, "target-features",
      llvm::cl::desc("LLVM target features on top of the CPU's "
                     "(+avx2,-avx512f); for host, the host's when empty"),
      llvm::cl::init("")};
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

/// The options of the CUDA pipelines: those of the front end plus the
/// GPU architectures and the CUDA toolkit.
struct TfcCUDAPipelineOptions
    : public PassPipelineOptions<TfcCUDAPipelineOptions> {
  PassOptions::Option<unsigned> optLevel{
      *this, "opt-level", llvm::cl::desc("Optimization level 0-3"),
      llvm::cl::init(2)};
  PassOptions::Option<bool> strict{
      *this, "strict",
      llvm::cl::desc("Make the warnings about races and pitfalls errors"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> allowUndefinedGradients{
      *this, "allow-undefined-gradients",
      llvm::cl::desc("Take missing gradients as zero with a warning"),
      llvm::cl::init(false)};
  PassOptions::ListOption<std::string> archs{
      *this, "cuda-arch",
      llvm::cl::desc("GPU architectures, each assembled into the fatbin "
                     "(default sm_80,sm_90)")};
  PassOptions::Option<std::string> toolkit{
      *this, "cuda-toolkit",
      llvm::cl::desc("CUDA toolkit directory (ptxas, fatbinary, libdevice); "
                     "default: the one found at configure time"),
      llvm::cl::init("")};

  /// The front-end options these imply.
  void toFrontendOptions(TfcPipelineOptions &options) const;
  /// The architectures, the default if none was given.
  SmallVector<std::string> getArchs() const;
  /// The toolkit directory, the configured default if none was given.
  std::string getToolkit() const;
};

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
