//===- ObjectFile.cpp - LLVM module to object file ------------------------===//
//
// Optimizes a model's LLVM module with the new pass manager and writes an
// object file with the in-process LLVM TargetMachine.
//
//===----------------------------------------------------------------------===//

#include "tfc/Target/LLVMModel.h"

#include "llvm/IR/LegacyPassManager.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"

#include <mutex>

using namespace mlir;
using namespace mlir::tfc;

static void initializeNativeTarget() {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
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

LogicalResult mlir::tfc::emitObjectFile(llvm::Module &module,
                                        const TargetOptions &options,
                                        llvm::raw_pwrite_stream &os,
                                        std::string &error) {
  initializeNativeTarget();
  llvm::Triple triple(llvm::sys::getDefaultTargetTriple());
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return failure();

  bool host = options.cpu.empty() || options.cpu == "host";
  std::string cpu = host ? llvm::sys::getHostCPUName().str() : options.cpu;
  std::string features = !options.features.empty()
                             ? options.features
                             : (host ? hostFeatures() : "");
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
  if (!machine) {
    error = "cannot create a target machine for " + cpu;
    return failure();
  }
  module.setDataLayout(machine->createDataLayout());
  module.setTargetTriple(triple);

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

  llvm::legacy::PassManager codegen;
  if (machine->addPassesToEmitFile(codegen, os, nullptr,
                                   llvm::CodeGenFileType::ObjectFile)) {
    error = "the target cannot emit object files";
    return failure();
  }
  codegen.run(module);
  return success();
}
