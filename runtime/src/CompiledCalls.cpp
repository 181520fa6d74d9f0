//===- CompiledCalls.cpp - What compiled code calls in the runtime --------===//
//
// The tfc_rt_* functions of tfc/runtime/compiled.h: tensors pushed from
// memref parts, tf.Print through the print hook, failed assertions and host
// calls, which unwind the model call with an error status.
//
//===----------------------------------------------------------------------===//

#include "CallContext.h"
#include "MemRef.h"

#include <cstdio>
#include <cstdlib>

using namespace tfc::runtime;

namespace {
thread_local CallContext *currentContext = nullptr;
} // namespace

void CallContext::clearPending() {
  for (tfc_tensor *tensor : pending)
    tfc_tensor_destroy(tensor);
  pending.clear();
}

void CallContext::clearResults() {
  for (tfc_tensor *tensor : results)
    tfc_tensor_destroy(tensor);
  results.clear();
  hostFunction.clear();
  checkpoint.clear();
  resultNames.clear();
}

CallContext *tfc::runtime::currentCallContext() { return currentContext; }

CallContextScope::CallContextScope() : previous(currentContext) {
  currentContext = &context;
}

CallContextScope::~CallContextScope() { currentContext = previous; }

bool tfc::runtime::runGuarded(void (*function)(void **), void **args,
                              CallContext &context) {
  if (setjmp(context.jump) != 0)
    return false;
  function(args);
  return true;
}

void tfc::runtime::unwindCall(CallContext &context) {
  std::longjmp(context.jump, 1);
}

/// The running call's context. Compiled code only runs inside
/// tfc_model_call, so there always is one; without it there is nothing to
/// report an error to.
CallContext &tfc::runtime::requireContext(const char *function) {
  if (!currentContext) {
    std::fprintf(stderr, "tfc runtime: %s called outside a model call\n",
                 function);
    std::abort();
  }
  return *currentContext;
}

/// Records a failure (the message is built here, so that the frame that
/// unwinds holds no string).
void tfc::runtime::recordFailure(CallContext &context, tfc_code code,
                                 const std::string &message) {
  context.code = code;
  context.message = message;
}

/// A copy of the elements of a memref, in a tensor of their shape.
static tfc_tensor *copyFromMemRef(tfc_dtype dtype, int64_t rank, uintptr_t data,
                                  int64_t offset, uintptr_t sizesAndStrides,
                                  tfc_status *status) {
  const auto *sizes = reinterpret_cast<const int64_t *>(sizesAndStrides);
  tfc_tensor *tensor = tfc_tensor_create(dtype, rank, sizes, status);
  if (!tensor)
    return nullptr;
  int64_t elementSize = tfc_dtype_size(dtype);
  StridedView source = {reinterpret_cast<char *>(data) + offset * elementSize,
                        rank, sizes, sizes + rank};
  int64_t strides[TFC_MAX_RANK];
  rowMajorStrides(sizes, rank, strides);
  StridedView target = {static_cast<char *>(tensor->data), rank, sizes,
                        strides};
  copyStrided(source, target, elementSize);
  return tensor;
}

/// Builds the error of a failed assertion.
static void recordAssertFailure(CallContext &context, const char *message,
                                int64_t summarize) {
  tfc_status status;
  tfc_assert_fail(message, context.pending.data(),
                  static_cast<int64_t>(context.pending.size()), summarize,
                  &status);
  recordFailure(context, status.code, status.message);
  context.clearPending();
}

/// Runs a host function; false (with the error recorded) when it fails.
static bool callHostFunction(CallContext &context, const char *name,
                             int64_t numOutputs) {
  context.clearResults();
  context.hostFunction = name;
  context.results.assign(numOutputs, nullptr);
  tfc_status status;
  tfc_code code = tfc_host_call(name, context.pending.data(),
                                static_cast<int64_t>(context.pending.size()),
                                context.results.data(), numOutputs, &status);
  context.clearPending();
  if (code == TFC_OK)
    return true;
  context.results.clear();
  recordFailure(context, code, status.message);
  return false;
}

/// Where result `index` came from and what it is, for messages: "host
/// function 'f' returned f32[2] as result 0", "checkpoint 'p' holds tensor
/// 'w' as f32[2]".
static std::string describeResult(const CallContext &context, size_t index) {
  const tfc_tensor *result = context.results[index];
  std::string type = typeString(result->dtype, result->dims, result->rank);
  if (index < context.resultNames.size())
    return formatString("checkpoint '%s' holds tensor '%s' as %s",
                        context.checkpoint.c_str(),
                        context.resultNames[index].c_str(), type.c_str());
  return formatString("host function '%s' returned %s as result %lld",
                      context.hostFunction.c_str(), type.c_str(),
                      static_cast<long long>(index));
}

/// Result `index` of the last host call or restore, checked to have
/// `rank` dimensions; null (with the error recorded) otherwise.
static const tfc_tensor *hostResult(CallContext &context, int64_t index,
                                    int64_t rank) {
  if (index < 0 || index >= static_cast<int64_t>(context.results.size())) {
    recordFailure(context, TFC_INTERNAL,
                  formatString("host function '%s' has no result %lld",
                               context.hostFunction.c_str(),
                               static_cast<long long>(index)));
    return nullptr;
  }
  const tfc_tensor *result = context.results[index];
  if (result->rank != rank) {
    recordFailure(context, TFC_INVALID_ARGUMENT,
                  formatString("%s, which the model declares with rank %lld",
                               describeResult(context, index).c_str(),
                               static_cast<long long>(rank)));
    return nullptr;
  }
  return result;
}

/// Copies a host call's result into the model's buffer after checking its
/// dtype and shape; false (with the error recorded) when they differ.
static bool copyHostResult(CallContext &context, int64_t index, tfc_dtype dtype,
                           int64_t rank, uintptr_t data, int64_t offset,
                           uintptr_t sizesAndStrides) {
  const tfc_tensor *result = hostResult(context, index, rank);
  if (!result)
    return false;
  const auto *sizes = reinterpret_cast<const int64_t *>(sizesAndStrides);
  bool sameShape = true;
  for (int64_t dim = 0; dim < rank; ++dim)
    sameShape &= result->dims[dim] == sizes[dim];
  if (result->dtype != dtype || !sameShape) {
    recordFailure(context, TFC_INVALID_ARGUMENT,
                  formatString("%s, but the model declares %s",
                               describeResult(context, index).c_str(),
                               typeString(dtype, sizes, rank).c_str()));
    return false;
  }
  int64_t elementSize = tfc_dtype_size(dtype);
  int64_t strides[TFC_MAX_RANK];
  rowMajorStrides(sizes, rank, strides);
  StridedView source = {static_cast<char *>(result->data), rank, sizes,
                        strides};
  StridedView target = {reinterpret_cast<char *>(data) + offset * elementSize,
                        rank, sizes, sizes + rank};
  copyStrided(source, target, elementSize);
  return true;
}

/// A tensor over a memref's elements when they are contiguous, in row-major
/// order: a pushed tensor is read by the print, assertion or host call that
/// follows the pushes, while the model's buffer is alive, so it need not be
/// copied (a data-parallel step pushes all its gradients). Null otherwise.
static tfc_tensor *wrapContiguous(tfc_dtype dtype, int64_t rank, uintptr_t data,
                                  int64_t offset, uintptr_t sizesAndStrides,
                                  tfc_status *status) {
  const auto *sizes = reinterpret_cast<const int64_t *>(sizesAndStrides);
  int64_t strides[TFC_MAX_RANK];
  rowMajorStrides(sizes, rank, strides);
  int64_t elements = 1;
  for (int64_t dim = 0; dim < rank; ++dim) {
    elements *= sizes[dim];
    if (sizes[dim] != 1 && sizes[rank + dim] != strides[dim])
      return nullptr;
  }
  if (elements == 0 || !data)
    return nullptr;
  char *start = reinterpret_cast<char *>(data) + offset * tfc_dtype_size(dtype);
  return tfc_tensor_wrap(dtype, rank, sizes, start, nullptr, nullptr, status);
}

/// Records a failure to push a tensor (an allocation that failed).
static bool pushTensor(CallContext &context, tfc_dtype dtype, int64_t rank,
                       uintptr_t data, int64_t offset,
                       uintptr_t sizesAndStrides) {
  tfc_status status;
  tfc_tensor *tensor =
      wrapContiguous(dtype, rank, data, offset, sizesAndStrides, &status);
  if (!tensor)
    tensor =
        copyFromMemRef(dtype, rank, data, offset, sizesAndStrides, &status);
  if (!tensor) {
    recordFailure(context, status.code, status.message);
    return false;
  }
  context.pending.push_back(tensor);
  return true;
}

/// The data of a deferred assertion in host memory, pushed as a failed
/// assertion's data; false (with the error recorded) when a copy fails.
static bool pushDeferredData(CallContext &context) {
  for (const DeferredTensor &tensor : context.pendingDeferred) {
    int64_t sizesAndStrides[2 * TFC_MAX_RANK];
    for (int64_t dim = 0; dim < tensor.rank; ++dim) {
      sizesAndStrides[dim] = tensor.sizes[dim];
      sizesAndStrides[tensor.rank + dim] = tensor.strides[dim];
    }
    if (!pushTensor(context, tensor.dtype, tensor.rank,
                    reinterpret_cast<uintptr_t>(tensor.data), 0,
                    reinterpret_cast<uintptr_t>(sizesAndStrides)))
      return false;
  }
  context.pendingDeferred.clear();
  return true;
}

extern "C" {

// The frames below hold no objects with destructors: they may unwind.

void tfc_rt_push_tensor(tfc_dtype dtype, int64_t rank, uintptr_t data,
                        int64_t offset, uintptr_t sizesAndStrides) {
  CallContext &context = requireContext("tfc_rt_push_tensor");
  if (!pushTensor(context, dtype, rank, data, offset, sizesAndStrides))
    unwindCall(context);
}

void tfc_rt_push_deferred_tensor(tfc_dtype dtype, int64_t rank, uintptr_t data,
                                 int64_t offset) {
  CallContext &context = requireContext("tfc_rt_push_deferred_tensor");
  DeferredTensor tensor;
  tensor.dtype = dtype;
  tensor.rank = rank;
  tensor.dims = 0;
  tensor.data =
      reinterpret_cast<const char *>(data) + offset * tfc_dtype_size(dtype);
  context.pendingDeferred.push_back(tensor);
}

void tfc_rt_deferred_tensor_dim(int64_t size, int64_t stride) {
  CallContext &context = requireContext("tfc_rt_deferred_tensor_dim");
  if (context.pendingDeferred.empty() ||
      context.pendingDeferred.back().dims >=
          context.pendingDeferred.back().rank) {
    recordFailure(context, TFC_INTERNAL,
                  "tfc_rt_deferred_tensor_dim: no tensor expects a dimension");
    unwindCall(context);
  }
  DeferredTensor &tensor = context.pendingDeferred.back();
  tensor.sizes[tensor.dims] = size;
  tensor.strides[tensor.dims] = stride;
  ++tensor.dims;
}

void tfc_rt_defer_assert(uintptr_t condition, int64_t offset,
                         const char *message, int64_t summarize) {
  CallContext &context = requireContext("tfc_rt_defer_assert");
  const auto *holds =
      reinterpret_cast<const unsigned char *>(condition) + offset;
  if (!context.deviceMemory) {
    // Host memory (the CUDA emulator): the condition is computed already.
    if (*holds) {
      context.pendingDeferred.clear();
      return;
    }
    if (!pushDeferredData(context))
      unwindCall(context);
    recordAssertFailure(context, message, summarize);
    unwindCall(context);
  }
  context.deferred.push_back(
      {holds, message, summarize, std::move(context.pendingDeferred)});
  context.pendingDeferred.clear();
}

void tfc_rt_print(const char *message, int64_t summarize) {
  CallContext &context = requireContext("tfc_rt_print");
  tfc_print(message, context.pending.data(),
            static_cast<int64_t>(context.pending.size()), summarize);
  context.clearPending();
}

void tfc_rt_assert_fail(const char *message, int64_t summarize) {
  CallContext &context = requireContext("tfc_rt_assert_fail");
  recordAssertFailure(context, message, summarize);
  unwindCall(context);
}

void tfc_rt_host_call(const char *name, int64_t numOutputs) {
  CallContext &context = requireContext("tfc_rt_host_call");
  if (!callHostFunction(context, name, numOutputs))
    unwindCall(context);
}

int64_t tfc_rt_host_result_dim(int64_t index, int64_t rank, int64_t dim) {
  CallContext &context = requireContext("tfc_rt_host_result_dim");
  const tfc_tensor *result = hostResult(context, index, rank);
  if (!result)
    unwindCall(context);
  return result->dims[dim];
}

void tfc_rt_host_result(int64_t index, tfc_dtype dtype, int64_t rank,
                        uintptr_t data, int64_t offset,
                        uintptr_t sizesAndStrides) {
  CallContext &context = requireContext("tfc_rt_host_result");
  if (!copyHostResult(context, index, dtype, rank, data, offset,
                      sizesAndStrides))
    unwindCall(context);
}

} // extern "C"
