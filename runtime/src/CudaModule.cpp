//===- CudaModule.cpp - mgpu* modules, kernels, streams and events --------===//
//
// The functions MLIR 22's gpu-to-llvm lowering calls to load the embedded
// GPU binary, look up kernels and launch them on streams, with the exact
// signatures of that lowering (docs/runtime.md lists them). Modules load
// from the compiled library's global constructors: there a failure returns
// null and is remembered; the first kernel lookup of a call then reports it.
//
//===----------------------------------------------------------------------===//

#include "CudaCalls.h"
#include "CudaFatbin.h"
#include "CudaMemory.h"
#include "CudaReuse.h"

#include <atomic>

using namespace tfc::runtime;

namespace {
std::atomic<long> moduleLoadAttempts{0};

/// Why a module did not load: the driver's error, and for a binary without
/// code for the device, which architectures it has and which the device is.
std::string describeModuleLoadFailure(const CudaDriver &d, CUresult result,
                                      const void *image, const char *kind) {
  std::string text = formatString("loading the model's GPU %s failed: %s", kind,
                                  cudaErrorName(result).c_str());
  if (result == kCudaErrorNoBinaryForGpu) {
    int major = 0, minor = 0;
    CUdevice device = 0;
    if (d.cuDeviceGet(&device, 0) == kCudaSuccess &&
        d.cuDeviceGetAttribute(&major, kAttrMajor, device) == kCudaSuccess &&
        d.cuDeviceGetAttribute(&minor, kAttrMinor, device) == kCudaSuccess)
      text += formatString(": no code for device 0 (sm_%d%d)", major, minor);
    std::string images = describeFatbinImages(image);
    if (!images.empty())
      text += "; the library holds " + images;
    text += formatString("; recompile with --cuda-arch sm_%d%d", major, minor);
  } else if (result == kCudaErrorUnsupportedPtxVersion) {
    text += formatString(": the driver (CUDA %d.%d) is older than the "
                         "toolkit that compiled the model",
                         d.version / 1000, d.version % 1000 / 10);
  }
  return text;
}

/// Loads `image` (a GPU `kind`) for mgpu* function `function`; null after
/// recording why not.
CUmodule loadModule(const char *function, const void *image, const char *kind) {
  ++moduleLoadAttempts;
  const CudaDriver *d = cudaForCall(function);
  if (!d)
    return nullptr;
  CUmodule module = nullptr;
  CUresult result = d->cuModuleLoadData(&module, image);
  if (result == kCudaSuccess)
    return module;
  recordCudaFailure(TFC_UNAVAILABLE,
                    describeModuleLoadFailure(*d, result, image, kind));
  return nullptr;
}

/// Whether the call on this thread is being captured into a CUDA graph.
bool isCapturing() {
  DeviceCallScope *scope = DeviceCallScope::current();
  return scope && scope->capturing();
}

/// Why a kernel's module is null.
std::string moduleLoadFailure() {
  if (moduleLoadAttempts == 0)
    return "the model's GPU module was never loaded: the library's "
           "constructors did not run";
  std::string failure = lastCudaLoadFailure();
  if (failure.empty())
    return "the model's GPU module did not load";
  return failure;
}
} // namespace

extern "C" {

// The frames below hold no objects with destructors: they may unwind.

TFC_RUNTIME_EXPORT CUmodule mgpuModuleLoad(void *data, int64_t size) {
  (void)size; // cubins and fatbins carry their own size
  CUmodule module = loadModule("mgpuModuleLoad", data, "binary");
  unwindIfCallFailed();
  return module;
}

/// PTX text, compiled by the driver for the device at hand. The driver picks
/// its own optimization level.
TFC_RUNTIME_EXPORT CUmodule mgpuModuleLoadJIT(void *data, int32_t optLevel) {
  (void)optLevel;
  CUmodule module = loadModule("mgpuModuleLoadJIT", data, "PTX");
  unwindIfCallFailed();
  return module;
}

TFC_RUNTIME_EXPORT void mgpuModuleUnload(CUmodule module) {
  // Runs from global destructors; a module that never loaded is null.
  if (!module)
    return;
  forgetModule(module);
  if (const CudaDriver *d = cudaDriver())
    d->cuModuleUnload(module);
}

TFC_RUNTIME_EXPORT CUfunction mgpuModuleGetFunction(CUmodule module,
                                                    const char *name) {
  CUfunction function = nullptr;
  if (!module) {
    recordCudaFailure(TFC_UNAVAILABLE, "kernel '" +
                                           std::string(name ? name : "?") +
                                           "': " + moduleLoadFailure());
  } else if ((function = cachedFunction(module, name))) {
    // Looked up by an earlier call: `name` is the library's constant.
  } else if (const CudaDriver *d = cudaForCall("mgpuModuleGetFunction")) {
    if (cudaSucceeded(d->cuModuleGetFunction(&function, module, name),
                      "mgpuModuleGetFunction", name))
      cacheFunction(module, name, function);
    else
      function = nullptr;
  }
  unwindIfCallFailed();
  return function;
}

TFC_RUNTIME_EXPORT void mgpuLaunchKernel(CUfunction function, intptr_t gridX,
                                         intptr_t gridY, intptr_t gridZ,
                                         intptr_t blockX, intptr_t blockY,
                                         intptr_t blockZ, int32_t smem,
                                         CUstream stream, void **params,
                                         void **extra, size_t paramsCount) {
  (void)paramsCount;
  if (DeviceCallScope *scope = DeviceCallScope::current();
      scope && scope->capturing())
    stream = scope->capturing();
  if (const CudaDriver *d = cudaForCall("mgpuLaunchKernel"))
    cudaSucceeded(d->cuLaunchKernel(function, gridX, gridY, gridZ, blockX,
                                    blockY, blockZ, smem, stream, params,
                                    extra),
                  "mgpuLaunchKernel", "launching a kernel");
  unwindIfCallFailed();
}

TFC_RUNTIME_EXPORT CUstream mgpuStreamCreate() {
  if (DeviceCallScope *scope = DeviceCallScope::current();
      scope && scope->capturing())
    return scope->capturing();
  CUstream stream = nullptr;
  if (const CudaDriver *d = cudaForCall("mgpuStreamCreate"))
    if (cudaSucceeded(takeStream(*d, &stream), "mgpuStreamCreate",
                      "creating a stream"))
      if (DeviceCallScope *scope = DeviceCallScope::current();
          scope && scope->waitsFor())
        cudaSucceeded(d->cuStreamWaitEvent(stream, scope->waitsFor(), 0),
                      "mgpuStreamCreate", "waiting for the caller's stream");
  if (DeviceCallScope *scope = DeviceCallScope::current())
    scope->created(stream, /*isEvent=*/false);
  unwindIfCallFailed();
  return stream;
}

TFC_RUNTIME_EXPORT void mgpuStreamDestroy(CUstream stream) {
  DeviceCallScope *scope = DeviceCallScope::current();
  if (scope && scope->capturing())
    return;
  if (scope)
    scope->destroyed(stream);
  if (const CudaDriver *d = cudaForCall("mgpuStreamDestroy"))
    cudaSucceeded(giveStream(*d, stream), "mgpuStreamDestroy",
                  "destroying a stream");
  unwindIfCallFailed();
}

TFC_RUNTIME_EXPORT void mgpuStreamSynchronize(CUstream stream) {
  // A capture runs nothing: there is nothing to wait for.
  if (isCapturing())
    return;
  // Asynchronous kernel failures surface here.
  if (const CudaDriver *d = cudaForCall("mgpuStreamSynchronize"))
    cudaSucceeded(d->cuStreamSynchronize(stream), "mgpuStreamSynchronize",
                  "waiting for the GPU");
  unwindIfCallFailed();
}

TFC_RUNTIME_EXPORT void mgpuStreamWaitEvent(CUstream stream, CUevent event) {
  // A captured call has one stream: its work is ordered already.
  if (isCapturing())
    return;
  if (const CudaDriver *d = cudaForCall("mgpuStreamWaitEvent"))
    cudaSucceeded(d->cuStreamWaitEvent(stream, event, 0), "mgpuStreamWaitEvent",
                  "ordering streams");
  unwindIfCallFailed();
}

TFC_RUNTIME_EXPORT CUevent mgpuEventCreate() {
  CUevent event = nullptr;
  if (const CudaDriver *d = cudaForCall("mgpuEventCreate"))
    cudaSucceeded(takeEvent(*d, &event), "mgpuEventCreate",
                  "creating an event");
  if (DeviceCallScope *scope = DeviceCallScope::current())
    scope->created(event, /*isEvent=*/true);
  unwindIfCallFailed();
  return event;
}

TFC_RUNTIME_EXPORT void mgpuEventDestroy(CUevent event) {
  if (DeviceCallScope *scope = DeviceCallScope::current())
    scope->destroyed(event);
  if (const CudaDriver *d = cudaForCall("mgpuEventDestroy"))
    cudaSucceeded(giveEvent(*d, event), "mgpuEventDestroy",
                  "destroying an event");
  unwindIfCallFailed();
}

TFC_RUNTIME_EXPORT void mgpuEventSynchronize(CUevent event) {
  if (isCapturing())
    return;
  if (const CudaDriver *d = cudaForCall("mgpuEventSynchronize"))
    cudaSucceeded(d->cuEventSynchronize(event), "mgpuEventSynchronize",
                  "waiting for the GPU");
  unwindIfCallFailed();
}

TFC_RUNTIME_EXPORT void mgpuEventRecord(CUevent event, CUstream stream) {
  if (isCapturing())
    return;
  if (const CudaDriver *d = cudaForCall("mgpuEventRecord"))
    cudaSucceeded(d->cuEventRecord(event, stream), "mgpuEventRecord",
                  "recording an event");
  unwindIfCallFailed();
}

/// Only device 0 is used; the lowering calls this when a module sets one.
TFC_RUNTIME_EXPORT void mgpuSetDefaultDevice(int32_t device) {
  if (device != 0)
    recordCudaFailure(TFC_UNIMPLEMENTED,
                      formatString("mgpuSetDefaultDevice(%d): only device 0 "
                                   "is supported",
                                   device));
  unwindIfCallFailed();
}

} // extern "C"
