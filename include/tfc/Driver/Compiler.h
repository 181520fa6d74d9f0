//===- Compiler.h - tfc compile ---------------------------------*- C++ -*-===//
//
// Compiles a tfc module into a shared library with a C API and its header:
// the work behind `tfc compile`.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_DRIVER_COMPILER_H
#define TFC_DRIVER_COMPILER_H

#include "tfc/Pipelines/Pipelines.h"
#include "tfc/Target/GraphDef/Import.h"
#include "tfc/Target/LLVMModel.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/SourceMgr.h"

#include <string>
#include <vector>

namespace mlir::tfc {

enum class EmitKind { MLIR, LLVM, PTX, Object, Header, SharedLibrary };

/// What the model runs on: the host CPU, a CUDA GPU, or the CUDA kernels
/// emulated on the host CPU (docs/codegen.md).
enum class DeviceTarget { CPU, CUDA, CUDAEmulator };

struct CompilerOptions {
  std::string inputPath;
  /// The output file; for a shared library the header goes beside it.
  std::string outputPath;
  /// The model's name (C identifiers derive from it); default: the output's
  /// stem without a `lib` prefix.
  std::string modelName;
  EmitKind emit = EmitKind::SharedLibrary;
  DeviceTarget device = DeviceTarget::CPU;
  /// What the pipelines do (PipelineOptions.def): the optimization level,
  /// the CPU or CUDA target, the front end's rules.
  TfcPipelineSettings pipeline;
  /// Where libtfc_runtime.so and the runtime headers are; default: next to
  /// the tfc executable (`../lib`), and for another architecture, its
  /// multiarch directory there (`../lib/aarch64-linux-gnu`).
  std::string runtimeLibraryDir;
  /// Print each stage, its time and the peak memory so far to stderr.
  bool verbose = false;
  /// Print the time of each pass of the MLIR pipelines (--mlir-timing).
  bool passTiming = false;
  /// Threads of LLVM's code generation (the module is split into this many
  /// parts, each generated on its own thread); 1 generates one object.
  unsigned threads = 1;
  /// A checkpoint whose values become the variables' initializers
  /// (`--embed-checkpoint`; EmbedCheckpoint.h); empty for none.
  std::string embedCheckpoint;
  /// How to import the input when it is a TensorFlow file or SavedModel
  /// rather than a tfc module (decided by its content).
  GraphImportOptions tensorflow;

  /// The target the object file is compiled for: the pipeline settings'
  /// triple, CPU, features and optimization level.
  TargetOptions getTarget() const;
};

/// Prints the CPU target that `options.target` chooses: the LLVM CPU and
/// features the object file is compiled for, and the target description
/// whose tile sizes code generation uses (`tfc compile --print-target`).
void printCompilerTarget(const CompilerOptions &options, raw_ostream &os);

/// Registers every dialect, interface and translation the compiler uses.
void registerCompilerDialects(DialectRegistry &registry);

/// Reads `path`: a tfc module (`.mlir`), or a TensorFlow GraphDef,
/// MetaGraphDef or SavedModel imported with `importOptions`.
OwningOpRef<ModuleOp> loadModel(MLIRContext &context, StringRef path,
                                const GraphImportOptions &importOptions,
                                llvm::SourceMgr &sourceMgr);

/// Compiles `options.inputPath`. Diagnostics go to the context's handler;
/// returns failure after reporting.
LogicalResult compileModel(MLIRContext &context,
                           const CompilerOptions &options);

/// Compiles a module already parsed (and possibly built further), in
/// place, as `compileModel` does; `options.inputPath` only names it.
LogicalResult compileModule(ModuleOp module, const CompilerOptions &options);

/// Links object files into a shared library for `target`'s triple against
/// the libtfc_runtime.so in `runtimeLibraryDir`, and against LLVM 22's
/// OpenMP runtime when `openMP` (the objects have parallel regions).
LogicalResult linkSharedLibrary(ArrayRef<std::string> objects,
                                StringRef output, StringRef runtimeLibraryDir,
                                const TargetOptions &target, bool openMP,
                                std::string &error);

} // namespace mlir::tfc

#endif // TFC_DRIVER_COMPILER_H
