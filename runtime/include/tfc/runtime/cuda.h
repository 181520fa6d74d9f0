/*===- cuda.h - CUDA devices --------------------------------------*- C -*-===*\
|*                                                                          *|
|* The runtime opens the CUDA driver (libcuda.so.1, or the file named by    *|
|* TFC_CUDA_DRIVER) with dlopen at first use, so a library compiled for     *|
|* CUDA still loads on a machine without one. These functions say what was  *|
|* found. Compiled CUDA models call the mgpu* functions the runtime also    *|
|* defines (docs/runtime.md); they are not part of this API.                *|
|*                                                                          *|
\*===----------------------------------------------------------------------===*/

#ifndef TFC_RUNTIME_CUDA_H
#define TFC_RUNTIME_CUDA_H

#include "tfc/runtime/base.h"
#include "tfc/runtime/tensor.h"

TFC_EXTERN_C_BEGIN

/* TFC_OK when the driver loaded, initialized and has a device; otherwise
 * TFC_UNAVAILABLE with "no CUDA device available (REASON)", REASON being
 * the loader's message or the driver's error name. */
TFC_RUNTIME_EXPORT tfc_code tfc_cuda_check_available(tfc_status *status);

/* The file the runtime opens (TFC_CUDA_DRIVER or "libcuda.so.1"). */
TFC_RUNTIME_EXPORT const char *tfc_cuda_driver_path(void);

/* The driver's CUDA version (e.g. 12040 for 12.4); -1 when not loaded. */
TFC_RUNTIME_EXPORT int32_t tfc_cuda_driver_version(void);

typedef struct tfc_cuda_device_info {
  char name[256];
  int32_t major; /* compute capability */
  int32_t minor;
  int64_t total_memory; /* bytes */
  int32_t multiprocessors;
} tfc_cuda_device_info;

/* Number of devices; 0 when the driver is unavailable. */
TFC_RUNTIME_EXPORT int32_t tfc_cuda_device_count(void);

/* Fills `info` for device `index`; INVALID_ARGUMENT for a bad index or a
 * NULL `info`, UNAVAILABLE without a driver. */
TFC_RUNTIME_EXPORT tfc_code tfc_cuda_device_get_info(int32_t index,
                                                     tfc_cuda_device_info *info,
                                                     tfc_status *status);

/* A zero-filled host tensor in page-locked memory: the GPU copies it to or
 * from the device at the link's full speed, where ordinary (pageable)
 * memory goes through the driver's staging buffer at a fraction of it. Pass
 * such tensors as inputs of CUDA model calls that copy much; the results of
 * those calls already are page-locked. tfc_tensor_destroy gives the memory
 * back to the runtime, which keeps up to 1 GiB of it for later tensors and
 * results. UNAVAILABLE without a CUDA device, RESOURCE_EXHAUSTED when the
 * driver has no page-locked memory to give. */
TFC_RUNTIME_EXPORT tfc_tensor *
tfc_cuda_tensor_create_pinned(tfc_dtype dtype, int64_t rank,
                              const int64_t *shape, tfc_status *status);

TFC_EXTERN_C_END

#endif /* TFC_RUNTIME_CUDA_H */
