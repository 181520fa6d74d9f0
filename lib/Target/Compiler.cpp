//===- Compiler.cpp - tfc compile -----------------------------------------===//
//
// The stages of `tfc compile`: parse, front end, ABI, description, CPU code
// generation, LLVM IR, object file, shared library and header.
//
//===----------------------------------------------------------------------===//

#include "tfc/Target/Compiler.h"

#include "StatusLine.h"
#include "tfc/Target/EmbedCheckpoint.h"

#include "tfc/Codegen/CPU/TargetDescription.h"
#include "tfc/Dialect/TFC/IR/TFCDialect.h"
#include "tfc/Dialect/TFC/IR/TFCOps.h"
#include "tfc/Dialect/TFC/Transforms/Gradients.h"
#include "tfc/Pipelines/Pipelines.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Verifier.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/Timing.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/Timer.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/TargetParser/Host.h"

#include <chrono>

#include <sys/resource.h>

using namespace mlir;
using namespace mlir::tfc;

void mlir::tfc::registerCompilerDialects(DialectRegistry &registry) {
  registerAllDialects(registry);
  registerAllExtensions(registry);
  // The CUDA pipeline translates kernels to LLVM IR (gpu-module-to-binary).
  registerAllToLLVMIRTranslations(registry);
  registry.insert<TFCDialect>();
  registerDifferentiableOpInterfaceExternalModels(registry);
}

void mlir::tfc::printCompilerTarget(const CompilerOptions &options,
                                    raw_ostream &os) {
  const TargetOptions &target = options.target;
  bool host = target.cpu.empty() || target.cpu == "host";
  bool cross = target.isCrossCompiling();
  os << "triple: " << target.getTriple().str() << "\n";
  os << "cpu: "
     << (host && !cross ? llvm::sys::getHostCPUName().str() + " (host)"
                        : resolveTargetCPU(target).first)
     << "\n";
  os << "features: "
     << (!target.features.empty() ? target.features
         : host && !cross         ? std::string("the host's")
                                  : std::string("the CPU's"))
     << "\n";
  printCPUTarget(os, selectCPUTarget(target.cpu, target.features,
                                     target.triple));
}

namespace {
/// Prints "tfc: <stage> (<ms>, peak <MiB>)" lines when verbose: the
/// stage's time and the process's peak resident memory so far.
class StageTimer {
public:
  /// Without -v, a long compile on a terminal shows a status line instead
  /// (StatusLine.h); a nested timer updates the outer one's.
  explicit StageTimer(bool verbose) : verbose(verbose) {
    if (!StatusLine::current())
      line.emplace("tfc compile", !verbose);
  }
  void done(StringRef stage) {
    auto now = std::chrono::steady_clock::now();
    if (verbose) {
      struct rusage usage;
      getrusage(RUSAGE_SELF, &usage);
      llvm::errs() << "tfc: " << stage << " ("
                   << std::chrono::duration_cast<std::chrono::milliseconds>(
                          now - last)
                          .count()
                   << " ms, peak " << usage.ru_maxrss / 1024 << " MiB)\n";
    }
    if (StatusLine *status = StatusLine::current())
      status->set((stage + " done").str());
    last = now;
  }

private:
  bool verbose;
  std::chrono::steady_clock::time_point last = std::chrono::steady_clock::now();
  std::optional<StatusLine> line;
};

/// Clears the status line before a diagnostic is printed, then lets the
/// handlers before it print it.
static ScopedDiagnosticHandler clearStatusFirst(MLIRContext *context) {
  return ScopedDiagnosticHandler(context, [](Diagnostic &) {
    if (StatusLine *status = StatusLine::current())
      status->clear();
    return failure();
  });
}
} // namespace

/// The model name: given, or the output's stem without `lib`, or the input's.
static std::string modelNameFor(const CompilerOptions &options) {
  if (!options.modelName.empty())
    return options.modelName;
  StringRef path = options.outputPath.empty() || options.outputPath == "-"
                       ? StringRef(options.inputPath)
                       : StringRef(options.outputPath);
  // A SavedModel is a directory: `export/` gives `export`.
  StringRef stem = llvm::sys::path::stem(path.rtrim("/"));
  if (options.emit == EmitKind::SharedLibrary)
    stem.consume_front("lib");
  // C identifiers derive from the name (SavedModel versions are numbers).
  std::string name;
  for (char c : stem)
    name += llvm::isAlnum(c) ? c : '_';
  if (name.empty() || llvm::isDigit(name.front()))
    name = "model_" + name;
  return name;
}

/// Writes `contents` to `path` ("-" is stdout), atomically for files.
static LogicalResult writeFile(StringRef path, StringRef contents,
                               std::string &error) {
  std::unique_ptr<llvm::ToolOutputFile> file = openOutputFile(path, &error);
  if (!file)
    return failure();
  file->os() << contents;
  file->keep();
  return success();
}

/// Writes the PTX of the model's kernels (one architecture).
static LogicalResult writePTX(ModuleOp module, StringRef path) {
  std::string ptx;
  for (auto binary : module.getOps<gpu::BinaryOp>())
    for (Attribute attr : binary.getObjects()) {
      auto object = cast<gpu::ObjectAttr>(attr);
      if (object.getFormat() == gpu::CompilationTarget::Assembly)
        ptx += object.getObject().getValue();
    }
  std::string error;
  if (failed(writeFile(path, ptx, error)))
    return module.emitError(error);
  return success();
}

static std::string defaultRuntimeDir() {
  std::string exe = llvm::sys::fs::getMainExecutable(
      nullptr, reinterpret_cast<void *>(&defaultRuntimeDir));
  SmallString<256> dir(llvm::sys::path::parent_path(exe));
  llvm::sys::path::append(dir, "..", "lib");
  SmallString<256> real;
  if (!llvm::sys::fs::real_path(dir, real))
    return real.str().str();
  return dir.str().str();
}

OwningOpRef<ModuleOp>
mlir::tfc::loadModel(MLIRContext &context, StringRef path,
                     const GraphImportOptions &importOptions,
                     llvm::SourceMgr &sourceMgr) {
  if (isTensorFlowModelFile(path))
    return importTensorFlowModel(path, importOptions, &context);
  return parseSourceFile<ModuleOp>(path, sourceMgr, &context);
}

LogicalResult mlir::tfc::compileModel(MLIRContext &context,
                                      const CompilerOptions &options) {
  StageTimer timer(options.verbose);
  ScopedDiagnosticHandler clearStatus = clearStatusFirst(&context);
  llvm::SourceMgr sourceMgr;
  OwningOpRef<ModuleOp> module =
      loadModel(context, options.inputPath, options.tensorflow, sourceMgr);
  if (!module)
    return failure();
  timer.done("read " + options.inputPath);
  if (!options.embedCheckpoint.empty()) {
    if (failed(embedCheckpoint(*module, options.embedCheckpoint)))
      return failure();
    timer.done("embed " + options.embedCheckpoint);
  }
  return compileModule(*module, options);
}

/// What a library can embed of one constant: objects of the x86-64 small
/// code model address 2 GiB.
static constexpr uint64_t kMaxConstantBytes = uint64_t(1) << 31;

/// The bytes of a statically shaped tensor, or nullopt when the count
/// overflows 64 bits.
static std::optional<uint64_t> staticTensorBytes(RankedTensorType type) {
  uint64_t bytes = std::max<uint64_t>(
      1, type.getElementType().getIntOrFloatBitWidth() / 8);
  for (int64_t size : type.getShape())
    if (__builtin_mul_overflow(bytes, static_cast<uint64_t>(size), &bytes))
      return std::nullopt;
  return bytes;
}

/// Constants too large to embed are an error at their location, not an
/// allocation failure deep in LLVM (a splat of 2^63 elements is a few bytes
/// of IR).
static LogicalResult checkConstantSizes(ModuleOp module) {
  WalkResult walk = module.walk([](ConstantOp constant) {
    auto type = dyn_cast<RankedTensorType>(constant.getType());
    if (!type || !type.hasStaticShape() ||
        !type.getElementType().isIntOrFloat())
      return WalkResult::advance();
    std::optional<uint64_t> bytes = staticTensorBytes(type);
    if (bytes && *bytes <= kMaxConstantBytes)
      return WalkResult::advance();
    InFlightDiagnostic error = constant.emitOpError("of type ")
                               << type << " needs ";
    if (bytes)
      error << *bytes << " bytes";
    else
      error << "more than 2^64 bytes";
    error << ", more than a compiled library can embed (2 GiB)";
    return WalkResult::interrupt();
  });
  return failure(walk.wasInterrupted());
}

LogicalResult mlir::tfc::compileModule(ModuleOp module,
                                       const CompilerOptions &options) {
  StageTimer timer(options.verbose);
  if (failed(checkConstantSizes(module)))
    return failure();
  if (options.emit == EmitKind::PTX) {
    if (options.device != DeviceTarget::CUDA)
      return module.emitError("--emit=ptx needs --target=cuda");
    if (options.cudaArchs.size() != 1)
      return module.emitError(
          "--emit=ptx writes the PTX of one architecture: give one "
          "--cuda-arch");
  }
  MLIRContext &context = *module.getContext();
  std::string name = modelNameFor(options);
  TfcPipelineOptions pipelineOptions;
  pipelineOptions.optLevel = options.target.optLevel;
  pipelineOptions.strict = options.strict;
  pipelineOptions.allowUndefinedGradients = options.allowUndefinedGradients;
  pipelineOptions.dataParallel = options.dataParallel;
  pipelineOptions.disableRewrites = ArrayRef(options.disabledRewrites);
  pipelineOptions.cpu = options.target.cpu;
  pipelineOptions.targetFeatures = options.target.features;
  pipelineOptions.targetTriple = options.target.triple;
  // The LLVM packages have OpenMP runtimes for the host only: threads on
  // the host, one thread elsewhere (docs/codegen.md).
  pipelineOptions.openMP = !options.target.isCrossCompiling();

  // --mlir-timing: one report of both pipelines' passes, printed when the
  // manager goes out of scope.
  DefaultTimingManager timing;
  timing.setEnabled(options.passTiming);
  TimingScope timingRoot = timing.getRootScope();

  TimingScope frontendTiming = timingRoot.nest("front end");
  PassManager frontend(&context);
  frontend.enableTiming(frontendTiming);
  buildTfcFrontendPipeline(frontend, pipelineOptions);
  buildTfcEntryPointABIPipeline(frontend, pipelineOptions);
  if (failed(frontend.run(module)))
    return failure();
  // Stopped, so that the code generation's passes are not counted in it.
  frontendTiming.stop();
  timer.done("front end");

  FailureOr<ModelDescription> model = describeModel(module, name);
  if (failed(model))
    return failure();
  TfcCUDAPipelineOptions cudaOptions;
  cudaOptions.optLevel = options.target.optLevel;
  cudaOptions.archs = ArrayRef<std::string>(options.cudaArchs);
  cudaOptions.toolkit = options.cudaToolkit;
  if (options.device == DeviceTarget::CUDA) {
    model->target = "cuda " + llvm::join(cudaOptions.getArchs(), ",");
  } else {
    // The triple, CPU and features, so that `tfc inspect` shows them and
    // the runtime refuses a CPU without the features instead of crashing.
    std::string error;
    FailureOr<std::vector<std::string>> features =
        getTargetCPUFeatures(options.target, error);
    if (failed(features))
      return module.emitError(error);
    model->target = "cpu " + options.target.getTriple().str() + " " +
                    resolveTargetCPU(options.target).first + " " +
                    (features->empty() ? "-" : llvm::join(*features, ","));
  }
  if (options.emit == EmitKind::Header) {
    std::string error;
    if (failed(writeFile(options.outputPath, emitModelHeader(*model), error)))
      return module.emitError(error);
    return success();
  }

  TimingScope codegenTiming = timingRoot.nest("code generation");
  PassManager codegen(&context);
  codegen.enableTiming(codegenTiming);
  switch (options.device) {
  case DeviceTarget::CPU:
    buildTfcCPUCodegenPipeline(codegen, pipelineOptions);
    break;
  case DeviceTarget::CUDA:
    buildTfcCUDAKernelPipeline(codegen, cudaOptions);
    buildTfcCUDABackendPipeline(codegen, cudaOptions,
                                /*packFatbin=*/options.emit != EmitKind::PTX);
    break;
  case DeviceTarget::CUDAEmulator:
    buildTfcCUDAKernelPipeline(codegen, cudaOptions);
    buildTfcCUDAEmulatorPipeline(codegen);
    break;
  }
  if (failed(codegen.run(module)))
    return failure();
  timer.done("code generation to the LLVM dialect");
  if (options.emit == EmitKind::PTX)
    return writePTX(module, options.outputPath);
  if (options.emit == EmitKind::MLIR) {
    std::string text, error;
    llvm::raw_string_ostream os(text);
    module.print(os);
    if (failed(writeFile(options.outputPath, text, error)))
      return module.emitError(error);
    return success();
  }

  llvm::LLVMContext llvmContext;
  FailureOr<std::unique_ptr<llvm::Module>> llvmModule =
      translateModelToLLVM(module, *model, llvmContext);
  if (failed(llvmModule))
    return failure();
  timer.done("LLVM IR");
  // Parallel regions call into the OpenMP runtime, which is then linked.
  bool usesOpenMP = (*llvmModule)->getFunction("__kmpc_fork_call") != nullptr;
  if (options.emit == EmitKind::LLVM) {
    std::string text, error;
    llvm::raw_string_ostream os(text);
    (*llvmModule)->print(os, nullptr);
    if (failed(writeFile(options.outputPath, text, error)))
      return module.emitError(error);
    return success();
  }

  // The object files: the output itself, or temporaries to link, one per
  // thread of code generation.
  unsigned parts =
      options.emit == EmitKind::SharedLibrary ? std::max(options.threads, 1u)
                                              : 1;
  SmallVector<std::string> objectPaths;
  if (options.emit == EmitKind::SharedLibrary) {
    for (unsigned i = 0; i < parts; ++i) {
      SmallString<128> temp;
      if (llvm::sys::fs::createTemporaryFile("tfc-" + name, "o", temp)) {
        for (const std::string &path : objectPaths)
          llvm::sys::fs::remove(path);
        return module.emitError("cannot create a temporary object file");
      }
      objectPaths.push_back(temp.str().str());
    }
  } else {
    objectPaths.push_back(options.outputPath);
  }
  auto removeObjects = [&] {
    if (options.emit == EmitKind::SharedLibrary)
      for (const std::string &path : objectPaths)
        llvm::sys::fs::remove(path);
  };
  {
    std::string error;
    SmallVector<std::unique_ptr<llvm::ToolOutputFile>> objects;
    SmallVector<llvm::raw_pwrite_stream *> streams;
    for (const std::string &path : objectPaths) {
      objects.push_back(openOutputFile(path, &error));
      if (!objects.back()) {
        removeObjects();
        return module.emitError(error);
      }
      streams.push_back(&objects.back()->os());
    }
    if (failed(emitObjectFiles(**llvmModule, options.target, streams,
                               error))) {
      removeObjects();
      return module.emitError(error);
    }
    for (auto &object : objects)
      object->keep();
  }
  timer.done("object file");
  if (options.emit == EmitKind::Object)
    return success();

  std::string runtimeDir = options.runtimeLibraryDir;
  if (runtimeDir.empty()) {
    // A cross-built runtime lives under the multiarch name of its triple.
    SmallString<256> dir(defaultRuntimeDir());
    if (options.target.isCrossCompiling())
      llvm::sys::path::append(dir, options.target.getMultiarchName());
    runtimeDir = dir.str().str();
  }
  std::string error;
  LogicalResult linked =
      linkSharedLibrary(objectPaths, options.outputPath, runtimeDir,
                        options.target, usesOpenMP, error);
  removeObjects();
  if (failed(linked))
    return module.emitError(error);
  timer.done("linked " + options.outputPath);

  SmallString<256> headerPath(llvm::sys::path::parent_path(options.outputPath));
  llvm::sys::path::append(headerPath, name + ".h");
  if (failed(writeFile(headerPath, emitModelHeader(*model), error)))
    return module.emitError(error);
  timer.done("header " + headerPath.str().str());
  return success();
}
