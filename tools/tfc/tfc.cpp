//===- tfc.cpp - the tfc compiler driver ----------------------------------===//
//
// `tfc` is the user-facing driver. Each subcommand parses its options here
// and calls into the tfc libraries, which do the work.
//
//===----------------------------------------------------------------------===//

#include "TfcVersion.h"

#include "tfc/Target/Compiler.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace llvm;
using namespace mlir::tfc;

static cl::OptionCategory tfcCategory("tfc options");

//===----------------------------------------------------------------------===//
// tfc compile
//===----------------------------------------------------------------------===//

static cl::SubCommand compileCommand(
    "compile", "Compile a tfc module into a shared library (libNAME.so) and "
               "its C header (NAME.h)");
static cl::opt<std::string> compileInput(cl::Positional, cl::Required,
                                         cl::desc("<model.mlir>"),
                                         cl::sub(compileCommand),
                                         cl::cat(tfcCategory));
static cl::opt<std::string>
    compileOutput("o", cl::desc("Output file (default: libNAME.so beside the "
                                "input, or stdout for --emit=mlir|llvm|header)"),
                  cl::value_desc("path"), cl::sub(compileCommand),
                  cl::cat(tfcCategory));
static cl::opt<EmitKind> compileEmit(
    "emit", cl::desc("What to produce"), cl::init(EmitKind::SharedLibrary),
    cl::values(clEnumValN(EmitKind::MLIR, "mlir",
                          "the module lowered to the LLVM dialect"),
               clEnumValN(EmitKind::LLVM, "llvm",
                          "LLVM IR with the model ABI"),
               clEnumValN(EmitKind::Object, "obj", "an object file"),
               clEnumValN(EmitKind::Header, "header", "the C header only"),
               clEnumValN(EmitKind::SharedLibrary, "so",
                          "the shared library and its header (default)")),
    cl::sub(compileCommand), cl::cat(tfcCategory));
static cl::opt<unsigned> compileOptLevel(
    "O", cl::desc("Optimization level 0-3 (default 2); -O0 also turns every "
                  "optional tfc rewrite off"),
    cl::Prefix, cl::init(2), cl::sub(compileCommand), cl::cat(tfcCategory));
static cl::opt<std::string>
    compileCpu("cpu", cl::desc("Target CPU (default: the host's)"),
               cl::init("host"), cl::sub(compileCommand), cl::cat(tfcCategory));
static cl::opt<std::string> compileFeatures(
    "target-features",
    cl::desc("LLVM target features, e.g. +avx512f (default: the host's)"),
    cl::sub(compileCommand), cl::cat(tfcCategory));
static cl::opt<std::string> compileModelName(
    "model-name",
    cl::desc("The model's name in C identifiers (default: the output's stem)"),
    cl::sub(compileCommand), cl::cat(tfcCategory));
static cl::opt<std::string> compileRuntimeDir(
    "runtime-dir",
    cl::desc("Directory of libtfc_runtime.so (default: ../lib from tfc)"),
    cl::sub(compileCommand), cl::cat(tfcCategory));
static cl::opt<bool> compileVerbose("v", cl::desc("Print each stage and its time"),
                                    cl::sub(compileCommand),
                                    cl::cat(tfcCategory));

static int runCompile() {
  CompilerOptions options;
  options.inputPath = compileInput;
  options.emit = compileEmit;
  options.modelName = compileModelName;
  options.target.cpu = compileCpu;
  options.target.features = compileFeatures;
  options.target.optLevel = compileOptLevel;
  options.runtimeLibraryDir = compileRuntimeDir;
  options.verbose = compileVerbose;
  if (compileOptLevel > 3) {
    errs() << "tfc compile: -O" << compileOptLevel
           << " is not a level (use -O0 to -O3)\n";
    return EXIT_FAILURE;
  }
  options.outputPath = compileOutput;
  if (options.outputPath.empty()) {
    if (options.emit == EmitKind::SharedLibrary ||
        options.emit == EmitKind::Object) {
      StringRef input(options.inputPath);
      StringRef stem = sys::path::stem(input);
      SmallString<256> path(sys::path::parent_path(input));
      sys::path::append(path, options.emit == EmitKind::Object
                                  ? (stem + ".o").str()
                                  : ("lib" + stem + ".so").str());
      options.outputPath = path.str().str();
    } else {
      options.outputPath = "-";
    }
  }

  mlir::DialectRegistry registry;
  registerCompilerDialects(registry);
  mlir::MLIRContext context(registry);
  context.loadAllAvailableDialects();
  SourceMgr sourceMgr;
  mlir::SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  if (mlir::failed(compileModel(context, options)))
    return EXIT_FAILURE;
  return EXIT_SUCCESS;
}

//===----------------------------------------------------------------------===//
// main
//===----------------------------------------------------------------------===//

static void printVersion(raw_ostream &os) {
  os << "tfc " << TFC_VERSION << " (LLVM/MLIR " << TFC_LLVM_VERSION << ")\n";
}

int main(int argc, char **argv) {
  InitLLVM initLLVM(argc, argv);
  cl::SetVersionPrinter(printVersion);
  // Only tfc's own options belong in --help, not every option libLLVM has.
  cl::HideUnrelatedOptions(tfcCategory);
  cl::ParseCommandLineOptions(
      argc, argv,
      "tfc: ahead-of-time compiler for TensorFlow-1-style graphs\n\n"
      "  Compiles tfc modules (graphs with variables, scopes, control\n"
      "  dependencies) into native shared libraries with a C API.\n"
      "  Use tfc-opt to run the dialect's passes and pipelines one by one.\n"
      "  `tfc SUBCOMMAND --help` explains a subcommand.\n");
  if (compileCommand)
    return runCompile();
  cl::PrintHelpMessage(/*Hidden=*/false, /*Categorized=*/true);
  return EXIT_FAILURE;
}
