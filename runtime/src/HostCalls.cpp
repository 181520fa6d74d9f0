//===- HostCalls.cpp - The host function registry -------------------------===//
//
// A process-wide map from names to C functions. Entries are reference
// counted so that a call in flight keeps its function (and user data) alive
// across a concurrent unregistration. Names beginning with "tfc." are the
// runtime's own functions (BuiltinHostFunctions.h), called without an entry.
//
//===----------------------------------------------------------------------===//

#include "BuiltinHostFunctions.h"
#include "Internal.h"

#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

using namespace tfc::runtime;

namespace {
struct HostFunction {
  tfc_host_fn fn;
  void *userData;
  tfc_host_release_fn release;

  ~HostFunction() {
    if (release)
      release(userData);
  }
};

struct Registry {
  std::mutex mutex;
  std::unordered_map<std::string, std::shared_ptr<HostFunction>> functions;
};
} // namespace

/// Never destroyed: release callbacks must not run during process exit,
/// when the libraries that registered them may already be gone.
static Registry &registry() {
  static Registry *instance = new Registry();
  return *instance;
}

static std::shared_ptr<HostFunction> lookup(const char *name) {
  Registry &reg = registry();
  std::lock_guard<std::mutex> guard(reg.mutex);
  auto it = reg.functions.find(name);
  return it == reg.functions.end() ? nullptr : it->second;
}

static void destroyOutputs(tfc_tensor **outputs, int64_t numOutputs) {
  for (int64_t i = 0; i < numOutputs; ++i) {
    tfc_tensor_destroy(outputs[i]);
    outputs[i] = nullptr;
  }
}

extern "C" {

tfc_code tfc_host_register(const char *name, tfc_host_fn fn, void *userData,
                           tfc_host_release_fn release, tfc_status *status) {
  if (!name || !*name || !fn)
    return setError(status, TFC_INVALID_ARGUMENT,
                    "cannot register a host function with %s",
                    !fn    ? "a NULL function pointer"
                    : name ? "an empty name"
                           : "a NULL name");
  if (std::strncmp(name, kBuiltinHostPrefix, strlen(kBuiltinHostPrefix)) == 0)
    return setError(status, TFC_INVALID_ARGUMENT,
                    "cannot register a host function under '%s': names "
                    "beginning with '%s' are the runtime's own",
                    name, kBuiltinHostPrefix);
  auto entry = std::make_shared<HostFunction>();
  entry->fn = fn;
  entry->userData = userData;
  Registry &reg = registry();
  std::lock_guard<std::mutex> guard(reg.mutex);
  if (!reg.functions.emplace(name, entry).second)
    return setError(status, TFC_ALREADY_EXISTS,
                    "a host function is already registered under '%s'", name);
  // Set only once registered: a failed registration must not release.
  entry->release = release;
  return TFC_OK;
}

tfc_code tfc_host_unregister(const char *name, tfc_status *status) {
  if (!name)
    return setError(status, TFC_INVALID_ARGUMENT,
                    "cannot unregister a NULL name");
  std::shared_ptr<HostFunction> removed;
  {
    Registry &reg = registry();
    std::lock_guard<std::mutex> guard(reg.mutex);
    auto it = reg.functions.find(name);
    if (it == reg.functions.end())
      return setError(status, TFC_NOT_FOUND,
                      "no host function is registered under '%s'", name);
    removed = std::move(it->second);
    reg.functions.erase(it);
  }
  // `removed` may release the user data here, outside the registry lock.
  return TFC_OK;
}

int32_t tfc_host_is_registered(const char *name) {
  return name && (builtinHostFunction(name) || lookup(name) != nullptr);
}

tfc_code tfc_host_call(const char *name, const tfc_tensor *const *inputs,
                       int64_t numInputs, tfc_tensor **outputs,
                       int64_t numOutputs, tfc_status *status) {
  if (!name)
    return setError(status, TFC_INVALID_ARGUMENT,
                    "cannot call a host function with a NULL name");
  if (numInputs < 0 || (numInputs > 0 && !inputs) || numOutputs < 0 ||
      (numOutputs > 0 && !outputs))
    return setError(
        status, TFC_INVALID_ARGUMENT, "host function '%s': invalid %s list",
        name, numInputs < 0 || (numInputs > 0 && !inputs) ? "input" : "output");
  for (int64_t i = 0; i < numInputs; ++i)
    if (!inputs[i])
      return setError(status, TFC_INVALID_ARGUMENT,
                      "host function '%s': input %lld is NULL", name,
                      static_cast<long long>(i));
  for (int64_t i = 0; i < numOutputs; ++i)
    outputs[i] = nullptr;
  // A built-in needs no entry (no user data to keep alive): found without
  // the registry's lock or an allocation, as it runs every training step.
  tfc_host_fn fn = builtinHostFunction(name);
  void *userData = nullptr;
  std::shared_ptr<HostFunction> entry;
  if (!fn) {
    entry = lookup(name);
    if (!entry)
      return setError(status, TFC_NOT_FOUND,
                      "no host function is registered under '%s' (register "
                      "it with tfc_host_register before running the model)",
                      name);
    fn = entry->fn;
    userData = entry->userData;
  }

  tfc_status inner;
  tfc_code code = fn(userData, inputs, numInputs, outputs, numOutputs, &inner);
  if (code == TFC_OK)
    code = inner.code;
  if (code != TFC_OK) {
    destroyOutputs(outputs, numOutputs);
    std::string message =
        inner.code != TFC_OK
            ? inner.message
            : formatString("failed with code %d and no message", int(code));
    if (code < TFC_OK || code > TFC_UNAUTHENTICATED)
      code = TFC_UNKNOWN;
    return setError(status, code, "host function '%s': %s", name,
                    message.c_str());
  }
  for (int64_t i = 0; i < numOutputs; ++i) {
    if (!outputs[i]) {
      destroyOutputs(outputs, numOutputs);
      return setError(status, TFC_INTERNAL,
                      "host function '%s' returned OK but did not set output "
                      "%lld of %lld",
                      name, static_cast<long long>(i),
                      static_cast<long long>(numOutputs));
    }
  }
  return TFC_OK;
}

} // extern "C"
