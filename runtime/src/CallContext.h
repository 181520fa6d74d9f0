//===- CallContext.h - The state of a running model call --------*- C++ -*-===//
//
// What compiled code's runtime calls need from the model call running on
// their thread: tensors pushed for the next print, assert or host call, the
// last host call's results, and where to unwind to when the call fails.
//
//===----------------------------------------------------------------------===//

#ifndef TFC_RUNTIME_SRC_CALLCONTEXT_H
#define TFC_RUNTIME_SRC_CALLCONTEXT_H

#include "Internal.h"

#include <csetjmp>
#include <string>
#include <vector>

namespace tfc::runtime {

struct CallContext {
  /// Where a failure unwinds to: set by runGuarded.
  std::jmp_buf jump;
  /// The failure, once there is one.
  tfc_code code = TFC_OK;
  std::string message;
  /// Arguments of the next print, assert or host call.
  std::vector<tfc_tensor *> pending;
  /// Results of the last host call and its name.
  std::vector<tfc_tensor *> results;
  std::string hostFunction;

  CallContext() = default;
  CallContext(const CallContext &) = delete;
  CallContext &operator=(const CallContext &) = delete;
  ~CallContext() {
    clearPending();
    clearResults();
  }
  void clearPending();
  void clearResults();
};

/// The context of the call running on this thread, or null.
CallContext *currentCallContext();

/// Installs a context for the duration of a model call (restoring the one
/// of an outer call, when a host function calls a model).
class CallContextScope {
public:
  CallContextScope();
  ~CallContextScope();
  CallContext &get() { return context; }

private:
  CallContext context;
  CallContext *previous;
};

/// Calls a packed entry point; false when it failed and unwound (the
/// context then holds the error).
bool runGuarded(void (*function)(void **), void **args, CallContext &context);

/// Unwinds to runGuarded. The caller's frame must hold no object with a
/// destructor: record the error in the context first.
[[noreturn]] void unwindCall(CallContext &context);

} // namespace tfc::runtime

#endif // TFC_RUNTIME_SRC_CALLCONTEXT_H
