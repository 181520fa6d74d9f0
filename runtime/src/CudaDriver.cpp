//===- CudaDriver.cpp - Opening the CUDA driver ---------------------------===//
//
// Loads the driver once (dlopen, then cuGetProcAddress for the entry points
// in the form of CUDA kCudaApiVersion), initializes it and retains the
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

// cuGetProcAddress's signatures: CUDA 12.0 added the last argument and
// exports the new form as cuGetProcAddress_v2.
using GetProcAddressV2 = CUresult (*)(const char *, void **, int,
                                      unsigned long long, int *);
using GetProcAddressV1 = CUresult (*)(const char *, void **, int,
                                      unsigned long long);
/// CU_GET_PROC_ADDRESS_LEGACY_STREAM: the forms where stream 0 is the legacy
/// default stream, which the runtime's copies synchronize with.
constexpr unsigned long long kLegacyStream = 1;

/// Finds the entry points of one driver, in the form of CUDA
/// `kCudaApiVersion`.
class EntryPointFinder {
public:
  explicit EntryPointFinder(void *handle) : handle(handle) {
    getV2 = reinterpret_cast<GetProcAddressV2>(
        dlsym(handle, "cuGetProcAddress_v2"));
    if (!getV2)
      getV1 =
          reinterpret_cast<GetProcAddressV1>(dlsym(handle, "cuGetProcAddress"));
    // Unversioned since CUDA 2.2: safe to take before anything else, so
    // that every later message can name the driver's version.
    auto getVersion = reinterpret_cast<CUresult (*)(int *)>(
        dlsym(handle, "cuDriverGetVersion"));
    if (!getVersion || getVersion(&version) != kCudaSuccess)
      version = -1;
  }

  /// The driver's CUDA version as "13.0", or "unknown".
  std::string versionText() const {
    if (version < 0)
      return "unknown";
    return formatString("%d.%d", version / 1000, version % 1000 / 10);
  }

  /// Binds `slot` to `name`, the form of kCudaApiVersion; `legacySymbol` is
  /// that form's exported name, used only without cuGetProcAddress.
  template <typename Fn>
  bool bind(const char *name, const char *legacySymbol, Fn &slot,
            std::string &reason) {
    void *symbol = nullptr;
    CUresult result = kCudaSuccess;
    if (getV2) {
      int found = 0;
      result = getV2(name, &symbol, kCudaApiVersion, kLegacyStream, &found);
    } else if (getV1) {
      result = getV1(name, &symbol, kCudaApiVersion, kLegacyStream);
    } else {
      symbol = dlsym(handle, legacySymbol);
    }
    if (result != kCudaSuccess || !symbol) {
      reason = formatString(
          "the CUDA driver (version %s) has no entry point %s for CUDA "
          "%d.%d",
          versionText().c_str(), getV2 || getV1 ? name : legacySymbol,
          kCudaApiVersion / 1000, kCudaApiVersion % 1000 / 10);
      if (result != kCudaSuccess)
        reason += formatString(" (cuGetProcAddress: error %d)", result);
      return false;
    }
    slot = reinterpret_cast<Fn>(symbol);
    return true;
  }

private:
  void *handle;
  GetProcAddressV2 getV2 = nullptr;
  GetProcAddressV1 getV1 = nullptr;
  int version = -1;
};

bool bindAll(void *handle, CudaDriver &d, std::string &reason) {
  EntryPointFinder finder(handle);
#define TFC_BIND(name, legacySymbol)                                           \
  if (!finder.bind(#name, #legacySymbol, d.name, reason))                      \
    return false;
  TFC_CUDA_ENTRY_POINTS(TFC_BIND)
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
