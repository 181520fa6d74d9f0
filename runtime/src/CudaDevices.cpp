//===- CudaDevices.cpp - The tfc_cuda_* API: what the driver reports ------===//

#include "CudaDriver.h"

#include "tfc/runtime/cuda.h"

#include <cstring>

using namespace tfc::runtime;

tfc_code tfc_cuda_check_available(tfc_status *status) {
  return checkCudaAvailable(status);
}

const char *tfc_cuda_driver_path(void) { return cudaDriverPath(); }

int32_t tfc_cuda_driver_version(void) {
  const CudaDriver *d = cudaDriver();
  return d ? d->version : -1;
}

int32_t tfc_cuda_device_count(void) {
  const CudaDriver *d = cudaDriver();
  return d ? d->deviceCount : 0;
}

tfc_code tfc_cuda_device_get_info(int32_t index, tfc_cuda_device_info *info,
                                  tfc_status *status) {
  if (!info)
    return setError(status, TFC_INVALID_ARGUMENT,
                    "tfc_cuda_device_get_info: info is NULL");
  if (checkCudaAvailable(status) != TFC_OK)
    return TFC_UNAVAILABLE;
  const CudaDriver &d = *cudaDriver();
  if (index < 0 || index >= d.deviceCount)
    return setError(status, TFC_INVALID_ARGUMENT,
                    "no CUDA device %d (there are %d)", index, d.deviceCount);
  std::memset(info, 0, sizeof(*info));
  CUdevice device = 0;
  size_t memory = 0;
  CUresult result = d.cuDeviceGet(&device, index);
  if (result == kCudaSuccess)
    result = d.cuDeviceGetName(info->name, sizeof(info->name) - 1, device);
  if (result == kCudaSuccess)
    result = d.cuDeviceGetAttribute(&info->major, kAttrMajor, device);
  if (result == kCudaSuccess)
    result = d.cuDeviceGetAttribute(&info->minor, kAttrMinor, device);
  if (result == kCudaSuccess)
    result = d.cuDeviceGetAttribute(&info->multiprocessors,
                                    kAttrMultiprocessors, device);
  if (result == kCudaSuccess)
    result = d.cuDeviceTotalMem(&memory, device);
  if (result != kCudaSuccess)
    return setError(status, TFC_INTERNAL, "querying CUDA device %d: %s", index,
                    cudaErrorName(result).c_str());
  info->total_memory = static_cast<int64_t>(memory);
  return TFC_OK;
}
