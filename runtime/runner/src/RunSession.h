//===- RunSession.h - One call sequence of a compiled model -----*- C++ -*-===//
//
// What `tfc run` and `tfc bench` share: open the library, choose the entry
// point, bind (or generate) the inputs, initialize or restore the
// variables, and call.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_RUNNER_RUNSESSION_H
#define TFC_RUNNER_RUNSESSION_H

#include "ModelLibrary.h"
#include "Progress.h"

#include <map>

namespace tfc::runner {

/// One run: the model, the chosen entry point and the state of the call.
class Run {
public:
  Run(const RunOptions &options, const Console &console)
      : options(options), console(console), status(tfc_status_create()) {}

  /// Generate the arguments without an input, NAME's of
  /// `generatedShapes[NAME]` (its static shape when absent).
  void
  generateMissing(const std::map<std::string, std::vector<int64_t>> &shapes) {
    generatedShapes = &shapes;
  }

  /// `tfc run`: prepare, the steps, printing, checking, saving.
  int run();

  /// Opens the library, binds the inputs, initializes the variables.
  int prepare();
  /// Calls the entry point, replacing `outputs`; `what` names the call in
  /// errors ("step 3"). The time the call took goes to `micros`.
  int call(const std::string &what, double *micros = nullptr);

  int fail(const std::string &message) {
    if (progress)
      progress->finish();
    if (jobSize > 1) {
      // The other ranks must hear of it, or they would wait for this one;
      // every rank then reports the lowest failing rank's message.
      tfc_collective_fail(message.c_str(), status.get());
      return reportError(console, tfc_status_message(status.get()));
    }
    return reportError(console, message);
  }
  int failStatus(const std::string &what) {
    return fail(what + ": " + tfc_status_message(status.get()));
  }

  tfc_model *getModel() const { return model; }
  const tfc_entry_info &getEntry() const { return *entry; }
  tfc_status *getStatus() const { return status.get(); }

private:
  int chooseEntry();
  int bindInputs();
  int generateMissingInputs();
  int initializeVariables();
  int writeOutputs();
  int checkOutputs();
  int benchmark();
  int joinJob();
  int shardInputs();
  /// Moves the arguments into page-locked memory (--pinned-inputs).
  int pinInputs();

  const RunOptions &options;
  const Console &console;
  StatusPtr status;
  ModelLibrary library;
  tfc_model *model = nullptr;
  int64_t index = -1;
  const tfc_entry_info *entry = nullptr;
  const std::map<std::string, std::vector<int64_t>> *generatedShapes = nullptr;
  std::vector<TensorPtr> inputs;
  std::vector<const tfc_tensor *> arguments;
  std::vector<TensorPtr> outputs;
  /// The status line of the steps, cleared before an error is printed.
  Progress *progress = nullptr;
  /// This process in its data-parallel job (tfc/runtime/collective.h).
  int32_t jobRank = 0;
  int32_t jobSize = 1;
};

/// The statistics of timed calls (microseconds each), for `tfc run
/// --benchmark` and `tfc bench`.
struct CallStatistics {
  double median, min, max, mean, stddev;
};
CallStatistics summarizeCalls(std::vector<double> micros);

} // namespace tfc::runner

#endif // TFC_RUNNER_RUNSESSION_H
