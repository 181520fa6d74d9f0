//===- CudaReuse.cpp - Driver objects kept between CUDA calls -------------===//

#include "CudaReuse.h"
#include "CudaMemory.h"
#include "Internal.h"

#include <atomic>
#include <map>
#include <mutex>
#include <utility>
#include <vector>

using namespace tfc::runtime;

namespace {
/// Streams or events kept at most; a program with more calls in flight at
/// once creates the others and destroys them when they come back.
constexpr size_t kMaxIdleHandles = 64;
/// CU_STREAM_NON_BLOCKING: no implicit ordering with the legacy stream.
constexpr unsigned kNonBlocking = 1;
/// CU_EVENT_DISABLE_TIMING: events only order work here.
constexpr unsigned kDisableTiming = 2;
/// CU_MEMHOSTALLOC_PORTABLE: page-locked for every context.
constexpr unsigned kPortable = 1;
constexpr size_t kPage = 4096;

struct Idle {
  std::mutex mutex;
  std::vector<CUstream> streams;
  std::vector<CUevent> events;
  std::map<std::pair<CUmodule, const char *>, CUfunction> functions;
  std::vector<std::pair<void *, size_t>> pinned;
  size_t pinnedBytes = 0;
  std::vector<std::pair<void *, size_t>> device;
  size_t deviceBytes = 0;
};

// Never destroyed: tensors holding pinned buffers may outlive static
// destructors.
Idle &idle() {
  static Idle *kept = new Idle();
  return *kept;
}

std::atomic<size_t> pinnedAllocations{0};
std::atomic<size_t> pinnedReuses{0};

template <typename Handle>
bool popIdle(std::vector<Handle> &handles, Handle *handle) {
  std::lock_guard<std::mutex> lock(idle().mutex);
  if (handles.empty())
    return false;
  *handle = handles.back();
  handles.pop_back();
  return true;
}

template <typename Handle>
bool pushIdle(std::vector<Handle> &handles, Handle handle) {
  std::lock_guard<std::mutex> lock(idle().mutex);
  if (handles.size() >= kMaxIdleHandles)
    return false;
  handles.push_back(handle);
  return true;
}
} // namespace

CUresult tfc::runtime::takeStream(const CudaDriver &d, CUstream *stream) {
  if (popIdle(idle().streams, stream))
    return kCudaSuccess;
  return d.cuStreamCreate(stream, kNonBlocking);
}

CUresult tfc::runtime::giveStream(const CudaDriver &d, CUstream stream) {
  if (!stream || pushIdle(idle().streams, stream))
    return kCudaSuccess;
  return d.cuStreamDestroy(stream);
}

CUresult tfc::runtime::takeEvent(const CudaDriver &d, CUevent *event) {
  if (popIdle(idle().events, event))
    return kCudaSuccess;
  return d.cuEventCreate(event, kDisableTiming);
}

CUresult tfc::runtime::giveEvent(const CudaDriver &d, CUevent event) {
  if (!event || pushIdle(idle().events, event))
    return kCudaSuccess;
  return d.cuEventDestroy(event);
}

CUfunction tfc::runtime::cachedFunction(CUmodule module, const char *name) {
  std::lock_guard<std::mutex> lock(idle().mutex);
  auto it = idle().functions.find({module, name});
  return it == idle().functions.end() ? nullptr : it->second;
}

void tfc::runtime::cacheFunction(CUmodule module, const char *name,
                                 CUfunction function) {
  std::lock_guard<std::mutex> lock(idle().mutex);
  idle().functions[{module, name}] = function;
}

void tfc::runtime::forgetModule(CUmodule module) {
  std::lock_guard<std::mutex> lock(idle().mutex);
  auto &functions = idle().functions;
  for (auto it = functions.lower_bound({module, nullptr});
       it != functions.end() && it->first.first == module;)
    it = functions.erase(it);
}

/// The smallest buffer of `buffers` that fits `wanted` without wasting half
/// of it, taken out of the list; null when none does.
static void *takeIdle(std::vector<std::pair<void *, size_t>> &buffers,
                      size_t &idleBytes, size_t wanted, size_t *capacity) {
  size_t best = findBestFit(buffers.size(), wanted,
                            [&](size_t i) { return buffers[i].second; });
  if (best == buffers.size())
    return nullptr;
  auto [ptr, size] = buffers[best];
  buffers.erase(buffers.begin() + best);
  idleBytes -= size;
  *capacity = size;
  return ptr;
}

void *tfc::runtime::takePinnedHost(size_t bytes, size_t *capacity) {
  size_t wanted = (bytes + kPage - 1) / kPage * kPage;
  if (wanted == 0)
    wanted = kPage;
  {
    Idle &kept = idle();
    std::lock_guard<std::mutex> lock(kept.mutex);
    if (void *ptr = takeIdle(kept.pinned, kept.pinnedBytes, wanted, capacity)) {
      ++pinnedReuses;
      return ptr;
    }
  }
  const CudaDriver *d = cudaDriver();
  std::string message;
  void *ptr = nullptr;
  if (!d || !makeCudaContextCurrent(*d, message) ||
      d->cuMemHostAlloc(&ptr, wanted, kPortable) != kCudaSuccess)
    return nullptr;
  ++pinnedAllocations;
  *capacity = wanted;
  return ptr;
}

void tfc::runtime::givePinnedHost(void *ptr, size_t capacity) {
  {
    Idle &kept = idle();
    std::lock_guard<std::mutex> lock(kept.mutex);
    if (kept.pinnedBytes + capacity <= kMaxIdlePinnedBytes) {
      kept.pinned.emplace_back(ptr, capacity);
      kept.pinnedBytes += capacity;
      return;
    }
  }
  if (const CudaDriver *d = cudaDriver())
    d->cuMemFreeHost(ptr);
}

void *tfc::runtime::takeDeviceBuffer(size_t bytes, size_t *capacity) {
  size_t wanted = (bytes + 255) / 256 * 256;
  if (wanted == 0)
    wanted = 256;
  {
    Idle &kept = idle();
    std::lock_guard<std::mutex> lock(kept.mutex);
    if (void *ptr = takeIdle(kept.device, kept.deviceBytes, wanted, capacity))
      return ptr;
  }
  const CudaDriver *d = cudaDriver();
  std::string message;
  CUdeviceptr ptr = 0;
  if (!d || !makeCudaContextCurrent(*d, message) ||
      d->cuMemAlloc(&ptr, wanted) != kCudaSuccess)
    return nullptr;
  *capacity = wanted;
  return reinterpret_cast<void *>(ptr);
}

void tfc::runtime::giveDeviceBuffer(void *ptr, size_t capacity) {
  {
    Idle &kept = idle();
    std::lock_guard<std::mutex> lock(kept.mutex);
    if (kept.deviceBytes + capacity <= kMaxIdleDeviceBytes) {
      kept.device.emplace_back(ptr, capacity);
      kept.deviceBytes += capacity;
      return;
    }
  }
  deviceFree(ptr);
}

size_t tfc::runtime::pinnedHostAllocations() { return pinnedAllocations; }
size_t tfc::runtime::pinnedHostReuses() { return pinnedReuses; }
