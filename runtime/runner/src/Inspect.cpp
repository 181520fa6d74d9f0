//===- Inspect.cpp - What a compiled model holds --------------------------===//
//
// `tfc inspect` and `tfc-run --list`: the model's reflection, as the runtime
// reads it from the library's metadata.
//
//===----------------------------------------------------------------------===//

#include "ModelLibrary.h"

#include <string_view>

using namespace tfc::runner;

/// The tf.GraphKeys name of a collection key, as tfc programs write them.
static std::string_view graphKey(std::string_view key) {
  if (key == TFC_GLOBAL_VARIABLES)
    return "GLOBAL_VARIABLES";
  if (key == TFC_LOCAL_VARIABLES)
    return "LOCAL_VARIABLES";
  if (key == TFC_TRAINABLE_VARIABLES)
    return "TRAINABLE_VARIABLES";
  return key;
}

int tfc::runner::inspectModel(const std::string &library,
                              const Console &console) {
  ModelLibrary loaded;
  if (!loaded.open(library, console))
    return 1;
  tfc_model *model = loaded.model();
  std::ostream &outs = console.outs;
  outs << "model " << tfc_model_name(model) << "\ntarget "
       << tfc_model_target(model);
  if (*tfc_model_target_archs(model))
    outs << " " << tfc_model_target_archs(model);
  if (*tfc_model_target_triple(model))
    outs << " " << tfc_model_target_triple(model) << " "
         << tfc_model_target_cpu(model);
  if (*tfc_model_target_features(model))
    outs << "\nfeatures " << tfc_model_target_features(model);
  outs << "\n\nentry points:\n";
  for (int64_t i = 0, e = tfc_model_num_entries(model); i < e; ++i) {
    const tfc_entry_info *entry = tfc_model_entry_at(model, i);
    outs << "  " << entry->name << "(";
    for (int64_t j = 0; j < entry->num_inputs; ++j)
      outs << (j ? ", " : "") << entry->inputs[j].name << ": "
           << (tfc_model_input_is_string(model, i, j)
                   ? std::string("string")
                   : typeText(entry->inputs[j]));
    outs << ") -> (";
    for (int64_t j = 0; j < entry->num_outputs; ++j)
      outs << (j ? ", " : "") << entry->outputs[j].name << ": "
           << typeText(entry->outputs[j]);
    outs << ")";
    if (entry->num_variables)
      outs << (entry->writes_variables ? "  assigns" : "  reads") << " "
           << entry->num_variables << " variable"
           << (entry->num_variables == 1 ? "" : "s");
    outs << "\n";
  }
  outs << "\nvariables:\n";
  for (int64_t i = 0, e = tfc_model_num_variables(model); i < e; ++i) {
    tfc_variable *var = tfc_model_variable_at(model, i);
    tfc_tensor_info info{tfc_variable_name(var), tfc_variable_dtype(var),
                         tfc_variable_rank(var), tfc_variable_shape(var)};
    outs << "  " << info.name << ": " << typeText(info) << "  collections [";
    for (int64_t c = 0, n = tfc_variable_num_collections(var); c < n; ++c)
      outs << (c ? ", " : "") << graphKey(tfc_variable_collection(var, c));
    outs << "]" << (tfc_variable_trainable(var) ? "  trainable" : "") << "\n";
  }
  return 0;
}

int tfc::runner::listEntryPoints(const std::string &library,
                                 const Console &console) {
  ModelLibrary loaded;
  if (!loaded.open(library, console))
    return 1;
  tfc_model *model = loaded.model();
  for (int64_t i = 0, e = tfc_model_num_entries(model); i < e; ++i)
    console.outs << tfc_model_entry_at(model, i)->name << "\n";
  return 0;
}
