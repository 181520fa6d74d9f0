//===- Runner.h - Running and describing compiled models --------*- C++ -*-===//
//
// The commands behind `tfc run`, `tfc inspect`, `tfc devices` and
// `tfc-run`: load any library `tfc compile` made, run an entry point with
// inputs from .npy files or literals, check and time it, describe it, and
// list the CUDA devices. Plain C++17 over the runtime's C API, so the
// compiler and the deployment runner share one implementation.
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
/// "<tool>: <message>" (tool "tfc run", "tfc-run", ...).
struct Console {
  std::ostream &outs;
  std::ostream &errs;
  std::string tool;
};

/// The checkpoint formats --save writes: tfc's own, or TensorFlow's format
/// V2 (PREFIX.index and PREFIX.data-00000-of-00001).
enum class CheckpointFormat { Tfc, TensorFlow };

/// "tfc" or "tensorflow" as a format; false for anything else.
bool parseCheckpointFormat(const std::string &text, CheckpointFormat &format);

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
  /// Restore the variables from this checkpoint instead of initializing:
  /// a tfc checkpoint, or the prefix of a TensorFlow one.
  std::string restore;
  /// `OLD=NEW`: restore variable NEW from the checkpoint's entry OLD.
  std::vector<std::string> restoreMap;
  /// Save the variables to this checkpoint after the last step.
  std::string save;
  CheckpointFormat saveFormat = CheckpointFormat::Tfc;
  /// Write each output as NAME.npy into this directory.
  std::string outputDir;
  /// Print at most this many elements per output (all when negative).
  int64_t maxElements = 1000;
  /// Give each argument without an input generated values
  /// (generateInput) and write them to NAME.npy in this directory.
  std::string generateInputsDir;
  /// Compare each output with NAME.npy in this directory and print
  /// `PASS NAME` or `FAIL NAME: why`; any failure fails the run.
  std::string expectDir;
  double rtol = 1e-3;
  double atol = 1e-4;
  /// After the steps, time this many more calls and print
  /// {"fn": ..., "calls": N, "median_us": ..., "min_us": ...} (0: none).
  int64_t benchmarkCalls = 0;
  /// In a data-parallel job (mpirun; docs/distributed.md): give each rank
  /// its part of every input of rank 1 or more, split along dimension 0
  /// (the first N % size ranks get one more row).
  bool shardInputs = false;
  /// Hold each argument in page-locked memory
  /// (tfc_cuda_tensor_create_pinned): a CUDA model's copies of it to the
  /// GPU then run at the link's full speed. Only for CUDA models.
  bool pinnedInputs = false;
};

/// Runs a compiled model and prints `NAME = dtype[shape] [values]` for each
/// output of the last step. In a job of several processes (mpirun) only
/// rank 0 prints and writes files, and an error on any rank fails every
/// rank with that rank's message. Returns the process exit code: 0, or 1 after an
/// error or a failed comparison.
int runModel(const RunOptions &options, const Console &console);

/// `tfc bench`: how long calls of an entry point take.
struct BenchOptions {
  /// The library, entry point, inputs and checkpoint (`restore`,
  /// `restoreMap`), as `tfc run` takes them; the rest of it is not used.
  RunOptions run;
  /// `NAME=32x784`: the shape of the generated input NAME. Each argument
  /// without an input gets generated values (generateInput); a dynamic size
  /// needs its shape here.
  std::vector<std::string> shapes;
  /// Untimed calls first (caches, page faults, thread pool start-up).
  int64_t warmup = 5;
  /// Timed calls; 0: as many as `minSeconds` takes (at least 10).
  int64_t reps = 0;
  double minSeconds = 1.0;
  /// The calls' threads (tfc_model_set_num_threads); 0: the default.
  int32_t threads = 0;
  /// One JSON object instead of the text report.
  bool json = false;
};

/// Times an entry point: warm-up calls, then the timed ones; prints the
/// median, min, max, mean and standard deviation per call, calls per
/// second and the process's peak resident memory. Returns the exit code.
int benchModel(const BenchOptions &options, const Console &console);

/// Prints a compiled model's target, entry points and variables.
int inspectModel(const std::string &library, const Console &console);

/// Prints the names of a compiled model's entry points, one per line.
int listEntryPoints(const std::string &library, const Console &console);

/// Prints the driver the runtime opens and each device (name, compute
/// capability, memory, multiprocessors), or "no CUDA device available
/// (REASON)". Having no device is not an error: returns 0 either way, and 1
/// only when a device cannot be queried.
int listDevices(const Console &console);

} // namespace tfc::runner

#endif // TFC_RUNNER_RUNNER_H
