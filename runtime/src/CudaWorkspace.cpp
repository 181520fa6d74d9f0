//===- CudaWorkspace.cpp - Device buffers and the per-model workspace -----===//
//
// cuMemAlloc is slow and synchronizes the device, so compiled code's device
// temporaries come from a workspace per model that keeps its blocks across
// calls: after the first call, a call allocates nothing from the driver.
//
//===----------------------------------------------------------------------===//

#include "CudaCalls.h"
#include "CudaMemory.h"

using namespace tfc::runtime;

namespace {
thread_local DeviceCallScope *currentScope = nullptr;
/// Block sizes are multiples of this (also the alignment the driver gives).
constexpr size_t kGranule = 256;
} // namespace

tfc_code tfc::runtime::deviceAllocate(size_t bytes, void **ptr,
                                      tfc_status *status) {
  *ptr = nullptr;
  if (checkCudaAvailable(status) != TFC_OK)
    return TFC_UNAVAILABLE;
  const CudaDriver &d = *cudaDriver();
  std::string message;
  if (!makeCudaContextCurrent(d, message))
    return setError(status, TFC_INTERNAL, "%s", message.c_str());
  CUdeviceptr device = 0;
  CUresult result = d.cuMemAlloc(&device, bytes ? bytes : 1);
  if (result != kCudaSuccess)
    return setError(status,
                    result == kCudaErrorOutOfMemory ? TFC_RESOURCE_EXHAUSTED
                                                    : TFC_INTERNAL,
                    "allocating %zu bytes of device memory: %s", bytes,
                    cudaErrorName(result).c_str());
  *ptr = reinterpret_cast<void *>(device);
  return TFC_OK;
}

void tfc::runtime::deviceFree(void *ptr) {
  const CudaDriver *d = cudaDriver();
  std::string message;
  if (ptr && d && makeCudaContextCurrent(*d, message))
    d->cuMemFree(reinterpret_cast<CUdeviceptr>(ptr));
}

/// Copies each of `count` regions on `stream` (null: the legacy stream),
/// then waits once for all of them (and for the stream's earlier work).
static tfc_code copyRegions(const CopyRegion *regions, size_t count,
                            const char *what, tfc_status *status,
                            CUstream stream = nullptr) {
  if (checkCudaAvailable(status) != TFC_OK)
    return TFC_UNAVAILABLE;
  const CudaDriver &d = *cudaDriver();
  std::string message;
  if (!makeCudaContextCurrent(d, message))
    return setError(status, TFC_INTERNAL, "%s", message.c_str());
  // On the legacy stream, then waiting for it: compiled code's streams are
  // non-blocking, so the copy must be complete before the call starts (or
  // the result read); cuMemcpy alone may return before its DMA finishes.
  size_t bytes = 0;
  CUresult result = kCudaSuccess;
  for (size_t i = 0; i < count && result == kCudaSuccess; ++i) {
    if (regions[i].bytes == 0)
      continue;
    bytes += regions[i].bytes;
    result = d.cuMemcpyAsync(reinterpret_cast<CUdeviceptr>(regions[i].dst),
                             reinterpret_cast<CUdeviceptr>(regions[i].src),
                             regions[i].bytes, stream);
  }
  if (bytes == 0 && !stream && result == kCudaSuccess)
    return TFC_OK;
  if (result == kCudaSuccess)
    result = d.cuStreamSynchronize(stream);
  if (result != kCudaSuccess)
    return setError(status, TFC_INTERNAL, "copying %zu bytes %s: %s", bytes,
                    what, cudaErrorName(result).c_str());
  return TFC_OK;
}

static tfc_code copy(void *dst, const void *src, size_t bytes, const char *what,
                     tfc_status *status) {
  CopyRegion region{dst, src, bytes};
  return copyRegions(&region, 1, what, status);
}

tfc_code tfc::runtime::copyRegionsToHost(const CopyRegion *regions,
                                         size_t count, tfc_status *status,
                                         CUstream stream) {
  return copyRegions(regions, count, "from the device", status, stream);
}

tfc_code tfc::runtime::copyRegionsToDevice(const CopyRegion *regions,
                                           size_t count, tfc_status *status) {
  return copyRegions(regions, count, "to the device", status);
}

tfc_code tfc::runtime::synchronizeDevice(tfc_status *status) {
  const CudaDriver *d = cudaDriver();
  if (!d)
    return checkCudaAvailable(status);
  CUresult result = d->cuCtxSynchronize();
  if (result != kCudaSuccess)
    return setError(status, TFC_INTERNAL, "waiting for the GPU: %s",
                    cudaErrorName(result).c_str());
  return TFC_OK;
}

tfc_code tfc::runtime::copyToDevice(void *device, const void *host,
                                    size_t bytes, tfc_status *status) {
  return copy(device, host, bytes, "to the device", status);
}

tfc_code tfc::runtime::copyToHost(void *host, const void *device, size_t bytes,
                                  tfc_status *status) {
  return copy(host, device, bytes, "from the device", status);
}

DeviceWorkspace::~DeviceWorkspace() {
  for (const Block &block : free)
    deviceFree(block.ptr);
}

DeviceWorkspace::Block DeviceWorkspace::take(size_t bytes) {
  size_t capacity = (bytes + kGranule - 1) / kGranule * kGranule;
  if (capacity == 0)
    capacity = kGranule;
  {
    std::lock_guard<std::mutex> lock(mutex);
    // The smallest free block that fits without wasting half of it.
    size_t best = findBestFit(free.size(), capacity,
                              [&](size_t i) { return free[i].capacity; });
    if (best != free.size()) {
      Block block = free[best];
      free.erase(free.begin() + best);
      return block;
    }
  }
  const CudaDriver *d = cudaForCall("mgpuMemAlloc");
  CUdeviceptr ptr = 0;
  if (!d || !cudaSucceeded(d->cuMemAlloc(&ptr, capacity), "mgpuMemAlloc",
                           "allocating device memory"))
    return {nullptr, 0};
  return {reinterpret_cast<void *>(ptr), capacity};
}

void DeviceWorkspace::give(const Block &block) {
  std::lock_guard<std::mutex> lock(mutex);
  free.push_back(block);
}

DeviceCallScope::DeviceCallScope(DeviceWorkspace &workspace)
    : workspace(workspace), previous(currentScope) {
  currentScope = this;
}

DeviceCallScope::~DeviceCallScope() {
  currentScope = previous;
  // Only a failed call leaves streams or events behind.
  if (!handles.empty())
    if (const CudaDriver *d = cudaDriver())
      for (auto [handle, isEvent] : handles) {
        if (isEvent)
          d->cuEventDestroy(static_cast<CUevent>(handle));
        else
          d->cuStreamDestroy(static_cast<CUstream>(handle));
      }
  for (const DeviceWorkspace::Block &block : taken)
    workspace.give(block);
}

void DeviceCallScope::created(void *handle, bool isEvent) {
  if (handle)
    handles.emplace_back(handle, isEvent);
}

void DeviceCallScope::destroyed(void *handle) {
  for (size_t i = 0; i < handles.size(); ++i)
    if (handles[i].first == handle) {
      handles[i] = handles.back();
      handles.pop_back();
      return;
    }
}

DeviceCallScope *DeviceCallScope::current() { return currentScope; }

void DeviceCallScope::beginCapture(CUstream stream,
                                   std::vector<CopyRegion> known) {
  captureStream = stream;
  knownBuffers = std::move(known);
}

static bool within(const void *ptr, size_t bytes, const void *start,
                   size_t size) {
  auto p = reinterpret_cast<uintptr_t>(ptr);
  auto s = reinterpret_cast<uintptr_t>(start);
  return p >= s && bytes <= size && p - s <= size - bytes;
}

bool DeviceCallScope::isDeviceRange(const void *ptr, size_t bytes) const {
  for (const DeviceWorkspace::Block &block : taken)
    if (within(ptr, bytes, block.ptr, block.capacity))
      return true;
  for (const CopyRegion &buffer : knownBuffers)
    if (within(ptr, bytes, buffer.dst, buffer.bytes))
      return true;
  return false;
}

void DeviceCallScope::captureUnsupported(const char *what) {
  if (!unsupportedWhat)
    unsupportedWhat = what;
}

std::vector<DeviceWorkspace::Block> DeviceCallScope::releaseBlocks() {
  std::vector<DeviceWorkspace::Block> blocks;
  blocks.swap(taken);
  return blocks;
}

void *DeviceCallScope::allocate(size_t bytes) {
  DeviceWorkspace::Block block = workspace.take(bytes);
  if (block.ptr)
    taken.push_back(block);
  return block.ptr;
}

size_t DeviceCallScope::takenBytes() const {
  size_t bytes = 0;
  for (const DeviceWorkspace::Block &block : taken)
    bytes += block.capacity;
  return bytes;
}

bool DeviceCallScope::owns(const void *ptr) const {
  for (const DeviceWorkspace::Block &block : taken)
    if (block.ptr == ptr)
      return true;
  return false;
}
