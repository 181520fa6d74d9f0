//===- Model.cpp - Compiled models: binding, reflection, initialization ---===//
//
// Binds a compiled library to a store, answers reflection queries and runs
// the planned initializers.
//
//===----------------------------------------------------------------------===//

#include "Model.h"
#include "CudaDriver.h"
#include "Store.h"

#include <algorithm>
#include <cstring>
#include <memory>

using namespace tfc::runtime;

/// TensorFlow's collection keys for the names the compiler uses.
static std::string collectionKey(const std::string &name) {
  if (name == "GLOBAL_VARIABLES")
    return TFC_GLOBAL_VARIABLES;
  if (name == "LOCAL_VARIABLES")
    return TFC_LOCAL_VARIABLES;
  if (name == "TRAINABLE_VARIABLES")
    return TFC_TRAINABLE_VARIABLES;
  return name;
}

/// The tables of a model structure: every pointer the runtime will follow
/// is there. (A structure made by hand, or damaged, would otherwise make a
/// call jump to address 0.)
static tfc_code validateModelAbi(const tfc_model_abi *abi, tfc_status *status) {
  if (abi->num_functions > 0 && !abi->functions)
    return setError(status, TFC_INVALID_ARGUMENT,
                    "tfc_model_create: the model's function table is NULL");
  for (uint32_t i = 0; i < abi->num_functions; ++i)
    if (!abi->functions[i])
      return setError(status, TFC_INVALID_ARGUMENT,
                      "tfc_model_create: function %u of the model's %u is "
                      "NULL",
                      i, abi->num_functions);
  if (abi->num_blobs > 0 && (!abi->blobs || !abi->blob_sizes))
    return setError(status, TFC_INVALID_ARGUMENT,
                    "tfc_model_create: the model's %s table is NULL",
                    abi->blobs ? "blob size" : "blob");
  for (uint32_t i = 0; i < abi->num_blobs; ++i)
    if (!abi->blobs[i] && abi->blob_sizes[i] > 0)
      return setError(status, TFC_INVALID_ARGUMENT,
                      "tfc_model_create: blob %u of the model's %u is NULL", i,
                      abi->num_blobs);
  return TFC_OK;
}

/// Fails when the CPU lacks features the model's code may use: running it
/// would end in SIGILL at some instruction of some call instead.
static tfc_code checkCpuFeatures(const tfc_model &model, tfc_status *status) {
  const std::string &list = model.target.features;
  std::vector<std::string> needed;
  for (size_t begin = 0; begin < list.size();) {
    size_t end = std::min(list.find(',', begin), list.size());
    needed.push_back(list.substr(begin, end - begin));
    begin = end + 1;
  }
  std::vector<std::string> missing = missingCpuFeatures(needed);
  if (missing.empty())
    return TFC_OK;
  std::string names;
  for (const std::string &name : missing)
    names += (names.empty() ? "" : ", ") + name;
  return setError(status, TFC_FAILED_PRECONDITION,
                  "model %s was compiled for %s (cpu %s) and uses CPU "
                  "features this CPU lacks: %s; compile it with --cpu "
                  "naming this CPU (or --cpu=host on it)",
                  model.name.c_str(), model.target.triple.c_str(),
                  model.target.cpu.c_str(), names.c_str());
}

/// Registers `v` in `store` with exactly its collections, into
/// `v.variable`; false when the store refuses it.
static bool registerVariable(tfc_store *store, ModelVariable &v,
                             tfc_status *status) {
  std::vector<std::string> keys;
  bool trainable = false;
  for (const std::string &c : v.collections) {
    if (c == "TRAINABLE_VARIABLES")
      trainable = true;
    else
      keys.push_back(collectionKey(c));
  }
  std::vector<const char *> keyPointers;
  for (const std::string &key : keys)
    keyPointers.push_back(key.c_str());
  // Exactly the model's collections: a non-NULL empty list is "none",
  // not the default GLOBAL_VARIABLES.
  static const char *const noCollections[] = {nullptr};
  tfc_variable_desc desc{v.name.c_str(),
                         v.dtype,
                         trainable ? 1 : 0,
                         static_cast<int64_t>(v.shape.size()),
                         v.shape.data(),
                         keyPointers.empty() ? noCollections
                                             : keyPointers.data(),
                         static_cast<int64_t>(keyPointers.size())};
  v.variable = tfc_store_register(store, &desc, status);
  return v.variable != nullptr;
}

/// The reflection records of the entry points, pointing into the model's
/// own strings and shapes, and the list of the public ones.
static void describeEntryPoints(tfc_model &model) {
  for (size_t i = 0; i < model.entries.size(); ++i) {
    EntryPoint &e = model.entries[i];
    for (const TensorSignature &s : e.inputs)
      e.inputInfo.push_back({s.name.c_str(), s.dtype,
                             static_cast<int64_t>(s.shape.size()),
                             s.shape.data()});
    for (const TensorSignature &s : e.outputs)
      e.outputInfo.push_back({s.name.c_str(), s.dtype,
                              static_cast<int64_t>(s.shape.size()),
                              s.shape.data()});
    for (int64_t v : e.variables)
      e.variableNames.push_back(model.variables[v].name.c_str());
    e.info = {e.name.c_str(),
              e.writesVariables ? 1 : 0,
              static_cast<int64_t>(e.inputInfo.size()),
              e.inputInfo.data(),
              static_cast<int64_t>(e.outputInfo.size()),
              e.outputInfo.data(),
              static_cast<int64_t>(e.variableNames.size()),
              e.variableNames.data()};
    if (!e.isInitializer)
      model.publicEntries.push_back(static_cast<int64_t>(i));
  }
}

tfc_model *tfc_model_create(const tfc_model_abi *abi, tfc_store *store,
                            tfc_status *status) {
  if (!abi) {
    setError(status, TFC_INVALID_ARGUMENT, "tfc_model_create: abi is NULL");
    return nullptr;
  }
  if (abi->abi_version != TFC_MODEL_ABI_VERSION) {
    setError(status, TFC_FAILED_PRECONDITION,
             "the model was compiled for model ABI %u; this runtime reads %d",
             abi->abi_version, TFC_MODEL_ABI_VERSION);
    return nullptr;
  }
  if (validateModelAbi(abi, status) != TFC_OK)
    return nullptr;
  auto model = std::make_unique<tfc_model>();
  model->abi = abi;
  if (parseModelMetadata(abi, model->name, model->target, model->variables,
                         model->entries, model->plans, status) != TFC_OK)
    return nullptr;
  if (checkCpuFeatures(*model, status) != TFC_OK)
    return nullptr;

  if (store) {
    tfc_store_retain(store);
    model->store = store;
  } else {
    model->store = tfc_store_create(status);
    if (!model->store)
      return nullptr;
  }
  // From here on the model owns a store reference: destroy on failure.
  std::unique_ptr<tfc_model, void (*)(tfc_model *)> owned(model.release(),
                                                          tfc_model_destroy);

  for (ModelVariable &v : owned->variables)
    if (!registerVariable(owned->store, v, status))
      return nullptr;
  describeEntryPoints(*owned);
  return owned.release();
}

void tfc_model_destroy(tfc_model *model) {
  if (!model)
    return;
  tfc_store_release(model->store);
  delete model;
}

const char *tfc_model_name(const tfc_model *model) {
  return model ? model->name.c_str() : nullptr;
}

const char *tfc_model_target(const tfc_model *model) {
  if (!model)
    return nullptr;
  return model->target.cuda ? "cuda" : "cpu";
}

const char *tfc_model_target_archs(const tfc_model *model) {
  return model ? model->target.archs.c_str() : nullptr;
}

const char *tfc_model_target_triple(const tfc_model *model) {
  return model ? model->target.triple.c_str() : nullptr;
}

const char *tfc_model_target_cpu(const tfc_model *model) {
  return model ? model->target.cpu.c_str() : nullptr;
}

const char *tfc_model_target_features(const tfc_model *model) {
  return model ? model->target.features.c_str() : nullptr;
}

tfc_store *tfc_model_store(const tfc_model *model) {
  return model ? model->store : nullptr;
}

int64_t tfc_model_num_entries(const tfc_model *model) {
  return model ? static_cast<int64_t>(model->publicEntries.size()) : -1;
}

const tfc_entry_info *tfc_model_entry_at(const tfc_model *model,
                                         int64_t index) {
  if (!model || index < 0 ||
      index >= static_cast<int64_t>(model->publicEntries.size()))
    return nullptr;
  return &model->entries[model->publicEntries[index]].info;
}

int64_t tfc_model_find_entry(const tfc_model *model, const char *name) {
  if (!model || !name)
    return -1;
  for (size_t i = 0; i < model->publicEntries.size(); ++i)
    if (model->entries[model->publicEntries[i]].name == name)
      return static_cast<int64_t>(i);
  return -1;
}

int32_t tfc_model_input_is_string(const tfc_model *model, int64_t entry,
                                  int64_t input) {
  if (!model || entry < 0 ||
      entry >= static_cast<int64_t>(model->publicEntries.size()))
    return 0;
  const EntryPoint &e = model->entries[model->publicEntries[entry]];
  return input >= 0 && input < static_cast<int64_t>(e.inputs.size()) &&
         e.inputs[input].isString;
}

int64_t tfc_model_num_variables(const tfc_model *model) {
  return model ? static_cast<int64_t>(model->variables.size()) : -1;
}

tfc_variable *tfc_model_variable_at(const tfc_model *model, int64_t index) {
  if (!model || index < 0 ||
      index >= static_cast<int64_t>(model->variables.size()))
    return nullptr;
  return model->variables[index].variable;
}

tfc_code tfc_model_initialize(tfc_model *model, const char *collection,
                              tfc_status *status) {
  if (!model || !collection)
    return setError(status, TFC_INVALID_ARGUMENT,
                    "tfc_model_initialize: model or collection is NULL");
  std::string wanted = collection;
  if (wanted == TFC_GLOBAL_VARIABLES)
    wanted = "GLOBAL_VARIABLES";
  else if (wanted == TFC_LOCAL_VARIABLES)
    wanted = "LOCAL_VARIABLES";
  const InitializerPlan *plan = nullptr;
  for (const InitializerPlan &p : model->plans)
    if (p.collection == wanted)
      plan = &p;
  if (!plan)
    return setError(status, TFC_NOT_FOUND,
                    "model '%s' has no initializer for collection '%s'",
                    model->name.c_str(), collection);
  if (model->target.cuda && checkCudaAvailable(status) != TFC_OK)
    return TFC_UNAVAILABLE;

  for (int64_t index : plan->variables) {
    const ModelVariable &v = model->variables[index];
    std::unique_ptr<tfc_tensor, void (*)(tfc_tensor *)> value(
        nullptr, tfc_tensor_destroy);
    if (v.initializer.kind == "function") {
      const EntryPoint &entry = model->entries[v.initializer.function];
      tfc_tensor *result = nullptr;
      tfc_code code =
          callEntry(model, entry, nullptr, &result, 0, nullptr, status);
      if (code != TFC_OK)
        return code;
      value.reset(result);
    } else {
      value.reset(tfc_tensor_create(v.dtype,
                                    static_cast<int64_t>(v.shape.size()),
                                    v.shape.data(), status));
      if (!value)
        return TFC_RESOURCE_EXHAUSTED;
      tfc_code code = fillInitialValue(model, v, value.get(), status);
      if (code != TFC_OK)
        return code;
    }
    tfc_code code = tfc_variable_assign(v.variable, value.get(), status);
    if (code != TFC_OK)
      return code;
  }
  // Replicas of a data-parallel job start from rank 0's values, random
  // initializers included (plans list variables in one order everywhere).
  {
    std::vector<tfc_variable *> initialized;
    for (int64_t index : plan->variables)
      initialized.push_back(model->variables[index].variable);
    if (tfc_code code = broadcastVariables(initialized.data(),
                                           initialized.size(), status))
      return code;
  }
  // A CUDA model's variables go to the device now, so that the first call
  // does not pay for it and a failing copy is reported here.
  if (model->target.cuda) {
    SharedLock lock(model->store);
    for (int64_t index : plan->variables)
      if (tfc_code code =
              variableToDevice(model->variables[index].variable, status))
        return code;
  }
  return TFC_OK;
}
