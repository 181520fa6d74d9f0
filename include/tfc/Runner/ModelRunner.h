//===- ModelRunner.h - tfc run and tfc inspect ------------------*- C++ -*-===//
//
// Loads any compiled model library and runs or describes it: the work behind
// `tfc run` and `tfc inspect`.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_RUNNER_MODELRUNNER_H
#define TFC_RUNNER_MODELRUNNER_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <string>
#include <vector>

namespace mlir::tfc {

struct RunOptions {
  std::string library;
  /// The entry point; may be empty when the model has only one.
  std::string function;
  /// `name=file.npy` or `name=[1,2,3]` (a literal of the argument's dtype).
  std::vector<std::string> inputs;
  int64_t steps = 1;
  /// Also print the outputs of every N-th step, as `step N: NAME = ...`
  /// (0: only the last step's).
  int64_t printEvery = 0;
  /// Restore the variables from this checkpoint instead of initializing.
  std::string restore;
  /// Save the variables to this checkpoint after the last step.
  std::string save;
  /// Write each output as NAME.npy into this directory.
  std::string outputDir;
  /// Print at most this many elements per output (all when negative).
  int64_t maxElements = 1000;
};

/// Runs a compiled model and prints `NAME = dtype[shape] [values]` for each
/// output of the last step. Returns the process exit code; errors go to
/// `errs` as `tfc run: <message>`.
int runModel(const RunOptions &options, llvm::raw_ostream &outs,
             llvm::raw_ostream &errs);

/// Prints a compiled model's entry points and variables.
int inspectModel(llvm::StringRef library, llvm::raw_ostream &outs,
                 llvm::raw_ostream &errs);

} // namespace mlir::tfc

#endif // TFC_RUNNER_MODELRUNNER_H
