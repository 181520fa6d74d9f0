//===- FakeCudaDriver.cpp - A CUDA driver without a GPU, for tests --------===//
//
// Implements the driver entry points the runtime opens, with host memory
// standing in for device memory: allocations are aligned host blocks,
// copies are memcpy, streams and events do nothing. Modules load from any
// image, but kernels cannot run (there is no PTX interpreter), so a launch
// fails with CUDA_ERROR_NOT_SUPPORTED. Built with TFC_FAKE_CUDA_NO_DEVICE,
// cuInit reports CUDA_ERROR_NO_DEVICE, as the real driver does on a machine
// without a GPU. Tests reach the fake_cuda_* functions with dlsym.
//
//===----------------------------------------------------------------------===//

#include <cstdlib>
#include <cstring>
#include <mutex>
#include <unordered_map>

namespace {

using CUresult = int;
constexpr CUresult kSuccess = 0, kInvalidValue = 1, kOutOfMemory = 2,
                   kNotInitialized = 3, kNoDevice = 100, kInvalidContext = 201,
                   kNotSupported = 801;

std::mutex mutex;
bool initialized = false;
/// Live "device" blocks and their sizes.
std::unordered_map<const void *, size_t> blocks;
long long totalAllocations = 0;
/// Allocations fail once this many bytes are live.
constexpr size_t kDeviceMemory = size_t(1) << 30;
size_t liveBytes = 0;

int contextTag, moduleTag, functionTag, streamTag, eventTag;

/// Whether [ptr, ptr + bytes) lies in one live block.
bool inDeviceMemory(const void *ptr, size_t bytes) {
  const char *p = static_cast<const char *>(ptr);
  for (const auto &[start, size] : blocks) {
    const char *s = static_cast<const char *>(start);
    if (p >= s && p + bytes <= s + size)
      return true;
  }
  return false;
}

CUresult checkInit() { return initialized ? kSuccess : kNotInitialized; }

} // namespace

#define FAKE extern "C" __attribute__((visibility("default")))

FAKE CUresult cuInit(unsigned) {
#ifdef TFC_FAKE_CUDA_NO_DEVICE
  return kNoDevice;
#else
  initialized = true;
  return kSuccess;
#endif
}

FAKE CUresult cuDriverGetVersion(int *version) {
  *version = 12040;
  return kSuccess;
}

FAKE CUresult cuGetErrorName(CUresult error, const char **name) {
  switch (error) {
  case kSuccess:
    *name = "CUDA_SUCCESS";
    return kSuccess;
  case kInvalidValue:
    *name = "CUDA_ERROR_INVALID_VALUE";
    return kSuccess;
  case kOutOfMemory:
    *name = "CUDA_ERROR_OUT_OF_MEMORY";
    return kSuccess;
  case kNotInitialized:
    *name = "CUDA_ERROR_NOT_INITIALIZED";
    return kSuccess;
  case kNoDevice:
    *name = "CUDA_ERROR_NO_DEVICE";
    return kSuccess;
  case kInvalidContext:
    *name = "CUDA_ERROR_INVALID_CONTEXT";
    return kSuccess;
  case kNotSupported:
    *name = "CUDA_ERROR_NOT_SUPPORTED";
    return kSuccess;
  default:
    *name = nullptr;
    return kInvalidValue;
  }
}

FAKE CUresult cuDeviceGetCount(int *count) {
  *count = initialized ? 1 : 0;
  return checkInit();
}

FAKE CUresult cuDeviceGet(int *device, int ordinal) {
  if (ordinal != 0)
    return kInvalidValue;
  *device = 0;
  return checkInit();
}

FAKE CUresult cuDeviceGetName(char *name, int length, int) {
  std::strncpy(name, "tfc fake device", static_cast<size_t>(length));
  return checkInit();
}

FAKE CUresult cuDeviceGetAttribute(int *value, int attribute, int) {
  switch (attribute) {
  case 16:
    *value = 4;
    break; // multiprocessors
  case 75:
    *value = 8;
    break; // compute capability major
  case 76:
    *value = 0;
    break; // minor
  default:
    return kInvalidValue;
  }
  return checkInit();
}

FAKE CUresult cuDeviceTotalMem_v2(size_t *bytes, int) {
  *bytes = kDeviceMemory;
  return checkInit();
}

FAKE CUresult cuDevicePrimaryCtxRetain(void **context, int) {
  *context = &contextTag;
  return checkInit();
}

FAKE CUresult cuCtxSetCurrent(void *context) {
  return context == &contextTag ? checkInit() : kInvalidContext;
}

FAKE CUresult cuCtxSynchronize() { return checkInit(); }

FAKE CUresult cuModuleLoadData(void **module, const void *image) {
  if (!image)
    return kInvalidValue;
  *module = &moduleTag;
  return checkInit();
}

FAKE CUresult cuModuleUnload(void *module) {
  return module == &moduleTag ? kSuccess : kInvalidValue;
}

FAKE CUresult cuModuleGetFunction(void **function, void *module,
                                  const char *name) {
  if (module != &moduleTag || !name)
    return kInvalidValue;
  *function = &functionTag;
  return kSuccess;
}

FAKE CUresult cuLaunchKernel(void *, unsigned, unsigned, unsigned, unsigned,
                             unsigned, unsigned, unsigned, void *, void **,
                             void **) {
  return kNotSupported; // no PTX interpreter here
}

FAKE CUresult cuStreamCreate(void **stream, unsigned) {
  *stream = &streamTag;
  return checkInit();
}
FAKE CUresult cuStreamDestroy_v2(void *) { return kSuccess; }
FAKE CUresult cuStreamSynchronize(void *) { return kSuccess; }
FAKE CUresult cuStreamWaitEvent(void *, void *, unsigned) { return kSuccess; }
FAKE CUresult cuEventCreate(void **event, unsigned) {
  *event = &eventTag;
  return checkInit();
}
FAKE CUresult cuEventDestroy_v2(void *) { return kSuccess; }
FAKE CUresult cuEventSynchronize(void *) { return kSuccess; }
FAKE CUresult cuEventRecord(void *, void *) { return kSuccess; }

FAKE CUresult cuMemAlloc_v2(unsigned long long *ptr, size_t bytes) {
  if (CUresult result = checkInit())
    return result;
  std::lock_guard<std::mutex> lock(mutex);
  if (bytes == 0)
    return kInvalidValue;
  if (liveBytes + bytes > kDeviceMemory)
    return kOutOfMemory;
  void *block = std::aligned_alloc(256, (bytes + 255) / 256 * 256);
  if (!block)
    return kOutOfMemory;
  blocks[block] = bytes;
  liveBytes += bytes;
  ++totalAllocations;
  *ptr = reinterpret_cast<unsigned long long>(block);
  return kSuccess;
}

FAKE CUresult cuMemAllocManaged(unsigned long long *ptr, size_t bytes,
                                unsigned) {
  return cuMemAlloc_v2(ptr, bytes);
}

FAKE CUresult cuMemFree_v2(unsigned long long ptr) {
  std::lock_guard<std::mutex> lock(mutex);
  auto it = blocks.find(reinterpret_cast<void *>(ptr));
  if (it == blocks.end())
    return kInvalidValue;
  liveBytes -= it->second;
  blocks.erase(it);
  std::free(reinterpret_cast<void *>(ptr));
  return kSuccess;
}

FAKE CUresult cuMemcpy(unsigned long long dst, unsigned long long src,
                       size_t bytes) {
  std::memmove(reinterpret_cast<void *>(dst), reinterpret_cast<void *>(src),
               bytes);
  return checkInit();
}

FAKE CUresult cuMemcpyAsync(unsigned long long dst, unsigned long long src,
                            size_t bytes, void *) {
  return cuMemcpy(dst, src, bytes);
}

FAKE CUresult cuMemsetD32Async(unsigned long long dst, unsigned value,
                               size_t count, void *) {
  auto *words = reinterpret_cast<unsigned *>(dst);
  for (size_t i = 0; i < count; ++i)
    words[i] = value;
  return checkInit();
}

FAKE CUresult cuMemsetD16Async(unsigned long long dst, unsigned short value,
                               size_t count, void *) {
  auto *halves = reinterpret_cast<unsigned short *>(dst);
  for (size_t i = 0; i < count; ++i)
    halves[i] = value;
  return checkInit();
}

FAKE CUresult cuMemHostRegister_v2(void *, size_t, unsigned) {
  return checkInit();
}
FAKE CUresult cuMemHostUnregister(void *) { return checkInit(); }

// What tests ask the fake.

/// Whether `bytes` at `ptr` are fake device memory.
FAKE int fake_cuda_is_device_memory(const void *ptr, size_t bytes) {
  std::lock_guard<std::mutex> lock(mutex);
  return inDeviceMemory(ptr, bytes ? bytes : 1);
}

/// Live device blocks, and allocations ever made.
FAKE long long fake_cuda_live_blocks() {
  std::lock_guard<std::mutex> lock(mutex);
  return static_cast<long long>(blocks.size());
}
FAKE long long fake_cuda_total_allocations() {
  std::lock_guard<std::mutex> lock(mutex);
  return totalAllocations;
}
