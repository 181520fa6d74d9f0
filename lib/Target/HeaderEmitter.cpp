//===- HeaderEmitter.cpp - the C header of a compiled model ---------------===//
//
// Writes NAME.h: the model structure the library exports, one inline C
// function per entry point around the runtime's model API, and a small C++
// class in the spirit of tfcompile's generated headers.
//
//===----------------------------------------------------------------------===//

#include "tfc/Target/LLVMModel.h"
#include "tfc/Target/ModelDescription.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::tfc;

/// A C identifier made of `name`: other characters become `_`, a leading
/// digit gets a `_` in front.
static std::string identifier(StringRef name) {
  std::string id;
  for (char c : name)
    id.push_back(llvm::isAlnum(c) ? c : '_');
  if (id.empty() || llvm::isDigit(id.front()))
    id.insert(id.begin(), '_');
  return id;
}

/// `f32[?,784]`; a string argument says how to make one.
static std::string describe(const TensorSignature &signature) {
  if (signature.dtype == "string")
    return "string (an i8 vector of its bytes: tfc_tensor_create_string)";
  std::string text = signature.dtype + "[";
  for (auto [index, dim] : llvm::enumerate(signature.shape)) {
    if (index)
      text += ",";
    text += dim < 0 ? "?" : std::to_string(dim);
  }
  return text + "]";
}

static std::string camelCase(StringRef name) {
  std::string id = identifier(name);
  return llvm::convertToCamelFromSnakeCase(id, /*capitalizeFirst=*/true);
}

/// The model's life cycle in C: create, destroy and the two initializers.
static void emitLifeCycleFunctions(raw_ostream &os, StringRef name,
                                   StringRef symbol) {
  os << "/* Creates the model on `store` (NULL: a store of its own). Models\n"
        "   created on one store share variables by name. */\n"
     << "static inline tfc_model *" << name
     << "_create(tfc_store *store, tfc_status *status) {\n"
     << "  return tfc_model_create(&" << symbol << ", store, status);\n}\n\n"
     << "static inline void " << name
     << "_destroy(tfc_model *model) { tfc_model_destroy(model); }\n\n"
     << "/* Initializes GLOBAL_VARIABLES (tf.global_variables_initializer()). "
        "*/\n"
     << "static inline tfc_code " << name
     << "_initialize_global(tfc_model *model, tfc_status *status) {\n"
     << "  return tfc_model_initialize(model, \"GLOBAL_VARIABLES\", status);\n"
        "}\n\n"
     << "/* Initializes LOCAL_VARIABLES (tf.local_variables_initializer()). */\n"
     << "static inline tfc_code " << name
     << "_initialize_local(tfc_model *model, tfc_status *status) {\n"
     << "  return tfc_model_initialize(model, \"LOCAL_VARIABLES\", status);\n"
        "}\n\n";
}

/// The C function of entry point `entry`, the `index`th public one: its
/// signature in a comment, then a call of the runtime with arrays of its
/// arguments and results.
static void emitEntryFunction(raw_ostream &os, StringRef name,
                              const EntryPointDescription &entry,
                              int64_t index) {
  os << "/* " << entry.name << "(";
  for (auto [i, arg] : llvm::enumerate(entry.arguments))
    os << (i ? ", " : "") << arg.name << ": " << describe(arg);
  os << ") -> (";
  for (auto [i, result] : llvm::enumerate(entry.results))
    os << (i ? ", " : "") << result.name << ": " << describe(result);
  os << ")";
  if (!entry.variables.empty())
    os << "; " << (entry.writesVariables ? "assigns" : "reads")
       << " variables";
  os << ".\n   Results are new tensors the caller destroys. */\n";
  os << "static inline tfc_code " << name << "_" << identifier(entry.name)
     << "(tfc_model *model";
  for (const TensorSignature &arg : entry.arguments)
    os << ", const tfc_tensor *" << identifier(arg.name);
  for (const TensorSignature &result : entry.results)
    os << ", tfc_tensor **" << identifier(result.name);
  os << ", tfc_status *status) {\n";
  os << "  const tfc_tensor *inputs["
     << std::max<size_t>(1, entry.arguments.size()) << "] = {";
  for (auto [i, arg] : llvm::enumerate(entry.arguments))
    os << (i ? ", " : "") << identifier(arg.name);
  if (entry.arguments.empty())
    os << "0";
  os << "};\n";
  os << "  tfc_tensor *outputs[" << std::max<size_t>(1, entry.results.size())
     << "] = {0};\n";
  os << "  tfc_code code = tfc_model_call(model, " << index << ", inputs, "
     << entry.arguments.size() << ", outputs, " << entry.results.size()
     << ", status);\n";
  for (auto [i, result] : llvm::enumerate(entry.results))
    os << "  if (" << identifier(result.name) << ") *"
       << identifier(result.name) << " = outputs[" << i << "];\n"
       << "  else tfc_tensor_destroy(outputs[" << i << "]);\n";
  os << "  return code;\n}\n\n";
}

/// The C++ class's method for entry point `entry`: the C function on the
/// object's model and status.
static void emitEntryMethod(raw_ostream &os, StringRef name,
                            const EntryPointDescription &entry) {
  os << "  bool " << identifier(entry.name) << "(";
  bool first = true;
  for (const TensorSignature &arg : entry.arguments) {
    os << (first ? "" : ", ") << "const tfc_tensor *" << identifier(arg.name);
    first = false;
  }
  for (const TensorSignature &result : entry.results) {
    os << (first ? "" : ", ") << "tfc_tensor **" << identifier(result.name);
    first = false;
  }
  os << ") {\n    tfc_status_reset(status_);\n    return " << name << "_"
     << identifier(entry.name) << "(model_";
  for (const TensorSignature &arg : entry.arguments)
    os << ", " << identifier(arg.name);
  for (const TensorSignature &result : entry.results)
    os << ", " << identifier(result.name);
  os << ", status_) == TFC_OK;\n  }\n";
}

/// The C++ wrapper: owns the model and a status, reports errors as text.
static void emitCppClass(raw_ostream &os, const ModelDescription &model,
                         StringRef name) {
  std::string cls = camelCase(model.name) + "Model";
  os << "/* C++: one object per model instance. */\n"
     << "class " << cls << " {\npublic:\n"
     << "  explicit " << cls << "(tfc_store *store = nullptr)\n"
     << "      : status_(tfc_status_create()),\n"
     << "        model_(" << name << "_create(store, status_)) {}\n"
     << "  ~" << cls << "() {\n    " << name
     << "_destroy(model_);\n    tfc_status_destroy(status_);\n  }\n"
     << "  " << cls << "(const " << cls << " &) = delete;\n"
     << "  " << cls << " &operator=(const " << cls << " &) = delete;\n\n"
     << "  /* False when the last call failed; error() says why. */\n"
     << "  bool ok() const { return tfc_status_code(status_) == TFC_OK; }\n"
     << "  const char *error() const { return tfc_status_message(status_); }\n"
     << "  tfc_model *model() { return model_; }\n\n"
     << "  bool initialize_global() {\n    tfc_status_reset(status_);\n"
     << "    return " << name
     << "_initialize_global(model_, status_) == TFC_OK;\n  }\n"
     << "  bool initialize_local() {\n    tfc_status_reset(status_);\n"
     << "    return " << name
     << "_initialize_local(model_, status_) == TFC_OK;\n  }\n";
  for (const EntryPointDescription &entry : model.entryPoints)
    if (!entry.isInitializer)
      emitEntryMethod(os, name, entry);
  os << "\nprivate:\n  tfc_status *status_;\n  tfc_model *model_;\n};\n";
}

std::string mlir::tfc::emitModelHeader(const ModelDescription &model) {
  std::string text;
  llvm::raw_string_ostream os(text);
  std::string name = identifier(model.name);
  std::string guard = "TFC_MODEL_" + llvm::StringRef(name).upper() + "_H";
  std::string symbol = modelSymbolName(model.name);

  os << "/* " << name << ".h: the C API of the tfc model '" << model.name
     << "'. Generated by tfc compile; do not edit. */\n"
     << "#ifndef " << guard << "\n#define " << guard << "\n\n"
     << "#include \"tfc/runtime.h\"\n\n"
     << "#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n"
     << "/* The model, as exported by lib" << name << ".so. */\n"
     << "extern const tfc_model_abi " << symbol << ";\n\n";
  emitLifeCycleFunctions(os, name, symbol);
  // Initializers run by collection name (above); the call index counts
  // the other entry points only.
  int64_t publicIndex = 0;
  for (const EntryPointDescription &entry : model.entryPoints)
    if (!entry.isInitializer)
      emitEntryFunction(os, name, entry, publicIndex++);
  os << "#ifdef __cplusplus\n} /* extern \"C\" */\n\n";
  emitCppClass(os, model, name);
  os << "#endif /* __cplusplus */\n\n#endif /* " << guard << " */\n";
  return text;
}
