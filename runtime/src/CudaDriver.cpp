//===- CudaDriver.cpp - Opening the CUDA driver ---------------------------===//
//
// Loads the driver once (dlopen + dlsym), initializes it and retains the
// primary context of device 0. Any failure on the way leaves the driver
// unusable with the reason recorded; nothing here prints or aborts, because
// the first use may be a compiled model's global constructor at dlopen time.
//
//===----------------------------------------------------------------------===//

#include "CudaDriver.h"

#include <cstdlib>
#include <dlfcn.h>

using namespace tfc::runtime;

namespace {

struct LoadedDriver {
  CudaDriver driver{};
  bool usable = false;
  std::string reason;
  std::string path;
};

/// Looks up `name` (and its _v2 variant first, the current ABI of the
/// functions that have one) into `slot`; false when missing.
template <typename Fn>
bool bind(void *handle, const char *name, Fn &slot, std::string &reason) {
  std::string versioned = std::string(name) + "_v2";
  void *symbol = dlsym(handle, versioned.c_str());
  if (!symbol)
    symbol = dlsym(handle, name);
  if (!symbol) {
    reason = formatString("the driver has no %s", name);
    return false;
  }
  slot = reinterpret_cast<Fn>(symbol);
  return true;
}

bool bindAll(void *handle, CudaDriver &d, std::string &reason) {
#define TFC_BIND(name)                                                         \
  if (!bind(handle, #name, d.name, reason))                                    \
    return false;
  TFC_BIND(cuInit)
  TFC_BIND(cuDriverGetVersion)
  TFC_BIND(cuGetErrorName)
  TFC_BIND(cuDeviceGetCount)
  TFC_BIND(cuDeviceGet)
  TFC_BIND(cuDeviceGetName)
  TFC_BIND(cuDeviceGetAttribute)
  TFC_BIND(cuDeviceTotalMem)
  TFC_BIND(cuDevicePrimaryCtxRetain)
  TFC_BIND(cuCtxSetCurrent)
  TFC_BIND(cuCtxSynchronize)
  TFC_BIND(cuModuleLoadData)
  TFC_BIND(cuModuleUnload)
  TFC_BIND(cuModuleGetFunction)
  TFC_BIND(cuLaunchKernel)
  TFC_BIND(cuStreamCreate)
  TFC_BIND(cuStreamDestroy)
  TFC_BIND(cuStreamSynchronize)
  TFC_BIND(cuStreamWaitEvent)
  TFC_BIND(cuEventCreate)
  TFC_BIND(cuEventDestroy)
  TFC_BIND(cuEventSynchronize)
  TFC_BIND(cuEventRecord)
  TFC_BIND(cuMemAlloc)
  TFC_BIND(cuMemAllocManaged)
  TFC_BIND(cuMemFree)
  TFC_BIND(cuMemcpyAsync)
  TFC_BIND(cuMemsetD32Async)
  TFC_BIND(cuMemsetD16Async)
  TFC_BIND(cuMemHostRegister)
  TFC_BIND(cuMemHostUnregister)
#undef TFC_BIND
  return true;
}

/// The error name through a driver whose cuGetErrorName is bound.
std::string errorName(const CudaDriver &d, CUresult result) {
  const char *name = nullptr;
  if (d.cuGetErrorName && d.cuGetErrorName(result, &name) == kCudaSuccess &&
      name)
    return name;
  return formatString("CUDA error %d", result);
}

void load(LoadedDriver &loaded) {
  const char *configured = std::getenv("TFC_CUDA_DRIVER");
  loaded.path = configured && *configured ? configured : "libcuda.so.1";
  void *handle = dlopen(loaded.path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *error = dlerror();
    loaded.reason = error ? error : loaded.path + ": cannot be opened";
    return;
  }
  // The handle stays open for the life of the process: compiled models'
  // destructors may still unload modules at exit.
  CudaDriver &d = loaded.driver;
  if (!bindAll(handle, d, loaded.reason))
    return;
  CUresult result = d.cuInit(0);
  if (result != kCudaSuccess) {
    loaded.reason = "cuInit: " + errorName(d, result);
    return;
  }
  d.cuDriverGetVersion(&d.version);
  result = d.cuDeviceGetCount(&d.deviceCount);
  if (result != kCudaSuccess) {
    loaded.reason = "cuDeviceGetCount: " + errorName(d, result);
    return;
  }
  if (d.deviceCount < 1) {
    loaded.reason = "the driver reports no device";
    return;
  }
  CUdevice device = 0;
  result = d.cuDeviceGet(&device, 0);
  if (result == kCudaSuccess)
    result = d.cuDevicePrimaryCtxRetain(&d.context, device);
  if (result != kCudaSuccess) {
    loaded.reason = "device 0: " + errorName(d, result);
    return;
  }
  loaded.usable = true;
}

/// Never destroyed: compiled models may use the driver from destructors.
const LoadedDriver &loadedDriver() {
  static const LoadedDriver *instance = [] {
    auto *loaded = new LoadedDriver();
    load(*loaded);
    return loaded;
  }();
  return *instance;
}

} // namespace

const CudaDriver *tfc::runtime::cudaDriver() {
  const LoadedDriver &loaded = loadedDriver();
  return loaded.usable ? &loaded.driver : nullptr;
}

const std::string &tfc::runtime::cudaUnavailableReason() {
  return loadedDriver().reason;
}

const char *tfc::runtime::cudaDriverPath() {
  return loadedDriver().path.c_str();
}

std::string tfc::runtime::cudaErrorName(CUresult result) {
  return errorName(loadedDriver().driver, result);
}

tfc_code tfc::runtime::checkCudaAvailable(tfc_status *status) {
  if (cudaDriver())
    return TFC_OK;
  return setError(status, TFC_UNAVAILABLE, "no CUDA device available (%s)",
                  cudaUnavailableReason().c_str());
}

bool tfc::runtime::makeCudaContextCurrent(const CudaDriver &driver,
                                          std::string &message) {
  // The context only changes when a thread sets another one; compiled code
  // and the runtime never do, so once per thread is enough.
  thread_local bool current = false;
  if (current)
    return true;
  CUresult result = driver.cuCtxSetCurrent(driver.context);
  if (result != kCudaSuccess) {
    message = "cuCtxSetCurrent: " + cudaErrorName(result);
    return false;
  }
  current = true;
  return true;
}
