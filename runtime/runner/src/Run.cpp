//===- Run.cpp - Running an entry point of a compiled model ---------------===//
//
// `tfc run` and `tfc-run`: bind the inputs, initialize or restore the
// variables, call the entry point for the warm-up steps, print, write and
// check the last outputs, save the variables, then time the benchmark
// calls. The order makes a checkpoint and the checked outputs the same with
// or without --benchmark, whose calls come last.
//
//===----------------------------------------------------------------------===//

#include "RunSession.h"

#include "tfc/runner/TestData.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <sys/stat.h>
#include <vector>

using namespace tfc::runner;

static bool isFile(const std::string &path) {
  struct stat info;
  return ::stat(path.c_str(), &info) == 0;
}

/// The bytes of the file at `path` as a string tensor (an i8 vector), or
/// null with `status` set.
static tfc_tensor *readBytes(const std::string &path, tfc_status *status) {
  std::FILE *file = std::fopen(path.c_str(), "rb");
  if (!file) {
    std::string message = "cannot open '" + path + "': " + std::strerror(errno);
    tfc_status_set(status, TFC_NOT_FOUND, message.c_str());
    return nullptr;
  }
  // Read in chunks through a heap buffer: the caller may run on a small
  // stack (tfc-run --thread-stack).
  std::string bytes;
  std::vector<char> buffer(1 << 16);
  size_t got;
  while ((got = std::fread(buffer.data(), 1, buffer.size(), file)) > 0)
    bytes.append(buffer.data(), got);
  bool failed = std::ferror(file);
  std::fclose(file);
  if (failed) {
    tfc_status_set(status, TFC_DATA_LOSS,
                   ("cannot read '" + path + "'").c_str());
    return nullptr;
  }
  int64_t size = static_cast<int64_t>(bytes.size());
  tfc_tensor *tensor = tfc_tensor_create(TFC_I8, 1, &size, status);
  if (tensor)
    std::memcpy(tfc_tensor_data(tensor), bytes.data(), bytes.size());
  return tensor;
}

/// `dir`/`name`.npy, the scopes of a TensorFlow name as folders
/// (`dense/MatMul` is `dir/dense/MatMul.npy`). A part of the name that is
/// empty, `.` or `..` gets a leading `_`, so no name leads out of `dir`.
static std::string npyPath(const std::string &dir, const char *name) {
  std::filesystem::path path(dir);
  std::string text(name);
  size_t start = 0;
  while (true) {
    size_t slash = text.find('/', start);
    std::string part = text.substr(
        start, slash == std::string::npos ? std::string::npos : slash - start);
    if (part.empty() || part == "." || part == "..")
      part = "_" + part;
    if (slash == std::string::npos) {
      path /= part + ".npy";
      break;
    }
    path /= part;
    start = slash + 1;
  }
  return path.string();
}

static std::string createDirectories(const std::string &dir) {
  std::error_code error;
  std::filesystem::create_directories(dir, error);
  return error ? "cannot create " + dir + ": " + error.message() : "";
}

/// Creates the folders of a scoped name's .npy file.
static std::string createParentDirectories(const std::string &file) {
  return createDirectories(std::filesystem::path(file).parent_path().string());
}

int Run::chooseEntry() {
  int64_t numEntries = tfc_model_num_entries(model);
  std::string names;
  for (int64_t i = 0; i < numEntries; ++i)
    names += std::string(i ? ", " : "") + tfc_model_entry_at(model, i)->name;
  if (!options.function.empty())
    index = tfc_model_find_entry(model, options.function.c_str());
  else if (numEntries == 1)
    index = 0;
  if (index < 0)
    return fail(options.function.empty()
                    ? "the model has several entry points; choose one with "
                      "--fn (" + names + ")"
                    : "no entry point '" + options.function +
                          "' (the model has: " + names + ")");
  entry = tfc_model_entry_at(model, index);
  return 0;
}

int Run::bindInputs() {
  inputs.resize(entry->num_inputs);
  for (const std::string &spec : options.inputs) {
    size_t equals = spec.find('=');
    if (equals == std::string::npos)
      return fail("--input '" + spec + "' is not NAME=FILE.npy or NAME=[...]");
    std::string name = spec.substr(0, equals);
    std::string value = spec.substr(equals + 1);
    int64_t arg = -1;
    for (int64_t i = 0; i < entry->num_inputs; ++i)
      if (name == entry->inputs[i].name)
        arg = i;
    if (arg < 0)
      return fail("'" + std::string(entry->name) + "' has no argument '" +
                  name + "'");
    tfc_tensor *tensor = nullptr;
    if (tfc_model_input_is_string(model, index, arg) && !value.empty() &&
        value.front() == '@') {
      // @FILE: the file's bytes (a TFRecord of tf.Examples, say).
      tensor = readBytes(value.substr(1), status.get());
    } else if (tfc_model_input_is_string(model, index, arg)) {
      // The text is the string (a checkpoint path, say), quoted or not.
      if (value.size() >= 2 && value.front() == '"' && value.back() == '"')
        value = value.substr(1, value.size() - 2);
      tensor = tfc_tensor_create_string(value.c_str(), status.get());
    } else {
      bool npy = (value.size() >= 4 && value.compare(value.size() - 4, 4,
                                                     ".npy") == 0) ||
                 isFile(value);
      tensor = npy ? tfc_npy_read(value.c_str(), status.get())
                   : tfc_tensor_parse(value.c_str(), entry->inputs[arg].dtype,
                                      status.get());
    }
    if (!tensor)
      return failStatus("input '" + name + "'");
    inputs[arg].reset(tensor);
  }

  if (!options.generateInputsDir.empty()) {
    if (std::string error = createDirectories(options.generateInputsDir);
        !error.empty())
      return fail(error);
    for (int64_t i = 0; i < entry->num_inputs; ++i) {
      if (inputs[i])
        continue;
      const tfc_tensor_info &info = entry->inputs[i];
      inputs[i].reset(generateInput(info, status.get()));
      if (!inputs[i])
        return failStatus("generating input '" + std::string(info.name) +
                          "'");
      std::string path = npyPath(options.generateInputsDir, info.name);
      if (std::string error = createParentDirectories(path); !error.empty())
        return fail(error);
      if (tfc_npy_write(inputs[i].get(), path.c_str(), status.get()) !=
          TFC_OK)
        return failStatus("writing " + path);
    }
  }

  if (generatedShapes)
    if (int code = generateMissingInputs())
      return code;

  for (int64_t i = 0; i < entry->num_inputs; ++i) {
    if (!inputs[i])
      return fail("missing --input " + std::string(entry->inputs[i].name) +
                  "=... (" + typeText(entry->inputs[i]) + ")");
    arguments.push_back(inputs[i].get());
  }
  return 0;
}

/// "[32,784]".
static std::string shapeText(const std::vector<int64_t> &shape) {
  std::string text = "[";
  for (size_t i = 0; i < shape.size(); ++i)
    text += (i ? "," : "") + std::to_string(shape[i]);
  return text + "]";
}

int Run::generateMissingInputs() {
  for (const auto &[name, shape] : *generatedShapes) {
    bool known = false;
    for (int64_t i = 0; i < entry->num_inputs; ++i)
      known |= name == entry->inputs[i].name;
    if (!known)
      return fail("--shape " + name + ": '" + entry->name +
                  "' has no argument '" + name + "'");
  }
  for (int64_t i = 0; i < entry->num_inputs; ++i) {
    const tfc_tensor_info &info = entry->inputs[i];
    auto given = generatedShapes->find(info.name);
    if (inputs[i]) {
      if (given != generatedShapes->end())
        return fail("--shape " + given->first +
                    ": the argument has an --input");
      continue;
    }
    std::vector<int64_t> shape;
    if (given != generatedShapes->end()) {
      shape = given->second;
      bool fits = info.rank == static_cast<int64_t>(shape.size());
      for (int64_t d = 0; fits && d < info.rank; ++d)
        fits = info.shape[d] < 0 || info.shape[d] == shape[d];
      if (!fits)
        return fail("--shape " + given->first + "=" + shapeText(shape) +
                    " does not fit the argument (" + typeText(info) + ")");
    } else {
      if (info.rank < 0)
        return fail("argument '" + std::string(info.name) +
                    "' has an unknown rank: give it an --input");
      shape.assign(info.shape, info.shape + info.rank);
      for (int64_t size : shape)
        if (size < 0)
          return fail("argument '" + std::string(info.name) + "' (" +
                      typeText(info) +
                      ") has a dynamic size: give its shape with --shape " +
                      info.name + "=... or an --input");
    }
    inputs[i].reset(generateInputOfShape(info, shape, status.get()));
    if (!inputs[i])
      return failStatus("generating input '" + std::string(info.name) + "'");
  }
  return 0;
}

int Run::initializeVariables() {
  if (!options.restore.empty()) {
    // Split each OLD=NEW; `names` keeps the strings the renames point to.
    std::vector<std::pair<std::string, std::string>> names;
    for (const std::string &spec : options.restoreMap) {
      size_t equals = spec.find('=');
      if (equals == std::string::npos || equals == 0 ||
          equals + 1 == spec.size())
        return fail("--restore-map '" + spec + "' is not OLD=NEW");
      names.emplace_back(spec.substr(0, equals), spec.substr(equals + 1));
    }
    std::vector<tfc_checkpoint_rename> renames;
    for (const auto &[from, to] : names)
      renames.push_back({from.c_str(), to.c_str()});
    if (tfc_store_restore_renamed(
            tfc_model_store(model), options.restore.c_str(), nullptr,
            renames.data(), static_cast<int64_t>(renames.size()),
            status.get()) != TFC_OK)
      return failStatus("restoring " + options.restore);
    return 0;
  }
  for (const char *collection : {"GLOBAL_VARIABLES", "LOCAL_VARIABLES"})
    if (tfc_model_initialize(model, collection, status.get()) != TFC_OK)
      return failStatus(std::string("initializing ") + collection);
  return 0;
}

int Run::call(const std::string &what, double *micros) {
  std::vector<tfc_tensor *> results(entry->num_outputs, nullptr);
  auto start = std::chrono::steady_clock::now();
  tfc_code code =
      tfc_model_call(model, index, arguments.data(), entry->num_inputs,
                     results.data(), entry->num_outputs, status.get());
  auto end = std::chrono::steady_clock::now();
  if (code != TFC_OK)
    return failStatus(std::string(entry->name) + " (" + what + ")");
  if (micros)
    *micros = std::chrono::duration<double, std::micro>(end - start).count();
  outputs.resize(entry->num_outputs);
  for (int64_t k = 0; k < entry->num_outputs; ++k)
    outputs[k].reset(results[k]);
  return 0;
}

int Run::writeOutputs() {
  if (!options.outputDir.empty())
    if (std::string error = createDirectories(options.outputDir);
        !error.empty())
      return fail(error);
  for (int64_t k = 0; k < entry->num_outputs; ++k) {
    console.outs << entry->outputs[k].name << " = "
                 << tensorText(outputs[k].get(), options.maxElements) << "\n";
    if (options.outputDir.empty())
      continue;
    std::string path = npyPath(options.outputDir, entry->outputs[k].name);
    if (std::string error = createParentDirectories(path); !error.empty())
      return fail(error);
    if (tfc_npy_write(outputs[k].get(), path.c_str(), status.get()) != TFC_OK)
      return failStatus("writing " + path);
  }
  return 0;
}

int Run::checkOutputs() {
  bool passed = true;
  for (int64_t k = 0; k < entry->num_outputs; ++k) {
    const char *name = entry->outputs[k].name;
    std::string path = npyPath(options.expectDir, name);
    TensorPtr expected(tfc_npy_read(path.c_str(), status.get()));
    std::string why =
        expected ? compareTensors(outputs[k].get(), expected.get(),
                                  options.rtol, options.atol)
                 : tfc_status_message(status.get());
    if (why.empty()) {
      console.outs << "PASS " << name << "\n";
    } else {
      console.outs << "FAIL " << name << ": " << why << "\n";
      passed = false;
    }
  }
  return passed ? 0 : 1;
}

int Run::benchmark() {
  std::vector<double> micros(options.benchmarkCalls);
  for (int64_t i = 0; i < options.benchmarkCalls; ++i)
    if (int code = call("benchmark call " + std::to_string(i + 1), &micros[i]))
      return code;
  CallStatistics stats = summarizeCalls(micros);
  char numbers[96];
  std::snprintf(numbers, sizeof(numbers),
                "\"median_us\": %.3f, \"min_us\": %.3f", stats.median,
                stats.min);
  console.outs << "{\"fn\": " << jsonString(entry->name)
               << ", \"calls\": " << options.benchmarkCalls << ", "
               << numbers << "}\n";
  return 0;
}

int Run::joinJob() {
  if (tfc_collective_init(status.get()) != TFC_OK)
    return reportError(console, std::string("joining the job: ") +
                                    tfc_status_message(status.get()));
  jobRank = tfc_collective_rank();
  jobSize = tfc_collective_size();
  return 0;
}

int Run::shardInputs() {
  for (int64_t i = 0; i < entry->num_inputs; ++i) {
    const tfc_tensor *whole = inputs[i].get();
    int64_t rank = tfc_tensor_rank(whole);
    if (rank < 1 || tfc_model_input_is_string(model, index, i))
      continue;
    int64_t rows = tfc_tensor_dim(whole, 0);
    if (rows < jobSize)
      return fail("--shard-inputs: input '" +
                  std::string(entry->inputs[i].name) + "' has " +
                  std::to_string(rows) + " rows, fewer than the " +
                  std::to_string(jobSize) + " ranks");
    int64_t base = rows / jobSize, extra = rows % jobSize;
    int64_t count = base + (jobRank < extra ? 1 : 0);
    int64_t first = jobRank * base + std::min<int64_t>(jobRank, extra);
    std::vector<int64_t> shape(tfc_tensor_shape(whole),
                               tfc_tensor_shape(whole) + rank);
    shape[0] = count;
    TensorPtr part(tfc_tensor_create(tfc_tensor_dtype(whole), rank,
                                     shape.data(), status.get()));
    if (!part)
      return failStatus("sharding input '" +
                        std::string(entry->inputs[i].name) + "'");
    int64_t rowBytes = tfc_tensor_byte_size(whole) / rows;
    std::memcpy(tfc_tensor_data(part.get()),
                static_cast<const char *>(tfc_tensor_data(whole)) +
                    first * rowBytes,
                static_cast<size_t>(count * rowBytes));
    inputs[i] = std::move(part);
    arguments[i] = inputs[i].get();
  }
  return 0;
}

int Run::pinInputs() {
  if (std::strcmp(tfc_model_target(model), "cuda") != 0)
    return fail("--pinned-inputs needs a model compiled for CUDA; '" +
                options.library + "' runs on the CPU");
  for (int64_t i = 0; i < entry->num_inputs; ++i) {
    const tfc_tensor *host = inputs[i].get();
    TensorPtr pinned(tfc_cuda_tensor_create_pinned(
        tfc_tensor_dtype(host), tfc_tensor_rank(host), tfc_tensor_shape(host),
        status.get()));
    if (!pinned)
      return failStatus("--pinned-inputs: input '" +
                        std::string(entry->inputs[i].name) + "'");
    std::memcpy(tfc_tensor_data(pinned.get()), tfc_tensor_data(host),
                static_cast<size_t>(tfc_tensor_byte_size(host)));
    inputs[i] = std::move(pinned);
    arguments[i] = inputs[i].get();
  }
  return 0;
}

int Run::prepare() {
  if (int code = joinJob())
    return code;
  if (!library.open(options.library, console)) {
    if (jobSize > 1)
      tfc_collective_fail(("cannot open " + options.library).c_str(),
                          status.get());
    return 1;
  }
  model = library.model();
  if (int code = chooseEntry())
    return code;
  if (int code = bindInputs())
    return code;
  if (options.shardInputs)
    if (int code = shardInputs())
      return code;
  if (options.pinnedInputs)
    if (int code = pinInputs())
      return code;
  return initializeVariables();
}

int Run::run() {
  // The drivers check their flags; these would make no sense here.
  if (options.steps < 1)
    return fail("--steps must be at least 1");
  if (options.benchmarkCalls < 0 || !(options.rtol >= 0) ||
      !(options.atol >= 0))
    return fail("--benchmark, --rtol and --atol must not be negative");
  if (int code = prepare())
    return code;

  Progress stepProgress(console.errs, console.tool, "step", options.steps);
  progress = &stepProgress;
  for (int64_t step = 1; step <= options.steps; ++step) {
    if (int code = call("step " + std::to_string(step)))
      return code;
    stepProgress.update(step);
    // Watching a training loop: the outputs (the loss) every N steps.
    if (options.printEvery > 0 && step % options.printEvery == 0) {
      stepProgress.finish();
      for (int64_t k = 0; k < entry->num_outputs; ++k)
        console.outs << "step " << step << ": " << entry->outputs[k].name
                     << " = "
                     << tensorText(outputs[k].get(), options.maxElements)
                     << "\n";
    }
  }
  stepProgress.finish();
  progress = nullptr;
  // Rank 0 speaks for the job: the others' outputs are their shards'.
  if (jobRank == 0)
    if (int code = writeOutputs())
      return code;
  if (!options.save.empty()) {
    auto save = options.saveFormat == CheckpointFormat::TensorFlow
                    ? tfc_store_save_tensorflow
                    : tfc_store_save;
    if (save(tfc_model_store(model), options.save.c_str(), status.get()) !=
        TFC_OK)
      return failStatus("saving " + options.save);
  }
  if (!options.expectDir.empty() && jobRank == 0)
    if (int code = checkOutputs())
      return code;
  if (options.benchmarkCalls > 0)
    if (int code = benchmark())
      return code;
  // A rank that failed after the last collective operation is heard here.
  if (jobSize > 1 && tfc_collective_barrier(status.get()) != TFC_OK)
    return reportError(console, tfc_status_message(status.get()));
  return 0;
}

bool tfc::runner::parseCheckpointFormat(const std::string &text,
                                        CheckpointFormat &format) {
  if (text == "tfc")
    format = CheckpointFormat::Tfc;
  else if (text == "tensorflow")
    format = CheckpointFormat::TensorFlow;
  else
    return false;
  return true;
}

int tfc::runner::runModel(const RunOptions &options, const Console &console) {
  // In a job of several processes only rank 0 prints outputs; every rank
  // prints its errors.
  if (tfc_collective_rank() != 0) {
    static std::ostream discard(nullptr);
    Console quiet{discard, console.errs, console.tool};
    return Run(options, quiet).run();
  }
  return Run(options, console).run();
}
