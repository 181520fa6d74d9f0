//===- Hooks.cpp - Print and assert support -------------------------------===//
//
// The print callback behind `tfc.print` and the error statuses of failed
// `tfc.assert`s, both formatted as TensorFlow's tf.Print and tf.Assert do.
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include <cstdio>
#include <mutex>
#include <string>

using namespace tfc::runtime;

namespace {
struct PrintHook {
  /// Held while the callback runs, so callbacks are serialized.
  std::mutex mutex;
  tfc_print_fn fn = nullptr;
  void *userData = nullptr;
};
} // namespace

/// Never destroyed, so printing stays safe during process exit.
static PrintHook &printHook() {
  static PrintHook *instance = new PrintHook();
  return *instance;
}

/// One tensor as tf.Print shows it: its values in brackets ("[1 2 3]",
/// "[[1 2] [3 4]]", and "[7]" for a scalar).
static void appendBracketed(std::string &out, const tfc_tensor *tensor,
                            int64_t summarize) {
  if (!tensor) {
    out += "<null>";
    return;
  }
  if (tensor->rank == 0)
    out += '[';
  appendSummary(out, tensor, summarize);
  if (tensor->rank == 0)
    out += ']';
}

/// Appends the tensors of a (count, pointer) list, or a note if it is bad.
static void appendList(std::string &out, const tfc_tensor *const *tensors,
                       int64_t count, int64_t summarize,
                       const char *separator) {
  if (count < 0 || (count > 0 && !tensors)) {
    out += separator;
    out += "<invalid tensor list>";
    return;
  }
  for (int64_t i = 0; i < count; ++i) {
    out += separator;
    appendBracketed(out, tensors[i], summarize);
  }
}

extern "C" {

void tfc_set_print_hook(tfc_print_fn fn, void *userData) {
  PrintHook &hook = printHook();
  std::lock_guard<std::mutex> guard(hook.mutex);
  hook.fn = fn;
  hook.userData = userData;
}

void tfc_print(const char *message, const tfc_tensor *const *tensors,
               int64_t numTensors, int64_t summarize) {
  std::string line = message ? message : "";
  appendList(line, tensors, numTensors, summarize, "");
  PrintHook &hook = printHook();
  std::lock_guard<std::mutex> guard(hook.mutex);
  if (hook.fn) {
    hook.fn(hook.userData, line.c_str(), line.size());
    return;
  }
  line += '\n';
  std::fwrite(line.data(), 1, line.size(), stderr);
}

tfc_code tfc_assert_fail(const char *message, const tfc_tensor *const *data,
                         int64_t numData, int64_t summarize,
                         tfc_status *status) {
  std::string text = "assertion failed: [";
  text += message ? message : "";
  text += ']';
  appendList(text, data, numData, summarize, " ");
  return setError(status, TFC_INVALID_ARGUMENT, "%s", text.c_str());
}

tfc_code tfc_assert(const tfc_tensor *condition, const char *message,
                    const tfc_tensor *const *data, int64_t numData,
                    int64_t summarize, tfc_status *status) {
  if (!condition)
    return setError(status, TFC_INVALID_ARGUMENT,
                    "the condition of assert [%s] is NULL",
                    message ? message : "");
  if (condition->dtype != TFC_BOOL)
    return setError(
        status, TFC_INVALID_ARGUMENT,
        "the condition of assert [%s] must be bool but is %s",
        message ? message : "",
        typeString(condition->dtype, condition->dims, condition->rank).c_str());
  const auto *values = static_cast<const unsigned char *>(condition->data);
  for (int64_t i = 0; i < condition->numElements; ++i)
    if (!values[i])
      return tfc_assert_fail(message, data, numData, summarize, status);
  return TFC_OK;
}

} // extern "C"
