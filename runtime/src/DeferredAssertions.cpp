//===- DeferredAssertions.cpp - Assertions of CUDA models -----------------===//
//
// A CUDA model's assertion (a runtime check of tfc-insert-runtime-checks, or
// a tfc.assert of the program) has its condition and data in device
// memory, which host code never reads. The runtime kept their addresses
// during the call (tfc_rt_defer_assert); once the call's device work has
// finished it reads all the conditions with one wait, and the first one,
// in the order the assertions were made, that is false fails the call with the
// message the CPU target gives, its data copied from the device. The buffers
// are still valid: device blocks freed inside a call stay the call's until it
// ends.
//
//===----------------------------------------------------------------------===//

#include "CallContext.h"
#include "CudaMemory.h"
#include "Model.h"

#include <cstring>

using namespace tfc::runtime;

namespace {
/// The tensor at `where`, copied from the device; null after recording why.
tfc_tensor *copyDeferredTensor(CallContext &context,
                               const DeferredTensor &where) {
  // resultFromDevice's descriptor: allocated and aligned pointers, offset,
  // sizes, strides.
  int64_t words[3 + 2 * TFC_MAX_RANK] = {};
  const char *data = where.data;
  std::memcpy(&words[0], &data, sizeof(data));
  std::memcpy(&words[1], &data, sizeof(data));
  for (int64_t dim = 0; dim < where.rank; ++dim) {
    words[3 + dim] = where.sizes[dim];
    words[3 + where.rank + dim] = where.strides[dim];
  }
  tfc_status status;
  tfc_tensor *tensor = nullptr;
  if (resultFromDevice(where.dtype, words, where.rank, &tensor, &status) !=
      TFC_OK) {
    context.code = status.code;
    context.message = status.message;
    return nullptr;
  }
  return tensor;
}
} // namespace

bool tfc::runtime::checkDeferredAssertions(CallContext &context) {
  if (context.deferred.empty())
    return true;
  // Every condition in one round of copies and one wait.
  size_t count = context.deferred.size();
  std::vector<unsigned char> holds(count, 0);
  std::vector<CopyRegion> regions(count);
  for (size_t i = 0; i < count; ++i)
    regions[i] = {&holds[i], context.deferred[i].condition, 1};
  tfc_status status;
  if (copyRegionsToHost(regions.data(), count, &status) != TFC_OK) {
    context.code = status.code;
    context.message = status.message;
    return false;
  }
  for (size_t i = 0; i < count; ++i) {
    if (holds[i])
      continue;
    const DeferredAssertion &assertion = context.deferred[i];
    std::vector<tfc_tensor *> data;
    bool copied = true;
    for (const DeferredTensor &where : assertion.data) {
      tfc_tensor *tensor = copyDeferredTensor(context, where);
      if (!tensor) {
        copied = false;
        break;
      }
      data.push_back(tensor);
    }
    if (copied) {
      tfc_assert_fail(assertion.message, data.data(),
                      static_cast<int64_t>(data.size()), assertion.summarize,
                      &status);
      context.code = status.code;
      context.message = status.message;
    }
    for (tfc_tensor *tensor : data)
      tfc_tensor_destroy(tensor);
    return false;
  }
  return true;
}
