//===- CudaResults.cpp - Copying a CUDA call's results to the host --------===//
//
// A CUDA model's entry point returns device buffers. Each becomes a new host
// tensor: a contiguous buffer in one copy; a strided one (a slice of a
// larger buffer) by copying the span it covers and gathering on the host.
// The device buffer itself belongs to the call's workspace and goes back
// to it when the call ends.
//
//===----------------------------------------------------------------------===//

#include "MemRef.h"
#include "Model.h"

#include <cstring>
#include <memory>

using namespace tfc::runtime;

tfc_code tfc::runtime::resultFromDevice(tfc_dtype dtype, const int64_t *words,
                                        int64_t rank, tfc_tensor **result,
                                        tfc_status *status) {
  *result = nullptr;
  const int64_t *sizes = words + 3;
  const int64_t *strides = words + 3 + rank;
  // Every element is copied from the device: no zero-fill first.
  std::unique_ptr<tfc_tensor, void (*)(tfc_tensor *)> tensor(
      createTensorToOverwrite(dtype, rank, sizes, status), tfc_tensor_destroy);
  if (!tensor)
    return TFC_RESOURCE_EXHAUSTED;
  int64_t elementSize = tfc_dtype_size(dtype);
  char *aligned;
  std::memcpy(&aligned, &words[1], sizeof(char *));
  StridedView device = {aligned + words[2] * elementSize, rank, sizes, strides};
  if (tensor->numElements > 0) {
    if (isContiguous(device)) {
      if (tfc_code code =
              copyToHost(tensor->data, device.data,
                         static_cast<size_t>(tensor->byteSize), status))
        return code;
    } else {
      // The element offsets the view reaches, relative to its first one.
      int64_t low = 0, high = 0;
      for (int64_t dim = 0; dim < rank; ++dim) {
        int64_t reach = (sizes[dim] - 1) * strides[dim];
        (reach < 0 ? low : high) += reach;
      }
      size_t spanBytes = static_cast<size_t>((high - low + 1) * elementSize);
      std::unique_ptr<char[]> span(new (std::nothrow) char[spanBytes]);
      if (!span)
        return setError(status, TFC_RESOURCE_EXHAUSTED,
                        "no host memory to copy a %zu-byte result", spanBytes);
      if (tfc_code code = copyToHost(
              span.get(), device.data + low * elementSize, spanBytes, status))
        return code;
      int64_t denseStrides[TFC_MAX_RANK];
      rowMajorStrides(sizes, rank, denseStrides);
      StridedView source = {span.get() - low * elementSize, rank, sizes,
                            strides};
      StridedView target = {static_cast<char *>(tensor->data), rank, sizes,
                            denseStrides};
      copyStrided(source, target, elementSize);
    }
  }
  *result = tensor.release();
  return TFC_OK;
}
