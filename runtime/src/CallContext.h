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

/// Where a tensor of a deferred assertion is: its elements are read only
/// if the assertion fails.
struct DeferredTensor {
  tfc_dtype dtype;
  int64_t rank;
  /// The dimensions given so far (tfc_rt_deferred_tensor_dim).
  int64_t dims;
  /// The first element (offset applied).
  const char *data;
  int64_t sizes[TFC_MAX_RANK];
  int64_t strides[TFC_MAX_RANK];
};

/// An assertion of a CUDA model, checked when the call's device work is
/// done (tfc_rt_defer_assert).
struct DeferredAssertion {
  const unsigned char *condition;
  const char *message;
  int64_t summarize;
  std::vector<DeferredTensor> data;
};

struct CallContext {
  /// Where a failure unwinds to: set by runGuarded.
  std::jmp_buf jump;
  /// The failure, once there is one.
  tfc_code code = TFC_OK;
  std::string message;
  /// Arguments of the next print, assert or host call.
  std::vector<tfc_tensor *> pending;
  /// Results of the last host call and its name, or of the last restore
  /// (tfc_rt_restore_tensors): then `checkpoint` is its path and
  /// `resultNames` the tensors' names.
  std::vector<tfc_tensor *> results;
  std::string hostFunction;
  std::string checkpoint;
  std::vector<std::string> resultNames;
  /// Whether the call's buffers are device memory (a CUDA model).
  bool deviceMemory = false;
  /// Data of the next deferred assertion, and the assertions so far.
  std::vector<DeferredTensor> pendingDeferred;
  std::vector<DeferredAssertion> deferred;

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

/// Checks the deferred assertions in the order they were made, once the
/// call's device work is done; false (with the first failure recorded in
/// the context) when one does not hold.
bool checkDeferredAssertions(CallContext &context);

/// The running call's context; aborts when there is none (compiled code
/// runs only inside tfc_model_call, so there is nobody to report to).
CallContext &requireContext(const char *function);

/// Records a failure: build the message before the frame that unwinds, so
/// that it holds no string.
void recordFailure(CallContext &context, tfc_code code,
                   const std::string &message);

/// Unwinds to runGuarded. The caller's frame must hold no object with a
/// destructor: record the error in the context first.
[[noreturn]] void unwindCall(CallContext &context);

} // namespace tfc::runtime

#endif // TFC_RUNTIME_SRC_CALLCONTEXT_H
