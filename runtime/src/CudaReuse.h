//===- CudaReuse.h - Driver objects kept between CUDA calls -----*- C++ -*-===//
//
// What a CUDA model call would otherwise ask the driver for on every call,
// kept for the next one: streams and events (creating and destroying them
// costs more than the launches of a small graph), kernel handles, and
// page-locked host buffers for results (a fresh pageable buffer faults in
// every page while the copy runs, and the copy goes through the driver's
// own staging buffer).
//
//===----------------------------------------------------------------------===//

#ifndef TFC_RUNTIME_SRC_CUDAREUSE_H
#define TFC_RUNTIME_SRC_CUDAREUSE_H

#include "CudaDriver.h"

#include <cstddef>

namespace tfc::runtime {

/// A non-blocking stream: one a finished call gave back, or a new one.
CUresult takeStream(const CudaDriver &d, CUstream *stream);
/// Keeps `stream` for a later take (work still queued on it stays ordered
/// before whatever is queued next); destroys it when enough are kept.
CUresult giveStream(const CudaDriver &d, CUstream stream);

/// The same for events without timing.
CUresult takeEvent(const CudaDriver &d, CUevent *event);
CUresult giveEvent(const CudaDriver &d, CUevent event);

/// The kernel `name` of `module` as a lookup found it before, or null.
CUfunction cachedFunction(CUmodule module, const char *name);
void cacheFunction(CUmodule module, const char *name, CUfunction function);
/// Forgets the kernels of a module being unloaded.
void forgetModule(CUmodule module);

/// Page-locked host memory of at least `bytes` (its size in `*capacity`):
/// a buffer given back earlier, or a new one; null when the driver has
/// none to give (the caller then uses ordinary memory).
void *takePinnedHost(size_t bytes, size_t *capacity);
/// Keeps the buffer for a later take, up to a bound on what is kept idle
/// (kMaxIdlePinnedBytes); frees it beyond.
void givePinnedHost(void *ptr, size_t capacity);

/// Page-locked memory kept idle at most, over all buffers given back.
constexpr size_t kMaxIdlePinnedBytes = size_t(1) << 30;

/// The same for device memory: results a call leaves on the device
/// (TFC_CALL_OUTPUTS_ON_DEVICE). Null when the driver has none.
void *takeDeviceBuffer(size_t bytes, size_t *capacity);
void giveDeviceBuffer(void *ptr, size_t capacity);
constexpr size_t kMaxIdleDeviceBytes = size_t(1) << 30;

/// Counters for tests: page-locked buffers the driver allocated, and
/// takes served from buffers given back.
size_t pinnedHostAllocations();
size_t pinnedHostReuses();

} // namespace tfc::runtime

#endif // TFC_RUNTIME_SRC_CUDAREUSE_H
