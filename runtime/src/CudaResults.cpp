//===- CudaResults.cpp - Copying a CUDA call's results to the host --------===//
//
// A CUDA model's entry point returns device buffers. Each becomes a new host
// tensor: a contiguous buffer in one copy into page-locked memory (kept for
// later results when the tensor is destroyed); a strided one (a slice of a
// larger buffer) by copying the span it covers and gathering on the host.
// The device buffer itself belongs to the call's workspace and goes back
// to it when the call ends.
//
//===----------------------------------------------------------------------===//

#include "CudaMemory.h"
#include "CudaReuse.h"
#include "Internal.h"
#include "MemRef.h"
#include "Model.h"

#include <cstring>
#include <memory>
#include <vector>

using namespace tfc::runtime;

namespace {
using TensorPtr = std::unique_ptr<tfc_tensor, void (*)(tfc_tensor *)>;

void givePinnedTensorData(void *data, void *capacity) {
  givePinnedHost(data, reinterpret_cast<size_t>(capacity));
}

void giveDeviceTensorData(void *data, void *capacity) {
  giveDeviceBuffer(data, reinterpret_cast<size_t>(capacity));
}

/// `data`, `capacity` bytes from one of the runtime's pools, as a tensor
/// whose destruction (`deleter`) gives it back; given back at once (`give`)
/// when the tensor cannot be made.
TensorPtr wrapPooled(tfc_dtype dtype, int64_t rank, const int64_t *sizes,
                     void *data, size_t capacity, tfc_deleter deleter,
                     void (*give)(void *, size_t), tfc_status *status) {
  TensorPtr tensor(tfc_tensor_wrap(dtype, rank, sizes, data, deleter,
                                   reinterpret_cast<void *>(capacity), status),
                   tfc_tensor_destroy);
  if (!tensor)
    give(data, capacity);
  return tensor;
}

/// The bytes of a tensor of `dtype` and `sizes` (a result's: valid).
size_t byteSizeOf(tfc_dtype dtype, int64_t rank, const int64_t *sizes) {
  int64_t elements = 0, bytes = 0;
  checkShape(dtype, rank, sizes, "result", &elements, &bytes, nullptr);
  return static_cast<size_t>(bytes);
}

/// A host tensor whose every element the caller overwrites: page-locked
/// when the driver gives such memory, ordinary otherwise.
TensorPtr hostTensorToOverwrite(tfc_dtype dtype, int64_t rank,
                                const int64_t *sizes, tfc_status *status) {
  size_t bytes = byteSizeOf(dtype, rank, sizes);
  size_t capacity = 0;
  if (void *pinned = bytes > 0 ? takePinnedHost(bytes, &capacity) : nullptr)
    return wrapPooled(dtype, rank, sizes, pinned, capacity,
                      givePinnedTensorData, givePinnedHost, status);
  return TensorPtr(createTensorToOverwrite(dtype, rank, sizes, status),
                   tfc_tensor_destroy);
}

/// A tensor wrapping a device buffer for a result left on the device.
TensorPtr deviceTensor(tfc_dtype dtype, int64_t rank, const int64_t *sizes,
                       tfc_status *status) {
  size_t bytes = byteSizeOf(dtype, rank, sizes);
  size_t capacity = 0;
  void *device = takeDeviceBuffer(bytes, &capacity);
  if (!device) {
    setError(status, TFC_RESOURCE_EXHAUSTED,
             "no device memory for a result of type %s (%zu bytes)",
             typeString(dtype, sizes, rank).c_str(), bytes);
    return TensorPtr(nullptr, tfc_tensor_destroy);
  }
  return wrapPooled(dtype, rank, sizes, device, capacity, giveDeviceTensorData,
                    giveDeviceBuffer, status);
}

/// The contiguous device data a result descriptor `words` of `rank`
/// dimensions views, or null when it is strided.
const char *contiguousData(tfc_dtype dtype, const int64_t *words,
                           int64_t rank) {
  const int64_t *sizes = words + 3;
  const int64_t *strides = words + 3 + rank;
  char *aligned;
  std::memcpy(&aligned, &words[1], sizeof(char *));
  StridedView device = {aligned + words[2] * tfc_dtype_size(dtype), rank, sizes,
                        strides};
  return isContiguous(device) ? device.data : nullptr;
}
} // namespace

tfc_code tfc::runtime::resultsFromDevice(
    const EntryPoint &entry, const int64_t *words, const size_t *offsets,
    tfc_tensor **outputs, tfc_status *status, CUstream stream, bool onDevice) {
  size_t count = entry.outputs.size();
  std::vector<TensorPtr> tensors;
  tensors.reserve(count);
  // Host copies of strided results bound for the device, alive until the
  // copies below are done.
  std::vector<TensorPtr> gathered;
  std::vector<CopyRegion> copies;
  for (size_t k = 0; k < count; ++k) {
    const TensorSignature &signature = entry.outputs[k];
    int64_t rank = static_cast<int64_t>(signature.shape.size());
    const int64_t *result = words + offsets[k];
    const char *data = contiguousData(signature.dtype, result, rank);
    TensorPtr strided(nullptr, tfc_tensor_destroy);
    if (!data) {
      // Gathered on the host after a wait of its own, which must follow
      // the work on `stream`.
      if (stream)
        if (tfc_code code = copyRegionsToHost(nullptr, 0, status, stream))
          return code;
      tfc_tensor *host = nullptr;
      if (tfc_code code =
              resultFromDevice(signature.dtype, result, rank, &host, status))
        return code;
      strided.reset(host);
      if (!onDevice) {
        tensors.push_back(std::move(strided));
        continue;
      }
      data = static_cast<const char *>(strided->data);
    }
    TensorPtr tensor =
        onDevice
            ? deviceTensor(signature.dtype, rank, result + 3, status)
            : hostTensorToOverwrite(signature.dtype, rank, result + 3, status);
    if (!tensor)
      return TFC_RESOURCE_EXHAUSTED;
    if (tensor->byteSize > 0)
      copies.push_back(
          {tensor->data, data, static_cast<size_t>(tensor->byteSize)});
    tensors.push_back(std::move(tensor));
    if (strided)
      gathered.push_back(std::move(strided));
  }
  if (!copies.empty() || stream)
    if (tfc_code code =
            copyRegionsToHost(copies.data(), copies.size(), status, stream))
      return code;
  for (size_t k = 0; k < count; ++k)
    outputs[k] = tensors[k].release();
  return TFC_OK;
}

tfc_code tfc::runtime::resultFromDevice(tfc_dtype dtype, const int64_t *words,
                                        int64_t rank, tfc_tensor **result,
                                        tfc_status *status) {
  *result = nullptr;
  const int64_t *sizes = words + 3;
  const int64_t *strides = words + 3 + rank;
  // Every element is copied from the device: no zero-fill first.
  TensorPtr tensor = hostTensorToOverwrite(dtype, rank, sizes, status);
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

tfc_tensor *tfc_cuda_tensor_create_pinned(tfc_dtype dtype, int64_t rank,
                                          const int64_t *shape,
                                          tfc_status *status) {
  int64_t elements = 0, bytes = 0;
  if (checkShape(dtype, rank, shape, "tensor", &elements, &bytes, status) !=
          TFC_OK ||
      checkCudaAvailable(status) != TFC_OK)
    return nullptr;
  size_t capacity = 0;
  void *pinned = takePinnedHost(static_cast<size_t>(bytes), &capacity);
  if (!pinned) {
    setError(status, TFC_RESOURCE_EXHAUSTED,
             "the CUDA driver has no page-locked memory for a tensor of "
             "type %s (%lld bytes)",
             typeString(dtype, shape, rank).c_str(),
             static_cast<long long>(bytes));
    return nullptr;
  }
  std::memset(pinned, 0, static_cast<size_t>(bytes));
  return wrapPooled(dtype, rank, shape, pinned, capacity, givePinnedTensorData,
                    givePinnedHost, status)
      .release();
}
