//===- Runner.h - Running and describing compiled models --------*- C++ -*-===//
//
// The commands behind `tfc run`, `tfc inspect` and `tfc devices`: load any
// library `tfc compile` made, run an entry point with inputs from .npy files
// or literals, describe it, and list the CUDA devices. Plain C++17 over the
// runtime's C API, with no LLVM, so that tools without the compiler can
// share it.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_RUNNER_RUNNER_H
#define TFC_RUNNER_RUNNER_H

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace tfc::runner {

/// Where a command writes: results to `outs`, and each error to `errs` as
/// "<tool>: <message>" (tool "tfc run", ...).
struct Console {
  std::ostream &outs;
  std::ostream &errs;
  std::string tool;
};

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
/// output of the last step. Returns the process exit code: 0, or 1 after an
/// error.
int runModel(const RunOptions &options, const Console &console);

/// Prints a compiled model's target, entry points and variables.
int inspectModel(const std::string &library, const Console &console);

/// Prints the driver the runtime opens and each device (name, compute
/// capability, memory, multiprocessors), or "no CUDA device available
/// (REASON)". Having no device is not an error: returns 0 either way, and 1
/// only when a device cannot be queried.
int listDevices(const Console &console);

} // namespace tfc::runner

#endif // TFC_RUNNER_RUNNER_H
