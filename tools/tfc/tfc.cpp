//===- tfc.cpp - the tfc compiler driver ----------------------------------===//
//
// `tfc` is the user-facing driver: it takes a tfc module and turns it into
// artifacts. The work lives in the tfc libraries; this file only parses the
// command line and dispatches.
//
//===----------------------------------------------------------------------===//

#include "TfcVersion.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace llvm;

static cl::OptionCategory tfcCategory("tfc options");

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
      "  dependencies, while/cond) into native shared libraries with a C API.\n"
      "  Use tfc-opt to run the dialect's passes and pipelines one by one.\n");
  cl::PrintHelpMessage();
  return EXIT_FAILURE;
}
