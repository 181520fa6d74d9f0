//===- CudaCalls.cpp - Failures of the mgpu* functions --------------------===//

#include "CudaCalls.h"
#include "CallContext.h"

#include <mutex>

using namespace tfc::runtime;

namespace {
std::mutex loadFailureMutex;
std::string &loadFailure() {
  static std::string *text = new std::string();
  return *text;
}
} // namespace

void tfc::runtime::recordCudaFailure(tfc_code code,
                                     const std::string &message) {
  if (CallContext *context = currentCallContext()) {
    // Keep the first failure: later ones are usually its consequences.
    if (context->code == TFC_OK) {
      context->code = code;
      context->message = message;
    }
    return;
  }
  std::lock_guard<std::mutex> lock(loadFailureMutex);
  loadFailure() = message;
}

const CudaDriver *tfc::runtime::cudaForCall(const char *function) {
  const CudaDriver *driver = cudaDriver();
  if (!driver) {
    recordCudaFailure(TFC_UNAVAILABLE,
                      formatString("%s: no CUDA device available (%s)",
                                   function, cudaUnavailableReason().c_str()));
    return nullptr;
  }
  std::string message;
  if (!makeCudaContextCurrent(*driver, message)) {
    recordCudaFailure(TFC_INTERNAL,
                      formatString("%s: %s", function, message.c_str()));
    return nullptr;
  }
  return driver;
}

bool tfc::runtime::cudaSucceeded(CUresult result, const char *function,
                                 const char *what) {
  if (result == kCudaSuccess)
    return true;
  tfc_code code =
      result == kCudaErrorOutOfMemory ? TFC_RESOURCE_EXHAUSTED : TFC_INTERNAL;
  recordCudaFailure(code, formatString("%s: %s failed: %s", function, what,
                                       cudaErrorName(result).c_str()));
  return false;
}

void tfc::runtime::unwindIfCallFailed() {
  CallContext *context = currentCallContext();
  if (context && context->code != TFC_OK)
    unwindCall(*context);
}

std::string tfc::runtime::lastCudaLoadFailure() {
  std::lock_guard<std::mutex> lock(loadFailureMutex);
  return loadFailure();
}
