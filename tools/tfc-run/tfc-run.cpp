//===- tfc-run.cpp - Run compiled models without LLVM ---------------------===//
//
// tfc-run is `tfc run`, `tfc inspect` and `tfc devices` for machines that
// have the runtime and the CUDA driver but no compiler: it links only the
// runner and the runtime. This file parses the command line; the work is in
// runtime/runner. Exit codes: 0 success, 1 failure, 2 usage error.
//
//===----------------------------------------------------------------------===//

#include "tfc/runner/Runner.h"

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <iostream>
#include <pthread.h>
#include <string>
#include <string_view>
#include <vector>

using namespace tfc::runner;

static constexpr int kUsageError = 2;

static const char kHelp[] =
    R"(tfc-run: run a model library made by `tfc compile`

USAGE: tfc-run LIB [options]     run an entry point and print its outputs
       tfc-run LIB --list        print the entry points' names
       tfc-run LIB --inspect     print the entry points and the variables
       tfc-run --devices         print the CUDA driver and devices

Each output of the last step prints as NAME = dtype[shape] [values].

Running:
  --fn NAME               the entry point (default: the only one)
  --input NAME=FILE.npy   an argument from a .npy file
  --input NAME=LITERAL    an argument as a literal of its dtype: 3, [1,2],
                          [[1.5 2] [3 4]] (repeat --input per argument)
  --input NAME=@FILE      a string argument: the bytes of FILE (a batch of
                          tf.Examples for ParseExample: a TFRecord file)
  --steps N               call the entry point N times, the variables
                          persisting; print the last outputs (default 1)
  --print-every N         also print the outputs of every N-th step
  --restore CKPT          restore the variables from a checkpoint instead
                          of running their initializers: a tfc checkpoint
                          or the prefix of a TensorFlow one (CKPT.index)
  --restore-map OLD=NEW   restore variable NEW from the checkpoint's OLD
                          (repeatable)
  --save CKPT             save the variables after the last step
  --checkpoint-format F   what --save writes: tfc (default) or tensorflow
                          (CKPT.index and CKPT.data-00000-of-00001, which
                          tf.train.Saver restores)
  --output-dir DIR        also write each output as DIR/NAME.npy (the
                          scopes of a name as folders: DIR/dense/MatMul.npy)
  --max-elements N        print at most N elements per output (-1: all;
                          default 1000)
  --shard-inputs          under mpirun: give each process its part of every
                          input, split along dimension 0 by rank (uneven
                          splits allowed; docs/distributed.md)
  --pinned-inputs         a CUDA model's arguments in page-locked host
                          memory, which the GPU copies at the link's full
                          speed (ordinary memory goes through the driver's
                          staging buffer)

Testing:
  --generate-inputs DIR   give each argument without --input generated
                          values and write them as DIR/NAME.npy: the same on
                          every run (seeded by the argument's name); floats
                          uniform in [-2, 2], integers in {0, 1, 2}, bools
                          false, true, ...; each dynamic size is 2
  --expect-dir DIR        compare each output with DIR/NAME.npy and print
                          PASS NAME or FAIL NAME: why; exit 1 if any fails.
                          The dtype and shape must match, floats within
                          |out - expected| <= atol + rtol * |expected| (NaN
                          matches NaN), integers and bools exactly
  --rtol R                relative tolerance of --expect-dir (default 1e-3)
  --atol A                absolute tolerance of --expect-dir (default 1e-4)
  --benchmark N           after the steps, time N more calls and print
                          {"fn": ..., "calls": N, "median_us": ...,
                          "min_us": ...}; the printed outputs, the checks
                          and --save are those of the steps before

Threads:
  --thread-stack BYTES    run on a thread whose stack is BYTES (at least
                          16384), as a caller's thread pool would; the
                          model's own threads (TFC_NUM_THREADS) are OpenMP's

Other:
  --list                  print the entry points' names, one per line
  --inspect               print the model's target, entry points (arguments
                          and results with dtypes and shapes) and variables
  --devices               print the CUDA driver the runtime opens
                          (TFC_CUDA_DRIVER, else libcuda.so.1) and its
                          devices, or why there is none; no LIB
  -h, --help              print this help

Options take their value as the next argument or after '=' (--steps=3).
Exit status: 0 success, 1 failure (including a FAIL), 2 usage error.
)";

namespace {
enum class Mode { Run, List, Inspect, Devices };

/// A flag of the command line: its name, whether it takes a value, and
/// what it does with it (false after a usage error, already reported).
struct Flag {
  std::string_view name;
  bool takesValue;
  std::function<bool(const std::string &value)> apply;
};

/// The command line, parsed and checked.
class CommandLine {
public:
  /// Returns false after a usage error, which it prints.
  bool parse(int argc, char **argv);

  bool help = false;
  Mode mode = Mode::Run;
  RunOptions options;
  /// The stack of the thread the run happens on; 0: the main thread.
  int64_t threadStack = 0;

private:
  bool usageError(const std::string &message) {
    std::cerr << "tfc-run: " << message << " (see tfc-run --help)\n";
    return false;
  }
  bool setMode(Mode newMode, std::string_view flag);
  bool parseInteger(std::string_view flag, const std::string &text, int64_t min,
                    int64_t &value);
  bool parseTolerance(std::string_view flag, const std::string &text,
                      double &value);
  std::vector<Flag> flags();

  std::string modeFlag;
  /// The options of a run that were given, to refuse them in other modes.
  std::vector<std::string> runFlags;
  bool toleranceGiven = false;
  bool checkpointFormatGiven = false;
};
} // namespace

bool CommandLine::setMode(Mode newMode, std::string_view flag) {
  if (mode != Mode::Run && mode != newMode)
    return usageError(std::string(flag) + " cannot be combined with " +
                      modeFlag);
  mode = newMode;
  modeFlag = flag;
  return true;
}

/// strtoll and strtod skip leading blanks and take "" as 0; a number on the
/// command line starts with its sign or a digit.
static bool isNumberText(const std::string &text) {
  return !text.empty() && (text[0] == '-' || text[0] == '+' || text[0] == '.' ||
                           std::isdigit(static_cast<unsigned char>(text[0])));
}

bool CommandLine::parseInteger(std::string_view flag, const std::string &text,
                               int64_t min, int64_t &value) {
  char *end = nullptr;
  errno = 0;
  long long parsed = std::strtoll(text.c_str(), &end, 10);
  if (!isNumberText(text) || *end || errno == ERANGE)
    return usageError(std::string(flag) + ": '" + text + "' is not an integer");
  if (parsed < min)
    return usageError(std::string(flag) + " must be at least " +
                      std::to_string(min));
  value = parsed;
  return true;
}

bool CommandLine::parseTolerance(std::string_view flag, const std::string &text,
                                 double &value) {
  char *end = nullptr;
  double parsed = std::strtod(text.c_str(), &end);
  if (!isNumberText(text) || *end || !std::isfinite(parsed) || parsed < 0)
    return usageError(std::string(flag) + ": '" + text +
                      "' is not a non-negative number");
  value = parsed;
  toleranceGiven = true;
  return true;
}

std::vector<Flag> CommandLine::flags() {
  auto text = [](std::string &target) {
    return [&target](const std::string &value) {
      target = value;
      return true;
    };
  };
  auto integer = [this](std::string_view flag, int64_t min, int64_t &target) {
    return [this, flag, min, &target](const std::string &value) {
      return parseInteger(flag, value, min, target);
    };
  };
  auto tolerance = [this](std::string_view flag, double &target) {
    return [this, flag, &target](const std::string &value) {
      return parseTolerance(flag, value, target);
    };
  };
  auto mode = [this](Mode newMode, std::string_view flag) {
    return [this, newMode, flag](const std::string &) {
      return setMode(newMode, flag);
    };
  };
  return {
      {"--fn", true, text(options.function)},
      {"--input", true,
       [this](const std::string &value) {
         options.inputs.push_back(value);
         return true;
       }},
      {"--steps", true, integer("--steps", 1, options.steps)},
      {"--print-every", true, integer("--print-every", 0, options.printEvery)},
      {"--restore", true, text(options.restore)},
      {"--restore-map", true,
       [this](const std::string &value) {
         options.restoreMap.push_back(value);
         return true;
       }},
      {"--save", true, text(options.save)},
      {"--checkpoint-format", true,
       [this](const std::string &value) {
         checkpointFormatGiven = true;
         return parseCheckpointFormat(value, options.saveFormat) ||
                usageError("--checkpoint-format: '" + value +
                           "' is not tfc or tensorflow");
       }},
      {"--output-dir", true, text(options.outputDir)},
      {"--max-elements", true,
       integer("--max-elements", -1, options.maxElements)},
      {"--shard-inputs", false,
       [this](const std::string &) {
         options.shardInputs = true;
         return true;
       }},
      {"--pinned-inputs", false,
       [this](const std::string &) {
         options.pinnedInputs = true;
         return true;
       }},
      {"--generate-inputs", true, text(options.generateInputsDir)},
      {"--expect-dir", true, text(options.expectDir)},
      {"--rtol", true, tolerance("--rtol", options.rtol)},
      {"--atol", true, tolerance("--atol", options.atol)},
      {"--benchmark", true, integer("--benchmark", 1, options.benchmarkCalls)},
      {"--thread-stack", true, integer("--thread-stack", 16384, threadStack)},
      {"--list", false, mode(Mode::List, "--list")},
      {"--inspect", false, mode(Mode::Inspect, "--inspect")},
      {"--devices", false, mode(Mode::Devices, "--devices")},
      {"--help", false,
       [this](const std::string &) {
         help = true;
         return true;
       }},
      {"-h", false,
       [this](const std::string &) {
         help = true;
         return true;
       }},
  };
}

bool CommandLine::parse(int argc, char **argv) {
  std::vector<Flag> table = flags();
  std::vector<std::string> positional;
  bool flagsEnded = false;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (flagsEnded || arg.size() < 2 || arg[0] != '-') {
      positional.push_back(arg);
      continue;
    }
    if (arg == "--") {
      flagsEnded = true;
      continue;
    }
    // --flag=value or --flag value.
    std::string name = arg, value;
    size_t equals = arg.find('=');
    bool inlineValue = arg.compare(0, 2, "--") == 0 && equals != arg.npos;
    if (inlineValue) {
      name = arg.substr(0, equals);
      value = arg.substr(equals + 1);
    }
    const Flag *flag = nullptr;
    for (const Flag &candidate : table)
      if (candidate.name == name)
        flag = &candidate;
    if (!flag)
      return usageError("unknown option '" + name + "'");
    if (flag->takesValue && !inlineValue) {
      if (i + 1 == argc)
        return usageError(name + " needs a value");
      value = argv[++i];
    } else if (!flag->takesValue && inlineValue) {
      return usageError(name + " takes no value");
    }
    if (!flag->apply(value))
      return false;
    if (flag->takesValue)
      runFlags.push_back(name);
  }
  if (help)
    return true;

  if (mode == Mode::Devices) {
    if (!positional.empty())
      return usageError("--devices takes no model library");
  } else if (positional.empty()) {
    return usageError("no model library given");
  }
  if (positional.size() > 1)
    return usageError("unexpected argument '" + positional[1] +
                      "': one model library at a time");
  if (!positional.empty())
    options.library = positional[0];
  if (mode != Mode::Run && !runFlags.empty())
    return usageError(modeFlag + " cannot be combined with " + runFlags[0]);
  if (toleranceGiven && options.expectDir.empty())
    return usageError("--rtol and --atol need --expect-dir");
  if (checkpointFormatGiven && options.save.empty())
    return usageError("--checkpoint-format needs --save");
  if (!options.restoreMap.empty() && options.restore.empty())
    return usageError("--restore-map needs --restore");
  return true;
}

/// Runs `work` on a new thread with a stack of `bytes`; its exit code, or
/// 1 when the thread cannot be made.
static int runOnThread(int64_t bytes, const std::function<int()> &work) {
  struct Job {
    const std::function<int()> *work;
    int result;
  } job{&work, EXIT_FAILURE};
  pthread_attr_t attributes;
  pthread_attr_init(&attributes);
  int error =
      pthread_attr_setstacksize(&attributes, static_cast<size_t>(bytes));
  pthread_t thread;
  if (!error)
    error = pthread_create(
        &thread, &attributes,
        [](void *argument) -> void * {
          auto *job = static_cast<Job *>(argument);
          job->result = (*job->work)();
          return nullptr;
        },
        &job);
  pthread_attr_destroy(&attributes);
  if (error) {
    std::cerr << "tfc-run: cannot start a thread with a " << bytes
              << "-byte stack: " << std::strerror(error) << "\n";
    return EXIT_FAILURE;
  }
  pthread_join(thread, nullptr);
  return job.result;
}

int main(int argc, char **argv) {
  CommandLine commandLine;
  if (!commandLine.parse(argc, argv))
    return kUsageError;
  if (commandLine.help) {
    std::cout << kHelp;
    return EXIT_SUCCESS;
  }
  Console console{std::cout, std::cerr, "tfc-run"};
  switch (commandLine.mode) {
  case Mode::Run:
    if (commandLine.threadStack > 0)
      return runOnThread(commandLine.threadStack, [&] {
        return runModel(commandLine.options, console);
      });
    return runModel(commandLine.options, console);
  case Mode::List:
    return listEntryPoints(commandLine.options.library, console);
  case Mode::Inspect:
    return inspectModel(commandLine.options.library, console);
  case Mode::Devices:
    return listDevices(console);
  }
  return EXIT_FAILURE;
}
