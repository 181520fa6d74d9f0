//===- ModelLibrary.cpp - A loaded compiled model -------------------------===//
//
// The model's symbol is looked up in the file before dlopen, so a file that
// is not a model library is refused with a message of its own and its
// constructors never run.
//
//===----------------------------------------------------------------------===//

#include "ModelLibrary.h"

#include "tfc/runner/ElfSymbols.h"

#include <cstdio>
#include <dlfcn.h>
#include <filesystem>

using namespace tfc::runner;

ModelLibrary::~ModelLibrary() {
  boundModel.reset();
  if (handle)
    dlclose(handle);
}

bool ModelLibrary::open(const std::string &path, const Console &console) {
  std::string symbol, error;
  if (!findExportedObjectInFile(path, TFC_MODEL_SYMBOL_PREFIX, symbol, error)) {
    reportError(console, error);
    return false;
  }
  if (symbol.empty()) {
    reportError(console, path + ": exports no tfc model (compile it with "
                                "`tfc compile`)");
    return false;
  }
  // dlopen searches the library path for a name without a slash; the user
  // means the file.
  std::error_code ignored;
  std::string absolute = std::filesystem::absolute(path, ignored).string();
  handle = dlopen(absolute.empty() ? path.c_str() : absolute.c_str(),
                  RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    reportError(console, "cannot load " + path + ": " + dlerror());
    return false;
  }
  auto *abi = static_cast<const tfc_model_abi *>(dlsym(handle, symbol.c_str()));
  if (!abi) {
    reportError(console, path + ": cannot find " + symbol + ": " + dlerror());
    return false;
  }
  StatusPtr status(tfc_status_create());
  boundModel.reset(tfc_model_create(abi, nullptr, status.get()));
  if (!boundModel) {
    reportError(console, tfc_status_message(status.get()));
    return false;
  }
  return true;
}

int tfc::runner::reportError(const Console &console,
                             const std::string &message) {
  // One write per line: the ranks of a job share the terminal, and pieces
  // written apart can interleave.
  console.errs << (console.tool + ": " + message + "\n") << std::flush;
  return 1;
}

std::string tfc::runner::typeText(const tfc_tensor_info &info) {
  std::string text = std::string(tfc_dtype_name(info.dtype)) + "[";
  for (int64_t i = 0; i < info.rank; ++i) {
    if (i)
      text += ",";
    text += info.shape[i] < 0 ? "?" : std::to_string(info.shape[i]);
  }
  return text + "]";
}

std::string tfc::runner::tensorText(const tfc_tensor *tensor,
                                    int64_t maxElements) {
  int64_t length = tfc_tensor_to_string(tensor, maxElements, nullptr, 0);
  if (length < 0)
    return "<no tensor>";
  std::string text(length + 1, '\0');
  tfc_tensor_to_string(tensor, maxElements, text.data(), text.size());
  text.resize(length);
  return text;
}

std::string tfc::runner::jsonString(const std::string &text) {
  std::string json = "\"";
  for (unsigned char c : text) {
    if (c == '"' || c == '\\') {
      json += '\\';
      json += static_cast<char>(c);
    } else if (c < 0x20) {
      char escape[8];
      std::snprintf(escape, sizeof(escape), "\\u%04x", c);
      json += escape;
    } else {
      json += static_cast<char>(c);
    }
  }
  return json + "\"";
}
