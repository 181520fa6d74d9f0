//===- ModelMetadata.cpp - Parsing a compiled model's metadata ------------===//
//
// The metadata text is line based: one `variable`, `entry`, `packed` or
// `plan` line per item (docs/model-abi.md). It comes from the compiler, but a
// damaged or foreign library must still fail with a message, never crash.
//
//===----------------------------------------------------------------------===//

#include "Model.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <sstream>

using namespace tfc::runtime;

namespace {

/// Reads whitespace-separated tokens of one line, recording the first error.
class LineReader {
public:
  explicit LineReader(const std::string &line) : in(line) {}

  bool ok() const { return good; }

  /// Whether only whitespace is left.
  bool atEnd() {
    in >> std::ws;
    return in.eof();
  }

  std::string word() {
    std::string token;
    if (!(in >> token))
      good = false;
    return token;
  }

  int64_t integer() {
    std::string token = word();
    char *end = nullptr;
    long long value = std::strtoll(token.c_str(), &end, 10);
    if (token.empty() || *end != '\0')
      good = false;
    return value;
  }

  double real() {
    std::string token = word();
    char *end = nullptr;
    double value = std::strtod(token.c_str(), &end);
    if (token.empty() || *end != '\0')
      good = false;
    return value;
  }

  /// `n` then n integers, each at least `min`.
  std::vector<int64_t> shape(int64_t min) {
    int64_t rank = integer();
    std::vector<int64_t> dims;
    if (rank < 0 || rank > TFC_MAX_RANK) {
      good = false;
      return dims;
    }
    for (int64_t i = 0; i < rank; ++i) {
      dims.push_back(integer());
      if (dims.back() < min)
        good = false;
    }
    return dims;
  }

  void expect(const char *keyword) {
    if (word() != keyword)
      good = false;
  }

private:
  std::istringstream in;
  bool good = true;
};

tfc_dtype dtypeFromName(const std::string &name) {
  for (tfc_dtype dtype = TFC_F16; dtype <= TFC_I64; ++dtype)
    if (name == tfc_dtype_name(dtype))
      return dtype;
  return TFC_DTYPE_INVALID;
}

bool readSignature(LineReader &reader, TensorSignature &signature) {
  signature.name = reader.word();
  std::string dtype = reader.word();
  // A string travels as the i8 vector of its bytes.
  signature.isString = dtype == "string";
  signature.dtype = signature.isString ? TFC_I8 : dtypeFromName(dtype);
  signature.shape = reader.shape(-1);
  if (signature.isString &&
      (signature.shape.size() != 1 || signature.shape[0] != -1))
    return false;
  return reader.ok() && signature.dtype != TFC_DTYPE_INVALID;
}

} // namespace

/// The index of the variable named `name` so far; -1 if there is none.
static int64_t variableIndex(const std::vector<ModelVariable> &variables,
                             const std::string &name) {
  for (size_t i = 0; i < variables.size(); ++i)
    if (variables[i].name == name)
      return static_cast<int64_t>(i);
  return -1;
}

// Each line reader below returns what is wrong with its line, the word of
// the "bad ..." message, or nullptr when the line is read.

static const char *readTargetLine(LineReader &reader, ModelTarget &target) {
  std::string device = reader.word();
  if (device == "cuda") {
    target.cuda = true;
    target.archs = reader.word();
    if (!reader.ok() || target.archs.compare(0, 3, "sm_") != 0)
      return "target line";
    return nullptr;
  }
  if (device != "cpu" || !reader.ok())
    return "target line";
  // `target cpu TRIPLE CPU FEATURES`; older models stop after `cpu`.
  if (reader.atEnd())
    return nullptr;
  target.triple = reader.word();
  target.cpu = reader.word();
  target.features = reader.word();
  if (!reader.ok())
    return "target line";
  if (target.features == "-")
    target.features.clear();
  return nullptr;
}

/// The rest of a `variable` line after `init`.
static const char *readInitializer(LineReader &reader, const tfc_model_abi *abi,
                                   Initializer &init) {
  init.kind = reader.word();
  if (init.kind == "constant") {
    init.blob = reader.integer();
    init.splat = reader.word() == "splat";
    if (init.blob < 0 || init.blob >= abi->num_blobs)
      return "constant initializer";
  } else if (init.kind == "function") {
    init.function = reader.integer();
  } else if (init.kind == "random_normal" || init.kind == "truncated_normal" ||
             init.kind == "random_uniform") {
    init.parameters = {reader.real(), reader.real()};
    init.seed = static_cast<uint64_t>(reader.integer());
  } else if (init.kind == "glorot_uniform") {
    init.seed = static_cast<uint64_t>(reader.integer());
  } else if (init.kind != "zeros" && init.kind != "ones") {
    return "initializer";
  }
  return nullptr;
}

static const char *readVariableLine(LineReader &reader,
                                    const tfc_model_abi *abi,
                                    std::vector<ModelVariable> &variables) {
  ModelVariable v;
  v.name = reader.word();
  v.dtype = dtypeFromName(reader.word());
  v.shape = reader.shape(0);
  reader.expect("collections");
  int64_t count = reader.integer();
  for (int64_t i = 0; reader.ok() && i < count; ++i)
    v.collections.push_back(reader.word());
  reader.expect("device");
  reader.word();
  reader.expect("init");
  if (const char *what = readInitializer(reader, abi, v.initializer))
    return what;
  if (!reader.ok() || v.dtype == TFC_DTYPE_INVALID)
    return "variable";
  variables.push_back(std::move(v));
  return nullptr;
}

/// `count` then that many signatures; `what` names a bad one.
static const char *readSignatures(LineReader &reader,
                                  std::vector<TensorSignature> &signatures,
                                  const char *what) {
  int64_t count = reader.integer();
  for (int64_t i = 0; reader.ok() && i < count; ++i) {
    signatures.emplace_back();
    if (!readSignature(reader, signatures.back()))
      return what;
  }
  return nullptr;
}

/// `count` then that many names of variables already read, as indices;
/// `what` names an unknown one.
static const char *readVariableRefs(LineReader &reader,
                                    const std::vector<ModelVariable> &variables,
                                    std::vector<int64_t> &indices,
                                    const char *what) {
  int64_t count = reader.integer();
  for (int64_t i = 0; reader.ok() && i < count; ++i) {
    int64_t index = variableIndex(variables, reader.word());
    if (index < 0)
      return what;
    indices.push_back(index);
  }
  return nullptr;
}

static const char *readEntryLine(LineReader &reader, const tfc_model_abi *abi,
                                 const std::vector<ModelVariable> &variables,
                                 std::vector<EntryPoint> &entries) {
  EntryPoint e;
  e.name = reader.word();
  e.function = reader.integer();
  e.isInitializer = reader.word() == "initializer";
  e.writesVariables = reader.word() == "writes";
  reader.expect("args");
  if (const char *what = readSignatures(reader, e.inputs, "argument"))
    return what;
  reader.expect("results");
  if (const char *what = readSignatures(reader, e.outputs, "result"))
    return what;
  reader.expect("variables");
  if (const char *what = readVariableRefs(reader, variables, e.variables,
                                          "variable reference"))
    return what;
  if (!reader.ok() || !reader.atEnd() || e.function < 0 ||
      e.function >= abi->num_functions)
    return "entry point";
  entries.push_back(std::move(e));
  return nullptr;
}

/// `packed ENTRY N (VARIABLE PANEL)...`: the packed copies of variables an
/// entry point read so far takes, each one of its variables, an f32 [K, N]
/// in panels no wider than N or a few vectors.
static const char *readPackedLine(LineReader &reader,
                                  const std::vector<ModelVariable> &variables,
                                  std::vector<EntryPoint> &entries) {
  std::string name = reader.word();
  auto entry =
      std::find_if(entries.begin(), entries.end(),
                   [&](const EntryPoint &e) { return e.name == name; });
  int64_t count = reader.integer();
  if (entry == entries.end() || !entry->packedVariables.empty() || count < 0)
    return "packed line";
  for (int64_t i = 0; reader.ok() && i < count; ++i) {
    EntryPoint::PackedVariable packed;
    packed.variable = variableIndex(variables, reader.word());
    packed.panel = reader.integer();
    if (packed.variable < 0 ||
        std::find(entry->variables.begin(), entry->variables.end(),
                  packed.variable) == entry->variables.end())
      return "packed variable";
    const ModelVariable &v = variables[packed.variable];
    if (v.dtype != TFC_F32 || v.shape.size() != 2 || packed.panel <= 0 ||
        packed.panel > std::max<int64_t>(v.shape[1], 64))
      return "packed variable";
    entry->packedVariables.push_back(packed);
  }
  return reader.ok() && reader.atEnd() ? nullptr : "packed line";
}

static const char *readPlanLine(LineReader &reader,
                                const std::vector<ModelVariable> &variables,
                                std::vector<InitializerPlan> &plans) {
  InitializerPlan plan;
  plan.collection = reader.word();
  if (const char *what =
          readVariableRefs(reader, variables, plan.variables, "plan"))
    return what;
  if (!reader.ok())
    return "plan";
  plans.push_back(std::move(plan));
  return nullptr;
}

/// A `function` initializer must name an entry point; checked once all are
/// read.
static tfc_code
checkInitializerFunctions(const std::vector<ModelVariable> &variables,
                          const std::vector<EntryPoint> &entries,
                          tfc_status *status) {
  for (const ModelVariable &v : variables)
    if (v.initializer.kind == "function" &&
        (v.initializer.function < 0 ||
         v.initializer.function >= static_cast<int64_t>(entries.size())))
      return setError(status, TFC_DATA_LOSS,
                      "variable '%s' names a missing initializer function",
                      v.name.c_str());
  return TFC_OK;
}

tfc_code tfc::runtime::parseModelMetadata(
    const tfc_model_abi *abi, std::string &name, ModelTarget &target,
    std::vector<ModelVariable> &variables, std::vector<EntryPoint> &entries,
    std::vector<InitializerPlan> &plans, tfc_status *status) {
  if (!abi->metadata || std::strlen(abi->metadata) != abi->metadata_size)
    return setError(status, TFC_DATA_LOSS, "model metadata is missing or "
                                           "damaged");
  std::istringstream text(std::string(abi->metadata, abi->metadata_size));
  std::string line;
  int64_t lineNumber = 0;
  bool ended = false;
  while (std::getline(text, line)) {
    ++lineNumber;
    LineReader reader(line);
    std::string kind = reader.word();
    if (lineNumber == 1) {
      if (kind != "tfc-model" || reader.integer() != 1 || !reader.ok())
        return setError(status, TFC_DATA_LOSS,
                        "not a tfc model, or a model of another version");
      continue;
    }
    if (kind == "end") {
      ended = true;
      break;
    }
    const char *bad = nullptr;
    if (kind == "model") {
      name = reader.word();
      if (!reader.ok())
        bad = "model line";
    } else if (kind == "target") {
      bad = readTargetLine(reader, target);
    } else if (kind == "variable") {
      bad = readVariableLine(reader, abi, variables);
    } else if (kind == "entry") {
      bad = readEntryLine(reader, abi, variables, entries);
    } else if (kind == "packed") {
      bad = readPackedLine(reader, variables, entries);
    } else if (kind == "plan") {
      bad = readPlanLine(reader, variables, plans);
    } else if (!kind.empty()) {
      bad = "line";
    }
    if (bad)
      return setError(status, TFC_DATA_LOSS,
                      "model metadata line %lld: bad %s: '%s'",
                      static_cast<long long>(lineNumber), bad, line.c_str());
  }
  if (!ended)
    return setError(status, TFC_DATA_LOSS, "model metadata is truncated");
  return checkInitializerFunctions(variables, entries, status);
}
