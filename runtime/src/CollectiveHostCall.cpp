//===- CollectiveHostCall.cpp - The gradient exchange compiled code calls -===//
//
// `tfc compile --data-parallel` makes each training step exchange its
// gradients with one tfc_rt_all_reduce_gradients: each gradient's buffer
// is summed in place (Collective.cpp) and the factor that makes the sums
// the means is returned for the compiled code to apply where it reads the
// gradients.
// The host function TFC_COLLECTIVE_ALL_REDUCE_MEAN_FN does the same for
// callers of tfc_host_call (BuiltinHostFunctions.cpp maps the name here),
// with the mean in a new tensor.
//
//===----------------------------------------------------------------------===//

#include "CallContext.h"
#include "Internal.h"
#include "Model.h"

#include "tfc/runtime/collective.h"

using namespace tfc::runtime;

/// The local batch size: the first element of an i32 or i64 shape.
static tfc_code batchWeight(const tfc_tensor *shape, double &weight,
                            tfc_status *status) {
  if (shape->numElements < 1 ||
      (shape->dtype != TFC_I32 && shape->dtype != TFC_I64))
    return setError(status, TFC_INVALID_ARGUMENT,
                    "the batch shape must be a non-empty i32 or i64 tensor");
  weight =
      shape->dtype == TFC_I32
          ? static_cast<const int32_t *>(shape->data)[0]
          : static_cast<double>(static_cast<const int64_t *>(shape->data)[0]);
  return TFC_OK;
}

/// Hands a result's memory back to the workspace.
static void releaseResult(void *, void *block) { releaseBuffer(block); }

/// A rank-1 f32 tensor of `count` elements whose values are to be written,
/// in workspace memory: a training step's exchange has the same size every
/// step, and the workspace hands the last step's block back instead of
/// fresh pages, a fault per 4 KiB (Workspace.cpp).
static tfc_tensor *resultTensor(int64_t count, tfc_status *status) {
  void *data =
      allocateBuffer(TFC_ALIGNMENT, static_cast<size_t>(count) * sizeof(float));
  if (!data)
    return createTensorToOverwrite(TFC_F32, 1, &count, status);
  tfc_tensor *tensor =
      tfc_tensor_wrap(TFC_F32, 1, &count, data, releaseResult, data, status);
  if (!tensor)
    releaseBuffer(data);
  return tensor;
}

tfc_code tfc::runtime::callAllReduceMean(const tfc_tensor *const *inputs,
                                         int64_t numInputs,
                                         tfc_tensor **outputs,
                                         int64_t numOutputs,
                                         tfc_status *status) {
  if (numInputs < 1 || numInputs > 2 || numOutputs != 1 ||
      inputs[0]->dtype != TFC_F32 || inputs[0]->rank != 1)
    return setError(status, TFC_INVALID_ARGUMENT,
                    "takes a rank-1 f32 buffer and an optional batch shape, "
                    "and returns one buffer");
  double weight = 1.0;
  if (numInputs == 2)
    if (tfc_code code = batchWeight(inputs[1], weight, status))
      return code;
  tfc_tensor *result = resultTensor(inputs[0]->dims[0], status);
  if (!result)
    return TFC_RESOURCE_EXHAUSTED;
  if (tfc_code code =
          allReduceMeanInto(static_cast<const float *>(inputs[0]->data),
                            static_cast<float *>(result->data),
                            result->numElements, weight, status)) {
    tfc_tensor_destroy(result);
    return code;
  }
  outputs[0] = result;
  return TFC_OK;
}

/// The exchange of tfc_rt_all_reduce_gradients: `pairs` holds `count`
/// (address, element count) pairs. False, with the failure recorded, if it
/// fails; this frame returns normally, so its status is destroyed.
static bool exchangeGradients(CallContext &context, uintptr_t pairs,
                              int64_t count, int64_t weight, float &scale) {
  tfc_status status;
  if (tfc_code code =
          allReduceGradients(reinterpret_cast<const int64_t *>(pairs), count,
                             weight, scale, &status)) {
    recordFailure(context, code, status.message);
    return false;
  }
  return true;
}

extern "C" float tfc_rt_all_reduce_gradients(uintptr_t pairs, int64_t count,
                                             int64_t weight) {
  CallContext &context = requireContext("tfc_rt_all_reduce_gradients");
  float scale = 1.0f;
  if (!exchangeGradients(context, pairs, count, weight, scale))
    unwindCall(context);
  return scale;
}
