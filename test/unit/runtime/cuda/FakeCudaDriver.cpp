//===- FakeCudaDriver.cpp - A CUDA 13 driver without a GPU, for tests -----===//
//
// Stands in for libcuda.so.1 of CUDA 13.0 with one sm_90 device. It exports
// every form a real CUDA 13 driver exports of each entry point the runtime
// uses (the legacy ones, the _v2/_ptsz ones, and CUDA 13's
// cuCtxSynchronize_v2 that takes a context), and it is compiled against the
// toolkit's cuda.h with the driver's own view of it
// (__CUDA_API_VERSION_INTERNAL declares every exported form), so a wrong
// signature here does not compile. cuGetProcAddress answers by the CUDA
// version asked for, as the real driver does.
//
// Host memory stands in for device memory. Modules load from fatbins,
// cubins or PTX, and the driver knows their kernels' names; kernels are not
// run, but every launch is checked (a kernel of a live module, sane
// dimensions, a live stream) and logged. What the real driver refuses, the
// fake refuses with the same error: no current context, a context that is
// not the primary one, an unknown module, function, stream or event, a
// kernel name the module lacks, a binary without code for sm_90. The
// legacy forms (32-bit pointers, cuCtxSynchronize without a context when
// asked for CUDA 13) answer CUDA_ERROR_NOT_SUPPORTED and are counted, so
// a runtime that binds the wrong form fails its tests.
//
// Built with TFC_FAKE_CUDA_NO_DEVICE, cuInit reports CUDA_ERROR_NO_DEVICE,
// as the real driver does on a machine without a GPU. TFC_FAKE_CUDA_LOG
// names a file each load and launch is appended to; TFC_FAKE_CUDA_FILL=N
// fills new device blocks with bytes of N. Tests reach the fake_cuda_*
// functions with dlsym.
//
//===----------------------------------------------------------------------===//

#define __CUDA_API_VERSION_INTERNAL 1
#include <cuda.h>

#include "FakeCudaImage.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#define FAKE extern "C" __attribute__((visibility("default")))

namespace {

constexpr int kDriverVersion = 13000;
constexpr int kDeviceArch = 90;
/// Allocations fail once this many bytes are live.
constexpr size_t kDeviceMemory = size_t(1) << 30;

struct Module {
  std::set<std::string> kernels;
};
struct Function {
  Module *module;
  std::string name;
};
struct Launch {
  std::string kernel;
  unsigned grid[3], block[3];
};
/// What a captured stream recorded, run in order when its graph launches:
/// a kernel launch, or a copy of `bytes` (a fill: `fill` of 2 or 4 bytes
/// `count` times).
struct GraphOp {
  Launch launch;
  bool isLaunch = false;
  void *dst = nullptr;
  const void *src = nullptr;
  size_t bytes = 0;
  unsigned fill = 0, fillSize = 0;
  size_t count = 0;
};
struct Graph {
  std::vector<GraphOp> ops;
};

std::mutex mutex;
bool initialized = false;
int primaryContext;
thread_local CUcontext currentContext = nullptr;
/// Live "device" blocks and their sizes.
std::map<const char *, size_t> blocks;
long long totalAllocations = 0;
size_t liveBytes = 0;
std::map<Module *, std::unique_ptr<Module>> modules;
std::map<Function *, std::unique_ptr<Function>> functions;
std::set<void *> streams, events;
std::map<const char *, size_t> registered;
/// Live page-locked host buffers, and those ever allocated.
std::set<void *> pinned;
long long pinnedAllocations = 0;
long long streamsCreated = 0;
/// Streams being captured, each into its graph; live graphs and
/// instantiated graphs; graph launches.
std::map<void *, Graph *> capturing;
std::map<Graph *, std::unique_ptr<Graph>> graphs, graphExecs;
long long graphLaunches = 0;
long long streamWaits = 0;
std::vector<Launch> launches;
long long legacyCalls = 0;
long long modulesLoaded = 0;
long long moduleLoadCalls = 0;
CUresult nextLaunchFailure = CUDA_SUCCESS;

CUcontext primary() { return reinterpret_cast<CUcontext>(&primaryContext); }

void log(const std::string &line) {
  const char *path = std::getenv("TFC_FAKE_CUDA_LOG");
  if (!path || !*path)
    return;
  if (FILE *file = std::fopen(path, "a")) {
    std::fprintf(file, "%s\n", line.c_str());
    std::fclose(file);
  }
}

CUresult checkInit() {
  return initialized ? CUDA_SUCCESS : CUDA_ERROR_NOT_INITIALIZED;
}

/// What most calls need: an initialized driver and a current context.
CUresult checkContext() {
  if (!initialized)
    return CUDA_ERROR_NOT_INITIALIZED;
  return currentContext == primary() ? CUDA_SUCCESS
                                     : CUDA_ERROR_INVALID_CONTEXT;
}

/// The legacy forms: the runtime must never bind them.
CUresult legacy() {
  std::lock_guard<std::mutex> lock(mutex);
  ++legacyCalls;
  return CUDA_ERROR_NOT_SUPPORTED;
}

/// A null stream is the default one; others must be live.
bool validStream(CUstream stream) { return !stream || streams.count(stream); }

} // namespace

// Initialization, version, errors and the device.

FAKE CUresult cuInit(unsigned int) {
#ifdef TFC_FAKE_CUDA_NO_DEVICE
  return CUDA_ERROR_NO_DEVICE;
#else
  initialized = true;
  return CUDA_SUCCESS;
#endif
}

FAKE CUresult cuDriverGetVersion(int *version) {
  if (!version)
    return CUDA_ERROR_INVALID_VALUE;
  *version = kDriverVersion;
  return CUDA_SUCCESS;
}

FAKE CUresult cuGetErrorName(CUresult error, const char **name) {
  switch (error) {
#define TFC_NAME(code)                                                         \
  case code:                                                                   \
    *name = #code;                                                             \
    return CUDA_SUCCESS;
    TFC_NAME(CUDA_SUCCESS)
    TFC_NAME(CUDA_ERROR_INVALID_VALUE)
    TFC_NAME(CUDA_ERROR_OUT_OF_MEMORY)
    TFC_NAME(CUDA_ERROR_NOT_INITIALIZED)
    TFC_NAME(CUDA_ERROR_NO_DEVICE)
    TFC_NAME(CUDA_ERROR_INVALID_IMAGE)
    TFC_NAME(CUDA_ERROR_INVALID_CONTEXT)
    TFC_NAME(CUDA_ERROR_NO_BINARY_FOR_GPU)
    TFC_NAME(CUDA_ERROR_INVALID_HANDLE)
    TFC_NAME(CUDA_ERROR_NOT_FOUND)
    TFC_NAME(CUDA_ERROR_ILLEGAL_ADDRESS)
    TFC_NAME(CUDA_ERROR_CONTEXT_IS_DESTROYED)
    TFC_NAME(CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED)
    TFC_NAME(CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED)
    TFC_NAME(CUDA_ERROR_LAUNCH_FAILED)
    TFC_NAME(CUDA_ERROR_NOT_SUPPORTED)
#undef TFC_NAME
  default:
    *name = nullptr;
    return CUDA_ERROR_INVALID_VALUE;
  }
}

FAKE CUresult cuDeviceGetCount(int *count) {
  *count = initialized ? 1 : 0;
  return checkInit();
}

FAKE CUresult cuDeviceGet(CUdevice *device, int ordinal) {
  if (CUresult result = checkInit())
    return result;
  if (ordinal != 0)
    return CUDA_ERROR_INVALID_DEVICE;
  *device = 0;
  return CUDA_SUCCESS;
}

FAKE CUresult cuDeviceGetName(char *name, int length, CUdevice device) {
  if (device != 0 || !name || length <= 0)
    return CUDA_ERROR_INVALID_VALUE;
  std::snprintf(name, static_cast<size_t>(length), "tfc fake device");
  return checkInit();
}

FAKE CUresult cuDeviceGetAttribute(int *value, CUdevice_attribute attribute,
                                   CUdevice device) {
  if (device != 0)
    return CUDA_ERROR_INVALID_DEVICE;
  switch (attribute) {
  case CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT:
    *value = 4;
    break;
  case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR:
    *value = kDeviceArch / 10;
    break;
  case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR:
    *value = kDeviceArch % 10;
    break;
  default:
    return CUDA_ERROR_INVALID_VALUE;
  }
  return checkInit();
}

FAKE CUresult cuDeviceTotalMem_v2(size_t *bytes, CUdevice device) {
  if (device != 0)
    return CUDA_ERROR_INVALID_DEVICE;
  *bytes = kDeviceMemory;
  return checkInit();
}
FAKE CUresult cuDeviceTotalMem(unsigned int *, CUdevice) { return legacy(); }

// Contexts.

FAKE CUresult cuDevicePrimaryCtxRetain(CUcontext *context, CUdevice device) {
  if (device != 0)
    return CUDA_ERROR_INVALID_DEVICE;
  *context = primary();
  return checkInit();
}

FAKE CUresult cuCtxSetCurrent(CUcontext context) {
  if (CUresult result = checkInit())
    return result;
  if (context && context != primary())
    return CUDA_ERROR_INVALID_CONTEXT;
  currentContext = context;
  return CUDA_SUCCESS;
}

/// CUDA 12's form: the calling thread's context.
FAKE CUresult cuCtxSynchronize(void) { return checkContext(); }

/// CUDA 13's form: the context given, which must be one the driver made.
FAKE CUresult cuCtxSynchronize_v2(CUcontext context) {
  if (CUresult result = checkInit())
    return result;
  if (!context)
    return checkContext();
  return context == primary() ? CUDA_SUCCESS : CUDA_ERROR_CONTEXT_IS_DESTROYED;
}

// Modules and kernels.

FAKE CUresult cuModuleLoadData(CUmodule *module, const void *image) {
  if (CUresult result = checkContext())
    return result;
  if (!module || !image)
    return CUDA_ERROR_INVALID_VALUE;
  {
    std::lock_guard<std::mutex> lock(mutex);
    ++moduleLoadCalls;
  }
  std::set<std::string> kernels;
  if (CUresult result = fake_cuda::readKernels(image, kDeviceArch, kernels))
    return result;
  auto loaded = std::make_unique<Module>();
  loaded->kernels = std::move(kernels);
  std::lock_guard<std::mutex> lock(mutex);
  *module = reinterpret_cast<CUmodule>(loaded.get());
  ++modulesLoaded;
  log("load module: " + std::to_string(loaded->kernels.size()) + " kernels");
  modules[loaded.get()] = std::move(loaded);
  return CUDA_SUCCESS;
}

FAKE CUresult cuModuleUnload(CUmodule module) {
  if (CUresult result = checkContext())
    return result;
  std::lock_guard<std::mutex> lock(mutex);
  auto it = modules.find(reinterpret_cast<Module *>(module));
  if (it == modules.end())
    return CUDA_ERROR_INVALID_HANDLE;
  for (auto f = functions.begin(); f != functions.end();)
    f = f->second->module == it->first ? functions.erase(f) : std::next(f);
  modules.erase(it);
  return CUDA_SUCCESS;
}

FAKE CUresult cuModuleGetFunction(CUfunction *function, CUmodule module,
                                  const char *name) {
  if (CUresult result = checkContext())
    return result;
  if (!function || !name)
    return CUDA_ERROR_INVALID_VALUE;
  std::lock_guard<std::mutex> lock(mutex);
  auto it = modules.find(reinterpret_cast<Module *>(module));
  if (it == modules.end())
    return CUDA_ERROR_INVALID_HANDLE;
  if (!it->second->kernels.count(name))
    return CUDA_ERROR_NOT_FOUND;
  auto made = std::make_unique<Function>(Function{it->first, name});
  *function = reinterpret_cast<CUfunction>(made.get());
  functions[made.get()] = std::move(made);
  return CUDA_SUCCESS;
}

/// A launch running: logged. Under the mutex.
static void runLaunch(const Launch &launch) {
  launches.push_back(launch);
  log("launch " + launch.kernel + " grid " + std::to_string(launch.grid[0]) +
      "x" + std::to_string(launch.grid[1]) + "x" +
      std::to_string(launch.grid[2]) + " block " +
      std::to_string(launch.block[0]) + "x" + std::to_string(launch.block[1]) +
      "x" + std::to_string(launch.block[2]));
}

static CUresult launch(CUfunction function, unsigned gx, unsigned gy,
                       unsigned gz, unsigned bx, unsigned by, unsigned bz,
                       CUstream stream, void **params) {
  if (CUresult result = checkContext())
    return result;
  std::lock_guard<std::mutex> lock(mutex);
  auto it = functions.find(reinterpret_cast<Function *>(function));
  if (it == functions.end() || !validStream(stream))
    return CUDA_ERROR_INVALID_HANDLE;
  if (!gx || !gy || !gz || !bx || !by || !bz ||
      static_cast<unsigned long long>(bx) * by * bz > 1024)
    return CUDA_ERROR_INVALID_VALUE;
  (void)params; // kernels do not run here
  if (nextLaunchFailure != CUDA_SUCCESS) {
    CUresult failure = nextLaunchFailure;
    nextLaunchFailure = CUDA_SUCCESS;
    return failure;
  }
  Launch made{it->second->name, {gx, gy, gz}, {bx, by, bz}};
  if (auto captured = capturing.find(stream); captured != capturing.end()) {
    GraphOp op;
    op.launch = made;
    op.isLaunch = true;
    captured->second->ops.push_back(op);
    return CUDA_SUCCESS;
  }
  runLaunch(made);
  return CUDA_SUCCESS;
}

FAKE CUresult cuLaunchKernel(CUfunction f, unsigned int gx, unsigned int gy,
                             unsigned int gz, unsigned int bx, unsigned int by,
                             unsigned int bz, unsigned int, CUstream stream,
                             void **params, void **) {
  return launch(f, gx, gy, gz, bx, by, bz, stream, params);
}
FAKE CUresult cuLaunchKernel_ptsz(CUfunction f, unsigned int gx,
                                  unsigned int gy, unsigned int gz,
                                  unsigned int bx, unsigned int by,
                                  unsigned int bz, unsigned int,
                                  CUstream stream, void **params, void **) {
  return launch(f, gx, gy, gz, bx, by, bz, stream, params);
}

// Streams and events.

/// A new handle in `live` (streams and events are opaque tokens here).
template <typename Handle>
static CUresult createHandle(std::set<void *> &live, Handle *handle) {
  if (CUresult result = checkContext())
    return result;
  std::lock_guard<std::mutex> lock(mutex);
  auto *made = reinterpret_cast<Handle>(new char);
  live.insert(made);
  *handle = made;
  return CUDA_SUCCESS;
}

/// Destroys a handle of `live`; unknown ones are refused.
static CUresult destroyHandle(std::set<void *> &live, void *handle) {
  if (CUresult result = checkContext())
    return result;
  std::lock_guard<std::mutex> lock(mutex);
  if (!live.erase(handle))
    return CUDA_ERROR_INVALID_HANDLE;
  delete static_cast<char *>(handle);
  return CUDA_SUCCESS;
}

FAKE CUresult cuStreamCreate(CUstream *stream, unsigned int) {
  {
    std::lock_guard<std::mutex> lock(mutex);
    ++streamsCreated;
  }
  return createHandle(streams, stream);
}
FAKE CUresult cuStreamDestroy_v2(CUstream stream) {
  return destroyHandle(streams, stream);
}
FAKE CUresult cuStreamDestroy(CUstream) { return legacy(); }

FAKE CUresult cuStreamSynchronize(CUstream stream) {
  if (CUresult result = checkContext())
    return result;
  std::lock_guard<std::mutex> lock(mutex);
  if (capturing.count(stream))
    return CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED;
  return validStream(stream) ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
}
FAKE CUresult cuStreamSynchronize_ptsz(CUstream stream) {
  return cuStreamSynchronize(stream);
}

FAKE CUresult cuStreamWaitEvent(CUstream stream, CUevent event, unsigned int) {
  if (CUresult result = checkContext())
    return result;
  std::lock_guard<std::mutex> lock(mutex);
  ++streamWaits;
  return validStream(stream) && events.count(event) ? CUDA_SUCCESS
                                                    : CUDA_ERROR_INVALID_HANDLE;
}
FAKE CUresult cuStreamWaitEvent_ptsz(CUstream stream, CUevent event,
                                     unsigned int flags) {
  return cuStreamWaitEvent(stream, event, flags);
}

FAKE CUresult cuEventCreate(CUevent *event, unsigned int) {
  return createHandle(events, event);
}
FAKE CUresult cuEventDestroy_v2(CUevent event) {
  return destroyHandle(events, event);
}
FAKE CUresult cuEventDestroy(CUevent) { return legacy(); }

FAKE CUresult cuEventSynchronize(CUevent event) {
  if (CUresult result = checkContext())
    return result;
  std::lock_guard<std::mutex> lock(mutex);
  return events.count(event) ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
}

FAKE CUresult cuEventRecord(CUevent event, CUstream stream) {
  if (CUresult result = checkContext())
    return result;
  std::lock_guard<std::mutex> lock(mutex);
  return events.count(event) && validStream(stream) ? CUDA_SUCCESS
                                                    : CUDA_ERROR_INVALID_HANDLE;
}
FAKE CUresult cuEventRecord_ptsz(CUevent event, CUstream stream) {
  return cuEventRecord(event, stream);
}

// Memory.

FAKE CUresult cuMemAlloc_v2(CUdeviceptr *ptr, size_t bytes) {
  if (CUresult result = checkContext())
    return result;
  if (!ptr || bytes == 0)
    return CUDA_ERROR_INVALID_VALUE;
  std::lock_guard<std::mutex> lock(mutex);
  if (liveBytes + bytes > kDeviceMemory)
    return CUDA_ERROR_OUT_OF_MEMORY;
  void *block = std::aligned_alloc(256, (bytes + 255) / 256 * 256);
  if (!block)
    return CUDA_ERROR_OUT_OF_MEMORY;
  // Kernels do not run here, so what they would write is what the memory
  // holds: TFC_FAKE_CUDA_FILL=N starts every block with bytes of N (N=1
  // makes every deferred assertion hold, N=0 makes them fail).
  if (const char *fill = std::getenv("TFC_FAKE_CUDA_FILL"))
    std::memset(block, std::atoi(fill), bytes);
  blocks[static_cast<const char *>(block)] = bytes;
  liveBytes += bytes;
  ++totalAllocations;
  *ptr = reinterpret_cast<CUdeviceptr>(block);
  return CUDA_SUCCESS;
}
FAKE CUresult cuMemAlloc(CUdeviceptr_v1 *, unsigned int) { return legacy(); }

FAKE CUresult cuMemAllocManaged(CUdeviceptr *ptr, size_t bytes, unsigned int) {
  return cuMemAlloc_v2(ptr, bytes);
}

FAKE CUresult cuMemFree_v2(CUdeviceptr ptr) {
  if (CUresult result = checkContext())
    return result;
  std::lock_guard<std::mutex> lock(mutex);
  auto it = blocks.find(reinterpret_cast<const char *>(ptr));
  if (it == blocks.end())
    return CUDA_ERROR_INVALID_VALUE;
  liveBytes -= it->second;
  blocks.erase(it);
  std::free(reinterpret_cast<void *>(ptr));
  return CUDA_SUCCESS;
}
FAKE CUresult cuMemFree(CUdeviceptr_v1) { return legacy(); }

static CUresult copy(CUdeviceptr dst, CUdeviceptr src, size_t bytes,
                     CUstream stream) {
  if (CUresult result = checkContext())
    return result;
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (!validStream(stream))
      return CUDA_ERROR_INVALID_HANDLE;
    if (auto captured = capturing.find(stream); captured != capturing.end()) {
      GraphOp op;
      op.dst = reinterpret_cast<void *>(dst);
      op.src = reinterpret_cast<const void *>(src);
      op.bytes = bytes;
      captured->second->ops.push_back(op);
      return CUDA_SUCCESS;
    }
  }
  std::memmove(reinterpret_cast<void *>(dst), reinterpret_cast<void *>(src),
               bytes);
  return CUDA_SUCCESS;
}

FAKE CUresult cuMemcpyAsync(CUdeviceptr dst, CUdeviceptr src, size_t bytes,
                            CUstream stream) {
  return copy(dst, src, bytes, stream);
}
FAKE CUresult cuMemcpyAsync_ptsz(CUdeviceptr dst, CUdeviceptr src, size_t bytes,
                                 CUstream stream) {
  return copy(dst, src, bytes, stream);
}

template <typename T>
static CUresult fill(CUdeviceptr dst, T value, size_t count, CUstream stream) {
  if (CUresult result = checkContext())
    return result;
  std::lock_guard<std::mutex> lock(mutex);
  if (!validStream(stream))
    return CUDA_ERROR_INVALID_HANDLE;
  if (auto captured = capturing.find(stream); captured != capturing.end()) {
    GraphOp op;
    op.dst = reinterpret_cast<void *>(dst);
    op.fill = value;
    op.fillSize = sizeof(T);
    op.count = count;
    captured->second->ops.push_back(op);
    return CUDA_SUCCESS;
  }
  auto *items = reinterpret_cast<T *>(dst);
  for (size_t i = 0; i < count; ++i)
    items[i] = value;
  return CUDA_SUCCESS;
}

FAKE CUresult cuMemsetD32Async(CUdeviceptr dst, unsigned int value,
                               size_t count, CUstream stream) {
  return fill(dst, value, count, stream);
}
FAKE CUresult cuMemsetD32Async_ptsz(CUdeviceptr dst, unsigned int value,
                                    size_t count, CUstream stream) {
  return fill(dst, value, count, stream);
}
FAKE CUresult cuMemsetD16Async(CUdeviceptr dst, unsigned short value,
                               size_t count, CUstream stream) {
  return fill(dst, value, count, stream);
}
FAKE CUresult cuMemsetD16Async_ptsz(CUdeviceptr dst, unsigned short value,
                                    size_t count, CUstream stream) {
  return fill(dst, value, count, stream);
}

FAKE CUresult cuMemHostRegister_v2(void *ptr, size_t bytes, unsigned int) {
  if (CUresult result = checkContext())
    return result;
  if (!ptr || bytes == 0)
    return CUDA_ERROR_INVALID_VALUE;
  std::lock_guard<std::mutex> lock(mutex);
  if (!registered.emplace(static_cast<const char *>(ptr), bytes).second)
    return CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED;
  return CUDA_SUCCESS;
}
FAKE CUresult cuMemHostRegister(void *, size_t, unsigned int) {
  return legacy();
}

FAKE CUresult cuMemHostUnregister(void *ptr) {
  if (CUresult result = checkContext())
    return result;
  std::lock_guard<std::mutex> lock(mutex);
  return registered.erase(static_cast<const char *>(ptr))
             ? CUDA_SUCCESS
             : CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED;
}

FAKE CUresult cuMemHostAlloc(void **ptr, size_t bytes, unsigned int) {
  if (CUresult result = checkContext())
    return result;
  if (!ptr || bytes == 0)
    return CUDA_ERROR_INVALID_VALUE;
  void *block = std::aligned_alloc(4096, (bytes + 4095) / 4096 * 4096);
  if (!block)
    return CUDA_ERROR_OUT_OF_MEMORY;
  std::lock_guard<std::mutex> lock(mutex);
  pinned.insert(block);
  ++pinnedAllocations;
  *ptr = block;
  return CUDA_SUCCESS;
}

FAKE CUresult cuMemFreeHost(void *ptr) {
  if (CUresult result = checkContext())
    return result;
  std::lock_guard<std::mutex> lock(mutex);
  if (!pinned.erase(ptr))
    return CUDA_ERROR_INVALID_VALUE;
  std::free(ptr);
  return CUDA_SUCCESS;
}

// Stream capture and graphs.

FAKE CUresult cuStreamBeginCapture_v2(CUstream stream, CUstreamCaptureMode) {
  if (CUresult result = checkContext())
    return result;
  std::lock_guard<std::mutex> lock(mutex);
  // The legacy stream cannot be captured.
  if (!stream || !streams.count(stream))
    return CUDA_ERROR_INVALID_HANDLE;
  if (capturing.count(stream))
    return CUDA_ERROR_ILLEGAL_STATE;
  auto graph = std::make_unique<Graph>();
  capturing[stream] = graph.get();
  Graph *key = graph.get();
  graphs[key] = std::move(graph);
  return CUDA_SUCCESS;
}
FAKE CUresult cuStreamBeginCapture(CUstream) { return legacy(); }

FAKE CUresult cuStreamEndCapture(CUstream stream, CUgraph *graph) {
  if (CUresult result = checkContext())
    return result;
  std::lock_guard<std::mutex> lock(mutex);
  auto it = capturing.find(stream);
  if (it == capturing.end())
    return CUDA_ERROR_ILLEGAL_STATE;
  *graph = reinterpret_cast<CUgraph>(it->second);
  capturing.erase(it);
  return CUDA_SUCCESS;
}

FAKE CUresult cuGraphInstantiateWithFlags(CUgraphExec *exec, CUgraph graph,
                                          unsigned long long) {
  if (CUresult result = checkContext())
    return result;
  std::lock_guard<std::mutex> lock(mutex);
  auto it = graphs.find(reinterpret_cast<Graph *>(graph));
  if (it == graphs.end())
    return CUDA_ERROR_INVALID_VALUE;
  auto made = std::make_unique<Graph>(*it->second);
  *exec = reinterpret_cast<CUgraphExec>(made.get());
  Graph *key = made.get();
  graphExecs[key] = std::move(made);
  return CUDA_SUCCESS;
}

FAKE CUresult cuGraphLaunch(CUgraphExec exec, CUstream stream) {
  if (CUresult result = checkContext())
    return result;
  std::lock_guard<std::mutex> lock(mutex);
  auto it = graphExecs.find(reinterpret_cast<Graph *>(exec));
  if (it == graphExecs.end() || !validStream(stream))
    return CUDA_ERROR_INVALID_HANDLE;
  ++graphLaunches;
  for (const GraphOp &op : it->second->ops) {
    if (op.isLaunch) {
      runLaunch(op.launch);
    } else if (op.fillSize == 4) {
      for (size_t i = 0; i < op.count; ++i)
        static_cast<unsigned *>(op.dst)[i] = op.fill;
    } else if (op.fillSize == 2) {
      for (size_t i = 0; i < op.count; ++i)
        static_cast<unsigned short *>(op.dst)[i] =
            static_cast<unsigned short>(op.fill);
    } else {
      std::memmove(op.dst, op.src, op.bytes);
    }
  }
  return CUDA_SUCCESS;
}
FAKE CUresult cuGraphLaunch_ptsz(CUgraphExec exec, CUstream stream) {
  return cuGraphLaunch(exec, stream);
}

FAKE CUresult cuGraphExecDestroy(CUgraphExec exec) {
  if (CUresult result = checkContext())
    return result;
  std::lock_guard<std::mutex> lock(mutex);
  return graphExecs.erase(reinterpret_cast<Graph *>(exec))
             ? CUDA_SUCCESS
             : CUDA_ERROR_INVALID_VALUE;
}

FAKE CUresult cuGraphDestroy(CUgraph graph) {
  if (CUresult result = checkContext())
    return result;
  std::lock_guard<std::mutex> lock(mutex);
  return graphs.erase(reinterpret_cast<Graph *>(graph))
             ? CUDA_SUCCESS
             : CUDA_ERROR_INVALID_VALUE;
}

// Entry points by name and version.

namespace {
/// One form of an entry point: the first CUDA version that defined it.
struct Form {
  int since;
  void *function;
  /// The per-thread default stream form, where one exists.
  void *perThread;
};

#define TFC_FN(f) reinterpret_cast<void *>(&f)
const std::map<std::string, std::vector<Form>> &entryPoints() {
  static const std::map<std::string, std::vector<Form>> table = {
      {"cuInit", {{2000, TFC_FN(cuInit), nullptr}}},
      {"cuDriverGetVersion", {{2020, TFC_FN(cuDriverGetVersion), nullptr}}},
      {"cuGetErrorName", {{6000, TFC_FN(cuGetErrorName), nullptr}}},
      {"cuDeviceGetCount", {{2000, TFC_FN(cuDeviceGetCount), nullptr}}},
      {"cuDeviceGet", {{2000, TFC_FN(cuDeviceGet), nullptr}}},
      {"cuDeviceGetName", {{2000, TFC_FN(cuDeviceGetName), nullptr}}},
      {"cuDeviceGetAttribute", {{2000, TFC_FN(cuDeviceGetAttribute), nullptr}}},
      {"cuDeviceTotalMem",
       {{2000, TFC_FN(cuDeviceTotalMem), nullptr},
        {3020, TFC_FN(cuDeviceTotalMem_v2), nullptr}}},
      {"cuDevicePrimaryCtxRetain",
       {{7000, TFC_FN(cuDevicePrimaryCtxRetain), nullptr}}},
      {"cuCtxSetCurrent", {{4000, TFC_FN(cuCtxSetCurrent), nullptr}}},
      {"cuCtxSynchronize",
       {{2000, TFC_FN(cuCtxSynchronize), nullptr},
        {13000, TFC_FN(cuCtxSynchronize_v2), nullptr}}},
      {"cuModuleLoadData", {{2000, TFC_FN(cuModuleLoadData), nullptr}}},
      {"cuModuleUnload", {{2000, TFC_FN(cuModuleUnload), nullptr}}},
      {"cuModuleGetFunction", {{2000, TFC_FN(cuModuleGetFunction), nullptr}}},
      {"cuLaunchKernel",
       {{4000, TFC_FN(cuLaunchKernel), TFC_FN(cuLaunchKernel_ptsz)}}},
      {"cuStreamCreate", {{2000, TFC_FN(cuStreamCreate), nullptr}}},
      {"cuStreamDestroy",
       {{2000, TFC_FN(cuStreamDestroy), nullptr},
        {4000, TFC_FN(cuStreamDestroy_v2), nullptr}}},
      {"cuStreamSynchronize",
       {{2000, TFC_FN(cuStreamSynchronize), TFC_FN(cuStreamSynchronize_ptsz)}}},
      {"cuStreamWaitEvent",
       {{3020, TFC_FN(cuStreamWaitEvent), TFC_FN(cuStreamWaitEvent_ptsz)}}},
      {"cuEventCreate", {{2000, TFC_FN(cuEventCreate), nullptr}}},
      {"cuEventDestroy",
       {{2000, TFC_FN(cuEventDestroy), nullptr},
        {4000, TFC_FN(cuEventDestroy_v2), nullptr}}},
      {"cuEventSynchronize", {{2000, TFC_FN(cuEventSynchronize), nullptr}}},
      {"cuEventRecord",
       {{2000, TFC_FN(cuEventRecord), TFC_FN(cuEventRecord_ptsz)}}},
      {"cuMemAlloc",
       {{2000, TFC_FN(cuMemAlloc), nullptr},
        {3020, TFC_FN(cuMemAlloc_v2), nullptr}}},
      {"cuMemAllocManaged", {{6000, TFC_FN(cuMemAllocManaged), nullptr}}},
      {"cuMemFree",
       {{2000, TFC_FN(cuMemFree), nullptr},
        {3020, TFC_FN(cuMemFree_v2), nullptr}}},
      {"cuMemcpyAsync",
       {{4000, TFC_FN(cuMemcpyAsync), TFC_FN(cuMemcpyAsync_ptsz)}}},
      {"cuMemsetD32Async",
       {{3020, TFC_FN(cuMemsetD32Async), TFC_FN(cuMemsetD32Async_ptsz)}}},
      {"cuMemsetD16Async",
       {{3020, TFC_FN(cuMemsetD16Async), TFC_FN(cuMemsetD16Async_ptsz)}}},
      {"cuMemHostRegister",
       {{4000, TFC_FN(cuMemHostRegister), nullptr},
        {6050, TFC_FN(cuMemHostRegister_v2), nullptr}}},
      {"cuMemHostUnregister", {{4000, TFC_FN(cuMemHostUnregister), nullptr}}},
      {"cuMemHostAlloc", {{2020, TFC_FN(cuMemHostAlloc), nullptr}}},
      {"cuMemFreeHost", {{2000, TFC_FN(cuMemFreeHost), nullptr}}},
      {"cuStreamBeginCapture",
       {{10000, TFC_FN(cuStreamBeginCapture), nullptr},
        {10010, TFC_FN(cuStreamBeginCapture_v2), nullptr}}},
      {"cuStreamEndCapture", {{10000, TFC_FN(cuStreamEndCapture), nullptr}}},
      {"cuGraphInstantiateWithFlags",
       {{11040, TFC_FN(cuGraphInstantiateWithFlags), nullptr}}},
      {"cuGraphLaunch",
       {{10000, TFC_FN(cuGraphLaunch), TFC_FN(cuGraphLaunch_ptsz)}}},
      {"cuGraphExecDestroy", {{10000, TFC_FN(cuGraphExecDestroy), nullptr}}},
      {"cuGraphDestroy", {{10000, TFC_FN(cuGraphDestroy), nullptr}}},
  };
  return table;
}
#undef TFC_FN

/// The names and versions the driver was asked for, in order.
std::vector<std::pair<std::string, int>> procAddressQueries;

CUresult getProcAddress(const char *symbol, void **pfn, int version,
                        cuuint64_t flags,
                        CUdriverProcAddressQueryResult *found) {
  if (!symbol || !pfn)
    return CUDA_ERROR_INVALID_VALUE;
  *pfn = nullptr;
  {
    std::lock_guard<std::mutex> lock(mutex);
    procAddressQueries.emplace_back(symbol, version);
  }
  auto setFound = [&](CUdriverProcAddressQueryResult value) {
    if (found)
      *found = value;
  };
  auto it = entryPoints().find(symbol);
  if (it == entryPoints().end()) {
    setFound(CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND);
    return CUDA_ERROR_NOT_FOUND;
  }
  // The newest form defined at or before the version asked for.
  const Form *chosen = nullptr;
  for (const Form &form : it->second)
    if (form.since <= version)
      chosen = &form;
  if (!chosen) {
    setFound(CU_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT);
    return CUDA_ERROR_NOT_FOUND;
  }
  bool perThread = flags & CU_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM;
  *pfn = perThread && chosen->perThread ? chosen->perThread : chosen->function;
  setFound(CU_GET_PROC_ADDRESS_SUCCESS);
  return CUDA_SUCCESS;
}
} // namespace

FAKE CUresult cuGetProcAddress_v2(const char *symbol, void **pfn,
                                  int cudaVersion, cuuint64_t flags,
                                  CUdriverProcAddressQueryResult *found) {
  return getProcAddress(symbol, pfn, cudaVersion, flags, found);
}

FAKE CUresult cuGetProcAddress(const char *symbol, void **pfn, int cudaVersion,
                               cuuint64_t flags) {
  return getProcAddress(symbol, pfn, cudaVersion, flags, nullptr);
}

// What tests ask the fake.

/// Whether `bytes` at `ptr` are fake device memory.
FAKE int fake_cuda_is_device_memory(const void *ptr, size_t bytes) {
  std::lock_guard<std::mutex> lock(mutex);
  const char *p = static_cast<const char *>(ptr);
  auto it = blocks.upper_bound(p);
  if (it == blocks.begin())
    return 0;
  --it;
  return p + (bytes ? bytes : 1) <= it->first + it->second;
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

/// Calls of a legacy form that a CUDA 12 runtime must never bind.
FAKE long long fake_cuda_legacy_calls() {
  std::lock_guard<std::mutex> lock(mutex);
  return legacyCalls;
}

/// Streams and events not destroyed yet.
FAKE long long fake_cuda_live_streams_and_events() {
  std::lock_guard<std::mutex> lock(mutex);
  return static_cast<long long>(streams.size() + events.size());
}

/// Streams ever created, and page-locked host buffers ever allocated.
FAKE long long fake_cuda_streams_created() {
  std::lock_guard<std::mutex> lock(mutex);
  return streamsCreated;
}
/// Waits of a stream for an event (cuStreamWaitEvent).
FAKE long long fake_cuda_stream_waits() {
  std::lock_guard<std::mutex> lock(mutex);
  return streamWaits;
}
FAKE long long fake_cuda_graph_launches() {
  std::lock_guard<std::mutex> lock(mutex);
  return graphLaunches;
}
FAKE long long fake_cuda_pinned_allocations() {
  std::lock_guard<std::mutex> lock(mutex);
  return pinnedAllocations;
}

/// Calls of cuModuleLoadData, loaded or not.
FAKE long long fake_cuda_module_load_calls() {
  std::lock_guard<std::mutex> lock(mutex);
  return moduleLoadCalls;
}

/// Modules ever loaded, and those loaded now.
FAKE long long fake_cuda_modules_loaded() {
  std::lock_guard<std::mutex> lock(mutex);
  return modulesLoaded;
}
FAKE long long fake_cuda_live_modules() {
  std::lock_guard<std::mutex> lock(mutex);
  return static_cast<long long>(modules.size());
}

/// The launches so far: how many, and the kernel of the i-th (null past
/// the end; valid until the next launch).
FAKE long long fake_cuda_launch_count() {
  std::lock_guard<std::mutex> lock(mutex);
  return static_cast<long long>(launches.size());
}
FAKE const char *fake_cuda_launch_kernel(long long i) {
  std::lock_guard<std::mutex> lock(mutex);
  if (i < 0 || i >= static_cast<long long>(launches.size()))
    return nullptr;
  return launches[static_cast<size_t>(i)].kernel.c_str();
}

/// The next launch fails with `error` (CUDA_ERROR_LAUNCH_FAILED, say).
FAKE void fake_cuda_fail_next_launch(int error) {
  std::lock_guard<std::mutex> lock(mutex);
  nextLaunchFailure = static_cast<CUresult>(error);
}

/// The CUDA version the runtime asked cuGetProcAddress for `name` (the last
/// time), or -1 when it never asked.
FAKE int fake_cuda_version_asked(const char *name) {
  std::lock_guard<std::mutex> lock(mutex);
  int version = -1;
  for (const auto &[symbol, asked] : procAddressQueries)
    if (symbol == name)
      version = asked;
  return version;
}
