//===- tfc.cpp - the tfc compiler driver ----------------------------------===//
//
// `tfc` is the user-facing driver. Each subcommand parses its options here
// and calls into the tfc libraries, which do the work.
//
//===----------------------------------------------------------------------===//

#include "Commands.h"
#include "TfcVersion.h"

#include "tfc/GradientCheck/GradientCheck.h"
#include "tfc/Driver/Compiler.h"
#include "tfc/runner/Runner.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <iostream>

using namespace llvm;
using namespace mlir::tfc;

static mlir::DialectRegistry compilerDialects() {
  mlir::DialectRegistry registry;
  registerCompilerDialects(registry);
  return registry;
}

CommandContext::CommandContext()
    : context(compilerDialects()), diagnostics(sourceMgr, &context) {
  context.printOpOnDiagnostic(false);
}

cl::OptionCategory tfcCategory("tfc options");

//===----------------------------------------------------------------------===//
// tfc compile
//===----------------------------------------------------------------------===//

static cl::SubCommand compileCommand(
    "compile", "Compile a tfc module into a shared library (libNAME.so) and "
               "its C header (NAME.h)");
static cl::opt<std::string> compileInput(
    cl::Positional, cl::Optional,
    cl::desc("<model.mlir | model.pb | model.pbtxt | model.meta | "
             "saved_model_dir>"),
    cl::sub(compileCommand), cl::cat(tfcCategory));
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
               clEnumValN(EmitKind::PTX, "ptx",
                          "the kernels' PTX (--target=cuda, one --cuda-arch)"),
               clEnumValN(EmitKind::Object, "obj", "an object file"),
               clEnumValN(EmitKind::Header, "header", "the C header only"),
               clEnumValN(EmitKind::SharedLibrary, "so",
                          "the shared library and its header (default)")),
    cl::sub(compileCommand), cl::cat(tfcCategory));
/// What `tfc compile`'s flags set. The pipelines' options store into its
/// `pipeline` settings, whose defaults and help are the pipelines' own
/// (PipelineOptions.def); the driver only spells some flags its own way.
static CompilerOptions compileOptions;
namespace help = pipeline_option_help;

static cl::opt<unsigned, true> compileOptLevel(
    "O", cl::desc(help::optLevel), cl::Prefix,
    cl::location(compileOptions.pipeline.optLevel), cl::sub(compileCommand),
    cl::cat(tfcCategory));
static cl::opt<DeviceTarget> compileTarget(
    "target", cl::desc("What the model runs on"), cl::init(DeviceTarget::CPU),
    cl::values(clEnumValN(DeviceTarget::CPU, "cpu", "the host CPU (default)"),
               clEnumValN(DeviceTarget::CUDA, "cuda",
                          "CUDA GPUs: kernels as a fatbin of cubins per "
                          "--cuda-arch plus PTX; needs ptxas and fatbinary"),
               clEnumValN(DeviceTarget::CUDAEmulator, "cuda-emulator",
                          "the CUDA target's kernels run on the host CPU, "
                          "block by block and thread by thread (for testing)")),
    cl::sub(compileCommand), cl::cat(tfcCategory));
static cl::list<std::string, std::vector<std::string>> compileCudaArchs(
    "cuda-arch", cl::desc(help::archs), cl::CommaSeparated,
    cl::value_desc("sm_XX,..."), cl::location(compileOptions.pipeline.archs),
    cl::sub(compileCommand), cl::cat(tfcCategory));
static cl::opt<std::string, true> compileCudaToolkit(
    "cuda-toolkit", cl::desc(help::toolkit), cl::value_desc("dir"),
    cl::location(compileOptions.pipeline.toolkit), cl::sub(compileCommand),
    cl::cat(tfcCategory));
static cl::opt<std::string, true> compileMatmulPrecision(
    "gpu-matmul-precision", cl::desc(help::matmulPrecision),
    cl::value_desc("f32|tf32|bf16"),
    cl::location(compileOptions.pipeline.matmulPrecision),
    cl::sub(compileCommand), cl::cat(tfcCategory));
static cl::opt<std::string, true> compileTriple(
    "target-triple", cl::desc(help::targetTriple), cl::value_desc("triple"),
    cl::location(compileOptions.pipeline.targetTriple),
    cl::sub(compileCommand), cl::cat(tfcCategory));
static cl::opt<std::string, true>
    compileCpu("cpu", cl::desc(help::cpu),
               cl::location(compileOptions.pipeline.cpu),
               cl::sub(compileCommand), cl::cat(tfcCategory));
static cl::opt<std::string, true> compileFeatures(
    "target-features", cl::desc(help::targetFeatures),
    cl::location(compileOptions.pipeline.targetFeatures),
    cl::sub(compileCommand), cl::cat(tfcCategory));
static cl::opt<bool> compilePrintTarget(
    "print-target",
    cl::desc("Print the CPU target --cpu and --target-features choose (its "
             "vector registers, caches and tile sizes) and exit"),
    cl::sub(compileCommand), cl::cat(tfcCategory));
static cl::opt<std::string> compileModelName(
    "model-name",
    cl::desc("The model's name in C identifiers (default: the output's stem)"),
    cl::sub(compileCommand), cl::cat(tfcCategory));
static cl::opt<std::string> compileRuntimeDir(
    "runtime-dir",
    cl::desc("Directory of libtfc_runtime.so (default: ../lib from tfc)"),
    cl::sub(compileCommand), cl::cat(tfcCategory));
static cl::opt<std::string> compileEmbedCheckpoint(
    "embed-checkpoint",
    cl::desc("Initialize the variables with the values of a checkpoint, "
             "embedded in the library: a checkpoint prefix, or a "
             "SavedModel directory (its variables/variables)"),
    cl::value_desc("dir-or-prefix"), cl::sub(compileCommand),
    cl::cat(tfcCategory));
static cl::opt<bool, true> compileStrict(
    "tfc-strict", cl::desc(help::strict),
    cl::location(compileOptions.pipeline.strict), cl::sub(compileCommand),
    cl::cat(tfcCategory));
static cl::opt<bool>
    compileVerbose("v",
                   cl::desc("Print each stage, its time and the peak memory"),
                   cl::sub(compileCommand), cl::cat(tfcCategory));
static cl::opt<unsigned> compileThreads(
    "j",
    cl::desc("Threads of the compiler (MLIR's passes over functions, LLVM's "
             "code generation of the module's parts); default: "
             "TFC_COMPILE_THREADS, else 1"),
    cl::Prefix, cl::sub(compileCommand), cl::cat(tfcCategory));
static cl::opt<bool> compileMLIRTiming(
    "mlir-timing", cl::desc("Print the time of each pass of the pipelines"),
    cl::sub(compileCommand), cl::cat(tfcCategory));
static cl::opt<bool, true> compileAllowUndefinedGradients(
    "allow-undefined-gradients", cl::desc(help::allowUndefinedGradients),
    cl::location(compileOptions.pipeline.allowUndefinedGradients),
    cl::sub(compileCommand), cl::cat(tfcCategory));
static cl::opt<bool, true> compileDataParallel(
    "data-parallel", cl::desc(help::dataParallel),
    cl::location(compileOptions.pipeline.dataParallel),
    cl::sub(compileCommand), cl::cat(tfcCategory));

//===----------------------------------------------------------------------===//
// TensorFlow files (tfc compile and tfc import)
//===----------------------------------------------------------------------===//

static cl::SubCommand importCommand(
    "import", "Import a TensorFlow GraphDef (.pb/.pbtxt, binary or text), "
              "MetaGraphDef (.meta) or SavedModel directory into a tfc "
              "module (docs/import.md)");

static cl::opt<std::string> importInput(
    cl::Positional, cl::Optional,
    cl::desc("<model.pb | model.pbtxt | model.meta | saved_model_dir>"),
    cl::sub(importCommand), cl::cat(tfcCategory));
static cl::opt<std::string> importOutput("o",
                                         cl::desc("Output file (default: "
                                                  "stdout)"),
                                         cl::value_desc("path"), cl::init("-"),
                                         cl::sub(importCommand),
                                         cl::cat(tfcCategory));
static cl::opt<bool> importListOps(
    "list-ops",
    cl::desc("Print the TensorFlow op types tfc imports and the tfc ops each "
             "becomes, as the Markdown table of docs/import.md, and exit"),
    cl::sub(importCommand), cl::cat(tfcCategory));
static cl::opt<bool> importReport(
    "report",
    cl::desc("Print the graph's op types, their counts and whether tfc "
             "supports them, instead of importing"),
    cl::sub(importCommand), cl::cat(tfcCategory));

static cl::list<std::string> tfFeeds(
    "feed",
    cl::desc("A fed tensor of the entry point `main` (repeatable): x, x:0, "
             "with a shape x:1x784, x:?x784 or x:scalar (on a placeholder "
             "x:100 is the shape [100])"),
    cl::value_desc("tensor[:shape]"), cl::sub(compileCommand),
    cl::sub(importCommand), cl::sub(graphCommand()), cl::cat(tfcCategory));
static cl::list<std::string>
    tfFetches("fetch",
              cl::desc("A fetched tensor of the entry point `main` "
                       "(repeatable)"),
              cl::value_desc("tensor"), cl::sub(compileCommand),
              cl::sub(importCommand), cl::sub(graphCommand()), cl::cat(tfcCategory));
static cl::list<std::string> tfTargets(
    "run-target",
    cl::desc("A node the entry point `main` runs for its effects "
             "(repeatable; session.run's targets, e.g. train_op)"),
    cl::value_desc("node"), cl::sub(compileCommand), cl::sub(importCommand), cl::sub(graphCommand()),
    cl::cat(tfcCategory));
static cl::list<std::string> tfEntries(
    "entry",
    cl::desc("An entry point NAME=FEEDS:FETCHES[:TARGETS] with "
             "comma-separated lists (repeatable), e.g. "
             "train=x,labels:loss:train_op"),
    cl::value_desc("spec"), cl::sub(compileCommand), cl::sub(importCommand), cl::sub(graphCommand()),
    cl::cat(tfcCategory));
static cl::list<std::string> tfTags(
    "tags",
    cl::desc("The SavedModel MetaGraphDef's tags, comma separated (default "
             "serve)"),
    cl::CommaSeparated, cl::sub(compileCommand), cl::sub(importCommand), cl::sub(graphCommand()),
    cl::cat(tfcCategory));
static cl::opt<std::string> tfConfig(
    "config",
    cl::desc("A tfcompile tf2xla Config (text or binary) giving the feeds "
             "and fetches"),
    cl::value_desc("path"), cl::sub(compileCommand), cl::sub(importCommand), cl::sub(graphCommand()),
    cl::cat(tfcCategory));

/// The import options the command line gives; false after reporting a bad
/// one.
bool tensorflowImportOptions(const char *command,
                             GraphImportOptions &options) {
  for (const std::string &text : tfEntries) {
    GraphEntrySpec spec;
    if (std::optional<std::string> error = parseEntrySpec(text, spec)) {
      errs() << command << ": --entry: " << *error << "\n";
      return false;
    }
    options.entries.push_back(spec);
  }
  if (!tfFetches.empty() || !tfTargets.empty()) {
    GraphEntrySpec spec;
    spec.name = "main";
    spec.feeds.assign(tfFeeds.begin(), tfFeeds.end());
    spec.fetches.assign(tfFetches.begin(), tfFetches.end());
    spec.targets.assign(tfTargets.begin(), tfTargets.end());
    options.entries.push_back(spec);
  } else if (!tfFeeds.empty()) {
    errs() << command << ": --feed needs --fetch or --run-target\n";
    return false;
  }
  if (!tfTags.empty())
    options.tags.assign(tfTags.begin(), tfTags.end());
  options.configPath = tfConfig;
  return true;
}

static int runImport() {
  if (importListOps) {
    outs() << "| TensorFlow op | tfc |\n| --- | --- |\n";
    for (const auto &[tfOp, tfcOps] : supportedTensorFlowOps())
      outs() << "| `" << tfOp << "` | " << tfcOps << " |\n";
    return EXIT_SUCCESS;
  }
  if (importInput.empty()) {
    errs() << "tfc import: give a TensorFlow file or SavedModel directory\n";
    return EXIT_FAILURE;
  }
  GraphImportOptions options;
  if (!tensorflowImportOptions("tfc import", options))
    return EXIT_FAILURE;
  CommandContext command;
  if (importReport)
    return mlir::succeeded(printGraphOpReport(importInput, options,
                                              &command.context, outs()))
               ? EXIT_SUCCESS
               : EXIT_FAILURE;
  mlir::OwningOpRef<mlir::ModuleOp> module =
      importTensorFlowModel(importInput, options, &command.context);
  if (!module)
    return EXIT_FAILURE;
  std::error_code error;
  raw_fd_ostream os(importOutput, error);
  if (error) {
    errs() << "tfc import: cannot write " << importOutput << ": "
           << error.message() << "\n";
    return EXIT_FAILURE;
  }
  module->print(os);
  return EXIT_SUCCESS;
}

static cl::list<TfcRewrite, std::vector<TfcRewrite>, TfcRewriteParser>
    compileDisableRewrite(
        "disable-rewrite", cl::desc(help::disableRewrites), cl::CommaSeparated,
        cl::location(compileOptions.pipeline.disableRewrites),
        cl::sub(compileCommand), cl::cat(tfcCategory));

/// The compiler's threads: -j, else TFC_COMPILE_THREADS, else 1.
static unsigned compileThreadCount() {
  unsigned threads = compileThreads;
  if (threads == 0)
    if (std::optional<std::string> env =
            sys::Process::GetEnv("TFC_COMPILE_THREADS"))
      if (StringRef(*env).getAsInteger(10, threads))
        threads = 0;
  return std::max(threads, 1u);
}

/// Takes the flags that are not pipeline settings into `options` and checks
/// the target; false after reporting a bad flag.
static bool readCompileFlags(CompilerOptions &options) {
  options.inputPath = compileInput;
  options.emit = compileEmit;
  options.modelName = compileModelName;
  options.device = compileTarget;
  options.runtimeLibraryDir = compileRuntimeDir;
  options.embedCheckpoint = compileEmbedCheckpoint;
  options.verbose = compileVerbose;
  options.passTiming = compileMLIRTiming;
  options.threads = compileThreadCount();
  if (!options.pipeline.targetTriple.empty() &&
      options.device != DeviceTarget::CPU &&
      options.getTarget().isCrossCompiling()) {
    errs() << "tfc compile: --target-triple " << options.pipeline.targetTriple
           << " is for --target=cpu; CUDA libraries run on the host\n";
    return false;
  }
  // Empty: the CUDA pipeline's default architectures.
  for (const std::string &arch : options.pipeline.archs)
    if (!StringRef(arch).starts_with("sm_")) {
      errs() << "tfc compile: --cuda-arch " << arch
             << " is not an architecture (use sm_80, sm_90, ...)\n";
      return false;
    }
  StringRef precision = options.pipeline.matmulPrecision;
  if (precision != "f32" && precision != "tf32" && precision != "bf16") {
    errs() << "tfc compile: --gpu-matmul-precision " << precision
           << " is not f32, tf32 or bf16\n";
    return false;
  }
  if (precision != "f32") {
    if (options.device == DeviceTarget::CPU) {
      errs() << "tfc compile: --gpu-matmul-precision=" << precision
             << " is for --target=cuda (or cuda-emulator); the CPU target "
                "multiplies in f32\n";
      return false;
    }
    // mma.sync on TF32 and BF16 needs sm_80.
    for (const std::string &arch : options.pipeline.archs) {
      unsigned number = 0;
      if (!StringRef(arch).drop_front(3).getAsInteger(10, number) &&
          number < 80) {
        errs() << "tfc compile: --gpu-matmul-precision=" << precision
               << " needs tensor cores with TF32 and BF16 (sm_80 and "
                  "later), not --cuda-arch "
               << arch << "\n";
        return false;
      }
    }
  }
  return true;
}

/// Checks what a compile needs beyond the target: an input, valid
/// TensorFlow import options and an optimization level; false after
/// reporting.
static bool checkCompileInput(CompilerOptions &options) {
  if (options.inputPath.empty()) {
    errs() << "tfc compile: no input file (tfc compile <model.mlir | "
              "model.pb | ...>; see --help)\n";
    return false;
  }
  if (!tensorflowImportOptions("tfc compile", options.tensorflow))
    return false;
  if (options.pipeline.optLevel > 3) {
    errs() << "tfc compile: -O" << options.pipeline.optLevel
           << " is not a level (use -O0 to -O3)\n";
    return false;
  }
  return true;
}

/// The output when -o is not given: libNAME.so or NAME.o beside the input,
/// standard output for text.
static std::string defaultCompileOutput(const CompilerOptions &options) {
  if (options.emit != EmitKind::SharedLibrary &&
      options.emit != EmitKind::Object)
    return "-";
  // A SavedModel is a directory: `export/` gives `export`.
  StringRef input = StringRef(options.inputPath).rtrim("/");
  StringRef stem = sys::path::stem(input);
  SmallString<256> path(sys::path::parent_path(input));
  sys::path::append(path, options.emit == EmitKind::Object
                              ? (stem + ".o").str()
                              : ("lib" + stem + ".so").str());
  return path.str().str();
}

static int runCompile() {
  CompilerOptions &options = compileOptions;
  if (!readCompileFlags(options))
    return EXIT_FAILURE;
  if (compilePrintTarget) {
    printCompilerTarget(options, outs());
    return EXIT_SUCCESS;
  }
  if (!checkCompileInput(options))
    return EXIT_FAILURE;
  options.outputPath =
      compileOutput.empty() ? defaultCompileOutput(options) : compileOutput;

  mlir::DialectRegistry registry;
  registerCompilerDialects(registry);
  // One thread unless asked for more: `make test` and build systems run
  // many compiles at once. (The pool outlives the context.)
  std::optional<DefaultThreadPool> threads;
  mlir::MLIRContext context(registry,
                            mlir::MLIRContext::Threading::DISABLED);
  if (options.threads > 1) {
    threads.emplace(hardware_concurrency(options.threads));
    context.setThreadPool(*threads);
  }
  context.loadAllAvailableDialects();
  // Diagnostics point at the user's source; the IR at that moment is noise.
  context.printOpOnDiagnostic(false);
  SourceMgr sourceMgr;
  mlir::SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  if (mlir::failed(compileModel(context, options)))
    return EXIT_FAILURE;
  return EXIT_SUCCESS;
}

//===----------------------------------------------------------------------===//
// tfc run
//===----------------------------------------------------------------------===//

static cl::SubCommand runCommand(
    "run", "Run an entry point of a compiled model library and print its "
           "outputs as NAME = dtype[shape] [values]");
static cl::opt<std::string> runLibrary(cl::Positional, cl::Required,
                                       cl::desc("<libmodel.so>"),
                                       cl::sub(runCommand),
                                       cl::cat(tfcCategory));
static cl::opt<std::string>
    runFunction("fn", cl::desc("Entry point (default: the only one)"),
                cl::value_desc("name"), cl::sub(runCommand),
                cl::cat(tfcCategory));
static cl::list<std::string>
    runInputs("input",
              cl::desc("An argument: NAME=FILE.npy or NAME=[1,2,3]; a string "
                       "argument NAME=TEXT or NAME=@FILE, the file's bytes "
                       "(repeatable)"),
              cl::value_desc("name=value"), cl::sub(runCommand),
              cl::cat(tfcCategory));
static cl::opt<int64_t> runSteps("steps",
                                 cl::desc("Call the entry point N times "
                                          "(variables persist); print the "
                                          "last outputs"),
                                 cl::init(1), cl::sub(runCommand),
                                 cl::cat(tfcCategory));
static cl::opt<int64_t> runPrintEvery(
    "print-every",
    cl::desc("Also print the outputs of every N-th step (watch a training "
             "loop's loss)"),
    cl::init(0), cl::sub(runCommand), cl::cat(tfcCategory));
static cl::opt<std::string>
    runRestore("restore",
               cl::desc("Restore the variables from a checkpoint instead of "
                        "running the initializers: a tfc checkpoint or the "
                        "prefix of a TensorFlow one (PATH.index)"),
               cl::value_desc("path"), cl::sub(runCommand),
               cl::cat(tfcCategory));
static cl::list<std::string> runRestoreMap(
    "restore-map",
    cl::desc("Restore variable NEW from the checkpoint's entry OLD "
             "(repeatable)"),
    cl::value_desc("OLD=NEW"), cl::sub(runCommand), cl::cat(tfcCategory));
static cl::opt<std::string>
    runSave("save", cl::desc("Save the variables to a checkpoint at the end"),
            cl::value_desc("path"), cl::sub(runCommand), cl::cat(tfcCategory));
static cl::opt<::tfc::runner::CheckpointFormat> runCheckpointFormat(
    "checkpoint-format", cl::desc("The format --save writes"),
    cl::init(::tfc::runner::CheckpointFormat::Tfc),
    cl::values(clEnumValN(::tfc::runner::CheckpointFormat::Tfc, "tfc",
                          "tfc's checkpoint, one file (default)"),
               clEnumValN(::tfc::runner::CheckpointFormat::TensorFlow,
                          "tensorflow",
                          "TensorFlow's format V2: PATH.index and "
                          "PATH.data-00000-of-00001")),
    cl::sub(runCommand), cl::cat(tfcCategory));
static cl::opt<std::string>
    runOutputDir("output-dir",
                 cl::desc("Also write each output as NAME.npy (a scoped name's "
                          "scopes as folders: dense/MatMul.npy)"),
                 cl::value_desc("dir"), cl::sub(runCommand),
                 cl::cat(tfcCategory));
static cl::opt<bool> runShardInputs(
    "shard-inputs",
    cl::desc("Under mpirun: give each process its part of every input, "
             "split along dimension 0 by rank (uneven splits allowed; "
             "docs/distributed.md)"),
    cl::sub(runCommand), cl::cat(tfcCategory));
static cl::opt<bool> runPinnedInputs(
    "pinned-inputs",
    cl::desc("A CUDA model's arguments in page-locked host memory, which the "
             "GPU copies at the link's full speed (ordinary memory goes "
             "through the driver's staging buffer)"),
    cl::sub(runCommand), cl::cat(tfcCategory));
static cl::opt<int64_t> runMaxElements(
    "max-elements",
    cl::desc("Print at most N elements per output (-1: all; default 1000)"),
    cl::init(1000), cl::sub(runCommand), cl::cat(tfcCategory));

/// The runner prints through iostreams: it links no LLVM, so that tools
/// without the compiler can share it.
static ::tfc::runner::Console runnerConsole(const char *command) {
  return {std::cout, std::cerr, command};
}

static int runRun() {
  ::tfc::runner::RunOptions options;
  options.library = runLibrary;
  options.function = runFunction;
  options.inputs.assign(runInputs.begin(), runInputs.end());
  options.steps = runSteps;
  options.printEvery = runPrintEvery;
  options.restore = runRestore;
  options.restoreMap.assign(runRestoreMap.begin(), runRestoreMap.end());
  options.save = runSave;
  options.saveFormat = runCheckpointFormat;
  if (runCheckpointFormat.getNumOccurrences() && options.save.empty()) {
    errs() << "tfc run: --checkpoint-format needs --save\n";
    return EXIT_FAILURE;
  }
  if (!options.restoreMap.empty() && options.restore.empty()) {
    errs() << "tfc run: --restore-map needs --restore\n";
    return EXIT_FAILURE;
  }
  options.outputDir = runOutputDir;
  options.maxElements = runMaxElements;
  options.shardInputs = runShardInputs;
  options.pinnedInputs = runPinnedInputs;
  return ::tfc::runner::runModel(options, runnerConsole("tfc run"));
}

//===----------------------------------------------------------------------===//
// tfc inspect
//===----------------------------------------------------------------------===//

static cl::SubCommand inspectCommand(
    "inspect", "List a compiled model's entry points (arguments and results "
               "with dtypes and shapes) and variables");
static cl::opt<std::string> inspectLibrary(cl::Positional, cl::Required,
                                           cl::desc("<libmodel.so>"),
                                           cl::sub(inspectCommand),
                                           cl::cat(tfcCategory));

//===----------------------------------------------------------------------===//
// tfc devices
//===----------------------------------------------------------------------===//

static cl::SubCommand devicesCommand(
    "devices", "Show the CUDA driver the runtime opens (TFC_CUDA_DRIVER, else "
               "libcuda.so.1) and its devices, or why there is none; exits 0 "
               "without a device");

//===----------------------------------------------------------------------===//
// tfc check-gradients
//===----------------------------------------------------------------------===//

static cl::SubCommand checkCommand(
    "check-gradients",
    "Compare a function's symbolic gradients with finite differences "
    "(tf.test.compute_gradient_error) and print the max error per input");
static cl::opt<std::string> checkInput(cl::Positional, cl::Required,
                                       cl::desc("<model.mlir>"),
                                       cl::sub(checkCommand),
                                       cl::cat(tfcCategory));
static cl::opt<std::string>
    checkFunction("fn",
                  cl::desc("The function: its first result is y, its float "
                           "arguments and variables the inputs"),
                  cl::value_desc("name"), cl::Required, cl::sub(checkCommand),
                  cl::cat(tfcCategory));
static cl::list<std::string> checkInputs(
    "input",
    cl::desc("An argument or variable: NAME=FILE.npy or NAME=[...] "
             "(default: arguments uniform in [0, 1), variables as "
             "initialized)"),
    cl::value_desc("name=value"), cl::sub(checkCommand), cl::cat(tfcCategory));
static cl::opt<double> checkDelta("delta",
                                  cl::desc("Finite-difference step (default "
                                           "1e-3, as compute_gradient_error)"),
                                  cl::init(1e-3), cl::sub(checkCommand),
                                  cl::cat(tfcCategory));
static cl::opt<double> checkTolerance(
    "tolerance",
    cl::desc("Fail (exit 1) when an input's max error exceeds this"),
    cl::init(-1), cl::sub(checkCommand), cl::cat(tfcCategory));
static cl::opt<uint64_t> checkSeed("seed",
                                   cl::desc("Seed of the random arguments"),
                                   cl::init(0), cl::sub(checkCommand),
                                   cl::cat(tfcCategory));
static cl::opt<bool> checkAllowUndefinedGradients(
    "allow-undefined-gradients",
    cl::desc("Take a missing gradient as zero, as TensorFlow does, and "
             "measure the error that makes"),
    cl::sub(checkCommand), cl::cat(tfcCategory));

static int runCheckGradients() {
  GradientCheckOptions options;
  options.inputPath = checkInput;
  options.function = checkFunction;
  options.inputs.assign(checkInputs.begin(), checkInputs.end());
  options.delta = checkDelta;
  if (checkTolerance >= 0)
    options.tolerance = checkTolerance;
  options.seed = checkSeed;
  options.allowUndefinedGradients = checkAllowUndefinedGradients;
  if (!(options.delta > 0)) {
    errs() << "tfc check-gradients: --delta must be positive\n";
    return EXIT_FAILURE;
  }
  return checkGradients(options, outs(), errs());
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
      "  dependencies) and TensorFlow 1 GraphDefs, MetaGraphDefs and\n"
      "  SavedModels into native shared libraries with a C API.\n"
      "  Use tfc-opt to run the dialect's passes and pipelines one by one.\n"
      "  `tfc SUBCOMMAND --help` explains a subcommand.\n");
  if (compileCommand)
    return runCompile();
  if (importCommand)
    return runImport();
  if (runCommand)
    return runRun();
  if (benchCommand)
    return runBench();
  if (graphCommand())
    return runGraph();
  if (inspectCommand)
    return ::tfc::runner::inspectModel(inspectLibrary,
                                       runnerConsole("tfc inspect"));
  if (checkCommand)
    return runCheckGradients();
  if (devicesCommand)
    return ::tfc::runner::listDevices(runnerConsole("tfc devices"));
  cl::PrintHelpMessage(/*Hidden=*/false, /*Categorized=*/true);
  return EXIT_FAILURE;
}
