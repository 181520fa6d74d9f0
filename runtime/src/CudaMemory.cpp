//===- CudaMemory.cpp - mgpu* memory functions ----------------------------===//
//
// Allocation, copies and fills as MLIR 22's gpu-to-llvm lowering calls them.
// Inside a model call, allocations come from the model's device workspace
// and freeing them waits for the end of the call; outside one (or for
// host-shared memory) they go to the driver.
//
//===----------------------------------------------------------------------===//

#include "CudaMemory.h"
#include "CudaCalls.h"
#include "MemRef.h"

using namespace tfc::runtime;

static CUdeviceptr devicePointer(const void *ptr) {
  return reinterpret_cast<CUdeviceptr>(ptr);
}

/// The bytes a memref descriptor spans from its aligned pointer.
static void memRefSpan(int64_t rank, void *descriptor, int64_t elementSize,
                       char *&start, size_t &bytes) {
  StridedView view = viewOfDescriptor(descriptor, rank, elementSize);
  int64_t last = 0;
  for (int64_t dim = 0; dim < rank; ++dim) {
    if (view.sizes[dim] == 0) {
      last = -1;
      break;
    }
    last += (view.sizes[dim] - 1) * view.strides[dim];
  }
  start = view.data;
  bytes = static_cast<size_t>((last + 1) * elementSize);
}

/// The scope of a call being captured into a CUDA graph, or null.
static DeviceCallScope *capturingScope() {
  DeviceCallScope *scope = DeviceCallScope::current();
  return scope && scope->capturing() ? scope : nullptr;
}

/// Ends a capture that met `what`, which a graph cannot hold: the call
/// unwinds, and the runtime runs it again without a capture.
static void abandonCapture(DeviceCallScope &scope, const char *what) {
  scope.captureUnsupported(what);
  recordCudaFailure(TFC_INTERNAL,
                    formatString("a CUDA graph cannot hold %s", what));
}

extern "C" {

// The frames below hold no objects with destructors: they may unwind.

TFC_RUNTIME_EXPORT void *mgpuMemAlloc(uint64_t bytes, CUstream stream,
                                      bool isHostShared) {
  (void)stream; // cuMemAlloc is synchronous
  void *ptr = nullptr;
  DeviceCallScope *scope = DeviceCallScope::current();
  if (scope && !isHostShared) {
    ptr = scope->allocate(bytes);
  } else if (DeviceCallScope *capture = capturingScope()) {
    abandonCapture(*capture, "host-shared memory");
  } else if (const CudaDriver *d = cudaForCall("mgpuMemAlloc")) {
    CUdeviceptr device = 0;
    // CU_MEM_ATTACH_GLOBAL for memory the host also reads.
    CUresult result = isHostShared
                          ? d->cuMemAllocManaged(&device, bytes ? bytes : 1, 1)
                          : d->cuMemAlloc(&device, bytes ? bytes : 1);
    if (cudaSucceeded(result, "mgpuMemAlloc", "allocating device memory"))
      ptr = reinterpret_cast<void *>(device);
  }
  unwindIfCallFailed();
  return ptr;
}

TFC_RUNTIME_EXPORT void mgpuMemFree(void *ptr, CUstream stream) {
  (void)stream;
  DeviceCallScope *scope = DeviceCallScope::current();
  // A workspace block stays the call's until the call ends.
  if (!ptr || (scope && scope->owns(ptr)))
    return;
  if (DeviceCallScope *capture = capturingScope())
    abandonCapture(*capture, "a free of memory the call did not allocate");
  else if (const CudaDriver *d = cudaForCall("mgpuMemFree"))
    cudaSucceeded(d->cuMemFree(devicePointer(ptr)), "mgpuMemFree",
                  "freeing device memory");
  unwindIfCallFailed();
}

TFC_RUNTIME_EXPORT void mgpuMemcpy(void *dst, void *src, size_t bytes,
                                   CUstream stream) {
  if (DeviceCallScope *capture = capturingScope()) {
    // Host code reading device memory (a loop's condition, say) needs the
    // value now, and a capture computes nothing.
    if (!capture->isDeviceRange(dst, bytes) ||
        !capture->isDeviceRange(src, bytes)) {
      abandonCapture(*capture, "a copy to or from host memory");
      unwindIfCallFailed();
      return;
    }
    stream = capture->capturing();
  }
  if (const CudaDriver *d = cudaForCall("mgpuMemcpy"))
    cudaSucceeded(
        d->cuMemcpyAsync(devicePointer(dst), devicePointer(src), bytes, stream),
        "mgpuMemcpy", "copying memory");
  unwindIfCallFailed();
}

/// The stream a fill goes to: the capture's while there is one.
static CUstream fillStream(CUstream stream) {
  DeviceCallScope *capture = capturingScope();
  return capture ? capture->capturing() : stream;
}

TFC_RUNTIME_EXPORT void mgpuMemset32(void *dst, unsigned value, size_t count,
                                     CUstream stream) {
  if (const CudaDriver *d = cudaForCall("mgpuMemset32"))
    cudaSucceeded(d->cuMemsetD32Async(devicePointer(dst), value, count,
                                      fillStream(stream)),
                  "mgpuMemset32", "filling device memory");
  unwindIfCallFailed();
}

TFC_RUNTIME_EXPORT void mgpuMemset16(void *dst, unsigned short value,
                                     size_t count, CUstream stream) {
  if (const CudaDriver *d = cudaForCall("mgpuMemset16"))
    cudaSucceeded(d->cuMemsetD16Async(devicePointer(dst), value, count,
                                      fillStream(stream)),
                  "mgpuMemset16", "filling device memory");
  unwindIfCallFailed();
}

TFC_RUNTIME_EXPORT void mgpuMemHostRegister(void *ptr, uint64_t bytes) {
  if (DeviceCallScope *capture = capturingScope())
    abandonCapture(*capture, "registered host memory");
  else if (const CudaDriver *d = cudaForCall("mgpuMemHostRegister"))
    // CU_MEMHOSTREGISTER_PORTABLE.
    cudaSucceeded(d->cuMemHostRegister(ptr, bytes, 1), "mgpuMemHostRegister",
                  "registering host memory");
  unwindIfCallFailed();
}

TFC_RUNTIME_EXPORT void mgpuMemHostUnregister(void *ptr) {
  if (const CudaDriver *d = cudaForCall("mgpuMemHostUnregister"))
    cudaSucceeded(d->cuMemHostUnregister(ptr), "mgpuMemHostUnregister",
                  "unregistering host memory");
  unwindIfCallFailed();
}

/// `descriptor` is a ranked memref descriptor of `rank` dimensions.
TFC_RUNTIME_EXPORT void
mgpuMemHostRegisterMemRef(int64_t rank, void *descriptor, int64_t elementSize) {
  char *start = nullptr;
  size_t bytes = 0;
  memRefSpan(rank, descriptor, elementSize, start, bytes);
  if (bytes > 0)
    mgpuMemHostRegister(start, bytes);
}

TFC_RUNTIME_EXPORT void mgpuMemHostUnregisterMemRef(int64_t rank,
                                                    void *descriptor,
                                                    int64_t elementSize) {
  char *start = nullptr;
  size_t bytes = 0;
  memRefSpan(rank, descriptor, elementSize, start, bytes);
  if (bytes > 0)
    mgpuMemHostUnregister(start);
}

} // extern "C"
