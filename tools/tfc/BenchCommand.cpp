//===- BenchCommand.cpp - tfc bench ---------------------------------------===//
//
// `tfc bench libmodel.so --fn NAME`: times an entry point, as
// iree-benchmark-module and onnxruntime_perf_test do for theirs. The work
// is the runner's (benchModel); this file parses the options.
//
//===----------------------------------------------------------------------===//

#include "Commands.h"

#include "tfc/runner/Runner.h"

#include <iostream>

using namespace llvm;

cl::SubCommand benchCommand(
    "bench",
    "Time an entry point of a compiled model library: median, min, max, "
    "mean and stddev per call, calls per second, peak resident memory");
static cl::opt<std::string> benchLibrary(cl::Positional, cl::Required,
                                         cl::desc("<libmodel.so>"),
                                         cl::sub(benchCommand),
                                         cl::cat(tfcCategory));
static cl::opt<std::string>
    benchFunction("fn", cl::desc("Entry point (default: the only one)"),
                  cl::value_desc("name"), cl::sub(benchCommand),
                  cl::cat(tfcCategory));
static cl::list<std::string> benchInputs(
    "input",
    cl::desc("An argument: NAME=FILE.npy or NAME=[1,2,3] (repeatable; "
             "arguments without one get generated values)"),
    cl::value_desc("name=value"), cl::sub(benchCommand), cl::cat(tfcCategory));
static cl::list<std::string>
    benchShapes("shape",
                cl::desc("The shape of a generated argument, e.g. x=32x784 or "
                         "x=scalar; needed for dynamic sizes (repeatable)"),
                cl::value_desc("name=shape"), cl::sub(benchCommand),
                cl::cat(tfcCategory));
static cl::opt<int64_t> benchWarmup("warmup",
                                    cl::desc("Untimed calls first (default 5)"),
                                    cl::init(5), cl::sub(benchCommand),
                                    cl::cat(tfcCategory));
static cl::opt<int64_t> benchReps(
    "reps",
    cl::desc("Timed calls (default: as many as --min-time takes, at least "
             "10)"),
    cl::init(0), cl::sub(benchCommand), cl::cat(tfcCategory));
static cl::opt<double> benchMinTime(
    "min-time",
    cl::desc("Seconds of timed calls when --reps is not given (default 1)"),
    cl::init(1.0), cl::sub(benchCommand), cl::cat(tfcCategory));
static cl::opt<int32_t> benchThreads(
    "threads",
    cl::desc("Threads per call (default: TFC_NUM_THREADS, else the cores)"),
    cl::init(0), cl::sub(benchCommand), cl::cat(tfcCategory));
static cl::opt<std::string> benchRestore(
    "restore",
    cl::desc("Restore the variables from a checkpoint instead of running "
             "the initializers"),
    cl::value_desc("path"), cl::sub(benchCommand), cl::cat(tfcCategory));
static cl::opt<bool> benchJson("json",
                               cl::desc("Print one JSON object instead of "
                                        "the text report"),
                               cl::sub(benchCommand), cl::cat(tfcCategory));

int runBench() {
  ::tfc::runner::BenchOptions options;
  options.run.library = benchLibrary;
  options.run.function = benchFunction;
  options.run.inputs.assign(benchInputs.begin(), benchInputs.end());
  options.run.restore = benchRestore;
  options.shapes.assign(benchShapes.begin(), benchShapes.end());
  options.warmup = benchWarmup;
  options.reps = benchReps;
  options.minSeconds = benchMinTime;
  options.threads = benchThreads;
  options.json = benchJson;
  if (benchReps.getNumOccurrences() && benchReps < 1) {
    errs() << "tfc bench: --reps must be at least 1\n";
    return EXIT_FAILURE;
  }
  return ::tfc::runner::benchModel(options,
                                   {std::cout, std::cerr, "tfc bench"});
}
