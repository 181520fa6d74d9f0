//===- Compiler.cpp - tfc compile -----------------------------------------===//
//
// The stages of `tfc compile`: parse, front end, ABI, description, CPU code
// generation, LLVM IR, object file, shared library and header.
//
//===----------------------------------------------------------------------===//

#include "tfc/Driver/Compiler.h"

#include "StatusLine.h"
#include "tfc/Driver/EmbedCheckpoint.h"

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

TargetOptions CompilerOptions::getTarget() const {
  TargetOptions target;
  target.triple = pipeline.targetTriple;
  target.cpu = pipeline.cpu;
  target.features = pipeline.targetFeatures;
  target.optLevel = pipeline.optLevel;
  return target;
}

void mlir::tfc::printCompilerTarget(const CompilerOptions &options,
                                    raw_ostream &os) {
  TargetOptions target = options.getTarget();
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
  printCPUTarget(os,
                 selectCPUTarget(target.cpu, target.features, target.triple));
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

/// What --emit asks that the target cannot give.
static LogicalResult checkEmitKind(ModuleOp module,
                                   const CompilerOptions &options) {
  if (options.emit != EmitKind::PTX)
    return success();
  if (options.device != DeviceTarget::CUDA)
    return module.emitError("--emit=ptx needs --target=cuda");
  if (options.pipeline.archs.size() != 1)
    return module.emitError(
        "--emit=ptx writes the PTX of one architecture: give one "
        "--cuda-arch");
  return success();
}

/// Runs the pipeline `buildPipeline` builds on `module`, its passes timed
/// under `scope`.
static LogicalResult
runPipeline(ModuleOp module, TimingScope &scope,
            function_ref<void(OpPassManager &)> buildPipeline) {
  PassManager pm(module.getContext());
  pm.enableTiming(scope);
  buildPipeline(pm);
  return pm.run(module);
}

/// The target a library records, so that `tfc inspect` shows it and the
/// runtime refuses a CPU without its features instead of crashing:
/// "cuda ARCHS" or "cpu TRIPLE CPU FEATURES".
static FailureOr<std::string>
describeTarget(ModuleOp module, const CompilerOptions &options,
               const TfcCUDAPipelineOptions &cudaOptions) {
  if (options.device == DeviceTarget::CUDA)
    return "cuda " + llvm::join(cudaOptions.getArchs(), ",");
  TargetOptions target = options.getTarget();
  std::string error;
  FailureOr<std::vector<std::string>> features =
      getTargetCPUFeatures(target, error);
  if (failed(features))
    return module.emitError(error);
  return "cpu " + target.getTriple().str() + " " +
         resolveTargetCPU(target).first + " " +
         (features->empty() ? "-" : llvm::join(*features, ","));
}

/// The code generation pipeline of the device target.
static void buildCodegenPipeline(OpPassManager &pm,
                                 const CompilerOptions &options,
                                 const TfcPipelineOptions &cpuOptions,
                                 const TfcCUDAPipelineOptions &cudaOptions) {
  switch (options.device) {
  case DeviceTarget::CPU:
    buildTfcCPUCodegenPipeline(pm, cpuOptions);
    break;
  case DeviceTarget::CUDA:
    buildTfcCUDAKernelPipeline(pm, cudaOptions);
    buildTfcCUDABackendPipeline(pm, cudaOptions,
                                /*packFatbin=*/options.emit != EmitKind::PTX);
    break;
  case DeviceTarget::CUDAEmulator:
    buildTfcCUDAKernelPipeline(pm, cudaOptions);
    buildTfcCUDAEmulatorPipeline(pm);
    break;
  }
}

/// Writes what `print` prints to `path`.
static LogicalResult writeText(ModuleOp module, StringRef path,
                               function_ref<void(raw_ostream &)> print) {
  std::string text, error;
  llvm::raw_string_ostream os(text);
  print(os);
  if (failed(writeFile(path, text, error)))
    return module.emitError(error);
  return success();
}

/// The object files of a library: temporaries to link, one per thread of
/// code generation, removed when it goes out of scope; or the output itself
/// for --emit=obj.
class ObjectFiles {
public:
  ~ObjectFiles() {
    if (temporary)
      for (const std::string &path : paths)
        llvm::sys::fs::remove(path);
  }

  /// Creates the paths; fails with an error on `module`.
  LogicalResult create(ModuleOp module, const CompilerOptions &options,
                       StringRef name) {
    temporary = options.emit == EmitKind::SharedLibrary;
    if (!temporary) {
      paths.push_back(options.outputPath);
      return success();
    }
    for (unsigned i = 0, e = std::max(options.threads, 1u); i < e; ++i) {
      SmallString<128> temp;
      if (llvm::sys::fs::createTemporaryFile("tfc-" + name, "o", temp))
        return module.emitError("cannot create a temporary object file");
      paths.push_back(temp.str().str());
    }
    return success();
  }

  /// Generates the code of `llvmModule` into the files.
  LogicalResult emit(ModuleOp module, llvm::Module &llvmModule,
                     const TargetOptions &target) {
    std::string error;
    SmallVector<std::unique_ptr<llvm::ToolOutputFile>> objects;
    SmallVector<llvm::raw_pwrite_stream *> streams;
    for (const std::string &path : paths) {
      objects.push_back(openOutputFile(path, &error));
      if (!objects.back())
        return module.emitError(error);
      streams.push_back(&objects.back()->os());
    }
    if (failed(emitObjectFiles(llvmModule, target, streams, error)))
      return module.emitError(error);
    for (auto &object : objects)
      object->keep();
    return success();
  }

  ArrayRef<std::string> getPaths() const { return paths; }

private:
  SmallVector<std::string> paths;
  bool temporary = false;
};

/// Links the objects into the shared library `options.outputPath` against
/// the runtime of the target.
static LogicalResult linkLibrary(ModuleOp module,
                                 const CompilerOptions &options,
                                 const ObjectFiles &objects, bool usesOpenMP) {
  TargetOptions target = options.getTarget();
  std::string runtimeDir = options.runtimeLibraryDir;
  if (runtimeDir.empty()) {
    // A cross-built runtime lives under the multiarch name of its triple.
    SmallString<256> dir(defaultRuntimeDir());
    if (target.isCrossCompiling())
      llvm::sys::path::append(dir, target.getMultiarchName());
    runtimeDir = dir.str().str();
  }
  std::string error;
  if (failed(linkSharedLibrary(objects.getPaths(), options.outputPath,
                               runtimeDir, target, usesOpenMP, error)))
    return module.emitError(error);
  return success();
}

/// From the LLVM IR on: --emit=llvm, an object file, or a shared library
/// and its header.
static LogicalResult emitFromLLVM(ModuleOp module,
                                  const CompilerOptions &options,
                                  const ModelDescription &model,
                                  StringRef name, StageTimer &timer) {
  llvm::LLVMContext llvmContext;
  FailureOr<std::unique_ptr<llvm::Module>> llvmModule =
      translateModelToLLVM(module, model, llvmContext);
  if (failed(llvmModule))
    return failure();
  timer.done("LLVM IR");
  if (options.emit == EmitKind::LLVM)
    return writeText(module, options.outputPath, [&](raw_ostream &os) {
      (*llvmModule)->print(os, nullptr);
    });
  // Parallel regions call into the OpenMP runtime, which is then linked.
  bool usesOpenMP = (*llvmModule)->getFunction("__kmpc_fork_call") != nullptr;

  ObjectFiles objects;
  if (failed(objects.create(module, options, name)) ||
      failed(objects.emit(module, **llvmModule, options.getTarget())))
    return failure();
  timer.done("object file");
  if (options.emit == EmitKind::Object)
    return success();
  if (failed(linkLibrary(module, options, objects, usesOpenMP)))
    return failure();
  timer.done("linked " + options.outputPath);

  SmallString<256> headerPath(llvm::sys::path::parent_path(options.outputPath));
  llvm::sys::path::append(headerPath, name + ".h");
  std::string error;
  if (failed(writeFile(headerPath, emitModelHeader(model), error)))
    return module.emitError(error);
  timer.done("header " + headerPath.str().str());
  return success();
}

LogicalResult mlir::tfc::compileModule(ModuleOp module,
                                       const CompilerOptions &options) {
  StageTimer timer(options.verbose);
  if (failed(checkConstantSizes(module)) ||
      failed(checkEmitKind(module, options)))
    return failure();
  std::string name = modelNameFor(options);
  TfcPipelineOptions pipelineOptions;
  options.pipeline.applyTo(pipelineOptions);
  // The LLVM packages have OpenMP runtimes for the host only: threads on
  // the host, one thread elsewhere (docs/codegen.md).
  pipelineOptions.openMP =
      options.pipeline.openMP && !options.getTarget().isCrossCompiling();
  TfcCUDAPipelineOptions cudaOptions;
  options.pipeline.applyTo(cudaOptions);

  // --mlir-timing: one report of both pipelines' passes, printed when the
  // manager goes out of scope.
  DefaultTimingManager timing;
  timing.setEnabled(options.passTiming);
  TimingScope timingRoot = timing.getRootScope();
  {
    // Its own scope, so that code generation's passes are not counted in it.
    TimingScope frontendTiming = timingRoot.nest("front end");
    if (failed(runPipeline(module, frontendTiming, [&](OpPassManager &pm) {
          buildTfcFrontendPipeline(pm, pipelineOptions);
          buildTfcEntryPointABIPipeline(pm, pipelineOptions);
        })))
      return failure();
  }
  timer.done("front end");

  FailureOr<ModelDescription> model = describeModel(module, name);
  if (failed(model))
    return failure();
  FailureOr<std::string> target = describeTarget(module, options, cudaOptions);
  if (failed(target))
    return failure();
  model->target = *target;
  if (options.emit == EmitKind::Header) {
    std::string error;
    if (failed(writeFile(options.outputPath, emitModelHeader(*model), error)))
      return module.emitError(error);
    return success();
  }

  TimingScope codegenTiming = timingRoot.nest("code generation");
  if (failed(runPipeline(module, codegenTiming, [&](OpPassManager &pm) {
        buildCodegenPipeline(pm, options, pipelineOptions, cudaOptions);
      })))
    return failure();
  timer.done("code generation to the LLVM dialect");
  if (failed(describePackedVariables(module, *model)))
    return failure();
  if (options.emit == EmitKind::PTX)
    return writePTX(module, options.outputPath);
  if (options.emit == EmitKind::MLIR)
    return writeText(module, options.outputPath,
                     [&](raw_ostream &os) { module.print(os); });
  return emitFromLLVM(module, options, *model, name, timer);
}
