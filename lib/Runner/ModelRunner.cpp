//===- ModelRunner.cpp - tfc run and tfc inspect --------------------------===//
//
// Opens a compiled model library, finds the model it exports, binds it to a
// store and calls it with tensors read from .npy files or literals.
//
//===----------------------------------------------------------------------===//

#include "tfc/Runner/ModelRunner.h"

#include "tfc/runtime.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <dlfcn.h>
#include <memory>

using namespace mlir;
using llvm::dyn_cast;
using llvm::SmallString;
using namespace mlir::tfc;

namespace {

/// The name of the model structure a library exports (`tfc_model_<name>`),
/// read from its dynamic symbol table.
llvm::Expected<std::string> findModelSymbol(llvm::StringRef path) {
  auto object = llvm::object::ObjectFile::createObjectFile(path);
  if (!object)
    return object.takeError();
  auto *elf = dyn_cast<llvm::object::ELFObjectFileBase>(object->getBinary());
  if (!elf)
    return llvm::createStringError("%s is not an ELF shared library",
                                   path.str().c_str());
  for (const llvm::object::ELFSymbolRef &symbol :
       elf->getDynamicSymbolIterators()) {
    llvm::Expected<llvm::StringRef> name = symbol.getName();
    llvm::Expected<uint32_t> flags = symbol.getFlags();
    if (!name || !flags) {
      llvm::consumeError(name.takeError());
      llvm::consumeError(flags.takeError());
      continue;
    }
    if (name->starts_with("tfc_model_") &&
        !(*flags & llvm::object::SymbolRef::SF_Undefined))
      return name->str();
  }
  return llvm::createStringError("%s exports no tfc model (compile it with "
                                 "`tfc compile`)",
                                 path.str().c_str());
}

struct StatusDeleter {
  void operator()(tfc_status *s) const { tfc_status_destroy(s); }
};
struct ModelDeleter {
  void operator()(tfc_model *m) const { tfc_model_destroy(m); }
};
struct TensorDeleter {
  void operator()(tfc_tensor *t) const { tfc_tensor_destroy(t); }
};
using TensorPtr = std::unique_ptr<tfc_tensor, TensorDeleter>;

/// A loaded library and the model bound to a fresh store.
struct LoadedModel {
  void *handle = nullptr;
  std::unique_ptr<tfc_model, ModelDeleter> model;
  ~LoadedModel() {
    model.reset();
    if (handle)
      dlclose(handle);
  }
};

bool load(llvm::StringRef path, LoadedModel &loaded, tfc_status *status,
          llvm::raw_ostream &errs, llvm::StringRef tool) {
  if (!llvm::sys::fs::exists(path)) {
    errs << tool << ": " << path << ": no such file\n";
    return false;
  }
  llvm::Expected<std::string> symbol = findModelSymbol(path);
  if (!symbol) {
    errs << tool << ": " << llvm::toString(symbol.takeError()) << "\n";
    return false;
  }
  SmallString<256> absolute(path);
  llvm::sys::fs::make_absolute(absolute);
  loaded.handle = dlopen(absolute.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!loaded.handle) {
    errs << tool << ": cannot load " << path << ": " << dlerror() << "\n";
    return false;
  }
  auto *abi =
      static_cast<const tfc_model_abi *>(dlsym(loaded.handle, symbol->c_str()));
  loaded.model.reset(tfc_model_create(abi, nullptr, status));
  if (!loaded.model) {
    errs << tool << ": " << tfc_status_message(status) << "\n";
    return false;
  }
  return true;
}

std::string typeText(const tfc_tensor_info &info) {
  std::string text = std::string(tfc_dtype_name(info.dtype)) + "[";
  for (int64_t i = 0; i < info.rank; ++i) {
    if (i)
      text += ",";
    text += info.shape[i] < 0 ? "?" : std::to_string(info.shape[i]);
  }
  return text + "]";
}

std::string tensorText(const tfc_tensor *tensor, int64_t maxElements) {
  int64_t length = tfc_tensor_to_string(tensor, maxElements, nullptr, 0);
  std::string text(length + 1, '\0');
  tfc_tensor_to_string(tensor, maxElements, text.data(), text.size());
  text.resize(length);
  return text;
}

/// The tf.GraphKeys name of a collection key, as tfc programs write them.
llvm::StringRef graphKey(llvm::StringRef key) {
  if (key == TFC_GLOBAL_VARIABLES)
    return "GLOBAL_VARIABLES";
  if (key == TFC_LOCAL_VARIABLES)
    return "LOCAL_VARIABLES";
  if (key == TFC_TRAINABLE_VARIABLES)
    return "TRAINABLE_VARIABLES";
  return key;
}

} // namespace

int mlir::tfc::runModel(const RunOptions &options, llvm::raw_ostream &outs,
                        llvm::raw_ostream &errs) {
  std::unique_ptr<tfc_status, StatusDeleter> status(tfc_status_create());
  auto fail = [&](const llvm::Twine &message) {
    errs << "tfc run: " << message << "\n";
    return 1;
  };
  auto failStatus = [&](const llvm::Twine &what) {
    return fail(what + ": " + tfc_status_message(status.get()));
  };

  LoadedModel loaded;
  if (!load(options.library, loaded, status.get(), errs, "tfc run"))
    return 1;
  tfc_model *model = loaded.model.get();

  // Which entry point.
  int64_t numEntries = tfc_model_num_entries(model);
  std::string names;
  for (int64_t i = 0; i < numEntries; ++i)
    names += std::string(i ? ", " : "") + tfc_model_entry_at(model, i)->name;
  int64_t index = -1;
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
  const tfc_entry_info *entry = tfc_model_entry_at(model, index);

  // Inputs, by name.
  std::vector<TensorPtr> inputs(entry->num_inputs);
  for (const std::string &spec : options.inputs) {
    auto [name, value] = llvm::StringRef(spec).split('=');
    if (value.empty() && !spec.empty() && spec.find('=') == std::string::npos)
      return fail("--input '" + spec + "' is not NAME=FILE.npy or NAME=[...]");
    int64_t arg = -1;
    for (int64_t i = 0; i < entry->num_inputs; ++i)
      if (name == entry->inputs[i].name)
        arg = i;
    if (arg < 0)
      return fail("'" + std::string(entry->name) + "' has no argument '" +
                  name + "'");
    tfc_tensor *tensor =
        value.ends_with(".npy") || llvm::sys::fs::exists(value)
            ? tfc_npy_read(value.str().c_str(), status.get())
            : tfc_tensor_parse(value.str().c_str(), entry->inputs[arg].dtype,
                               status.get());
    if (!tensor)
      return failStatus("input '" + name.str() + "'");
    inputs[arg].reset(tensor);
  }
  std::vector<const tfc_tensor *> inputPointers;
  for (int64_t i = 0; i < entry->num_inputs; ++i) {
    if (!inputs[i])
      return fail("missing --input " + std::string(entry->inputs[i].name) +
                  "=... (" + typeText(entry->inputs[i]) + ")");
    inputPointers.push_back(inputs[i].get());
  }

  // Variables: restored, or initialized as the model planned.
  if (!options.restore.empty()) {
    if (tfc_store_restore(tfc_model_store(model), options.restore.c_str(),
                          status.get()) != TFC_OK)
      return failStatus("restoring " + options.restore);
  } else {
    for (const char *collection : {"GLOBAL_VARIABLES", "LOCAL_VARIABLES"})
      if (tfc_model_initialize(model, collection, status.get()) != TFC_OK)
        return failStatus(std::string("initializing ") + collection);
  }

  std::vector<TensorPtr> outputs(entry->num_outputs);
  for (int64_t step = 0; step < options.steps; ++step) {
    std::vector<tfc_tensor *> raw(entry->num_outputs, nullptr);
    if (tfc_model_call(model, index, inputPointers.data(), entry->num_inputs,
                       raw.data(), entry->num_outputs,
                       status.get()) != TFC_OK)
      return failStatus(std::string(entry->name) + " (step " +
                        std::to_string(step + 1) + ")");
    for (int64_t k = 0; k < entry->num_outputs; ++k)
      outputs[k].reset(raw[k]);
    // Watching a training loop: the outputs (the loss) every N steps.
    if (options.printEvery > 0 && (step + 1) % options.printEvery == 0)
      for (int64_t k = 0; k < entry->num_outputs; ++k)
        outs << "step " << step + 1 << ": " << entry->outputs[k].name << " = "
             << tensorText(outputs[k].get(), options.maxElements) << "\n";
  }

  if (!options.outputDir.empty())
    if (std::error_code error =
            llvm::sys::fs::create_directories(options.outputDir))
      return fail("cannot create " + options.outputDir + ": " +
                  error.message());
  for (int64_t k = 0; k < entry->num_outputs; ++k) {
    outs << entry->outputs[k].name << " = "
         << tensorText(outputs[k].get(), options.maxElements) << "\n";
    if (!options.outputDir.empty()) {
      SmallString<256> path(options.outputDir);
      llvm::sys::path::append(path,
                              std::string(entry->outputs[k].name) + ".npy");
      if (tfc_npy_write(outputs[k].get(), path.c_str(), status.get()) != TFC_OK)
        return failStatus(("writing " + path.str()).str());
    }
  }
  if (!options.save.empty() &&
      tfc_store_save(tfc_model_store(model), options.save.c_str(),
                     status.get()) != TFC_OK)
    return failStatus("saving " + options.save);
  return 0;
}

int mlir::tfc::inspectModel(llvm::StringRef library, llvm::raw_ostream &outs,
                            llvm::raw_ostream &errs) {
  std::unique_ptr<tfc_status, StatusDeleter> status(tfc_status_create());
  LoadedModel loaded;
  if (!load(library, loaded, status.get(), errs, "tfc inspect"))
    return 1;
  tfc_model *model = loaded.model.get();
  outs << "model " << tfc_model_name(model) << "\ntarget "
       << tfc_model_target(model);
  if (*tfc_model_target_archs(model))
    outs << " " << tfc_model_target_archs(model);
  outs << "\n\nentry points:\n";
  for (int64_t i = 0, e = tfc_model_num_entries(model); i < e; ++i) {
    const tfc_entry_info *entry = tfc_model_entry_at(model, i);
    outs << "  " << entry->name << "(";
    for (int64_t j = 0; j < entry->num_inputs; ++j)
      outs << (j ? ", " : "") << entry->inputs[j].name << ": "
           << typeText(entry->inputs[j]);
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
