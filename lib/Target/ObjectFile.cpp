//===- ObjectFile.cpp - LLVM module to object file ------------------------===//
//
// Optimizes a model's LLVM module with the new pass manager and writes
// object files with the in-process LLVM TargetMachine: one, or several
// generated in parallel from parts of the module.
//
//===----------------------------------------------------------------------===//

#include "tfc/Target/LLVMModel.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/Config/Targets.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/Transforms/Utils/SplitModule.h"

#include <mutex>

using namespace mlir;
using namespace mlir::tfc;

#if LLVM_HAS_AARCH64_TARGET
extern "C" {
void LLVMInitializeAArch64TargetInfo();
void LLVMInitializeAArch64Target();
void LLVMInitializeAArch64TargetMC();
void LLVMInitializeAArch64AsmPrinter();
}
#endif

/// The host's target, and AArch64's for cross-compiling.
static void initializeTargets() {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
#if LLVM_HAS_AARCH64_TARGET
    LLVMInitializeAArch64TargetInfo();
    LLVMInitializeAArch64Target();
    LLVMInitializeAArch64TargetMC();
    LLVMInitializeAArch64AsmPrinter();
#endif
  });
}

/// The host's features in LLVM's `+a,-b` form.
static std::string hostFeatures() {
  std::string features;
  for (auto &[name, enabled] : llvm::sys::getHostCPUFeatures()) {
    if (!features.empty())
      features += ',';
    features += (enabled ? "+" : "-") + name.str();
  }
  return features;
}

llvm::Triple mlir::tfc::TargetOptions::getTriple() const {
  if (triple.empty())
    return llvm::Triple(llvm::sys::getDefaultTargetTriple());
  return llvm::Triple(llvm::Triple::normalize(triple));
}

bool mlir::tfc::TargetOptions::isCrossCompiling() const {
  return getTriple().getArch() !=
         llvm::Triple(llvm::sys::getDefaultTargetTriple()).getArch();
}

std::string mlir::tfc::TargetOptions::getMultiarchName() const {
  llvm::Triple target = getTriple();
  std::string name = target.getArchName().str();
  if (target.getOS() != llvm::Triple::UnknownOS)
    name += "-" + target.getOSName().str();
  if (target.getEnvironment() != llvm::Triple::UnknownEnvironment)
    name += "-" + target.getEnvironmentName().str();
  return name;
}

std::pair<std::string, std::string>
mlir::tfc::resolveTargetCPU(const TargetOptions &options) {
  bool host = options.cpu.empty() || options.cpu == "host";
  if (host && options.isCrossCompiling())
    return {"generic", options.features};
  std::string cpu = host ? llvm::sys::getHostCPUName().str() : options.cpu;
  std::string features = !options.features.empty()
                             ? options.features
                             : (host ? hostFeatures() : "");
  return {cpu, features};
}

static llvm::OptimizationLevel passLevel(unsigned level) {
  switch (level) {
  case 0:
    return llvm::OptimizationLevel::O0;
  case 1:
    return llvm::OptimizationLevel::O1;
  case 2:
    return llvm::OptimizationLevel::O2;
  default:
    return llvm::OptimizationLevel::O3;
  }
}

/// A target machine for `options`, or null after setting `error`.
static std::unique_ptr<llvm::TargetMachine>
createTargetMachine(const TargetOptions &options, std::string &error) {
  initializeTargets();
  llvm::Triple triple = options.getTriple();
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return nullptr;

  auto [cpu, features] = resolveTargetCPU(options);
  llvm::TargetOptions targetOptions;
  // Constructors (the CUDA module loader among them) go to .init_array:
  // glibc with today's crt files runs only that, never .ctors, and the
  // default options still pick .ctors.
  targetOptions.UseInitArray = true;
  std::optional<llvm::CodeGenOptLevel> codeGenLevel =
      llvm::CodeGenOpt::getLevel(std::min(options.optLevel, 3u));
  std::unique_ptr<llvm::TargetMachine> machine(target->createTargetMachine(
      triple, cpu, features, targetOptions, llvm::Reloc::PIC_, std::nullopt,
      codeGenLevel.value_or(llvm::CodeGenOptLevel::Default)));
  if (!machine)
    error = "cannot create a target machine for " + cpu + " (" +
            triple.str() + ")";
  return machine;
}

/// The features that decide which instructions compiled code may contain,
/// as LLVM names them: what a library records and the runtime checks
/// against the CPU it is loaded on. Tuning features and those the C library
/// or the kernel take care of are left out.
static constexpr StringLiteral checkedFeatures[] = {
    // x86-64 beyond the baseline (SSE2).
    "sse3", "ssse3", "sse4.1", "sse4.2", "popcnt", "avx", "avx2", "fma",
    "f16c", "bmi", "bmi2", "lzcnt", "movbe", "avx512f", "avx512cd",
    "avx512bw", "avx512dq", "avx512vl", "avx512vnni", "avx512bf16",
    "avx512fp16", "avx512ifma", "avx512vbmi", "avx512vbmi2", "avx512bitalg",
    "avx512vpopcntdq", "avx512vp2intersect", "avxvnni", "gfni",
    "vpclmulqdq", "vaes",
    // AArch64 beyond the baseline (FP and NEON).
    "fullfp16", "dotprod", "rdm", "lse", "crc", "rcpc", "fp16fml", "bf16",
    "i8mm", "sve", "sve2"};

FailureOr<std::vector<std::string>>
mlir::tfc::getTargetCPUFeatures(const TargetOptions &options,
                                std::string &error) {
  std::unique_ptr<llvm::TargetMachine> machine =
      createTargetMachine(options, error);
  if (!machine)
    return failure();
  const llvm::MCSubtargetInfo &info = *machine->getMCSubtargetInfo();
  std::vector<std::string> features;
  for (const llvm::SubtargetFeatureKV &feature :
       info.getAllProcessorFeatures())
    if (info.getFeatureBits().test(feature.Value) &&
        llvm::is_contained(checkedFeatures, StringRef(feature.Key)))
      features.push_back(feature.Key);
  return features;
}

/// Writes the object file of `module` to `os`.
static LogicalResult generateCode(llvm::Module &module,
                                  llvm::TargetMachine &machine,
                                  llvm::raw_pwrite_stream &os,
                                  std::string &error) {
  llvm::legacy::PassManager codegen;
  if (machine.addPassesToEmitFile(codegen, os, nullptr,
                                  llvm::CodeGenFileType::ObjectFile)) {
    error = "the target cannot emit object files";
    return failure();
  }
  codegen.run(module);
  return success();
}

LogicalResult mlir::tfc::emitObjectFile(llvm::Module &module,
                                        const TargetOptions &options,
                                        llvm::raw_pwrite_stream &os,
                                        std::string &error) {
  return emitObjectFiles(module, options, {&os}, error);
}

LogicalResult
mlir::tfc::emitObjectFiles(llvm::Module &module, const TargetOptions &options,
                           ArrayRef<llvm::raw_pwrite_stream *> streams,
                           std::string &error) {
  std::unique_ptr<llvm::TargetMachine> machine =
      createTargetMachine(options, error);
  if (!machine)
    return failure();
  module.setDataLayout(machine->createDataLayout());
  module.setTargetTriple(machine->getTargetTriple());

  if (options.optLevel > 0) {
    llvm::LoopAnalysisManager loops;
    llvm::FunctionAnalysisManager functions;
    llvm::CGSCCAnalysisManager cgscc;
    llvm::ModuleAnalysisManager modules;
    llvm::PassBuilder builder(machine.get());
    builder.registerModuleAnalyses(modules);
    builder.registerCGSCCAnalyses(cgscc);
    builder.registerFunctionAnalyses(functions);
    builder.registerLoopAnalyses(loops);
    builder.crossRegisterProxies(loops, functions, cgscc, modules);
    llvm::ModulePassManager pipeline =
        builder.buildPerModuleDefaultPipeline(passLevel(options.optLevel));
    pipeline.run(module, modules);
  }
  if (streams.size() == 1)
    return generateCode(module, *machine, *streams.front(), error);

  // Code generation in parallel: the optimized module is split into one
  // part per stream (functions dealt out in turn; internal symbols that
  // parts share become hidden ones), and each part, carried over as
  // bitcode into a context of its own (a context is single-threaded), is
  // generated on its own thread.
  SmallVector<SmallString<0>> parts;
  llvm::SplitModule(
      module, streams.size(),
      [&](std::unique_ptr<llvm::Module> part) {
        llvm::raw_svector_ostream os(parts.emplace_back());
        llvm::WriteBitcodeToFile(*part, os);
      },
      /*PreserveLocals=*/false, /*RoundRobin=*/true);
  SmallVector<std::string> errors(parts.size());
  llvm::DefaultThreadPool pool(llvm::hardware_concurrency(parts.size()));
  for (size_t index = 0; index < parts.size(); ++index)
    pool.async([&, index] {
      llvm::LLVMContext context;
      llvm::Expected<std::unique_ptr<llvm::Module>> part =
          llvm::parseBitcodeFile(
              llvm::MemoryBufferRef(parts[index], "part"), context);
      if (!part) {
        errors[index] = llvm::toString(part.takeError());
        return;
      }
      std::unique_ptr<llvm::TargetMachine> partMachine =
          createTargetMachine(options, errors[index]);
      if (partMachine)
        (void)generateCode(**part, *partMachine, *streams[index],
                           errors[index]);
    });
  pool.wait();
  for (std::string &partError : errors)
    if (!partError.empty()) {
      error = std::move(partError);
      return failure();
    }
  return success();
}
